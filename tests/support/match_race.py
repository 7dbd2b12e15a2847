"""Two phones racing on one Dracula match, as separate processes with their own connections to the same
database: every round the match is set to deals 1 and 2, both phones load their page, then post at once.
Whoever wins, the match must stay whole: deals numbered 1..n without a gap, no card in two deals of a
game, the stored sheet equal to a rescoring, the export importing again, and no server error."""

from __future__ import annotations

import io
import multiprocessing
import re
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee import create_app
from referee.rules.dracula import DRACULA
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Match
from tests.support.dracula import DECK
from tests.support.table import Table

FIRST, SECOND, THIRD = DECK[0:9], DECK[9:18], DECK[18:27]
#: Cards in no deal of the rounds' matches: what the editors of different deals both reach for.
SPARE = DECK[27:]
ROUNDS = 4
WAIT = 60

Prepare = Callable[[FlaskClient, str, int], tuple[str, dict[str, str]]]


def layout(cards: list[str]) -> dict[str, list[list[str]]]:
    return {"layout": [cards[0:3], cards[3:6], cards[6:9]]}


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="(\d+)"', page)
    assert found, f"no {name} on the page"
    return found.group(1)


# --- the phones, as processes ---------------------------------------------------------------------


def phone(
    config: dict[str, Any],
    evening: tuple[str, str],
    match: str,
    prepare: Prepare,
    barrier: Any,
    out: Any,
) -> None:
    """One phone: its own app and connections; every round: wait, load the page, wait, post, report."""
    try:
        app = create_app({**config, "UPGRADE_ON_START": False, "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        code, token = evening
        client.get(f"/e/{code}/edit/{token}")
        for round_ in range(ROUNDS):
            barrier.wait(WAIT)
            url, data = prepare(client, match, round_)
            barrier.wait(WAIT)
            try:
                response = client.post(url, data=data)
                out.put((round_, prepare.__name__, response.status_code, response.get_data(as_text=True)))
            except Exception as error:  # a server error: what this test reports
                out.put((round_, prepare.__name__, 500, repr(error)))
            barrier.wait(WAIT)
    except Exception as error:
        out.put((-1, prepare.__name__, 0, repr(error)))
        barrier.abort()


def race(
    app: Flask,
    phones: tuple[Prepare, Prepare],
    check: Callable[[int, dict[str, tuple[int, str]], Match], None],
) -> None:
    """Run ``ROUNDS`` rounds of the two phones against one match; ``check`` each round's outcome."""
    code, token, match_id = Table.of(app).stored_match(DRACULA)
    url = f"/e/{code}/matches/{match_id}"
    with app.app_context():
        db.engine.dispose()  # the phones are forked: none may share a connection of this process
    context = multiprocessing.get_context("fork")
    barrier, out = context.Barrier(len(phones) + 1), context.Queue()
    config = {key: app.config[key] for key in ("TESTING", "SQLALCHEMY_DATABASE_URI", "SECRET_KEY")}
    config["INSTANCE_PATH"] = app.instance_path
    processes = [
        context.Process(target=phone, args=(config, (code, token), url, prepare, barrier, out), daemon=True)
        for prepare in phones
    ]
    for process in processes:
        process.start()
    try:
        for round_ in range(ROUNDS):
            with app.app_context():
                reset(match_id)
            for _ in range(3):
                barrier.wait(WAIT)
            outcomes = {}
            for _ in phones:
                got_round, name, status, body = out.get(timeout=WAIT)
                assert got_round == round_, body
                assert status not in (0, 500), f"{name}: {body}"
                outcomes[name] = (status, body)
            with app.app_context():
                match = db.session.get(Match, match_id)
                assert match is not None
                whole(match)
                check(round_, outcomes, match)
                db.session.remove()
    finally:
        barrier.abort()
        for process in processes:
            process.join(timeout=WAIT)
            if process.is_alive():
                process.kill()
    exported_imports_again(app, code)


def reset(match_id: int) -> None:
    """Deals 1 and 2 as first entered, whatever the last round left."""
    match = db.session.get(Match, match_id)
    assert match is not None
    while match.deals:
        svc.undo_last(match)
    svc.add_deal(match, layout(FIRST))
    svc.add_deal(match, layout(SECOND))
    db.session.remove()


def whole(match: Match) -> None:
    numbers = [d.number for d in match.deals]
    assert numbers == list(range(1, len(numbers) + 1)), f"deals {numbers}"
    setup, entries = svc.setup_of(match), [d.entry for d in match.deals]
    DRACULA.check_entries(setup, entries)  # raises when a card is in two deals of a game
    assert svc.scored(match) == DRACULA.score_match(setup, entries)


def exported_imports_again(app: Flask, code: str) -> None:
    client = app.test_client()
    exported = client.get(f"/e/{code}/export.json")
    assert exported.status_code == 200
    app.config["WTF_CSRF_ENABLED"] = False
    upload = {"file": (io.BytesIO(exported.data), "evening.json")}
    response = client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)


def entries(match: Match) -> list[list[str]]:
    return [[card for row in d.entry["layout"] for card in row] for d in match.deals]
