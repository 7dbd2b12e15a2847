"""Melds and lay-offs: what is legal and what it scores (iceberg-3, iceberg-4, iceberg-9.2–9.4)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import SUIT_WORD, SUIT_WORDS, Card
from referee.explain import Explanation, Judgement, Step
from referee.messages import Message, Param, join, msg, msg_n
from referee.rules.iceberg.deck import EVEN_RANKS, ODD_RANKS, RANK_INDEX, is_ace, quoted, run_key, set_key
from referee.rules.iceberg.optimiser import COLOUR_POINTS, SUITED_POINTS, meld_value
from referee.rules.iceberg.wording import steps_text, total

#: A special's colour as its explanations say it.
COLOURS = {"red": msg("red"), "black": msg("black")}
#: The kinds of meld as a sentence names them.
KIND_NAMES = {"pair": msg("pair"), "set": msg("set"), "run": msg("run"), "special": msg("special")}
#: The clause each kind of meld scores by when laid (iceberg-3.1, 3.2, 3.3, 3.5).
KIND_CLAUSES = {"pair": "iceberg-3.1", "set": "iceberg-3.2", "run": "iceberg-3.3", "special": "iceberg-3.5"}


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

    def label(self) -> Param:
        """The meld as a sentence names it: ``the pair `QH QS```, or a run's ends ```5H`–`7H```."""
        if self.kind == "run":
            return f"`{self.cards[0]}`–`{self.cards[-1]}`"
        if self.kind == "pair":
            return msg("the pair {cards}", cards=quoted(self.cards))
        if self.kind == "set":
            return msg("the set of {rank}s ({cards})", rank=self.rank, cards=quoted(self.cards))
        return msg("the special {cards}", cards=quoted(self.cards))

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


def special_value(cards: Sequence[Card]) -> tuple[int, Message] | None:
    """Points and description of a special meld (iceberg-3.5), or None if these cards are none."""
    if len(cards) != 6 or any(is_ace(c) for c in cards):
        return None
    ranks = sorted((c.rank for c in cards), key=RANK_INDEX.__getitem__)
    if tuple(ranks) == ODD_RANKS:
        parity, words = 1, msg("odd ranks 3 5 7 9 J K")
    elif tuple(ranks) == EVEN_RANKS:
        parity, words = 0, msg("even ranks 2 4 6 8 10 Q")
    else:
        return None
    suits = {str(c.suit) for c in cards}
    colours = {c.colour for c in cards}
    if len(suits) == 1:
        return SUITED_POINTS[parity], msg("{ranks} all in {suit}", ranks=words, suit=SUIT_WORDS[suits.pop()])
    if len(colours) == 1:
        return COLOUR_POINTS[parity], msg(
            "{ranks} all {colour}, in two suits", ranks=words, colour=COLOURS[str(colours.pop())]
        )
    return None


def meld_clause(meld: Meld) -> str:
    """The clause a meld laid from the hand scores by: its kind's, or iceberg-3.4 for a set or run of
    more than 3 cards (3 cards and lay-offs)."""
    return "iceberg-3.4" if meld.kind in ("set", "run") and meld.size > 3 else KIND_CLAUSES[meld.kind]


def meld_points(meld: Meld) -> int:
    """What a meld scores laid whole from the hand."""
    if meld.kind == "special":
        found = special_value(meld.cards)
        return found[0] if found else 0
    return meld_value(meld.size)


@dataclass
class MeldVerdict(Judgement):
    """A meld laid from the hand: ``meld`` ``None`` when the cards are none; ``steps`` what it scores,
    step by step (iceberg-3.4)."""

    meld: Meld | None
    points: int
    steps: list[int]

    @property
    def kind(self) -> str | None:
        return self.meld.kind if self.meld else None


def melded(cards: Sequence[Card], decks: int) -> tuple[Meld, list[int]] | None:
    """The meld ``cards`` make laid from the hand and what it scores step by step (iceberg-3.4,
    3.5), or None: :func:`classify_meld` without the explanation."""
    kind, _ = _kind_of(list(cards), decks)
    if kind is None:
        return None
    meld = Meld(kind, ordered(kind, cards))
    return meld, [meld_points(meld)] if kind == "special" else steps_of(len(cards))


def classify_meld(cards: Sequence[Card], decks: int) -> MeldVerdict:
    """Is this a meld laid from the hand, of which kind, and what does it score (iceberg-3)?"""
    cards = list(cards)
    explanation = Explanation()
    kind, detail = _kind_of(cards, decks)
    if kind is None:
        refused = MeldVerdict(None, 0, [])
        for problem in _problems(cards, decks):
            refused.fault(problem.message, problem.rule)
        refused.step(
            msg("{cards}: not a legal meld", cards=quoted(cards)) if cards else msg("No cards: not a legal meld"),
            "iceberg-9.3",
        )
        return refused
    meld = Meld(kind, ordered(kind, cards))
    rule = KIND_CLAUSES[kind]
    if kind == "special":
        points = meld_points(meld)
        explanation.add(
            msg("{cards}: a special meld, {detail}: {points}", cards=quoted(cards), detail=detail, points=points), rule
        )
        explanation.add(msg("A special goes down whole; nothing is ever laid on it"), "iceberg-3.6")
        return MeldVerdict(meld, points, [points], explanation=explanation)
    steps = steps_of(len(cards))
    explanation.add(msg("{cards}: {detail}", cards=quoted(cards), detail=detail), rule)
    if len(steps) > 1:
        explanation.add(
            msg_n(
                "{size} cards laid at once score as 3 cards plus {n} lay-off: {total}",
                "{size} cards laid at once score as 3 cards plus {n} lay-offs: {total}",
                len(cards) - 3,
                size=len(cards),
                total=total(steps),
            ),
            "iceberg-3.4",
        )
    else:
        explanation.add(msg("It scores {points}", points=steps[0]), rule)
    return MeldVerdict(meld, sum(steps), steps, explanation=explanation)


def _kind_of(cards: list[Card], decks: int) -> tuple[str | None, Param]:
    if len(cards) < 2 or any(is_ace(c) for c in cards):
        return None, ""
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    n = len(cards)
    if len(ranks) == 1:
        rank = cards[0].rank
        if n == 2:
            return ("pair", msg("a pair of {rank}s", rank=rank)) if decks == 1 else (None, "")
        if n <= 4 * decks:
            return "set", msg("a set of {size} {rank}s", size=n, rank=rank)
        return None, ""
    found = special_value(cards)
    if found is not None:
        return "special", found[1]
    if len(suits) == 1 and n >= 3:
        indices = sorted(RANK_INDEX[c.rank] for c in cards)
        if indices == list(range(indices[0], indices[0] + n)):
            return "run", msg("a run of {size} {suit}", size=n, suit=SUIT_WORDS[str(cards[0].suit)])
    return None, ""


def _problems(cards: list[Card], decks: int) -> list[Step]:
    """Why these cards are no meld, each reason with its clause."""
    aces = [c for c in cards if is_ace(c)]
    if aces:
        return [Step(msg("`{card}` cannot be melded; aces are only exposed", card=str(a)), "iceberg-1.3") for a in aces]
    n = len(cards)
    if n < 2:
        return [Step(msg("A meld needs at least 3 cards (a pair, 2 cards, only with one deck)"), "iceberg-3.2")]
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        if n == 2:
            return [Step(msg("No pairs with two decks: a set needs 3 cards"), "iceberg-3.1")]
        most = msg_n(
            "A set holds at most {most} cards with {n} deck",
            "A set holds at most {most} cards with {n} decks",
            decks,
            most=4 * decks,
        )
        return [Step(most, "iceberg-4.3")]
    special = _special_attempt(cards)
    if special is not None:
        return [_special_problem(cards, special), *(_run_problems(cards) or [_no_run(cards)])]
    return _run_problems(cards) or [
        Step(msg("{cards} are no pair, set, run or special", cards=quoted(cards)), "iceberg-9.3")
    ]


def _run_problems(cards: list[Card]) -> list[Step]:
    """Why cards of several ranks are no run; empty when no single cause stands out."""
    n = len(cards)
    indices = sorted(RANK_INDEX[c.rank] for c in cards)
    distinct = len(set(indices)) == n
    consecutive = distinct and indices[-1] - indices[0] == n - 1
    suits = {str(c.suit) for c in cards}
    if len(suits) == 1:
        suit = SUIT_WORDS[suits.pop()]
        if not distinct:
            twice = next(c for c in cards if sum(d.rank == c.rank for d in cards) > 1)
            return [Step(msg("`{card}` twice: a run holds each rank once", card=str(twice)), "iceberg-4.3")]
        if n < 3:
            return [Step(msg("A run needs at least 3 cards of {suit} in a row", suit=suit), "iceberg-3.3")]
        if _wraps(indices):
            return [Step(msg("K does not connect to 2: a run may not wrap around"), "iceberg-1.3")]
        by_rank = sorted(cards, key=run_key)
        for before, after in itertools.pairwise(by_rank):
            if run_key(after) != run_key(before) + 1:
                return [
                    Step(
                        msg(
                            "`{after}` does not follow `{before}`: a run is consecutive",
                            after=str(after),
                            before=str(before),
                        ),
                        "iceberg-3.3",
                    )
                ]
    if distinct and (consecutive or _wraps(indices)):
        counts = {s: sum(str(c.suit) == s for c in cards) for s in suits}
        main = max(counts, key=lambda s: counts[s])
        return [
            Step(msg("`{card}` is not a {suit}: a run is one suit", card=str(c), suit=SUIT_WORD[main]), "iceberg-3.3")
            for c in cards
            if str(c.suit) != main
        ]
    return []


def _no_run(cards: list[Card]) -> Step:
    return Step(
        msg("{cards} are no run either: a run is one suit in consecutive ranks", cards=quoted(cards)),
        "iceberg-3.3",
    )


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


def _special_problem(cards: list[Card], ranks: tuple[str, ...]) -> Step:
    """Why cards meant as a special are none: which ranks are wrong, twice or missing, else the colours."""
    listed = " ".join(ranks)
    strangers = [c for c in cards if c.rank not in ranks]
    twice = [r for r in ranks if sum(c.rank == r for c in cards) > 1]
    missing = [r for r in ranks if all(c.rank != r for c in cards)]
    faults: list[Param] = []
    if strangers:
        named = join([f"`{c}`" for c in strangers])
        faults.append(
            msg_n("{cards} is not one of those ranks", "{cards} are not of those ranks", len(strangers), cards=named)
        )
    faults += [msg("{rank} twice", rank=r) for r in twice]
    if missing:
        faults.append(msg("no {ranks}", ranks=join(missing, " or ")))
    if faults:
        why = join(faults, "; ")
        if len(cards) != 6:
            return Step(
                msg(
                    "Not a special: a special is exactly 6 cards, one each of {ranks}; these are {count}: {faults}",
                    ranks=listed,
                    count=len(cards),
                    faults=why,
                ),
                "iceberg-3.5",
            )
        return Step(
            msg("Not a special: a special is exactly 6 cards, one each of {ranks}: {faults}", ranks=listed, faults=why),
            "iceberg-3.5",
        )
    red = [c for c in cards if c.colour == "red"]
    black = [c for c in cards if c.colour == "black"]
    if len(red) == len(black):
        return Step(
            msg(
                "Not a special: a special is one colour; {red} are red, {black} black",
                red=quoted(red),
                black=quoted(black),
            ),
            "iceberg-3.5",
        )
    named = join([f"`{c}`" for c in (red if len(red) < len(black) else black)])
    if len(red) < len(black):
        colours = msg_n(
            "Not a special: {cards} is red; the other cards are black",
            "Not a special: {cards} are red; the other cards are black",
            len(red),
            cards=named,
        )
    else:
        colours = msg_n(
            "Not a special: {cards} is black; the other cards are red",
            "Not a special: {cards} are black; the other cards are red",
            len(black),
            cards=named,
        )
    return Step(colours, "iceberg-3.5")


@dataclass
class LayoffVerdict(Judgement):
    """Cards laid on ``meld``; legal, ``meld`` is the meld they make."""

    meld: Meld
    points: int
    #: Each card laid, the meld's size after it, and what it scored.
    steps: list[tuple[Card, int, int]] = field(default_factory=list)


def card_on(meld: Meld, card: Card) -> int:
    """Points for laying ``card`` on ``meld`` (iceberg-4.2); the caller has checked that it fits."""
    return layoff_points(meld, 1)[0]


def layoff_points(meld: Meld, count: int) -> list[int]:
    """What ``count`` cards that fit score laid on ``meld`` one by one (iceberg-4.2, 4.5): 10 × the
    meld's size after each, but 20 for the card that makes a pair a set."""
    first = 20 if meld.kind == "pair" else 10 * (meld.size + 1)
    return [first] + [10 * (meld.size + 1 + n) for n in range(1, count)]


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
    refused = LayoffVerdict(meld, 0)
    for card in cards:
        if is_ace(card):
            refused.fault(msg("`{card}` cannot be laid off; aces are only exposed", card=str(card)), "iceberg-1.3")
    if not meld.grows:
        refused.fault(msg("Nothing is ever laid on a special ({cards})", cards=quoted(meld.cards)), "iceberg-3.6")
    if not cards:
        refused.fault(msg("No cards to lay off"), "iceberg-4.1")
    if not refused.legal:
        return refused
    explanation = Explanation()
    current = meld
    waiting = list(cards)
    steps: list[tuple[Card, int, int]] = []
    while waiting:
        fitting = next((c for c in waiting if fits(current, c)), None)
        if fitting is None:
            misfit = _misfit(current, waiting[0], decks)
            refused = LayoffVerdict(meld, 0, steps, explanation=explanation)
            refused.fault(misfit.message, misfit.rule)
            return refused
        card = fitting
        waiting.remove(card)
        points = card_on(current, card)
        if current.kind == "pair":
            explanation.add(
                msg(
                    "`{card}` on {meld} makes a set of 3: {points}", card=str(card), meld=current.label(), points=points
                ),
                "iceberg-4.2",
            )
        else:
            explanation.add(grow_text(card, current, current.size + 1, points), "iceberg-4.2")
        current = grow(current, card)
        steps.append((card, current.size, points))
    scored = [p for _, _, p in steps]
    if len(steps) > 1:
        explanation.add(steps_text(scored), "iceberg-4.5")
    return LayoffVerdict(current, sum(scored), steps, explanation=explanation)


def grow_text(card: Card, meld: Meld, size: int, points: int) -> Message:
    """``card`` laid on ``meld`` brings it to ``size`` cards (iceberg-4.2)."""
    return msg(
        "`{card}` on {meld} brings it to {size} cards: {points}",
        card=str(card),
        meld=meld.label(),
        size=size,
        points=points,
    )


def _misfit(meld: Meld, card: Card, decks: int) -> Step:
    shown, label = str(card), meld.label()
    if meld.kind in ("pair", "set"):
        if card.rank != meld.rank:
            return Step(
                msg("`{card}` is not a {rank}: it cannot join {meld}", card=shown, rank=meld.rank, meld=label),
                "iceberg-3.2",
            )
        return Step(msg("A set holds at most {most} cards", most=4 * decks), "iceberg-4.3")
    if str(card.suit) != meld.suit:
        return Step(
            msg("`{card}` is not a {suit}: it cannot join {meld}", card=shown, suit=SUIT_WORD[meld.suit], meld=label),
            "iceberg-3.3",
        )
    lo, hi = meld.span
    if lo <= run_key(card) <= hi:
        return Step(
            msg("`{card}`: {meld} already holds that rank; a run holds each rank once", card=shown, meld=label),
            "iceberg-4.3",
        )
    return Step(
        msg("`{card}` does not touch {meld}: a run grows only at its ends", card=shown, meld=label), "iceberg-9.4"
    )
