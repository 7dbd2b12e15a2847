"""A group's statistics: records per game, OpenSkill ratings, the season table, and the tally's rewind."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from referee.rules.game import Side
from referee.rules.season import (
    DISPLAY_BASE,
    PROVISIONAL_MATCHES,
    RATING_BETA,
    RATING_MU,
    RATING_SIGMA,
    RATING_TAU,
    GroupMatch,
    Played,
    SideDeals,
    Tally,
    display_rating,
    tally_of,
)
from referee.rules.standings import MatchOutcome


def deals_of(deals: list[dict[str, int]]) -> dict[str, SideDeals]:
    sides = {side for deal in deals for side in deal}
    return {
        side: SideDeals(len(deals), sum(d.get(side, 0) for d in deals), max(d.get(side, 0) for d in deals))
        for side in sides
    }


def match(
    key: int,
    totals: dict[str, int],
    winner: str | None,
    deals: list[dict[str, int]],
    *,
    season="2026",
    evening=1,
    teams=None,
    finished=True,
    game="paks",
) -> GroupMatch:
    sides = tuple(Side(name, tuple(teams[name]) if teams else (name,)) for name in totals)
    outcome = MatchOutcome(key, game, sides, totals, finished, winner, drawn=finished and winner is None)
    return GroupMatch(outcome, season, evening, "places", deals_of(deals))


def test_records_count_finished_matches_wins_and_their_deals_only() -> None:
    tally, _played = tally_of(
        [
            match(1, {"Ann": 510, "Bob": 300}, "Ann", [{"Ann": 400, "Bob": 100}, {"Ann": 110, "Bob": 200}]),
            match(2, {"Ann": 200, "Bob": 505}, "Bob", [{"Ann": 200, "Bob": 505}], evening=2),
            match(3, {"Ann": 70, "Bob": 0}, None, [{"Ann": 70, "Bob": 0}], evening=3, finished=False),
        ]
    )
    stats = tally.stats()
    records = {r.person: r for r in stats.games["paks"]}
    assert (records["Ann"].played, records["Ann"].won, records["Ann"].deals) == (2, 1, 3)
    assert records["Ann"].best_deal == 400 and records["Ann"].average_deal == (400 + 110 + 200) / 3
    assert records["Bob"].best_deal == 505 and records["Ann"].win_rate == 0.5
    season = {row.person: row for row in stats.seasons["2026"]}
    assert season["Ann"].points == season["Bob"].points == 1 and season["Ann"].tied
    assert season["Ann"].evenings == 3  # the unfinished match's evening counts as attended


def test_nobody_shows_for_a_game_whose_matches_are_all_unfinished() -> None:
    tally, played = tally_of([match(1, {"Ann": 70, "Bob": 0}, None, [{"Ann": 70, "Bob": 0}], finished=False)])
    assert tally.stats().games == {} and tally.stats().seasons == {}
    assert [move.place for move in played[0].moves] == [None, None]


def test_a_winning_streak_ends_with_the_first_match_not_won() -> None:
    results = ["Ann", "Ann", "Bob", "Ann", "Ann", "Ann", "Bob"]
    tally, _ = tally_of([match(i, {"Ann": 1, "Bob": 1}, w, []) for i, w in enumerate(results)])
    ann = tally.games["paks"]["Ann"]
    assert (ann.longest_streak, ann.streak, ann.won) == (3, 0, 5)
    assert tally.games["paks"]["Bob"].longest_streak == 1


def test_rating_changes_are_openskills_own_numbers() -> None:
    """Each move's rating before and after, computed again with openskill directly."""
    model = PlackettLuce(mu=RATING_MU, sigma=RATING_SIGMA, beta=RATING_BETA, tau=RATING_TAU)
    teams = {"NS": ["Ann", "Cat"], "EW": ["Bob", "Dan"]}
    matches = [
        match(1, {"Ann": 510, "Bob": 300, "Cat": 100}, "Ann", []),
        match(2, {"Ann": 200, "Bob": 505, "Cat": 505}, None, []),  # Bob and Cat tie for first
        match(3, {"NS": 520, "EW": 400}, "NS", [], teams=teams),
    ]
    _tally, played = tally_of(matches)
    ratings = {name: model.rating(name=name) for name in ("Ann", "Bob", "Cat", "Dan")}
    expected_ranks = [[1.0, 2.0, 3.0], [3.0, 1.0, 1.0], [1.0, 2.0]]
    for m, ranks, done in zip(matches, expected_ranks, played, strict=True):
        order = sorted(zip(ranks, m.outcome.sides, strict=True), key=lambda pair: pair[0])
        result = model.rate(
            [[ratings[p] for p in side.members] for _rank, side in order], ranks=[rank for rank, _side in order]
        )
        before = {name: r.ordinal(alpha=40, target=1000) for name, r in ratings.items()}
        for team in result:
            for rating in team:
                ratings[rating.name] = rating
        for move in done.moves:
            after = ratings[move.person].ordinal(alpha=40, target=1000)
            assert abs(move.record.rating - before[move.person]) < 1e-9
            assert abs(move.rating_after - after) < 1e-9
            assert abs(move.rating_change - (after - before[move.person])) < 1e-9
    assert display_rating(RATING_MU, RATING_SIGMA) == DISPLAY_BASE


def test_few_matches_are_provisional_and_the_table_follows_the_rating() -> None:
    tally, _ = tally_of([match(i, {"Ann": 510, "Bob": 300, "Cat": 100}, "Ann", []) for i in range(PROVISIONAL_MATCHES)])
    records = tally.stats().games["paks"]
    assert [r.person for r in records] == ["Ann", "Bob", "Cat"]
    assert [r.rating for r in records] == sorted((r.rating for r in records), reverse=True)
    assert not any(r.provisional for r in records)
    fresh, _ = tally_of([match(1, {"Ann": 510, "Bob": 300}, "Ann", [])])
    assert all(r.provisional for r in fresh.stats().games["paks"])


def test_team_members_move_together_and_equal_places_tie() -> None:
    teams = {"NS": ["Ann", "Cat"], "EW": ["Bob", "Dan"]}
    tally, _ = tally_of([match(1, {"NS": 520, "EW": 400}, "NS", [{"NS": 520, "EW": 400}], teams=teams)])
    r = tally.games["paks"]
    assert r["Ann"].mu == r["Cat"].mu > r["Bob"].mu == r["Dan"].mu
    assert r["Ann"].best_deal == 520 and r["Dan"].best_deal == 400
    drawn, _ = tally_of([match(1, {"Ann": 510, "Bob": 510}, None, [])])
    assert abs(drawn.games["paks"]["Ann"].mu - drawn.games["paks"]["Bob"].mu) < 1e-9


NAMES = ("Ann", "Bob", "Cat", "Dan")
one_match = st.tuples(
    st.permutations(NAMES).map(lambda p: p[:3]),
    st.lists(st.integers(0, 600), min_size=3, max_size=3),
    st.booleans(),
    st.sampled_from(["paks", "iceberg"]),
    st.sampled_from(["2025", "2026"]),
)


def built(index: int, spec) -> GroupMatch:  # type: ignore[no-untyped-def]
    seats, totals, finished, game, season = spec
    scores = dict(zip(seats, totals, strict=True))
    best = max(scores, key=lambda name: scores[name])
    return match(index, scores, best, [scores], finished=finished, game=game, season=season, evening=index // 3)


@given(st.lists(one_match, min_size=1, max_size=12), st.data())
def test_rewinding_to_any_match_and_playing_on_equals_counting_from_nothing(specs, data) -> None:
    matches = [built(i, spec) for i, spec in enumerate(specs)]
    start = data.draw(st.integers(0, len(matches) - 1))
    changed = list(matches)
    changed[start] = built(start, data.draw(one_match))
    tally, played = tally_of(matches)
    tally.rewind(played[start:])
    again = [Played(m.outcome.game, m.season, tally.play(m)) for m in changed[start:]]
    expected, expected_played = tally_of(changed)
    assert tally.stats() == expected.stats()
    assert again == expected_played[start:]
    assert Tally.from_json(tally.as_json()).stats() == tally.stats()
    assert all(isinstance(row.points, Fraction) for rows in tally.stats().seasons.values() for row in rows)
    for done in played:
        for move in done.moves:
            assert type(move).from_json(move.as_json()) == move
