"""Entering a deal stays flat in the match's length: deals are scored when written, never again.

Run by hand (not part of the tests):

    PYTHONPATH=. .venv/bin/python bench/bench_deal_entry.py [--lengths 10 30 99] [--repeat 20]

For Iceberg matches (three players, to 5000) of each length, through the test client on a
temporary SQLite database, it times the new-deal form (GET), posting a deal (POST, then undone
outside the timing) and the sheet, each as the median of ``--repeat`` requests and as a ratio to a
bare HTML endpoint of the same app measured in the same run. It also counts the deals the rules
layer scores per request. Target: the form and the post flat in the match length (no deal scored
for the form, one for the post).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402

from referee import create_app  # noqa: E402
from referee.rules.iceberg import ICEBERG  # noqa: E402
from referee.web.services import matches as svc  # noqa: E402
from referee.web.store.db import db  # noqa: E402
from referee.web.store.models import Evening, Match, Player  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cid"]
ENTRY = {
    "mode": "quick",
    "played": {"Ann": 30},
    "table": [["2S", "3S", "4S"]],
    "hands": {"Ann": [], "Bob": ["9D"], "Cid": ["KC"]},
}
FORM = {
    "mode": "quick",
    **{f"player_{seat}": name for seat, name in enumerate(PLAYERS)},
    "played_0": "30",
    "table_0": "2S 3S 4S",
    "hand_1": "9D",
    "hand_2": "KC",
}
_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')

scored_deals = 0


def count_scoring() -> None:
    original = type(ICEBERG).score_deal

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        global scored_deals
        scored_deals += 1
        return original(self, *args, **kwargs)

    type(ICEBERG).score_deal = counting  # type: ignore[method-assign]


def median_ms(action: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def build(app: Flask, length: int) -> tuple[str, int]:
    with app.app_context():
        evening = Evening(name="Bench", players=[Player(name=n, position=i) for i, n in enumerate(PLAYERS)])
        db.session.add(evening)
        db.session.commit()
        code = evening.code
        new = svc.check_new_match(ICEBERG, evening, PLAYERS, "Ann", {"target": 5000}, {})
        match_id = svc.create_match(evening, new).id
        for _ in range(length):
            svc.add_deal(db.session.get(Match, match_id), ENTRY)
            db.session.remove()
        return code, match_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[10, 30, 99])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"INSTANCE_PATH": tmp, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3"})
        app.add_url_rule("/bench-bare", "bench_bare", lambda: "<!doctype html><title>bare</title><p>bare</p>")
        count_scoring()
        client = app.test_client()
        bare = median_ms(lambda: client.get("/bench-bare"), args.repeat * 5)
        print(f"bare HTML endpoint: {bare:.2f} ms")
        print(
            f"{'deals':>6} {'form ms':>8} {'×bare':>6} {'post ms':>8} {'×bare':>6} {'sheet ms':>9} {'×bare':>6}"
            "  deals scored: form/post/sheet"
        )
        for length in args.lengths:
            code, match_id = build(app, length)
            with app.app_context():
                token = db.session.get(Evening, db.session.get(Match, match_id).evening_id).editor_token
            client.get(f"/e/{code}/edit/{token}")
            base = f"/e/{code}/matches/{match_id}"
            global scored_deals
            scored_deals = 0
            form = median_ms(lambda base=base: client.get(f"{base}/deals/new"), args.repeat)
            form_scored, scored_deals = scored_deals / args.repeat, 0
            posts = []
            for _ in range(args.repeat):
                page = client.get(f"{base}/deals/new").get_data(as_text=True)
                token_ = _CSRF.search(page).group(1)  # type: ignore[union-attr]
                data = {**FORM, "version": str(length + 1), "csrf_token": token_}
                scored_deals = 0
                start = time.perf_counter()
                response = client.post(f"{base}/deals/new", data=data)
                posts.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 302, response.get_data(as_text=True)[:2000]
                post_scored = scored_deals
                with app.app_context():
                    svc.undo_last(db.session.get(Match, match_id))
            post = statistics.median(posts)
            scored_deals = 0
            sheet = median_ms(lambda base=base: client.get(base), max(3, args.repeat // 4))
            sheet_scored = scored_deals
            print(
                f"{length:>6} {form:>8.2f} {form / bare:>6.1f} {post:>8.2f} {post / bare:>6.1f} {sheet:>9.2f} "
                f"{sheet / bare:>6.1f}  {form_scored:g}/{post_scored}/{sheet_scored}"
            )


if __name__ == "__main__":
    main()
