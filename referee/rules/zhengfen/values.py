"""Zheng Fen's pack, rank order and card points (zhengfen-1.2, 1.3, 1.5, 2.1, 2.2)."""

from __future__ import annotations

from referee.cards import Card, Pack
from referee.messages import Message, msg

#: 52 standard cards plus the small and the big joker (zhengfen-1.2).
ZHENGFEN_PACK = Pack(
    msg("Zheng Fen"),
    jokers={"SJ": 1, "BJ": 1},
    hints={"JO": msg("use `SJ` (small joker) or `BJ` (big joker)")},
)

#: Rank order, low to high (zhengfen-1.3). A rank is handled as its index in this tuple.
RANK_ORDER: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANK_ORDER)}
TWO = RANK_INDEX["2"]
SMALL_JOKER = RANK_INDEX["SJ"]
BIG_JOKER = RANK_INDEX["BJ"]
#: The 13 standard ranks are the indices below the jokers.
STANDARD_RANKS: tuple[int, ...] = tuple(range(SMALL_JOKER))

#: Card points of the point ranks (zhengfen-2.1); every other card, jokers included, scores 0.
POINT_VALUES: dict[str, int] = {"5": 5, "10": 10, "K": 10}
POINT_RANKS: tuple[str, ...] = ("5", "10", "K")
POINT_RANK_INDICES = frozenset(RANK_INDEX[r] for r in POINT_RANKS)
DEAL_POINTS = 100
#: Every point card of the pack: four 5s, four 10s, four kings (zhengfen-9.5).
POINT_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in POINT_RANKS for suit in "SHDC")

#: Cards dealt to each player, in dealing order (zhengfen-1.5).
HAND_SIZES: dict[int, tuple[int, ...]] = {
    3: (18, 18, 18),
    4: (14, 14, 13, 13),
    5: (11, 11, 11, 11, 10),
    6: (9, 9, 9, 9, 9, 9),
}

_RANK_WORDS: dict[str, Message] = {
    "J": msg("jack"),
    "Q": msg("queen"),
    "K": msg("king"),
    "A": msg("ace"),
    "SJ": msg("small joker"),
    "BJ": msg("big joker"),
}
_RANK_PLURALS: dict[str, Message] = {
    "J": msg("jacks"),
    "Q": msg("queens"),
    "K": msg("kings"),
    "A": msg("aces"),
    "SJ": msg("small jokers"),
    "BJ": msg("big jokers"),
}


def rank_of(card: Card) -> int:
    """The rank index of a card at its own rank (a joker's own rank is SJ or BJ)."""
    return RANK_INDEX[card.rank]


def card_points(card: Card) -> int:
    """Points of the physical card: a joker scores 0 whatever it stood for (zhengfen-2.2)."""
    return 0 if card.is_joker else POINT_VALUES.get(card.rank, 0)


def max_hand(players: int) -> int:
    """The largest hand dealt to one of ``players`` players (zhengfen-1.5)."""
    return HAND_SIZES[players][0]


def rank_word(rank: int) -> Message | str:
    """``8``, ``king``, ``big joker``."""
    name = RANK_ORDER[rank]
    return _RANK_WORDS.get(name, name)


def rank_plural(rank: int) -> Message:
    """``8s``, ``kings``, ``big jokers``."""
    name = RANK_ORDER[rank]
    return _RANK_PLURALS.get(name) or msg("{rank}s", rank=name)


def with_article(rank: int) -> Message:
    """``an 8``, ``a king``, ``an ace``."""
    word = rank_word(rank)
    if str(word)[0] in "8a":
        return msg("an {rank}", rank=word)
    return msg("a {rank}", rank=word)
