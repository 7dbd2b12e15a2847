"""Reading Paks requests and deal entries: suits, card lists, paks and victim paks.

Errors are :class:`~referee.errors.InputError` subclasses naming the field at fault. A pak is a
list of cards or one string of cards (``"QH 2H KH"``); a player's paks may also be one string
with the paks separated by ``;`` or ``/`` (``"QH 2H KH; 7H 6H"``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.cards import Card, CardLedger, Pack, TooManyCopiesError, card_tokens, suit_named
from referee.errors import FieldError, Gathering, InputError, Location
from referee.messages import Message, msg
from referee.rules.paks.capture import VictimPak
from referee.rules.paks.held import HeldPak, check_pak, pak_label

_PAK_SEPARATORS = re.compile(r"[;/]")
_CARDS_PER_DECK = 52


def parse_suit(value: object, field: str) -> str:
    """A suit letter ``S H D C``, a suit sign or a suit name, in any case."""
    suit = suit_named(value)
    if suit is not None:
        return suit
    raise FieldError(
        msg("`{field}` must be a suit (S, H, D or C), not {value}", field=field, value=repr(value)), field=field
    )


def parse_suits(value: object, field: str) -> list[str]:
    """A list of suits, or one string such as ``"D H"``; ``null`` is none."""
    if value is None:
        return []
    if isinstance(value, str):
        value = card_tokens(value)  # suits are separated as cards are: "D H", "D,H"
    if not isinstance(value, list):
        raise FieldError(msg("`{field}` must be a list of suits", field=field), field=field)
    return [parse_suit(item, field) for item in value]


def read_cards(value: object, pack: Pack, field: str, location: Location = ()) -> list[Card]:
    """A card list, refused at once when it is longer than the decks hold.

    ``location`` names the list inside its field (``("paks", "Ann", 2)``); an error about one of its
    cards adds the card's position to it.
    """
    limit = _CARDS_PER_DECK * pack.decks
    if isinstance(value, list | tuple) and len(value) > limit:
        raise TooManyCopiesError(
            msg(
                "`{field}` lists {n} cards; {decks} {limit}",
                field=field,
                n=len(value),
                decks=pack.deck_words(),
                limit=limit,
            ),
            token="",
            field=field,
            location=location,
        )
    try:
        return pack.parse(value, field=field)
    except InputError as error:
        if location:
            for one in error.each():
                position = one.location[1:] if one.location[:1] == (field,) else ()
                one.location = (*location, *position)
        raise


def read_name(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(msg("`{field}` must be a non-empty name", field=field), field=field)
    return value.strip()


def read_paks(value: object, owner: str, pack: Pack, field: str) -> list[HeldPak]:
    """One player's (or side's) paks, each checked to be a possible pak (paks-9.4, paks-9.5)."""
    items = _pak_items(value, owner, pack, field)
    gathering = Gathering()
    paks = [
        gathering.attempt(_read_pak, item, owner, number, pack, field) for number, item in enumerate(items, start=1)
    ]
    gathering.check()  # every pak's error at once
    return [pak for pak in paks if pak is not None]


def readable_paks(value: object, owner: str, pack: Pack, field: str) -> list[tuple[Message, list[Card]]]:
    """Each pak of ``owner`` with the cards of it that could be read, whether or not it is a possible pak:
    so a card used too often is found beside the other mistakes of the paks."""
    try:
        items = _pak_items(value, owner, pack, field)
    except InputError:
        return []
    readable = []
    for number, item in enumerate(items, start=1):
        if isinstance(item, list | str):
            readable.append((pak_label(owner, number), pack.read(item, field=field).cards))
    return readable


def _pak_items(value: object, owner: str, pack: Pack, field: str) -> list[Any]:
    """The paks of ``owner`` as given, one item each (a string of paks is split at ``;`` and ``/``)."""
    if value is None:
        return []
    if isinstance(value, str):
        items: list[Any] = [part for part in _PAK_SEPARATORS.split(value) if part.strip()]
    elif isinstance(value, list):
        items = value
    else:
        raise FieldError(
            msg("the paks of {owner} must be a list of paks, each a list of cards", owner=owner),
            field=field,
            location=(field, owner),
        )
    limit = _CARDS_PER_DECK * pack.decks // 2
    if len(items) > limit:
        raise FieldError(
            msg(
                "{owner} has {n} paks; {decks} cards for {limit} at most",
                owner=owner,
                n=len(items),
                decks=pack.deck_words(),
                limit=limit,
            ),
            field=field,
            location=(field, owner),
        )
    return items


def _read_pak(item: object, owner: str, number: int, pack: Pack, field: str) -> HeldPak:
    where = (field, owner, number)
    if not isinstance(item, list | str):
        raise FieldError(
            msg(
                "pak {number} of {owner} must be a list of cards, not {item}",
                number=number,
                owner=owner,
                item=repr(item),
            ),
            field=field,
            location=where,
        )
    cards = read_cards(item, pack, field, where)
    check_pak(cards, pak_label(owner, number), field=field, location=where)
    return HeldPak(owner, number, tuple(cards))


def read_victims(value: object, pack: Pack, field: str = "victim_paks") -> list[VictimPak]:
    """Victim paks: each a card list, or ``{"owner": name, "cards": [...]}``."""
    if not isinstance(value, list):
        raise FieldError(msg("`{field}` must be a list of paks", field=field), field=field)
    if not value:
        raise FieldError(msg("`{field}` names no pak: a steal takes at least one", field=field), field=field)
    limit = _CARDS_PER_DECK * pack.decks // 2
    if len(value) > limit:
        raise FieldError(
            msg(
                "`{field}` lists {n} paks; {decks} cards for {limit} at most",
                field=field,
                n=len(value),
                decks=pack.deck_words(),
                limit=limit,
            ),
            field=field,
        )
    victims: list[VictimPak] = []
    for number, item in enumerate(value, start=1):
        where = (field, number)
        owner: str | None = None
        cards: object = item
        if isinstance(item, Mapping):
            unknown = sorted(set(item) - {"owner", "cards"})
            if unknown:
                raise FieldError(
                    msg("victim pak {number} has an unknown key `{key}`", number=number, key=unknown[0]),
                    field=field,
                    location=where,
                )
            if "cards" not in item:
                raise FieldError(msg('victim pak {number} needs "cards"', number=number), field=field, location=where)
            if item.get("owner") is not None:
                owner = read_name(item["owner"], f"{field}[{number - 1}].owner")
            cards = item["cards"]
        elif not isinstance(item, list | str):
            raise FieldError(
                msg("victim pak {number} must be a list of cards or {{owner, cards}}", number=number),
                field=field,
                location=where,
            )
        victims.append(VictimPak(tuple(read_cards(cards, pack, field, where)), owner))
    return victims


def count_paks(ledger: CardLedger, paks: list[HeldPak], field: str) -> None:
    for pak in paks:
        ledger.add_all(pak.cards, pak.label, field=field)
