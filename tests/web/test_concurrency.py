"""No lost edits: concurrent saves of the same deal, the same new deal or the same undo land once."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

from flask import Flask

from referee.rules.dracula import DRACULA
from referee.rules.dracula.layout import layout_strings
from referee.rules.dracula.values import DRACULA_PACK
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Match
from tests.support.table import Table

DECK = [str(c) for c in DRACULA_PACK.cards()]
THREADS = 8


def entry(cards: list[str]) -> dict:
    return {"layout": [cards[0:3], cards[3:6], cards[6:9]]}


def race(app: Flask, match_id: int, action: Callable[[Match, int], object]) -> Counter[str]:
    """Run ``action`` in THREADS threads at once, each in its own app context and session."""
    barrier = threading.Barrier(THREADS)
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()

    def worker(index: int) -> None:
        with app.app_context():
            match = db.session.get(Match, match_id)
            assert match is not None
            _ = list(match.deals)
            barrier.wait()
            try:
                action(match, index)
                outcome = "ok"
            except (svc.StaleEditError, svc.DealTakenError) as error:
                outcome = type(error).__name__
            finally:
                db.session.remove()
        with lock:
            outcomes[outcome] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def variant(index: int) -> list[str]:
    """Deal 1's cards in another order: a different, still legal layout per thread."""
    cards = DECK[:9]
    return cards[index % 9 :] + cards[: index % 9] if index % 9 else list(reversed(cards))


def test_concurrent_corrections_of_one_deal_land_once(table: Table, app: Flask) -> None:
    match_id = table.stored_match(DRACULA, entries=[entry(DECK[:9])])[2]
    outcomes = race(app, match_id, lambda match, i: svc.edit_deal(match, 1, entry(variant(i)), seen_version=1))
    assert outcomes == Counter({"ok": 1, "StaleEditError": THREADS - 1})
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.deals[0].version == 2
        assert [r.action for r in match.revisions] == ["add", "edit"]
        assert match.revisions[1].after == match.deals[0].entry
        assert match.version == 3


def test_concurrent_entries_of_the_next_deal_land_once(table: Table, app: Flask) -> None:
    match_id = table.stored_match(DRACULA, entries=[entry(DECK[:9])])[2]
    outcomes = race(app, match_id, lambda match, i: svc.add_deal(match, entry(DECK[9:18]), expected_number=2))
    assert outcomes["ok"] == 1 and outcomes["DealTakenError"] == THREADS - 1
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert [d.number for d in match.deals] == [1, 2]
        assert layout_strings(tuple(tuple(r) for r in match.deals[1].entry["layout"])) == entry(DECK[9:18])["layout"]


def test_concurrent_undos_remove_one_deal(table: Table, app: Flask) -> None:
    match_id = table.stored_match(DRACULA, entries=[entry(DECK[:9])])[2]
    with app.app_context():
        svc.add_deal(db.session.get(Match, match_id), entry(DECK[9:18]))
    outcomes = race(app, match_id, lambda match, i: svc.undo_last(match, number=2, seen_version=1))
    assert outcomes["ok"] == 1 and outcomes["StaleEditError"] == THREADS - 1
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert [d.number for d in match.deals] == [1]
        assert [r.action for r in match.revisions] == ["add", "add", "undo"]
