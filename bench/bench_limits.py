"""Bounded work: the heaviest match the limits allow, against the cheapest page, in the same run.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_limits.py [--repeat 3]

A Paks match filled to the deal limit (``referee.web.services.limits.MAX_DEALS_PER_MATCH`` deals of one
pak each, the worst case of the "1 500 empty deals" import that the limit now refuses) is shown
as its sheet page and rendered as its printed sheet (PDF); each is timed against ``GET /api/v1/``
(a small JSON answer) measured in the same run, and printed as a median time and a ratio.
Target: the printed sheet of a full match stays within a few seconds on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import create_app
from referee.web.services.limits import MAX_DEALS_PER_MATCH


def median_time(call, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = call()
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-"), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    evening = client.post("/", data={"name": "Bench", "players": "Ann, Bob"}).headers["Location"]
    match = client.post(
        f"{evening}/matches/new/paks", data={"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]
    deal = {"player_0": "Ann", "player_1": "Bob", "paks_0-0-cards": "9H 4H", "paks_1-0-cards": "8H 3H"}
    for _ in range(MAX_DEALS_PER_MATCH):
        assert client.post(f"{match}/deals/new", data=deal).status_code == 302
    assert client.post(f"{match}/deals/new", data=deal).status_code == 302  # refused: back to the sheet
    base = median_time(lambda: client.get("/api/v1/"), max(args.repeat, 5))
    print(f"baseline GET /api/v1/: {base * 1000:.1f} ms")
    for label, url in (("sheet page", match), ("printed sheet (PDF)", f"{match}/sheet.pdf")):
        client.get(url)  # warm: fonts, templates
        spent = median_time(lambda url=url: client.get(url), args.repeat)
        print(f"{label} of {MAX_DEALS_PER_MATCH} deals: {spent * 1000:.0f} ms = {spent / base:.0f}× the baseline")


if __name__ == "__main__":
    main()
