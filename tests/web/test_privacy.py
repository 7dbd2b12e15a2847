"""Privacy and safe exports: what a browser is shown, what its cookie holds, what logs and files keep.

- the home page lists only the evenings this browser made or opened;
- the session cookie stays small however many evenings are opened, holds no editor token, and is
  sent with SameSite=Lax;
- no log line carries an editor token;
- ``instance/`` is 0700, its key and database 0600, a missing or empty key is made anew;
- CSV cells never start a spreadsheet formula; exports and editor pages are not cached;
- a chunked body over the size limit is a 413, not a cut body.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import stat
import threading
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select
from werkzeug.serving import make_server
from werkzeug.test import EnvironBuilder, run_wsgi_app

from referee import create_app
from referee.web.http import rights
from referee.web.http.logmask import EditorTokenFilter, mask_tokens
from referee.web.services.transfer import safe_cell
from referee.web.store.db import db
from referee.web.store.models import Group
from tests.support.client import Browser
from tests.support.databases import empty_database
from tests.support.table import Table

_EDITOR = re.compile(r'href="http://localhost(/e/[^"]+/edit/[^"]+)"')


def editor_link(browser: Browser, evening: str) -> str:
    return _EDITOR.search(browser.get(evening).get_data(as_text=True)).group(1)


def cookie_value(browser: Browser) -> str:
    cookie = browser.client.get_cookie("session")
    assert cookie is not None
    return cookie.value


# --- the home page and the session -----------------------------------------------------------------


def test_home_lists_only_the_evenings_this_browser_made_or_opened(app: Flask) -> None:
    ann, bob, cat = (Browser(app.test_client()) for _ in range(3))
    ann_evening = Table(ann).evening(name="Ann's evening")
    bob_evening = Table(bob).evening(name="Bob's evening")
    assert "Bob&#39;s evening" not in ann.get("/").get_data(as_text=True)
    assert "Ann&#39;s evening" in ann.get("/").get_data(as_text=True)
    home = cat.get("/").get_data(as_text=True)
    assert "Ann&#39;s evening" not in home and "Bob&#39;s evening" not in home
    cat.get(bob_evening)  # Cat opens Bob's view link
    home = cat.get("/").get_data(as_text=True)
    assert "Bob&#39;s evening" in home and "Ann&#39;s evening" not in home
    assert ann_evening not in home


def test_the_session_stays_small_and_holds_no_editor_token(app: Flask) -> None:
    browser = Browser(app.test_client())
    sizes = []
    tokens = []
    for number in range(rights.MAX_REMEMBERED + 15):
        evening = Table(browser).evening(name=f"Evening {number}")
        if number % 10 == 0:
            tokens.append(editor_link(browser, evening).rsplit("/", 1)[1])
        sizes.append(len(cookie_value(browser)))
    assert max(sizes) < 1500
    full = sizes[rights.MAX_REMEMBERED :]
    assert max(full) - min(full) < 24  # once full, the size no longer grows (it varies only by compression)
    value = cookie_value(browser)
    assert not any(token in value for token in tokens)
    response = browser.submit("/", {"name": "Last", "players": "Ann"})
    set_cookie = response.headers.get("Set-Cookie", "")
    assert "SameSite=Lax" in set_cookie and "HttpOnly" in set_cookie


def test_editor_rights_survive_in_the_compact_session(app: Flask) -> None:
    owner = Browser(app.test_client())
    evening = Table(owner).evening(name="Fri")
    link = editor_link(owner, evening)
    other = Browser(app.test_client())
    assert other.client.get(f"{evening}/matches/new/paks").status_code == 403
    assert other.client.get(link).status_code == 302
    assert other.client.get(f"{evening}/matches/new/paks").status_code == 200
    forged = Browser(app.test_client())
    forged.client.get(evening)
    with forged.client.session_transaction() as session:
        session["evenings"] = [[entry[0], "0" * 16] for entry in session["evenings"]]
    assert forged.client.get(f"{evening}/matches/new/paks").status_code == 403


def test_an_older_session_with_tokens_is_converted_once(app: Flask) -> None:
    owner = Browser(app.test_client())
    evening = Table(owner).evening(name="Fri")
    code, token = editor_link(owner, evening).split("/e/")[1].split("/edit/")
    old = Browser(app.test_client())
    with old.client.session_transaction() as session:
        session["editor_tokens"] = {code: token, "nope": "x"}
    assert old.client.get(f"{evening}/matches/new/paks").status_code == 200
    with old.client.session_transaction() as session:
        assert "editor_tokens" not in session and token not in str(session["evenings"])


# --- logs -----------------------------------------------------------------------------------------


@given(st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd")), min_size=8, max_size=40))
def test_every_editor_token_is_masked(token: str) -> None:
    line = f'127.0.0.1 - - "GET /e/abc/edit/{token} HTTP/1.1" 302 -'
    assert token not in mask_tokens(line)
    assert "/e/abc/edit/…" in mask_tokens(line)


def test_werkzeug_access_log_never_prints_the_token(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    owner = Browser(app.test_client())
    evening = Table(owner).evening(name="Fri")
    link = editor_link(owner, evening)
    token = link.rsplit("/", 1)[1]
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            opener = urllib.request.build_opener(NoRedirect)
            with pytest.raises(urllib.error.HTTPError):
                opener.open(f"http://127.0.0.1:{server.port}{link}")
    finally:
        server.shutdown()
        thread.join()
    lines = [record.getMessage() for record in caplog.records if record.name == "werkzeug"]
    assert any("/edit/…" in line for line in lines), lines
    assert not any(token in line for line in lines)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def test_gunicorn_access_log_never_prints_the_token(app: Flask) -> None:
    glogging = pytest.importorskip("gunicorn.glogging")
    from gunicorn.config import Config

    config = Config()
    config.set("accesslog", "-")
    logger = glogging.Logger(config)
    assert any(isinstance(f, EditorTokenFilter) for f in logger.access_log.filters)
    stream = io.StringIO()
    logger.access_log.handlers = [logging.StreamHandler(stream)]

    class Response:
        status = "302 FOUND"
        headers = ()
        sent = 0
        response_length = 0

    class Request:
        headers = ()

    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/e/abc/edit/s3cretTOKEN", "PATH_INFO": "/e/abc/edit/s3cretTOKEN"}
    environ |= {"SERVER_PROTOCOL": "HTTP/1.1", "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1"}
    logger.access(Response(), Request(), environ, _elapsed())
    assert "/e/abc/edit/…" in stream.getvalue()
    assert "s3cretTOKEN" not in stream.getvalue()


def _elapsed():  # type: ignore[no-untyped-def]
    import datetime

    return datetime.timedelta(milliseconds=3)


def test_the_app_error_log_masks_tokens(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger=app.logger.name):
        app.logger.error("Exception on %s [GET]", "/e/abc/edit/s3cretTOKEN")
    assert "s3cretTOKEN" not in caplog.text and "/edit/…" in caplog.text


# --- instance files -------------------------------------------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_instance_folder_key_and_database_are_private(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    database = f"sqlite:///{instance / 'db.sqlite3'}"
    app = create_app({"INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": database})
    try:
        assert mode(instance) == 0o700
        assert mode(instance / "secret_key") == 0o600
        assert mode(instance / "db.sqlite3") == 0o600
        assert app.config["SECRET_KEY"] == (instance / "secret_key").read_text().strip()
    finally:
        empty_database(app)


def test_an_empty_or_missing_key_is_made_anew_and_a_good_one_kept(tmp_path: Path) -> None:
    from referee.web.factory import instance_secret

    (tmp_path / "secret_key").write_text("")
    first = instance_secret(tmp_path)
    assert len(first) == 64 and mode(tmp_path / "secret_key") == 0o600
    assert instance_secret(tmp_path) == first
    (tmp_path / "secret_key").unlink()
    assert instance_secret(tmp_path) not in ("", first)
    (tmp_path / "secret_key").write_text("kept\n")
    (tmp_path / "secret_key").chmod(0o644)
    assert instance_secret(tmp_path) == "kept" and mode(tmp_path / "secret_key") == 0o600


def test_forms_work_after_the_key_file_was_emptied(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    config = {"INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    create_app(dict(config))
    (instance / "secret_key").write_text("")
    app = create_app(dict(config))
    try:
        browser = Browser(app.test_client())
        assert browser.submit("/", {"name": "Fri", "players": "Ann"}).status_code == 302
    finally:
        empty_database(app)


# --- exports --------------------------------------------------------------------------------------

FORMULA = st.tuples(st.sampled_from(["=", "+", "-", "@", "\t", "\r"]), st.text(min_size=1, max_size=20)).map("".join)


@given(FORMULA)
def test_no_csv_cell_starts_a_formula(text: str) -> None:
    cell = safe_cell(text)
    assert isinstance(cell, str)
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or re.fullmatch(r"[+=-]?\d+(\.\d+)?", text)


def test_csv_export_neutralises_formula_names_and_keeps_numbers(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening = Table(browser).evening(['=HYPERLINK("http://x")', "@SUM(A1)", "Bob"], name="Fri")
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": '=HYPERLINK("http://x")', "seat_1": "Bob", "first_dealer": "Bob"}
    ).headers["Location"]
    cells = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    cards = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]
    assert browser.submit(f"{match}/deals/new", dict(zip(cells, cards, strict=True))).status_code == 302
    rows = list(csv.reader(io.StringIO(browser.client.get(f"{evening}/export.csv").get_data(as_text=True))))
    sides = {row[4] for row in rows[1:]}
    assert '\'=HYPERLINK("http://x")' in sides and "Bob" in sides
    assert not any(cell.startswith(("=", "@", "+")) and not re.fullmatch(r"=\d+", cell) for row in rows for cell in row)
    assert all(re.fullmatch(r"-?\d+", row[5]) for row in rows[1:] if row[2].isdigit())


def test_exports_and_editor_pages_are_not_cached(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening = Table(browser).evening(name="Fri")
    link = editor_link(browser, evening)
    for url in (f"{evening}/export.json", f"{evening}/export.csv", evening, link, "/"):
        assert browser.client.get(url).headers.get("Cache-Control") == "no-store", url
    viewer = app.test_client()
    assert "no-store" not in (viewer.get(evening).headers.get("Cache-Control") or "")
    assert "no-store" not in (viewer.get("/print/").headers.get("Cache-Control") or "")


# --- request size ---------------------------------------------------------------------------------


def chunked(app: Flask, path: str, body: bytes, content_type: str = "application/json"):  # type: ignore[no-untyped-def]
    environ = EnvironBuilder(path=path, method="POST", data=body, content_type=content_type).get_environ()
    del environ["CONTENT_LENGTH"]
    environ["HTTP_TRANSFER_ENCODING"] = "chunked"
    environ["wsgi.input_terminated"] = True
    environ["wsgi.input"] = io.BytesIO(body)
    answer, status, _ = run_wsgi_app(app, environ, buffered=True)
    return status, b"".join(answer)


def test_chunked_bodies_over_the_limit_are_refused_not_cut(app: Flask) -> None:
    limit = app.config["MAX_CONTENT_LENGTH"]
    padding = b" " * (limit + 10)
    status, body = chunked(app, "/api/v1/iceberg/meld", b'{"cards": ["QH","QS","QD"]}' + padding)
    assert status.startswith("413") and b'"too_large"' in body
    status, body = chunked(app, "/api/v1/iceberg/meld", b'{"cards": ["QH","QS","QD"]}' + b" " * 1000)
    assert status.startswith("200") and b'"legal"' in body


def test_a_group_export_and_editor_link_are_not_cached_like_an_evening_s(app: Flask) -> None:
    keeper = Browser(app.test_client())
    group = keeper.submit("/g/new", {"name": "Thursdays"}).headers["Location"]
    for browser in (keeper.client, app.test_client()):  # its editor, and whoever holds its view link
        exported = browser.get(f"{group}/export.json")
        assert exported.status_code == 200 and exported.headers.get("Cache-Control") == "no-store"
    with app.app_context():
        token = db.session.scalar(select(Group.editor_token).where(Group.code == group.rsplit("/", 1)[1]))
    opened = app.test_client().get(f"{group}/edit/{token}")
    assert opened.status_code == 302 and opened.headers.get("Cache-Control") == "no-store"
