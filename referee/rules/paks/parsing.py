"""Reading Paks requests and deal entries: suits, card lists, paks and victim paks.

Errors are :class:`~referee.errors.InputError` subclasses naming the field at fault. A pak is a
list of cards or one string of cards (``"QH 2H KH"``); a player's paks may also be one string
with the paks separated by ``;`` or ``/`` (``"QH 2H KH; 7H 6H"``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.cards import Card, CardLedger, Pack, TooManyCopiesError
from referee.errors import FieldError
from referee.rules.paks.capture import VictimPak
from referee.rules.paks.held import HeldPak, check_pak

_SUITS = {
    "S": "S",
    "SPADE": "S",
    "SPADES": "S",
    "♠": "S",
    "♤": "S",
    "H": "H",
    "HEART": "H",
    "HEARTS": "H",
    "♥": "H",
    "♡": "H",
    "D": "D",
    "DIAMOND": "D",
    "DIAMONDS": "D",
    "♦": "D",
    "♢": "D",
    "C": "C",
    "CLUB": "C",
    "CLUBS": "C",
    "♣": "C",
    "♧": "C",
}
_PAK_SEPARATORS = re.compile(r"[;/]")
_CARDS_PER_DECK = 52


def parse_suit(value: object, field: str) -> str:
    """A suit letter ``S H D C``, a suit sign or a suit name, in any case."""
    if isinstance(value, str) and value.strip().upper() in _SUITS:
        return _SUITS[value.strip().upper()]
    raise FieldError(f"`{field}` must be a suit (S, H, D or C), not {value!r}", field=field)


def parse_suits(value: object, field: str) -> list[str]:
    """A list of suits, or one string such as ``"D H"``; ``null`` is none."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [s for s in re.split(r"[\s,]+", value.strip()) if s]
    if not isinstance(value, list):
        raise FieldError(f"`{field}` must be a list of suits", field=field)
    return [parse_suit(item, field) for item in value]


def read_cards(value: object, pack: Pack, field: str) -> list[Card]:
    """A card list, refused at once when it is longer than the decks hold."""
    limit = _CARDS_PER_DECK * pack.decks
    if isinstance(value, list | tuple) and len(value) > limit:
        raise TooManyCopiesError(
            f"`{field}` lists {len(value)} cards; {pack.deck_words()} {limit}", token="", field=field
        )
    return pack.parse(value, field=field)


def read_name(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(f"`{field}` must be a non-empty name", field=field)
    return value.strip()


def read_paks(value: object, owner: str, pack: Pack, field: str) -> list[HeldPak]:
    """One player's (or side's) paks, each checked to be a possible pak (paks-9.4, paks-9.5)."""
    if value is None:
        return []
    if isinstance(value, str):
        items: list[Any] = [part for part in _PAK_SEPARATORS.split(value) if part.strip()]
    elif isinstance(value, list):
        items = value
    else:
        raise FieldError(f"the paks of {owner} must be a list of paks, each a list of cards", field=field)
    limit = _CARDS_PER_DECK * pack.decks // 2
    if len(items) > limit:
        raise FieldError(f"{owner} has {len(items)} paks; {pack.deck_words()} cards for {limit} at most", field=field)
    paks: list[HeldPak] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, list | str):
            raise FieldError(f"pak {number} of {owner} must be a list of cards, not {item!r}", field=field)
        cards = read_cards(item, pack, field)
        check_pak(cards, f"pak {number} of {owner}", field=field)
        paks.append(HeldPak(owner, number, tuple(cards)))
    return paks


def read_victims(value: object, pack: Pack, field: str = "victim_paks") -> list[VictimPak]:
    """Victim paks: each a card list, or ``{"owner": name, "cards": [...]}``."""
    if not isinstance(value, list):
        raise FieldError(f"`{field}` must be a list of paks", field=field)
    if not value:
        raise FieldError(f"`{field}` names no pak: a steal takes at least one", field=field)
    limit = _CARDS_PER_DECK * pack.decks // 2
    if len(value) > limit:
        raise FieldError(
            f"`{field}` lists {len(value)} paks; {pack.deck_words()} cards for {limit} at most", field=field
        )
    victims: list[VictimPak] = []
    for number, item in enumerate(value, start=1):
        owner: str | None = None
        cards: object = item
        if isinstance(item, Mapping):
            unknown = sorted(set(item) - {"owner", "cards"})
            if unknown:
                raise FieldError(f"victim pak {number} has an unknown key `{unknown[0]}`", field=field)
            if "cards" not in item:
                raise FieldError(f'victim pak {number} needs "cards"', field=field)
            if item.get("owner") is not None:
                owner = read_name(item["owner"], f"{field}[{number - 1}].owner")
            cards = item["cards"]
        elif not isinstance(item, list | str):
            raise FieldError(f"victim pak {number} must be a list of cards or {{owner, cards}}", field=field)
        victims.append(VictimPak(tuple(read_cards(cards, pack, field)), owner))
    return victims


def count_paks(ledger: CardLedger, paks: list[HeldPak], field: str) -> None:
    for pak in paks:
        ledger.add_all(pak.cards, pak.label, field=field)
