"""Evening standings and charts as the pages, PDFs and CSV show them.

The rules layer (:mod:`referee.rules.standings`) places the sides; this module feeds it the
evening's matches as already scored for the page, and turns results into chart series.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from flask import Flask

from referee.rules.game import MatchResult
from referee.rules.registry import get_game
from referee.rules.standings import EVENING_SETTING, MatchOutcome, Standings, scheme_of, standings
from referee.web.presentation.charts import Series, line_chart, number_text
from referee.web.store.models import Evening, Match


def outcome_of(match: Match, result: MatchResult) -> MatchOutcome:
    game = get_game(match.game)
    clause = game.result_clause if game is not None and game.result_clause else EVENING_SETTING
    return MatchOutcome.of(match.id, match.game, result, clause)


def evening_standings(evening: Evening, scored: Iterable[tuple[Match, MatchResult]]) -> Standings:
    """The evening's players ranked across its finished matches, in the order they were started."""
    outcomes = [outcome_of(match, result) for match, result in scored]
    return standings(evening.player_names, outcomes, scheme_of(evening.placing))


def standings_context(evening: Evening, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What ``_standings.html`` needs, from the evening page's rows (each with its match, game and result)."""
    return {
        "table": evening_standings(evening, [(row["match"], row["result"]) for row in rows]),
        "match_names": {row["match"].id: (number, row["game"].name) for number, row in enumerate(rows, start=1)},
    }


def running_series(result: MatchResult) -> list[Series]:
    """Each side's running total, from 0 before the first deal; the end-of-match bonus is a last step."""
    return [
        Series(
            side.name,
            [0, *(row[side.name] for row in result.running), *([result.totals[side.name]] * bool(result.bonus))],
        )
        for side in result.sides
    ]


def growth_series(table: Standings) -> list[Series]:
    """Each player's placing points, from 0 before the first finished match."""
    return [Series(row.name, [0, *table.growth.get(row.name, [])]) for row in table.players]


def final_values(series: Sequence[Series]) -> str:
    """ "Ann 120, Bob 80": the last value of each series, for a chart's description."""
    return ", ".join(f"{s.name} {number_text(s.values[-1])}" for s in series if s.values)


def register(app: Flask) -> None:
    helpers: dict[str, Any] = {
        "line_chart": line_chart,
        "running_series": running_series,
        "growth_series": growth_series,
        "final_values": final_values,
    }
    app.jinja_env.globals.update(helpers)
    app.add_template_filter(number_text, "points")
