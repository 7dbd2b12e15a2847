"""The finishing order as the players tap it, place by place (zhengfen-6.2).

A form offers one row of players per place. Every place but the last must hold a player, each
player at most one place; the last place is then the one player left. The check lives here so a
form only asks it, and its sentences are translated like every other of the rules layer.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import FieldError
from referee.messages import Message, join, msg
from referee.rules.seating import named
from referee.rules.zhengfen.scoring import place_name


def check_places(players: Sequence[str], places: Sequence[str]) -> list[str]:
    """The finishing order of ``players`` from ``places`` (the player tapped at each place, ``""``
    where nobody was); an untapped last place is the one player left.

    Raises :class:`FieldError` on ``order``, located at the first place at fault: a name that is no
    player of the deal, a player tapped in two places (zhengfen-9.4), or a place before the last left empty.
    """
    count = len(players)
    places = [
        named(name, players, field="order", location=("order", i)) if name else "" for i, name in enumerate(places)
    ]
    tapped = [name for name in places if name]
    doubled = [name for name in dict.fromkeys(tapped) if tapped.count(name) > 1]
    if doubled:
        sentences: list[Message] = [_doubled(name, places, count) for name in doubled]
        unplaced = [p for p in players if p not in tapped]
        if unplaced:
            sentences.append(msg("No place for {names}.", names=join(unplaced, " and ")))
        sentences.append(msg("Tap each player in one place."))
        second = next(i for i, name in enumerate(places) if name in doubled and name in places[:i])
        # Translators: whole sentences, one after the other.
        raise FieldError(msg("{sentences}", sentences=join(sentences, " ")), field="order", location=("order", second))
    empty = [i for i, who in enumerate(places[:-1]) if not who]
    if empty:
        raise FieldError(
            msg(
                "Tap who went out {places}: the finishing order decides the scores.",
                places=join((place_name(i + 1, count) for i in empty), ", "),
            ),
            field="order",
            location=("order", empty[0]),
        )
    left = [p for p in players if p not in tapped]
    return tapped + left if len(left) == 1 else tapped


def _doubled(name: str, places: Sequence[str], count: int) -> Message:
    at = [place_name(i, count) for i, who in enumerate(places, start=1) if who == name]
    if len(at) == 2:
        return msg("{name} is both {first} and {second}.", name=name, first=at[0], second=at[1])
    return msg("{name} is {places}.", name=name, places=join(at, " and "))
