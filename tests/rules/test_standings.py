"""Evening standings: placing points by scheme, ties shared, sums kept, teams earning together."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from referee.rules.game import Side
from referee.rules.standings import SCHEMES, MatchOutcome, place_sides, scheme_of, standings

PLACES = SCHEMES["places"]


def outcome(key: int, totals: dict[str, int], winner: str | None, *, finished: bool = True, teams=None) -> MatchOutcome:
    sides = tuple(Side(name, tuple(teams[name]) if teams else (name,)) for name in totals)
    return MatchOutcome(key, "paks", sides, totals, finished, winner, drawn=winner is None, clause="paks-7.2")


def test_places_scheme_gives_last_nothing_and_one_more_per_place() -> None:
    assert PLACES.points(4) == [3, 2, 1, 0]
    assert SCHEMES["winner"].points(3) == [1, 0, 0]
    assert SCHEMES["podium"].points(5) == [3, 2, 1, 0, 0]
    assert scheme_of(None) is PLACES and scheme_of("no such scheme") is PLACES


def test_tied_sides_share_the_points_of_their_places() -> None:
    placings = place_sides(outcome(1, {"A": 520, "B": 300, "C": 300}, "A"), PLACES)
    assert [(p.side.name, p.place, p.tied, p.points) for p in placings] == [
        ("A", 1, False, Fraction(2)),
        ("B", 2, True, Fraction(1, 2)),
        ("C", 2, True, Fraction(1, 2)),
    ]


def test_the_declared_winner_is_first_even_on_equal_totals() -> None:
    """Dracula breaks equal totals by the higher line: the game's winner is placed first."""
    placings = place_sides(outcome(1, {"A": 60, "B": 60}, "B"), PLACES)
    assert [(p.side.name, p.place, p.points) for p in placings] == [("B", 1, 1), ("A", 2, 0)]


def test_a_drawn_match_shares_first_place() -> None:
    placings = place_sides(outcome(1, {"NS": 510, "EW": 510}, None), PLACES)
    assert {p.side.name: (p.place, p.points) for p in placings} == {
        "NS": (1, Fraction(1, 2)),
        "EW": (1, Fraction(1, 2)),
    }


def test_an_unfinished_match_places_nobody() -> None:
    assert place_sides(outcome(1, {"A": 100, "B": 0}, None, finished=False), PLACES) == []


@given(
    totals=st.lists(st.integers(-200, 700), min_size=2, max_size=6),
    winner_index=st.one_of(st.none(), st.integers(0, 5)),
    scheme=st.sampled_from(sorted(SCHEMES)),
)
def test_placing_points_always_add_up_to_the_schemes_sum(totals, winner_index, scheme) -> None:
    names = [f"P{i}" for i in range(len(totals))]
    winner = names[winner_index] if winner_index is not None and winner_index < len(names) else None
    placings = place_sides(outcome(1, dict(zip(names, totals, strict=True)), winner), SCHEMES[scheme])
    assert sum(p.points for p in placings) == sum(SCHEMES[scheme].points(len(names)))
    by_name = {p.side.name: p for p in placings}
    for a in placings:
        for b in placings:
            if a.side.name != winner and b.side.name != winner and a.total == b.total:
                assert a.points == b.points and a.place == b.place
            if a.place < b.place:
                assert a.points >= b.points
    if winner is not None:
        assert by_name[winner].place == 1


@given(
    matches=st.lists(st.lists(st.integers(0, 600), min_size=3, max_size=3), min_size=1, max_size=8),
)
def test_standings_total_what_the_matches_gave(matches) -> None:
    names = ["Ann", "Bob", "Cat"]
    outcomes = [outcome(i, dict(zip(names, totals, strict=True)), None) for i, totals in enumerate(matches)]
    table = standings(names, outcomes, PLACES)
    assert sum(row.points for row in table.players) == 3 * len(matches)
    for row in table.players:
        assert row.points == sum(e.points for e in row.earned)
        assert table.growth[row.name][-1] == row.points
        assert len(table.growth[row.name]) == len(table.counted) == len(matches)
        assert row.place == 1 + sum(other.points > row.points for other in table.players)
    assert [row.points for row in table.players] == sorted((row.points for row in table.players), reverse=True)


def test_team_members_each_earn_their_sides_points_and_growth_counts_only_finished_matches() -> None:
    teams = {"NS": ["Ann", "Cat"], "EW": ["Bob", "Dan"]}
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    table = standings(
        names,
        [
            outcome(7, {"NS": 510, "EW": 200}, "NS", teams=teams),
            outcome(8, {"NS": 10, "EW": 20}, None, finished=False, teams=teams),
            outcome(9, {"Eve": 500, "Ann": 120}, "Eve"),
        ],
        PLACES,
    )
    points = {row.name: row.points for row in table.players}
    assert points == {"Ann": 1, "Cat": 1, "Eve": 1, "Bob": 0, "Dan": 0}
    assert table.counted == [7, 9]
    assert table.growth["Eve"] == [0, 1] and table.growth["Ann"] == [1, 1]
    ann = next(row for row in table.players if row.name == "Ann")
    assert [(e.match, e.side, e.place, e.clause) for e in ann.earned] == [
        (7, "NS", 1, "paks-7.2"),
        (9, "Ann", 2, "paks-7.2"),
    ]
    assert ann.played == 2 and ann.won == 1
    assert [(row.name, row.place, row.tied) for row in table.players][:3] == [
        ("Ann", 1, True),
        ("Cat", 1, True),
        ("Eve", 1, True),
    ]
