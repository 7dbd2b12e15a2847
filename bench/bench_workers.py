"""A new worker's first pages, 200 phones opening one sheet at the same moment, and a worker's memory
over many evenings and records, as ratios against a bare endpoint of the same app.

Run by hand (not part of the tests):

    .venv/bin/pip install -e '.[bench]'
    PYTHONPATH=. .venv/bin/python bench/bench_workers.py [--phones 200] [--evenings 30]

1. Cold: a new interpreter starts the app as a gunicorn worker does (``create_app``) and answers its
   first requests: a 100-deal Iceberg sheet, then (in another new process) the page of an evening of
   ten matches. Three processes each; the time of the first request against the bare endpoint's warm
   median. Target: the first 100-deal sheet ≤ 150 ms.
2. Burst: gunicorn, 4 gthread workers × 8 threads. The 100-deal match changes (its last deal is
   undone: a new version that no worker has rendered), then ``--phones`` phones open its sheet at
   one moment, each on a connection of its own; three rounds. Target: p95 ≤ 1 s (one rendering per
   worker, the other phones waiting for it).
3. Memory: gunicorn, 4 sync workers. ``--evenings`` evenings of ten matches (80 deals) are each read
   (their page) and printed (their record PDF), one request at a time; then as many other evenings
   again. The resident size of every worker after each half. Target: ≤ 250 MB, and flat.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import subprocess
import sys
import threading
import time

from serving import ROOT, bench_app, fetch, gunicorn, import_evening, match_paths, percentile, resident_mb

from tests.long_evening import dracula_match, evening_export, iceberg_match

#: Run in a new interpreter: start the app on an existing instance, then time its first request of a page.
_COLD = """
import sys, time
sys.path.insert(0, "bench")
from serving import bench_app
app = bench_app(sys.argv[1])
client = app.test_client()
started = time.perf_counter()
response = client.get(sys.argv[2], headers={"Accept-Encoding": "br, gzip"})
first = time.perf_counter() - started
assert response.status_code == 200, response.status_code
times = []
for _ in range(30):
    started = time.perf_counter()
    client.get("/bench/bare")
    times.append(time.perf_counter() - started)
print(first, sorted(times)[15])
"""


def cold(instance: str, url: str) -> tuple[float, float]:
    out = subprocess.run(
        [sys.executable, "-c", _COLD, instance, url], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[-2]), float(out[-1])


def main() -> None:
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--evenings", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-cold", action="store_true")
    args = parser.parse_args()

    app = bench_app()
    instance = app.instance_path
    client = app.test_client()
    ten = [dracula_match() if i % 2 else iceberg_match(10) for i in range(10)]
    started = time.perf_counter()
    evenings = [import_evening(client, evening_export(ten, name=f"Evening {i}")) for i in range(2 * args.evenings)]
    print(f"imported {len(evenings)} evenings of ten matches in {time.perf_counter() - started:.1f} s")
    # Last: the browser that imports it stays its editor (a browser remembers its last 30 evenings).
    long = import_evening(client, evening_export([iceberg_match(100)], name="100 deals"))
    sheet = match_paths(app, long)[0]

    print("\ncold: the first request of a new process")
    for label, url in () if args.skip_cold else (("100-deal sheet", sheet), ("evening of ten matches", evenings[0])):
        firsts, bares = zip(*(cold(instance, url) for _ in range(3)), strict=True)
        bare = statistics.median(bares)
        print(
            f"{label:<24} {min(firsts) * 1000:>5.0f}–{max(firsts) * 1000:.0f} ms = "
            f"{min(firsts) / bare:.0f}–{max(firsts) / bare:.0f}× the bare endpoint ({bare * 1000:.2f} ms)"
            + (f"  {'ok' if max(firsts) <= 0.15 else 'MISS'} (≤ 150 ms)" if url == sheet else "")
        )

    with gunicorn(instance, workers=4, threads=8) as server:
        bare = statistics.median(fetch(server.port, "/bench/bare")[1] for _ in range(40))
        print(f"\nburst: {args.phones} phones at once, gunicorn 4 gthread workers × 8; bare {bare * 1000:.1f} ms")
        for round_ in range(args.rounds):
            _undo_last(client, sheet)
            times = _burst(server.port, sheet, args.phones)
            p95 = percentile(times, 0.95)
            print(
                f"round {round_ + 1}: p50 {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
                f"({p95 / bare:.0f}×), max {max(times) * 1000:.0f} ms, "
                f"{sum(1 for t in times if t == float('inf'))} failed  {'ok' if p95 <= 1 else 'MISS'} (p95 ≤ 1 s)"
            )

    with gunicorn(instance, workers=4) as server:
        print("\nmemory of each worker (MB), 4 sync workers")
        print(f"{'at the start':<34} {_sizes(server)}")
        for half in (evenings[: args.evenings], evenings[args.evenings :]):
            for evening in half:
                for url in (evening, f"{evening}/record.pdf"):
                    status, _, _ = fetch(server.port, url)
                    assert status == 200, (url, status)
            print(f"{f'after {len(half)} more evenings and records':<34} {_sizes(server)}")


def _sizes(server) -> str:  # type: ignore[no-untyped-def]
    sizes = [resident_mb(pid) for pid in server.workers()]
    return " ".join(f"{size:>5.0f}" for size in sizes) + f"  {'ok' if max(sizes) <= 250 else 'MISS'} (≤ 250 MB)"


def _undo_last(client, sheet: str) -> None:  # type: ignore[no-untyped-def]
    """A new version of the match: its last deal undone (through the importing browser, an editor)."""
    form = client.get(f"{sheet}/undo").get_data(as_text=True)
    number = int(form.split('name="number"', 1)[1].split('value="', 1)[1].split('"', 1)[0])
    version = int(form.split('name="version"', 1)[1].split('value="', 1)[1].split('"', 1)[0])
    response = client.post(f"{sheet}/undo", data={"number": number, "version": version})
    assert response.status_code == 302, response.status_code


def _burst(port: int, url: str, phones: int) -> list[float]:
    barrier = threading.Barrier(phones)
    times: list[float] = [float("inf")] * phones

    def phone(index: int) -> None:
        barrier.wait()
        status, seconds, _ = fetch(port, url, {"Accept-Encoding": "br, gzip"})
        if status == 200:
            times[index] = seconds

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


if __name__ == "__main__":
    main()
