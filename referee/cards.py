"""Cards: the value type, the notation of shared/API.md, and deck accounting.

Notation: a rank ``A K Q J 10 9 8 7 6 5 4 3 2`` (``T`` also means 10) followed by a suit
``S H D C`` (also ``♠ ♥ ♦ ♣``), case-insensitive on input and canonical on output (``10H``).
Jokers: ``JO`` (a Dracula vampire), ``SJ`` and ``BJ`` (Zheng Fen's small and big joker).
A list of cards is a JSON array of such strings, or one string split on spaces and commas.

Errors are :class:`~referee.errors.InputError` subclasses that name the bad token, where it
stood, and carry the API error code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from referee.errors import Gathering, InputError, Location
from referee.messages import Message, Param, join, msg, msg_n

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKERS: tuple[str, ...] = ("JO", "SJ", "BJ")

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
"""The suits' English names, as players type them (``4 spades``): for reading input, not for showing."""
SUIT_WORDS: dict[str, Message] = {"S": msg("spades"), "H": msg("hearts"), "D": msg("diamonds"), "C": msg("clubs")}
"""A suit's name in a sentence, translated: "you hold no {suit}"."""
SUIT_WORD: dict[str, Message] = {"S": msg("spade"), "H": msg("heart"), "D": msg("diamond"), "C": msg("club")}
"""One card's suit in a sentence: "`4H` is not a {suit}"."""
SUIT_TITLES: dict[str, Message] = {"S": msg("Spades"), "H": msg("Hearts"), "D": msg("Diamonds"), "C": msg("Clubs")}
"""A suit's name at the head of a line or on a button."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

_SYMBOL_TO_SUIT = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
}
_SEPARATORS = re.compile(r"[\s,]+")
#: Every way a suit is typed on its own, in upper case: its letter, its sign (filled or outline) and its English name.
SUIT_SPELLINGS: dict[str, str] = {
    **{suit: suit for suit in SUITS},
    **_SYMBOL_TO_SUIT,
    **{name.upper(): suit for suit, name in SUIT_NAMES.items()},
    **{name.upper(): suit for suit, name in SUIT_SINGULAR.items()},
}


def suit_named(value: object) -> str | None:
    """The suit letter that ``value`` spells (:data:`SUIT_SPELLINGS`, in any case, spaces around it
    ignored), else None."""
    return SUIT_SPELLINGS.get(value.strip().upper()) if isinstance(value, str) else None


class CardError(InputError):
    """Base of the card errors; ``token`` is the text as given."""

    def __init__(
        self, message: Message, *, token: str, field: str | None = None, location: Location | None = None
    ) -> None:
        super().__init__(message, field=field, location=location)
        self.token = token


class BadCardError(CardError):
    """A token that is no card at all."""

    code = "bad_card"


class CardNotInPackError(CardError):
    """A real card that the game's pack does not hold (an 8 in Clabber, ``JO`` in Iceberg)."""

    code = "card_not_in_pack"


class TooManyCopiesError(CardError):
    """A card given more often than the decks in play hold."""

    code = "too_many_copies"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``suit`` is ``None`` for a joker, whose ``rank`` is its code (``JO``, ``SJ``, ``BJ``)."""

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.suit is None:
            if self.rank not in JOKERS:
                raise ValueError(f"a card without a suit must be a joker, not {self.rank!r}")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one token; raise :class:`BadCardError` if it is no card."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def colour(self) -> str | None:
        """``red`` or ``black``; ``None`` for a joker."""
        if self.suit is None:
            return None
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def symbol(self) -> str:
        """The card with its suit sign, for people: ``10♥``."""
        return self.rank if self.suit is None else f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.rank if self.suit is None else f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _describe_place(token: Param, position: int | None, field: str | None) -> Param:
    """The token and where it was given: ``X (card 2 of played)``."""
    if position is None and field is None:
        return token
    if position is None:
        return msg("{token} (in {field})", token=token, field=field or "")
    if field is None:
        return msg("{token} (card {position})", token=token, position=position)
    return msg("{token} (card {position} of {field})", token=token, position=position, field=field)


#: Every card by its canonical notation (``10H``, ``JO``): what a stored entry and most input hold,
#: read without being parsed.
_CANONICAL: dict[str, Card] = {
    str(card): card for card in [*(Card(rank, suit) for suit in SUITS for rank in RANKS), *map(Card, JOKERS)]
}


def parse_card(token: object, *, position: int | None = None, field: str | None = None) -> Card:
    """Parse one card token.

    ``position`` (1-based) and ``field`` only serve the error message, which names both.
    """
    known = _CANONICAL.get(token) if isinstance(token, str) else None
    if known is not None:
        return known
    location = (field, position) if field is not None and position is not None else None
    if not isinstance(token, str):
        shown = "null" if token is None else repr(token)
        raise BadCardError(
            msg(
                '{given} is not a card: cards are strings such as "10H" or "AS"',
                given=_describe_place(shown, position, field),
            ),
            token=str(token),
            field=field,
            location=location,
        )
    text = token.strip()
    if not text:
        raise BadCardError(
            msg("{given} is not a card", given=_describe_place(msg("an empty string"), position, field)),
            token=token,
            field=field,
            location=location,
        )
    upper = text.upper()
    if upper in JOKERS:
        return Card(upper)
    suit_char = upper[-1]
    suit = _SYMBOL_TO_SUIT.get(suit_char, suit_char)
    rank = upper[:-1].strip()
    if rank == "T":
        rank = "10"
    if suit not in SUITS or rank not in RANKS:
        raise BadCardError(
            msg(
                "{given} is not a card: write a rank (A K Q J 10 9 … 2, or T for 10) and a suit (S H D C), e.g. `10H`",
                given=_describe_place(f"`{text}`", position, field),
            ),
            token=text,
            field=field,
            location=location,
        )
    return Card(rank, suit)


def card_tokens(text: str) -> list[str]:
    """The tokens of a typed card list: ``"10H, 9h  JO"`` → ``["10H", "9h", "JO"]`` (spaces and commas separate)."""
    return [token for token in _SEPARATORS.split(text.strip()) if token]


def parse_cards(value: object, *, field: str | None = None) -> list[Card]:
    """Parse a card list given as a JSON array of tokens or as one string split on spaces/commas."""
    return [parse_card(t, position=i, field=field) for i, t in enumerate(list_tokens(value, field), start=1)]


def list_tokens(value: object, field: str | None = None) -> list[object]:
    """The tokens of a card list: a JSON array's items, or one string split on spaces and commas."""
    if isinstance(value, str):
        return list(card_tokens(value))
    if isinstance(value, list | tuple):
        return list(value)
    raise InputError(
        msg("{field} must be a list of cards or one string of cards", field=field or "cards"),
        field=field,
        code="bad_field",
    )


@dataclass(frozen=True)
class CardsReading:
    """A card list read as far as it can be: the cards of the pack it holds, in order, and an error for
    every other token (no card, or a card the pack lacks)."""

    cards: list[Card]
    errors: list[InputError]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation of a card list, space separated."""
    return " ".join(str(c) for c in cards)


def card_strings(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


_COPY_WORDS = {1: msg("once"), 2: msg("twice")}


def times(n: int) -> Message:
    """``once``, ``twice``, ``3 times``."""
    return _COPY_WORDS.get(n) or msg("{n} times", n=n)


@dataclass(frozen=True)
class Pack:
    """The cards a game plays with, and how many copies of each ``decks`` decks hold.

    ``jokers`` maps each joker code the game uses to its copies per deck. ``hints`` adds a
    sentence to the error for a card that is not in the pack (``JO`` in Zheng Fen).
    """

    name: Message
    ranks: tuple[str, ...] = RANKS
    jokers: Mapping[str, int] = field(default_factory=dict)
    decks: int = 1
    hints: Mapping[str, Message] = field(default_factory=dict)

    def with_decks(self, decks: int) -> Pack:
        return Pack(self.name, self.ranks, self.jokers, decks, self.hints)

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds (0 if none)."""
        if card.is_joker:
            return self.jokers.get(card.rank, 0) * self.decks
        return self.decks if card.rank in self.ranks else 0

    def cards(self) -> list[Card]:
        """Every card of one deck of this pack, jokers last."""
        deck = [Card(r, s) for s in SUITS for r in self.ranks]
        for joker, n in self.jokers.items():
            deck.extend([Card(joker)] * n)
        return deck

    def contents(self) -> Message:
        ranks = " ".join(self.ranks)
        jokers = " ".join(self.jokers)
        if self.ranks == RANKS:
            return msg("52 cards and {jokers}", jokers=jokers) if jokers else msg("52 cards")
        if jokers:
            return msg("{ranks} in each suit and {jokers}", ranks=ranks, jokers=jokers)
        return msg("{ranks} in each suit", ranks=ranks)

    def check_card(self, card: Card, *, field: str | None = None) -> Card:
        if self.copies(card) == 0:
            hint = self.hints.get(str(card)) or msg(
                "the {pack} pack holds {contents}", pack=self.name, contents=self.contents()
            )
            raise CardNotInPackError(
                msg("`{card}` is not in the {pack} pack: {hint}", card=str(card), pack=self.name, hint=hint),
                token=str(card),
                field=field,
            )
        return card

    def parse(self, value: object, *, field: str | None = None) -> list[Card]:
        """Parse a card list and check that every card is in this pack (not the copy count); every bad
        token at once (:class:`~referee.errors.InputErrors` for several)."""
        reading = self.read(value, field=field)
        Gathering.of(reading.errors).check()
        return reading.cards

    def read(self, value: object, *, field: str | None = None) -> CardsReading:
        """A card list read leniently (see :class:`CardsReading`); a value that is no list at all is refused."""
        cards: list[Card] = []
        gathering = Gathering()
        for position, token in enumerate(list_tokens(value, field), start=1):
            known = _CANONICAL.get(token) if isinstance(token, str) else None
            if known is not None and self.copies(known):
                cards.append(known)
                continue
            card = gathering.attempt(parse_card, token, position=position, field=field)
            if card is not None and gathering.attempt(self.check_card, card, field=field) is not None:
                cards.append(card)
        return CardsReading(cards, gathering.errors)

    def parse_one(self, value: object, *, field: str | None = None) -> Card:
        return self.check_card(parse_card(value, field=field), field=field)

    def deck_words(self) -> Message:
        """``one deck holds`` / ``two decks hold``, for copy-count messages."""
        words = {1: msg("one deck holds"), 2: msg("two decks hold"), 3: msg("three decks hold")}
        return words.get(self.decks) or msg_n("{n} deck holds", "{n} decks hold", self.decks)


class CardLedger:
    """Counts where cards were used, to find a card used more often than the decks hold.

    Each use carries a place such as ``played`` or ``deal 1 r1c1``; the error names them all:
    "`5H` appears 3 times (played, victim_paks); two decks hold 2".
    """

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self._places: dict[Card, list[str | Message]] = {}
        self._fields: dict[Card, str] = {}

    def add(self, card: Card, place: str | Message, *, field: str | None = None) -> None:
        self.pack.check_card(card, field=field)
        self._places.setdefault(card, []).append(place)
        if field is not None:
            self._fields.setdefault(card, field)

    def add_all(self, cards: Iterable[Card], place: str | Message, *, field: str | None = None) -> None:
        for card in cards:
            self.add(card, place, field=field)

    def count(self, card: Card) -> int:
        return len(self._places.get(card, ()))

    def check(self) -> None:
        """Raise :class:`TooManyCopiesError` for the first card used too often."""
        errors = self.errors()
        if errors:
            raise errors[0]

    def errors(self) -> list[TooManyCopiesError]:
        """An error for every card used too often, for a form that reports them all at once."""
        errors = []
        for card, places in self._places.items():
            allowed = self.pack.copies(card)
            if len(places) > allowed:
                errors.append(
                    TooManyCopiesError(
                        msg(
                            "`{card}` appears {times} ({places}); {decks} {allowed}",
                            card=str(card),
                            times=times(len(places)),
                            places=_place_list(places),
                            decks=self.pack.deck_words(),
                            allowed=allowed,
                        ),
                        token=str(card),
                        field=self._fields.get(card),
                    )
                )
        return errors


def _place_list(places: list[str | Message]) -> Param:
    distinct = list(dict.fromkeys(places))
    if len(distinct) == 2 and len(places) == 2:
        return join(distinct, " and ")
    return join(distinct)


def check_copies(pack: Pack, uses: Iterable[tuple[Iterable[Card], str]]) -> None:
    """Check a request's cards against ``pack``: ``uses`` pairs card lists with their place."""
    ledger = CardLedger(pack)
    for cards, place in uses:
        ledger.add_all(cards, place, field=place.split(" ")[0])
    ledger.check()


STANDARD = Pack(msg("standard"))
