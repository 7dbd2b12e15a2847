"""Zheng Fen's house options (the Options table of shared/rules/zhengfen.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from referee.messages import msg
from referee.rules.ending import HIGHEST_TARGET, LOWEST_TARGET, TARGET_STEP, target_option
from referee.rules.options import Option, Options

TRIO_FORMS: tuple[str, ...] = ("pair", "consecutive", "same_suit", "point_cards")
SPECIALS: tuple[str, ...] = ("510k_mixed", "510k_suited", "four_twos")

OPTIONS: tuple[Option, ...] = (
    Option(
        "trio_forms",
        msg("Trio plus two: the extra cards may be"),
        list(TRIO_FORMS),
        "zhengfen-3.8",
        kind="subset",
        choices=TRIO_FORMS,
        labels={
            "pair": msg("a pair"),
            "consecutive": msg("two adjacent ranks"),
            "same_suit": msg("two cards of one suit"),
            "point_cards": msg("two point cards"),
        },
        help=msg("Reconstructed: the source's list of the four forms is lost. No form removes the type."),
    ),
    Option(
        "specials",
        msg("Specials"),
        list(SPECIALS),
        "zhengfen-3.10",
        kind="subset",
        choices=SPECIALS,
        labels={
            "510k_mixed": msg("5-10-K of mixed suits"),
            "510k_suited": msg("5-10-K of one suit"),
            "four_twos": msg("the four 2s"),
        },
        help=msg("Reconstructed: the source's list is lost. Their order never changes."),
    ),
    Option(
        "wild_range",
        msg("A wild joker stands for"),
        "any_card",
        "zhengfen-4.1",
        choices=("any_card", "standard_only"),
        labels={"any_card": msg("any card, the other joker included"), "standard_only": msg("a standard card only")},
    ),
    Option(
        "triple_four_sequence_min",
        msg("Fewest groups in a triple or four sequence"),
        3,
        "zhengfen-3.6",
        choices=(3, 2),
        labels={2: msg("2 (airplanes)")},
    ),
    target_option(
        "zhengfen-7.1",
        msg(
            "1000 is the long game (zhengfen-8.1); as a house rule, any multiple of {step} from {lowest} to {highest}.",
            step=TARGET_STEP,
            lowest=LOWEST_TARGET,
            highest=HIGHEST_TARGET,
        ),
    ),
)


@dataclass(frozen=True)
class Rules(Options):
    """Zheng Fen's house options, typed (their defaults are the declarations'): the values the rules functions need."""

    declared = OPTIONS

    trio_forms: tuple[str, ...]
    specials: tuple[str, ...]
    wild_range: Literal["any_card", "standard_only"]
    triple_four_sequence_min: Literal[3, 2]
    target: int

    @property
    def jokers_stand_for_jokers(self) -> bool:
        return self.wild_range == "any_card"


DEFAULT_RULES = Rules.of()


def rules_from(options: Rules | Mapping[str, Any] | None) -> Rules:
    """Accept a :class:`Rules`, an ``options`` object as sent (checked here), or ``None`` for the defaults.

    Raises :class:`~referee.errors.FieldError` naming a bad option.
    """
    if options is None:
        return DEFAULT_RULES
    if isinstance(options, Rules):
        return options
    return Rules.parse(options)
