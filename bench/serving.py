"""What the benches share: the app with a bare endpoint, evenings imported through it, gunicorn on
loopback and plain requests to it.

The bench's app gets one extra endpoint, ``/bench/bare`` (a constant HTML page through the same
request machinery: session, CSRF, security headers, compression); production apps never have it.
Every figure of a bench is a ratio against that endpoint measured in the same run.
"""

from __future__ import annotations

import http.client
import io
import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from referee import create_app  # noqa: E402


def bench_app(instance: str | None = None, **config: Any) -> Flask:
    """The app on ``instance`` (a new temporary folder by default) with ``/bench/bare``; forms need no token."""
    folder = instance or tempfile.mkdtemp(prefix="referee-bench-")
    app = create_app({"INSTANCE_PATH": folder, "WTF_CSRF_ENABLED": False, **config})

    @app.get("/bench/bare")
    def bare() -> str:
        return "<!doctype html><title>bare</title><p>bare</p>"

    return app


def import_evening(client: FlaskClient, data: dict[str, Any]) -> str:
    """Import ``data`` through /import (the importing browser becomes an editor); the evening's path."""
    upload = {"file": (io.BytesIO(json.dumps(data).encode()), "evening.json")}
    response = client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)[-500:]
    return response.headers["Location"]


def match_paths(app: Flask, evening: str) -> list[str]:
    """The paths of an evening's matches, in order."""
    from referee.web.store.db import db
    from referee.web.store.models import Evening

    code = evening.rstrip("/").rsplit("/", 1)[1]
    with app.app_context():
        found = db.session.query(Evening).filter_by(code=code).one()
        return [f"{evening}/matches/{match.id}" for match in found.matches]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int) -> None:
    for _ in range(1200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]

    def workers(self) -> list[int]:
        """The process ids of gunicorn's workers."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return [int(pid) for pid in children]


@contextmanager
def gunicorn(
    instance: str, *, workers: int = 4, threads: int = 1, timeout: int = 30, **config: Any
) -> Iterator[Server]:
    """gunicorn serving :func:`bench_app` on ``instance`` (whose database must exist), on loopback;
    ``threads`` above 1 makes gthread workers. Waits until every worker answers."""
    port = free_port()
    settings = "".join(f", {name}={value!r}" for name, value in config.items())
    factory = f"serving:bench_app({instance!r}{settings})"
    command = [str(Path(sys.executable).with_name("gunicorn")), "--workers", str(workers), "--timeout", str(timeout)]
    if threads > 1:
        command += ["--worker-class", "gthread", "--threads", str(threads)]
    command += ["--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--pythonpath", str(ROOT / "bench"), factory]
    process = subprocess.Popen(command, cwd=ROOT)
    server = Server(port, process)
    try:
        wait_for(port)
        while len(server.workers()) < workers:
            if process.poll() is not None:
                raise SystemExit("gunicorn stopped")
            time.sleep(0.1)
        for _ in range(workers * 4):
            fetch(port, "/bench/bare")
        yield server
    finally:
        process.terminate()
        process.wait(timeout=60)


#: The status :func:`fetch` gives for a request the server never answered (a reset, a timeout).
NO_ANSWER = 599


def fetch(
    port: int, path: str, headers: dict[str, str] | None = None, *, timeout: float = 120
) -> tuple[int, float, bytes]:
    """GET ``path`` on a new connection: the status (NO_ANSWER when none came), the seconds it took, the body."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, time.perf_counter() - started, body
    except (OSError, http.client.HTTPException):
        return NO_ANSWER, time.perf_counter() - started, b""
    finally:
        connection.close()


def resident_mb(pid: int) -> float:
    """The resident size of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")
