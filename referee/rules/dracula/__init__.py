"""Dracula (David Parlett): the 3×3 coffin, rows against columns (shared/rules/dracula.md)."""

from __future__ import annotations

from referee.rules.dracula.coffin import CoffinScore, LineScore, cascade, score_coffin, score_line
from referee.rules.dracula.game import DRACULA, Dracula
from referee.rules.dracula.layout import check_moves, check_placement, parse_cell, parse_layout
from referee.rules.dracula.settlement import settle_pair
from referee.rules.dracula.values import DRACULA_PACK, card_value, multiplier

__all__ = [
    "DRACULA",
    "DRACULA_PACK",
    "CoffinScore",
    "Dracula",
    "LineScore",
    "card_value",
    "cascade",
    "check_moves",
    "check_placement",
    "multiplier",
    "parse_cell",
    "parse_layout",
    "score_coffin",
    "score_line",
    "settle_pair",
]
