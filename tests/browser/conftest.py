"""Browser tests: the app served on loopback, driven by Playwright in Debian's Chromium at a phone size.

Playwright's own browser download cannot work here, so it launches ``/usr/bin/chromium`` (or
``REFEREE_CHROMIUM``). Without Chromium the browser tests are skipped, unless
``REFEREE_REQUIRE_BROWSER`` is set (CI sets it: there they must run).
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from referee import create_app
from tests.conftest import empty_database

PHONE = {"width": 390, "height": 844}
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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The app on a free loopback port, with its own SQLite database."""
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'browser.sqlite3'}"
    # Followers poll every half second: a test waits for another phone's change, not for the clock.
    app = create_app({"INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": url, "LIVE_POLL_MS": 500})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    thread.join(timeout=10)
    empty_database(app)


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


ENGLISH_WORD = re.compile(r"\b[A-Za-z][a-z]{2,}\b")


def english_words(text: str, allowed: Sequence[str] = ()) -> list[str]:
    """Words of three letters or more in ``text`` that are English (player names and ``allowed`` aside).

    Card codes (``10H``), clause ids (``paks-4.2``) and capitals (``API``, ``PDF``) are not words here.
    """
    skip = {word.casefold() for word in allowed}
    return [
        word for word in ENGLISH_WORD.findall(re.sub(r"\b[a-z]+-[\d.]+\b", " ", text)) if word.casefold() not in skip
    ]


def check_accessibility(page: Any) -> None:
    """No serious or critical axe-core violation on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert bad == [], f"{page.url}: {bad}"


def open_new_match(page: Any, server: str, evening: str, players: Sequence[str], game: str) -> None:
    """Start an evening of ``players`` on the home page and open the new-match page of ``game``,
    checking the accessibility of each page on the way."""
    page.goto(server + "/")
    check_accessibility(page)
    page.fill("#name", evening)
    page.fill("#players", "\n".join(players))
    page.click("text=Start the evening")
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    check_accessibility(page)
    page.click(f"a.button:text('{game}')")
    check_accessibility(page)
