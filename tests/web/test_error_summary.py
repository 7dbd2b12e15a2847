"""A refused form says everything to fix at once, at the top, each line leading to its field."""

from __future__ import annotations

import re

from tests.conftest import Browser
from tests.web.test_match_flow import LAYOUTS, cells, start_dracula, start_evening


def test_a_refused_deal_lists_every_field_in_error_with_a_link(browser: Browser) -> None:
    match = start_dracula(browser, start_evening(browser))
    layout = cells(LAYOUTS[0])
    layout.update({"r1c1": "XX", "r2c2": ""})
    response = browser.submit(f"{match}/deals/new", layout)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = re.search(
        r'<div class="alert error-summary" role="alert" tabindex="-1" data-error-summary>(.*?)</div>', html, re.S
    )
    assert summary, html
    links = re.findall(r'<a href="#([\w-]+)">', summary.group(1))
    assert links and all(f'id="{anchor}"' in html for anchor in links)
    assert re.search(r"Not saved: \d+ things? to fix", summary.group(1))


def test_the_summary_in_japanese(browser: Browser) -> None:
    match = start_dracula(browser, start_evening(browser))
    layout = cells(LAYOUTS[0])
    layout["r1c1"] = "XX"
    browser.get(f"{match}/deals/new")
    response = browser.client.post(
        f"{match}/deals/new", data={**layout, "csrf_token": browser.token}, headers={"Accept-Language": "ja"}
    )
    assert "保存していません" in response.get_data(as_text=True)
