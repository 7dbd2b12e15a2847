"""The Clabber score sheet: sides, deal entries, scoring, dealer rotation and the end at 500."""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import InputError, InputErrors
from referee.rules.clabber import CLABBER, fill_points, other_side_points
from referee.rules.game import MatchSetup
from tests.rules.clabber_sheet import ANN_CY, BO_DI, FOUR_PLAYERS, deal, setup


def entries(match: MatchSetup, *raw: dict[str, Any]) -> list[dict[str, Any]]:
    return [CLABBER.check_entry(match, entry) for entry in raw]


# --- sides -------------------------------------------------------------------------------------


def test_four_players_partners_sit_opposite() -> None:
    sides = CLABBER.sides(setup())
    assert [(s.name, s.members) for s in sides] == [(ANN_CY, ("Ann", "Cy")), (BO_DI, ("Bo", "Di"))]


def test_six_players_alternate() -> None:
    sides = CLABBER.sides(setup(("A1", "B1", "A2", "B2", "A3", "B3")))
    assert [s.members for s in sides] == [("A1", "A2", "A3"), ("B1", "B2", "B3")]


@pytest.mark.parametrize("players", [("Ann", "Bo"), ("Ann", "Bo", "Cy")])
def test_two_and_three_players_play_alone(players: tuple[str, ...]) -> None:
    assert [s.name for s in CLABBER.sides(setup(players))] == list(players)


def test_five_players_are_refused() -> None:
    with pytest.raises(InputError):
        CLABBER.check_players(["A", "B", "C", "D", "E"])


# --- entries -----------------------------------------------------------------------------------


def test_entry_is_canonical() -> None:
    entry = CLABBER.check_entry(
        setup(),
        {
            "makers": "ann",
            "trump": "♥",
            "turn_up": "th",
            "points": {"ann & cy": 95},
            "meld_cards": {"bo": "ad kd qd jd"},
            "bell": "Cy",
        },
    )
    assert entry == {
        "makers": ANN_CY,
        "round": 1,
        "trump": "H",
        "turn_up": "10H",
        "points": {ANN_CY: 95, BO_DI: 67},
        "filled": BO_DI,
        "meld_cards": {"Bo": ["AD", "KD", "QD", "JD"]},
        "bell": "Cy",
    }


def test_the_side_left_blank_is_noted_and_explained() -> None:
    match = setup()
    entry = CLABBER.check_entry(match, {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95, BO_DI: None}})
    assert entry["points"] == {ANN_CY: 95, BO_DI: 67} and entry["filled"] == BO_DI
    assert CLABBER.check_entry(match, entry) == entry
    scored = CLABBER.score_match(match, [entry]).deals[0]
    assert scored.details["filled"] == BO_DI
    assert any("162 − 95 = 67" in step.text for step in scored.explanation)
    typed = CLABBER.check_entry(match, {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95, BO_DI: 67}})
    assert "filled" not in typed
    with pytest.raises(InputError) as caught:
        CLABBER.check_entry(match, {**typed, "filled": "Zed"})
    assert caught.value.field == "filled"


def test_bell_keeps_the_player_and_scores_for_the_side() -> None:
    match = setup()
    entry = CLABBER.check_entry(match, deal("Ann", 90, bell="cy"))
    assert entry["bell"] == "Cy"
    scored = CLABBER.score_match(match, [entry]).deals[0]
    assert scored.details["bells"] == {ANN_CY: 20, BO_DI: 0} and scored.details["bell"] == "Cy"
    by_side = CLABBER.check_entry(match, deal("Ann", 90, bell=ANN_CY))
    assert by_side["bell"] == ANN_CY
    with pytest.raises(InputError, match=r"clabber-7\.4"):
        CLABBER.check_entry(match, deal("Ann", 90, bell="Ann", meld_cards={"Cy": "KH QH JH"}))


def test_passed_out_entry() -> None:
    assert CLABBER.check_entry(setup(), {"makers": None, "trump": "H"}) == {"makers": None}


@pytest.mark.parametrize(
    ("entry", "field", "code"),
    [
        ({"makers": "Zed", "trump": "H", "points": {ANN_CY: 81}}, "makers", "bad_field"),
        ({"makers": "Ann", "trump": "X", "points": {ANN_CY: 81}}, "trump", "bad_field"),
        ({"makers": "Ann", "trump": "H", "points": {ANN_CY: 95, BO_DI: 60}}, "points", "bad_total"),
        ({"makers": "Ann", "trump": "H", "points": {ANN_CY: 170}}, f"points.{ANN_CY}", "bad_total"),
        ({"makers": "Ann", "trump": "H", "points": {ANN_CY: "lots"}}, f"points.{ANN_CY}", "bad_field"),
        ({"makers": "Ann", "trump": "H"}, "points", "bad_field"),
        ({"makers": "Ann", "trump": "D", "turn_up": "10H", "points": {ANN_CY: 81}}, "trump", "bad_field"),
        ({"makers": "Ann", "round": 2, "trump": "H", "turn_up": "10H", "points": {ANN_CY: 81}}, "trump", "bad_field"),
        ({"makers": "Ann", "round": 3, "trump": "H", "points": {ANN_CY: 81}}, "round", "bad_field"),
        ({"makers": "Ann", "trump": "H", "turn_up": "8H", "points": {ANN_CY: 81}}, "turn_up", "card_not_in_pack"),
        ({"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "melds": {ANN_CY: "sixty"}}, "melds", "bad_field"),
        (
            {"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "melds": {ANN_CY: "dad", BO_DI: "dad"}},
            "melds",
            "bad_field",
        ),
        (
            {"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "melds": {ANN_CY: "mule", BO_DI: "mule"}},
            "melds",
            "bad_field",
        ),
        (
            {
                "makers": "Ann",
                "trump": "H",
                "points": {ANN_CY: 81},
                "melds": {ANN_CY: "dad"},
                "meld_cards": {"Bo": "AD KD QD"},
            },
            "meld_cards",
            "bad_field",
        ),
        (
            {"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "meld_cards": {"Bo": "AD KD", "Cy": "KD"}},
            "meld_cards",
            "too_many_copies",
        ),
        (
            {"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "meld_cards": {"Bo": "KH QH JH"}, "bell": "Ann"},
            "bell",
            "bad_field",
        ),
        ({"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "score": 3}, "score", "bad_field"),
    ],
)
def test_bad_entries(entry: dict[str, Any], field: str, code: str) -> None:
    with pytest.raises(InputError) as caught:
        CLABBER.check_entry(setup(), entry)
    assert (caught.value.field, caught.value.code) == (field, code)


def test_every_mistake_of_an_entry_is_refused_at_once() -> None:
    """No makers, no trump, a bad turn-up, a side's points out of range and a bad card in two
    declarers' hands: one refusal names the six, each at its own field and place."""
    entry = {"points": {ANN_CY: 170}, "turn_up": "7H", "meld_cards": {"Ann": "AH KH 8H", "Bo": "9S ZZ"}}
    with pytest.raises(InputErrors) as caught:
        CLABBER.check_entry(setup(), entry)
    assert [(e.field, e.location, e.code) for e in caught.value.errors] == [
        ("makers", (), "bad_field"),
        ("trump", (), "bad_field"),
        ("turn_up", (), "card_not_in_pack"),
        (f"points.{ANN_CY}", ("points", ANN_CY), "bad_total"),
        ("meld_cards", ("meld_cards", "Ann"), "card_not_in_pack"),
        ("meld_cards", ("meld_cards", "Bo", 2), "bad_card"),
    ]
    assert [e.message for e in caught.value.errors][:2] == [
        "Choose who said “I play”, or “all passed twice”",
        "Choose the trump suit",
    ]


def test_a_check_that_needs_another_part_waits_for_it() -> None:
    """Two sides out of range are two mistakes; their sum is not a third. A meld declared twice is
    judged only once each side's meld is known."""
    with pytest.raises(InputErrors) as caught:
        CLABBER.check_entry(setup(), {"makers": "Ann", "trump": "H", "points": {ANN_CY: 170, BO_DI: "lots"}})
    assert [e.field for e in caught.value.errors] == [f"points.{BO_DI}", f"points.{ANN_CY}"]
    bad_meld = {"makers": "Ann", "trump": "H", "points": {ANN_CY: 81}, "melds": {ANN_CY: "mule", BO_DI: "sixty"}}
    with pytest.raises(InputError) as one:
        CLABBER.check_entry(setup(), bad_meld)
    assert not isinstance(one.value, InputErrors) and one.value.location == ("melds", BO_DI)


def test_entry_must_be_an_object() -> None:
    with pytest.raises(InputError):
        CLABBER.check_entry(setup(), ["Ann", 95])


def test_no_hundred_with_six_players() -> None:
    six = setup(("A1", "B1", "A2", "B2", "A3", "B3"))
    entry = {"makers": "A1", "trump": "S", "points": {"A1 & A2 & A3": 90}, "melds": {"A1 & A2 & A3": "hundred"}}
    with pytest.raises(InputError, match=r"clabber-10\.3"):
        CLABBER.check_entry(six, entry)


def test_two_players_check_a_range_not_162() -> None:
    two = setup(("Ann", "Bo"))
    entry = CLABBER.check_entry(two, {"makers": "Bo", "trump": "S", "points": {"Ann": 40, "Bo": 90}})
    assert entry["points"] == {"Ann": 40, "Bo": 90}
    with pytest.raises(InputError) as caught:
        CLABBER.check_entry(two, {"makers": "Bo", "trump": "S", "points": {"Ann": 100, "Bo": 62}})
    assert caught.value.code == "bad_total"
    with pytest.raises(InputError):
        CLABBER.check_entry(two, {"makers": "Bo", "trump": "S", "points": {"Ann": 40}})


def test_fill_in_the_other_side() -> None:
    assert other_side_points(95) == 67
    assert other_side_points(100, 6) == 62
    assert fill_points({"A": 60, "B": None, "C": 40}, 3) == {"A": 60, "B": 62, "C": 40}
    with pytest.raises(InputError):
        other_side_points(95, 3)
    with pytest.raises(InputError):
        fill_points({"A": 100, "B": None, "C": 100}, 3)


# --- scoring deals -----------------------------------------------------------------------------


def test_a_few_deals_on_the_sheet() -> None:
    match = setup()
    raw = [
        deal("Ann", 95),
        deal("Bo", 81, trump="S", round=2, turn_up="9H"),
        deal("Cy", 100, melds={BO_DI: "fifty"}, bell="Ann"),
        {"makers": None},
        deal("Di", 62, trump="C", meld_cards={"Bo": "JS JH JD JC", "Ann": "AC KC QC"}),
    ]
    result = CLABBER.score_match(match, entries(match, *raw))
    assert [d.scores for d in result.deals] == [
        {ANN_CY: 95, BO_DI: 67},
        {ANN_CY: 81, BO_DI: 0},
        {ANN_CY: 120, BO_DI: 112},
        {ANN_CY: 0, BO_DI: 0},
        {ANN_CY: 62, BO_DI: 300},
    ]
    assert [d.marks for d in result.deals] == [
        {ANN_CY: "95", BO_DI: "67"},
        {ANN_CY: "81", BO_DI: "XX"},
        {ANN_CY: "120", BO_DI: "112"},
        {ANN_CY: "-", BO_DI: "-"},
        {ANN_CY: "62", BO_DI: "300"},
    ]
    assert result.totals == {ANN_CY: 358, BO_DI: 479}
    assert result.running[-1] == result.totals
    assert [d.dealer for d in result.deals] == ["Ann", "Bo", "Cy", "Di", "Ann"]
    assert result.next_dealer == "Bo"
    assert not result.finished and str(result.status) == "Playing to 500"
    fifth = result.deals[4]
    assert fifth.details["meld"]["meld"] == "mule" and fifth.details["meld"]["player"] == "Bo"
    assert [step["rule"] for step in fifth.details["meld_why"]] == ["clabber-6.4"]
    assert fifth.details["sides"] == [ANN_CY, BO_DI]
    assert fifth.details["points"] == {ANN_CY: 62, BO_DI: 100}
    assert fifth.details["totals"] == {ANN_CY: 62, BO_DI: 300}
    assert result.deals[3].details["void"] is True
    for scored in result.deals:
        assert scored.summary and len(scored.explanation)


def test_sweep_writes_a_dash() -> None:
    match = setup()
    scored = CLABBER.score_match(match, entries(match, deal("Ann", 162, bell="Cy"))).deals[0]
    assert scored.scores == {ANN_CY: 182, BO_DI: 0}
    assert scored.marks == {ANN_CY: "182", BO_DI: "-"}
    assert "clabber-8.5" in scored.explanation.rules()


def test_makers_set_by_the_other_sides_melds() -> None:
    match = setup()
    result = CLABBER.score_match(match, entries(match, deal("Ann", 100, melds={BO_DI: "mule"})))
    only = result.deals[0]
    assert only.scores == {ANN_CY: 0, BO_DI: 262}
    assert only.marks[ANN_CY] == "XX"
    assert "set" in str(only.summary)


def test_dead_tie_from_cards_scores_no_meld() -> None:
    match = setup()
    entry = deal("Ann", 90, trump="S", meld_cards={"Ann": "KH QH JH", "Bo": "KD QD JD", "Cy": "AC KC QC JC 9S"})
    scored = CLABBER.score_match(match, entries(match, entry)).deals[0]
    assert scored.details["melds"] == {ANN_CY: 50, BO_DI: 0}
    entry = deal("Ann", 90, trump="S", meld_cards={"Ann": "KH QH JH", "Bo": "KD QD JD"})
    scored = CLABBER.score_match(match, entries(match, entry)).deals[0]
    assert scored.details["dead_tie"] is True
    assert scored.details["melds"] == {ANN_CY: 0, BO_DI: 0}
    assert scored.scores == {ANN_CY: 90, BO_DI: 72}


def test_unannounced_bell_is_pointed_out() -> None:
    match = setup()
    entry = deal("Ann", 90, meld_cards={"Ann": "KH QH JH"})
    scored = CLABBER.score_match(match, entries(match, entry)).deals[0]
    assert scored.details["bells"] == {ANN_CY: 0, BO_DI: 0}
    assert scored.details["totals"] == {ANN_CY: 110, BO_DI: 72}
    assert "clabber-7.2" in scored.explanation.rules()


def test_team_all_melds_from_types() -> None:
    match = setup(meld_scope="team_all_melds")
    entry = deal("Ann", 90, melds={ANN_CY: ["fifty", "dad"], BO_DI: "dad"})
    scored = CLABBER.score_match(match, entries(match, entry)).deals[0]
    assert scored.details["melds"] == {ANN_CY: 70, BO_DI: 0}


def test_three_players_bidder_must_beat_each() -> None:
    match = setup(("Ann", "Bo", "Cy"))
    made = CLABBER.check_entry(match, {"makers": "Ann", "trump": "D", "points": {"Ann": 70, "Bo": 50}})
    assert made["points"] == {"Ann": 70, "Bo": 50, "Cy": 42}
    failed = CLABBER.check_entry(match, {"makers": "Bo", "trump": "D", "points": {"Ann": 70, "Bo": 50, "Cy": 42}})
    result = CLABBER.score_match(match, [made, failed])
    assert result.deals[0].scores == {"Ann": 70, "Bo": 50, "Cy": 42}
    assert result.deals[1].scores == {"Ann": 70, "Bo": 0, "Cy": 42}
    assert result.deals[1].marks["Bo"] == "XX"
    assert "clabber-10.1" in result.deals[1].explanation.rules()


# --- dealer and the end of the match -----------------------------------------------------------


def test_same_dealer_redeals_after_a_pass_out() -> None:
    match = setup(redeal="same_dealer")
    result = CLABBER.score_match(match, entries(match, {"makers": None}, deal("Ann", 95)))
    assert [d.dealer for d in result.deals] == ["Ann", "Ann"]
    assert result.next_dealer == "Bo"
    assert "same dealer" in str(result.deals[0].summary)


def test_first_dealer_is_respected() -> None:
    match = MatchSetup(players=FOUR_PLAYERS, first_dealer=2, options=CLABBER.parse_options({}))
    result = CLABBER.score_match(match, entries(match, deal("Ann", 95)))
    assert result.deals[0].dealer == "Cy" and result.next_dealer == "Di"


def _to_totals(ns_points: list[int], match: MatchSetup) -> list[dict[str, Any]]:
    """Deals made by whoever takes more cards, so each side records its card points."""
    return entries(match, *(deal("Ann" if ns > 81 else "Bo", ns) for ns in ns_points))


def test_match_ends_at_500_with_the_higher_total() -> None:
    match = setup()
    raw = _to_totals([100, 100, 100, 100, 30, 95], match)
    assert CLABBER.score_match(match, raw[:5]).totals == {ANN_CY: 430, BO_DI: 380}
    result = CLABBER.score_match(match, raw)
    assert result.totals == {ANN_CY: 525, BO_DI: 447}
    assert result.finished and result.winner == ANN_CY
    assert result.next_dealer is None


def test_both_pass_500_in_one_deal() -> None:
    match = setup()
    raw = _to_totals([100, 100, 100, 60, 60, 60, 95], match)
    before = CLABBER.score_match(match, raw[:6])
    assert before.totals == {ANN_CY: 480, BO_DI: 492} and not before.finished
    result = CLABBER.score_match(match, raw)
    assert result.totals == {ANN_CY: 575, BO_DI: 559}
    assert result.finished and result.winner == ANN_CY


def test_equal_totals_at_500_draw_or_play_on() -> None:
    raw_points = [100, 100, 100, 90, 50, 55, 72]
    drawn = CLABBER.score_match(setup(), _to_totals(raw_points, setup()))
    assert drawn.totals == {ANN_CY: 567, BO_DI: 567}
    assert drawn.finished and drawn.drawn and drawn.winner is None
    play_on = setup(game_tie="play_on")
    going = CLABBER.score_match(play_on, _to_totals(raw_points, play_on))
    assert not going.finished and "another deal" in str(going.status)
    assert going.next_dealer is not None
    decided = CLABBER.score_match(play_on, _to_totals([*raw_points, 95], play_on))
    assert decided.totals == {ANN_CY: 662, BO_DI: 634}
    assert decided.finished and decided.winner == ANN_CY


def test_target_is_500() -> None:
    assert CLABBER.target(setup()) == 500
