"""Phones racing on one evening: its limits and its players' names hold whoever wins.

Each test lines its phones up at a barrier for ``ROUNDS`` rounds (see :mod:`tests.support.racing`),
on the test's database (SQLite, or PostgreSQL under ``TEST_DATABASE_URL``). Every round: no
server error, exactly one phone's change lands where only one may, the others are answered with
the form and a message, and the evening stays within its rules; at the end its export imports again.
"""

from __future__ import annotations

from flask import Flask
from sqlalchemy import delete, func, select, update

from referee.rules.registry import get_game
from referee.rules.seating import name_key
from referee.web.services import limits
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Match, Player, Revision
from tests.long_evening import dracula_entry
from tests.support.client import Browser
from tests.support.racing import Answer, Call, Phones, execute, get, imports_again, without_errors

ROUNDS = 20
PHONES = 2
SEATS = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
#: A Paks deal that scores nothing (both paks thrown off, paks-6.3): a match of them never ends.
EMPTY_PAKS = {"player_0": "Ann", "player_1": "Bob", "paks_0-0-cards": "9H 4H", "paks_1-0-cards": "8H 3H"}


def new_evening(app: Flask, players: tuple[str, ...] = ("Ann", "Bob")) -> tuple[str, str]:
    """An evening of ``players``: its page and its editor link."""
    with app.app_context():
        evening = Evening(name="Fri", players=[Player(name=name, position=i) for i, name in enumerate(players)])
        db.session.add(evening)
        db.session.commit()
        urls = f"/e/{evening.code}", f"/e/{evening.code}/edit/{evening.editor_token}"
        db.session.remove()
        return urls


def evening_of(url: str) -> Evening:
    evening = db.session.scalar(select(Evening).where(Evening.code == url.rsplit("/", 1)[1]))
    assert evening is not None
    return evening


def add_matches(app: Flask, evening_url: str, game: str, count: int) -> int:
    """``count`` matches of Ann and Bob, Ann dealing first; the last one's id."""
    with app.app_context():
        evening = evening_of(evening_url)
        new = svc.check_new_match(get_game(game), evening, ["Ann", "Bob"], "Ann", {}, {})
        added = [Match(evening=evening, game=game, seats=["Ann", "Bob"], options=new.options) for _ in range(count)]
        db.session.add_all(added)
        db.session.commit()
        last = added[-1].id
        db.session.remove()
        return last


def count(app: Flask, query: object) -> int:
    with app.app_context():
        counted = db.session.scalar(query)
        db.session.remove()
        return counted


def with_status(answers: list[Answer], status: int) -> list[Answer]:
    return [answer for answer in without_errors(answers) if answer.status == status]


def test_new_matches_at_once_stop_at_the_limit(app: Flask) -> None:
    evening, editor = new_evening(app)
    last = add_matches(app, evening, "paks", limits.MAX_MATCHES_PER_EVENING - 1)
    in_evening = select(func.count()).select_from(Match)
    with Phones(app, PHONES, get(editor)) as phones:
        for _ in range(ROUNDS):
            answers = phones.race([Call(f"{evening}/matches/new/paks", SEATS)] * PHONES)
            assert len(with_status(answers, 302)) == 1
            refused = with_status(answers, 409)
            assert len(refused) == PHONES - 1
            for answer in refused:
                assert f"limit of {limits.MAX_MATCHES_PER_EVENING} matches" in answer.body
                assert 'name="first_dealer"' in answer.body  # the form, as it was posted
            assert count(app, in_evening) == limits.MAX_MATCHES_PER_EVENING
            execute(app, delete(Match).where(Match.id > last))
    add_matches(app, evening, "paks", 1)
    imports_again(app, f"{evening}/export.json")


def test_deals_at_once_stop_at_the_limit(app: Flask) -> None:
    """Posts of deal 100 without the form's version (as a script may send them): one of them is deal 100."""
    evening, editor = new_evening(app)
    match_id = add_matches(app, evening, "paks", 1)
    url = f"{evening}/matches/{match_id}/deals/new"
    keeper = Browser(app.test_client())
    keeper.get(editor)
    assert keeper.submit(url, EMPTY_PAKS).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        first = match.deals[0]
        db.session.add_all(
            Deal(match=match, number=n, entry=first.entry, result=first.result, rules_version=first.rules_version)
            for n in range(2, limits.MAX_DEALS_PER_MATCH)
        )
        match.version += 1
        db.session.commit()
        version = match.version
        db.session.remove()
    numbers = select(func.count()).select_from(Deal)
    last = limits.MAX_DEALS_PER_MATCH
    with Phones(app, PHONES, get(editor)) as phones:
        for _ in range(ROUNDS):
            answers = phones.race([Call(url, EMPTY_PAKS)] * PHONES)
            assert len(with_status(answers, 302)) == 1
            refused = with_status(answers, 409)
            assert len(refused) == PHONES - 1
            for answer in refused:
                assert f"limit of {limits.MAX_DEALS_PER_MATCH} deals per match" in answer.body
                assert 'value="9H 4H"' in answer.body  # what was typed is in the form again
            assert count(app, numbers) == last
            assert count(app, select(func.max(Deal.number))) == last
            # The match as it was at ``version``, so the sheet each phone keeps of that version stays true.
            execute(
                app,
                delete(Deal).where(Deal.number == last),
                delete(Revision).where(Revision.number == last),
                update(Match).values(version=version),
            )
    imports_again(app, f"{evening}/export.json")


def test_play_again_at_once_starts_one_match(app: Flask) -> None:
    evening, editor = new_evening(app)
    finished = add_matches(app, evening, "dracula", 1)
    with app.app_context():
        match = db.session.get(Match, finished)
        for number in range(1, 7):
            svc.add_deal(match, dracula_entry(number))
        assert svc.scored(match).finished
        db.session.remove()
    again = Call(f"{evening}/matches/{finished}/rematch")
    with Phones(app, 2, get(editor)) as phones:
        for _ in range(ROUNDS):
            answers = phones.race([again] * 2)
            assert len(with_status(answers, 302)) == 2
            assert count(app, select(func.count()).select_from(Match)) == 2
            assert answers[0].location == answers[1].location  # both phones are taken to the one new match
            execute(app, delete(Match).where(Match.id > finished))
    imports_again(app, f"{evening}/export.json")


def test_one_new_name_posted_twice_at_once_is_one_player(app: Flask) -> None:
    evening, editor = new_evening(app)
    with Phones(app, 2, get(editor)) as phones:
        for round_ in range(ROUNDS):
            names = ("Zed", "Zed") if round_ % 2 else ("Zed", " zed ")
            answers = phones.race([Call(f"{evening}/players", {"name": n}) for n in names])
            assert len(with_status(answers, 302)) == 1
            [refused] = with_status(answers, 400)
            assert "is already here" in refused.body
            with app.app_context():
                players = evening_of(evening).player_names
                assert len({name_key(name) for name in players}) == len(players) == 3, players
                db.session.remove()
            execute(app, delete(Player).where(Player.name.in_(["Zed", "zed"])))
    imports_again(app, f"{evening}/export.json")
