"""Under gunicorn with several workers: PDFs beyond the machine's render slots are told to try again (never
a 500 or a dropped connection) while the pages keep coming, and a room of phones asking for a changed
sheet at one moment costs one rendering per worker.

The app is served by ``tests.web.served_app`` on the test's own database, its PDF renders and sheet
renderings slowed down so that requests surely overlap; one render slot for the whole machine.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee.web.factory import ROOT
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.table import Table

pytest.importorskip("gunicorn")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, path: str) -> tuple[int, float, bytes]:
    """GET on a connection of its own: status (0 when no answer came), seconds, body."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, time.perf_counter() - started, response.read()
    except (OSError, http.client.HTTPException):
        return 0, time.perf_counter() - started, b""
    finally:
        connection.close()


@pytest.fixture
def served(app: Flask) -> Iterator[int]:
    """gunicorn serving the test's database: 2 workers of 4 threads (the app made once, before they fork),
    one render slot, slow renders."""
    port = _port()
    factory = (
        f"tests.web.served_app:slowed_app({app.instance_path!r}, {app.config['SQLALCHEMY_DATABASE_URI']!r}, "
        "pdf_seconds=0.8, page_seconds=0.4, renders=1)"
    )
    command = [str(Path(sys.executable).with_name("gunicorn")), "--workers", "2", "--worker-class", "gthread"]
    command += ["--threads", "4", "--preload", "--bind", f"127.0.0.1:{port}", "--log-level", "warning", factory]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        for _ in range(600):
            if _get(port, "/api/v1/")[0] == 200:
                break
            assert server.poll() is None, "gunicorn stopped"
            time.sleep(0.1)
        yield port
    finally:
        # Nothing of the server is kept: its workers and itself are ended at once.
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
        workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
        server.kill()
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
        server.wait(timeout=30)


def _at_once(port: int, paths: list[str]) -> list[tuple[int, float, bytes]]:
    answers: list[tuple[int, float, bytes]] = [(0, 0.0, b"")] * len(paths)
    barrier = threading.Barrier(len(paths))

    def ask(index: int) -> None:
        barrier.wait()
        answers[index] = _get(port, paths[index])

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(paths))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.fixture
def match(browser: Browser, table: Table) -> str:
    match = table.match("dracula", **QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    return match


def test_pdfs_beyond_the_render_slots_get_a_503_and_the_pages_keep_coming(served: int, match: str) -> None:
    evening = match.rsplit("/matches/", 1)[0]
    pdfs = [f"{match}/sheet.pdf", f"{match}/sheet.pdf?paper=letter", f"{evening}/record.pdf"]
    light: list[float] = []
    answers: list[tuple[int, float, bytes]] = []
    asking = threading.Thread(target=lambda: answers.extend(_at_once(served, pdfs)))
    asking.start()
    while asking.is_alive():
        status, seconds, _ = _get(served, "/api/v1/")
        assert status == 200
        light.append(seconds)
    statuses = sorted(status for status, _, _ in answers)
    assert set(statuses) <= {200, 503} and 200 in statuses and 503 in statuses, statuses
    for status, _, body in answers:
        assert body.startswith(b"%PDF") if status == 200 else b"The printer is busy" in body
    assert light and max(light) < 2.0  # one worker renders; the pages do not wait for it
    for path in pdfs:  # one after the other, each gets its PDF: rendered now, or kept from before
        status, _, body = _get(served, path)
        assert status == 200 and body.startswith(b"%PDF")


def test_a_burst_of_phones_on_a_changed_sheet_costs_one_rendering_per_worker(
    served: int, match: str, app: Flask
) -> None:
    log = Path(app.instance_path) / "sheet-renderings.log"
    answers = _at_once(served, [match] * 24)
    assert [status for status, _, _ in answers] == [200] * 24
    assert len(set(body for _, _, body in answers)) == 1
    assert 1 <= len(log.read_text().splitlines()) <= 2  # 2 workers
