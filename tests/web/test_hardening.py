"""Security headers, escaping of user strings, and the version endpoints the live sheet polls."""

from __future__ import annotations

import re

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.client import Browser

PAYLOAD = "<script>alert(1)</script>"


def test_every_page_sends_the_security_headers(client) -> None:  # type: ignore[no-untyped-def]
    for url in ("/", "/referee/", "/api", "/static/css/app.css"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
    assert client.post("/api/v1/dracula/coffin", json={}).headers["X-Content-Type-Options"] == "nosniff"


def test_no_inline_script_or_style_in_pages(browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob"}).headers["Location"]
    for url in ("/", evening, f"{evening}/matches/new/dracula", "/referee/dracula/coffin", "/api"):
        html = browser.get(url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert " style=" not in html and "<style" not in html, url
        assert not re.search(r"\son[a-z]+=", html), url


def test_player_and_evening_names_are_escaped_everywhere(browser: Browser) -> None:
    evening = browser.submit("/", {"name": PAYLOAD, "players": f"{PAYLOAD}, Bob"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": PAYLOAD, "seat_1": "Bob", "first_dealer": PAYLOAD}
    ).headers["Location"]
    layout = dict(zip(CELLS, [str(c) for c in DRACULA_PACK.cards()[:9]], strict=True))
    browser.submit(f"{match}/deals/new", layout)
    for url in ("/", evening, match, f"{match}/history", f"{match}/deals/1/edit", f"{match}/undo"):
        html = browser.get(url).get_data(as_text=True)
        assert PAYLOAD not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


def test_version_endpoints_change_with_the_sheet(browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]
    before = browser.client.get(f"{match}/version").get_json()["version"]
    evening_before = browser.client.get(f"{evening}/version").get_json()["version"]
    layout = dict(zip(CELLS, [str(c) for c in DRACULA_PACK.cards()[:9]], strict=True))
    browser.submit(f"{match}/deals/new", layout)
    assert browser.client.get(f"{match}/version").get_json()["version"] == before + 1
    assert browser.client.get(f"{evening}/version").get_json()["version"] != evening_before
    sheet = browser.get(match).get_data(as_text=True)
    assert f'data-live-version="{before + 1}"' in sheet and 'data-live-mode="reload"' in sheet


def test_evening_page_shows_qr_codes(browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob"}).headers["Location"]
    html = browser.get(evening).get_data(as_text=True)
    assert html.count("<svg") == 2


def test_api_echoes_names_as_json_strings_never_as_markup(client) -> None:  # type: ignore[no-untyped-def]
    body = {"sides": [{"name": PAYLOAD, "paks": [["QH", "2H", "KH"]]}, {"name": "B", "paks": []}]}
    response = client.post("/api/v1/paks/deal", json=body)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.get_json()["scores"][PAYLOAD] == 25
