"""Importing an evening at the limits, on SQLite and on PostgreSQL, as ratios against a bare endpoint.

Run by hand (not part of the tests):

    PYTHONPATH=. .venv/bin/python bench/bench_import.py [--repeat 3] \
        [--postgres postgresql+psycopg://referee:referee@127.0.0.1:5432/referee_bench]

The file is tests/long_evening.py's ``evening_at_limits``: 30 matches of 100 Iceberg deals entered as
play logs, each corrected once (two revisions a deal), 7.4 MB of JSON. It is posted to ``/import``
through the test client ``--repeat`` times on each database (each import makes a new evening); the
medians are printed: the CPU time of the bench's own process (the app's work; PostgreSQL's own work is
not in it), which a machine shared with other work inflates far less than the wall time, printed beside
it, and each as a ratio to the bare endpoint's median of the same run. ``--postgres`` names a database that
is created empty for the bench and dropped after it (skipped without it).
Target: ≤ 5 s of CPU on both databases.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import tempfile
import time

from serving import bench_app
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.long_evening import evening_at_limits


def bench(label: str, url: str | None, body: bytes, repeat: int) -> None:
    config = {"SQLALCHEMY_DATABASE_URI": url} if url else {}
    app = bench_app(tempfile.mkdtemp(prefix="referee-bench-"), **config)
    client = app.test_client()
    bare, bare_cpu = [], []
    for _ in range(50):
        started, cpu_started = time.perf_counter(), time.process_time()
        client.get("/bench/bare")
        bare.append(time.perf_counter() - started)
        bare_cpu.append(time.process_time() - cpu_started)
    times, cpu = [], []
    for _ in range(repeat):
        upload = {"file": (io.BytesIO(body), "evening.json")}
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.post("/import", data=upload, content_type="multipart/form-data")
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        assert response.status_code == 302, response.get_data(as_text=True)[-300:]
    seconds, base = statistics.median(times), statistics.median(bare)
    spent, base_cpu = statistics.median(cpu), statistics.median(bare_cpu)
    verdict = "ok" if spent <= 5 else "MISS"
    print(
        f"{label:<11} {spent:>5.2f} s CPU = {spent / base_cpu:>6.0f}× the bare endpoint's ({base_cpu * 1000:.2f} ms)"
        f"  {verdict} (≤ 5 s CPU); wall {seconds:.2f} s (worst {max(times):.2f} s) = {seconds / base:.0f}×"
        f" ({base * 1000:.2f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--postgres", help="a PostgreSQL database URL: created for the bench, dropped after")
    args = parser.parse_args()
    body = json.dumps(evening_at_limits()).encode()
    print(f"the evening at the limits: {len(body) / 1e6:.1f} MB")
    bench("SQLite", None, body, args.repeat)
    if args.postgres:
        url = make_url(args.postgres)
        server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
        with server.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{url.database}"'))
            connection.execute(text(f'CREATE DATABASE "{url.database}"'))
        try:
            bench("PostgreSQL", args.postgres, body, args.repeat)
        finally:
            with server.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{url.database}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
