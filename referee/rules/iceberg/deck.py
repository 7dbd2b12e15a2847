"""Iceberg's cards: one or two 52-card decks without jokers, and the meld ranks 2…K."""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import Card, Pack, format_cards
from referee.errors import InputError, Location
from referee.messages import Message, msg, renamed

ICEBERG_PACK = Pack(msg("Iceberg"))

#: Ranks that meld, in run order; K does not connect to 2 and aces never meld (iceberg-1.3).
MELD_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_INDEX = {rank: i for i, rank in enumerate(MELD_RANKS)}
#: Suits as the optimiser numbers them: a colour is two neighbouring suits.
SUIT_ORDER: tuple[str, ...] = ("H", "D", "S", "C")
SUIT_INDEX = {suit: i for i, suit in enumerate(SUIT_ORDER)}
#: Order of suits within a set, as people sort them.
SET_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
ODD_RANKS: tuple[str, ...] = ("3", "5", "7", "9", "J", "K")
EVEN_RANKS: tuple[str, ...] = ("2", "4", "6", "8", "10", "Q")


def decks_for(players: int) -> int:
    """D = 1 for 2–3 players, 2 for 4–6 (iceberg-1.2)."""
    return 1 if players <= 3 else 2


def pack_for(decks: int) -> Pack:
    return ICEBERG_PACK.with_decks(decks)


#: What an ace is worth laid down alone or left in a hand (iceberg-2.4, iceberg-6.7).
ACE_POINTS = 20


def is_ace(card: Card) -> bool:
    return card.rank == "A"


def cell_of(card: Card) -> tuple[int, int]:
    """(rank index, suit index) of a card that can meld."""
    return RANK_INDEX[card.rank], SUIT_INDEX[str(card.suit)]


#: Every card that melds, by rank index and suit index: a card is immutable, so one serves all.
_CARDS = tuple(tuple(Card(rank, suit) for suit in SUIT_ORDER) for rank in MELD_RANKS)


def card_at(rank: int, suit: int) -> Card:
    return _CARDS[rank][suit]


def run_key(card: Card) -> int:
    return RANK_INDEX.get(card.rank, -1)


def set_key(card: Card) -> int:
    return SET_SUIT_ORDER[str(card.suit)]


def quoted(cards: Iterable[Card]) -> str:
    """Cards as a message shows them: one backticked group, which the pages draw with suit signs."""
    return f"`{format_cards(cards)}`"


def readable(pack: Pack, value: object) -> list[Card]:
    """The cards of a list that can be read (none when it is no list of cards): counted against the decks
    beside the list's own mistakes."""
    try:
        return pack.read(value).cards
    except InputError:
        return []


def parse_at(pack: Pack, value: object, *, field: str, place: Message, location: Location) -> list[Card]:
    """``pack.parse(value, field=field)``, an error naming ``place`` (``field`` in the reader's language)
    and located at ``location`` followed by the card's position."""
    try:
        return pack.parse(value, field=field)
    except InputError as error:
        for one in error.each():
            message = renamed(one.msg, {field: place})
            assert isinstance(message, Message)
            one.msg, one.message, one.args = message, message.render(), (message.render(),)
            one.field = str(location[0])
            one.location = (*location, *one.location[1:])
        raise
