"""Paks as a match: sides, the deal entry, deal scores, dealer rotation and the end at 500."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.rules.game import MatchSetup, Side, win_verb
from referee.rules.paks import PAKS, judge_end

TWO = MatchSetup(players=("Ann", "Bob"), options=PAKS.parse_options({}))
THREE = MatchSetup(players=("Ann", "Bob", "Cy"), first_dealer=1, options=PAKS.parse_options({}))
FOUR = MatchSetup(players=("Ann", "Bob", "Cy", "Di"), options=PAKS.parse_options({}))
SIX = MatchSetup(players=("A1", "B1", "A2", "B2", "A3", "B3"), options=PAKS.parse_options({}))
MANUAL = MatchSetup(players=("Ann", "Bob"), options=PAKS.parse_options({"throw_off": "manual"}))


def error_of(setup: MatchSetup, entry: object) -> InputError:
    with pytest.raises(InputError) as caught:
        PAKS.check_entry(setup, entry)
    return caught.value


def test_declaration() -> None:
    assert PAKS.slug == "paks"
    assert PAKS.player_counts == (2, 3, 4, 6)
    assert sorted(PAKS.checks) == ["deal", "end", "pak", "steal", "turn"]
    assert {o.id: o.default for o in PAKS.options} == {
        "partner_steal": True,
        "throw_off": "lowest_score",
        "throw_off_min": "all_sides",
        "target": 500,
    }
    assert PAKS.target(TWO) == 500
    with pytest.raises(InputError):
        PAKS.check_players(["A", "B", "C", "D", "E"])


def test_sides_by_player_count() -> None:
    assert [s.name for s in PAKS.sides(TWO)] == ["Ann", "Bob"]
    assert [s.name for s in PAKS.sides(THREE)] == ["Ann", "Bob", "Cy"]
    assert [(s.name, s.members) for s in PAKS.sides(FOUR)] == [
        ("Ann & Cy", ("Ann", "Cy")),
        ("Bob & Di", ("Bob", "Di")),
    ]
    assert [s.members for s in PAKS.sides(SIX)] == [("A1", "A2", "A3"), ("B1", "B2", "B3")]


def test_entry_is_made_canonical() -> None:
    entry = {"paks": {"ann": "qh 2h kh; 7h 6h / ah 3h", "Bob": [["9♥", "4♥"]]}}
    assert PAKS.check_entry(TWO, entry) == {
        "paks": {"Ann": [["QH", "2H", "KH"], ["7H", "6H"], ["AH", "3H"]], "Bob": [["9H", "4H"]]}
    }
    assert PAKS.check_entry(THREE, {"paks": {"Cy": [["10S", "4S"]]}}) == {
        "paks": {"Ann": [], "Bob": [], "Cy": [["10S", "4S"]]}
    }
    assert PAKS.check_entry(MANUAL, {"paks": {}}) == {
        "paks": {"Ann": [], "Bob": []},
        "thrown_off": {"Ann": [], "Bob": []},
    }


def test_deal_scores_two_players() -> None:
    entry = PAKS.check_entry(TWO, {"paks": {"Ann": [["QH", "2H", "KH"], ["7H", "6H"], ["AH", "3H"]], "Bob": ["9H 4H"]}})
    result = PAKS.score_match(TWO, [entry])
    deal = result.deals[0]
    assert deal.scores == {"Ann": 50, "Bob": 0}
    assert deal.dealer == "Ann"
    assert "hearts 1" in str(deal.summary)
    hearts = deal.details["suits"][0]
    assert (hearts["suit"], hearts["counts"], hearts["m"]) == ("H", {"Ann": 3, "Bob": 1}, 1)
    assert [p["cards"] for p in hearts["thrown"]["Ann"]] == [["7H", "6H"]]
    assert deal.details["sides"]["Bob"]["thrown_off"][0]["cards"] == ["9H", "4H"]
    assert {step.rule for step in deal.explanation} >= {"paks-6.3", "paks-6.4", "paks-6.5"}
    assert result.next_dealer == "Bob"
    assert not result.finished


def test_team_paks_are_pooled() -> None:
    entry = PAKS.check_entry(
        FOUR,
        {
            "paks": {
                "Ann": [["10S", "4S"]],
                "Cy": [["JS", "5S"], ["AH", "2H"]],
                "Bob": [["QS", "3S"]],
                "Di": [["KH", "9H"]],
            }
        },
    )
    deal = PAKS.score_match(FOUR, [entry]).deals[0]
    # Spades: Ann & Cy 2, Bob & Di 1 -> each throws its lowest (15 and 15).
    # Hearts: 1 each -> both thrown. Ann & Cy keep {JS 5S} or {10S 4S}: 15.
    assert deal.scores == {"Ann & Cy": 15, "Bob & Di": 0}
    spades = deal.details["suits"][0]
    assert spades["counts"] == {"Ann & Cy": 2, "Bob & Di": 1}
    assert {p["owner"] for p in deal.details["sides"]["Ann & Cy"]["thrown_off"]} <= {"Ann", "Cy"}
    assert deal.explanation.rules()[0] == "paks-6.2"


def test_deck_accounting_names_the_card_and_places() -> None:
    error = error_of(TWO, {"paks": {"Ann": [["5H", "9H"]], "Bob": [["5H", "KH"]]}})
    assert error.code == "too_many_copies"
    assert error.field == "paks"
    assert error.message == "`5H` appears twice (pak 1 of Ann and pak 1 of Bob); one deck holds 1"
    assert PAKS.check_entry(THREE, {"paks": {"Ann": [["5H", "9H"]], "Bob": [["5H", "KH"]]}})
    three = error_of(THREE, {"paks": {"Ann": [["5H", "5H", "9H"]], "Bob": [["5H", "KH"]]}})
    assert three.code == "too_many_copies"
    assert "3 times" in three.message and "two decks hold 2" in three.message


@pytest.mark.parametrize(
    ("entry", "field", "text"),
    [
        (
            {"paks": {"Ann": [["7H", "6S"]]}},
            "paks",
            "pak 1 of Ann mixes `7H` and `6S` — paks-4.4",
        ),
        ({"paks": {"Ann": [["KH"]]}}, "paks", "paks-4.4"),
        ({"paks": {"Ann": [["KH", "QH"]]}}, "paks", "paks-9.5"),
        ({"paks": {"Zed": [["KH", "2H"]]}}, "paks", "not a player"),
        ({"paks": {"Ann": [["KH", "2H"]]}, "hands": {}}, "hands", "no field"),
        ({"paks": [["KH", "2H"]]}, "paks", "must be an object"),
        ({"paks": {"Ann": [["KH", "2H"]]}, "thrown_off": {"Ann": [1]}}, "thrown_off", "throw_off = manual"),
    ],
)
def test_bad_entries_name_their_field(entry: dict, field: str, text: str) -> None:
    error = error_of(TWO, entry)
    assert error.field == field
    assert text in error.message


def test_manual_throw_off() -> None:
    paks = {"Ann": [["QH", "2H", "KH"], ["7H", "6H"]], "Bob": [["9H", "4H"]]}
    entry = PAKS.check_entry(MANUAL, {"paks": paks, "thrown_off": {"Ann": [1], "Bob": [1]}})
    assert entry["thrown_off"] == {"Ann": [1], "Bob": [1]}
    deal = PAKS.score_match(MANUAL, [entry]).deals[0]
    assert deal.scores == {"Ann": 10, "Bob": 0}
    missing = error_of(MANUAL, {"paks": paks, "thrown_off": {"Ann": [1]}})
    assert missing.field == "thrown_off"
    assert "Bob must throw off 1 heart pak (m = 1), not 0" in missing.message
    too_many = error_of(MANUAL, {"paks": paks, "thrown_off": {"Ann": [1, 2], "Bob": [1]}})
    assert "not 2" in too_many.message
    assert error_of(MANUAL, {"paks": paks, "thrown_off": {"Ann": [3], "Bob": [1]}}).field == "thrown_off"


def test_manual_throw_off_over_the_sides_holding_the_suit() -> None:
    """A side without paks of the suit throws none off when m is taken over the sides holding it."""
    setup = MatchSetup(
        players=("Ann", "Bob", "Cy"),
        options=PAKS.parse_options({"throw_off": "manual", "throw_off_min": "sides_with_paks"}),
    )
    paks = {"Ann": [["8D", "7D"], ["6D", "5D"]], "Bob": [["6D", "5D"]]}
    entry = PAKS.check_entry(setup, {"paks": paks, "thrown_off": {"Ann": [2], "Bob": [1]}})
    assert PAKS.score_match(setup, [entry]).deals[0].scores == {"Ann": 15, "Bob": 0, "Cy": 0}
    missing = error_of(setup, {"paks": paks, "thrown_off": {"Ann": [2]}})
    assert "Bob must throw off 1 diamond pak (m = 1), not 0" in missing.message


def test_match_ends_at_500_and_a_tie_plays_on() -> None:
    fifty_each = {"Ann": ["AH 3H", "AH 3H"], "Bob": ["AS 3S", "AS 3S"], "Cy": ["AD 3D", "AD 3D"]}
    entry = PAKS.check_entry(THREE, {"paks": fifty_each})
    assert PAKS.score_match(THREE, [entry]).deals[0].scores == {"Ann": 50, "Bob": 50, "Cy": 50}
    ten = [entry] * 10
    tied = PAKS.score_match(THREE, ten)
    assert tied.totals == {"Ann": 500, "Bob": 500, "Cy": 500}
    assert not tied.finished
    assert "another deal" in str(tied.status)
    assert tied.next_dealer == THREE.players[(1 + 10) % 3]
    ann_only = PAKS.check_entry(THREE, {"paks": {"Ann": [["AS", "3S"]]}})
    won = PAKS.score_match(THREE, [*ten, ann_only])
    assert won.finished and won.winner == "Ann"
    assert won.totals["Ann"] == 525
    assert won.next_dealer is None


def test_dealer_rotation() -> None:
    empty = PAKS.check_entry(FOUR, {"paks": {}})
    result = PAKS.score_match(FOUR, [empty] * 5)
    assert [d.dealer for d in result.deals] == ["Ann", "Bob", "Cy", "Di", "Ann"]
    assert result.next_dealer == "Bob"
    assert result.totals == {"Ann & Cy": 0, "Bob & Di": 0}


TEAMS = (Side("Ann & Cat", ("Ann", "Cat")), Side("Bob & Dan", ("Bob", "Dan")))
ALONE = (Side("Ann", ("Ann",)), Side("Bob", ("Bob",)))


def test_a_team_wins_in_the_plural() -> None:
    ending = judge_end({"Ann & Cat": 510, "Bob & Dan": 300}, sides=TEAMS)
    assert str(ending.status) == "Ann & Cat win with 510"
    assert [s.text for s in ending.explanation][-1] == (
        "Ann & Cat have the highest total, 510, at or over 500: Ann & Cat win"
    )
    alone = judge_end({"Ann": 510, "Bob": 300}, sides=ALONE)
    assert str(alone.status) == "Ann wins with 510"
    assert [s.text for s in alone.explanation][-1] == "Ann has the highest total, 510, at or over 500: Ann wins"


def test_a_four_player_match_is_won_by_a_team() -> None:
    setup = MatchSetup(players=("Ann", "Bob", "Cat", "Dan"))
    sides = PAKS.sides(setup)
    assert all(side.is_team for side in sides)
    assert win_verb(sides[0].name, sides) == "win"
    assert win_verb("Ann", ALONE) == "wins"
