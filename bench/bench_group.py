"""The group page of a large group, against a bare HTML endpoint measured in the same run.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_group.py [--evenings 50] [--matches 10] [--repeat 50]

Builds a group of ``--evenings`` evenings of four players with ``--matches`` whole Dracula matches
each (six deals; 500 matches by default) straight into a temporary SQLite database, then times
the group page (``/g/<code>``) and a bare HTML endpoint (``/print/``: a template, no query) through
the test client. The first group view computes and stores the statistics; later views read them
while nothing changed. Prints the medians and their ratio. Target: the warm group page ≤ 10× the
bare endpoint (the ratio of the fastest runs is printed too: on a busy machine it is the steadier
figure). Then a match is changed and the next view (which recomputes) is timed as well.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import create_app
from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.game import MatchSetup
from referee.web.groups.views import link_persons
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Group, Match, Player

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def build(evenings: int, matches: int) -> str:
    deck = [str(c) for c in DRACULA_PACK.cards()]
    layouts = [[deck[i * 9 + r * 3 : i * 9 + r * 3 + 3] for r in range(3)] for i in range(6)]
    group = Group(name="Bench group")
    db.session.add(group)
    start = datetime(2025, 1, 3, 20, 0)
    for e in range(evenings):
        evening = Evening(name=f"Evening {e + 1}", group=group, created_at=start + timedelta(days=14 * e))
        evening.players = [Player(name=name, position=i) for i, name in enumerate(PLAYERS)]
        db.session.add(evening)
        link_persons(evening)
        for m in range(matches):
            seats = [PLAYERS[(e + m) % 4], PLAYERS[(e + m + 1 + m % 3) % 4]]
            setup = MatchSetup(tuple(seats), 0, DRACULA.parse_options({}), DRACULA.parse_roles({}))
            entries = [DRACULA.check_entry(setup, {"layout": layouts[(i + m) % 6]}) for i in range(6)]
            match = Match(
                evening=evening,
                game="dracula",
                seats=seats,
                first_dealer=0,
                options=dict(setup.options),
                roles=dict(setup.roles),
            )
            match.deals = [Deal(number=i + 1, entry=entry) for i, entry in enumerate(entries)]
            db.session.add(match)
    db.session.commit()
    return group.code


def timed(client, urls: list[str], repeat: int) -> list[list[float]]:  # type: ignore[no-untyped-def]
    """Each URL's times, the URLs taken in turn so that both see the same load on the machine."""
    times: list[list[float]] = [[] for _ in urls]
    for _ in range(repeat):
        for url, kept in zip(urls, times, strict=True):
            started = time.perf_counter()
            response = client.get(url)
            kept.append(time.perf_counter() - started)
            assert response.status_code == 200, (url, response.status_code)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=50)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-"), "WTF_CSRF_ENABLED": False})
    with app.app_context():
        code = build(args.evenings, args.matches)
    client = app.test_client()
    url = f"/g/{code}"
    started = time.perf_counter()
    page = client.get(url)
    first = time.perf_counter() - started
    assert page.status_code == 200 and "Season 2026" in page.get_data(as_text=True)
    timed(client, ["/print/", url], 3)
    bare_times, group_times = timed(client, ["/print/", url], args.repeat)
    bare, group = statistics.median(bare_times), statistics.median(group_times)
    best = min(group_times) / min(bare_times)
    with app.app_context():
        match = db.session.scalars(db.select(Match).order_by(Match.id.desc()).limit(1)).one()
        match.version += 1
        db.session.commit()
    started = time.perf_counter()
    client.get(url)
    changed = time.perf_counter() - started
    print(f"group of {args.evenings} evenings, {args.evenings * args.matches} matches")
    print(f"bare HTML endpoint (/print/)   median {bare * 1000:8.1f} ms")
    print(f"group page, statistics stored  median {group * 1000:8.1f} ms   ratio {group / bare:5.1f}x (target <= 10x)")
    print(f"                               fastest ratio {best:5.1f}x (the two fastest runs: least disturbed by load)")
    print(f"group page, first view         {first * 1000:8.1f} ms   (computes and stores the statistics)")
    print(f"group page after a change      {changed * 1000:8.1f} ms   (computes them again)")


if __name__ == "__main__":
    main()
