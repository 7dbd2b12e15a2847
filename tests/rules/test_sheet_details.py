"""A sheet built from deals without their workings (no explanation, only ``Game.sheet_details`` of their
details) is the sheet built from the whole deals: who deals, the totals, the end of the match."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.explain import Explanation
from referee.rules.clabber import CLABBER
from referee.rules.game import DealResult, Game, MatchResult, MatchSetup
from referee.rules.zhengfen import ZHENGFEN
from tests.rules.clabber_sheet import deal
from tests.rules.clabber_sheet import setup as clabber_setup
from tests.rules.zhengfen_sheet import E31, sweep
from tests.rules.zhengfen_sheet import setup as zhengfen_setup


def without_workings(game: Game, result: DealResult) -> DealResult:
    kept = {key: value for key, value in result.details.items() if key in game.sheet_details}
    return replace(result, explanation=Explanation(), details=kept)


def shown(game: Game, match: MatchSetup, result: MatchResult) -> tuple[Any, ...]:
    note = game.next_turn_note(match, result)
    return (
        [(d.number, d.dealer, d.scores, d.marks, d.summary) for d in result.deals],
        result.running,
        result.totals,
        result.finished,
        result.winner,
        result.drawn,
        result.bonus,
        result.bonus_explanation.as_list(),
        result.next_dealer,
        str(result.status),
        note.as_dict() if note else None,
    )


ZHENGFEN_DEALS = [E31, sweep(["D", "A", "B", "C"]), sweep(["A", "B", "C", "D"]), sweep(["C", "D", "A", "B"])]
CLABBER_DEALS = [deal("Ann", 90), {"makers": None, "trump": "H"}, deal("Bo", 40), {"makers": None, "trump": "S"}]


@pytest.mark.parametrize(
    ("game", "match", "raw"),
    [
        (ZHENGFEN, zhengfen_setup(first_dealer=2), ZHENGFEN_DEALS),
        (ZHENGFEN, zhengfen_setup(players=("A", "B", "C")), [sweep(["A", "B", "C"])] * 6),
        (CLABBER, clabber_setup(), CLABBER_DEALS * 3),
        (CLABBER, clabber_setup(redeal="same_dealer"), CLABBER_DEALS * 3),
        (CLABBER, clabber_setup(players=("Ann", "Bo", "Cy")), [{"makers": None, "trump": "H"}] * 4),
    ],
)
def test_a_sheet_without_workings_is_the_whole_sheet(game: Game, match: MatchSetup, raw: list[dict[str, Any]]) -> None:
    entries = [game.check_entry(match, entry) for entry in raw]
    for count in range(len(entries) + 1):
        whole = game.score_match(match, entries[:count])
        light = game.match_result(match, [without_workings(game, d) for d in whole.deals])
        assert shown(game, match, light) == shown(game, match, whole)
