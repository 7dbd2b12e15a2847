"""Runs joined by the card that closes the gap between them (iceberg-4.4, option ``merge_runs``).

With ``merge_runs`` a card laid at the end of a run, next to the end of another run of its suit
(3H–5H and 7H–9H, then ``6H``), joins the two into one run; the card scores 10 × the joined
run's cards (iceberg-4.2) and later cards grow the joined run. Without it runs never join.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.cards import Card
from referee.explain import Explanation
from referee.messages import msg
from referee.rules.iceberg.deck import run_key
from referee.rules.iceberg.melds import LayoffVerdict, Meld, card_on, fits, grow, grow_text, lay_off, ordered
from referee.rules.iceberg.wording import steps_text


@dataclass
class JoinedLayoff:
    """A lay-off that may join runs: the verdict, and the table runs it joined (their keys)."""

    verdict: LayoffVerdict
    joined: list[int] = field(default_factory=list)


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


def lay_off_joining(meld: Meld, cards: Sequence[Card], decks: int, others: Mapping[int, Meld]) -> JoinedLayoff:
    """Lay ``cards`` on ``meld`` in one turn, joining it with runs among ``others`` (keyed as the
    caller likes) whenever a card closes the gap (iceberg-4.4); otherwise as
    :func:`~referee.rules.iceberg.melds.lay_off`.

    A card that joins two runs is laid before the others that fit: it makes every later card
    score more.
    """
    if meld.kind != "run" or not cards:
        return JoinedLayoff(lay_off(meld, cards, decks))
    waiting = list(cards)
    remaining = dict(others)
    current = meld
    steps: list[tuple[Card, int, int]] = []
    joined: list[int] = []
    explanation = Explanation()
    while waiting:
        fitting = [c for c in waiting if fits(current, c)]
        if not fitting:
            failed = lay_off(current, waiting[:1], decks)
            return JoinedLayoff(LayoffVerdict(meld, 0, steps, explanation=failed.explanation, reasons=failed.reasons))
        closing = [(c, partner(current, c, remaining)) for c in fitting]
        card, key = next(((c, k) for c, k in closing if k is not None), (fitting[0], None))
        waiting.remove(card)
        grown = grow(current, card)
        if key is None:
            points = card_on(current, card)
            explanation.add(grow_text(card, current, grown.size, points), "iceberg-4.2")
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
    return JoinedLayoff(LayoffVerdict(current, sum(points_each), steps, explanation=explanation), joined)
