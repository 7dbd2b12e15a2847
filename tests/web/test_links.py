"""Links and QR codes take their host from configuration, never blindly from the request's Host header."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.web.store.db import db
from tests.support.apps import app_on
from tests.support.client import Browser
from tests.support.databases import empty_database

_LINKS = re.compile(r'<a href="(https?://[^"]+)">')


def evening_links(app: Flask, host: str | None = None) -> tuple[int, list[str]]:
    """The absolute links on a new evening's page, asked for with ``host`` as the Host header."""
    browser = Browser(app.test_client())
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob"}).headers["Location"]
    headers = {"Host": host} if host else {}
    response = browser.client.get(evening, headers=headers)
    return response.status_code, _LINKS.findall(response.get_data(as_text=True))


@pytest.fixture
def configured(app: Flask, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """An app made with the configuration of ``request.param``, on the test's database."""
    configured = app_on(app.config["SQLALCHEMY_DATABASE_URI"], Path(app.instance_path), **request.param)
    yield configured
    with configured.app_context():
        db.engine.dispose()


def test_a_forged_host_name_never_reaches_the_links(app: Flask) -> None:
    status, links = evening_links(app, "evil.example")
    assert status == 200 and links  # the view link (the session cookie belongs to localhost)
    assert all(link.startswith("http://localhost/e/") for link in links), links


def test_an_address_on_the_local_network_is_used_as_is(app: Flask) -> None:
    _, links = evening_links(app, "192.168.1.20:5000")
    assert links and all(link.startswith("http://192.168.1.20:5000/e/") for link in links), links


@pytest.mark.parametrize("configured", [{"PUBLIC_URL": "https://cards.example.org/"}], indirect=True)
def test_a_public_url_decides_every_link(configured: Flask) -> None:
    _, links = evening_links(configured, "evil.example")
    assert links and all(link.startswith("https://cards.example.org/e/") for link in links), links
    _, links = evening_links(configured)
    assert len(links) == 2 and all(link.startswith("https://cards.example.org/e/") for link in links), links


@pytest.mark.parametrize("configured", [{"TRUSTED_HOSTS": ["cards.example.org", "localhost"]}], indirect=True)
def test_trusted_hosts_refuse_any_other_host(configured: Flask) -> None:
    _, links = evening_links(configured, "cards.example.org")
    assert links and all(link.startswith("http://cards.example.org/e/") for link in links), links
    assert configured.test_client().get("/", headers={"Host": "evil.example"}).status_code == 400


def test_public_url_and_trusted_hosts_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PUBLIC_URL", "https://score.example.net")
    monkeypatch.setenv("TRUSTED_HOSTS", "score.example.net, 10.0.0.2")
    app = create_app({"INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}"})
    try:
        assert app.config["PUBLIC_URL"] == "https://score.example.net"
        assert app.config["TRUSTED_HOSTS"] == ["score.example.net", "10.0.0.2"]
    finally:
        empty_database(app)
