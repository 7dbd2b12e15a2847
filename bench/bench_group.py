"""A group over years: its page, the page after a change, and its export imported again.

Run by hand:

    PYTHONPATH=. .venv/bin/python bench/bench_group.py [--evenings 260] [--matches 10] [--repeat 30]
        [--database-url postgresql+psycopg://…/an_empty_database]

Builds a group of ``--evenings`` weekly evenings of four players with ``--matches`` whole Dracula
matches each (six deals; 2 600 matches by default: five years of weekly evenings), stored as the app
stores them (each deal with its scored result and the revision that added it), straight into a
temporary SQLite database, or into ``--database-url`` (a database the bench may empty: its rows are
deleted before and after). Then, through the test client:

- the group page's first view (the statistics of every match computed and stored);
- the group page warm, against a bare HTML endpoint (``/print/``: a template, no query) measured in
  the same run, as the median of ``--repeat`` views each; target ≤ 10× (the ratio of the fastest
  runs is printed too: on a busy machine it is the steadier figure);
- the first view after one new match of six deals in the last evening, after one more deal, and
  after a deal of the group's very first match is corrected (every later match's ratings move);
- the export's size, and the time ``/import`` takes to read it as a new group.

Targets: first view ≤ 2 s; the view after one new match ≤ 100 ms; warm ≤ 10×; the import ≤ 30 s.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask
from sqlalchemy import insert

from referee import create_app
from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.game import MatchSetup
from referee.web.services import matches as svc
from referee.web.services.scoring import RULES_VERSION
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Group, Match, Person, Player, Revision

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
_DECK = [str(c) for c in DRACULA_PACK.cards()]
#: Six layouts of nine different cards: one whole match's deals.
LAYOUTS = [[_DECK[i * 9 + r * 3 : i * 9 + r * 3 + 3] for r in range(3)] for i in range(6)]


@cache
def scored(seats: tuple[str, ...], offset: int) -> tuple[tuple[dict[str, Any], dict[str, Any]], ...]:
    """Each deal's entry and stored result of a match with these seats, its layouts starting at ``offset``."""
    setup = MatchSetup(seats, 0, DRACULA.parse_options({}), DRACULA.parse_roles({}))
    entries = [DRACULA.check_entry(setup, {"layout": LAYOUTS[(i + offset) % 6]}) for i in range(6)]
    return tuple(
        (entry, result.as_dict()) for entry, result in zip(entries, DRACULA.score_deals(setup, entries), strict=True)
    )


def build(evenings: int, matches: int) -> str:
    """The group, with bulk inserts (a match's deals scored once per seating and layouts)."""
    group = Group(name="Bench group", created_at=datetime(2021, 1, 1))
    group.persons = [Person(name=name) for name in PLAYERS]
    db.session.add(group)
    db.session.flush()
    persons = {person.name: person.id for person in group.persons}
    options = dict(DRACULA.parse_options({}))
    start = datetime(2021, 1, 7, 20, 0)
    deals: list[dict[str, Any]] = []
    revisions: list[dict[str, Any]] = []
    for e in range(evenings):
        at = start + timedelta(days=7 * e)
        evening = Evening(name=f"Evening {e + 1}", group_id=group.id, created_at=at)
        evening.players = [Player(name=name, position=i, person_id=persons[name]) for i, name in enumerate(PLAYERS)]
        db.session.add(evening)
        made = []
        for m in range(matches):
            seats = (PLAYERS[(e + m) % 4], PLAYERS[(e + m + 1 + m % 3) % 4])
            match = Match(
                evening=evening,
                game="dracula",
                seats=list(seats),
                first_dealer=0,
                options=options,
                roles={},
                created_at=at + timedelta(minutes=20 * m),
                version=7,
            )
            db.session.add(match)
            made.append((match, seats, m))
        db.session.flush()
        for match, seats, m in made:
            for number, (entry, result) in enumerate(scored(seats, m % 6), start=1):
                at_deal = match.created_at + timedelta(minutes=number)
                deals.append(
                    {
                        "match_id": match.id,
                        "number": number,
                        "entry": entry,
                        "result": result,
                        "rules_version": RULES_VERSION,
                        "created_at": at_deal,
                        "updated_at": at_deal,
                        "version": 1,
                    }
                )
                revisions.append(
                    {
                        "match_id": match.id,
                        "number": number,
                        "action": "add",
                        "before": None,
                        "after": entry,
                        "note": "",
                        "created_at": at_deal,
                        "author": "Ann's phone",
                        "scores_before": None,
                        "scores_after": result["scores"],
                    }
                )
    db.session.execute(insert(Deal), deals)
    db.session.execute(insert(Revision), revisions)
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


class Took:
    """How long a step took: wall time, and the CPU time of this process (steadier on a busy machine;
    on PostgreSQL it leaves out the server's own work)."""

    def __enter__(self) -> Took:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def __str__(self) -> str:
        return f"{self.wall * 1000:8.1f} ms (CPU {self.cpu * 1000:8.1f} ms)"


def view(client, url: str) -> Took:  # type: ignore[no-untyped-def]
    with Took() as took:
        response = client.get(url)
    assert response.status_code == 200, response.status_code
    return took


def new_match(app: Flask) -> None:
    """One whole match in the group's last evening, dealt through the app's services."""
    with app.test_request_context():
        evening = db.session.scalars(db.select(Evening).order_by(Evening.created_at.desc()).limit(1)).one()
        match = svc.create_match(evening, svc.check_new_match(DRACULA, evening, ["Ann", "Cat"], "Ann", {}, {}))
        for layout in LAYOUTS:
            svc.add_deal(match, {"layout": layout})
        db.session.remove()


def one_more_deal(app: Flask) -> None:
    """A new match in the last evening with one deal: the next view after a deal entered on the night."""
    with app.test_request_context():
        evening = db.session.scalars(db.select(Evening).order_by(Evening.created_at.desc()).limit(1)).one()
        match = svc.create_match(evening, svc.check_new_match(DRACULA, evening, ["Bob", "Dan"], "Bob", {}, {}))
        svc.add_deal(match, {"layout": LAYOUTS[0]})
        db.session.remove()


def correct_first_match(app: Flask) -> None:
    """The group's first match: its last deal laid out the other way round (the winner may change)."""
    with app.test_request_context():
        match = db.session.scalars(db.select(Match).order_by(Match.id).limit(1)).one()
        layout = svc.deal_of(match, 6).entry["layout"]
        svc.edit_deal(match, 6, {"layout": [row[::-1] for row in layout[::-1]]}, None)
        db.session.remove()


def empty_rows(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        names = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
        with db.engine.begin() as connection:
            connection.exec_driver_sql(f"TRUNCATE {names} RESTART IDENTITY CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=260)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--database-url", help="an empty PostgreSQL database the bench may empty (default: SQLite)")
    args = parser.parse_args()
    config: dict[str, Any] = {"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-"), "WTF_CSRF_ENABLED": False}
    if args.database_url:
        config["SQLALCHEMY_DATABASE_URI"] = args.database_url
    app = create_app(config)
    if args.database_url:
        empty_rows(app)
    started = time.perf_counter()
    with app.app_context():
        code = build(args.evenings, args.matches)
        db.session.remove()
    built = time.perf_counter() - started
    client = app.test_client()
    url = f"/g/{code}"
    first = view(client, url)
    timed(client, ["/print/", url], 3)
    bare_times, group_times = timed(client, ["/print/", url], args.repeat)
    bare, group = statistics.median(bare_times), statistics.median(group_times)
    best = min(group_times) / min(bare_times)
    new_match(app)
    after_match = view(client, url)
    one_more_deal(app)
    after_deal = view(client, url)
    correct_first_match(app)
    after_correction = view(client, url)
    with Took() as export_time:
        exported = client.get(f"{url}/export.json")
    size = len(exported.get_data())
    upload = {"file": (io.BytesIO(exported.get_data()), "group.json")}
    with Took() as import_time:
        imported = client.post("/import", data=upload, content_type="multipart/form-data")
    copy = imported.headers.get("Location", "")
    copy_first = view(client, copy) if imported.status_code == 302 and copy.startswith("/g/") else None
    if args.database_url:
        empty_rows(app)
    matches = args.evenings * args.matches
    print(
        f"group of {args.evenings} evenings, {matches} matches, {matches * 6} deals "
        f"({app.config['SQLALCHEMY_DATABASE_URI'].split(':')[0]}); built in {built:.1f} s"
    )
    print(f"bare HTML endpoint (/print/)     median {bare * 1000:8.1f} ms")
    print(
        f"group page, warm                 median {group * 1000:8.1f} ms   ratio {group / bare:5.1f}x (target <= 10x)"
    )
    print(
        f"                                 fastest ratio {best:5.1f}x (the two fastest runs: least disturbed by load)"
    )
    print(f"group page, first view           {first}   (target <= 2000 ms)")
    print(f"after one new match (6 deals)    {after_match}   (target <= 100 ms)")
    print(f"after one more deal              {after_deal}")
    print(f"after the first match corrected  {after_correction}   (every later rating moves)")
    print(f"export                           {export_time}   {size / 1024 / 1024:.1f} MB")
    print(f"import of the export             {import_time}   status {imported.status_code} (target <= 30 s)")
    if copy_first is not None:
        print(f"imported group's first view      {copy_first}")


if __name__ == "__main__":
    main()
