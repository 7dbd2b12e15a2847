"""Upgrading a database from every earlier schema keeps every row, and its evenings export as before.

The data is played once per session at the newest schema through the app: an evening of every game,
each with several deals, a correction and an undo, a group with its persons and evenings, and an
evening of no group. Then, for each earlier revision of ``migrations/versions`` (read from the script
directory, so a new migration is covered the day it is written), a database is built at that
revision, given the rows it can hold (its tables, their columns at that revision), upgraded as the
app upgrades at start, and compared: every row is there with the values it had, and every evening
and group exports as the same data played at the newest schema, less what the old schema could not
hold (a column it lacked reads as its default; a table it lacked is empty).

On SQLite each database is a file; with ``TEST_DATABASE_URL`` each is a database of that server, named
after the configured one, created for the test and dropped after it.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import MetaData, Table, create_engine, delete, insert, select, text, update
from sqlalchemy.engine import Engine, make_url

from referee import create_app
from referee.web.factory import ROOT
from referee.web.services.matches import add_deal, edit_deal, undo_last
from referee.web.services.scoring import scored
from referee.web.services.transfer import export_evening, export_group, sheets_csv
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Match
from tests.long_evening import dracula_entry
from tests.support.client import Browser
from tests.support.databases import server_url
from tests.support.groups import group_evening, start_group
from tests.support.played import PLAYED
from tests.support.table import Table as ScoreTable
from tests.support.table import match_id

pytestmark = pytest.mark.database

SCRIPTS = ScriptDirectory(str(ROOT / "migrations"))
HEAD = SCRIPTS.get_current_head()
#: Every revision but the newest, oldest first.
EARLIER = [script.revision for script in reversed(list(SCRIPTS.walk_revisions())) if script.revision != HEAD]

AC, BD = "Ann & Cat", "Bob & Dan"


#: Table → its rows, each a dict of column → value, by primary key.
Rows = dict[str, list[dict[str, Any]]]
#: Table → the names of its columns.
Columns = dict[str, list[str]]


@dataclass(frozen=True)
class Played:
    """The played data at the newest schema: its SQLite file, and its rows."""

    path: Path
    rows: Rows


def app_on(url: str, instance: Path, *, upgrade_on_start: bool = True) -> Flask:
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": url}
    return create_app({**config, "UPGRADE_ON_START": upgrade_on_start})


def closed(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def play(app: Flask) -> None:
    """Through the app's pages and its writers: a group of two evenings, one of every game, and an evening alone."""
    browser = Browser(app.test_client())
    group = start_group(browser, "Thursday table")
    every_game = group_evening(browser, group, "Ann, Bob, Cat, Dan", "Every game")
    assert browser.submit(f"{every_game}/placing", {"placing": "winner"}, form_page=every_game).status_code == 302
    for game, (seats, entries) in PLAYED.items():
        match = match_id(ScoreTable(browser).match(game, seats, evening=every_game, first_dealer=seats[-1]))
        with app.test_request_context(method="POST", data={"device": f"{seats[0]}'s phone"}):
            for entry in entries[:3]:
                add_deal(db.session.get(Match, match), entry)
            edit_deal(db.session.get(Match, match), 2, entries[3], None)
            assert undo_last(db.session.get(Match, match)) == 3
    second = group_evening(browser, group, "Bob, Eve", "Second week")
    alone = ScoreTable(browser).evening(["Ann", "Fay"])
    for evening, seats in ((second, ["Bob", "Eve"]), (alone, ["Fay", "Ann"])):
        match = match_id(ScoreTable(browser).match("dracula", seats, evening=evening, first_dealer=seats[-1]))
        with app.test_request_context():
            for number in range(1, 7):
                add_deal(db.session.get(Match, match), dracula_entry(number))
            assert scored(db.session.get(Match, match)).finished


def table_rows(connection: Any, table: Table, columns: list[str]) -> list[dict[str, Any]]:
    chosen = [table.c[name] for name in columns]
    order = list(table.primary_key.columns)
    return [dict(row._mapping) for row in connection.execute(select(*chosen).order_by(*order))]


def newest_columns() -> Columns:
    return {table.name: list(table.columns.keys()) for table in db.metadata.sorted_tables}


def columns_of(engine: Engine) -> Columns:
    """The tables of the database as it is (the migrations' own left out), and their columns."""
    tables = MetaData()
    tables.reflect(engine)
    return {name: list(table.columns.keys()) for name, table in tables.tables.items() if name != "alembic_version"}


def only(rows: Rows, columns: Columns) -> Rows:
    """The rows of the tables in ``columns``, each with only those columns (less a column dropped since)."""
    return {name: [{k: row[k] for k in kept if k in row} for row in rows[name]] for name, kept in columns.items()}


@pytest.fixture(scope="session")
def played(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Played:
    folder = tmp_path_factory.mktemp("played")
    path = folder / "played.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    app = app_on(f"sqlite:///{path}", folder, upgrade_on_start=False)
    with app.app_context():
        play(app)
    closed(app)
    _revision, rows = rows_at(f"sqlite:///{path}", newest_columns(), folder)
    assert [name for name, found in rows.items() if not found] == []
    return Played(path, rows)


@contextmanager
def scratch_database(revision: str, folder: Path) -> Iterator[str]:
    """An empty database of its own: a SQLite file, or a database on ``TEST_DATABASE_URL``'s server."""
    server = server_url(f"from_{revision}".lower())  # the worker's own: tests of one revision may run at once
    if server is None:
        yield f"sqlite:///{folder / f'from_{revision}.sqlite3'}"
        return
    configured = make_url(server)
    name = configured.database
    admin = create_engine(os.environ["TEST_DATABASE_URL"], isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield configured.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def holding_at(url: str, revision: str, rows: Rows, instance: Path) -> Columns:
    """Build the database at ``revision`` and insert what it can hold of ``rows``; returns its tables' columns."""
    app = app_on(url, instance, upgrade_on_start=False)
    with app.app_context():
        upgrade(revision=revision)
        columns = columns_of(db.engine)
        old = MetaData()
        old.reflect(db.engine)
        held = only(rows, columns)
        with db.engine.begin() as connection:
            for name in newest_columns():
                if held.get(name):
                    connection.execute(insert(old.tables[name]), held[name])
    closed(app)
    return columns


def rows_at(url: str, columns: Columns, instance: Path) -> tuple[str, Rows]:
    """The database's revision, and the rows of its tables named in ``columns`` (those columns, by primary key)."""
    app = app_on(url, instance, upgrade_on_start=False)
    try:
        with app.app_context(), db.engine.connect() as connection:
            revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
            tables = MetaData()
            tables.reflect(connection, only=list(columns))
            return revision, {name: table_rows(connection, tables.tables[name], kept) for name, kept in columns.items()}
    finally:
        closed(app)


def exports(app: Flask) -> dict[str, Any]:
    """Every evening's JSON and CSV export and every group's JSON export, by their codes."""
    with app.test_request_context():
        evenings = db.session.scalars(select(Evening)).all()
        groups = db.session.scalars(select(Group)).all()
        found = {e.code: {"json": export_evening(e), "csv": sheets_csv(e)} for e in evenings}
        found |= {g.code: export_group(g) for g in groups}
        db.session.remove()
    return found


@dataclass(frozen=True)
class Upgraded:
    """A database after its upgrade and its exports (which score the deals an old schema kept unscored)."""

    exports: dict[str, Any]
    rows: Rows


def expected(played: Played, columns: Columns, folder: Path) -> Upgraded:
    """The played data less what an older schema could not hold: a column it lacked set to the column's
    default (NULL when it has none), the rows of a table it lacked deleted."""
    path = folder / "expected.sqlite3"
    shutil.copyfile(played.path, path)
    app = app_on(f"sqlite:///{path}", folder, upgrade_on_start=False)
    with app.app_context(), db.engine.begin() as connection:
        for table in db.metadata.sorted_tables:
            lacked = [c for c in table.columns if table.name in columns and c.name not in columns[table.name]]
            if lacked:
                defaults = {c.name: c.server_default.arg if c.server_default else None for c in lacked}
                connection.execute(update(table).values(defaults))
        for table in reversed(db.metadata.sorted_tables):
            if table.name not in columns:
                connection.execute(delete(table))
    try:
        found = exports(app)
    finally:
        closed(app)
    return Upgraded(found, rows_at(f"sqlite:///{path}", newest_columns(), folder)[1])


@pytest.mark.parametrize("revision", EARLIER)
def test_upgrading_from_an_earlier_revision_keeps_every_row_and_export(
    revision: str, played: Played, tmp_path: Path
) -> None:
    with scratch_database(revision, tmp_path) as url:
        columns = holding_at(url, revision, played.rows, tmp_path)
        app = app_on(url, tmp_path)  # upgrades at start
        try:
            with app.app_context(), db.engine.connect() as connection:  # the connection that upgraded
                if connection.dialect.name == "sqlite":
                    assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            found = exports(app)
        finally:
            closed(app)
        now, after = rows_at(url, newest_columns(), tmp_path)
    assert now == HEAD
    before, kept = only(played.rows, columns), only(after, columns)
    assert counts(kept) == counts(before)
    for name in columns:
        assert kept[name] == before[name], f"the rows of {name} changed"
    wanted = expected(played, columns, tmp_path)
    assert found == wanted.exports
    assert after == wanted.rows


def counts(rows: Rows) -> dict[str, int]:
    return {name: len(found) for name, found in rows.items()}


def test_an_upgrade_that_leaves_a_row_referring_to_no_row_is_rolled_back(played: Played, tmp_path: Path) -> None:
    if os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("PostgreSQL refuses such a row when it is written: only SQLite upgrades with foreign keys off")
    revision = EARLIER[-1]
    path = tmp_path / "broken.sqlite3"
    columns = holding_at(f"sqlite:///{path}", revision, played.rows, tmp_path)
    with closing(sqlite3.connect(path)) as broken, broken:  # the driver's own connection: foreign keys off
        broken.execute("UPDATE player SET evening_id = 999 WHERE id = 2")
    held = rows_at(f"sqlite:///{path}", columns, tmp_path)
    with pytest.raises(
        Exception, match=r"rolled back, for it leaves rows that refer to no row: player row 2 names no evening$"
    ):
        app_on(f"sqlite:///{path}", tmp_path)
    assert rows_at(f"sqlite:///{path}", columns, tmp_path) == held  # its revision and its rows
    engine = create_engine(f"sqlite:///{path}")
    assert columns_of(engine) == columns
    engine.dispose()
