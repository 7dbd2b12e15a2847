"""Reading Clabber input (seats, hands, plays, points per side) into rule values, or InputErrors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card
from referee.errors import FieldError, Gathering, InputError, Location
from referee.messages import Message, msg
from referee.rules.checks import as_int
from referee.rules.clabber.tricks import Play, too_many_plays
from referee.rules.clabber.values import FOUR, PACK, Table, located
from referee.rules.seating import SIDE, named


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
    (``a hand`` by default) and ``location`` says where it stands in ``field``: an error is located
    there, followed by the bad card's position (``("meld_cards", "Ann", 3)``)."""
    what = what or msg("a hand")

    def too_many(count: int) -> FieldError:
        text = msg(
            "{what} holds at most {limit} cards, not {count} (clabber-11.2)", what=what, limit=limit, count=count
        )
        return FieldError(text, field=field, location=location)

    if isinstance(value, list) and len(value) > limit:
        raise too_many(len(value))
    try:
        cards = PACK.parse(value, field=field)
    except InputError as error:
        if location:  # the place of the cards first, then the bad card's position in them, if it has one
            for one in error.each():
                one.location = (*location, *one.location[1:])
        raise
    if len(cards) > limit:
        raise too_many(len(cards))
    return cards


def readable_cards(value: object) -> list[Card]:
    """The Clabber cards of a list that can be read (none when it is no list of cards): checked against the
    other hands beside the list's own mistakes."""
    try:
        return PACK.read(value).cards
    except InputError:
        return []


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
    gathering: Gathering | None = None,
) -> dict[str, Any]:
    """``{side: whole number}`` with each key one of ``sides`` (any case); missing sides are absent.

    With ``allow_blank`` a ``null`` value stays ``None`` (a side left for the app to fill in). Every
    side's error is reported at once; given a ``gathering``, the errors are kept there instead and
    the sides that read well are returned, so the caller can go on checking them.
    """
    if not isinstance(value, Mapping):
        raise FieldError(
            msg("`{field}` is an object of sides and numbers, such as {example}", field=field, example='{"NS": 95}'),
            field=field,
        )
    numbers: dict[str, Any] = {}
    errors = gathering if gathering is not None else Gathering()
    for key, number in value.items():
        side = errors.attempt(named, key, sides, kind=SIDE, field=field, location=(field,))
        if side is None:
            continue
        if side in numbers:
            errors.errors.append(
                FieldError(
                    msg("{side} is given twice in `{field}`", side=side, field=field),
                    field=field,
                    location=(field, side),
                )
            )
        elif number is None and allow_blank:
            numbers[side] = None
        elif (read := errors.attempt(_side_number, number, field, side)) is not None:
            numbers[side] = read
    if gathering is None:
        errors.check()  # every side's bad number at once
    return numbers


def _side_number(number: object, field: str, side: str) -> int:
    """One side's whole number, 0 or more; an error is located at the side."""
    try:
        return as_int(number, f"{field}.{side}", minimum=0)
    except FieldError as error:
        error.location = (field, side)
        raise
