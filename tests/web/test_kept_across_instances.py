"""Two app instances on one database (two workers, or two machines behind one proxy) never serve a stale copy.

Each instance keeps what it rendered (shared pages, scored sheets) and printed (PDFs) under the
versions its rows carry, so a change written by the other instance makes a new key there too. Here
each change goes through one instance, and every page a follower reads from the other, which had
kept the page before, must equal the page an instance without any kept copy renders then.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app
from referee.rules.zhengfen import ZHENGFEN
from referee.web.printing import pdf_cache
from referee.web.store.db import db
from tests.support.client import Browser
from tests.support.stored import ORDERS, PLAYERS, editor_token, zhengfen_form
from tests.support.table import Table


def instance(app: Flask, folder: Path, **config: object) -> Flask:
    """Another app on ``app``'s database, with its own instance folder (as on another machine)."""
    return create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(folder),
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
            "SECRET_KEY": app.config["SECRET_KEY"],
            **config,
        }
    )


@pytest.fixture
def other(app: Flask, tmp_path: Path) -> Flask:
    second = instance(app, tmp_path / "other")
    yield second
    with second.app_context():
        db.session.remove()
        db.engine.dispose()


def fresh_page(app: Flask, tmp_path: Path, path: str) -> str:
    """``path`` as an instance that kept nothing renders it now."""
    third = instance(app, tmp_path / "fresh", UPGRADE_ON_START=False)
    try:
        return third.test_client().get(path).get_data(as_text=True)
    finally:
        with third.app_context():
            db.session.remove()
            db.engine.dispose()


def test_a_change_through_one_instance_is_on_every_page_the_other_kept(
    app: Flask, other: Flask, tmp_path: Path
) -> None:
    code, _, match_id = Table.of(app).stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    pages = [sheet, f"/e/{code}", f"{sheet}/version", f"/e/{code}/version"]
    keepers = {}
    for name, one in (("this", app), ("other", other)):
        keepers[name] = Browser(one.test_client())
        keepers[name].client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    follower = app.test_client()
    changes = [
        ("other", f"{sheet}/deals/new", zhengfen_form(ORDERS[0], number=1), None),
        ("other", f"{sheet}/deals/new", zhengfen_form(ORDERS[1], number=2), None),
        ("this", f"{sheet}/deals/new", zhengfen_form(ORDERS[2], number=3), None),
        ("other", f"{sheet}/deals/2/edit", zhengfen_form(ORDERS[3], number=1), None),
        ("other", f"{sheet}/undo", {"number": 3, "version": 1}, None),
        ("other", f"/e/{code}/players", {"name": "Eve"}, f"/e/{code}"),
        ("other", f"/e/{code}/placing", {"placing": "podium"}, f"/e/{code}"),
    ]
    evenings: list[str] = []
    for writer, path, form, form_page in changes:
        held = {page: kept(follower, page) for page in pages}
        editor_page = keepers["this"].get(sheet).get_data(as_text=True)  # this instance keeps its editor page too
        posted = keepers[writer].submit(path, form, form_page=form_page)
        assert posted.status_code == 302, posted.get_data(as_text=True)
        for page in pages:
            now = fresh_page(app, tmp_path, page)
            etag, body = held[page]
            answer = follower.get(page, headers={"If-None-Match": etag})
            shown = body if answer.status_code == 304 else answer.get_data(as_text=True)
            assert shown == now, f"{page} is stale after {path}"
            assert follower.get(page).get_data(as_text=True) == now, f"{page} is stale after {path}"
        if "/matches/" in path:
            assert keepers["this"].get(sheet).get_data(as_text=True) != editor_page
        evenings.append(follower.get(f"/e/{code}").get_data(as_text=True))
    assert len(set(evenings)) == len(changes)


def kept(client: FlaskClient, page: str) -> tuple[str, str]:
    """Read ``page`` twice, so the instance holds it; its tag and body."""
    client.get(page)
    answer = client.get(page)
    assert answer.status_code == 200
    return answer.headers["ETag"], answer.get_data(as_text=True)


def test_a_rule_card_is_served_when_its_cache_folder_goes_meanwhile(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Servers of two releases sharing ``instance/`` (an upgrade under way) remove each other's cache folder:
    a PDF is then made and served all the same."""
    pdf_cache.pdfs.clear()
    folder = Path(app.instance_path) / "pdf-cache"
    original = pdf_cache._folder

    def removed_meanwhile() -> Path:
        path = original()
        shutil.rmtree(folder)
        return path

    monkeypatch.setattr(pdf_cache, "_folder", removed_meanwhile)
    answer = app.test_client().get("/rules/dracula.pdf")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    pdf_cache.pdfs.clear()
