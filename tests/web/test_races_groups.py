"""Phones racing on one group: its persons' names stay one per person whoever wins.

As in :mod:`tests.web.test_races_evenings`: ``ROUNDS`` rounds of phones lined up at a barrier, on
the test's database; no server error, the group's persons never two alike by name (as the rules
compare names), every player of its evenings one of its persons; at the end its export imports again.
"""

from __future__ import annotations

from flask import Flask
from sqlalchemy import delete, select, update

from referee.rules.seating import name_key
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Person, Player
from tests.support.racing import Call, Phones, execute, get, imports_again, without_errors

ROUNDS = 20


def new_group(app: Flask, *persons: str) -> tuple[str, str, list[int]]:
    """A group of ``persons`` with an evening where each played: its page, its editor link, the persons' ids."""
    with app.app_context():
        group = Group(name="Thursdays", persons=[Person(name=name) for name in persons])
        players = [Player(name=person.name, position=i, person=person) for i, person in enumerate(group.persons)]
        db.session.add(Evening(name="First", group=group, players=players))
        db.session.commit()
        urls = f"/g/{group.code}", f"/g/{group.code}/edit/{group.editor_token}", [p.id for p in group.persons]
        db.session.remove()
        return urls


def whole(app: Flask, group_url: str) -> dict[str, list[str]]:
    """Each person of the group by name, with the names of the players who are that person, after checking
    that no two persons are one name and that every player of the group's evenings is one of them."""
    with app.app_context():
        group = db.session.scalar(select(Group).where(Group.code == group_url.rsplit("/", 1)[1]))
        assert group is not None
        keys = [name_key(person.name) for person in group.persons]
        assert len(set(keys)) == len(keys), [person.name for person in group.persons]
        players: dict[str, list[str]] = {person.name: [] for person in group.persons}
        for evening in group.evenings:
            for player in evening.players:
                assert player.person in group.persons, player.name
                players[player.person.name].append(player.name)
        db.session.remove()
        return players


def test_two_persons_renamed_to_one_name_at_once(app: Flask) -> None:
    group, editor, (ann, bob) = new_group(app, "Ann", "Bob")
    with Phones(app, 2, get(editor)) as phones:
        for round_ in range(ROUNDS):
            names = ("Zed", "Zed") if round_ % 2 else ("Zed", " zed")
            answers = without_errors(
                phones.race(
                    [
                        Call(f"{group}/persons/{ann}", {"rename-name": names[0]}),
                        Call(f"{group}/persons/{bob}", {"rename-name": names[1]}),
                    ]
                )
            )
            assert sorted(answer.status for answer in answers) == [302, 400]
            refused = next(answer for answer in answers if answer.status == 400)
            assert "is already a person of this group: merge them instead" in refused.body
            assert sorted(whole(app, group)) in (["Ann", "Zed"], ["Bob", "Zed"], ["Ann", "zed"], ["Bob", "zed"])
            execute(app, update(Person).where(Person.id == ann).values(name="Ann"))
            execute(app, update(Person).where(Person.id == bob).values(name="Bob"))
    imports_again(app, f"{group}/export.json")


def test_two_evenings_started_at_once_with_one_new_name(app: Flask) -> None:
    group, editor, ids = new_group(app, "Ann", "Bob")
    first = Call(f"{group}/evenings", {"name": "Late", "players": "Ann\nZed"})
    second = Call(f"{group}/evenings", {"name": "Later", "players": " zed \nBob"})
    with Phones(app, 2, get(editor)) as phones:
        for _ in range(ROUNDS):
            answers = without_errors(phones.race([first, second]))
            assert [answer.status for answer in answers] == [302, 302]
            persons = whole(app, group)
            [zed] = [name for name in persons if name_key(name) == "zed"]
            assert sorted(persons[zed]) == ["Zed", "zed"] and len(persons) == 3
            execute(app, delete(Evening).where(Evening.name.like("Late%")), delete(Person).where(Person.id > max(ids)))
    imports_again(app, f"{group}/export.json")


def test_an_evening_joining_while_another_starts_with_one_new_name(app: Flask) -> None:
    group, editor, ids = new_group(app, "Ann", "Bob")
    with app.app_context():
        joining = Evening(name="Elsewhere", players=[Player(name="zed", position=0)])
        db.session.add(joining)
        db.session.commit()
        code, token, joining_id = joining.code, joining.editor_token, joining.id
        db.session.remove()
    start = Call(f"{group}/evenings", {"name": "Late", "players": "Ann\nZed"})
    join = Call(f"{group}/join", {"link": f"/e/{code}"})
    with Phones(app, 2, get(editor), get(f"/e/{code}/edit/{token}")) as phones:
        for _ in range(ROUNDS):
            answers = without_errors(phones.race([start, join]))
            assert [answer.status for answer in answers] == [302, 302]
            persons = whole(app, group)
            assert sorted(persons.get("Zed") or persons["zed"]) == ["Zed", "zed"] and len(persons) == 3
            execute(
                app,
                update(Evening).where(Evening.id == joining_id).values(group_id=None),
                update(Player).where(Player.evening_id == joining_id).values(person_id=None),
                delete(Evening).where(Evening.name == "Late"),
                delete(Person).where(Person.id > max(ids)),
            )
    imports_again(app, f"{group}/export.json")


def test_two_persons_merged_into_each_other_at_once(app: Flask) -> None:
    group, editor, (ann, bob) = new_group(app, "Ann", "Bob")
    with Phones(app, 2, get(editor)) as phones:
        for _ in range(ROUNDS):
            answers = without_errors(
                phones.race(
                    [
                        Call(f"{group}/persons/{ann}/merge", {"merge-into": str(bob)}),
                        Call(f"{group}/persons/{bob}/merge", {"merge-into": str(ann)}),
                    ]
                )
            )
            # The first merge lands; the second finds the person it merges into gone: its form says so (400),
            # or, when it had read the group before the first committed, the group's page does (302).
            assert sorted(answer.status for answer in answers) in ([302, 302], [302, 400])
            [kept] = whole(app, group).items()
            assert sorted(kept[1]) == ["Ann", "Bob"]  # both players are the one person left
            gone, name = (bob, "Bob") if kept[0] == "Ann" else (ann, "Ann")
            with app.app_context():
                group_id = db.session.get(Person, ann if gone == bob else bob).group_id
                db.session.add(Person(id=gone, group_id=group_id, name=name))
                db.session.commit()
                db.session.remove()
            execute(app, update(Player).where(Player.name == name).values(person_id=gone))
    imports_again(app, f"{group}/export.json")
