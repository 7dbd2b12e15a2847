"""Zheng Fen matches stored by the services, and how the tests of stored and kept sheets read them."""

from __future__ import annotations

import itertools
from typing import Any

from flask import Flask
from sqlalchemy import event, select

from referee.rules.zhengfen import ZHENGFEN
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Evening, Match, Player

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def sweep(order: list[str]) -> dict[str, Any]:
    """A Zheng Fen deal in which the first player captured all 100 points; the order decides who deals next."""
    return {"order": order, "captured": {order[0]: {"5": 4, "10": 4, "K": 4}}}


ORDERS = [list(p) for p in itertools.permutations(PLAYERS)]


def fresh(match_id: int) -> Match:
    db.session.remove()
    match = db.session.get(Match, match_id)
    assert match is not None
    return match


def full_rescoring(match: Match) -> Any:
    return ZHENGFEN.score_match(svc.setup_of(match), [d.entry for d in match.deals])


def count_statements(app: Flask, url: str, client: Any) -> int:
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return len(statements)


def evening_with_matches(app: Flask, count: int) -> str:
    with app.app_context():
        evening = Evening(name="Fri", players=[Player(name=n, position=i) for i, n in enumerate(PLAYERS)])
        db.session.add(evening)
        db.session.commit()
        code = evening.code
        for _ in range(count):
            evening = db.session.scalar(select(Evening).where(Evening.code == code))
            new = svc.check_new_match(ZHENGFEN, evening, PLAYERS, "Ann", {}, {})
            match = svc.create_match(evening, new)
            for order in ORDERS[:3]:
                svc.add_deal(fresh(match.id), sweep(order))
        return code


def editor_token(app: Flask, code: str) -> str:
    with app.app_context():
        return db.session.scalar(select(Evening.editor_token).where(Evening.code == code))


def zhengfen_form(order: list[str], number: int) -> dict[str, Any]:
    """The deal form as posted for ``sweep(order)``: the places, and every point card with the first player."""
    data: dict[str, Any] = {"version": number}
    data |= {f"player_{seat}": name for seat, name in enumerate(PLAYERS)}
    data |= {f"place_{place}": name for place, name in enumerate(order)}
    data[f"cards_{PLAYERS.index(order[0])}"] = "5S 5H 5D 5C 10S 10H 10D 10C KS KH KD KC"
    return data
