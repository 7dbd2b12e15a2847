"""Every page works offline at the table: all assets are served by the app, and each page's
HTML + CSS + JS stays within 100 KB uncompressed."""

from __future__ import annotations

from flask import Flask, url_for

from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.pages import BUDGET, weight


def test_every_page_is_within_the_budget_and_self_contained(app: Flask, browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob, Cat, Dan, Eve, Fay"}).headers["Location"]
    pages = ["/", evening, "/referee/", "/api", "/print/", "/import"]
    for slug, game in GAMES.items():
        count = min(game.player_counts)
        data = {f"seat_{i}": name for i, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:count])}
        match = browser.submit(f"{evening}/matches/new/{slug}", data | {"first_dealer": "Ann"}).headers["Location"]
        pages += [f"{evening}/matches/new/{slug}", match, f"{match}/deals/new", f"/rules/{slug}"]
    from referee.web.referee_pages import PAGES

    with app.test_request_context():
        pages += [url_for(endpoint) for _slug, endpoint, _title in PAGES]
    heavy = {}
    for url in pages:
        total, _ = weight(browser, url)
        if total > BUDGET:
            heavy[url] = total
    assert heavy == {}
