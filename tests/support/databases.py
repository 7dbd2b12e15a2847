"""The tests' databases: one per test worker, migrated once, then copied or emptied for each test.

SQLite: the worker migrates one file; each module's app gets its own file, and before each test that
file is overwritten with a copy of the migrated one (no migration runs again). PostgreSQL
(``TEST_DATABASE_URL``): each pytest-xdist worker has a database of its own, named after
``TEST_DATABASE_URL``'s with the worker's id appended, created and migrated once; after each test its
rows are deleted (the schema stays).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from referee import create_app
from referee.web.store.db import db


def worker_id() -> str:
    """The pytest-xdist worker running this process (``gw0``, ``gw1``…), or ``""`` without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def server_url(suffix: str = "") -> str | None:
    """``TEST_DATABASE_URL`` for this worker (its own database under xdist), ``suffix`` appended to the
    database's name; ``None`` when the tests run on SQLite."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        return None
    name = "_".join(part for part in (make_url(base).database, worker_id(), suffix) if part)
    return make_url(base).set(database=name).render_as_string(hide_password=False)


def create_server_database(url: str) -> None:
    """A new, empty database at ``url`` (an old one of that name dropped): its role needs CREATEDB."""
    _remake(url, create=True)


def drop_server_database(url: str) -> None:
    """Drop the database at ``url``."""
    _remake(url, create=False)


def _remake(url: str, *, create: bool) -> None:
    """Drop the database at ``url`` and, if ``create``, make it anew, through ``TEST_DATABASE_URL``'s
    database; ``TEST_DATABASE_URL``'s own database is never dropped: its tables are."""
    name = make_url(url).database
    base = os.environ["TEST_DATABASE_URL"]
    if name == make_url(base).database:
        drop_every_table(url)
        return
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            if create:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()


@contextmanager
def scratch_database(folder: Path, name: str) -> Iterator[str]:
    """An empty database of a test's own, no schema in it: a new SQLite file in ``folder``, or a new
    PostgreSQL database named after the worker's with ``name`` appended, dropped after the block."""
    url = server_url(name)
    if url is None:
        yield f"sqlite:///{folder / name}.sqlite3"
        return
    create_server_database(url)
    try:
        yield url
    finally:
        drop_server_database(url)


def drop_every_table(url: str) -> None:
    """Every table of the database at ``url`` dropped, the migrations' own included."""
    engine = create_engine(url)
    try:
        db.metadata.drop_all(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    finally:
        engine.dispose()


def migrate(url: str, instance: Path) -> None:
    """Bring the database at ``url`` to the newest schema (the app's own upgrade at start)."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.engine.dispose()  # the last connection closes: SQLite folds its write-ahead log into the file


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL, ``None`` for any other database."""
    parsed = make_url(url)
    return Path(parsed.database) if parsed.get_backend_name() == "sqlite" and parsed.database else None


def copy_sqlite(migrated: Path, path: Path) -> None:
    """``path`` made a copy of the migrated file, its old write-ahead log and shared memory gone.

    The copy is a new file put in place, so a connection some thread still holds on the old one
    never reads the new one half-written.
    """
    for leftover in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)
    copy = path.with_name(path.name + ".copy")
    shutil.copyfile(migrated, copy)
    os.replace(copy, path)


def empty_database(app: Flask) -> None:
    """Drop every table of the app's database, the migrations' own included, and close its connections:
    for a test of an app on a database of its own, which upgrades it at start."""
    with app.app_context():
        db.session.remove()
        db.drop_all()
        with db.engine.begin() as connection:
            connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        db.engine.dispose()


def empty_rows(url: str) -> None:
    """Delete every row of a PostgreSQL test database; the schema and the migration stamp stay.

    ``DELETE`` rather than ``TRUNCATE``: on tables of a few rows it is several times faster. Sequences
    start again from 1, as on a fresh copy.
    """
    engine = _engines.get(url)
    if engine is None:
        engine = _engines.setdefault(url, create_engine(url, isolation_level="AUTOCOMMIT"))
    tables = [table.name for table in reversed(db.metadata.sorted_tables)]
    with engine.connect() as connection:
        connection.exec_driver_sql("; ".join(f'DELETE FROM "{name}"' for name in tables))
        used = connection.exec_driver_sql("SELECT sequencename FROM pg_sequences WHERE last_value IS NOT NULL")
        restarts = [f'ALTER SEQUENCE "{name}" RESTART' for (name,) in used]
        if restarts:
            connection.exec_driver_sql("; ".join(restarts))


#: One engine per test database for emptying it, kept for the whole run.
_engines: dict[str, Engine] = {}


def database_of_module(migrated: str, folder: Path) -> str:
    """A module's database: a copy of the migrated SQLite file in ``folder``, or the worker's PostgreSQL one."""
    path = sqlite_path(migrated)
    if path is None:
        return migrated
    copy_sqlite(path, folder / "test.sqlite3")
    return f"sqlite:///{folder / 'test.sqlite3'}"


def start_again(app: Flask, migrated: str) -> None:
    """The app's database back to the migrated schema without rows: a new copy of the migrated SQLite
    file (connections closed first), or a PostgreSQL database emptied of its rows."""
    with app.app_context():
        db.session.remove()
        migrated_file = sqlite_path(migrated)
        if migrated_file is None:
            empty_rows(app.config["SQLALCHEMY_DATABASE_URI"])
            return
        db.engine.dispose()
        path = sqlite_path(app.config["SQLALCHEMY_DATABASE_URI"])
        assert path is not None
        copy_sqlite(migrated_file, path)
