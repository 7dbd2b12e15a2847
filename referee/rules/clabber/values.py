"""Clabber's pack, card order and card points, and the seats and teams of each variant."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from referee.cards import SUITS, Card, Pack, TooManyCopiesError, suit_named
from referee.errors import FieldError, Gathering, InputError, Location
from referee.messages import Join, Message, join, msg
from referee.rules.seating import SEAT, alternate_teams, named, repeated_name, team_name

PACK = Pack(msg("Clabber"), ranks=("A", "K", "Q", "J", "10", "9"))

#: High to low (clabber-2.1, clabber-2.2, clabber-6.2).
TRUMP_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q")
PLAIN_ORDER: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9")
SEQUENCE_ORDER: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9")

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
LAST_TRICK = 10
#: Points of all 24 cards (152) plus the last trick (clabber-2.3).
DEAL_POINTS = sum(TRUMP_POINTS.values()) + 3 * sum(PLAIN_POINTS.values()) + LAST_TRICK

#: Cards in a hand when play starts, per number of players (clabber-1.4, clabber-10).
HAND_SIZES = {2: 9, 3: 8, 4: 6, 6: 4}
#: Cards a player holds while bidding: in the 2-player game only the first 6 (clabber-10.2).
BIDDING_HAND_SIZES = {2: 6, 3: 8, 4: 6, 6: 4}
#: The clause that describes each variant.
VARIANT_CLAUSES = {2: "clabber-10.2", 3: "clabber-10.1", 4: "clabber-1.1", 6: "clabber-10.3"}


def parse_suit(value: object, field: str) -> str:
    """A suit letter (``S H D C``, also a suit sign or name, any case)."""
    suit = suit_named(value)
    if suit is not None:
        return suit
    raise FieldError(
        msg("`{field}` is a suit letter S, H, D or C, not {value}", field=field, value=repr(value)), field=field
    )


def card_points(card: Card, trump: str) -> int:
    return TRUMP_POINTS[card.rank] if card.suit == trump else PLAIN_POINTS[card.rank]


def trump_strength(card: Card) -> int:
    """Higher is stronger: the trump J is 6, the trump Q is 1."""
    return len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank)


def plain_strength(card: Card) -> int:
    """Higher is stronger: the A of a plain suit is 6, its 9 is 1."""
    return len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank)


def sequence_strength(card: Card) -> int:
    """Higher is stronger in the sequence order A K Q J 10 9: A is 6, 9 is 1."""
    return len(SEQUENCE_ORDER) - SEQUENCE_ORDER.index(card.rank)


def trump_beats(card: Card, other: Card) -> bool:
    """Both are trumps: does ``card`` rank above ``other`` (clabber-2.1)?"""
    return trump_strength(card) > trump_strength(other)


def cards_text(cards: Iterable[Card]) -> Join | Message:
    """``KH, 9H`` for people, in the given order; ``nothing`` for none."""
    listed = [f"`{c}`" for c in cards]
    return join(listed) if listed else msg("nothing")


def by_rank(cards: Iterable[Card], trump: str) -> list[Card]:
    """Cards strongest first: trumps, then each plain suit in the order S H D C."""

    def key(card: Card) -> tuple[int, int, int]:
        if card.suit == trump:
            return (0, 0, -trump_strength(card))
        return (1, SUITS.index(card.suit or "S"), -plain_strength(card))

    return sorted(cards, key=key)


@dataclass(frozen=True)
class Table:
    """Seats in clockwise order and the teams they form.

    4 players: partners sit opposite (seats 1+3 against 2+4, clabber-1.1); 6 players: two teams
    of three in alternate seats (clabber-10.3); 2 and 3 players: everyone alone (clabber-10.1,
    10.2). A team is named by its seats run together when they are single letters (``NS``),
    otherwise joined with `` & `` (``Ann & Cy``).
    """

    seats: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.seats) not in HAND_SIZES:
            raise FieldError(players_message(len(self.seats)), field="seats")
        if repeated_name(self.seats) is not None:
            raise FieldError(msg("each seat is named once"), field="seats")

    @property
    def count(self) -> int:
        return len(self.seats)

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.count]

    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        if self.count in (4, 6):
            return alternate_teams(self.seats)
        return tuple((s,) for s in self.seats)

    @property
    def team_names(self) -> tuple[str, ...]:
        return tuple(team_name(t) for t in self.teams)

    def team_of(self, seat: str) -> str:
        for team in self.teams:
            if seat in team:
                return team_name(team)
        raise FieldError(msg("no seat `{seat}`", seat=seat), field="seat")

    def partners(self, seat: str, other: str) -> bool:
        return seat != other and self.team_of(seat) == self.team_of(other)

    def next_seat(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % self.count]

    def seat(self, value: object, field: str) -> str:
        """The seat named by ``value`` (as every game finds a name), or a :class:`FieldError` naming the seats."""
        return named(value, self.seats, kind=SEAT, field=field, location=(field,))


FOUR = Table(("N", "E", "S", "W"))


@dataclass(frozen=True)
class Place:
    """Where cards were given: ``N's hand``, ``the trick``, as the error says it; its request field
    and the location inside that field."""

    words: Message
    field: str
    location: Location = ()


def check_once(uses: Iterable[tuple[Sequence[Card], Place]]) -> None:
    """Each Clabber card exists once (clabber-1.2): raise ``too_many_copies`` naming both places,
    at the field and location of the second; every card given twice at once."""
    seen: dict[Card, Place] = {}
    gathering = Gathering()
    for cards, place in uses:
        for card in cards:
            if card in seen:
                first = seen[card]
                if first == place:
                    text = msg(
                        "`{card}` is given twice in {place}; the Clabber pack holds each card once (clabber-1.2)",
                        card=str(card),
                        place=place.words,
                    )
                else:
                    text = msg(
                        "`{card}` is in both {first} and {place}; the Clabber pack holds each card once (clabber-1.2)",
                        card=str(card),
                        first=first.words,
                        place=place.words,
                    )
                gathering.errors.append(
                    TooManyCopiesError(text, token=str(card), field=place.field, location=place.location)
                )
            seen[card] = place
    gathering.check()


def players_message(count: int) -> Message:
    """The error for a player count Clabber is not played by (clabber-1.1, clabber-10)."""
    return msg("Clabber is played by 2, 3, 4 or 6 players, not {count}", count=count)


@contextmanager
def located(location: Location) -> Iterator[None]:
    """An input error raised inside (a bad card, an unknown seat) is placed at ``location``
    unless it already names a place of its own."""
    try:
        yield
    except InputError as error:
        for one in error.each():
            if location and not one.location:
                one.location = tuple(location)
        raise
