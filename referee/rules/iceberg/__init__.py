"""Iceberg (Gordon Bower): melds score as laid, leftover hands cost what they could still score
(shared/rules/iceberg.md)."""

from __future__ import annotations

from referee.rules.iceberg.checks import CHECKS
from referee.rules.iceberg.deck import ICEBERG_PACK, decks_for, pack_for
from referee.rules.iceberg.game import ICEBERG, Iceberg, PlayerDeal
from referee.rules.iceberg.leftover import MAX_HAND, Leftover, PlanStep, value_leftover
from referee.rules.iceberg.melds import LayoffVerdict, Meld, MeldVerdict, classify_meld, lay_off, meld_points
from referee.rules.iceberg.optimiser import Problem, TableRun, meld_value, solve
from referee.rules.iceberg.playlog import Action, Replay, parse_plays, replay
from referee.rules.iceberg.table import parse_table, read_table

__all__ = [
    "CHECKS",
    "ICEBERG",
    "ICEBERG_PACK",
    "MAX_HAND",
    "Action",
    "Iceberg",
    "LayoffVerdict",
    "Leftover",
    "Meld",
    "MeldVerdict",
    "PlanStep",
    "PlayerDeal",
    "Problem",
    "Replay",
    "TableRun",
    "classify_meld",
    "decks_for",
    "lay_off",
    "meld_points",
    "meld_value",
    "pack_for",
    "parse_plays",
    "parse_table",
    "read_table",
    "replay",
    "solve",
    "value_leftover",
]
