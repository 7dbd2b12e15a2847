"""A Paks deal entered quickly: per side, how many paks it holds in each suit and what it keeps.

The throw-off needs only each side's count of paks in each suit (paks-6.3), and the deal score
only what the paks left after it are worth (paks-6.5), which the players count at the table as
they always do. So the quick entry gives, per side, those counts and that sum; the referee works
out m and how many paks each side throws off, and checks the sum as strictly as the counts allow:
score values are 5, 10 or 20 (paks-2.5), a pak holds at least 2 cards of its suit (paks-4.4), and
the decks hold so many cards of each suit (paks-1.2). Which paks were thrown off, and whether the
sum is right card by card, only the card-by-card entry can tell: it stays for disputes.

Every house rule works with it. Whatever picks the discarded paks (the lowest by score or by play
value, or the side's own choice under ``throw_off = manual``, paks-6.4), the number each side
discards in a suit is the same m: the side discards at the table and counts what it keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_NAMES, SUIT_WORD, SUIT_WORDS, SUITS
from referee.errors import FieldError, Gathering, InputError, Location, TotalError
from referee.explain import Explanation
from referee.messages import Message, join, msg, msg_n
from referee.rules.paks.parsing import parse_suit
from referee.rules.paks.throwoff import LOWEST_PLAY, MANUAL, explain_minimum, smallest_count
from referee.rules.paks.values import pack, score_value

QUICK = "quick"
CARDS = "cards"
MODES = (CARDS, QUICK)
#: The least a pak scores: 2 cards (paks-4.4) of 5 each (paks-2.5).
LEAST_PER_PAK = 10
#: Score values are 5, 10 or 20 (paks-2.5), so every sum of them is a multiple of this.
STEP = 5


def suit_values(decks: int, suit: str) -> list[int]:
    """The score values of every card of ``suit`` the decks hold, lowest first (paks-1.2, paks-2.5)."""
    cards = pack(decks)
    return sorted(score_value(card) for card in cards.cards() if card.suit == suit for _ in range(cards.decks))


def most_paks(decks: int) -> int:
    """The most paks one suit can make: every pak holds at least 2 of its cards (paks-4.4)."""
    return len(suit_values(decks, SUITS[0])) // 2


def room(values: Sequence[int], others: int) -> int:
    """The most that paks of one suit can be worth when ``others`` other paks of it hold 2 of its cards at least.

    ``values`` are the suit's score values, lowest first: the other paks take at least their 2
    cheapest cards each, and the rest is the most that is left.
    """
    return sum(values) - sum(values[: 2 * others])


@dataclass(frozen=True)
class Places:
    """Where a quick entry's errors point: the deal entry's ``held`` and ``kept``, or inside the API's ``sides``."""

    within: str | None = None

    def held(self, side: str, suit: str | None = None) -> tuple[str, Location]:
        where = (side,) if suit is None else (side, suit)
        if self.within:
            return self.within, (self.within, side, "held", *where[1:])
        return "held", ("held", *where)

    def kept(self, side: str) -> tuple[str, Location]:
        if self.within:
            return self.within, (self.within, side, "kept")
        return "kept", ("kept", side)


ENTRY_PLACES = Places()


@dataclass(frozen=True)
class QuickSide:
    """One side as entered: its paks per suit (suit letter → count) and the points it keeps (None: not given)."""

    name: str
    held: Mapping[str, int]
    kept: int | None


@dataclass(frozen=True)
class QuickSuit:
    """The throw-off in one suit from the counts alone: each side discards m, or all it has if fewer."""

    suit: str
    counts: dict[str, int]
    m: int

    def thrown(self, side: str) -> int:
        return min(self.counts[side], self.m)

    def kept(self, side: str) -> int:
        return self.counts[side] - self.thrown(side)

    def as_dict(self) -> dict[str, Any]:
        return {
            "suit": self.suit,
            "name": SUIT_NAMES[self.suit],
            "counts": dict(self.counts),
            "m": self.m,
            "thrown_count": {side: self.thrown(side) for side in self.counts},
            "kept_count": {side: self.kept(side) for side in self.counts},
        }


@dataclass(frozen=True)
class QuickScore:
    """A quick deal, scored: each side's points kept, the throw-off per suit, and the reckoning."""

    scores: dict[str, int]
    suits: tuple[QuickSuit, ...]
    explanation: Explanation

    def thrown(self, side: str) -> dict[str, int]:
        """The paks ``side`` throws off, per suit name (every suit, 0 included)."""
        counts = {suit.suit: suit.thrown(side) for suit in self.suits}
        return {SUIT_NAMES[s]: counts.get(s, 0) for s in SUITS}

    def kept_paks(self, side: str) -> int:
        return sum(suit.kept(side) for suit in self.suits)


# --- reading ------------------------------------------------------------------------------------


def _count(value: object, side: str, suit: str, places: Places) -> int:
    if type(value) is not int or value < 0:
        field, location = places.held(side, suit)
        raise FieldError(
            msg(
                "the number of {suit} paks of {side} is a whole number from 0 up, not {value}",
                suit=SUIT_WORD[suit],
                side=side,
                value=repr(value),
            ),
            field=field,
            location=location,
        )
    return value


@dataclass(frozen=True)
class HeldReading:
    """A side's counts read as far as they can be: ``held`` (0 where a count could not be read), the suits
    whose count could not be read (``unknown``; every suit when the counts are no object), and why."""

    held: dict[str, int]
    unknown: frozenset[str]
    errors: list[InputError]


def read_counts(value: object, side: str, places: Places = ENTRY_PLACES) -> HeldReading:
    """A side's paks per suit: an object of suits (letter, sign or name) and counts; a suit left out holds
    none. Read as far as it can be (see :class:`HeldReading`), so one refusal names every mistake."""
    held = dict.fromkeys(SUITS, 0)
    if value is None:
        return HeldReading(held, frozenset(), [])
    field, location = places.held(side)
    if not isinstance(value, Mapping):
        error = FieldError(
            msg('the paks of {side} are counted per suit, e.g. {{"spades": 2, "hearts": 1}}', side=side),
            field=field,
            location=location,
        )
        return HeldReading(held, frozenset(SUITS), [error])
    gathering = Gathering()
    named: set[str] = set()
    unknown: set[str] = set()
    for key, count in value.items():
        try:
            suit = parse_suit(key, field)
        except InputError:
            gathering.errors.append(
                FieldError(
                    msg(
                        "{key} is not a suit: count the paks of {side} under spades, hearts, diamonds and clubs",
                        key=repr(key),
                        side=side,
                    ),
                    field=field,
                    location=(*location, str(key)),
                )
            )
            unknown.update(SUITS)  # its count belongs to some suit
            continue
        if suit in named:
            gathering.errors.append(
                FieldError(
                    msg("the {suits} of {side} are counted twice", suits=SUIT_WORDS[suit], side=side),
                    field=field,
                    location=places.held(side, suit)[1],
                )
            )
            unknown.add(suit)
            continue
        named.add(suit)
        read = gathering.attempt(_count, count, side, suit, places)
        if read is None:
            unknown.add(suit)
        else:
            held[suit] = read
    return HeldReading(held, frozenset(unknown), gathering.errors)


def read_kept(value: object, side: str, places: Places = ENTRY_PLACES) -> int | None:
    """The points of a side's paks left after the throw-off, as counted at the table; None if not given."""
    if value is None:
        return None
    if type(value) is not int or value < 0:
        field, location = places.kept(side)
        raise FieldError(
            msg("the points kept by {side} are a whole number from 0 up, not {value}", side=side, value=repr(value)),
            field=field,
            location=location,
        )
    return value


# --- checking and scoring -------------------------------------------------------------------------


def _too_many_in_suit(sides: Sequence[QuickSide], suit: str, decks: int, places: Places) -> InputError | None:
    """More paks of a suit than its cards can make (paks-4.4): shown at the side holding the most of them."""
    total = sum(side.held[suit] for side in sides)
    most = most_paks(decks)
    if total <= most:
        return None
    biggest = max(sides, key=lambda side: side.held[suit])
    field, location = places.held(biggest.name, suit)
    return TotalError(
        msg_n(
            "{total} {suit} paks in all, but {n} deck holds {cards} {suits}: at most {most} paks of 2 cards or more "
            "— paks-4.4",
            "{total} {suit} paks in all, but {n} decks hold {cards} {suits}: at most {most} paks of 2 cards or more "
            "— paks-4.4",
            decks,
            total=total,
            suit=SUIT_WORD[suit],
            suits=SUIT_WORDS[suit],
            cards=len(suit_values(decks, suit)),
            most=most,
        ),
        field=field,
        location=location,
    )


class NoMultipleError(TotalError):
    """Points kept that no sum of score values makes: wrong whatever the counts, so judged from the points alone."""


def _multiple_fault(side: QuickSide, places: Places) -> list[InputError]:
    """Score values are 5, 10 or 20 (paks-2.5): what a side keeps is a multiple of 5, whatever it holds."""
    if side.kept is None or not side.kept % STEP:
        return []
    field, location = places.kept(side.name)
    return [
        NoMultipleError(
            msg(
                "{points} for {side} is not a multiple of 5: every card scores 5, 10 or 20 — paks-2.5",
                points=side.kept,
                side=side.name,
            ),
            field=field,
            location=location,
        )
    ]


def _side_faults(side: QuickSide, suits: Sequence[QuickSuit], decks: int, places: Places) -> list[InputError]:
    """What cannot be true of the points one side keeps, given the counts (paks-2.5, paks-4.4, paks-6.5).

    A multiple of 5 is checked on its own (:func:`_multiple_fault`); this adds the bounds the counts set.
    """
    field, location = places.kept(side.name)
    paks = sum(suit.kept(side.name) for suit in suits)
    if side.kept is None:
        if not paks:
            return []
        return [
            FieldError(
                msg_n(
                    "{side}: {n} pak kept after the throw-off; enter the points it is worth — paks-6.5",
                    "{side}: {n} paks kept after the throw-off; enter the points they are worth — paks-6.5",
                    paks,
                    side=side.name,
                ),
                field=field,
                location=location,
            )
        ]
    points = side.kept
    faults: list[InputError] = []
    if not paks:
        if points:
            faults.append(
                TotalError(
                    msg(
                        "{side}: no pak kept after the throw-off, so the points kept are 0, not {points} — paks-6.5",
                        side=side.name,
                        points=points,
                    ),
                    field=field,
                    location=location,
                )
            )
        return faults
    least = LEAST_PER_PAK * paks
    if points < least:
        faults.append(
            TotalError(
                msg_n(
                    "{side}: {n} pak kept after the throw-off, and a pak holds 2 cards or more worth 5 or more each: "
                    "at least {least}, not {points} — paks-4.4, paks-2.5",
                    "{side}: {n} paks kept after the throw-off, and a pak holds 2 cards or more worth 5 or more each: "
                    "at least {least}, not {points} — paks-4.4, paks-2.5",
                    paks,
                    side=side.name,
                    least=least,
                    points=points,
                ),
                field=field,
                location=location,
            )
        )
    kept_in = [suit for suit in suits if suit.kept(side.name)]
    most = sum(
        room(suit_values(decks, suit.suit), sum(suit.counts.values()) - suit.kept(side.name)) for suit in kept_in
    )
    if points > most:
        faults.append(
            TotalError(
                msg(
                    "{side}: paks kept in {suits} only, and the other paks of those suits hold 2 of their cards each "
                    "at least: what is left there is worth {most} at most, not {points} — paks-2.5, paks-4.4",
                    side=side.name,
                    suits=join([SUIT_WORDS[suit.suit] for suit in kept_in], " and "),
                    most=most,
                    points=points,
                ),
                field=field,
                location=location,
            )
        )
    return faults


def _all_sides_fault(
    sides: Sequence[QuickSide], suits: Sequence[QuickSuit], decks: int, places: Places
) -> InputError | None:
    """The points all sides keep, against what the cards of their suits can give once the thrown-off paks are out."""
    points = sum(side.kept or 0 for side in sides)
    kept_in = [suit for suit in suits if any(suit.kept(side.name) for side in sides)]
    thrown = {suit.suit: sum(suit.thrown(side.name) for side in sides) for suit in kept_in}
    most = sum(room(suit_values(decks, suit.suit), thrown[suit.suit]) for suit in kept_in)
    if points <= most:
        return None
    biggest = max(sides, key=lambda side: side.kept or 0)
    field, location = places.kept(biggest.name)
    return TotalError(
        msg(
            "the sides keep {points} in all, but the cards of {suits} left after the throw-off are worth {most} at "
            "most — paks-2.5, paks-4.4",
            points=points,
            suits=join([SUIT_WORDS[suit.suit] for suit in kept_in], " and "),
            most=most,
        ),
        field=field,
        location=location,
    )


def _discard_text(side: str, suit: str, n: int, throw_off: str) -> Message:
    """How many paks of a suit a side throws off, and which ones the rule (or the side) picks."""
    if throw_off == MANUAL:
        return msg_n(
            "{side}, thrown off: {n} {suit} pak of the side's choosing (house rule)",
            "{side}, thrown off: {n} {suit} paks of the side's choosing (house rule)",
            n,
            side=side,
            suit=SUIT_WORD[suit],
        )
    if throw_off == LOWEST_PLAY:
        return msg_n(
            "{side}, thrown off: {n} {suit} pak, the lowest by play value (house rule)",
            "{side}, thrown off: {n} {suit} paks, the lowest by play value (house rule)",
            n,
            side=side,
            suit=SUIT_WORD[suit],
        )
    return msg_n(
        "{side}, thrown off: {n} {suit} pak, the lowest by score value",
        "{side}, thrown off: {n} {suit} paks, the lowest by score value",
        n,
        side=side,
        suit=SUIT_WORD[suit],
    )


def faults_of_readable(
    sides: Sequence[QuickSide], unknown: Mapping[str, frozenset[str]], decks: int, places: Places = ENTRY_PLACES
) -> list[InputError]:
    """What is wrong with the counts and points that could be read, when others could not: each side's points
    that are no multiple of 5, and each suit whose counts are all known holding too many paks. The bounds
    that the counts set on the points wait for every count (``unknown`` maps a side to its unread suits)."""
    faults = [fault for side in sides for fault in _multiple_fault(side, places)]
    for suit in SUITS:
        if not any(suit in unknown.get(side.name, ()) for side in sides):
            fault = _too_many_in_suit(sides, suit, decks, places)
            if fault is not None:
                faults.append(fault)
    return faults


def score_quick(
    sides: Sequence[QuickSide],
    *,
    decks: int,
    throw_off: str,
    throw_off_min: str,
    places: Places = ENTRY_PLACES,
) -> QuickScore:
    """Throw off by the counts and score the points kept, after checking them all; every fault at once.

    Raises :class:`~referee.errors.InputError` (several as :class:`~referee.errors.InputErrors`),
    each at the side's count or points it concerns.
    """
    gathering = Gathering()
    for side in sides:
        gathering.errors.extend(_multiple_fault(side, places))
    too_many = [fault for suit in SUITS if (fault := _too_many_in_suit(sides, suit, decks, places))]
    gathering.errors.extend(too_many)
    if too_many:
        gathering.check()
    suits = tuple(
        QuickSuit(suit, counts, smallest_count(counts, throw_off_min))
        for suit in SUITS
        if any((counts := {side.name: side.held[suit] for side in sides}).values())
    )
    for side in sides:
        gathering.errors.extend(_side_faults(side, suits, decks, places))
    if not gathering.errors:
        fault = _all_sides_fault(sides, suits, decks, places)
        if fault:
            gathering.errors.append(fault)
    gathering.check()

    explanation = Explanation()
    for suit in suits:
        explain_minimum(explanation, suit.suit, suit.counts, suit.m, throw_off_min)
        for side in sides:
            if suit.thrown(side.name):
                explanation.add(_discard_text(side.name, suit.suit, suit.thrown(side.name), throw_off), "paks-6.4")
    scores: dict[str, int] = {}
    for side in sides:
        paks = sum(suit.kept(side.name) for suit in suits)
        scores[side.name] = side.kept or 0
        if not paks:
            explanation.add(msg("{side}, no paks left: 0", side=side.name), "paks-6.5")
            continue
        explanation.add(
            msg_n(
                "{side}, remaining: {n} pak worth {points}, as counted at the table",
                "{side}, remaining: {n} paks worth {points}, as counted at the table",
                paks,
                side=side.name,
                points=scores[side.name],
            ),
            "paks-6.5",
        )
    return QuickScore(scores=scores, suits=suits, explanation=explanation)


def canonical_held(held: Mapping[str, int]) -> dict[str, int]:
    """A side's counts as stored: every suit, by name, in the order S H D C."""
    return {SUIT_NAMES[suit]: held.get(suit, 0) for suit in SUITS}
