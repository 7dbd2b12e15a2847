"""A database that cannot store a change (locked past its busy timeout, its disk full) is answered 503.

Simulated at the commit, where SQLite reports both ("database is locked", "database or disk is
full"): a deal form comes back with what was typed and why, nothing of the change is stored; any
other page says to try again. SQLite's busy timeout stays below a server's worker timeout, so a
request waiting on a lock is answered rather than killed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from referee.web.factory import SQLITE_BUSY_SECONDS, _engine_options
from referee.web.store.db import db
from referee.web.store.models import Deal, Player, Revision
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.table import Table

PROBLEMS = ["database is locked", "database or disk is full"]


@pytest.fixture
def failing_commits(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Makes every commit that writes something fail with the database's ``problem`` (reads still commit)."""

    def fail_with(problem: str) -> None:
        def commit(session: Session) -> None:
            if session.new or session.dirty or session.deleted:
                raise OperationalError("COMMIT", {}, sqlite3.OperationalError(problem))
            real(session)

        monkeypatch.setattr(Session, "commit", commit)

    real = Session.commit
    yield fail_with


def stored(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


@pytest.mark.parametrize("problem", PROBLEMS)
def test_a_new_deal_not_stored_comes_back_with_what_was_typed(
    app: Flask, browser: Browser, failing_commits: Callable[[str], None], problem: str
) -> None:
    match = Table(browser).match("dracula", **QUEEN_FIRST)
    browser.get(f"{match}/deals/new")
    failing_commits(problem)
    response = browser.client.post(f"{match}/deals/new", data={**cells(LAYOUTS[0]), "csrf_token": browser.token})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "the database is busy or its disk is full" in page
    assert all(f'value="{card}"' in page for card in LAYOUTS[0])
    assert stored(app, Deal) == 0 and stored(app, Revision) == 0


@pytest.mark.parametrize("problem", PROBLEMS)
def test_a_correction_not_stored_comes_back_with_what_was_typed(
    app: Flask, browser: Browser, failing_commits: Callable[[str], None], problem: str
) -> None:
    match = Table(browser).match("dracula", **QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    browser.get(f"{match}/deals/1/edit")
    failing_commits(problem)
    corrected = [LAYOUTS[0][1], LAYOUTS[0][0], *LAYOUTS[0][2:]]
    data = {**cells(corrected), "version": "1", "csrf_token": browser.token}
    response = browser.client.post(f"{match}/deals/1/edit", data=data)
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "the database is busy or its disk is full" in page
    assert f'name="r1c1" placeholder="r1c1" spellcheck="false" type="text" value="{corrected[0]}"' in page
    with app.app_context():
        assert db.session.scalars(select(Deal.entry)).one()["layout"][0] == LAYOUTS[0][0:3]
    assert stored(app, Revision) == 1


@pytest.mark.parametrize("problem", PROBLEMS)
def test_any_other_change_not_stored_says_to_try_again(
    app: Flask, browser: Browser, failing_commits: Callable[[str], None], problem: str
) -> None:
    evening = Table(browser).evening()
    browser.get(evening)
    failing_commits(problem)
    response = browser.client.post(f"{evening}/players", data={"name": "Cat", "csrf_token": browser.token})
    assert response.status_code == 503
    assert "nothing was saved" in response.get_data(as_text=True)
    assert stored(app, Player) == 2


def test_sqlite_waits_for_a_lock_less_than_a_worker_lives() -> None:
    assert _engine_options("sqlite:///x.sqlite3")["connect_args"]["timeout"] == SQLITE_BUSY_SECONDS < 30
