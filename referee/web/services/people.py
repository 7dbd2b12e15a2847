"""Who plays: an evening's players and a group's persons, each name rule checked under its owner's lock.

No two players of an evening, and no two persons of a group, have one name as the rules compare
names (:func:`referee.rules.seating.name_key`: "Zed" and " zed" are one). The database's unique
constraints cannot say that (they compare exact text), so every change that adds or renames a
player or a person, or moves an evening into a group, checks it while holding the write lock of the
row that owns the names (:mod:`referee.web.store.locks`): the evening for its players, the group for
its persons. Two phones adding "Zed" at once then take turns, and the second is told Zed is here.
A group's limits of evenings and persons are counted under its lock in the same way.
"""

from __future__ import annotations

from sqlalchemy import func, select, update

from referee.errors import InputError
from referee.messages import Message
from referee.rules.seating import name_key
from referee.web.services.group_stats import forget
from referee.web.services.limits import LimitReached, group_full
from referee.web.services.names import name_problem, names_problem
from referee.web.store.db import db
from referee.web.store.locks import lock_more, write_lock
from referee.web.store.models import Evening, Group, Person, Player


class Gone(Exception):
    """A person this change names was merged into another (or renamed away) by another phone meanwhile."""


class NameTaken(Exception):
    """The name is already another person's of the group: ``taken`` is how that person is written."""

    def __init__(self, taken: str) -> None:
        super().__init__(taken)
        self.taken = taken


class OtherGroup(Exception):
    """The evening belongs to another group by now."""


def _link_persons(evening: Evening) -> None:
    """Make each player of a grouped evening one of the group's persons, one name being one person.

    The caller holds the group's write lock.
    """
    group = evening.group
    if group is None:
        return
    persons = {name_key(person.name): person for person in group.persons}
    for player in evening.players:
        person = persons.get(name_key(player.name))
        if person is None:
            person = persons[name_key(player.name)] = Person(group=group, name=player.name)
        player.person = person


def _check_group_room(group: Group | None) -> None:
    """Under the group's lock, the change's rows in its transaction: LimitReached (and nothing kept)
    when the group would hold more evenings or persons than it may."""
    if group is None:
        return
    db.session.flush()
    evenings = db.session.scalar(select(func.count(Evening.id)).where(Evening.group_id == group.id)) or 0
    problem = group_full(evenings, len(group.persons))
    if problem:
        db.session.rollback()
        raise LimitReached(problem)


def _lock_evening(evening: Evening) -> None:
    """The evening's write lock, then its group's: which group it is cannot change once the evening is locked."""
    write_lock(evening)
    if evening.group is not None:
        lock_more(evening.group)


def add_player(evening: Evening, name: str) -> None:
    """Add a player to the evening (and, in a group, make them one of its persons).

    Raises InputError at ``name`` when the evening has that name already, as it is when the lock is held,
    and LimitReached when the group has all the persons it may.
    """
    _lock_evening(evening)
    problem: Message | None = names_problem([name], existing=evening.player_names)
    if problem:
        db.session.rollback()
        raise InputError(problem, field="name")
    db.session.add(Player(evening=evening, name=name, position=len(evening.players)))
    _link_persons(evening)
    _check_group_room(evening.group)
    forget(evening.group)
    db.session.commit()


def start_in_group(group: Group, evening: Evening) -> None:
    """Store a new evening of the group, its players becoming the group's persons; LimitReached when the
    group has all the evenings or persons it may."""
    write_lock(group)
    evening.group = group
    db.session.add(evening)
    _link_persons(evening)
    _check_group_room(group)
    forget(group)
    db.session.commit()


def join_group(evening: Evening, group: Group) -> None:
    """Move an evening into the group; OtherGroup when it belongs to another group by now, LimitReached
    when the group has all the evenings or persons it may."""
    write_lock(evening, group)
    if evening.group_id not in (None, group.id):
        db.session.rollback()
        raise OtherGroup()
    evening.group = group
    _link_persons(evening)
    _check_group_room(group)
    forget(group)
    db.session.commit()


def rename_person(group: Group, person: Person, name: str) -> str:
    """Rename a person of the group; returns the old name.

    Raises InputError at ``name`` for a name that cannot be stored, NameTaken when another person has
    it, Gone when the person was merged away meanwhile.
    """
    problem = name_problem(name)
    if problem:
        raise InputError(problem, field="name")
    if not write_lock(group, person):
        db.session.rollback()
        raise Gone()
    taken = next((p for p in group.persons if p.id != person.id and name_key(p.name) == name_key(name)), None)
    if taken is not None:
        db.session.rollback()
        raise NameTaken(taken.name)
    old = person.name
    person.name = name
    forget(group)
    db.session.commit()
    return old


def merge_persons(group: Group, person: Person, into: Person) -> tuple[str, str]:
    """Merge ``person`` into ``into``: every player who was the one becomes the other; returns both names.

    Both persons are locked (with the group, in the fixed order of :mod:`referee.web.store.locks`), so
    A merged into B while B is merged into A take turns; the second raises Gone.
    """
    if not write_lock(group, person, into):
        db.session.rollback()
        raise Gone()
    old, new = person.name, into.name
    db.session.execute(
        update(Player).where(Player.person_id == person.id).values(person_id=into.id),
        execution_options={"synchronize_session": False},
    )
    forget(group, everything=True)  # who played which match changed
    db.session.delete(person)
    db.session.commit()
    return old, new
