"""The app served by gunicorn, as in production: worker processes, their logs written to files."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask, request

from referee import create_app
from referee.web.factory import ROOT

WAIT = 60


def failing_app(config: dict[str, Any]) -> Flask:
    """The app with one more page, ``/failing/…``, that fails with its path in the error: an app traceback."""
    app = create_app(config)

    @app.get("/failing/<path:rest>")
    def failing(rest: str) -> None:
        raise RuntimeError(f"failed at {request.path}")

    return app


@contextmanager
def gunicorn(app_spec: str, logs: Path, workers: int = 2) -> Iterator[str]:
    """gunicorn serving ``app_spec`` (``module:factory(args)``), its error and access logs in ``logs``
    (and what it prints, in ``output.log``); yields the server's address. The logs are complete once the
    block ends (the server has stopped)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        *("--workers", str(workers), "--bind", f"127.0.0.1:{port}"),
        *("--error-logfile", str(logs / "error.log"), "--access-logfile", str(logs / "access.log")),
        app_spec,
    ]
    with (logs / "output.log").open("wb") as output:
        server = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
        try:
            _wait_for(port, server)
            yield f"http://127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(timeout=WAIT)


def _wait_for(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        assert server.poll() is None, "gunicorn stopped"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("gunicorn did not start")
