"""Fixtures: an app on a temporary database, and its client.

The database is a fresh SQLite file per test (a copy of one migrated once per session), or, when
``TEST_DATABASE_URL`` is set (CI runs the suite a second time against PostgreSQL), that server's
database, its rows emptied after each test. The
app's own ``DATABASE_URL`` is never used by the tests, so they cannot touch real data.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from referee import create_app
from referee.web.store.db import db

# Property tests judge outcomes, not speed (benchmarks in bench/ do that): no per-example deadline, which a
# busy machine would break. CI runs the same examples on every run (``HYPOTHESIS_PROFILE=ci``), so its
# verdict never depends on the luck of a draw; locally each run draws new examples.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "local"))

_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database brought to the newest schema once per test session, to be copied for each test."""
    folder = tmp_path_factory.mktemp("migrated")
    path = folder / "migrated.sqlite3"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(folder), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.engine.dispose()  # the last connection closes: the write-ahead log is folded into the file
    return path


@pytest.fixture
def app(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Flask]:
    """The app on a database of its own: a copy of the migrated SQLite file, or ``TEST_DATABASE_URL``'s
    database (its schema kept between tests, its rows emptied after each)."""
    server = os.environ.get("TEST_DATABASE_URL")
    if server is None:
        shutil.copyfile(migrated_sqlite, tmp_path / "test.sqlite3")
    url = server or f"sqlite:///{tmp_path / 'test.sqlite3'}"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": url})
    yield app
    if server is None:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    else:
        empty_rows(app)


def empty_rows(app: Flask) -> None:
    """Delete every row (the schema and its migration stamp stay), so the next test starts from nothing."""
    with app.app_context():
        db.session.remove()
        names = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
        with db.engine.begin() as connection:
            connection.exec_driver_sql(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
        db.engine.dispose()


def empty_database(app: Flask) -> None:
    """Drop every table, the migrations' own included, so the next test starts from nothing."""
    with app.app_context():
        db.session.remove()
        db.drop_all()
        with db.engine.begin() as connection:
            connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Browser:
    """A test client that fills in the CSRF token of the page it last loaded, as a browser would."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token: str | None = None

    def get(self, url: str, **kwargs: Any):  # type: ignore[no-untyped-def]
        response = self.client.get(url, **kwargs)
        found = _CSRF.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1)
        return response

    def submit(self, url: str, data: dict[str, Any], *, form_page: str | None = None):  # type: ignore[no-untyped-def]
        """Load ``form_page`` (default ``url``) for its token, then post ``data`` to ``url``."""
        self.get(form_page or url)
        assert self.token, f"no CSRF token on {form_page or url}"
        response = self.client.post(url, data={**data, "csrf_token": self.token})
        found = _CSRF.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1)
        return response


@pytest.fixture
def browser(client: FlaskClient) -> Browser:
    return Browser(client)
