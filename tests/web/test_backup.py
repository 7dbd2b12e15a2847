"""``flask --app referee backup`` while a server writes, and ``restore`` of what it wrote, on either database.

A backup holds every row committed before it began and no row that was never committed; the restored
database holds exactly the rows of the backup (links, ids and versions as they were), its foreign
keys all lead somewhere, and each of its evenings exports and imports again.
"""

from __future__ import annotations

import json
import os
import threading
import zipfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import MetaData, func, select

from referee import create_app
from referee.web.services.transfer import export_evening, import_evening, import_group
from referee.web.store import backup as backups
from referee.web.store.db import db
from referee.web.store.models import Evening
from tests.long_evening import dracula_match, evening_export, iceberg_match
from tests.support.databases import empty_database

ON_POSTGRES = (os.environ.get("TEST_DATABASE_URL") or "").startswith("postgresql")
Rows = dict[str, set[str]]


def an_app(url: str, folder: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "INSTANCE_PATH": str(folder), "SQLALCHEMY_DATABASE_URI": url, **config})


def closed(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def fill(app: Flask) -> None:
    """A group of two evenings (matches, deals, corrections, persons) and an evening of no group."""
    group = {
        "format": "table-referee/group",
        "version": 1,
        "group": {"name": "Thursdays", "created_at": "2026-11-20T20:00:00", "persons": ["Ann", "Bob", "Cat"]},
        "evenings": [
            evening_export([dracula_match(), iceberg_match(4, corrected=True)], name="First"),
            evening_export([iceberg_match(3)], name="Second"),
        ],
    }
    with app.app_context():
        import_group(group)
        import_evening(evening_export([dracula_match()], name="Alone"))


def rows(app: Flask) -> Rows:
    """Every row of every table, as text."""
    with app.app_context(), db.engine.connect() as connection:
        return {
            table.name: {
                json.dumps(dict(row), sort_keys=True, default=str)
                for row in connection.execute(select(table)).mappings()
            }
            for table in db.metadata.sorted_tables
        }


class Writer:
    """A server's worth of writing: evenings imported one after another, each in one transaction."""

    def __init__(self, app: Flask, folder: Path) -> None:
        self.app = an_app(app.config["SQLALCHEMY_DATABASE_URI"], folder, UPGRADE_ON_START=False)
        self.written = 0
        self.stop = threading.Event()
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        try:
            with self.app.app_context():
                while not self.stop.is_set():
                    import_evening(evening_export([dracula_match()], name=f"Written {self.written}"))
                    self.written += 1
                    db.session.remove()
        except BaseException as error:  # the test fails with it
            self.failure = error

    def wait_for(self, count: int) -> None:
        while self.written < count and self.thread.is_alive():
            self.stop.wait(0.01)

    def __enter__(self) -> Writer:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        self.thread.join(60)
        closed(self.app)
        assert self.failure is None, self.failure


@pytest.fixture
def empty_target(app: Flask, tmp_path: Path) -> Iterator[Any]:
    """Gives an app on an empty database to restore into: a new SQLite file, or on PostgreSQL the test
    database itself, emptied once the backup is taken (the tests may create no other database)."""
    made: list[Flask] = []

    def make() -> Flask:
        if ON_POSTGRES:
            closed(app)
            empty_database(app)
            target = an_app(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "target")
        else:
            target = an_app(f"sqlite:///{tmp_path / 'target.sqlite3'}", tmp_path / "target")
        made.append(target)
        return target

    yield make
    for target in made:
        closed(target)


def run(app: Flask, *arguments: str) -> Any:
    return app.test_cli_runner().invoke(args=list(arguments))


def dangling(app: Flask) -> list[str]:
    """Foreign keys that lead nowhere, whatever the database enforces."""
    found = []
    with app.app_context(), db.engine.connect() as connection:
        for table in db.metadata.sorted_tables:
            for key in table.foreign_key_constraints:
                (column,) = key.columns
                target = key.elements[0].column
                missing = connection.execute(
                    select(func.count())
                    .select_from(table.outerjoin(target.table, column == target))
                    .where(column.is_not(None), target.is_(None))
                ).scalar_one()
                if missing:
                    found.append(f"{table.name}.{column.name}: {missing}")
    return found


KINDS = [pytest.param([], id="native"), pytest.param(["--json"], id="portable")]


@pytest.mark.parametrize("options", KINDS)
def test_a_backup_taken_while_a_server_writes_restores_every_row_it_saw(
    app: Flask, tmp_path: Path, empty_target: Any, options: list[str]
) -> None:
    if ON_POSTGRES and not options and not backups.shutil.which("pg_dump"):
        pytest.skip("pg_dump is not installed")
    fill(app)
    file = tmp_path / "backups" / "tonight.backup"
    with Writer(app, tmp_path / "writer") as writer:
        writer.wait_for(2)
        before = rows(app)
        made = run(app, "backup", str(file), *options)
        written_during = writer.written
        writer.wait_for(written_during + 2)
    after = rows(app)
    assert made.exit_code == 0, made.output
    assert f"into {file}" in made.output and "schema" in made.output
    assert file.stat().st_mode & 0o077 == 0  # it holds every editor link: its owner's alone

    target = empty_target()
    restored = run(target, "restore", str(file))
    assert restored.exit_code == 0, restored.output
    now = rows(target)
    for table, seen in before.items():
        assert seen <= now[table], f"{table}: rows committed before the backup are missing"
        assert now[table] <= after[table], f"{table}: rows that were never committed"
    assert now["evening"] < after["evening"]  # the evenings written after the backup are not in it
    assert dangling(target) == []
    # The backup's own count is what came back.
    with target.app_context():
        evenings = db.session.scalars(select(Evening)).all()
        assert f"{len(evenings)} evenings" in made.output and f"{len(evenings)} evenings" in restored.output
        for evening in evenings:
            import_evening(export_evening(evening))
    # The links are the links they were.
    with app.app_context():
        code = db.session.scalar(select(Evening.code).where(Evening.name == "Alone"))
    assert "Alone" in target.test_client().get(f"/e/{code}").get_data(as_text=True)


@pytest.mark.parametrize("options", KINDS)
def test_a_database_holding_data_is_replaced_only_when_forced(app: Flask, tmp_path: Path, options: list[str]) -> None:
    if ON_POSTGRES and not options and not backups.shutil.which("pg_dump"):
        pytest.skip("pg_dump is not installed")
    fill(app)
    file = tmp_path / "copy.backup"
    assert run(app, "backup", str(file), *options).exit_code == 0
    kept = rows(app)
    with app.app_context():
        import_evening(evening_export([dracula_match()], name="After the backup"))
    refused = run(app, "restore", str(file))
    assert refused.exit_code != 0
    assert "already holds 1 group and 4 evenings" in refused.output and "--force" in refused.output
    assert len(rows(app)["evening"]) == 4  # nothing was touched
    forced = run(app, "restore", "--force", str(file))
    assert forced.exit_code == 0, forced.output
    assert "They replace the 1 group and 4 evenings it held." in forced.output
    assert "Restart the servers" in forced.output
    assert rows(app) == kept


def test_a_portable_backup_of_a_laptop_moves_into_the_club_database(tmp_path: Path, empty_target: Any) -> None:
    laptop = an_app(f"sqlite:///{tmp_path / 'laptop.sqlite3'}", tmp_path / "laptop")
    try:
        fill(laptop)
        file = tmp_path / "laptop.zip"
        assert run(laptop, "backup", "--json", str(file)).exit_code == 0
        kept = rows(laptop)
    finally:
        closed(laptop)
    club = empty_target()
    moved = run(club, "restore", str(file))
    assert moved.exit_code == 0, moved.output
    assert "Restored 1 group, 3 evenings, 4 matches" in moved.output
    assert rows(club) == kept
    with club.app_context():  # new rows take ids after the restored ones
        import_evening(evening_export([dracula_match()], name="Next"))


OLD_KINDS = [
    pytest.param(False, id="copy", marks=pytest.mark.skipif(ON_POSTGRES, reason="a SQLite copy restores into SQLite")),
    pytest.param(True, id="portable"),
]


@pytest.mark.parametrize("portable", OLD_KINDS)
def test_a_backup_of_an_older_release_is_restored_and_upgraded(
    tmp_path: Path, empty_target: Any, portable: bool
) -> None:
    """A backup of a database at revision 0002 (before groups and placing points) comes back at the newest."""
    path = tmp_path / "old.sqlite3"
    old = an_app(f"sqlite:///{path}", tmp_path / "old", UPGRADE_ON_START=False)
    file = tmp_path / "old.backup"
    try:
        with old.app_context():
            upgrade(revision="0002")
            tables = MetaData()
            tables.reflect(db.engine)
            with db.engine.begin() as connection:
                made = {"code": "old-code", "editor_token": "t", "name": "Before groups", "created_at": datetime.now()}
                connection.execute(tables.tables["evening"].insert(), [{"id": 1, **made}])
                connection.execute(tables.tables["player"].insert(), [{"evening_id": 1, "name": "Ann", "position": 0}])
            outcome = backups.backup(db.engine, file, portable=portable)
    finally:
        closed(old)
    assert outcome.revision == "0002" and outcome.rows["evening"] == 1
    target = empty_target()
    restored = run(target, "restore", str(file))
    assert restored.exit_code == 0, restored.output
    with target.app_context():
        evening = db.session.scalar(select(Evening).where(Evening.code == "old-code"))
        assert evening is not None and evening.player_names == ["Ann"] and evening.placing == "places"
    head = ScriptDirectory(str(Path(__file__).resolve().parents[2] / "migrations")).get_current_head()
    assert f"Its schema is at revision {head}." in restored.output
    assert target.test_client().get("/e/old-code").status_code == 200


def test_what_is_no_backup_or_of_another_database_is_refused(app: Flask, tmp_path: Path) -> None:
    not_one = tmp_path / "notes.txt"
    not_one.write_text("hello")
    answer = run(app, "restore", str(not_one))
    assert answer.exit_code != 0 and "is not a backup of Table Referee" in answer.output
    other = tmp_path / "other.backup"
    other.write_bytes(b"SQLite format 3\x00" if ON_POSTGRES else b"PGDMP\x01\x0e")
    answer = run(app, "restore", str(other))
    assert answer.exit_code != 0 and "make the backup with --json" in answer.output


def test_an_archive_of_a_newer_release_is_refused(app: Flask, tmp_path: Path) -> None:
    file = tmp_path / "newer.zip"
    assert run(app, "backup", "--json", str(file)).exit_code == 0
    with zipfile.ZipFile(file) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    manifest = json.loads(entries["manifest.json"])
    entries["manifest.json"] = json.dumps({**manifest, "revision": "9999_from_the_future"}).encode()
    with zipfile.ZipFile(file, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    answer = run(app, "restore", "--force", str(file))
    assert answer.exit_code != 0 and "which this release does not know" in answer.output
