"""Iceberg's house options, as in the Options table of shared/rules/iceberg.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.messages import msg
from referee.rules.options import Option, Options

#: The highest target a match may set: a long evening reaches 5000; ten times that bounds the deals.
MAX_TARGET = 50_000

OPTIONS: tuple[Option, ...] = (
    Option(
        "penalty",
        msg("Leftover penalty"),
        "unplayable",
        "iceberg-6.4",
        choices=("unplayable", "every_card"),
        labels={"unplayable": msg("−10 per unplayable card"), "every_card": msg("−10 per card in hand (Bower)")},
    ),
    Option(
        "ace_scoring",
        msg("Aces"),
        "plus_20",
        "iceberg-2.4",
        choices=("plus_20", "multiplier"),
        labels={"plus_20": msg("+20 each"), "multiplier": msg("multiply the deal score (Bower)")},
    ),
    Option(
        "multiplier_scope",
        msg("Ace multiplier applies to"),
        "net",
        "iceberg-8.1",
        choices=("net", "positive_only"),
        labels={"net": msg("the net deal score"), "positive_only": msg("points scored in play only")},
    ),
    Option(
        "last_ace",
        msg("After the last ace"),
        "no_more_play",
        "iceberg-5.2",
        choices=("no_more_play", "finish_turn"),
        labels={"no_more_play": msg("no more melding"), "finish_turn": msg("the turn is finished (Bower)")},
    ),
    Option(
        "leftover_tie",
        msg("Equal best plays for a leftover hand"),
        "fewest_unplayed",
        "iceberg-6.3",
        choices=("fewest_unplayed", "most_unplayed"),
        labels={
            "fewest_unplayed": msg("the one leaving fewest cards"),
            "most_unplayed": msg("the one leaving most cards"),
        },
    ),
    Option(
        "parallel_melds",
        msg("Two decks: second set of a rank, overlapping runs"),
        "allowed",
        "iceberg-3.7",
        choices=("allowed", "forbidden"),
        labels={"allowed": msg("allowed"), "forbidden": msg("forbidden")},
    ),
    Option(
        "first_player",
        msg("First to play"),
        "dealer_left",
        "iceberg-2.1",
        choices=("dealer_left", "dealer_right"),
        labels={"dealer_left": msg("left of the dealer"), "dealer_right": msg("right of the dealer (Bower)")},
    ),
    Option(
        "merge_runs",
        msg("Join two runs"),
        False,
        "iceberg-4.4",
        kind="bool",
        help=msg(
            "Yes: a card that closes the gap between two runs of its suit may join them into one run and score "
            "10 × its cards, or go on one of them alone: the player's choice. House default: runs never join."
        ),
    ),
    Option("target", msg("Play to"), 5000, "iceberg-7.1", kind="int", minimum=1, maximum=MAX_TARGET),
)


@dataclass(frozen=True)
class IcebergOptions(Options):
    """Iceberg's house options, typed (their defaults are the declarations')."""

    declared = OPTIONS

    penalty: Literal["unplayable", "every_card"]
    ace_scoring: Literal["plus_20", "multiplier"]
    multiplier_scope: Literal["net", "positive_only"]
    last_ace: Literal["no_more_play", "finish_turn"]
    leftover_tie: Literal["fewest_unplayed", "most_unplayed"]
    parallel_melds: Literal["allowed", "forbidden"]
    first_player: Literal["dealer_left", "dealer_right"]
    merge_runs: bool
    target: int
