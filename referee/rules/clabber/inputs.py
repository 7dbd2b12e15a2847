"""Reading Clabber input (seats, hands, plays, points per side) into rule values, or InputErrors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card
from referee.errors import FieldError
from referee.rules.checks import as_int
from referee.rules.clabber.tricks import Play
from referee.rules.clabber.values import FOUR, PACK, Table


def read_table(value: object) -> Table:
    """Seats in clockwise order: a list of names, or one string of names; ``None`` is N E S W."""
    if value is None:
        return FOUR
    if isinstance(value, str):
        names: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, list):
        names = value
    else:
        raise FieldError("`seats` is a list of seat names in clockwise order", field="seats")
    if len(names) > 6 or not all(isinstance(n, str) and n.strip() for n in names):
        raise FieldError("`seats` names 2, 3, 4 or 6 seats, each a non-empty string", field="seats")
    return Table(tuple(n.strip() for n in names))


def read_cards(value: object, limit: int, field: str, what: str = "a hand") -> list[Card]:
    """A card list of at most ``limit`` Clabber cards (clabber-11.1, 11.2)."""
    if isinstance(value, list) and len(value) > limit:
        raise FieldError(f"{what} holds at most {limit} cards, not {len(value)} (clabber-11.2)", field=field)
    cards = PACK.parse(value, field=field)
    if len(cards) > limit:
        raise FieldError(f"{what} holds at most {limit} cards, not {len(cards)} (clabber-11.2)", field=field)
    return cards


def read_plays(value: object, table: Table, field: str) -> list[Play]:
    """``[{"seat": "N", "card": "KH"}, …]`` in play order; the order itself is checked by the rules."""
    if not isinstance(value, list):
        raise FieldError(f'`{field}` is a list of plays such as {{"seat": "N", "card": "KH"}}', field=field)
    if len(value) > table.count:
        raise FieldError(
            f"a trick has at most {table.count} plays, one per seat, not {len(value)} (clabber-11.3)", field=field
        )
    plays = []
    for number, item in enumerate(value, start=1):
        if not isinstance(item, Mapping) or "seat" not in item or "card" not in item:
            raise FieldError(f'play {number} of `{field}` must be {{"seat": …, "card": …}}', field=field)
        seat = table.seat(item["seat"], field)
        plays.append(Play(seat, PACK.parse_one(item["card"], field=field)))
    seen: set[str] = set()
    for play in plays:
        if play.seat in seen:
            raise FieldError(f"{play.seat} plays twice in `{field}`: one card per seat (clabber-11.3)", field=field)
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
        raise FieldError(f'`{field}` is an object of sides and numbers, such as {{"NS": 95}}', field=field)
    numbers: dict[str, Any] = {}
    for key, number in value.items():
        side = match_name(key, sides, field, "side")
        if side in numbers:
            raise FieldError(f"{side} is given twice in `{field}`", field=field)
        if number is None and allow_blank:
            numbers[side] = None
        else:
            numbers[side] = as_int(number, f"{field}.{side}", minimum=0)
    return numbers


def match_name(value: object, names: Sequence[str], field: str, what: str) -> str:
    """The one of ``names`` that ``value`` spells (any case)."""
    if isinstance(value, str):
        for name in names:
            if name.casefold() == value.strip().casefold():
                return name
    listed = ", ".join(names)
    raise FieldError(f"unknown {what} {value!r}: the {what}s are {listed}", field=field)
