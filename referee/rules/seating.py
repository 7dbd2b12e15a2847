"""Who sits where: finding a player by the name typed, and the teams of alternate seats.

Every game finds its players and sides the same way, so a name typed ``ann`` or `` Ann `` means
``Ann`` everywhere, and two players whose names differ only in case are never confused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.errors import FieldError, Location
from referee.messages import Message, Param, join, msg

#: What the names of a look-up are, as its error calls them.
PLAYER, SEAT, SIDE, SIDE_OR_PLAYER = "player", "seat", "side", "side or player"


def name_key(name: str) -> str:
    """What two names typed share when they are one name: the name without surrounding spaces, ignoring case."""
    return name.strip().casefold()


def find_name(typed: object, names: Sequence[str]) -> str | None:
    """The one name of ``names`` that ``typed`` means: itself, or else the only one equal ignoring case
    and surrounding spaces. None when there is none, or when the case alone would have to choose."""
    if not isinstance(typed, str):
        return None
    if typed in names:
        return typed
    folded = name_key(typed)
    matches = [name for name in names if name_key(name) == folded]
    return matches[0] if len(matches) == 1 else None


def same_name(one: str, other: str) -> bool:
    """Whether two names typed are one name: equal ignoring case and surrounding spaces."""
    return name_key(one) == name_key(other)


def repeated_name(names: Iterable[str]) -> str | None:
    """The first name that repeats an earlier one (as :func:`same_name` compares them), or None."""
    seen: set[str] = set()
    for name in names:
        folded = name_key(name)
        if folded in seen:
            return name
        seen.add(folded)
    return None


def named(
    typed: object,
    names: Sequence[str],
    *,
    kind: str = PLAYER,
    field: str,
    location: Location | None = None,
    where: Param | None = None,
) -> str:
    """The one of ``names`` that ``typed`` means (:func:`find_name`), or a :class:`FieldError` at
    ``field`` that lists the ``names``, called players, seats or sides as ``kind`` says; ``where``
    (a play, a move) begins the message when the field alone does not say where it was typed."""
    found = find_name(typed, names)
    if found is not None:
        return found
    problem = _not_named(typed, names, kind)
    if where is not None:
        problem = msg("{where}: {problem}", where=where, problem=problem)
    raise FieldError(problem, field=field, location=location)


def _not_named(typed: object, names: Sequence[str], kind: str) -> Message:
    name = repr(typed)
    alike = [n for n in names if isinstance(typed, str) and same_name(n, typed)]
    if len(alike) > 1:
        return msg(
            "{name} could be {names}, which differ only in case: write it as it is spelt",
            name=name,
            names=join(alike, " or "),
        )
    listed = join(names)
    if kind == SEAT:
        return msg("{name} is not a seat here; the seats are {names}", name=name, names=listed)
    if kind == SIDE:
        return msg("{name} is not a side here; the sides are {names}", name=name, names=listed)
    if kind == SIDE_OR_PLAYER:
        return msg("{name} is neither a side nor a player here; they are {names}", name=name, names=listed)
    return msg("{name} is not a player here; the players are {names}", name=name, names=listed)


def alternate_teams(seats: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two teams of alternate seats (4 or 6 players): the 1st, 3rd, … against the 2nd, 4th, …"""
    return tuple(seats[0::2]), tuple(seats[1::2])


def team_name(members: Sequence[str]) -> str:
    """``Ann & Cat``; seat letters run together (``NS``)."""
    if all(len(member) == 1 for member in members):
        return "".join(members)
    return " & ".join(members)
