"""Wording shared by Iceberg explanations: scores with a true minus sign, sums and the leftover penalty line."""

from __future__ import annotations

from collections.abc import Sequence

from referee.messages import Message, msg, msg_n


def minus(value: int) -> str:
    """A score as printed, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def total(points: Sequence[int]) -> str:
    """``30 + 40 = 70`` for several steps, ``30`` for one: arithmetic, the same in every language."""
    arithmetic = " + ".join(map(str, points))
    return f"{arithmetic} = {sum(points)}" if len(points) > 1 else str(sum(points))


def penalty_text(best: int, cards: int, *, in_hand: bool) -> Message:
    """``Penalty = −70 − 10 × 1 card unplayed = −80`` (iceberg-6.4, 8.3); no ``−0`` when V* is 0.

    ``in_hand`` counts every card held (Bower's rule) instead of the unplayed ones (U).
    """
    result = minus(-best - 10 * cards)
    if in_hand:
        if best:
            return msg_n(
                "Penalty = −{best} − 10 × {n} card in hand = {result}",
                "Penalty = −{best} − 10 × {n} cards in hand = {result}",
                cards,
                best=best,
                result=result,
            )
        return msg_n(
            "Penalty = −10 × {n} card in hand = {result}",
            "Penalty = −10 × {n} cards in hand = {result}",
            cards,
            result=result,
        )
    if best:
        return msg_n(
            "Penalty = −{best} − 10 × {n} card unplayed = {result}",
            "Penalty = −{best} − 10 × {n} cards unplayed = {result}",
            cards,
            best=best,
            result=result,
        )
    return msg_n(
        "Penalty = −10 × {n} card unplayed = {result}",
        "Penalty = −10 × {n} cards unplayed = {result}",
        cards,
        result=result,
    )


def steps_text(points: Sequence[int]) -> Message:
    """Several cards laid in one turn, scored step by step (iceberg-4.5)."""
    return msg(
        "Laid in one turn, they score step by step: {steps} = {total}",
        steps=" + ".join(map(str, points)),
        total=sum(points),
    )
