"""Melds and lay-offs: what is legal and what it scores (iceberg-3, iceberg-4, iceberg-9.2–9.4)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import SUIT_NAMES, SUIT_SINGULAR, Card
from referee.explain import Explanation
from referee.rules.iceberg.deck import EVEN_RANKS, ODD_RANKS, RANK_INDEX, is_ace, quoted, run_key, set_key
from referee.rules.iceberg.optimiser import COLOUR_POINTS, SUITED_POINTS, meld_value
from referee.rules.iceberg.wording import counted


def rank_plural(rank: str) -> str:
    return f"{rank}s"


@dataclass(frozen=True)
class Meld:
    """A legal meld as it lies on the table; cards in people's order (runs by rank, sets by suit)."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def rank(self) -> str:
        """The rank of a pair or set."""
        return self.cards[0].rank

    @property
    def suit(self) -> str:
        """The suit of a run."""
        return str(self.cards[0].suit)

    @property
    def span(self) -> tuple[int, int]:
        """Rank indices of a run's ends."""
        return RANK_INDEX[self.cards[0].rank], RANK_INDEX[self.cards[-1].rank]

    @property
    def grows(self) -> bool:
        """Whether cards may still be laid on it (a special is inert, iceberg-3.6)."""
        return self.kind != "special"

    def label(self) -> str:
        if self.kind == "run":
            return f"`{self.cards[0]}`–`{self.cards[-1]}`"
        if self.kind == "pair":
            return f"the pair {quoted(self.cards)}"
        if self.kind == "set":
            return f"the set of {rank_plural(self.rank)} ({quoted(self.cards)})"
        return f"the special {quoted(self.cards)}"

    def strings(self) -> list[str]:
        return [str(c) for c in self.cards]


def ordered(kind: str, cards: Sequence[Card]) -> tuple[Card, ...]:
    if kind == "run" or kind == "special":
        return tuple(sorted(cards, key=run_key))
    return tuple(sorted(cards, key=set_key))


def steps_of(size: int) -> list[int]:
    """What a set or run of ``size`` cards laid at once scores, step by step (iceberg-3.4)."""
    if size == 2:
        return [10]
    return [30] + [10 * n for n in range(4, size + 1)]


def special_value(cards: Sequence[Card]) -> tuple[int, str] | None:
    """Points and description of a special meld (iceberg-3.5), or None if these cards are none."""
    if len(cards) != 6 or any(is_ace(c) for c in cards):
        return None
    ranks = sorted((c.rank for c in cards), key=RANK_INDEX.__getitem__)
    if tuple(ranks) == ODD_RANKS:
        parity, words = 1, "odd ranks 3 5 7 9 J K"
    elif tuple(ranks) == EVEN_RANKS:
        parity, words = 0, "even ranks 2 4 6 8 10 Q"
    else:
        return None
    suits = {str(c.suit) for c in cards}
    colours = {c.colour for c in cards}
    if len(suits) == 1:
        return SUITED_POINTS[parity], f"{words} all in {SUIT_NAMES[suits.pop()]}"
    if len(colours) == 1:
        return COLOUR_POINTS[parity], f"{words} all {colours.pop()}, in two suits"
    return None


def meld_points(meld: Meld) -> int:
    """What a meld scores laid whole from the hand."""
    if meld.kind == "special":
        found = special_value(meld.cards)
        return found[0] if found else 0
    return meld_value(meld.size)


@dataclass
class MeldVerdict:
    legal: bool
    meld: Meld | None
    points: int
    steps: list[int]
    reasons: Explanation = field(default_factory=Explanation)
    explanation: Explanation = field(default_factory=Explanation)

    @property
    def kind(self) -> str | None:
        return self.meld.kind if self.meld else None


def classify_meld(cards: Sequence[Card], decks: int) -> MeldVerdict:
    """Is this a meld laid from the hand, of which kind, and what does it score (iceberg-3)?"""
    cards = list(cards)
    shown = quoted(cards) if cards else ""
    explanation = Explanation()
    kind, detail, rule = _kind_of(cards, decks)
    if kind is None:
        reasons = Explanation()
        for text, why in _problems(cards, decks):
            reasons.add(text, why)
        explanation.extend(reasons)
        explanation.add(f"{shown or 'No cards'}: not a legal meld", "iceberg-9.3")
        return MeldVerdict(False, None, 0, [], reasons, explanation)
    meld = Meld(kind, ordered(kind, cards))
    if kind == "special":
        points = meld_points(meld)
        explanation.add(f"{shown}: a special meld, {detail}: {points}", rule)
        explanation.add("A special goes down whole; nothing is ever laid on it", "iceberg-3.6")
        return MeldVerdict(True, meld, points, [points], explanation=explanation)
    steps = steps_of(len(cards))
    explanation.add(f"{shown}: {detail}", rule)
    if len(steps) > 1:
        arithmetic = " + ".join(map(str, steps))
        explanation.add(
            f"{len(cards)} cards laid at once score as 3 cards plus {counted(len(cards) - 3, 'lay-off')}: "
            f"{arithmetic} = {sum(steps)}",
            "iceberg-3.4",
        )
    else:
        explanation.add(f"It scores {steps[0]}", rule)
    return MeldVerdict(True, meld, sum(steps), steps, explanation=explanation)


def _kind_of(cards: list[Card], decks: int) -> tuple[str | None, str, str]:
    if len(cards) < 2 or any(is_ace(c) for c in cards):
        return None, "", ""
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    n = len(cards)
    if len(ranks) == 1:
        rank = rank_plural(cards[0].rank)
        if n == 2:
            return ("pair", f"a pair of {rank}", "iceberg-3.1") if decks == 1 else (None, "", "")
        if n <= 4 * decks:
            return "set", f"a set of {n} {rank}", "iceberg-3.2"
        return None, "", ""
    found = special_value(cards)
    if found is not None:
        return "special", found[1], "iceberg-3.5"
    if len(suits) == 1 and n >= 3:
        indices = sorted(RANK_INDEX[c.rank] for c in cards)
        if indices == list(range(indices[0], indices[0] + n)):
            return "run", f"a run of {n} {SUIT_NAMES[str(cards[0].suit)]}", "iceberg-3.3"
    return None, "", ""


def _problems(cards: list[Card], decks: int) -> list[tuple[str, str]]:
    """Why these cards are no meld, each reason with its clause."""
    aces = [c for c in cards if is_ace(c)]
    if aces:
        return [(f"`{a}` cannot be melded; aces are only exposed", "iceberg-1.3") for a in aces]
    n = len(cards)
    if n < 2:
        return [("A meld needs at least 3 cards (a pair, 2 cards, only with one deck)", "iceberg-3.2")]
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        if n == 2:
            return [("No pairs with two decks: a set needs 3 cards", "iceberg-3.1")]
        return [(f"A set holds at most {4 * decks} cards with {decks} deck{'s' if decks > 1 else ''}", "iceberg-4.3")]
    special = _special_attempt(cards)
    if special is not None:
        return [_special_problem(cards, special), *(_run_problems(cards) or [_no_run(cards)])]
    return _run_problems(cards) or [(f"{quoted(cards)} are no pair, set, run or special", "iceberg-9.3")]


def _run_problems(cards: list[Card]) -> list[tuple[str, str]]:
    """Why cards of several ranks are no run; empty when no single cause stands out."""
    n = len(cards)
    indices = sorted(RANK_INDEX[c.rank] for c in cards)
    distinct = len(set(indices)) == n
    consecutive = distinct and indices[-1] - indices[0] == n - 1
    suits = {str(c.suit) for c in cards}
    if len(suits) == 1:
        suit = SUIT_NAMES[suits.pop()]
        if not distinct:
            twice = next(c for c in cards if sum(d.rank == c.rank for d in cards) > 1)
            return [(f"`{twice}` twice: a run holds each rank once", "iceberg-4.3")]
        if n < 3:
            return [(f"A run needs at least 3 cards of {suit} in a row", "iceberg-3.3")]
        if _wraps(indices):
            return [("K does not connect to 2: a run may not wrap around", "iceberg-1.3")]
        by_rank = sorted(cards, key=run_key)
        for before, after in itertools.pairwise(by_rank):
            if run_key(after) != run_key(before) + 1:
                return [(f"`{after}` does not follow `{before}`: a run is consecutive", "iceberg-3.3")]
    if distinct and (consecutive or _wraps(indices)):
        counts = {s: sum(str(c.suit) == s for c in cards) for s in suits}
        main = max(counts, key=lambda s: counts[s])
        return [
            (f"`{c}` is not a {SUIT_SINGULAR[main]}: a run is one suit", "iceberg-3.3")
            for c in cards
            if str(c.suit) != main
        ]
    return []


def _no_run(cards: list[Card]) -> tuple[str, str]:
    return (f"{quoted(cards)} are no run either: a run is one suit in consecutive ranks", "iceberg-3.3")


def _wraps(indices: list[int]) -> bool:
    """Consecutive only if K were followed by 2."""
    n = len(indices)
    if n < 2 or len(set(indices)) != n or indices[-1] - indices[0] == n - 1:
        return False
    gaps = [b - a for a, b in itertools.pairwise(indices)] + [indices[0] + 12 - indices[-1]]
    return sum(g > 1 for g in gaps) == 1 and indices[0] == 0 and indices[-1] == 11


def _special_attempt(cards: list[Card]) -> tuple[str, ...] | None:
    """The special's six ranks these cards come closest to, if they look meant as one (iceberg-3.5).

    Four or more cards, all but at most one of them of the odd ranks (or of the even ranks).
    """
    if len(cards) < 4:
        return None
    for ranks in (ODD_RANKS, EVEN_RANKS):
        if sum(c.rank in ranks for c in cards) >= max(len(cards) - 1, 4):
            return ranks
    return None


def _special_problem(cards: list[Card], ranks: tuple[str, ...]) -> tuple[str, str]:
    """Why cards meant as a special are none: which ranks are wrong, twice or missing, else the colours."""
    listed = " ".join(ranks)
    strangers = [c for c in cards if c.rank not in ranks]
    twice = [r for r in ranks if sum(c.rank == r for c in cards) > 1]
    missing = [r for r in ranks if all(c.rank != r for c in cards)]
    faults: list[str] = []
    if strangers:
        verb = "is not one of those ranks" if len(strangers) == 1 else "are not of those ranks"
        faults.append(f"{', '.join(f'`{c}`' for c in strangers)} {verb}")
    faults += [f"{r} twice" for r in twice]
    if missing:
        faults.append(f"no {' or '.join(missing)}")
    if faults:
        count = f"; these are {len(cards)}" if len(cards) != 6 else ""
        why = "; ".join(faults)
        return (f"Not a special: a special is exactly 6 cards, one each of {listed}{count}: {why}", "iceberg-3.5")
    red = [c for c in cards if c.colour == "red"]
    black = [c for c in cards if c.colour == "black"]
    if len(red) == len(black):
        return (f"Not a special: a special is one colour; {quoted(red)} are red, {quoted(black)} black", "iceberg-3.5")
    few, colour, other = (red, "red", "black") if len(red) < len(black) else (black, "black", "red")
    named = ", ".join(f"`{c}`" for c in few)
    verb = "is" if len(few) == 1 else "are"
    return (f"Not a special: {named} {verb} {colour}; the other cards are {other}", "iceberg-3.5")


@dataclass
class LayoffVerdict:
    legal: bool
    meld: Meld
    points: int
    #: Each card laid, the meld's size after it, and what it scored.
    steps: list[tuple[Card, int, int]] = field(default_factory=list)
    reasons: Explanation = field(default_factory=Explanation)
    explanation: Explanation = field(default_factory=Explanation)


def card_on(meld: Meld, card: Card) -> int:
    """Points for laying ``card`` on ``meld`` (iceberg-4.2); the caller has checked that it fits."""
    if meld.kind == "pair":
        return 20
    return 10 * (meld.size + 1)


def fits(meld: Meld, card: Card) -> bool:
    """Whether ``card`` extends ``meld`` now (iceberg-4.1, 4.3)."""
    if is_ace(card) or not meld.grows:
        return False
    if meld.kind in ("pair", "set"):
        return card.rank == meld.rank
    if str(card.suit) != meld.suit:
        return False
    lo, hi = meld.span
    return run_key(card) in (lo - 1, hi + 1)


def grow(meld: Meld, card: Card) -> Meld:
    kind = "set" if meld.kind == "pair" else meld.kind
    return Meld(kind, ordered(kind, [*meld.cards, card]))


def lay_off(meld: Meld, cards: Sequence[Card], decks: int) -> LayoffVerdict:
    """Lay ``cards`` on ``meld`` in one turn, scoring step by step (iceberg-4, 4.5).

    The cards may be given in any order that a player could lay them: a run takes whichever
    card extends one of its ends next.
    """
    reasons = Explanation()
    explanation = Explanation()
    for card in cards:
        if is_ace(card):
            reasons.add(f"`{card}` cannot be laid off; aces are only exposed", "iceberg-1.3")
    if not meld.grows:
        reasons.add(f"Nothing is ever laid on a special ({quoted(meld.cards)})", "iceberg-3.6")
    if not cards:
        reasons.add("No cards to lay off", "iceberg-4.1")
    if reasons.steps:
        return LayoffVerdict(False, meld, 0, reasons=reasons, explanation=Explanation().extend(reasons))
    current = meld
    waiting = list(cards)
    steps: list[tuple[Card, int, int]] = []
    while waiting:
        card = next((c for c in waiting if fits(current, c)), None)
        if card is None:
            text, rule = _misfit(current, waiting[0], decks)
            reasons.add(text, rule)
            explanation.add(text, rule)
            return LayoffVerdict(False, meld, 0, steps, reasons, explanation)
        waiting.remove(card)
        points = card_on(current, card)
        if current.kind == "pair":
            explanation.add(f"`{card}` on {current.label()} makes a set of 3: {points}", "iceberg-4.2")
        else:
            explanation.add(
                f"`{card}` on {current.label()} brings it to {current.size + 1} cards: {points}", "iceberg-4.2"
            )
        current = grow(current, card)
        steps.append((card, current.size, points))
    total = sum(p for _, _, p in steps)
    if len(steps) > 1:
        explanation.add(
            f"Laid in one turn, they score step by step: {' + '.join(str(p) for _, _, p in steps)} = {total}",
            "iceberg-4.5",
        )
    return LayoffVerdict(True, current, total, steps, reasons, explanation)


def _misfit(meld: Meld, card: Card, decks: int) -> tuple[str, str]:
    if meld.kind in ("pair", "set"):
        if card.rank != meld.rank:
            return f"`{card}` is not a {meld.rank}: it cannot join {meld.label()}", "iceberg-3.2"
        return f"A set holds at most {4 * decks} cards", "iceberg-4.3"
    if str(card.suit) != meld.suit:
        return f"`{card}` is not a {SUIT_SINGULAR[meld.suit]}: it cannot join {meld.label()}", "iceberg-3.3"
    lo, hi = meld.span
    if lo <= run_key(card) <= hi:
        return f"`{card}`: {meld.label()} already holds that rank; a run holds each rank once", "iceberg-4.3"
    return f"`{card}` does not touch {meld.label()}: a run grows only at its ends", "iceberg-9.4"
