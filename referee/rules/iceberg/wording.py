"""Wording shared by Iceberg explanations: counted nouns and the leftover penalty line."""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """``1 lay-off``, ``2 lay-offs``, ``0 cards``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def minus(value: int) -> str:
    """A score as printed, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def penalty_text(best: int, cards: int, what: str) -> str:
    """``Penalty = −70 − 10 × 1 card unplayed = −80`` (iceberg-6.4, 8.3); no ``−0`` when V* is 0.

    ``what`` says which cards are counted: ``unplayed`` (U) or ``in hand``.
    """
    cost = f"10 × {counted(cards, 'card')} {what}"
    terms = f"−{best} − {cost}" if best else f"−{cost}"
    return f"Penalty = {terms} = {minus(-best - 10 * cards)}"
