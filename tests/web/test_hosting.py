"""A club's hosted instance, as README.md's "Hosting a club's instance" sets it up: behind a reverse proxy
(forwarded headers trusted only with ``PROXY_COUNT``), over HTTPS (cookies ``Secure``, HSTS if asked,
forms posted without a referrer), and a health endpoint for the proxy or the orchestrator."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from sqlalchemy import text

from referee import create_app
from referee.web.store.db import db
from tests.support.client import Browser

HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org", "X-Forwarded-For": "203.0.113.7"}


@pytest.fixture
def hosted(app: Flask, tmp_path: Path) -> Iterator[Any]:
    """Makes apps on the test database with the configuration given."""
    made: list[Flask] = []

    def make(**config: Any) -> Flask:
        one = create_app(
            {
                "TESTING": True,
                "INSTANCE_PATH": str(tmp_path / f"hosted-{len(made)}"),
                "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                **config,
            }
        )
        made.append(one)
        return one

    yield make
    for one in made:
        with one.app_context():
            db.session.remove()
            db.engine.dispose()


def seen_by_app(app: Flask) -> dict[str, Any]:
    """What the app read of the last request: the client's address, the scheme and the host."""
    seen: dict[str, Any] = {}

    @app.before_request
    def note() -> None:
        seen.update(address=request.remote_addr, scheme=request.scheme, host=request.host)

    return seen


def new_evening(client: Any, **headers: str) -> Any:
    browser = Browser(client)
    browser.get("/", headers=headers)
    return client.post(
        "/", data={"name": "Club night", "players": "Ann, Bob", "csrf_token": browser.token}, headers=headers
    )


def test_forwarded_headers_are_ignored_without_a_proxy_count(hosted: Any) -> None:
    app = hosted()
    seen = seen_by_app(app)
    answer = new_evening(app.test_client(), **HTTPS)
    assert answer.status_code == 302
    assert seen == {"address": "127.0.0.1", "scheme": "http", "host": "localhost"}
    assert "Secure" not in answer.headers["Set-Cookie"]


def test_with_a_proxy_count_the_proxy_tells_address_scheme_and_host(hosted: Any) -> None:
    app = hosted(PROXY_COUNT=1, TRUSTED_HOSTS=["cards.example.org"])
    seen = seen_by_app(app)
    client = app.test_client()
    # A client's own X-Forwarded-For comes before the proxy's: only the proxy's (the last) is taken.
    answer = new_evening(client, **{**HTTPS, "X-Forwarded-For": "198.51.100.1, 203.0.113.7"})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    assert seen == {"address": "203.0.113.7", "scheme": "https", "host": "cards.example.org"}
    evening = client.get(answer.headers["Location"], headers=HTTPS).get_data(as_text=True)
    assert "https://cards.example.org/e/" in evening  # the share box's links
    # A host the proxy names that is not trusted is refused, as a Host header would be.
    assert client.get("/", headers={**HTTPS, "X-Forwarded-Host": "evil.example"}).status_code == 400


def test_over_https_cookies_are_secure_and_forms_need_no_referrer(hosted: Any) -> None:
    client = hosted(PROXY_COUNT=1).test_client()
    answer = new_evening(client, **HTTPS)
    assert answer.status_code == 302, answer.get_data(as_text=True)  # no Referer: the pages send none
    session_cookie = answer.headers["Set-Cookie"]
    assert "Secure" in session_cookie and "HttpOnly" in session_cookie and "SameSite=Lax" in session_cookie
    language = client.get("/lang/ja", headers=HTTPS).headers["Set-Cookie"]
    assert language.startswith("lang=ja") and "Secure" in language
    assert "Strict-Transport-Security" not in client.get("/", headers=HTTPS).headers
    assert "Secure" not in hosted(PROXY_COUNT=1).test_client().get("/lang/ja").headers["Set-Cookie"]


def test_a_public_https_address_makes_cookies_secure_whatever_the_request(hosted: Any) -> None:
    answer = new_evening(hosted(PUBLIC_URL="https://cards.example.org").test_client())
    assert answer.status_code == 302
    assert "Secure" in answer.headers["Set-Cookie"]


def test_hsts_is_sent_over_https_when_configured(hosted: Any) -> None:
    client = hosted(PROXY_COUNT=1, HSTS_SECONDS=31536000).test_client()
    assert client.get("/", headers=HTTPS).headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/").headers


@pytest.mark.parametrize("value", ["-1", "one", "1.5"])
def test_a_proxy_count_that_is_no_count_stops_the_start(
    hosted: Any, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("PROXY_COUNT", value)
    with pytest.raises(ValueError, match="PROXY_COUNT must be a whole number"):
        hosted()


# --- the health endpoint ---


def test_health_is_ok_cheap_uncached_and_answers_any_host(hosted: Any) -> None:
    client = hosted(TRUSTED_HOSTS=["cards.example.org"]).test_client()
    assert client.get("/").status_code == 400  # an untrusted host gets no page...
    answer = client.get("/healthz")  # ...but a probe by the server's own address is answered
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["status"] == "ok" and body["database"] == "reachable" and body["schema"] == "current"
    assert body["revision"] == body["head"]
    assert answer.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in answer.headers
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 400  # not the probe: the app answers (an untrusted host)


def test_health_is_unavailable_while_the_schema_is_behind_or_unknown(app: Flask, hosted: Any) -> None:
    client = hosted().test_client()
    head = client.get("/healthz").get_json()["head"]
    try:
        for stamp, state in (("0003", "behind"), ("ffffffffffff", "unknown")):
            with app.app_context(), db.engine.begin() as connection:
                connection.execute(text("UPDATE alembic_version SET version_num = :stamp"), {"stamp": stamp})
            answer = client.get("/healthz")
            assert answer.status_code == 503
            assert answer.get_json() == {
                "status": "unavailable",
                "database": "reachable",
                "schema": state,
                "revision": stamp,
                "head": head,
            }
    finally:
        with app.app_context(), db.engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = :head"), {"head": head})
    assert client.get("/healthz").status_code == 200


def test_health_is_unavailable_when_the_database_is_unreachable(tmp_path: Path) -> None:
    if (os.environ.get("TEST_DATABASE_URL") or "").startswith("postgresql"):
        url = "postgresql+psycopg://referee:referee@127.0.0.1:1/nowhere"  # nothing listens on port 1
    else:
        url = f"sqlite:///{tmp_path / 'gone' / 'referee.sqlite3'}"  # a folder that does not exist
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": url, "UPGRADE_ON_START": False}
    )
    answer = app.test_client().get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json() == {"status": "unavailable", "database": "unreachable"}


def test_health_is_unavailable_before_the_schema_is_made(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": url, "UPGRADE_ON_START": False}
    )
    answer = app.test_client().get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json()["schema"] == "missing"
