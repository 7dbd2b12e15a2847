"""The quick Paks deal entry: paks counted per suit and side, the points kept, checked against the counts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import RANKS, SUITS, Card
from referee.errors import InputError, InputErrors
from referee.rules.changes import describe_change, entry_changes
from referee.rules.checks import answer
from referee.rules.game import DealContext, MatchSetup
from referee.rules.paks import PAKS, pak_faults
from referee.rules.paks.quick import most_paks, room, suit_values
from referee.rules.paks.throwoff import smallest_count

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def setup_of(count: int, **options: object) -> MatchSetup:
    return MatchSetup(players=NAMES[:count], options=PAKS.parse_options(options))


TWO, THREE, FOUR = setup_of(2), setup_of(3), setup_of(4)
TEAMS = ("Ann & Cat", "Bob & Dan")


def quick(held: dict[str, dict[str, int]], kept: dict[str, int]) -> dict[str, Any]:
    return {"mode": "quick", "held": held, "kept": kept}


def scored(setup: MatchSetup, entry: dict[str, Any]) -> Any:
    return PAKS.score_deal(setup, PAKS.check_entry(setup, entry), DealContext(1, setup.players[0]))


def errors_of(setup: MatchSetup, entry: object) -> list[InputError]:
    with pytest.raises(InputError) as caught:
        PAKS.check_entry(setup, entry)
    return caught.value.each()


def steps(deal: Any) -> list[tuple[str, str]]:
    return [(step.rule, step.text) for step in deal.explanation.steps]


# --- the decks ------------------------------------------------------------------------------------


def test_what_the_decks_hold_per_suit() -> None:
    assert suit_values(2, "S") == [5] * 12 + [10] * 12 + [20] * 2  # paks-2.5: 7 to 2, K Q J 10 9 8, A
    assert sum(suit_values(2, "H")) == 220 and sum(suit_values(1, "H")) == 110
    assert sum(sum(suit_values(2, s)) for s in SUITS) == 880
    assert most_paks(2) == 13 and most_paks(1) == 6  # 26 or 13 cards, 2 a pak at least (paks-4.4)
    # Three other paks take at least the three pairs of fives: 220 - 30.
    assert room(suit_values(2, "C"), 3) == 190
    assert room(suit_values(1, "C"), 0) == 110


# --- scoring --------------------------------------------------------------------------------------


def test_a_four_player_deal_throws_off_by_the_counts_and_scores_what_is_kept() -> None:
    deal = scored(
        FOUR,
        quick(
            {"Ann & Cat": {"S": 3, "H": 2, "D": 0, "C": 2}, "Bob & Dan": {"spades": 1, "♥": 3, "d": 2, "C": 1}},
            {"Ann & Cat": 150, "Bob & Dan": 110},
        ),
    )
    assert deal.scores == {"Ann & Cat": 150, "Bob & Dan": 110}
    assert deal.details["mode"] == "quick"
    by_suit = {s["suit"]: s for s in deal.details["suits"]}
    assert {s: by_suit[s]["m"] for s in by_suit} == {"S": 1, "H": 2, "D": 0, "C": 1}
    assert by_suit["H"]["thrown_count"] == {"Ann & Cat": 2, "Bob & Dan": 2}
    assert by_suit["H"]["kept_count"] == {"Ann & Cat": 0, "Bob & Dan": 1}
    assert by_suit["D"]["thrown_count"] == {"Ann & Cat": 0, "Bob & Dan": 0}
    sides = deal.details["sides"]
    assert sides["Ann & Cat"]["kept_paks"] == 3 and sides["Bob & Dan"]["kept_paks"] == 3
    assert sides["Ann & Cat"]["thrown_off_counts"] == {"spades": 1, "hearts": 2, "diamonds": 0, "clubs": 1}
    assert deal.summary.render() == "Ann & Cat 150, Bob & Dan 110; thrown off per side: spades 1, hearts 2, clubs 1"
    explained = steps(deal)
    assert ("paks-6.2", "Ann & Cat: the partners' paks count together") in explained
    assert ("paks-6.3", "Hearts: paks held Ann & Cat 2, Bob & Dan 3; m = min(2, 3) = 2") in explained
    assert ("paks-6.4", "Bob & Dan, thrown off: 2 heart paks, the lowest by score value") in explained
    assert ("paks-6.4", "Ann & Cat, thrown off: 1 club pak, the lowest by score value") in explained
    assert ("paks-6.5", "Ann & Cat, remaining: 3 paks worth 150, as counted at the table") in explained
    assert [rule for rule, _ in explained].count("paks-6.3") == 4  # every suit that someone holds


def test_e10_e11_and_e12_from_their_counts() -> None:
    # E10: A holds 3 hearts, B 1; m = 1; A keeps 25 + 25.
    deal = scored(TWO, quick({"Ann": {"H": 3}, "Bob": {"H": 1}}, {"Ann": 50}))
    assert deal.scores == {"Ann": 50, "Bob": 0}
    assert ("paks-6.5", "Bob, no paks left: 0") in steps(deal)
    # E11: spades held by A only: m = 0, nothing thrown off.
    deal = scored(TWO, quick({"Ann": {"S": 2}}, {"Ann": 30}))
    assert deal.summary.render() == "Ann 30, Bob 0; nothing thrown off"
    # E12: clubs A 2, B 1, C 3; m = 1: A keeps 1, B 0, C 2.
    deal = scored(THREE, quick({"Ann": {"C": 2}, "Bob": {"C": 1}, "Cat": {"C": 3}}, {"Ann": 25, "Cat": 40}))
    assert deal.details["suits"][0]["kept_count"] == {"Ann": 1, "Bob": 0, "Cat": 2}


def test_the_house_rules_on_m_and_on_which_paks_go() -> None:
    entry = quick({"Ann": {"C": 2}, "Bob": {"C": 1}, "Cat": {}}, {"Ann": 20, "Bob": 15})
    # All sides: Cat holds no club, so m = 0 and everything is kept (paks-6.3).
    assert scored(THREE, entry).details["suits"][0]["m"] == 0
    # Over the sides holding clubs: m = 1 (house rule); Ann keeps 1 pak, Bob none.
    with_paks = setup_of(3, throw_off_min="sides_with_paks")
    assert errors_of(with_paks, entry)[0].message.startswith("Bob: no pak kept after the throw-off")
    deal = scored(with_paks, quick({"Ann": {"C": 2}, "Bob": {"C": 1}}, {"Ann": 20}))
    assert deal.details["suits"][0]["m"] == 1 and deal.scores == {"Ann": 20, "Bob": 0, "Cat": 0}
    by_play = scored(setup_of(2, throw_off="lowest_play"), quick({"Ann": {"H": 2}, "Bob": {"H": 1}}, {"Ann": 25}))
    assert ("paks-6.4", "Ann, thrown off: 1 heart pak, the lowest by play value (house rule)") in steps(by_play)


def test_quick_entry_works_under_the_manual_throw_off() -> None:
    """Each side discards m paks of a suit, whichever it picks: the counts say how many, the points kept the rest."""
    manual = setup_of(4, throw_off="manual")
    deal = scored(
        manual, quick({"Ann & Cat": {"S": 2}, "Bob & Dan": {"S": 1, "H": 1}}, {"Ann & Cat": 35, "Bob & Dan": 15})
    )
    assert deal.scores == {"Ann & Cat": 35, "Bob & Dan": 15}
    assert ("paks-6.4", "Ann & Cat, thrown off: 1 spade pak of the side's choosing (house rule)") in steps(deal)


def test_the_entry_is_made_canonical() -> None:
    entry = {"held": {"ann & cat": {"♠": 2, "h": 1}}, "kept": {"ANN & CAT": 45}}
    assert PAKS.check_entry(FOUR, entry) == {
        "mode": "quick",
        "held": {
            "Ann & Cat": {"spades": 2, "hearts": 1, "diamonds": 0, "clubs": 0},
            "Bob & Dan": {"spades": 0, "hearts": 0, "diamonds": 0, "clubs": 0},
        },
        "kept": {"Ann & Cat": 45, "Bob & Dan": 0},
    }
    # The card-by-card entry keeps its shape; "mode": "cards" may be said and is not stored.
    cards = {"mode": "cards", "paks": {"Ann": ["AS 3S"]}}
    assert PAKS.check_entry(TWO, cards) == {"paks": {"Ann": [["AS", "3S"]], "Bob": []}}


def test_a_card_by_card_deal_gives_its_quick_entry() -> None:
    cards = {"paks": {"Ann": ["AS 3S", "KS 2S"], "Bob": ["QS 4S"], "Cat": ["9S 5S"], "Dan": ["JS 10S 6S", "AH 2H"]}}
    assert PAKS.quick_entry(FOUR, cards) == {
        "mode": "quick",
        "held": {
            "Ann & Cat": {"spades": 3, "hearts": 0, "diamonds": 0, "clubs": 0},
            "Bob & Dan": {"spades": 2, "hearts": 1, "diamonds": 0, "clubs": 0},
        },
        "kept": {"Ann & Cat": 25, "Bob & Dan": 25},
    }


# --- what is checked ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "location", "text"),
    [
        ({"mode": "fast"}, ("mode",), "`mode` is `cards` (every pak card by card) or `quick`"),
        (quick({}, {}) | {"paks": {}}, (), "the quick deal entry has no field `paks`"),
        (
            quick({"Zed": {}}, {}),
            ("held", "Zed"),
            "'Zed' is not a side here; the sides are Ann & Cat, Bob & Dan",
        ),
        (
            quick({"Ann & Cat": {"S": -1}}, {}),
            ("held", "Ann & Cat", "S"),
            "the number of spade paks of Ann & Cat is a whole",
        ),
        (quick({"Ann & Cat": {"S": 1.5}}, {}), ("held", "Ann & Cat", "S"), "from 0 up, not 1.5"),
        (quick({"Ann & Cat": {"S": True}}, {}), ("held", "Ann & Cat", "S"), "from 0 up, not True"),
        (quick({"Ann & Cat": {"X": 1}}, {}), ("held", "Ann & Cat", "X"), "'X' is not a suit"),
        (
            quick({"Ann & Cat": {"S": 1, "♠": 2}}, {}),
            ("held", "Ann & Cat", "S"),
            "the spades of Ann & Cat are counted twice",
        ),
        (quick({"Ann & Cat": 3}, {}), ("held", "Ann & Cat"), "the paks of Ann & Cat are counted per suit"),
        (quick({}, {"Bob & Dan": "60"}), ("kept", "Bob & Dan"), "the points kept by Bob & Dan are a whole number"),
        (quick({}, {"Bob & Dan": -5}), ("kept", "Bob & Dan"), "from 0 up, not -5"),
    ],
)
def test_malformed_quick_entries_name_their_place(entry: dict, location: tuple, text: str) -> None:
    (error,) = errors_of(FOUR, entry)
    assert error.location == location and text in error.message


def test_a_side_named_twice() -> None:
    (error,) = errors_of(FOUR, quick({"Ann & Cat": {}, "ann & cat": {}}, {}))
    assert error.location == ("held", "Ann & Cat") and error.message == "Ann & Cat is given twice"


@pytest.mark.parametrize(
    ("setup", "entry", "location", "text"),
    [
        # paks-2.5: every card scores 5, 10 or 20.
        (TWO, quick({"Ann": {"H": 1}}, {"Ann": 42}), ("kept", "Ann"), "42 for Ann is not a multiple of 5"),
        # paks-4.4 with paks-2.5: a kept pak is worth 10 at least.
        (
            TWO,
            quick({"Ann": {"H": 3}}, {"Ann": 25}),
            ("kept", "Ann"),
            "3 paks kept after the throw-off, and a pak holds",
        ),
        # paks-6.5: no pak kept scores 0.
        (
            TWO,
            quick({"Ann": {"H": 1}, "Bob": {"H": 1}}, {"Ann": 20}),
            ("kept", "Ann"),
            "Ann: no pak kept after the throw-off",
        ),
        # Paks kept but no points given.
        (
            TWO,
            quick({"Ann": {"H": 1}}, {}),
            ("kept", "Ann"),
            "Ann: 1 pak kept after the throw-off; enter the points it",
        ),
        # One deck: 13 hearts make 6 paks at most.
        (
            TWO,
            quick({"Ann": {"H": 4}, "Bob": {"H": 3}}, {"Ann": 30}),
            ("held", "Ann", "H"),
            "7 heart paks in all, but 1 deck holds 13 hearts: at most 6 paks",
        ),
        # One deck: a side alone in hearts keeps 110 at most.
        (
            TWO,
            quick({"Ann": {"H": 2}}, {"Ann": 115}),
            ("kept", "Ann"),
            "what is left there is worth 110 at most, not 115",
        ),
        # Two decks: Bob's 3 other hearts take 6 cards, 30 at least: 190 left for Ann's 2 paks.
        (
            setup_of(3),
            quick({"Ann": {"H": 2}, "Bob": {"H": 3}}, {"Ann": 195, "Bob": 30}),
            ("kept", "Ann"),
            "worth 190 at most",
        ),
    ],
)
def test_points_kept_that_the_counts_rule_out(setup: MatchSetup, entry: dict, location: tuple, text: str) -> None:
    (error,) = errors_of(setup, entry)
    assert error.location == location and text in error.message
    assert error.code in ("bad_total", "bad_field")


def test_all_sides_together_cannot_keep_more_than_the_cards_left() -> None:
    # Hearts, two decks: Ann and Bob hold 5 paks each, Cat 1, so m = 1. Each keeps 4: alone that could
    # be worth 140 (7 other paks take 14 cards, 80 at least), but the 3 thrown-off paks take 6 cards
    # at least, 30, which leaves 190 for both together.
    entry = quick({"Ann": {"H": 5}, "Bob": {"H": 5}, "Cat": {"H": 1}}, {"Ann": 140, "Bob": 140})
    (error,) = errors_of(THREE, entry)
    assert error.location == ("kept", "Ann")
    assert error.message == (
        "the sides keep 280 in all, but the cards of hearts left after the throw-off are worth 190 at most "
        "— paks-2.5, paks-4.4"
    )
    assert PAKS.check_entry(THREE, quick(entry["held"], {"Ann": 95, "Bob": 95}))
    (alone,) = errors_of(THREE, quick(entry["held"], {"Ann": 145, "Bob": 40}))
    assert "worth 140 at most, not 145" in alone.message


def test_every_fault_is_told_at_once() -> None:
    entry = quick(
        {"Ann & Cat": {"S": 2, "H": 1}, "Bob & Dan": {"S": 1, "D": 2}},
        {"Ann & Cat": 12, "Bob & Dan": 0},
    )
    errors = errors_of(FOUR, entry)
    assert [(e.location, e.code) for e in errors] == [
        (("kept", "Ann & Cat"), "bad_total"),  # 12 is no multiple of 5
        (("kept", "Ann & Cat"), "bad_total"),  # 2 paks kept: 20 at least
        (("kept", "Bob & Dan"), "bad_total"),  # 2 paks kept: 20 at least
    ]
    malformed = errors_of(FOUR, quick({"Ann & Cat": {"S": -1}, "Zed": {}}, {"Bob & Dan": "x"}))
    assert [e.location for e in malformed] == [("held", "Ann & Cat", "S"), ("held", "Zed"), ("kept", "Bob & Dan")]


def test_quick_edits_read_in_words() -> None:
    before = PAKS.check_entry(FOUR, quick({"Ann & Cat": {"S": 2}}, {"Ann & Cat": 30}))
    after = PAKS.check_entry(FOUR, quick({"Ann & Cat": {"S": 3}}, {"Ann & Cat": 45}))
    changes = [describe_change(c).render() for c in entry_changes(before, after)]
    assert changes == ["paks held, Ann & Cat, spades: 2 → 3", "points kept, Ann & Cat: 30 → 45"]


# --- the API's deal check ------------------------------------------------------------------------


def test_the_deal_check_takes_the_quick_shape() -> None:
    body = {"players": 2, "sides": [{"name": "A", "held": {"H": 3}, "kept": 50}, {"name": "B", "held": {"H": 1}}]}
    status, result = answer(PAKS.checks["deal"], body)
    assert status == 200
    assert result["mode"] == "quick" and result["scores"] == {"A": 50, "B": 0} and result["decks"] == 1
    assert result["thrown_off_counts"]["A"] == {"spades": 0, "hearts": 1, "diamonds": 0, "clubs": 0}
    assert result["kept_paks"] == {"A": 2, "B": 0}
    assert "thrown_off" not in result  # not known card by card
    claimed = answer(PAKS.checks["deal"], {**body, "claim": {"A": 40, "B": 0}})[1]["claim"]
    assert not claimed["agreed"] and claimed["differences"][0]["ruled"] == 50


def test_the_deal_check_refuses_quick_faults_inside_sides() -> None:
    body = {"mode": "quick", "sides": [{"name": "A", "held": {"H": 3}, "kept": 12}, {"name": "B", "held": {"H": 1}}]}
    status, result = answer(PAKS.checks["deal"], body)
    assert status == 400
    assert [e["location"] for e in result["error"]["errors"]] == [["sides", "A", "kept"], ["sides", "A", "kept"]]
    status, result = answer(PAKS.checks["deal"], {"mode": "slow", "sides": [{"name": "A"}, {"name": "B"}]})
    assert status == 400 and result["error"]["field"] == "mode"
    # The card-by-card request is unchanged.
    cards = {
        "sides": [{"name": "A", "paks": [["QH", "2H", "KH"], ["7H", "6H"]]}, {"name": "B", "paks": [["9H", "4H"]]}]
    }
    assert answer(PAKS.checks["deal"], cards)[1]["thrown_off"] == {"A": [["7H", "6H"]], "B": [["9H", "4H"]]}


# --- the quick scoring agrees with the card-by-card scoring ---------------------------------------------


@st.composite
def full_deals(draw: st.DrawFn) -> tuple[MatchSetup, dict[str, Any]]:
    """A card-by-card deal that can happen: paks of real cards of the decks, every pak a legal one."""
    count = draw(st.sampled_from([2, 3, 4, 6]))
    options = {
        "throw_off": draw(st.sampled_from(["lowest_score", "lowest_play", "manual"])),
        "throw_off_min": draw(st.sampled_from(["all_sides", "sides_with_paks"])),
    }
    setup = setup_of(count, **options)
    decks = 1 if count == 2 else 2
    players = setup.players
    paks: dict[str, list[list[Card]]] = {p: [] for p in players}
    for suit in SUITS:
        cards = draw(st.permutations([Card(rank, suit) for rank in RANKS for _ in range(decks)]))
        cards = cards[: draw(st.integers(0, len(cards)))]
        while len(cards) >= 2:
            size = min(draw(st.integers(2, 5)), len(cards))
            pak, cards = list(cards[:size]), cards[size:]
            if pak_faults(tuple(pak), "pak"):
                continue  # two cards of equal play value make no pak (paks-9.5)
            paks[draw(st.sampled_from(players))].append(pak)
    entry: dict[str, Any] = {"paks": {p: [[str(c) for c in pak] for pak in held] for p, held in paks.items()}}
    if options["throw_off"] == "manual":
        entry["thrown_off"] = _some_choice(draw, setup, paks)
    return setup, entry


def _some_choice(draw: st.DrawFn, setup: MatchSetup, paks: dict[str, list[list[Card]]]) -> dict[str, list[int]]:
    """Under the manual throw-off, any m paks of each suit per side (paks-6.3, paks-6.4)."""
    sides = PAKS.sides(setup)
    chosen: dict[str, list[int]] = {p: [] for p in setup.players}
    for suit in SUITS:
        held = {
            side.name: [(m, n) for m in side.members for n, pak in enumerate(paks[m], start=1) if pak[0].suit == suit]
            for side in sides
        }
        m = smallest_count({side: len(h) for side, h in held.items()}, setup.options["throw_off_min"])
        for side_paks in held.values():
            if side_paks:
                for member, number in draw(st.permutations(side_paks))[:m]:
                    chosen[member].append(number)
    return chosen


@given(full_deals())
def test_the_quick_entry_of_any_deal_scores_as_its_cards_do(case: tuple[MatchSetup, dict[str, Any]]) -> None:
    setup, entry = case
    cards = PAKS.check_entry(setup, entry)
    by_cards = PAKS.score_deal(setup, cards, DealContext(1, setup.players[0]))
    fast = PAKS.check_entry(setup, PAKS.quick_entry(setup, cards))  # every check passes on a real deal
    assert PAKS.check_entry(setup, fast) == fast  # the canonical entry reads back as itself
    by_counts = PAKS.score_deal(setup, fast, DealContext(1, setup.players[0]))
    assert by_counts.scores == by_cards.scores
    assert by_counts.summary.render() == by_cards.summary.render()
    for counted, carded in zip(by_counts.details["suits"], by_cards.details["suits"], strict=True):
        assert (counted["suit"], counted["counts"], counted["m"]) == (carded["suit"], carded["counts"], carded["m"])
        assert counted["thrown_count"] == {side: len(paks) for side, paks in carded["thrown"].items()}
        assert counted["kept_count"] == {side: len(paks) for side, paks in carded["kept"].items()}


@given(full_deals(), st.integers(-40, 40).map(lambda n: n * 5).filter(bool))
def test_a_quick_entry_is_refused_or_scores_what_it_says(case: tuple[MatchSetup, dict[str, Any]], change: int) -> None:
    """A miscounted side either trips a check or scores the points it gave; never anything else."""
    setup, entry = case
    fast = PAKS.quick_entry(setup, PAKS.check_entry(setup, entry))
    side = PAKS.sides(setup)[0].name
    fast["kept"][side] = max(0, fast["kept"][side] + change)
    try:
        deal = scored(setup, fast)
    except InputErrors as errors:
        assert all(e.location[:1] in (("kept",), ("held",)) for e in errors.errors)
    except InputError as error:
        assert error.location[:1] in (("kept",), ("held",))
    else:
        assert deal.scores[side] == fast["kept"][side]
