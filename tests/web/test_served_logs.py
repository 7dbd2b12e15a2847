"""Under gunicorn with log files, as in production: tracebacks reach the error log, tokens reach no log.

Each worker upgrades the database when it starts, as it does in production; the migrations' logging
set-up once closed the error log's file under the app, so every traceback failed with
"--- Logging error ---". An editor link spelt with percent-escapes (``edit%2F…``, ``%65dit/…``)
reaches the editor link once the server decodes it, and the access log prints it as sent.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from referee.web.http.logmask import mask_tokens
from referee.web.store.db import db
from referee.web.store.models import Evening, Player
from tests.support.client import Browser
from tests.support.served import gunicorn

SECRET = "s3cretTOKEN"


def new_evening(app: Flask) -> tuple[str, str]:
    with app.app_context():
        evening = Evening(name="Fri", players=[Player(name="Ann", position=0)])
        db.session.add(evening)
        db.session.commit()
        return evening.code, evening.editor_token


def status(url: str) -> int:
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        with urllib.request.build_opener(Stay).open(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_tracebacks_reach_the_error_log_and_tokens_reach_no_log(app: Flask, tmp_path: Path) -> None:
    code, token = new_evening(app)
    config = {key: app.config[key] for key in ("SQLALCHEMY_DATABASE_URI", "SECRET_KEY")}
    config |= {"INSTANCE_PATH": app.instance_path, "WARM_ON_START": False}  # a quick start: no page is timed
    with app.app_context():
        db.engine.dispose()
    with gunicorn(f"tests.support.served:failing_app({config!r})", tmp_path, workers=1) as server:
        assert status(f"{server}/failing/e/{code}/edit/{SECRET}") == 500
        assert status(f"{server}/e/{code}/edit%2F{token}") == 404
        assert status(f"{server}/e/{code}/%65dit/{token}") == 404
        assert status(f"{server}/e/{code}/edit/{token}") == 302
    errors = (tmp_path / "error.log").read_text()
    assert "Logging error" not in errors + (tmp_path / "output.log").read_text()
    assert f"Exception on /failing/e/{code}/edit/… [GET]" in errors
    assert f"RuntimeError: failed at /failing/e/{code}/edit/…" in errors
    access = (tmp_path / "access.log").read_text()
    assert f"/e/{code}/edit%2F… " in access and f"/e/{code}/%65dit/… " in access and f"/e/{code}/edit/… " in access
    for log in (errors, access):
        assert SECRET not in log and token not in log


def test_an_editor_link_spelt_with_escapes_grants_nothing(app: Flask) -> None:
    code, token = new_evening(app)
    for spelt in (
        f"/e/{code}/edit%2F{token}",
        f"/e/{code}/%65dit/{token}",
        f"/e/{code}/edit/{token[:3]}%{ord(token[3]):02X}{token[4:]}",
    ):
        browser = Browser(app.test_client())
        assert browser.client.get(spelt).status_code == 404
        assert browser.client.get(f"/e/{code}/matches/new/paks").status_code == 403
    assert Browser(app.test_client()).client.get(f"/e/{code}/edit/{token}").status_code == 302


def escaped(text: str, chosen: list[bool], depth: int) -> str:
    """``text`` with the chosen characters percent-escaped, the escape itself escaped ``depth`` more times."""
    return "".join(f"%{'25' * depth}{ord(ch):02x}" if escape else ch for ch, escape in zip(text, chosen, strict=True))


@given(st.lists(st.booleans(), min_size=6, max_size=6), st.integers(0, 2), st.booleans())
def test_every_spelling_of_an_editor_link_is_masked(chosen: list[bool], depth: int, upper: bool) -> None:
    spelt = escaped("/edit/", chosen, depth)
    line = f'127.0.0.1 - - "GET /e/abc{spelt.upper() if upper else spelt}{SECRET} HTTP/1.1" 404 -'
    assert SECRET not in mask_tokens(line)


@pytest.mark.parametrize("where", ["message", "traceback"])
def test_the_error_log_masks_tokens_in_tracebacks_too(app: Flask, where: str, caplog: pytest.LogCaptureFixture) -> None:
    try:
        raise RuntimeError(f"failed at /e/abc/edit/{SECRET}")
    except RuntimeError:
        with caplog.at_level("ERROR", logger=app.logger.name):
            app.logger.exception("Exception on %s [GET]", f"/e/abc/edit/{SECRET}" if where == "message" else "/")
    assert SECRET not in caplog.text and "failed at /e/abc/edit/…" in caplog.text
