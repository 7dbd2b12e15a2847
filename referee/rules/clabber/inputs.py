"""Reading Clabber input (seats, hands, plays, points per side) into rule values, or InputErrors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card
from referee.errors import FieldError, Location
from referee.messages import Message, join, msg
from referee.rules.checks import as_int
from referee.rules.clabber.tricks import Play, too_many_plays
from referee.rules.clabber.values import FOUR, PACK, Table, located


def read_table(value: object) -> Table:
    """Seats in clockwise order: a list of names, or one string of names; ``None`` is N E S W."""
    if value is None:
        return FOUR
    if isinstance(value, str):
        names: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, list):
        names = value
    else:
        raise FieldError(msg("`seats` is a list of seat names in clockwise order"), field="seats")
    if len(names) > 6 or not all(isinstance(n, str) and n.strip() for n in names):
        raise FieldError(msg("`seats` names 2, 3, 4 or 6 seats, each a non-empty string"), field="seats")
    return Table(tuple(n.strip() for n in names))


def read_cards(
    value: object, limit: int, field: str, what: Message | None = None, location: Location = ()
) -> list[Card]:
    """A card list of at most ``limit`` Clabber cards (clabber-11.1, 11.2); ``what`` names it
    (``a hand`` by default) and ``location`` says where it stands in ``field``."""
    what = what or msg("a hand")

    def too_many(count: int) -> FieldError:
        text = msg(
            "{what} holds at most {limit} cards, not {count} (clabber-11.2)", what=what, limit=limit, count=count
        )
        return FieldError(text, field=field, location=location)

    if isinstance(value, list) and len(value) > limit:
        raise too_many(len(value))
    with located(location):
        cards = PACK.parse(value, field=field)
    if len(cards) > limit:
        raise too_many(len(cards))
    return cards


def read_plays(value: object, table: Table, field: str) -> list[Play]:
    """``[{"seat": "N", "card": "KH"}, …]`` in play order; the order itself is checked by the rules."""
    if not isinstance(value, list):
        raise FieldError(
            msg("`{field}` is a list of plays such as {example}", field=field, example='{"seat": "N", "card": "KH"}'),
            field=field,
        )
    if len(value) > table.count:
        raise FieldError(too_many_plays(table.count, len(value)), field=field)
    plays = []
    for number, item in enumerate(value, start=1):
        if not isinstance(item, Mapping) or "seat" not in item or "card" not in item:
            raise FieldError(
                msg(
                    "play {number} of `{field}` must be {example}",
                    number=number,
                    field=field,
                    example='{"seat": …, "card": …}',
                ),
                field=field,
                location=(field, number),
            )
        with located((field, number)):
            seat = table.seat(item["seat"], field)
            plays.append(Play(seat, PACK.parse_one(item["card"], field=field)))
    seen: set[str] = set()
    for number, play in enumerate(plays, start=1):
        if play.seat in seen:
            raise FieldError(
                msg("{seat} plays twice in `{field}`: one card per seat (clabber-11.3)", seat=play.seat, field=field),
                field=field,
                location=(field, number),
            )
        seen.add(play.seat)
    return plays



def read_side_numbers(
    value: object,
    sides: Sequence[str],
    field: str,
    *,
    allow_blank: bool = False,
) -> dict[str, Any]:
    """``{side: whole number}`` with each key one of ``sides`` (any case); missing sides are absent.

    With ``allow_blank`` a ``null`` value stays ``None`` (a side left for the app to fill in).
    """
    if not isinstance(value, Mapping):
        raise FieldError(
            msg("`{field}` is an object of sides and numbers, such as {example}", field=field, example='{"NS": 95}'),
            field=field,
        )
    numbers: dict[str, Any] = {}
    for key, number in value.items():
        side = match_name(key, sides, field, SIDE)
        if side in numbers:
            raise FieldError(
                msg("{side} is given twice in `{field}`", side=side, field=field), field=field, location=(field, side)
            )
        if number is None and allow_blank:
            numbers[side] = None
        else:
            numbers[side] = as_int(number, f"{field}.{side}", minimum=0)
    return numbers


SIDE = "side"
SIDE_OR_PLAYER = "side or player"


def match_name(value: object, names: Sequence[str], field: str, what: str) -> str:
    """The one of ``names`` that ``value`` spells (any case); ``what`` is :data:`SIDE` or :data:`SIDE_OR_PLAYER`."""
    if isinstance(value, str):
        for name in names:
            if name.casefold() == value.strip().casefold():
                return name
    listed = join(names)
    if what == SIDE:
        text = msg("unknown side {value}: the sides are {listed}", value=repr(value), listed=listed)
    else:
        text = msg("unknown side or player {value}: the side or players are {listed}", value=repr(value), listed=listed)
    raise FieldError(text, field=field, location=(field,))
