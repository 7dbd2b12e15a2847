"""The Alembic migrations build exactly the schema of the models."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect

from referee.web.store.db import db


def test_upgrading_an_empty_database_gives_the_models_schema(app: Flask) -> None:
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
        assert {"evening", "player", "match", "deal", "revision", "alembic_version"} <= tables
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert differences == []


def test_sqlite_runs_with_foreign_keys_and_wal(app: Flask) -> None:
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            return
        with db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
