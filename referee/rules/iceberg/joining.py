"""Runs joined by the card that closes the gap between them (iceberg-4.4, option ``merge_runs``).

With ``merge_runs`` a card laid at the end of a run, next to the end of another run of its suit
(3H–5H and 7H–9H, then ``6H``), may join the two into one run; the card then scores 10 × the joined
run's cards (iceberg-4.2) and later cards grow the joined run. Joining is the player's choice: the
card may instead go on the run alone, as without the option. Without it runs never join.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from referee.cards import Card
from referee.explain import Explanation
from referee.messages import Message, msg
from referee.rules.iceberg.deck import SUIT_INDEX, card_at, quoted, run_key
from referee.rules.iceberg.melds import LayoffVerdict, Meld, card_on, fits, grow, grow_text, lay_off, ordered
from referee.rules.iceberg.wording import steps_text


@dataclass
class JoinedLayoff:
    """A lay-off that may join runs: the verdict, the table runs it joined, and those a card closed
    the gap with but did not join (their keys)."""

    verdict: LayoffVerdict
    joined: list[int] = field(default_factory=list)
    declined: list[int] = field(default_factory=list)


def partner(run: Meld, card: Card, others: Mapping[int, Meld]) -> int | None:
    """The run among ``others`` whose end ``card``, laid at an end of ``run``, touches (the first
    one if several do), or None."""
    if run.kind != "run" or str(card.suit) != run.suit:
        return None
    rank = run_key(card)
    lo, hi = run.span
    for key, other in sorted(others.items()):
        if other.kind != "run" or other.suit != run.suit:
            continue
        if (rank == hi + 1 and other.span[0] == rank + 1) or (rank == lo - 1 and other.span[1] == rank - 1):
            return key
    return None


def gaps_to(run: Meld, others: Mapping[int, Meld]) -> dict[int, tuple[Card, ...]]:
    """The runs among ``others`` that a lay-off on ``run`` could join (iceberg-4.4): those of its suit
    beyond a gap, each with the cards that close the gap. The ranks of the runs lying inside a gap are
    not among its cards: a lay-off reaching past such a run joins it on its way."""
    if run.kind != "run":
        return {}
    lo, hi = run.span
    suit = SUIT_INDEX[run.suit]
    same = {key: other.span for key, other in others.items() if other.kind == "run" and other.suit == run.suit}
    gaps: dict[int, tuple[Card, ...]] = {}
    for key, (first, last) in sorted(same.items()):
        if first > hi + 1:
            between = range(hi + 1, first)
        elif last < lo - 1:
            between = range(last + 1, lo)
        else:
            continue
        inside = {r for a, b in same.values() if between.start <= a and b < between.stop for r in range(a, b + 1)}
        gaps[key] = tuple(card_at(r, suit) for r in between if r not in inside)
    return gaps


def closed_by(gaps: Mapping[int, Sequence[Card]], cards: Sequence[Card]) -> list[int]:
    """The runs of ``gaps`` (:func:`gaps_to`) whose gap ``cards`` close: every card of the gap among them."""
    held = set(cards)
    return [key for key, needed in gaps.items() if held.issuperset(needed)]


def lay_off_joining(
    meld: Meld, cards: Sequence[Card], decks: int, others: Mapping[int, Meld], joins: Collection[int] | None = None
) -> JoinedLayoff:
    """Lay ``cards`` on ``meld`` in one turn, joining it with the runs of ``joins`` among ``others``
    (keyed as the caller likes) as a card closes the gap between them (iceberg-4.4); a card that
    closes a gap with another run goes on ``meld`` alone. ``joins`` None, a play that does not say,
    joins every run a card closes a gap with, as every play was read before joining was a choice.
    A run of ``joins`` that no card joins makes the lay-off illegal.

    A card that joins two runs is laid before the others that fit: it makes every later card
    score more.
    """
    if meld.kind != "run" or not cards:
        verdict = lay_off(meld, cards, decks)
        return JoinedLayoff(_unjoined(verdict, meld, cards, joins or (), others))
    waiting = list(cards)
    remaining = dict(others)
    current = meld
    steps: list[tuple[Card, int, int]] = []
    joined: list[int] = []
    declined: list[int] = []
    explanation = Explanation()
    while waiting:
        fitting = [c for c in waiting if fits(current, c)]
        if not fitting:
            failed = lay_off(current, waiting[:1], decks)
            return JoinedLayoff(LayoffVerdict(meld, 0, steps, explanation=failed.explanation, reasons=failed.reasons))
        wanted = remaining if joins is None else {k: m for k, m in remaining.items() if k in joins}
        closing = [(c, partner(current, c, wanted)) for c in fitting]
        card, key = next(((c, k) for c, k in closing if k is not None), (fitting[0], None))
        waiting.remove(card)
        grown = grow(current, card)
        if key is None:
            points = card_on(current, card)
            explanation.add(grow_text(card, current, grown.size, points), "iceberg-4.2")
            closed = partner(current, card, remaining)
            if closed is not None:
                declined.append(closed)
                explanation.add(_declined_text(card, current, remaining[closed]), "iceberg-4.4")
        else:
            other = remaining.pop(key)
            joined.append(key)
            lower, upper = sorted((current, other), key=lambda m: m.span[0])
            grown = Meld("run", ordered("run", [*grown.cards, *other.cards]))
            points = 10 * grown.size
            explanation.add(
                msg(
                    "`{card}` closes the gap between {lower} and {upper}: one run of {size} cards, {points}",
                    card=str(card),
                    lower=lower.label(),
                    upper=upper.label(),
                    size=grown.size,
                    points=points,
                ),
                "iceberg-4.4",
            )
        current = grown
        steps.append((card, current.size, points))
    points_each = [p for _, _, p in steps]
    if len(steps) > 1:
        explanation.add(steps_text(points_each), "iceberg-4.5")
    verdict = LayoffVerdict(current, sum(points_each), steps, explanation=explanation)
    missed = [k for k in joins or () if k not in joined]
    return JoinedLayoff(_unjoined(verdict, meld, cards, missed, others), joined, declined)


def _declined_text(card: Card, run: Meld, other: Meld) -> Message:
    """``card`` closes the gap between ``run`` and ``other`` but goes on ``run`` alone."""
    lower, upper = sorted((run, other), key=lambda m: m.span[0])
    return msg(
        "`{card}` closes the gap between {lower} and {upper} but does not join them: it goes on {run} alone",
        card=str(card),
        lower=lower.label(),
        upper=upper.label(),
        run=run.label(),
    )


def _unjoined(
    verdict: LayoffVerdict, meld: Meld, cards: Sequence[Card], missed: Collection[int], others: Mapping[int, Meld]
) -> LayoffVerdict:
    """``verdict``, refused if it leaves runs of ``missed`` (keys of ``others``) unjoined."""
    if not verdict.legal or not missed:
        return verdict
    refused = LayoffVerdict(meld, 0, verdict.steps, explanation=Explanation().extend(verdict.explanation))
    for key in missed:
        refused.fault(
            msg(
                "no card of {cards} closes the gap between {meld} and {other}, so they do not join",
                cards=quoted(cards),
                meld=meld.label(),
                other=others[key].label(),
            ),
            "iceberg-4.4",
        )
    return refused
