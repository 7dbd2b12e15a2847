"""Dracula card values and line multipliers (dracula-2, dracula-4.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from referee.cards import RED_SUITS, SUIT_WORDS, SUITS, Card, Pack
from referee.messages import Message, msg

#: 52 cards and two Vampires (dracula-1.2).
DRACULA_PACK = Pack(
    msg("Dracula"),
    jokers={"JO": 2},
    hints={"SJ": msg("its Vampires are written `JO`"), "BJ": msg("its Vampires are written `JO`")},
)

DEFAULT_MULTIPLIERS: Mapping[str, int] = {"suit": 5, "colour": 3, "two_suit": 2}

_PIP_VALUES = {"A": 1, "J": 0, **{str(n): n for n in range(2, 11)}}


def card_value(card: Card, direction: str) -> int:
    """A card's value in a ``row`` or a ``column`` (dracula-2.1): Q counts across, K down."""
    if card.is_joker:
        return 0
    if card.rank == "Q":
        return 10 if direction == "row" else 0
    if card.rank == "K":
        return 10 if direction == "column" else 0
    return _PIP_VALUES[card.rank]


@dataclass(frozen=True)
class Multiplier:
    factor: int
    reason: Message


def multiplier(cards: Sequence[Card], multipliers: Mapping[str, int], *, wild_vampires: bool = False) -> Multiplier:
    """The single highest multiplier that fits three cards (dracula-4.3).

    A Vampire has no suit and no colour (dracula-2.2), unless ``wild_vampires`` (the 3-player
    option ``vampire_suit_3p = wild``), when it takes whichever suit gives the most.
    """
    vampires = sum(1 for c in cards if c.is_joker)
    suited = [c.suit for c in cards if c.suit is not None]
    if not wild_vampires or vampires == 0:
        return _plain_multiplier(suited, len(cards), multipliers)
    best = _plain_multiplier(suited, len(cards), multipliers)
    for chosen in product(SUITS, repeat=vampires):
        candidate = _plain_multiplier([*suited, *chosen], len(cards), multipliers)
        if candidate.factor > best.factor:
            best = Multiplier(candidate.factor, msg("{reason} (the Vampire matching)", reason=candidate.reason))
    return best


#: Plain words for each multiplier condition, in the listed order of dracula-4.3.
_CONDITIONS = ("suit", "colour", "two_suit")


_ALL_COLOUR = {True: msg("all red"), False: msg("all black")}


def _conditions(suits: list[str], size: int) -> dict[str, Message]:
    """Every multiplier condition the line meets, each with the words that say why."""
    met: dict[str, Message] = {}
    counts = Counter(suits)
    if len(suits) == size and len(counts) == 1:
        met["suit"] = msg("all {suit}", suit=SUIT_WORDS[suits[0]])
    colours = {s in RED_SUITS for s in suits}
    if len(suits) == size and len(colours) == 1:
        met["colour"] = _ALL_COLOUR[next(iter(colours))]
    pairs = [s for s, n in counts.items() if n == 2]
    if pairs:
        met["two_suit"] = msg("two {suit}", suit=SUIT_WORDS[pairs[0]])
    return met


def _plain_multiplier(suits: list[str], size: int, multipliers: Mapping[str, int]) -> Multiplier:
    """The single highest multiplier *value* among the conditions met (dracula-4.3).

    With the default values that is the listed order (suit, colour, two of a suit); with custom
    values a later condition may be worth more (all hearts with suit ×2 and colour ×4 is ×4).
    """
    met = _conditions(suits, size)
    if not met:
        return Multiplier(1, msg("not all one suit or one colour; no two of a suit"))
    best = max(_CONDITIONS, key=lambda c: (c in met, multipliers[c], -_CONDITIONS.index(c)))
    reason = met[best]
    listed_first = next(c for c in _CONDITIONS if c in met)
    if best != listed_first:
        reason = msg(
            "{reason} (worth more than {other} ×{factor}: the highest value counts)",
            reason=reason,
            other=met[listed_first],
            factor=multipliers[listed_first],
        )
    return Multiplier(multipliers[best], reason)
