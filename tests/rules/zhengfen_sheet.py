"""Zheng Fen matches on the score sheet that several test modules build: the seating, E31 and a sweep."""

from __future__ import annotations

from referee.rules.game import MatchSetup
from referee.rules.zhengfen import ZHENGFEN

PLAYERS = ("A", "B", "C", "D")


E31 = {
    "order": ["B", "D", "A", "C"],
    "captured": {"A": ["10S", "KH", "5D"], "B": ["KS", "5C"], "C": ["10H", "10D", "KD"], "D": ["10C", "KC"]},
    "hand": ["5S", "5H", "7C", "2D"],
}


def setup(players: tuple[str, ...] = PLAYERS, first_dealer: int = 0, **options: object) -> MatchSetup:
    return MatchSetup(players=players, first_dealer=first_dealer, options=ZHENGFEN.parse_options(options))


def sweep(order: list[str]) -> dict:
    """A deal in which the first player captured all 100 points."""
    return {"order": order, "captured": {order[0]: {"5": 4, "10": 4, "K": 4}}}
