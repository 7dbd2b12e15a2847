"""Browser tests: the app served on loopback, driven by Playwright in Debian's Chromium at a phone size.

Playwright's own browser download cannot work here, so it launches ``/usr/bin/chromium`` (or
``REFEREE_CHROMIUM``). Without Chromium the browser tests are skipped, unless
``REFEREE_REQUIRE_BROWSER`` is set (CI sets it: there they must run).
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from referee.web.store.db import db
from tests.support import phones
from tests.support.apps import app_on, fresh_state
from tests.support.databases import database_of_module, start_again
from tests.support.phones import PHONE, PhoneTable
from tests.support.phones import check_accessibility as check_accessibility
from tests.support.phones import english_words as english_words
from tests.support.phones import open_new_match as open_new_match

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("REFEREE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        path = None
    if path is None:
        if os.environ.get("REFEREE_REQUIRE_BROWSER"):
            pytest.fail("Chromium and Playwright are required here (REFEREE_REQUIRE_BROWSER is set)")
        pytest.skip("no Chromium: install Debian's chromium package to run the browser tests")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def live_app(migrated_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """The module's app served on a free loopback port, in a thread: one server for the module's tests."""
    folder = tmp_path_factory.mktemp("server")
    # Followers poll every half second: a test waits for another phone's change, not for the clock.
    app = app_on(database_of_module(migrated_database, folder), folder, TESTING=False, LIVE_POLL_MS=500)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    thread.join(timeout=10)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def server(live_app: tuple[Flask, str], migrated_database: str) -> Iterator[str]:
    """The app on loopback, its address: an empty database and nothing kept from another test."""
    app, address = live_app
    config = dict(app.config)
    yield address
    start_again(app, migrated_database)
    fresh_state(app, config)


@pytest.fixture
def table(server: str) -> PhoneTable:
    """The score keeper's table on the phones: evenings and matches started through the pages."""
    return PhoneTable(server)


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    """A phone-sized browser context: the score keeper's phone."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def other_phone(chromium: Any) -> Iterator[Any]:
    """Another player's phone, with its own cookies."""
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def japanese_phone(chromium: Any) -> Iterator[Any]:
    """A phone set to Japanese: its browser asks for ``ja-JP`` pages."""
    context = chromium.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        locale="ja-JP",
        extra_http_headers={"Accept-Language": "ja-JP,ja"},
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A test worker hands the kinds of page it checked to the run's report."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["accessibility"] = sorted(f"{route} [{language}]" for route, language, _ in phones.CHECKED)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The run gathers the kinds of page each test worker checked."""
    for kind in getattr(node, "workeroutput", {}).get("accessibility", ()):
        phones.GATHERED.add(kind)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The list of the kinds of page axe-core checked (each route in each language, and how many states)."""
    kinds = phones.GATHERED | {f"{route} [{language}]" for route, language, _ in phones.CHECKED}
    if kinds:
        terminalreporter.write_sep("-", f"axe-core checked {len(kinds)} routes and languages")
        for kind in sorted(kinds):
            terminalreporter.write_line(kind)
