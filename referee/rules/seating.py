"""Who sits where: finding a player by the name typed, and the teams of alternate seats.

Every game finds its players and sides the same way, so a name typed ``ann`` or `` Ann `` means
``Ann`` everywhere, and two players whose names differ only in case are never confused.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import FieldError, Location
from referee.messages import join, msg


def find_name(typed: object, names: Sequence[str]) -> str | None:
    """The one name of ``names`` that ``typed`` means: itself, or else the only one equal ignoring case
    and surrounding spaces. None when there is none, or when the case alone would have to choose."""
    if not isinstance(typed, str):
        return None
    if typed in names:
        return typed
    folded = typed.strip().casefold()
    matches = [name for name in names if name.casefold() == folded]
    return matches[0] if len(matches) == 1 else None


def player_named(typed: object, players: Sequence[str], *, field: str, location: Location | None = None) -> str:
    """The player ``typed`` names, or a :class:`FieldError` at ``field`` that lists the match's players."""
    found = find_name(typed, players)
    if found is None:
        raise FieldError(
            msg("{name} is not a player of this match ({players})", name=repr(typed), players=join(players)),
            field=field,
            location=location,
        )
    return found


def alternate_teams(seats: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two teams of alternate seats (4 or 6 players): the 1st, 3rd, … against the 2nd, 4th, …"""
    return tuple(seats[0::2]), tuple(seats[1::2])


def team_name(members: Sequence[str]) -> str:
    """``Ann & Cat``; seat letters run together (``NS``)."""
    if all(len(member) == 1 for member in members):
        return "".join(members)
    return " & ".join(members)
