"""Paks house options (the Options table of shared/rules/paks.md).

``decks`` is not among them: it is a top-level request field, and in a match the player count
fixes it (paks-1.2, paks-8.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.messages import msg
from referee.rules.ending import target_option
from referee.rules.options import Option, Options
from referee.rules.paks.throwoff import ALL_SIDES, LOWEST_PLAY, LOWEST_SCORE, MANUAL, SIDES_WITH_PAKS

OPTIONS: tuple[Option, ...] = (
    Option(
        "partner_steal",
        msg("Steal from a partner"),
        True,
        "paks-5.2",
        kind="bool",
        help=msg("No: a partner's paks cannot be stolen."),
    ),
    Option(
        "throw_off",
        msg("Paks thrown off"),
        LOWEST_SCORE,
        "paks-6.4",
        choices=(LOWEST_SCORE, LOWEST_PLAY, MANUAL),
        labels={
            LOWEST_SCORE: msg("lowest score value"),
            LOWEST_PLAY: msg("lowest play value"),
            MANUAL: msg("named by the side"),
        },
        help=msg("Manual: each side names its discarded paks; the app checks their number and suit."),
    ),
    Option(
        "throw_off_min",
        msg("Throw-off count m"),
        ALL_SIDES,
        "paks-6.3",
        choices=(ALL_SIDES, SIDES_WITH_PAKS),
        labels={
            ALL_SIDES: msg("smallest over all sides"),
            SIDES_WITH_PAKS: msg("smallest over sides holding the suit"),
        },
        help=msg(
            "Over the sides holding the suit: a side without paks of it no longer blocks the throw-off; "
            "a suit held by one side only is not thrown off."
        ),
    ),
    target_option("paks-7.2"),
)


@dataclass(frozen=True)
class PaksOptions(Options):
    """Paks' house options, typed (their defaults are the declarations')."""

    declared = OPTIONS

    partner_steal: bool
    throw_off: Literal["lowest_score", "lowest_play", "manual"]
    throw_off_min: Literal["all_sides", "sides_with_paks"]
    target: int
