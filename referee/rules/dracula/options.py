"""Dracula's house options (the Options table of shared/rules/dracula.md) and match roles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.messages import msg
from referee.rules.dracula.values import DEFAULT_MULTIPLIERS
from referee.rules.options import Option, Options

OPTIONS: tuple[Option, ...] = (
    Option(
        "multipliers",
        msg("Line multipliers"),
        dict(DEFAULT_MULTIPLIERS),
        "dracula-4.3",
        kind="int_map",
        choices=("suit", "colour", "two_suit"),
        labels={"suit": msg("all one suit"), "colour": msg("all one colour"), "two_suit": msg("two of a suit")},
        maximum=100,
        help=msg("Reconstructed: one suit ×5, one colour ×3, two of a suit ×2."),
    ),
    Option(
        "all_tied",
        msg("All three line levels tie"),
        "no_score",
        "dracula-5.4",
        choices=("no_score", "score_third"),
        labels={"no_score": msg("nobody scores"), "score_third": msg("both score their third line")},
    ),
    Option(
        "game_tie",
        msg("Equal totals after six deals"),
        "highest_line",
        "dracula-6.2",
        choices=("highest_line", "last_deal"),
        labels={
            "highest_line": msg("highest single deal wins and adds it"),
            "last_deal": msg("6th deal decides, no bonus"),
        },
    ),
    Option(
        "target",
        msg("Play to"),
        "none",
        "dracula-6.3",
        choices=("none", 1000),
        labels={"none": msg("one game of six deals"), 1000: msg("1000 points over whole games")},
    ),
    Option(
        "first_card_4p",
        msg("4 players: first card of a coffin"),
        "centre",
        "dracula-8.3",
        choices=("centre", "any_cell"),
        labels={"centre": msg("on the centre"), "any_cell": msg("on any cell")},
        players=(4,),
    ),
    Option("bonus_4p", msg("4 players: winner's bonus"), False, "dracula-8.5", kind="bool", players=(4,)),
    Option("hand_size_3p", msg("3 players: hand size"), 3, "dracula-7.1", choices=(3, 13), players=(3,)),
    Option(
        "vampire_suit_3p",
        msg("3 players: Vampire suit"),
        "none",
        "dracula-7.5",
        choices=("none", "wild"),
        labels={"none": msg("no suit"), "wild": msg("matches any suit")},
        players=(3,),
    ),
    Option(
        "vampire_double_3p",
        msg("3 players: Vampire doubling"),
        "once",
        "dracula-7.5",
        choices=("once", "per_vampire"),
        labels={"once": msg("once per line"), "per_vampire": msg("once per Vampire")},
        players=(3,),
    ),
)

ROLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "first_dealer_role",
        msg("2 players: the first dealer plays"),
        "queen",
        "dracula-1.4",
        choices=("queen", "king"),
        labels={"queen": msg("Queen (rows)"), "king": msg("King (columns)")},
        players=(2,),
    ),
    Option(
        "first_dealer_team",
        msg("4 players: the first dealer's partnership scores"),
        "rows",
        "dracula-8.6",
        choices=("rows", "columns"),
        labels={"rows": msg("rows"), "columns": msg("columns")},
        players=(4,),
    ),
)


@dataclass(frozen=True)
class DraculaOptions(Options):
    """Dracula's house options, typed (their defaults are the declarations')."""

    declared = OPTIONS

    multipliers: dict[str, int]
    all_tied: Literal["no_score", "score_third"]
    game_tie: Literal["highest_line", "last_deal"]
    target: Literal["none", 1000]
    first_card_4p: Literal["centre", "any_cell"]
    bonus_4p: bool
    hand_size_3p: Literal[3, 13]
    vampire_suit_3p: Literal["none", "wild"]
    vampire_double_3p: Literal["once", "per_vampire"]
