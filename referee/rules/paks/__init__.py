"""Paks (Phil Laurence): capture with special pairs, steal, throw off (shared/rules/paks.md).

The referee pages call :func:`judge_pak` ("Is this pak legal?") and :func:`judge_steal` ("Is
this steal legal?") with parsed cards; both return a verdict with ``legal``, ``value``,
``target``, ``reasons`` and a worked ``explanation``. :func:`find_pak` names the paks a shown
hand could make (paks-9.7), :func:`judge_turn` checks a whole turn (paks-9.8), and
:func:`score_paks` throws off and scores a deal suit by suit (paks-6); :func:`score_quick` does it from
each side's count of paks per suit and the points it keeps, for a deal entered quickly.
"""

from __future__ import annotations

from referee.rules.paks.capture import PakVerdict, StealVerdict, Verdict, VictimPak, judge_pak, judge_steal
from referee.rules.paks.ending import Ending, judge_end
from referee.rules.paks.game import PAKS, Paks
from referee.rules.paks.held import HeldPak, check_pak, pak_faults
from referee.rules.paks.options import OPTIONS
from referee.rules.paks.parsing import parse_suit, read_cards, read_paks, read_victims
from referee.rules.paks.quick import QuickScore, QuickSide, QuickSuit, score_quick
from referee.rules.paks.throwoff import DealScore, SuitThrowOff, score_paks
from referee.rules.paks.turn import (
    DrawVerdict,
    PakClaim,
    StealClaim,
    TurnVerdict,
    draw,
    find_pak,
    judge_turn,
)
from referee.rules.paks.values import (
    PACK,
    Pair,
    Split,
    best_split,
    decks_for,
    pack,
    pair_value,
    plain_value,
    play_value,
    score_total,
    score_value,
)

__all__ = [
    "OPTIONS",
    "PACK",
    "PAKS",
    "DealScore",
    "DrawVerdict",
    "Ending",
    "HeldPak",
    "Pair",
    "PakClaim",
    "PakVerdict",
    "Paks",
    "QuickScore",
    "QuickSide",
    "QuickSuit",
    "Split",
    "StealClaim",
    "StealVerdict",
    "SuitThrowOff",
    "TurnVerdict",
    "Verdict",
    "VictimPak",
    "best_split",
    "check_pak",
    "decks_for",
    "draw",
    "find_pak",
    "judge_end",
    "judge_pak",
    "judge_steal",
    "judge_turn",
    "pack",
    "pair_value",
    "pak_faults",
    "parse_suit",
    "plain_value",
    "play_value",
    "read_cards",
    "read_paks",
    "read_victims",
    "score_paks",
    "score_quick",
    "score_total",
    "score_value",
]
