"""Pages and printouts of an evening at real length, as ratios against a bare HTML endpoint of the same app.

Run by hand (not part of the tests):

    PYTHONPATH=. .venv/bin/python bench/bench_pages.py [--repeat 15]

The bench's own app gets one extra endpoint, ``/bench/bare`` (see bench/serving.py).
Two evenings are imported (tests/long_evening.py): ten matches with 80 deals in all, and one
Iceberg match of ``--deals`` deals (300, the length issue 13 measures; the app itself takes at most
``limits.MAX_DEALS_PER_MATCH`` = 100 deals per match, so this bench's process raises that limit to
one more than ``--deals``). Each page is requested ``--repeat`` times through the test client, as a
phone would (brotli accepted), after one warm-up request; the median is compared with the bare
endpoint's median measured in the same run. The first row of each page is the page as served to the
next reader of its version (the app keeps one rendering per version, role and language). The rows
"rendered afresh" empty the kept renderings before each request (the first reader after a change),
the rows "nothing kept" empty the kept sheets too (a worker that has not read the match yet): for
information, no target. The new-deal form of a 10-deal match, rendered afresh, shows that the
form does not grow with the match.

Targets (issue 13): evening page ≤ 10×; 300-deal Iceberg sheet ≤ 80× and ≤ 300 KB as sent; the
new-deal form of that match ≤ 10×; its filled sheet PDF ≤ 3 s and ≤ 300 MB peak (the resident
size of a process that renders only it); a cached rule card ≤ 5 ms.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask
from flask.testing import FlaskClient
from serving import bench_app, import_evening

from referee.web.http import conditional
from referee.web.services import limits, scoring
from tests.long_evening import dracula_match, evening_export, iceberg_match

HEADERS = {"Accept-Encoding": "br, gzip"}


#: The CPU time (ms) of the last :func:`median_ms`: on a machine shared with other work, the figure
#: that does not depend on what else runs.
last_cpu_ms = 0.0


def median_ms(
    client: FlaskClient, url: str, repeat: int, before: Callable[[], None] = lambda: None
) -> tuple[float, int]:
    """Median time of GET ``url`` in ms (``before`` runs before each request, untimed), and the
    bytes of its body as sent; its median CPU time is left in :data:`last_cpu_ms`."""
    global last_cpu_ms
    first = client.get(url, headers=HEADERS)
    assert first.status_code == 200, (url, first.status_code)
    times, cpu = [], []
    for _ in range(repeat):
        before()
        started, cpu_started = time.perf_counter(), time.process_time()
        client.get(url, headers=HEADERS)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    last_cpu_ms = statistics.median(cpu) * 1000
    return statistics.median(times) * 1000, len(first.data)


def forgetting(app: Flask, *, sheets: bool) -> Callable[[], None]:
    """What empties the app's kept renderings (referee.web.http.conditional), and with ``sheets`` its kept
    sheets too (referee.web.services.scoring), as in a worker that has read none yet."""

    def forget() -> None:
        with app.app_context():
            conditional._shared_pages()[0].clear()
            if sheets:
                scoring._sheets().cache.clear()

    return forget


def _peak_of(render: Callable[[], bytes], out: multiprocessing.Queue) -> None:
    started, cpu = time.perf_counter(), time.process_time()
    data = render()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.put((time.perf_counter() - started, time.process_time() - cpu, len(data), usage.ru_maxrss))


def pdf_in_child(client: FlaskClient, url: str) -> tuple[float, float, int, float, float]:
    """Render ``url`` in a forked process: seconds (wall and CPU), bytes, its resident size at the
    start and at peak (MB). On a shared machine the CPU time is the figure that does not depend on
    what else runs."""

    def render() -> bytes:
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return response.data

    queue: multiprocessing.Queue = multiprocessing.Queue()
    start_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = multiprocessing.get_context("fork").Process(target=_peak_of, args=(render, queue))
    child.start()
    seconds, cpu, size, peak = queue.get(timeout=600)
    child.join()
    return seconds, cpu, size, start_rss, peak / 1024


def main() -> None:
    global last_cpu_ms
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # the charts' SVG properties it ignores
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--deals", type=int, default=300, help="deals of the long Iceberg match")
    args = parser.parse_args()
    limits.MAX_DEALS_PER_MATCH = max(limits.MAX_DEALS_PER_MATCH, args.deals + 1)

    app = bench_app()
    client = app.test_client()
    started = time.perf_counter()
    ten = [dracula_match() if i % 2 else iceberg_match(10) for i in range(10)]
    evening = import_evening(client, evening_export(ten, name="Ten matches"))
    long = import_evening(client, evening_export([iceberg_match(args.deals)], name=f"{args.deals} deals"))
    print(f"imported both evenings in {time.perf_counter() - started:.1f} s")
    with app.app_context():
        from referee.web.store.db import db
        from referee.web.store.models import Evening

        def first_match(path: str) -> str:
            code = path.rsplit("/", 1)[1]
            return f"{path}/matches/{db.session.query(Evening).filter_by(code=code).one().matches[0].id}"

        sheet, short = first_match(long), first_match(evening)

    bare, bare_bytes = median_ms(client, "/bench/bare", args.repeat * 4)
    bare_cpu = last_cpu_ms
    afresh, cold = forgetting(app, sheets=False), forgetting(app, sheets=True)
    form = f"{sheet}/deals/new"
    rows: list[tuple[str, str | None, float | None, int | None, Callable[[], None] | None]] = [
        ("evening page, 10 matches / 80 deals", evening, 10.0, None, None),
        ("  rendered afresh", evening, None, None, afresh),
        ("  nothing kept", evening, None, None, cold),
        (f"Iceberg sheet, {args.deals} deals", sheet, 80.0, 300 * 1024, None),
        ("  rendered afresh", sheet, None, None, afresh),
        ("  nothing kept", sheet, None, None, cold),
        (f"new-deal form, {args.deals}-deal match", form, 10.0, None, None),
        ("  rendered afresh", form, None, None, afresh),
        ("  10-deal match, rendered afresh", f"{short}/deals/new", None, None, afresh),
        (f"Iceberg sheet, {args.deals} deals, 304", None, None, None, None),
    ]
    print(f"bare HTML endpoint: {bare:.2f} ms, {bare_cpu:.2f} ms CPU ({bare_bytes} B)")
    print(f"{'page':<38} {'median ms':>10} {'ratio':>7} {'target':>7} {'KB sent':>8}  verdict  {'CPU ratio':>9}")
    for label, url, target, size_limit, before in rows:
        if url is None:
            etag = client.get(sheet, headers=HEADERS).headers["ETag"]
            times, cpu = [], []
            for _ in range(args.repeat):
                t, c = time.perf_counter(), time.process_time()
                assert client.get(sheet, headers={**HEADERS, "If-None-Match": etag}).status_code == 304
                times.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
            ms, size = statistics.median(times) * 1000, 0
            last_cpu_ms = statistics.median(cpu) * 1000
        else:
            ms, size = median_ms(client, url, args.repeat, before or (lambda: None))
        cpu_ratio = last_cpu_ms / bare_cpu
        ratio = ms / bare
        ok = (target is None or ratio <= target) and (size_limit is None or size <= size_limit)
        aim = f"{target:.0f}×" if target else "—"
        verdict, sent = "ok" if ok else "MISS", size / 1024
        print(f"{label:<38} {ms:>10.2f} {ratio:>6.1f}× {aim:>7} {sent:>8.1f}  {verdict:<6}  {cpu_ratio:>8.1f}×")

    seconds, cpu, size, start_rss, peak = pdf_in_child(client, f"{sheet}/sheet.pdf")
    ok = seconds <= 3 and peak <= 300
    print(
        f"filled sheet PDF, {args.deals} deals: {seconds:.2f} s ({cpu:.2f} s CPU), {size / 1024:.0f} KB, "
        f"resident {start_rss:.0f} MB at the start, {peak:.0f} MB at peak  {'ok' if ok else 'MISS'} (≤ 3 s, ≤ 300 MB)"
    )
    client.get("/rules/iceberg.pdf")  # rendered and cached
    cpu = time.process_time()
    ms, _ = median_ms(client, "/rules/iceberg.pdf", args.repeat)
    cpu_ms = (time.process_time() - cpu) * 1000 / (args.repeat + 1)
    print(f"cached rule card: {ms:.2f} ms ({cpu_ms:.2f} ms CPU)  {'ok' if ms <= 5 else 'MISS'} (≤ 5 ms)")


if __name__ == "__main__":
    main()
