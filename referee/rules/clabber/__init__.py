"""Clabber (Evansville Clabber, Klob): Jack-Nine tricks in partnerships (shared/rules/clabber.md).

The functions the referee pages call:

- :func:`judge_trick` — who wins this trick, and its points;
- :func:`legal_play` — which cards may I play, and may I play this one;
- :func:`judge_melds` — whose meld scores, given the declarers' cards; and the bells;
- :func:`judge_bid` — may I say "I play" in this suit;
- :func:`score_deal` — made or set, each side's score and its mark on the sheet;
- :func:`other_side_points` / :func:`fill_points` — the card points of the side left blank.
"""

from __future__ import annotations

from referee.rules.clabber.bidding import BidVerdict, judge_bid
from referee.rules.clabber.game import CLABBER, Clabber
from referee.rules.clabber.melds import (
    MELD_KINDS,
    MELD_LABELS,
    MELD_NAMES,
    MELD_POINTS,
    Meld,
    MeldVerdict,
    best_meld,
    best_meld_set,
    compare_melds,
    hand_melds,
    judge_kinds,
    judge_melds,
    meld_kinds_for,
)
from referee.rules.clabber.scoring import DealScore, check_points, fill_points, other_side_points, score_deal
from referee.rules.clabber.tricks import Play, PlayVerdict, TrickResult, judge_trick, legal_play, winning_index
from referee.rules.clabber.values import FOUR, PACK, Table, card_points, parse_suit

__all__ = [
    "CLABBER",
    "FOUR",
    "MELD_KINDS",
    "MELD_LABELS",
    "MELD_NAMES",
    "MELD_POINTS",
    "PACK",
    "BidVerdict",
    "Clabber",
    "DealScore",
    "Meld",
    "MeldVerdict",
    "Play",
    "PlayVerdict",
    "Table",
    "TrickResult",
    "best_meld",
    "best_meld_set",
    "card_points",
    "check_points",
    "compare_melds",
    "fill_points",
    "hand_melds",
    "judge_bid",
    "judge_kinds",
    "judge_melds",
    "judge_trick",
    "legal_play",
    "meld_kinds_for",
    "other_side_points",
    "parse_suit",
    "score_deal",
    "winning_index",
]
