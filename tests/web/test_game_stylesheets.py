"""A game's own styles are loaded on the pages that show that game, and on no other page."""

from __future__ import annotations

import re

from flask import Flask, url_for

from referee.rules.registry import GAMES
from referee.web.referee_pages import PAGES
from tests.support.client import Browser

_SHEETS = re.compile(r'href="/static/css/games/([a-z]+)\.css')


def game_sheets(browser: Browser, url: str) -> list[str]:
    response = browser.get(url)
    assert response.status_code == 200, url
    return _SHEETS.findall(response.get_data(as_text=True))


def test_each_game_page_loads_its_own_stylesheet_and_no_other(app: Flask, browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob, Cat, Dan"}).headers["Location"]
    for slug, game in GAMES.items():
        count = min(game.player_counts)
        seats = {f"seat_{i}": name for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"][:count])}
        match = browser.submit(f"{evening}/matches/new/{slug}", seats | {"first_dealer": "Ann"}).headers["Location"]
        for url in (f"{evening}/matches/new/{slug}", match, f"{match}/deals/new", f"/rules/{slug}"):
            assert game_sheets(browser, url) == [slug], url
    with app.test_request_context():
        referee = [(slug, url_for(endpoint)) for slug, endpoint, _title in PAGES]
    assert {slug for slug, _url in referee} == set(GAMES)
    for slug, url in referee:
        assert game_sheets(browser, url) == [slug], url
    for url in ("/", evening, "/referee/", "/print/", "/api", "/import"):
        assert game_sheets(browser, url) == [], url
