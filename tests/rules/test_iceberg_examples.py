"""The worked examples E1–E23 of shared/rules/iceberg.md, and the rules they illustrate."""

from __future__ import annotations

import pytest

from referee.cards import parse_cards
from referee.errors import FieldError
from referee.rules.game import DealContext, MatchSetup
from referee.rules.iceberg import ICEBERG, classify_meld, lay_off, value_leftover
from referee.rules.iceberg.joining import lay_off_joining
from referee.rules.iceberg.melds import Meld
from tests.rules.iceberg_worked import E20, E22, E23


def cards(text: str):  # type: ignore[no-untyped-def]
    return parse_cards(text)


def meld(text: str, decks: int = 1) -> Meld:
    found = classify_meld(cards(text), decks).meld
    assert found is not None
    return found


def leftover(hand: str, table: list[str], decks: int, **options: str):  # type: ignore[no-untyped-def]
    return value_leftover(cards(hand), [meld(m, decks) for m in table], decks, options)


# --- melds: E1–E6 ---------------------------------------------------------------------------------

LEGAL_MELDS = [
    ("E1 pair", "QH QS", 1, "pair", 10),
    ("E2 set", "7C 7D 7H", 1, "set", 30),
    ("E2 two decks", "7H 7H 7C", 2, "set", 30),
    ("E3 run", "9S 10S JS", 1, "run", 30),
    ("E4 five queens", "QH QH QS QD QC", 2, "set", 120),
    ("E5 one long run", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1, "run", 750),
    ("E6 odd suited", "3S 5S 7S 9S JS KS", 1, "special", 700),
    ("E6 even suited", "2D 4D 6D 8D 10D QD", 1, "special", 500),
    ("E6 odd red", "3H 5D 7H 9D JH KH", 1, "special", 300),
    ("E6 even black", "2C 4S 6C 8S 10C QC", 1, "special", 200),
]


@pytest.mark.parametrize(("name", "text", "decks", "kind", "points"), LEGAL_MELDS, ids=[m[0] for m in LEGAL_MELDS])
def test_legal_melds(name: str, text: str, decks: int, kind: str, points: int) -> None:
    verdict = classify_meld(cards(text), decks)
    assert verdict.legal
    assert (verdict.kind, verdict.points) == (kind, points)
    assert verdict.explanation.rules()


ILLEGAL_MELDS = [
    ("E1 pair with two decks", "QH QS", 2, "iceberg-3.1", "no pairs with two decks"),
    ("E3 ace", "QS KS AS", 1, "iceberg-1.3", "`AS` cannot be melded; aces are only exposed"),
    ("E3 wrap", "KH 2H 3H", 1, "iceberg-1.3", "K does not connect to 2"),
    ("E3 mixed suits", "9S 10S JD", 1, "iceberg-3.3", "`JD` is not a spade"),
    ("E6 black KS", "3H 5H 7H 9H JH KS", 1, "iceberg-3.5", "`KS` is black; the other cards are red"),
    ("E6 five cards", "3H 5H 7H 9H JH", 1, "iceberg-3.5", "exactly 6 cards"),
    ("gap", "9S 10S QS", 1, "iceberg-3.3", "`QS` does not follow `10S`"),
    ("two colours", "2H 4H 6H 8S 10S QS", 1, "iceberg-3.5", "one colour"),
    ("nothing", "2H 5S 9D", 1, "iceberg-9.3", "no pair, set, run or special"),
]


@pytest.mark.parametrize(("name", "text", "decks", "rule", "words"), ILLEGAL_MELDS, ids=[m[0] for m in ILLEGAL_MELDS])
def test_illegal_melds(name: str, text: str, decks: int, rule: str, words: str) -> None:
    verdict = classify_meld(cards(text), decks)
    assert not verdict.legal
    assert verdict.points == 0
    reason = verdict.reasons.steps[0]
    assert reason.rule == rule
    assert words.lower() in reason.text.lower()


def test_e4_scores_step_by_step() -> None:
    assert classify_meld(cards("QH QH QS QD QC"), 2).steps == [30, 40, 50]


def test_e5_two_specials_beat_one_run() -> None:
    result = leftover("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", [], 1)
    assert result.best_points == 1200
    assert sorted(step.points for step in result.plan) == [500, 700]


# --- lay-offs: E7–E10 -----------------------------------------------------------------------------


def test_e7_third_card_on_a_pair_then_a_fourth() -> None:
    first = lay_off(meld("5C 5D"), cards("5H"), 1)
    assert (first.legal, first.points, first.meld.kind) == (True, 20, "set")
    second = lay_off(first.meld, cards("5S"), 1)
    assert second.points == 40


def test_e8_run_grows_at_both_ends_in_any_order() -> None:
    run = meld("5H 6H 7H")
    assert lay_off(run, cards("8H"), 1).points == 40
    assert lay_off(run, cards("8H 4H"), 1).points == 90
    assert [p for _, _, p in lay_off(run, cards("8H 4H 9H"), 1).steps] == [40, 50, 60]
    assert lay_off(run, cards("9H 8H"), 1).points == 90


def test_e8_a_card_that_does_not_touch() -> None:
    verdict = lay_off(meld("5H 6H 7H"), cards("10H"), 1)
    assert not verdict.legal
    assert verdict.reasons.steps[0].text == "`10H` does not touch `5H`–`7H`: a run grows only at its ends"
    assert verdict.reasons.steps[0].rule == "iceberg-9.4"


def test_e9_two_decks_set() -> None:
    verdict = lay_off(meld("8S 8D 8C", 2), cards("8H 8H 8C"), 2)
    assert [p for _, _, p in verdict.steps] == [40, 50, 60]
    assert verdict.points == 150


def test_e10_runs_do_not_merge() -> None:
    for run in ("3H 4H 5H", "7H 8H 9H"):
        verdict = lay_off(meld(run), cards("6H"), 1)
        assert verdict.points == 40 and verdict.meld.size == 4
    result = leftover("6H", ["3H 4H 5H", "7H 8H 9H"], 1)
    assert result.best_points == 40 and len(result.plan) == 1


def test_e10_with_merge_runs_the_card_joins_the_runs() -> None:
    """House option merge_runs (iceberg-4.4): 6H closes the gap, one run of 7 cards scores 70."""
    joined = lay_off_joining(meld("3H 4H 5H"), cards("6H"), 1, {2: meld("7H 8H 9H")})
    assert joined.verdict.points == 70 and joined.joined == [2]
    assert [c.rank for c in joined.verdict.meld.cards] == ["3", "4", "5", "6", "7", "8", "9"]
    assert joined.verdict.explanation.steps[0].rule == "iceberg-4.4"
    result = value_leftover(cards("6H"), [meld("3H 4H 5H"), meld("7H 8H 9H")], 1, {"merge_runs": True})
    assert result.best_points == 70 and result.penalty == -70
    step = result.plan[0]
    assert (step.onto, step.joins, step.rule) == (1, 2, "iceberg-4.4")
    assert step.as_dict()["joins"] == 2


def test_merge_runs_fills_a_wider_gap_and_joins_with_its_last_card() -> None:
    """5H–8H between 2H–4H and 9H–JH: 40 + 50 + 60 on the first run, then 8H joins: 10 × 10."""
    table = [meld("2H 3H 4H"), meld("9H 10H JH")]
    apart = value_leftover(cards("5H 6H 7H 8H"), table, 1, {})
    joined = value_leftover(cards("5H 6H 7H 8H"), table, 1, {"merge_runs": True})
    assert apart.best_points == 40 + 50 + 60 + 70
    assert joined.best_points == 40 + 50 + 60 + 100
    assert [s.points for s in joined.plan] == [40, 50, 60, 100]


def test_nothing_goes_on_a_special() -> None:
    verdict = lay_off(meld("3S 5S 7S 9S JS KS"), cards("2S"), 1)
    assert not verdict.legal and verdict.reasons.steps[0].rule == "iceberg-3.6"


# --- leftover hands: E11–E20, iceberg-4.4 ---------------------------------------------------------

LEFTOVERS = [
    ("E11", "4H 5H 6H 7H 8H", [], 1, {}, 120, 0, -120, -170),
    ("E12", "4H 5H 6H 7H 8H", ["9H 10H JH"], 1, {}, 300, 0, -300, -350),
    ("E13", "8H 9H", ["5H 6H 7H", "8S 8D 8C"], 1, {}, 90, 0, -90, -110),
    ("E14", "7H 7H 8H 9H", [], 2, {}, 30, 1, -40, -70),
    ("E15 one deck", "QH QS", [], 1, {}, 10, 0, -10, -30),
    ("E15 two decks", "QH QS", [], 2, {}, 0, 2, -20, -20),
    ("E16", "7H 7C 7D 8H 9H 10H", [], 2, {}, 70, 2, -90, -130),
    ("E17", "QS KS 2S", [], 1, {}, 0, 3, -30, -30),
    ("E18", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", [], 1, {}, 1200, 0, -1200, -1320),
    ("E19", "5H 6H 7H 8H", ["5H 6H 7H 8H 9H"], 2, {}, 70, 0, -70, -110),
    ("E19 forbidden", "5H 6H 7H 8H", ["5H 6H 7H 8H 9H"], 2, {"parallel_melds": "forbidden"}, 0, 4, -40, -40),
    ("E20 hand", "KS 4H 5H 6H 9C 2D", [], 1, {}, 30, 3, -60, -90),
    # iceberg-4.4's example: 10S on 7S–9S (40), then JS on 7S–10S (50), under both settings.
    ("4.4", "10S JS", ["7S 8S 9S", "JS QS KS"], 2, {}, 90, 0, -90, -110),
    ("4.4 merge_runs", "10S JS", ["7S 8S 9S", "JS QS KS"], 2, {"merge_runs": True}, 90, 0, -90, -110),
]


@pytest.mark.parametrize(
    ("name", "hand", "table", "decks", "options", "best", "left", "penalty", "bower"),
    LEFTOVERS,
    ids=[case[0] for case in LEFTOVERS],
)
def test_leftover_examples(
    name: str,
    hand: str,
    table: list[str],
    decks: int,
    options: dict,
    best: int,
    left: int,
    penalty: int,
    bower: int,
) -> None:
    result = leftover(hand, table, decks, **options)
    assert (result.best_points, len(result.unplayed), result.penalty) == (best, left, penalty)
    assert sum(step.points for step in result.plan) == best
    every = leftover(hand, table, decks, **options, penalty="every_card")
    assert (every.best_points, every.penalty) == (best, bower)
    assert every.explanation.rules()[-1] == "iceberg-8.3"


def test_e16_points_come_first() -> None:
    """iceberg-6.5: the run of four (70, two left) beats set + run (60, none left)."""
    result = leftover("7H 7C 7D 8H 9H 10H", [], 2)
    assert sorted(map(str, result.unplayed)) == ["7C", "7D"]


def test_fewest_or_most_unplayed_among_equal_plays() -> None:
    """iceberg-6.3 and option leftover_tie: three pairs or a run, 30 points either way."""
    fewest = leftover("7D 8D 8H 9C 9H 10D 10H", [], 1)
    most = leftover("7D 8D 8H 9C 9H 10D 10H", [], 1, leftover_tie="most_unplayed")
    assert (fewest.best_points, len(fewest.unplayed)) == (30, 1)
    assert (most.best_points, len(most.unplayed)) == (30, 4)


def test_ace_in_hand_counts_twenty_and_is_never_left_over() -> None:
    """iceberg-6.7; with the multiplier (iceberg-8.1) it is an ordinary unplayable card."""
    plain = leftover("AS 4H 5H 6H", [], 1)
    assert (plain.best_points, len(plain.unplayed), plain.penalty) == (50, 0, -50)
    multiplied = leftover("AS 4H 5H 6H", [], 1, ace_scoring="multiplier")
    assert (multiplied.best_points, [str(c) for c in multiplied.unplayed], multiplied.penalty) == (30, ["AS"], -40)


def test_a_meld_grown_in_the_imagined_turn_scores_as_one_meld() -> None:
    """iceberg-6.2 with iceberg-3.4: a set of three plus the fourth from the same hand is 30 + 40."""
    result = leftover("9S 9H 9D 9C", [], 1)
    assert result.best_points == 70
    assert [(step.action, step.steps) for step in result.plan] == [("meld", (30, 40))]


# --- deals: E20–E23 -------------------------------------------------------------------------------

PLAYERS = ("Ann", "Bob", "Cid")


def deal(entry: dict, **options: object):  # type: ignore[no-untyped-def]
    setup = MatchSetup(PLAYERS, first_dealer=2, options={**ICEBERG.parse_options({}), **options})
    canonical = ICEBERG.check_entry(setup, entry)
    return ICEBERG.score_deal(setup, canonical, DealContext(number=1, dealer="Cid"))


def test_e20_last_ace_ends_the_deal() -> None:
    result = deal(E20)
    cid = result.details["players"]["Cid"]
    assert cid["leftover"]["best_points"] == 30
    assert sorted(cid["leftover"]["unplayed"]) == ["2D", "9C", "KS"]
    assert cid["penalty"] == -60
    assert result.scores["Cid"] == 0
    assert result.details["ended"] == {"out": None, "last_ace_by": "Cid"}


def test_e20_no_melding_after_the_last_ace() -> None:
    entry = {
        "mode": "log",
        "log": [*E20["log"], {"player": "Cid", "meld": ["4H", "5H", "6H"]}],
        "hands": {**E20["hands"], "Cid": ["KS", "9C", "2D"]},
    }
    with pytest.raises(FieldError) as raised:
        deal(entry)
    assert raised.value.field == "log"
    assert "iceberg-5.2" in raised.value.message


def test_e21_bower_rules() -> None:
    entry = {
        "mode": "log",
        "log": [*E20["log"], {"player": "Cid", "meld": ["4H", "5H", "6H"]}],
        "hands": {"Ann": ["2S", "7C"], "Bob": ["QD"], "Cid": ["9C", "2D"]},
    }
    result = deal(entry, ace_scoring="multiplier", last_ace="finish_turn", penalty="every_card")
    cid = result.details["players"]["Cid"]
    assert (cid["in_play"], cid["penalty"], cid["multiplier"]) == (30, -20, 4)
    assert result.scores["Cid"] == 40


def test_e22_multiplier_on_the_net_score() -> None:
    result = deal(E22, ace_scoring="multiplier")
    assert result.details["players"]["Ann"]["penalty"] == -40
    assert result.scores["Ann"] == 330


def test_e22_multiplier_on_points_in_play_only() -> None:
    result = deal(E22, ace_scoring="multiplier", multiplier_scope="positive_only")
    assert result.scores["Ann"] == 410


def test_e23_an_ace_on_a_later_turn_scores_at_once_and_play_goes_on() -> None:
    result = deal(E23)
    plays = result.details["log"]
    assert [p["points"] for p in plays] == [20, 30, 40]
    assert result.scores == {"Ann": 20 + 30, "Bob": 40 - 10, "Cid": -20}
