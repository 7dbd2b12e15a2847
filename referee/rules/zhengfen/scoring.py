"""The end of a deal: point cards, the last player's transfer, deal scores (zhengfen-2, 6, 9.4 to 9.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, CardLedger, format_cards
from referee.errors import FieldError, InputError, TotalError
from referee.explain import Explanation
from referee.messages import Message, Param, join, msg
from referee.rules.zhengfen.values import (
    DEAL_POINTS,
    HAND_SIZES,
    POINT_CARDS,
    POINT_RANKS,
    POINT_VALUES,
    ZHENGFEN_PACK,
    card_points,
    max_hand,
)

_RANK_PLURALS: dict[str, Message] = {"5": msg("5s"), "10": msg("10s"), "K": msg("kings")}


@dataclass(frozen=True)
class Haul:
    """The point cards of one pile: a player's captured cards, or the last player's hand.

    Entered either as cards (``cards`` holds them, point cards or not) or as the count of 5s,
    10s and kings (``cards`` is ``None``); only the point cards score (zhengfen-2.1).
    """

    counts: tuple[int, int, int] = (0, 0, 0)
    cards: tuple[Card, ...] | None = None

    @classmethod
    def of_cards(cls, cards: Sequence[Card]) -> Haul:
        counts = tuple(sum(1 for c in cards if not c.is_joker and c.rank == r) for r in POINT_RANKS)
        return cls((counts[0], counts[1], counts[2]), tuple(cards))

    @classmethod
    def of_counts(cls, fives: int, tens: int, kings: int) -> Haul:
        return cls((fives, tens, kings))

    def count(self, rank: str) -> int:
        return self.counts[POINT_RANKS.index(rank)]

    @property
    def points(self) -> int:
        return sum(n * POINT_VALUES[r] for r, n in zip(POINT_RANKS, self.counts, strict=True))

    @property
    def size(self) -> int:
        """Cards known to be in the pile (only the point cards when entered as counts)."""
        return len(self.cards) if self.cards is not None else sum(self.counts)

    @property
    def point_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards or () if card_points(c))

    def text(self) -> Message:
        """``10S KH 5D: 10 + 10 + 5 = 25``, ``1 × 5, 1 × 10, 1 × K = 25``, or ``no point cards``."""
        if not self.points:
            return msg("no point cards")
        if self.cards is not None:
            shown = self.point_cards
            if len(shown) == 1:
                return msg("{cards} = {points}", cards=str(shown[0]), points=self.points)
            parts = " + ".join(str(card_points(c)) for c in shown)
            return msg("{cards}: {sum} = {points}", cards=format_cards(shown), sum=parts, points=self.points)
        counted = [f"{n} × {r}" for r, n in zip(POINT_RANKS, self.counts, strict=True) if n]
        return msg("{counts} = {points}", counts=join(counted, ", "), points=self.points)

    def entry(self) -> list[str] | dict[str, int]:
        """The canonical entry form: card strings, or ``{"5": n, "10": n, "K": n}``."""
        if self.cards is not None:
            return [str(c) for c in self.cards]
        return dict(zip(POINT_RANKS, self.counts, strict=True))


@dataclass
class DealScore:
    """One deal scored from its finishing order and piles (zhengfen-6)."""

    order: tuple[str, ...]
    captured: dict[str, Haul]
    hand: Haul
    scores: dict[str, int]
    explanation: Explanation

    @property
    def first(self) -> str:
        return self.order[0]

    @property
    def last(self) -> str:
        return self.order[-1]

    @property
    def transfer(self) -> int:
        """What the last player gives the first: their captured points and the points left in hand."""
        return self.captured[self.last].points + self.hand.points

    @property
    def places(self) -> dict[str, int]:
        return {name: place for place, name in enumerate(self.order, start=1)}

    def transfer_text(self) -> Message:
        last, first = self.last, self.first
        taken = self.captured[last].points
        if self.hand.size:
            return msg(
                "{last}, last, gives {first}, 1st, the {taken} points captured and the {held} "
                "points left in hand ({hand}): {transfer}",
                last=last,
                first=first,
                taken=taken,
                held=self.hand.points,
                hand=self.hand.text(),
                transfer=self.transfer,
            )
        return msg(
            "{last}, last, gives {first}, 1st, the {taken} points captured and no cards in hand: {transfer}",
            last=last,
            first=first,
            taken=taken,
            transfer=self.transfer,
        )


_PLACES: dict[int, Message] = {1: msg("1st"), 2: msg("2nd"), 3: msg("3rd")}


def place_name(place: int, players: int) -> Message:
    """``1st``, ``2nd``, …, ``last`` (zhengfen-6.2)."""
    if place == players:
        return msg("last")
    return _PLACES.get(place) or msg("{place}th", place=place)


def score_deal(order: Sequence[str], captured: Mapping[str, Haul], hand: Haul | None = None) -> DealScore:
    """Score a deal: ``order`` is the finishing order (last place last), ``captured`` each player's
    captured point cards (a player left out captured none), ``hand`` the last player's cards left.

    The inputs are taken as checked (see :func:`check_point_cards`); the scores add up to 100.
    """
    order = tuple(order)
    hand = hand or Haul()
    piles = {name: captured.get(name, Haul()) for name in order}
    first, last = order[0], order[-1]
    explanation = Explanation()
    places = join((join((place_name(i, len(order)), name), " ") for i, name in enumerate(order, start=1)), ", ")
    explanation.add(msg("finishing order: {places}", places=places), "zhengfen-6.2")
    for name in order:
        explanation.add(msg("{name} captured {pile}", name=name, pile=piles[name].text()), "zhengfen-2.1")
    jokers = [c for pile in (*piles.values(), hand) for c in pile.cards or () if c.is_joker]
    if jokers:
        explanation.add(msg("{cards} score 0 whatever they stood for", cards=format_cards(jokers)), "zhengfen-2.2")
    result = DealScore(order, piles, hand, {}, explanation)
    explanation.add(result.transfer_text(), "zhengfen-6.3")
    scores = {name: piles[name].points for name in order}
    scores[first] += result.transfer
    scores[last] = 0
    own = piles[first].points
    explanation.add(
        msg(
            "{name} scores {own} + {transfer} = {score}",
            name=first,
            own=own,
            transfer=result.transfer,
            score=scores[first],
        ),
        "zhengfen-6.4",
    )
    middle = order[1:-1]
    if middle:
        kept = join((f"{name} {scores[name]}" for name in middle), ", ")
        explanation.add(msg("the middle places keep what they captured: {kept}", kept=kept), "zhengfen-6.4")
    explanation.add(msg("{name}, last, scores 0", name=last), "zhengfen-6.4")
    total = sum(scores.values())
    explanation.add(msg("{sum} = {total}", sum=" + ".join(str(scores[n]) for n in order), total=total), "zhengfen-6.5")
    result.scores = scores
    return result


_COUNT_KEYS = {"5": "5", "10": "10", "T": "10", "K": "K"}


def parse_haul(value: object, field: str) -> Haul:
    """A pile as entered: a list (or string) of cards, or ``{"5": n, "10": n, "K": n}`` counts, or
    both as ``{"cards": …, "5": n, …}`` (a form that has both boxes filled), which must agree."""
    if value is None:
        return Haul(cards=())
    if isinstance(value, Mapping) and "cards" in value:
        return _cards_and_counts(value, field)
    if isinstance(value, Mapping):
        return _counted(value, field)
    return Haul.of_cards(_cards(value, field))


@dataclass(frozen=True)
class PileReading:
    """A pile read as far as it can be, so that a bad card does not hide the deal's other mistakes.

    ``haul`` is the pile when it is sound. Otherwise ``known`` holds the cards that could be read and
    ``unread`` how many tokens could not (each might be any card); ``unread`` is None when nothing can
    be said of the pile (counts that are no counts, cards and counts that disagree).
    """

    haul: Haul | None
    known: Haul
    unread: int | None
    errors: list[InputError]


def read_pile(value: object, field: str) -> PileReading:
    """:func:`parse_haul`, leniently: see :class:`PileReading`."""
    if value is None or isinstance(value, Mapping):
        try:
            haul = parse_haul(value, field)
        except InputError as error:
            return PileReading(None, Haul(cards=()), None, error.each())
        return PileReading(haul, haul, 0, [])
    try:
        reading = ZHENGFEN_PACK.read(value, field=field)
    except InputError as error:
        return PileReading(None, Haul(cards=()), None, _located(error.each(), field))
    known = Haul.of_cards(reading.cards)
    errors = _located(reading.errors, field)
    return PileReading(None if errors else known, known, len(errors), errors)


def _located(errors: list[InputError], field: str) -> list[InputError]:
    """A pile's errors, each located in the pile at least (at the bad card's position when it has one)."""
    for error in errors:
        error.location = error.location or (field,)
    return errors


def _cards(value: object, field: str) -> list[Card]:
    """The pile's cards; an error is located in the pile (at the bad card's position when it has one)."""
    try:
        return ZHENGFEN_PACK.parse(value, field=field)
    except InputError as error:
        _located(error.each(), field)
        raise


def _counted(value: Mapping[Any, Any], field: str) -> Haul:
    counts = dict.fromkeys(POINT_RANKS, 0)
    for key, number in value.items():
        rank = _COUNT_KEYS.get(str(key).strip().upper())
        if rank is None:
            raise FieldError(
                msg(
                    "`{field}` counts only 5s, 10s and kings: keys `5`, `10`, `K`, not {key}",
                    field=field,
                    key=repr(key),
                ),
                field=field,
                location=(field,),
            )
        if isinstance(number, str) and number.strip().isdigit():
            number = int(number)
        if number in ("", None):
            number = 0
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 4:
            raise FieldError(
                msg(
                    "`{field}.{rank}` is a count from 0 to 4, not {number}",
                    field=field,
                    rank=rank,
                    number=repr(number),
                ),
                field=field,
                location=(field, rank),
            )
        counts[rank] = number
    return Haul.of_counts(counts["5"], counts["10"], counts["K"])


def _cards_and_counts(value: Mapping[Any, Any], field: str) -> Haul:
    """The cards, when the counts given beside them say the same; else one of the two is a slip."""
    cards = Haul.of_cards(_cards(value["cards"], field))
    counted = _counted({key: number for key, number in value.items() if key != "cards"}, field)
    if cards.counts != counted.counts:
        raise FieldError(
            msg(
                "{pile}: the cards hold {held} but the counts say {said}; clear the counts or the cards",
                pile=field,
                held=_counts_text(cards.counts),
                said=_counts_text(counted.counts),
            ),
            field=field,
            location=(field, "counts"),
        )
    return cards


def _counts_text(counts: tuple[int, ...]) -> Param:
    named = [f"{n} × {rank}" for n, rank in zip(counts, POINT_RANKS, strict=True) if n]
    return join(named, ", ") if named else msg("no point card")


def check_point_cards(captured: Mapping[str, Haul], hand: Haul, *, field: str = "captured", unread: int = 0) -> None:
    """Every point card accounted for exactly once, so the deal holds 100 points (zhengfen-9.5).

    Cards entered as cards must each appear once (a card twice is ``too_many_copies``, refused on its
    own: here it counts once); piles entered as counts can only be checked by total: four 5s, four
    10s, four kings. ``unread`` cards could not be read: a shortfall they may make up is not refused.
    """
    piles = [*captured.values(), hand]
    if all(p.cards is not None for p in piles):
        seen = {c for p in piles for c in p.point_cards}
        missing = [c for c in POINT_CARDS if c not in seen]
        if len(missing) > unread:
            raise TotalError(
                msg(
                    "missing {cards}: the deal's points add to {total}, not {full} — zhengfen-9.5",
                    cards=join(f"`{c}`" for c in missing),
                    total=sum(card_points(c) for c in seen),
                    full=DEAL_POINTS,
                ),
                field=field,
                location=(field,),
            )
        return
    entered = {rank: sum(p.count(rank) for p in piles) for rank in POINT_RANKS}
    short = sum(max(0, 4 - n) for n in entered.values())
    for rank, count in entered.items():
        if count > 4 or (count < 4 and short > unread):
            raise TotalError(
                msg(
                    "{count} {ranks} entered, the pack has 4: "
                    "the deal's points add to {total}, not {full} — zhengfen-9.5",
                    count=count,
                    ranks=_RANK_PLURALS[rank],
                    total=sum(p.points for p in piles),
                    full=DEAL_POINTS,
                ),
                field=field,
                location=(field, rank),
            )


def check_copies_across(piles: Mapping[str, Haul]) -> None:
    """No card in two piles or twice in one (zhengfen-9.1); ``piles`` maps field names to piles."""
    ledger = CardLedger(ZHENGFEN_PACK)
    for place, pile in piles.items():
        ledger.add_all(pile.cards or (), place, field=place)
    ledger.check()


def players_error(count: int, field: str) -> FieldError:
    """Zheng Fen is played by 3 to 6 (zhengfen-1.1)."""
    return FieldError(
        msg("Zheng Fen is played by 3 to 6 players, not {count} — zhengfen-1.1", count=count),
        field=field,
        location=(field,),
    )


def check_hand(players: int, last: str | Message, hand: Haul, *, field: str) -> None:
    """The last player (named, or said as “the last player” while the order is in doubt) cannot hold
    more cards than were dealt to one player (zhengfen-1.5, 9.6)."""
    if players not in HAND_SIZES:
        raise players_error(players, field)
    most = max_hand(players)
    if hand.size > most:
        raise FieldError(
            msg(
                "{name} holds {count} cards, but a {players}-player deal gives at most {most} — zhengfen-9.6",
                name=last,
                count=hand.size,
                players=players,
                most=most,
            ),
            field=field,
            location=(field,),
        )
