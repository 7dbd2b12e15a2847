"""Zheng Fen (挣分): the Chinese climbing game where only 5s, 10s and kings score (shared/rules/zhengfen.md)."""

from __future__ import annotations

from referee.rules.zhengfen.combinations import TYPES, Reading, readings
from referee.rules.zhengfen.game import ZHENGFEN, ZhengFen
from referee.rules.zhengfen.options import OPTIONS, Rules, rules_from
from referee.rules.zhengfen.plays import Classification, Declaration, Verdict, beats, classify, parse_declaration
from referee.rules.zhengfen.scoring import DealScore, Haul, check_point_cards, parse_haul, score_deal
from referee.rules.zhengfen.tricks import Action, TrickResult, settle_trick
from referee.rules.zhengfen.values import HAND_SIZES, ZHENGFEN_PACK, card_points, max_hand

__all__ = [
    "HAND_SIZES",
    "OPTIONS",
    "TYPES",
    "ZHENGFEN",
    "ZHENGFEN_PACK",
    "Action",
    "Classification",
    "DealScore",
    "Declaration",
    "Haul",
    "Reading",
    "Rules",
    "TrickResult",
    "Verdict",
    "ZhengFen",
    "beats",
    "card_points",
    "check_point_cards",
    "classify",
    "max_hand",
    "parse_declaration",
    "parse_haul",
    "readings",
    "rules_from",
    "score_deal",
    "settle_trick",
]
