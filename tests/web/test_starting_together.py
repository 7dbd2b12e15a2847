"""Worker processes starting together on an empty database upgrade it once, and all of them start."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from sqlalchemy import text

from referee import create_app
from referee.web.factory import ROOT
from referee.web.store.db import db
from tests.support.databases import scratch_database

WORKERS = 4
WAIT = 120


@pytest.fixture
def empty_url(tmp_path: Path, migrated_database: str) -> Iterator[str]:
    """An empty database of the test's own: a new SQLite file, or a new PostgreSQL database (so the test
    is one of those on a database, and runs on PostgreSQL too)."""
    with scratch_database(tmp_path, "workers") as url:
        yield url


def unstarted_app(url: str, instance: Path) -> Flask:
    """The app on ``url`` without its upgrade at start."""
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": url}
    return create_app({**config, "UPGRADE_ON_START": False})


def start(url: str, instance: str, barrier: Any) -> None:
    """A worker: waits for the others, then starts the app as gunicorn's workers do (it upgrades the database)."""
    barrier.wait(WAIT)
    app = create_app({"TESTING": True, "INSTANCE_PATH": instance, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.session.execute(text("SELECT count(*) FROM evening")).scalar_one()


def test_workers_starting_together_on_an_empty_database_all_start(empty_url: str, tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WORKERS)
    workers = [context.Process(target=start, args=(empty_url, str(tmp_path), barrier)) for _ in range(WORKERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(WAIT)
    assert [worker.exitcode for worker in workers] == [0] * WORKERS

    app = unstarted_app(empty_url, tmp_path)
    head = ScriptDirectory(str(ROOT / "migrations")).get_current_head()
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [head]
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
