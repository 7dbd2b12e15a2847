"""A group's statistics: records per game, OpenSkill ratings, the season table."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.game import Side
from referee.rules.season import RATING_MU, GroupMatch, GroupStats, group_stats
from referee.rules.standings import MatchOutcome


def match(
    key: int,
    totals: dict[str, int],
    winner: str | None,
    deals: list[dict[str, int]],
    *,
    season="2026",
    evening=1,
    teams=None,
) -> GroupMatch:
    sides = tuple(Side(name, tuple(teams[name]) if teams else (name,)) for name in totals)
    outcome = MatchOutcome(key, "paks", sides, totals, True, winner, drawn=winner is None, clause="paks-7.2")
    return GroupMatch(outcome, season, evening, "places", deals)


def test_records_count_matches_wins_and_deals() -> None:
    stats = group_stats(
        [
            match(1, {"Ann": 510, "Bob": 300}, "Ann", [{"Ann": 400, "Bob": 100}, {"Ann": 110, "Bob": 200}]),
            match(2, {"Ann": 200, "Bob": 505}, "Bob", [{"Ann": 200, "Bob": 505}], evening=2),
        ]
    )
    records = {r.person: r for r in stats.games["paks"]}
    assert (records["Ann"].played, records["Ann"].won, records["Ann"].deals) == (2, 1, 3)
    assert records["Ann"].best_deal == 400 and records["Ann"].average_deal == (400 + 110 + 200) / 3
    assert records["Bob"].best_deal == 505
    season = {row.person: row for row in stats.seasons["2026"]}
    assert season["Ann"].points == season["Bob"].points == 1 and season["Ann"].tied
    assert season["Ann"].evenings == 2


def test_winning_raises_the_rating_and_losing_lowers_it() -> None:
    stats = group_stats([match(1, {"Ann": 510, "Bob": 300, "Cat": 100}, "Ann", [])])
    ratings = {r.person: r for r in stats.games["paks"]}
    assert ratings["Ann"].mu > RATING_MU > ratings["Cat"].mu
    assert ratings["Ann"].rating > ratings["Bob"].rating > ratings["Cat"].rating
    assert [r.person for r in stats.games["paks"]] == ["Ann", "Bob", "Cat"]


def test_team_members_move_together_and_equal_places_tie() -> None:
    teams = {"NS": ["Ann", "Cat"], "EW": ["Bob", "Dan"]}
    stats = group_stats([match(1, {"NS": 520, "EW": 400}, "NS", [{"NS": 520, "EW": 400}], teams=teams)])
    r = {x.person: x for x in stats.games["paks"]}
    assert r["Ann"].mu == r["Cat"].mu > r["Bob"].mu == r["Dan"].mu
    assert r["Ann"].best_deal == 520 and r["Dan"].best_deal == 400
    drawn = group_stats([match(1, {"Ann": 510, "Bob": 510}, None, [])])
    a, b = drawn.games["paks"]
    assert abs(a.mu - b.mu) < 1e-9


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 600), st.integers(0, 600), st.integers(0, 600)), min_size=1, max_size=10))
def test_season_points_add_up_and_the_stored_form_reads_back(results) -> None:
    names = ("Ann", "Bob", "Cat")
    matches = [
        match(i, dict(zip(names, totals, strict=True)), None, [dict(zip(names, totals, strict=True))], evening=i % 3)
        for i, totals in enumerate(results)
    ]
    stats = group_stats(matches)
    rows = stats.seasons["2026"]
    assert sum(row.points for row in rows) == 3 * len(results)  # 2 + 1 + 0 for three players
    assert sum(row.played for row in rows) == 3 * len(results)
    for record in stats.games["paks"]:
        assert record.best_deal is not None and record.average_deal is not None
        assert record.best_deal >= record.average_deal
    again = GroupStats.from_json(stats.as_json())
    assert again == stats
    assert all(isinstance(row.points, Fraction) for row in again.seasons["2026"])
