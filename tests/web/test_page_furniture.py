"""What every page carries (skip link, web app manifest, icons) and the home page's links and dates."""

from __future__ import annotations

import json
import re
from datetime import datetime

from referee.rules.registry import GAMES
from tests.support.client import Browser


def test_every_page_starts_with_a_skip_link_to_the_content(client) -> None:  # type: ignore[no-untyped-def]
    for url in ("/", "/referee/", "/print/", "/rules/paks"):
        html = client.get(url).get_data(as_text=True)
        body = html.split("<body", 1)[1]
        first_link = re.search(r"<a [^>]*>", body)
        assert first_link is not None and 'class="skip-link" href="#main"' in first_link.group(0), url
        assert '<main id="main"' in html


def test_the_manifest_is_served_and_linked(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/").get_data(as_text=True)
    linked = re.search(r'<link rel="manifest" href="([^"]+)">', html)
    assert linked is not None
    response = client.get(linked.group(1))
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Table Referee" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    base = linked.group(1).rsplit("/", 1)[0] + "/"
    sizes = {}
    for icon in manifest["icons"]:
        served = client.get(base + icon["src"])
        assert served.status_code == 200 and served.mimetype == icon["type"], icon
        sizes[icon["sizes"]] = served.data
    assert set(sizes) == {"192x192", "512x512", "any"}
    for size in (192, 512):
        png = sizes[f"{size}x{size}"]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        assert (width, height) == (size, size)
    assert b"<svg" in sizes["any"]


def test_the_home_page_links_each_game_and_dates_each_evening(browser: Browser) -> None:
    browser.submit("/", {"name": "Friday cards", "players": "Ann, Bob"})
    html = browser.get("/").get_data(as_text=True)
    for slug, game in GAMES.items():
        assert f'<a class="game-name" href="/rules/{slug}">{game.name}</a>' in html  # English: the name's id
        assert f'href="/referee/#{slug}"' in html
    recent = html.split("Recent evenings")[1].split("</ul>")[0]
    dated = re.search(r'Friday cards</a>\s*<time class="muted" datetime="(\d{4}-\d\d-\d\d)">\1</time>', recent)
    assert dated is not None
    assert abs((datetime.fromisoformat(dated.group(1)) - datetime.now()).days) <= 1
    referee = browser.get("/referee/").get_data(as_text=True)
    assert all(f'<section id="{slug}">' in referee for slug in GAMES)
