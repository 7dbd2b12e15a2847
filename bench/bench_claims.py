"""What a claim costs: every scoring API check posted with and without a ``claim``.

Run by hand: ``PYTHONPATH=. .venv/bin/python bench/bench_claims.py``. Each request goes through
the app's JSON API (Flask's test client, a temporary instance folder, no database work). The
baseline is the same request without its claim, measured in the same run and interleaved with it,
so the figure is a ratio and holds on any machine. Target: a claim adds at most 25 % to the answer
of any check (ratio ≤ 1.25).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Mapping
from typing import Any

from flask.testing import FlaskClient

from referee import create_app

ROUNDS = 9
CALLS = 100
TARGET = 1.25

#: One request per scoring check, each with a claim that differs (the slowest path: missed points traced).
REQUESTS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("paks", "pak", {"table_card": "9H", "played": ["5H", "4H"]}, {"value": 9}),
    (
        "paks",
        "deal",
        {
            "sides": [
                {"name": "A", "paks": [["QH", "2H", "KH"], ["7H", "6H"], ["AH", "3H"], ["10S", "4S"]]},
                {"name": "B", "paks": [["9H", "4H"], ["JC", "2C"]]},
            ]
        },
        {"A": 50, "B": 0},
    ),
    (
        "clabber",
        "deal",
        {"makers": "NS", "points": {"NS": 100, "EW": 62}, "melds": {"EW": 50}, "bells": {"NS": 20}},
        {"NS": 100, "EW": 112},
    ),
    (
        "dracula",
        "coffin",
        {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 2},
        {"queen": 72, "items": {"queen": {"r1_multiplier": 3}}},
    ),
    (
        "zhengfen",
        "deal",
        {
            "order": ["B", "D", "A", "C"],
            "captured": {"A": ["5S", "5H", "10S", "5D", "KH"], "B": ["10H", "KS", "KD", "5C"], "D": ["10D", "10C"]},
            "hands": {"C": ["KC"]},
        },
        {"B": 35},
    ),
    (
        "iceberg",
        "leftover",
        {"hand": ["4H", "5H", "6H", "7H", "8H"], "table": [["9H", "10H", "JH"]], "decks": 1},
        {"penalty": -200},
    ),
    (
        "clabber",
        "trick",
        {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "E", "card": "AH"}], "last": True},
        {"EW": 15},
    ),
    ("zhengfen", "classify", {"cards": ["5S", "10S", "KS"]}, {"points": 20}),
]


def per_call(client: FlaskClient, url: str, body: Mapping[str, Any]) -> float:
    """Mean time of one answered request over a round, in microseconds."""
    start = time.perf_counter()
    for _ in range(CALLS):
        response = client.post(url, json=body)
        assert response.status_code == 200, response.get_json()
    return (time.perf_counter() - start) / CALLS * 1e6


def main() -> int:
    instance = tempfile.mkdtemp()
    app = create_app({"INSTANCE_PATH": instance, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/bench.sqlite3"})
    client = app.test_client()
    worst = 0.0
    for game, name, body, claim in REQUESTS:
        url = f"/api/v1/{game}/{name}"
        claimed_body = {**body, "claim": claim}
        assert "claim" in client.post(url, json=claimed_body).get_json()
        bare: list[float] = []
        claimed: list[float] = []
        for _ in range(ROUNDS):
            bare.append(per_call(client, url, body))
            claimed.append(per_call(client, url, claimed_body))
        ratio = statistics.median(claimed) / statistics.median(bare)
        worst = max(worst, ratio)
        print(
            f"{game + '/' + name:18} without claim {statistics.median(bare):8.0f} µs"
            f"   with claim {statistics.median(claimed):8.0f} µs   ratio {ratio:.3f}"
        )
    print(f"worst ratio {worst:.3f} (target ≤ {TARGET})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
