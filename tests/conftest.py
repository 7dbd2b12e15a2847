"""Fixtures: an app on a database of its own, its client, and the table; Hypothesis's profiles.

Each worker migrates one database once: a SQLite file, or (``TEST_DATABASE_URL``: CI runs the
tests that touch a database a second time against PostgreSQL) a PostgreSQL database of its own.
Each test module has one app; before each test it gets a fresh copy of the migrated file (SQLite) or
an emptied database (PostgreSQL), and forgets what it kept (``tests/support/apps.py``). The app's
own ``DATABASE_URL`` is never used by the tests, so they cannot touch real data. A test that uses
the database is marked ``db`` (``pytest -m db`` runs those alone).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.web.store.db import db
from tests.support import examples
from tests.support.apps import app_on, fresh_state
from tests.support.client import Browser as Browser
from tests.support.databases import (
    create_server_database,
    database_of_module,
    drop_server_database,
    migrate,
    server_url,
    start_again,
    worker_id,
)
from tests.support.databases import empty_database as empty_database
from tests.support.table import Table

examples.load_profile()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file at the newest schema, migrated once per test worker, to be copied."""
    folder = tmp_path_factory.mktemp("migrated")
    path = folder / "migrated.sqlite3"
    migrate(f"sqlite:///{path}", folder)
    return path


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    """This worker's database at the newest schema, migrated once: the SQLite file of
    :func:`migrated_sqlite`, which each module's app copies, or the worker's PostgreSQL database."""
    url = server_url()
    if url is None:
        yield f"sqlite:///{request.getfixturevalue('migrated_sqlite')}"
        return
    create_server_database(url)
    migrate(url, tmp_path_factory.mktemp("migrated"))
    yield url
    if worker_id():
        drop_server_database(url)


@pytest.fixture(scope="module")
def module_app(migrated_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The app of a test module; :func:`app` gives it to a test with its database and state fresh."""
    folder = tmp_path_factory.mktemp("app")
    app = app_on(database_of_module(migrated_database, folder), folder)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(module_app: Flask, migrated_database: str) -> Iterator[Flask]:
    """The module's app on an empty database at the newest schema, its configuration as made and nothing
    kept from another test; what the test changes is undone after it."""
    config = dict(module_app.config)
    yield module_app
    start_again(module_app, migrated_database)
    fresh_state(module_app, config)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def browser(client: FlaskClient) -> Browser:
    """The app's client as a browser: it fills in the CSRF token of the page it last loaded."""
    return Browser(client)


@pytest.fixture
def table(browser: Browser) -> Table:
    """The score keeper's table through the pages: evenings, matches of any game, deals."""
    return Table(browser)


#: The order the folders' tests are handed to the test workers: the longest modules first (browser, the
#: pages, the top folder's), the many quick rules tests last, so that the workers finish together rather
#: than one waiting on the last long module of another.
FOLDER_ORDER = ("browser", "web", "tests")


def folder_rank(item: pytest.Item) -> int:
    folder = item.path.parent.name
    return FOLDER_ORDER.index(folder) if folder in FOLDER_ORDER else len(FOLDER_ORDER)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests on a database are marked ``db`` (those that build databases of their own, marked ``database``,
    too); property tests take their examples from the loaded profile; the folders run in
    :data:`FOLDER_ORDER` (a stable sort: each module's tests stay together, in their order)."""
    for item in items:
        if "migrated_database" in getattr(item, "fixturenames", ()) or item.get_closest_marker("database"):
            item.add_marker(pytest.mark.db)
    examples.apply_to(items)
    items.sort(key=folder_rank)
