"""Iceberg's fastest entry: what each player scored and holds, a hand given by its cards or as counted at the table."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import InputError
from referee.rules.game import DealContext, MatchSetup
from referee.rules.iceberg import ICEBERG, value_leftover
from referee.rules.iceberg.deck import pack_for
from referee.rules.iceberg.table import read_table

THREE = ("Ann", "Bob", "Cid")
FOUR = ("Ann", "Bob", "Cid", "Dee")


def setup_for(players: tuple[str, ...] = THREE, **options: object) -> MatchSetup:
    return MatchSetup(players, first_dealer=0, options={**ICEBERG.parse_options({}), **options})


def score(entry: dict[str, Any], players: tuple[str, ...] = THREE, **options: object):  # type: ignore[no-untyped-def]
    setup = setup_for(players, **options)
    canonical = ICEBERG.check_entry(setup, entry)
    return ICEBERG.score_deal(setup, canonical, DealContext(number=1, dealer=players[0]))


def refused(entry: dict[str, Any], players: tuple[str, ...] = THREE, **options: object) -> list[InputError]:
    with pytest.raises(InputError) as raised:
        ICEBERG.check_entry(setup_for(players, **options), entry)
    return raised.value.each()


#: A typical 4-player deal (two decks) as a table counts it: Ann went out; nobody names a card.
TYPICAL = {
    "mode": "scored",
    "played": {"Ann": 150, "Bob": 90, "Cid": 60},
    "aces": {"Ann": 1, "Bob": 2},
    "hands": {"Ann": []},
    "counted": {"Bob": {"left": 3}, "Cid": {"left": 2, "could_score": 40}, "Dee": {"left": 5, "could_score": 0}},
}


def test_a_deal_counted_at_the_table() -> None:
    result = score(TYPICAL, FOUR)
    # Ann 150 + 20; Bob 90 + 40 − 30; Cid 60 − 40 − 20; Dee −50 (iceberg-6.4, 6.8).
    assert result.scores == {"Ann": 170, "Bob": 100, "Cid": 0, "Dee": -50}
    assert result.details["mode"] == "scored"
    assert result.details["ended"] == {"out": "Ann", "last_ace_by": None}
    bob = result.details["players"]["Bob"]
    assert bob["counted"] == {"left": 3, "counts": "unplayed", "best_points": 0, "penalty": -30}
    assert bob["out"] is False and result.details["players"]["Ann"]["out"] is True
    steps = [(str(step.message), step.rule) for step in result.explanation]
    assert ("Bob's hand: counted at the table: 3 cards left over, could still score 0", "iceberg-6.4") in steps
    assert ("Cid's hand: Penalty = −40 − 10 × 2 cards unplayed = −60", "iceberg-6.4") in steps
    assert ("Ann went out: no penalty", "iceberg-5.3") in steps


def test_the_entry_is_canonical() -> None:
    entry = {k: v for k, v in TYPICAL.items() if k != "mode"}
    canonical = ICEBERG.check_entry(setup_for(FOUR), entry)
    assert canonical == {
        "mode": "scored",
        "played": {"Ann": 150, "Bob": 90, "Cid": 60, "Dee": 0},
        "aces": {"Ann": 1, "Bob": 2, "Cid": 0, "Dee": 0},
        "hands": {"Ann": []},
        "counted": {
            "Bob": {"left": 3, "could_score": 0},
            "Cid": {"left": 2, "could_score": 40},
            "Dee": {"left": 5, "could_score": 0},
        },
    }


def test_a_hand_given_by_its_cards_is_valued_exactly_against_the_table() -> None:
    entry = {
        "mode": "scored",
        "played": {"Ann": 30, "Bob": 30},
        "table": [["4H", "5H", "6H"], ["QS", "QS", "QD"]],
        "hands": {"Ann": [], "Bob": ["7H", "2C"]},
        "counted": {"Cid": {"left": 1}, "Dee": {"left": 2, "could_score": 30}},
    }
    result = score(entry, FOUR)
    bob = result.details["players"]["Bob"]
    # 7H on the run: 40; 2C left: −40 − 10 (iceberg-6.4).
    assert bob["leftover"]["best_points"] == 40 and bob["penalty"] == -50 and "counted" not in bob
    steps = [(str(step.message), step.rule) for step in result.explanation]
    assert ("Bob's hand is valued exactly, from its cards on the table at the end", "iceberg-6.2") in steps
    assert result.scores == {"Ann": 30, "Bob": -20, "Cid": -10, "Dee": -50}
    assert result.details["table"][1]["cards"] == ["QS", "QS", "QD"]


def test_bowers_rules_on_counted_hands() -> None:
    # E21: (30 − 20) × (1 + 3) = 40, Cid's 9C 2D counted as 2 cards in hand (iceberg-8.1, 8.3).
    e21 = {
        "mode": "scored",
        "played": {"Cid": 30},
        "aces": {"Ann": 1, "Cid": 3},
        "counted": {"Ann": {"left": 2}, "Bob": {"left": 1}, "Cid": {"left": 2}},
    }
    options = {"ace_scoring": "multiplier", "last_ace": "finish_turn", "penalty": "every_card"}
    result = score(e21, **options)
    assert result.scores["Cid"] == 40
    steps = [(str(step.message), step.rule) for step in result.explanation]
    assert ("Cid's hand: counted at the table: 2 cards in hand, could still score 0", "iceberg-8.3") in steps
    assert result.details["players"]["Cid"]["counted"]["counts"] == "in_hand"
    # E22: 2 aces, 150 in play, −40 left: (150 − 40) × 3 = 330; positive_only 150 × 3 − 40 = 410.
    e22 = {
        "mode": "scored",
        "played": {"Ann": 150},
        "aces": {"Ann": 2},
        "hands": {"Bob": []},
        "counted": {"Ann": {"left": 4}, "Cid": {"left": 1}},
    }
    assert score(e22, ace_scoring="multiplier").scores["Ann"] == 330
    assert score(e22, ace_scoring="multiplier", multiplier_scope="positive_only").scores["Ann"] == 410


def test_the_last_ace_ends_a_deal_nobody_went_out_of() -> None:
    entry = {
        "mode": "scored",
        "played": {"Bob": 30},
        "aces": {"Ann": 3, "Bob": 1},
        "counted": {"Ann": {"left": 4}, "Bob": {"left": 2, "could_score": 20}, "Cid": {"left": 6}},
    }
    assert score(entry).scores == {"Ann": 60 - 40, "Bob": 30 + 20 - 40, "Cid": -60}
    [error] = refused({**entry, "aces": {"Ann": 3}})
    assert error.location == ("hands",) and "iceberg-5.1" in error.message


def test_every_problem_is_reported_at_once_at_its_place() -> None:
    entry = {
        "mode": "scored",
        "played": {"Ann": 25, "Bob": 30},
        "aces": {"Cid": 9},
        "hands": {"Ann": [], "Bob": ["7H", "XX"]},
        "counted": {
            "Bob": {"left": 1},
            "Cid": {"left": 0, "could_score": 0},
            "Dee": {"left": 40, "could_score": 15},
        },
    }
    errors = refused(entry, FOUR)
    assert sorted(e.location[:3] for e in errors) == sorted(
        [
            ("hands", "Bob", 2),
            ("counted", "Cid", "left"),
            ("counted", "Dee", "left"),
            ("counted", "Dee", "could_score"),
            ("played", "Ann"),
            ("aces", "Cid"),
        ]
    )


def test_cards_without_a_table_and_a_hand_given_twice_or_not_at_all() -> None:
    entry = {
        "mode": "scored",
        "played": {"Ann": 30},
        "hands": {"Ann": [], "Bob": ["7H"]},
        "counted": {"Bob": {"left": 1}},
    }
    errors = refused(entry)
    messages = {e.location: e.message for e in errors}
    assert "Bob's cards are valued against the table at the end" in messages[("hands", "Bob")]
    assert "given both by its cards and as counted" in messages[("counted", "Bob")]
    assert "nothing entered for what Cid holds" in messages[("counted", "Cid")]


def test_a_given_table_must_hold_the_points_scored() -> None:
    entry = {
        "mode": "scored",
        "played": {"Ann": 40},
        "table": [["4H", "5H", "6H"]],
        "hands": {"Ann": []},
        "counted": {"Bob": {"left": 1}, "Cid": {"left": 1}},
    }
    [error] = refused(entry)
    assert error.location == ("played",) and "worth 30" in error.message


def test_two_players_out_and_cards_against_the_decks() -> None:
    errors = refused({"mode": "scored", "played": {}, "hands": {"Ann": [], "Bob": []}, "counted": {"Cid": {"left": 1}}})
    assert [e.location for e in errors] == [("hands",)] and "iceberg-5.1" in errors[0].message
    twice = {
        "mode": "scored",
        "played": {"Ann": 30},
        "table": [["4H", "5H", "6H"]],
        "hands": {"Ann": [], "Bob": ["5H"]},
        "counted": {"Cid": {"left": 1}},
    }
    assert [e.code for e in refused(twice)] == ["too_many_copies"]


@pytest.mark.parametrize(
    ("counted", "location", "words"),
    [
        ({"left": 0, "could_score": 0}, ("counted", "Bob", "left"), "empty hand"),
        ({"left": 33}, ("counted", "Bob", "left"), "at most 32"),
        ({"left": 1, "could_score": 35}, ("counted", "Bob", "could_score"), "multiples of 10"),
        ({"left": -1}, ("counted", "Bob", "left"), "at least 0"),
        ({"left": 2, "could": 30}, ("counted", "Bob"), "a counted hand gives `left`"),
        ({"could_score": 30}, ("counted", "Bob"), "a counted hand gives `left`"),
    ],
)
def test_a_counted_hand_that_cannot_be(counted: dict[str, int], location: tuple[str, ...], words: str) -> None:
    entry = {"mode": "scored", "played": {}, "hands": {"Ann": []}, "counted": {"Bob": counted, "Cid": {"left": 1}}}
    [error] = refused(entry)
    assert error.location == location and words in error.message


def test_bowers_penalty_counts_every_card_so_a_counted_hand_holds_one() -> None:
    entry = {
        "mode": "scored",
        "hands": {"Ann": []},
        "counted": {"Bob": {"left": 0, "could_score": 30}, "Cid": {"left": 1}},
    }
    assert score(entry).scores["Bob"] == -30
    [error] = refused(entry, penalty="every_card")
    assert error.location == ("counted", "Bob", "left") and "iceberg-8.3" in error.message


# --- the exact valuation is the quick mode's; the count the rules describe gives the same score ----------------

#: Disjoint legal melds of one deck, for random final tables.
MELDS = ["4H 5H 6H", "9S 10S JS QS", "7C 7D 7S", "KH KD KC", "2D 3D 4D", "8H 9H 10H", "QC QD QH"]
OPTIONS = st.fixed_dictionaries(
    {
        "penalty": st.sampled_from(["unplayable", "every_card"]),
        "ace_scoring": st.sampled_from(["plus_20", "multiplier"]),
        "leftover_tie": st.sampled_from(["fewest_unplayed", "most_unplayed"]),
        "merge_runs": st.booleans(),
    }
)


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[list[str], dict[str, list[str]], dict[str, Any]]:
    table = draw(st.lists(st.sampled_from(MELDS), unique=True, max_size=4))
    on_table = {card for meld in table for card in meld.split()}
    rest = [str(card) for card in pack_for(1).cards() if str(card) not in on_table]
    held = draw(st.lists(st.sampled_from(rest), unique=True, min_size=2, max_size=9))
    split = draw(st.integers(min_value=1, max_value=len(held) - 1))
    return table, {"Ann": [], "Bob": held[:split], "Cid": held[split:]}, draw(OPTIONS)


@given(small_deals())
def test_exact_valuation_matches_the_quick_mode_and_the_count(deal: tuple[Any, ...]) -> None:
    table, hands, options = deal
    melds = [meld.split() for meld in table]
    worth = {"Ann": sum(meld_worth(m) for m in melds)}
    quick = {"mode": "quick", "played": worth, "aces": {}, "table": melds, "hands": hands}
    exact = {"mode": "scored", "played": worth, "table": melds, "hands": hands}
    expected = score(quick, **options).scores
    assert score(exact, **options).scores == expected
    # The same hands counted at the table as the rules count them: U (or every card) and V*.
    pack = pack_for(1)
    final, _ = read_table([pack.parse(m) for m in melds], 1)
    counted = {}
    for player in ("Bob", "Cid"):
        valued = value_leftover(pack.parse(hands[player]), final, 1, options)
        left = len(valued.hand) if options["penalty"] == "every_card" else len(valued.unplayed)
        counted[player] = {"left": left, "could_score": valued.best_points}
    by_count = {"mode": "scored", "played": worth, "hands": {"Ann": []}, "counted": counted}
    assert score(by_count, **options).scores == expected


def meld_worth(cards: list[str]) -> int:
    from referee.rules.iceberg import classify_meld, meld_points

    found = classify_meld(pack_for(1).parse(cards), 1).meld
    assert found is not None
    return meld_points(found)
