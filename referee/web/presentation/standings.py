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


def person_styles(evening: Evening) -> dict[str, int]:
    """Each player's chart style (:func:`referee.web.presentation.charts.style_of`), the same on every chart
    and sheet: the person's place in the evening's group when it has one (so Ann keeps her colour from one
    evening of the group to the next), else the player's place in the evening."""
    group = evening.group
    if group is not None:
        places = {person.id: place for place, person in enumerate(group.persons)}
        found = {p.name: places[p.person_id] for p in evening.players if p.person_id in places}
        if len(set(found.values())) == len(found) == len(evening.players):
            return found
    return {name: place for place, name in enumerate(evening.player_names)}


def side_style(members: Sequence[str], styles: Mapping[str, int], fallback: int) -> int:
    """A side's style: its first player's by the evening's order (a team is drawn as that partner)."""
    known = [styles[name] for name in members if name in styles]
    return min(known) if known else fallback


def running_series(result: MatchResult, styles: Mapping[str, int] | None = None) -> list[Series]:
    """Each side's running total, from 0 before the first deal; the end-of-match bonus is a last step.
    A team is one line, named as the sheet names it ("Ann & Cat"), in its players' ``styles``."""
    return [
        Series(
            side.name,
            [0, *(row[side.name] for row in result.running), *([result.totals[side.name]] * bool(result.bonus))],
            side_style(side.members, styles or {}, number),
        )
        for number, side in enumerate(result.sides)
    ]


def growth_series(table: Standings, styles: Mapping[str, int] | None = None) -> list[Series]:
    """Each player's placing points, from 0 before the first finished match. Partners who played every
    match together grew alike: they are one line, "Ann & Cat", drawn once."""
    lines: dict[tuple[object, ...], list[str]] = {}
    sides_of: dict[tuple[object, ...], set[str]] = {}
    for row in table.players:
        sides = tuple((e.match, e.side) for e in row.earned)
        key = sides if any(e.side != row.name for e in row.earned) else (row.name,)
        lines.setdefault(key, []).append(row.name)
        sides_of[key] = {e.side for e in row.earned}

    def name(key: tuple[object, ...], names: list[str]) -> str:
        """A player alone by name; partners by their side's name when they always were one side."""
        if len(names) == 1:
            return names[0]
        return next(iter(sides_of[key])) if len(sides_of[key]) == 1 else " & ".join(names)

    return [
        Series(name(key, names), [0, *table.growth.get(names[0], [])], side_style(names, styles or {}, number))
        for number, (key, names) in enumerate(lines.items())
    ]


def final_values(series: Sequence[Series]) -> str:
    """ "Ann 120, Bob 80": the last value of each series, for a chart's description."""
    return ", ".join(f"{s.name} {number_text(s.values[-1])}" for s in series if s.values)


def register(app: Flask) -> None:
    helpers: dict[str, Any] = {
        "line_chart": line_chart,
        "running_series": running_series,
        "growth_series": growth_series,
        "person_styles": person_styles,
        "final_values": final_values,
    }
    app.jinja_env.globals.update(helpers)
    app.add_template_filter(number_text, "points")
