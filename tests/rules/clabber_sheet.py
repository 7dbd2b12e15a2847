"""Clabber matches on the score sheet that several test modules build: the seating and a deal's entry."""

from __future__ import annotations

from typing import Any

from referee.rules.clabber import CLABBER
from referee.rules.game import MatchSetup

FOUR_PLAYERS = ("Ann", "Bo", "Cy", "Di")
ANN_CY, BO_DI = "Ann & Cy", "Bo & Di"


def setup(players: tuple[str, ...] = FOUR_PLAYERS, **options: Any) -> MatchSetup:
    return MatchSetup(players=players, options=CLABBER.parse_options(options))


def deal(makers: str, ns: int, **extra: Any) -> dict[str, Any]:
    return {"makers": makers, "trump": extra.pop("trump", "H"), "points": {ANN_CY: ns, BO_DI: 162 - ns}, **extra}
