"""Load benchmark of the live sheet: gunicorn on loopback, followers polling, editors entering deals.

Run by hand (not part of the tests):

    PYTHONPATH=. .venv/bin/python bench/bench_load.py [--seconds 60] [--viewers 200] [--editors 20] [--run-sh]

Each follower does what static/js/live.js does in a phone's browser: it loads the sheet, then polls
the match's version every ``--poll`` seconds, revalidating with the ETag of the last answer (a 304
when nothing changed), and reloads the sheet (compressed, as a browser accepts it, revalidating the
page it holds) whenever the version polled differs from the one the page it shows was made at.
The followers start spread over one poll interval. ``--editors`` editors each keep a
Dracula match of the same evening going (six deals, then undo them all, again and again; every
other editor's match starts with six deals, which it first undoes): each opens the form and
submits it every ``--editor-pause`` seconds, 10 by default, six times the pace
of the fastest real table, whose deals take a minute or more to play (``--editor-pause 1`` is a
stress test: every poll then finds a new version). The editors start spread over one pause; the
followers are shared out over their matches. gunicorn runs ``--workers`` gthread workers of
``--threads`` threads on SQLite; with ``--run-sh`` the server is started as ``./run.sh`` starts it
(``referee/serving.py``: its workers, threads, keep-alive and access log, which goes to /dev/null here),
``--workers`` and ``--threads`` then overriding its own only when given. Before the clock starts,
each match's sheet and form are requested a few times, so both workers have loaded templates and
catalogs (a server at a game night has long been warm). Prints p50/p95/max latency per kind of
request and the error count (any status but the expected ones, or no answer). Target (issue 13):
200 followers + 20 editors for 60 s, 0 errors, p95 ≤ 50 ms. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import http.cookiejar
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import brotli  # noqa: E402
from serving import free_port, wait_for  # noqa: E402

from referee.rules.dracula import DRACULA_PACK  # noqa: E402
from referee.rules.dracula.layout import CELLS  # noqa: E402

DECK = [str(c) for c in DRACULA_PACK.cards()]
LAYOUTS = [dict(zip(CELLS, DECK[i * 9 : i * 9 + 9], strict=True)) for i in range(6)]
_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


_DECODE = {"gzip": gzip.decompress, "br": brotli.decompress}


class Client:
    """One phone: a keep-alive connection with its own cookies; it accepts compressed answers and
    revalidates what it has seen with its ETag, as a browser does with ``cache: "no-cache"``."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.token = ""
        self.etags: dict[str, str] = {}

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, *, revalidate: bool = False
    ) -> tuple[int, str, str, float]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "Accept-Encoding": "br, gzip"}
        if revalidate and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrf_token": self.token})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        try:
            response, raw = self._exchange(method, path, body, headers)
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return 599, "", "", time.perf_counter() - started
        elapsed = time.perf_counter() - started
        encoding = response.headers.get("Content-Encoding")
        text = (_DECODE[encoding](raw) if encoding in _DECODE else raw).decode("utf-8", "replace")
        if response.headers.get("ETag"):
            self.etags[path] = response.headers["ETag"]
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        found = _CSRF.search(text)
        if found:
            self.token = found.group(1)
        return response.status, response.headers.get("Location", ""), text, elapsed

    def _exchange(
        self, method: str, path: str, body: str | None, headers: dict[str, str]
    ) -> tuple[http.client.HTTPResponse, bytes]:
        """One request; a kept-alive connection the server has closed meanwhile is opened again once,
        as a browser does (gunicorn closes idle connections after its keep-alive of 2 s)."""
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                return response, response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def page_version(page: str) -> str | None:
    """The version a sheet shows (its ``data-live-version``), which live.js compares with the polls."""
    found = re.search(r'data-live-version="(\d+)"', page)
    return found.group(1) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--editors", type=int, default=20)
    parser.add_argument("--workers", type=int, help="gunicorn workers (default 2)")
    parser.add_argument("--threads", type=int, help="threads per worker (default 8)")
    parser.add_argument("--run-sh", action="store_true", help="start the server as ./run.sh does")
    parser.add_argument("--poll", type=float, default=4.0, help="seconds between two polls (live.js: 4)")
    parser.add_argument(
        "--editor-pause", type=float, default=10.0, help="seconds an editor takes between two submissions"
    )
    args = parser.parse_args()

    instance = tempfile.mkdtemp(prefix="referee-bench-")
    port = free_port()
    server = start_run_sh(instance, port, args) if args.run_sh else start_gunicorn(instance, port, args)
    try:
        wait_for(port)
        run(port, args)
    finally:
        server.terminate()
        server.wait(timeout=30)


def start_gunicorn(instance: str, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    from referee import create_app

    create_app({"INSTANCE_PATH": instance})  # creates the schema once, before the workers start
    args.server = f"gunicorn {args.workers or 2} workers × {args.threads or 8} threads"
    return subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "--workers",
            str(args.workers or 2),
            "--worker-class",
            "gthread",
            "--threads",
            str(args.threads or 8),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            f"referee:create_app({{'INSTANCE_PATH': {instance!r}}})",
        ],
        cwd=ROOT,
    )


def start_run_sh(instance: str, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """``./run.sh`` on loopback and a database of its own; its access log (one line a request) is dropped."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "HOST", "DEV")}
    environment.update(PORT=str(port), INSTANCE_PATH=instance)
    for name, value in (("WORKERS", args.workers), ("THREADS", args.threads)):
        if value:
            environment[name] = str(value)
    from referee import serving

    args.server = (
        f"./run.sh: gunicorn {environment.get('WORKERS', serving.workers)} workers × "
        f"{environment.get('THREADS', serving.threads)} threads"
    )
    return subprocess.Popen([str(ROOT / "run.sh")], env=environment, cwd=ROOT, stdout=subprocess.DEVNULL)


def run(port: int, args: argparse.Namespace) -> None:
    keeper = Client(port)
    keeper.request("GET", "/")
    players = ", ".join(f"P{i}" for i in range(2 * args.editors))  # two players per editor's match
    _, evening, _, _ = keeper.request("POST", "/", {"name": "Bench", "players": players})
    evening = urllib.parse.urlparse(evening).path
    matches = []
    for e in range(args.editors):
        keeper.request("GET", f"{evening}/matches/new/dracula")
        _, location, _, _ = keeper.request(
            "POST",
            f"{evening}/matches/new/dracula",
            {"seat_0": f"P{2 * e}", "seat_1": f"P{2 * e + 1}", "first_dealer": f"P{2 * e}"},
        )
        matches.append(urllib.parse.urlparse(location).path)

    for match in matches[1::2]:  # these editors start by taking deals back
        for layout in LAYOUTS:
            keeper.request("GET", f"{match}/deals/new")
            keeper.request("POST", f"{match}/deals/new", layout)
    for match in matches:  # warm-up, not measured
        for _ in range(4):
            keeper.request("GET", match)
            keeper.request("GET", f"{match}/deals/new")

    timings: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    unchanged: dict[str, int] = defaultdict(int)
    lock = threading.Lock()
    stop = time.monotonic() + args.seconds

    def record(kind: str, status: int, elapsed: float, ok: tuple[int, ...]) -> None:
        with lock:
            timings[kind].append(elapsed)
            if status not in ok:
                errors[kind] += 1
            if status == 304:
                unchanged[kind] += 1

    def viewer(index: int) -> None:
        phone = Client(port)
        match = matches[index % len(matches)]
        time.sleep(args.poll * index / max(args.viewers, 1))
        status, _, text, elapsed = phone.request("GET", match)
        record("load sheet", status, elapsed, (200,))
        shown = page_version(text)
        while time.monotonic() < stop:
            time.sleep(args.poll)
            status, _, text, elapsed = phone.request("GET", f"{match}/version", revalidate=True)
            record("poll version", status, elapsed, (200, 304))
            if status != 200:
                continue
            version = re.search(r'"version":\s*(\d+)', text)
            if version and version.group(1) != shown:
                # live.js reloads; the browser revalidates the page it holds (a 304 shows it again).
                status, _, text, elapsed = phone.request("GET", match, revalidate=True)
                record("reload sheet", status, elapsed, (200, 304))
                if status == 200:
                    shown = page_version(text)

    def editor(index: int) -> None:
        phone = Client(port)
        phone.cookies = dict(keeper.cookies)  # the editor link's session
        match = matches[index]
        time.sleep(args.editor_pause * index / max(args.editors, 1))
        entering = [(f"{match}/deals/new", layout, "enter deal") for layout in LAYOUTS]
        undoing = [(f"{match}/undo", {}, "undo deal") for _ in LAYOUTS]
        steps = entering + undoing if index % 2 == 0 else undoing + entering
        while time.monotonic() < stop:
            for path, form, kind in steps:
                if time.monotonic() >= stop:
                    return
                phone.request("GET", path)
                status, _, _, elapsed = phone.request("POST", path, form)
                record(kind, status, elapsed, (302,))
                time.sleep(args.editor_pause)

    threads = [threading.Thread(target=viewer, args=(i,)) for i in range(args.viewers)]
    threads += [threading.Thread(target=editor, args=(i,)) for i in range(args.editors)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    every = [t for values in timings.values() for t in values]
    print(
        f"{args.seconds:.0f} s, {args.viewers} viewers, {args.editors} editors (pause {args.editor_pause} s), "
        f"{args.server}"
    )
    print(f"{'request':<14} {'count':>7} {'304':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'errors':>7}")
    for kind, values in [*sorted(timings.items()), ("all", every)]:
        values = sorted(values)
        p95 = values[int(0.95 * (len(values) - 1))]
        errs = sum(errors.values()) if kind == "all" else errors[kind]
        same = sum(unchanged.values()) if kind == "all" else unchanged[kind]
        print(
            f"{kind:<14} {len(values):>7} {same:>6} {statistics.median(values) * 1000:>8.1f} {p95 * 1000:>8.1f} "
            f"{values[-1] * 1000:>8.1f} {errs:>7}"
        )


if __name__ == "__main__":
    main()
