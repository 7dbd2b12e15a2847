"""The history says in words what each change did, whose phone made it, and when."""

from __future__ import annotations

import re

from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells, rescoring_swap
from tests.support.table import Table


def test_a_correction_says_what_changed_who_and_the_points(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", {**cells(LAYOUTS[0]), "device": "Ann's phone"}).status_code == 302
    corrected = rescoring_swap(LAYOUTS[0])
    form = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    assert browser.submit(f"{match}/deals/1/edit", {**cells(corrected), "version": version}).status_code == 302
    page = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Deal 1 corrected" in page and "Deal 1 entered" in page
    assert page.count("by Ann&#39;s phone") == 2  # the name given once is kept for the next change
    assert re.search(r"<li>row \d: <span class=\"card", page)
    assert re.search(r"Points of the deal: (Ann|Bob) \d+ → \d+", page)
    assert re.search(r"Points of the deal: Ann \d+; Bob \d+", page)
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" data-local>', page)
    assert "{&#34;" not in page and '{"layout"' not in page  # no raw JSON


def test_history_in_japanese(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    page = browser.get(f"{match}/history", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "履歴" in page
