"""A follower's sheet is rendered once per version for all followers, and is never stale or an editor's.

A room of phones reloads the sheet after every deal (static/js/live.js): the page they get holds
nothing of its reader, so it is rendered once per version and tag and kept for the next follower.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from referee.web import sheets
from tests.conftest import Browser
from tests.web.test_scoring_once import ORDERS, editor_token, new_match, zhengfen_form


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates the sheet pages render, in order."""
    seen: list[str] = []
    original = sheets.render_template

    def counting(template: str, **context: Any) -> str:
        seen.append(template)
        return original(template, **context)

    monkeypatch.setattr(sheets, "render_template", counting)
    return seen


def test_followers_share_one_rendering_per_version(app: Flask, browser: Browser, renders: list[str]) -> None:
    code, match_id = new_match(app)
    sheet = f"/e/{code}/matches/{match_id}"
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    followers = [app.test_client() for _ in range(5)]
    shown: list[str] = []
    for number, order in enumerate(ORDERS[:2], start=1):
        assert browser.submit(f"{sheet}/deals/new", zhengfen_form(order, number=number)).status_code == 302
        renders.clear()
        pages = [follower.get(sheet) for follower in followers]
        assert renders == ["match.html"]
        assert {page.get_data(as_text=True) for page in pages} == {pages[0].get_data(as_text=True)}
        assert f"Undo deal {number}" not in pages[0].get_data(as_text=True)
        assert re.search(r'data-live-version="\d+"', pages[0].get_data(as_text=True))
        shown.append(pages[0].get_data(as_text=True))
        # The editor's own page is rendered for the editor, with the editor's buttons.
        assert f"Undo deal {number}" in browser.get(sheet).get_data(as_text=True)
        assert renders == ["match.html", "match.html"]
    assert shown[0] != shown[1]


def test_each_language_and_each_deal_page_is_its_own(app: Flask, browser: Browser, renders: list[str]) -> None:
    code, match_id = new_match(app)
    sheet = f"/e/{code}/matches/{match_id}"
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    assert browser.submit(f"{sheet}/deals/new", zhengfen_form(ORDERS[0], number=1)).status_code == 302
    follower = app.test_client()
    renders.clear()
    english = follower.get(sheet).get_data(as_text=True)
    japanese = follower.get(sheet, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    workings = follower.get(f"{sheet}/deals/1").get_data(as_text=True)
    assert renders == ["match.html", "match.html", "deal.html"]
    assert english != japanese and 'lang="ja"' in japanese
    assert follower.get(sheet, headers={"Accept-Language": "ja"}).get_data(as_text=True) == japanese
    assert follower.get(f"{sheet}/deals/1").get_data(as_text=True) == workings
    assert renders == ["match.html", "match.html", "deal.html"]
