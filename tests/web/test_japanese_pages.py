"""The Japanese pages beside the sweep of every page (tests/web/test_japanese_everywhere.py): the shared
pages' catalog is complete, the English pages keep their words, the home screen names the app in
Japanese, and the sheet says who deals in a Japanese sentence."""

from __future__ import annotations

import html
import re

import pytest

from referee.catalogs import tooling
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, cells
from tests.support.english import english_left
from tests.support.pages import JA, visible_words

PLAYERS = ["Ann", "Bob", "Cat"]

def japanese(browser: Browser, url: str) -> str:
    response = browser.get(url, headers=JA)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def post_japanese(browser: Browser, url: str, data: dict[str, str]):  # type: ignore[no-untyped-def]
    browser.get(url, headers=JA)
    return browser.client.post(url, data={**data, "csrf_token": browser.token}, headers=JA)


@pytest.fixture
def begun(browser: Browser) -> str:
    """A Dracula match begun in Japanese (a deal on it): the path of its sheet."""
    started = post_japanese(browser, "/", {"name": "金曜日", "players": "\n".join(PLAYERS)})
    assert started.status_code == 302
    data = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann", "opt_first_dealer_role": "queen"}
    match = post_japanese(browser, f"{started.headers['Location']}/matches/new/dracula", data).headers["Location"]
    assert post_japanese(browser, f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    return str(match)


def test_the_pages_words_are_all_in_the_catalog() -> None:
    """Every sentence of the shared pages has its Japanese (``python -m referee.catalogs check core``)."""
    assert tooling.check("core") == []


def test_english_pages_keep_their_words(browser: Browser, begun: str) -> None:
    page = browser.get(begun, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Enter deal 2" in page and "Undo deal 1" in page and "Score sheet" in page
    assert '"keep_screen_on": "Keep screen on"' in html.unescape(page)


def test_the_app_is_named_in_japanese_on_a_japanese_home_screen(client) -> None:  # type: ignore[no-untyped-def]
    manifest = client.get("/manifest.webmanifest", headers=JA).get_json(force=True)
    assert manifest["lang"] == "ja" and manifest["name"] == "テーブル審判" and manifest["short_name"] == "審判"
    assert english_left(manifest["description"]) == []
    english = client.get("/manifest.webmanifest").get_json(force=True)
    assert english["name"] == "Table Referee" and english["icons"] == manifest["icons"]


def test_the_sheet_says_who_deals_in_japanese(browser: Browser, begun: str) -> None:
    """The sentence naming the dealer is the game's own ("Ann deals"), said whole in the reader's language."""
    for url in (begun, f"{begun}/deals/1", f"{begun}/deals/new"):
        words = visible_words(japanese(browser, url))
        assert "deals" not in words and "starts" not in words, url
        assert re.search(r"(Ann|Bob)がディーラー", words), url
