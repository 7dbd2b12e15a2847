"""Iceberg's house options, as in the Options table of shared/rules/iceberg.md."""

from __future__ import annotations

from referee.rules.options import Option

#: The highest target a match may set: a long evening reaches 5000; ten times that bounds the deals.
MAX_TARGET = 50_000

OPTIONS: tuple[Option, ...] = (
    Option(
        "penalty",
        "Leftover penalty",
        "unplayable",
        "iceberg-6.4",
        choices=("unplayable", "every_card"),
        labels={"unplayable": "−10 per unplayable card", "every_card": "−10 per card in hand (Bower)"},
    ),
    Option(
        "ace_scoring",
        "Aces",
        "plus_20",
        "iceberg-2.4",
        choices=("plus_20", "multiplier"),
        labels={"plus_20": "+20 each", "multiplier": "multiply the deal score (Bower)"},
    ),
    Option(
        "multiplier_scope",
        "Ace multiplier applies to",
        "net",
        "iceberg-8.1",
        choices=("net", "positive_only"),
        labels={"net": "the net deal score", "positive_only": "points scored in play only"},
    ),
    Option(
        "last_ace",
        "After the last ace",
        "no_more_play",
        "iceberg-5.2",
        choices=("no_more_play", "finish_turn"),
        labels={"no_more_play": "no more melding", "finish_turn": "the turn is finished (Bower)"},
    ),
    Option(
        "leftover_tie",
        "Equal best plays for a leftover hand",
        "fewest_unplayed",
        "iceberg-6.3",
        choices=("fewest_unplayed", "most_unplayed"),
        labels={"fewest_unplayed": "the one leaving fewest cards", "most_unplayed": "the one leaving most cards"},
    ),
    Option(
        "parallel_melds",
        "Two decks: second set of a rank, overlapping runs",
        "allowed",
        "iceberg-3.7",
        choices=("allowed", "forbidden"),
    ),
    Option(
        "first_player",
        "First to play",
        "dealer_left",
        "iceberg-2.1",
        choices=("dealer_left", "dealer_right"),
        labels={"dealer_left": "left of the dealer", "dealer_right": "right of the dealer (Bower)"},
    ),
    Option(
        "merge_runs",
        "Join two runs",
        False,
        "iceberg-4.4",
        kind="bool",
        help="Yes: a card that closes the gap between two runs of its suit joins them into one run and scores "
        "10 × its cards. House default: runs never join.",
    ),
    Option("target", "Play to", 5000, "iceberg-7.1", kind="int", minimum=1, maximum=MAX_TARGET),
)
