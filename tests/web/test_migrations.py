"""The Alembic migrations build exactly the schema of the models."""

from __future__ import annotations

import json
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect, text

from referee import create_app
from referee.rules.dracula import DRACULA
from referee.web.store.db import db
from referee.web.store.models import Group
from tests.long_evening import dracula_entry


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


def test_the_match_summaries_upgrade_keeps_every_group_and_its_statistics_come_back(tmp_path: Path) -> None:
    """A group stored at revision 0004 (its statistics a document of the old form) upgrades with every row kept,
    and its page counts its matches again."""
    from flask_migrate import upgrade

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": url}
    old = create_app({**config, "UPGRADE_ON_START": False})
    with old.app_context():
        upgrade(revision="0004")
        with db.engine.begin() as connection:
            run = connection.exec_driver_sql
            run(
                "INSERT INTO player_group (id, code, editor_token, name, created_at, stats_key, stats, summaries)"
                " VALUES (1, 'grp', 'tok', 'Club', '2026-01-01 20:00:00', 'old', '{\"games\": {}}',"
                " '{\"matches\": {}}')"
            )
            run("INSERT INTO person (id, group_id, name) VALUES (1, 1, 'Ann'), (2, 1, 'Bob')")
            run(
                "INSERT INTO evening (id, code, editor_token, name, created_at, placing, group_id)"
                " VALUES (1, 'eve', 'tok', 'Week 1', '2026-01-01 20:00:00', 'places', 1)"
            )
            run(
                "INSERT INTO player (id, evening_id, name, position, person_id)"
                " VALUES (1, 1, 'Ann', 0, 1), (2, 1, 'Bob', 1, 2)"
            )
            seats, options = json.dumps(["Ann", "Bob"]), json.dumps(dict(DRACULA.parse_options({})))
            run(
                "INSERT INTO match (id, evening_id, game, seats, first_dealer, options, roles, created_at, version)"
                f" VALUES (1, 1, 'dracula', '{seats}', 0, '{options}', '{{}}', '2026-01-01 20:00:00', 7)"
            )
            for number in range(1, 7):
                run(
                    "INSERT INTO deal (match_id, number, entry, created_at, updated_at, version)"
                    f" VALUES (1, {number}, '{json.dumps(dracula_entry(number))}',"
                    " '2026-01-01 20:00:00', '2026-01-01 20:00:00', 1)"
                )
        db.engine.dispose()
    app = create_app(config)  # upgrades on start, as a server does
    with app.app_context():
        counts = {table: db.session.execute(text(f"SELECT count(*) FROM {table}")).scalar() for table in TABLES}
        assert counts == {"player_group": 1, "person": 2, "evening": 1, "player": 2, "match": 1, "deal": 6}
        group = db.session.get(Group, 1)
        assert (group.name, group.stats, group.stats_key) == ("Club", {"games": {}}, "old")  # of the old form
        assert "summaries" not in {column["name"] for column in inspect(db.engine).get_columns("player_group")}
        db.engine.dispose()
    page = app.test_client().get("/g/grp").get_data(as_text=True)
    assert "<h3>Dracula</h3>" in page and "1/1" in page and "0/1" in page


TABLES = ("player_group", "person", "evening", "player", "match", "deal")
