"""Paks card values: play values, score values, and the best split into special pairs.

Play values (paks-2.1) decide paks and steals during the deal; score values (paks-2.5) count
only at its end. Cards played together from the hand may form special pairs (paks-2.2), and the
value of a play is the best split of its cards into disjoint pairs and singles (paks-2.4). The
best split is searched exhaustively: taking the highest pair first is not always best
(5 5 4 2 splits best as 54 + 52 = 106, not 55 + 42 = 97).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from referee.cards import Card, Pack, format_cards
from referee.messages import msg

PACK = Pack(msg("Paks"))
"""One 52-card deck; :func:`pack` gives the two-deck pack of 3 or more players."""

PLAY_VALUES: dict[str, int] = {
    "A": 20,
    "K": 10,
    "Q": 10,
    "J": 10,
    "10": 10,
    "9": 9,
    "8": 8,
    "7": 7,
    "6": 6,
    "5": 5,
    "4": 4,
    "3": 3,
    "2": 2,
}

SCORE_VALUES: dict[str, int] = {
    "A": 20,
    "K": 10,
    "Q": 10,
    "J": 10,
    "10": 10,
    "9": 10,
    "8": 10,
    "7": 5,
    "6": 5,
    "5": 5,
    "4": 5,
    "3": 5,
    "2": 5,
}

#: The ranks that form special pairs (paks-2.2), highest first.
PAIR_RANKS: tuple[str, ...] = ("5", "4", "3", "2")


def pack(decks: int) -> Pack:
    """The Paks pack of one or two decks (paks-1.2)."""
    return PACK.with_decks(decks)


def decks_for(players: int) -> int:
    """2 players use one deck, 3 or more two (paks-1.2)."""
    return 1 if players == 2 else 2


def play_value(card: Card) -> int:
    return PLAY_VALUES[card.rank]


def score_value(card: Card) -> int:
    return SCORE_VALUES[card.rank]


def plain_value(cards: Iterable[Card]) -> int:
    """The sum of play values, no special pairs: how a pak lying on the table counts (paks-2.3)."""
    return sum(play_value(c) for c in cards)


def score_total(cards: Iterable[Card]) -> int:
    return sum(score_value(c) for c in cards)


def pair_value(first: Card, second: Card) -> int | None:
    """The special-pair value of two cards, or ``None`` if they form none (paks-2.2)."""
    if first.suit != second.suit or first.rank not in PAIR_RANKS or second.rank not in PAIR_RANKS:
        return None
    high, low = sorted((int(first.rank), int(second.rank)), reverse=True)
    return 10 * high + low


def pak_text(cards: Iterable[Card]) -> str:
    """``{5H 4H KH}``."""
    return "{" + format_cards(cards) + "}"


def sum_text(values: Sequence[int]) -> str:
    """``5 + 4 + 10 = 19``; a single value stands alone."""
    if len(values) == 1:
        return str(values[0])
    return " + ".join(map(str, values)) + f" = {sum(values)}"


@dataclass(frozen=True)
class Pair:
    """Two cards played together as a special pair; ``high`` is the higher rank."""

    high: Card
    low: Card
    value: int


@dataclass(frozen=True)
class Split:
    """Played cards divided into special pairs and single cards."""

    pairs: tuple[Pair, ...]
    singles: tuple[Card, ...]

    @property
    def value(self) -> int:
        return sum(p.value for p in self.pairs) + plain_value(self.singles)

    @property
    def plain(self) -> int:
        """The value without any special pair."""
        return plain_value(self.singles) + sum(play_value(p.high) + play_value(p.low) for p in self.pairs)

    def parts(self) -> list[int]:
        return [p.value for p in self.pairs] + [play_value(c) for c in self.singles]


@cache
def _best_pairing(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Best value of pair-rank cards of one suit, given their counts for ranks 5, 4, 3, 2.

    Returns the value and the pairs as index pairs into ``PAIR_RANKS``. Exhaustive: the highest
    rank present is either a single or paired with each possible partner in turn.
    """
    top = next((i for i, n in enumerate(counts) if n), None)
    if top is None:
        return 0, ()
    rank = int(PAIR_RANKS[top])
    rest = list(counts)
    rest[top] -= 1
    value, pairs = _best_pairing(tuple(rest))
    best = (value + rank, pairs)
    for partner in range(top, len(counts)):
        if rest[partner] == 0:
            continue
        remaining = list(rest)
        remaining[partner] -= 1
        value, pairs = _best_pairing(tuple(remaining))
        candidate = value + 10 * rank + int(PAIR_RANKS[partner])
        if candidate > best[0]:
            best = (candidate, ((top, partner), *pairs))
    return best


def best_split(cards: Sequence[Card]) -> Split:
    """The split of ``cards`` into disjoint special pairs and singles of highest value (paks-2.4).

    Only cards of one suit pair up (paks-2.2); a third card of a pair rank stays single. Singles
    keep the order in which the cards were given.
    """
    pairs: list[Pair] = []
    used: set[int] = set()
    suits = dict.fromkeys(c.suit for c in cards if c.rank in PAIR_RANKS)
    for suit in suits:
        by_rank: dict[str, list[int]] = {r: [] for r in PAIR_RANKS}
        for index, card in enumerate(cards):
            if card.suit == suit and card.rank in PAIR_RANKS:
                by_rank[card.rank].append(index)
        _, rank_pairs = _best_pairing(tuple(len(by_rank[r]) for r in PAIR_RANKS))
        for high, low in rank_pairs:
            first = by_rank[PAIR_RANKS[high]].pop(0)
            second = by_rank[PAIR_RANKS[low]].pop(0)
            used.update((first, second))
            value = 10 * int(PAIR_RANKS[high]) + int(PAIR_RANKS[low])
            pairs.append(Pair(cards[first], cards[second], value))
    singles = tuple(c for i, c in enumerate(cards) if i not in used)
    return Split(tuple(pairs), singles)
