"""Clabber's house options (the Options table of shared/rules/clabber.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.messages import msg
from referee.rules.ending import target_option
from referee.rules.options import Option, Options

OPTIONS: tuple[Option, ...] = (
    Option(
        "undertrump",
        msg("Void, unable to over-trump"),
        "any_card",
        "clabber-5.3",
        choices=("any_card", "must_undertrump", "only_if_nothing_else"),
        labels={
            "any_card": msg("any card"),
            "must_undertrump": msg("must still play a lower trump"),
            "only_if_nothing_else": msg("a lower trump only when holding nothing else"),
        },
    ),
    Option(
        "partner_exemption",
        msg("No duty to trump or over-trump while the partner is winning"),
        False,
        "clabber-5.5",
        kind="bool",
    ),
    Option(
        "meld_scope",
        msg("Melds that score"),
        "best_meld_only",
        "clabber-6.3",
        choices=("best_meld_only", "team_all_melds"),
        labels={
            "best_meld_only": msg("the best meld only"),
            "team_all_melds": msg("the best team scores all its melds"),
        },
    ),
    Option(
        "game_tie",
        msg("Equal totals at the target"),
        "draw",
        "clabber-9.2",
        choices=("draw", "play_on"),
        labels={"draw": msg("a draw"), "play_on": msg("play another deal")},
    ),
    Option(
        "redeal",
        msg("After two rounds of passes"),
        "next_dealer",
        "clabber-3.5",
        choices=("next_dealer", "same_dealer"),
        labels={"next_dealer": msg("the next dealer deals"), "same_dealer": msg("the same dealer deals again")},
    ),
    target_option("clabber-9.1"),
)


@dataclass(frozen=True)
class ClabberOptions(Options):
    """Clabber's house options, typed (their defaults are the declarations')."""

    declared = OPTIONS

    undertrump: Literal["any_card", "must_undertrump", "only_if_nothing_else"]
    partner_exemption: bool
    meld_scope: Literal["best_meld_only", "team_all_melds"]
    game_tie: Literal["draw", "play_on"]
    redeal: Literal["next_dealer", "same_dealer"]
    target: int
