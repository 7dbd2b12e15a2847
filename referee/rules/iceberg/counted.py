"""A hand left at the end as the table counted it, without its cards (iceberg-6.4, 8.3).

Players who know what their hand could still score need not name its cards: they say how many cards
count for the penalty (the cards left over, U, or every card in hand with Bower's penalty) and V*,
the points the hand could still score on the final table. The penalty is then −V* − 10 × those
cards, the same formula the exact valuation of :mod:`referee.rules.iceberg.leftover` ends with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.cards import Card
from referee.explain import Explanation
from referee.messages import msg_n
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.wording import penalty_text

#: No hand comes near this many points: a sanity bound on V* and on points typed per player.
MAX_POINTS = 100_000


@dataclass
class Counted:
    """A hand valued as counted at the table: ``left`` cards count for the penalty and V* = ``best_points``."""

    left: int
    best_points: int
    #: Bower's penalty (``penalty = every_card``): ``left`` is every card in hand, not the cards left over.
    every_card: bool
    penalty: int
    explanation: Explanation = field(default_factory=Explanation)
    #: The cards are not known; a counted hand is never empty (its player did not go out).
    hand: tuple[Card, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "left": self.left,
            "counts": "in_hand" if self.every_card else "unplayed",
            "best_points": self.best_points,
            "penalty": self.penalty,
        }


def count_leftover(left: int, could_score: int, options: IcebergOptions | Mapping[str, Any] | None = None) -> Counted:
    """The penalty of a hand counted at the table: ``left`` cards (U, or every card held with
    ``penalty = every_card``) and V* = ``could_score`` (iceberg-6.2, 6.4, 8.3)."""
    every_card = IcebergOptions.of(options).penalty == "every_card"
    explanation = Explanation()
    if every_card:
        said = msg_n(
            "counted at the table: {n} card in hand, could still score {points}",
            "counted at the table: {n} cards in hand, could still score {points}",
            left,
            points=could_score,
        )
        explanation.add(said, "iceberg-8.3")
    else:
        said = msg_n(
            "counted at the table: {n} card left over, could still score {points}",
            "counted at the table: {n} cards left over, could still score {points}",
            left,
            points=could_score,
        )
        explanation.add(said, "iceberg-6.4")
    penalty = -could_score - 10 * left
    explanation.add(penalty_text(could_score, left, in_hand=every_card), "iceberg-8.3" if every_card else "iceberg-6.4")
    return Counted(left, could_score, every_card, penalty, explanation)
