"""A page opened on this computer's loopback address: the share box says so, and the links use the LAN address."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee.web.http import links
from tests.support.client import Browser


def evening_page(browser: Browser, **environ: str) -> str:
    response = browser.submit("/", {"name": "Friday", "players": "Ann, Bob"})
    return browser.client.get(response.headers["Location"], environ_overrides=environ).get_data(as_text=True)


def test_loopback_with_a_server_on_every_interface_offers_the_lan_address(browser: Browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(links, "lan_address", lambda: "192.168.1.20")
    page = evening_page(browser, SERVER_NAME="0.0.0.0", SERVER_PORT="5000", HTTP_HOST="127.0.0.1:5000")
    assert "This page was opened on this computer (127.0.0.1:5000)" in page
    assert "http://192.168.1.20:5000" in page
    assert 'href="http://192.168.1.20:5000/e/' in page and 'href="http://127.0.0.1:5000/e/' not in page


def test_loopback_with_a_server_on_loopback_only_says_how_to_share(browser: Browser) -> None:
    page = evening_page(browser, SERVER_NAME="127.0.0.1", SERVER_PORT="5000", HTTP_HOST="127.0.0.1:5000")
    assert "the server answers this computer only" in page and "HOST=0.0.0.0 ./run.sh" in page


def test_a_page_opened_on_the_lan_address_needs_no_notice(browser: Browser) -> None:
    page = evening_page(browser, SERVER_NAME="0.0.0.0", SERVER_PORT="5000", HTTP_HOST="192.168.1.20:5000")
    assert "opened on this computer" not in page and 'href="http://192.168.1.20:5000/e/' in page


def test_a_public_url_wins(app: Flask, client: FlaskClient) -> None:
    app.config["PUBLIC_URL"] = "https://cards.example.org"
    browser = Browser(client)
    page = evening_page(browser, SERVER_NAME="0.0.0.0", HTTP_HOST="127.0.0.1:5000")
    assert "opened on this computer" not in page and 'href="https://cards.example.org/e/' in page


def test_the_notice_in_japanese(browser: Browser) -> None:
    response = browser.submit("/", {"name": "Friday", "players": "Ann, Bob"})
    page = browser.client.get(
        response.headers["Location"],
        environ_overrides={"SERVER_NAME": "127.0.0.1", "HTTP_HOST": "127.0.0.1:5000"},
        headers={"Accept-Language": "ja"},
    ).get_data(as_text=True)
    assert "このコンピューター" in page and "HOST=0.0.0.0 ./run.sh" in page
