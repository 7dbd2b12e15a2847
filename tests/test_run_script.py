"""``./run.sh`` as README.md starts it: a production server (gunicorn, not Flask's development server) that
serves the pages, stops cleanly on SIGTERM (a request in flight finishes), and starts again quickly.

With ``TEST_DATABASE_URL`` on PostgreSQL, two workers serve one database: whichever worker answers, a
follower never sees a page from before a change made through the other.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import os
import re
import signal
import socket
import subprocess
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS

ROOT = Path(__file__).resolve().parents[1]
DEVELOPMENT_WARNING = "This is a development server"
POSTGRES = os.environ.get("TEST_DATABASE_URL", "")
_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
#: The first start may install the app into .venv (pip, from its cache); later starts skip that.
FIRST_START = 180


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    folder: Path

    def log(self) -> str:
        return (self.folder / "stdout").read_text() + (self.folder / "stderr").read_text()

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(60)


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Starts ``./run.sh`` with the environment given, on a free port and a temporary instance folder;
    waits until it answers."""
    started: list[Server] = []

    def run(**environment: str) -> Server:
        port = free_port()
        folder = tmp_path / f"server-{len(started)}"
        folder.mkdir()
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "HOST", "DEV", "WORKERS")}
        env.update(PORT=str(port), INSTANCE_PATH=str(folder / "instance"), **environment)
        with (folder / "stdout").open("wb") as out, (folder / "stderr").open("wb") as err:
            # A session of its own: what the server started (the development server's reloader) ends with it.
            process = subprocess.Popen(
                [str(ROOT / "run.sh")], env=env, stdout=out, stderr=err, cwd=folder, start_new_session=True
            )
        server = Server(process, port, folder)
        started.append(server)
        deadline = time.monotonic() + FIRST_START
        while time.monotonic() < deadline:
            assert process.poll() is None, f"./run.sh stopped: {server.log()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return server
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"./run.sh did not answer: {server.log()}")

    yield run
    for server in started:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(30)


@dataclass
class Phone:
    """A browser: cookies, the last form token; a new connection per request, so any worker may answer."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    token: str = ""

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrf_token": self.token})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.text = response.read().decode()  # type: ignore[attr-defined]
        connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        found = _CSRF.search(response.text)  # type: ignore[attr-defined]
        if found:
            self.token = found.group(1)
        return response

    def submit(self, path: str, form: dict[str, str], page: str | None = None) -> str:
        """Load the form's page, post it, and give where the answer leads."""
        self.request("GET", page or path)
        answer = self.request("POST", path, form)
        assert answer.status == 302, answer.text  # type: ignore[attr-defined]
        return urllib.parse.urlsplit(answer.headers["Location"]).path


def test_run_sh_serves_with_gunicorn_and_stops_cleanly(start: Callable[..., Server]) -> None:
    server = start()
    phone = Phone(server.port)
    home = phone.request("GET", "/")
    assert home.status == 200
    assert home.headers.get("Server", "gunicorn").startswith("gunicorn")
    evening = phone.submit("/", {"name": "Friday", "players": "Ann, Bob"})
    page = phone.request("GET", evening)
    assert page.status == 200 and "Friday" in page.text  # type: ignore[attr-defined]
    assert phone.request("GET", "/healthz").status == 200

    # A phone sends a deal slowly: the server is told to stop meanwhile, and answers it all the same.
    body = b'{"layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]], "players": 2}'
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    slow.sendall(
        b"POST /api/v1/dracula/coffin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body[:20]
    )
    time.sleep(0.5)  # the request is in a worker's hands, reading its body
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    slow.sendall(body[20:])
    answer = b""
    while chunk := slow.recv(65536):
        answer += chunk
    slow.close()
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    assert b'"scores"' in answer.split(b"\r\n\r\n", 1)[1]
    assert server.process.wait(30) == 0
    log = server.log()
    assert DEVELOPMENT_WARNING not in log
    assert "Booting worker" in log and "Shutting down" in log
    assert f'"GET {evening} HTTP/1.1" 200' in log  # one access line per request, on stdout
    # The next start installs nothing: pyproject.toml is as when pip last ran.
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    assert (ROOT / ".venv" / ".run-installed").read_text().strip() == digest


def test_only_the_dev_switch_runs_flasks_development_server(start: Callable[..., Server]) -> None:
    server = start(DEV="1")
    assert Phone(server.port).request("GET", "/").headers["Server"].startswith("Werkzeug")
    assert DEVELOPMENT_WARNING in server.log()


@pytest.mark.skipif(not POSTGRES.startswith("postgresql"), reason="TEST_DATABASE_URL is not PostgreSQL")
def test_two_workers_on_postgresql_never_serve_a_page_from_before_a_change(
    start: Callable[..., Server], app: object
) -> None:
    """(``app`` empties the database's rows after the test.)"""
    server = start(DATABASE_URL=POSTGRES, WORKERS="2", THREADS="4")
    keeper = Phone(server.port)
    evening = keeper.submit("/", {"name": "Club", "players": "Ann, Bob"})
    form = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    match = keeper.submit(f"{evening}/matches/new/dracula", form)
    cards = [str(card) for card in DRACULA_PACK.cards()]
    follower = Phone(server.port)
    for number in range(1, 4):
        for _ in range(12):  # both workers keep the sheet as it is
            follower.request("GET", match)
        layout = dict(zip(CELLS, cards[(number - 1) * 9 : number * 9], strict=True))
        keeper.submit(f"{match}/deals/new", layout)
        for _ in range(12):
            sheet = follower.request("GET", match).text  # type: ignore[attr-defined]
            assert f'data-live-version="{number + 1}"' in sheet
            assert f"deal-{number}" in sheet
    workers = set(re.findall(r"<(\d+)> \"GET " + re.escape(match) + " ", server.log()))
    assert len(workers) == 2, server.log()
    assert server.stop() == 0
