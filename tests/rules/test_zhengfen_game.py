"""Zheng Fen on the score sheet: entries, deal scores, who deals and leads, the end of the game."""

from __future__ import annotations

import pytest

from referee.errors import FieldError, InputError, InputErrors, TotalError
from referee.rules.zhengfen import ZHENGFEN
from tests.rules.zhengfen_sheet import E31, PLAYERS, setup, sweep


def test_declaration() -> None:
    assert ZHENGFEN.slug == "zhengfen"
    assert ZHENGFEN.player_counts == (3, 4, 5, 6)
    assert set(ZHENGFEN.checks) == {"classify", "beats", "deal"}
    assert {o.id for o in ZHENGFEN.options} == {
        "trio_forms",
        "specials",
        "wild_range",
        "triple_four_sequence_min",
        "target",
    }
    defaults = ZHENGFEN.parse_options({})
    assert defaults["target"] == 500
    assert defaults["trio_forms"] == ["pair", "consecutive", "same_suit", "point_cards"]


def test_e31_entry_and_score() -> None:
    match = setup()
    entry = ZHENGFEN.check_entry(match, E31)
    assert entry["order"] == ["B", "D", "A", "C"]
    assert list(entry["captured"]) == list(PLAYERS)
    result = ZHENGFEN.score_match(match, [entry])
    deal = result.deals[0]
    assert deal.scores == {"A": 25, "B": 55, "C": 0, "D": 20}
    assert deal.details["transfer"]["points"] == 40
    assert deal.details["transfer"]["from"] == "C" and deal.details["transfer"]["to"] == "B"
    assert str(deal.summary).startswith("B 1st takes 40 from C")
    assert "zhengfen-6.3" in deal.explanation.rules()
    assert deal.explanation.rules()[-1] == "zhengfen-1.7"


def test_counts_form_and_implied_last_player() -> None:
    entry = ZHENGFEN.check_entry(
        setup(),
        {
            "order": ["b", "D", "A"],
            "captured": {
                "A": {"5": 1, "10": "1", "K": 1},
                "B": {"5": 1, "K": 1},
                "C": {"10": 2, "K": 1},
                "D": ["10C", "KC"],
            },
            "hand": {"5": 2},
        },
    )
    assert entry["order"] == ["B", "D", "A", "C"]
    assert entry["captured"]["A"] == {"5": 1, "10": 1, "K": 1}
    assert entry["hand"] == {"5": 2, "10": 0, "K": 0}
    result = ZHENGFEN.score_match(setup(), [entry])
    assert result.deals[0].scores == {"A": 25, "B": 55, "C": 0, "D": 20}


def test_point_cards_must_all_be_there() -> None:
    missing = dict(E31, captured=dict(E31["captured"], C=["10H", "10D"]))
    with pytest.raises(TotalError) as raised:
        ZHENGFEN.check_entry(setup(), missing)
    assert "missing `KD`" in raised.value.message
    with pytest.raises(TotalError):
        ZHENGFEN.check_entry(setup(), {"order": list(PLAYERS), "captured": {"A": {"5": 4, "10": 4, "K": 3}}})


@pytest.mark.parametrize(
    ("entry", "code", "field"),
    [
        ("not a dict", "bad_field", "entry"),
        ({"order": "B D A C"}, "bad_field", "order"),
        ({"order": ["B", "D"]}, "bad_field", "order"),
        ({"order": ["B", "B", "A", "C"]}, "bad_field", "order"),
        ({"order": ["B", "D", "A", "Z"]}, "bad_field", "order"),
        (dict(E31, captured={"Z": ["5S"]}), "bad_field", "captured"),
        (dict(E31, captured=["5S"]), "bad_field", "captured"),
        (dict(E31, captured=dict(E31["captured"], A=["10S", "KH", "ZZ"])), "bad_card", "captured.A"),
        (dict(E31, captured=dict(E31["captured"], A=["10S", "KH", "JO"])), "card_not_in_pack", "captured.A"),
        (dict(E31, captured=dict(E31["captured"], A=["10S", "KH", "KD"])), "too_many_copies", None),
        (dict(E31, captured=dict(E31["captured"], A={"5": 5})), "bad_field", "captured.A"),
        (dict(E31, captured=dict(E31["captured"], A={"Q": 1})), "bad_field", "captured.A"),
        (dict(E31, captured=dict(E31["captured"], A={"5": -1})), "bad_field", "captured.A"),
        (
            dict(E31, hand=["5S", "5H", "3S", "4S", "6S", "7S", "8S", "9S", "JS", "QS", "AS", "2S", "3H", "4H", "6H"]),
            "bad_field",
            "hand",
        ),
    ],
)
def test_malformed_entries(entry: object, code: str, field: str | None) -> None:
    with pytest.raises(InputError) as raised:
        ZHENGFEN.check_entry(setup(), entry)
    assert raised.value.code == code
    if field is not None:
        assert raised.value.field == field


def test_the_order_as_tapped_place_by_place() -> None:
    """A form's ``places``: the last place left untapped is the one player left; a gap is refused."""
    entry = ZHENGFEN.check_entry(setup(), dict(E31, order=None, places=["B", "D", "A", ""]))
    assert entry["order"] == ["B", "D", "A", "C"]
    with pytest.raises(FieldError) as gap:
        ZHENGFEN.check_entry(setup(), {**E31, "places": ["B", "", "A", ""]})
    assert gap.value.location == ("order", 1)
    assert gap.value.message == "Tap who went out 2nd: the finishing order decides the scores."
    with pytest.raises(FieldError) as twice:
        ZHENGFEN.check_entry(setup(), {**E31, "places": ["B", "D", "B", "C"]})
    assert twice.value.message == "B is both 1st and 3rd. No place for A. Tap each player in one place."


def test_every_mistake_of_an_entry_is_refused_at_once() -> None:
    """An unknown card in two piles and a finishing order left incomplete: three errors, each at its
    place; the point total is not a fourth, as it waits until every pile is sound."""
    captured = dict(E31["captured"], A=["10S", "KH", "ZZ"], D=["10C", "KX"])
    with pytest.raises(InputErrors) as raised:
        ZHENGFEN.check_entry(setup(), {"places": ["B", "", "", ""], "captured": captured, "hand": E31["hand"]})
    assert [(e.field, e.location, e.code) for e in raised.value.errors] == [
        ("order", ("order", 1), "bad_field"),
        ("captured.A", ("captured.A", 3), "bad_card"),
        ("captured.D", ("captured.D", 2), "bad_card"),
    ]


def test_an_order_mistake_and_a_missing_point_card_are_both_named() -> None:
    missing = dict(E31["captured"], C=["10H", "10D"])
    with pytest.raises(InputErrors) as raised:
        ZHENGFEN.check_entry(setup(), {"order": ["B", "B"], "captured": missing, "hand": E31["hand"]})
    assert [(e.field, e.code) for e in raised.value.errors] == [("order", "bad_field"), ("captured", "bad_total")]


def test_cards_and_counts_of_one_pile_must_agree() -> None:
    both = dict(E31, captured=dict(E31["captured"], A={"cards": "10S KH 5D", "5": 1, "10": 1, "K": 1}))
    assert ZHENGFEN.check_entry(setup(), both)["captured"]["A"] == ["10S", "KH", "5D"]
    slip = dict(E31, captured=dict(E31["captured"], A={"cards": "10S KH 5D", "5": 2}))
    with pytest.raises(FieldError) as raised:
        ZHENGFEN.check_entry(setup(), slip)
    assert raised.value.location == ("captured.A", "counts")
    assert raised.value.message.startswith("captured.A: the cards hold 1 × 5, 1 × 10, 1 × K but the counts say 2 × 5")


def test_first_dealer_then_previous_first_player() -> None:
    match = setup(first_dealer=2)
    assert ZHENGFEN.dealer(match, []) == "C"
    first = ZHENGFEN.score_match(match, [])
    assert first.next_dealer == "C"
    assert str(first.status) == "Playing to 500"
    note = ZHENGFEN.next_turn_note(match, first)
    assert note is not None
    assert (note.text, note.rule) == ("The holder of `3H` leads the first trick and need not play it.", "zhengfen-1.6")
    entries = [ZHENGFEN.check_entry(match, E31), ZHENGFEN.check_entry(match, sweep(["D", "A", "B", "C"]))]
    result = ZHENGFEN.score_match(match, entries)
    assert [d.dealer for d in result.deals] == ["C", "B"]
    assert result.next_dealer == "D"
    assert str(result.status) == "Playing to 500"
    note = ZHENGFEN.next_turn_note(match, result)
    assert note is not None
    assert (note.text, note.rule) == (
        "C, last, shuffles; D, 1st, deals, takes the first card and leads.",
        "zhengfen-1.7",
    )
    assert ZHENGFEN.next_lead(match, result.deals).rule == "zhengfen-1.7"
    assert ZHENGFEN.next_lead(match, []).rule == "zhengfen-1.6"


def test_game_ends_at_the_target_and_the_highest_wins() -> None:
    match = setup(players=("A", "B", "C"))
    entries = [ZHENGFEN.check_entry(match, sweep(["A", "B", "C"]))] * 4
    entries += [ZHENGFEN.check_entry(match, sweep(["B", "A", "C"]))] * 4
    result = ZHENGFEN.score_match(match, entries)
    assert result.totals == {"A": 400, "B": 400, "C": 0}
    assert not result.finished
    result = ZHENGFEN.score_match(match, [*entries, ZHENGFEN.check_entry(match, sweep(["B", "A", "C"]))])
    assert result.finished and result.winner == "B"
    assert ZHENGFEN.next_turn_note(match, result) is None
    assert result.bonus_explanation.rules() == ["zhengfen-7.1"]


def test_tie_at_the_target_plays_on() -> None:
    match = setup(players=("A", "B", "C"))
    entries = [ZHENGFEN.check_entry(match, sweep(["A", "B", "C"]))] * 5
    entries += [ZHENGFEN.check_entry(match, sweep(["B", "A", "C"]))] * 5
    result = ZHENGFEN.score_match(match, entries)
    assert result.totals["A"] == result.totals["B"] == 500
    assert not result.finished
    assert "another deal is played" in str(result.status)
    assert result.bonus_explanation.rules() == ["zhengfen-7.2"]
    decided = ZHENGFEN.score_match(match, [*entries, ZHENGFEN.check_entry(match, sweep(["A", "B", "C"]))])
    assert decided.finished and decided.winner == "A"


def test_long_game_target() -> None:
    match = setup(players=("A", "B", "C"), target=1000)
    entries = [ZHENGFEN.check_entry(match, sweep(["A", "B", "C"]))] * 6
    assert not ZHENGFEN.score_match(match, entries).finished
    assert ZHENGFEN.score_match(match, entries * 2).finished


def test_six_players() -> None:
    players = ("A", "B", "C", "D", "E", "F")
    match = setup(players=players)
    entry = ZHENGFEN.check_entry(
        match, {"order": list("FEDCBA"), "captured": {"A": {"5": 4}, "B": {"10": 4}, "C": {"K": 4}}}
    )
    deal = ZHENGFEN.score_match(match, [entry]).deals[0]
    assert deal.scores == {"A": 0, "B": 40, "C": 40, "D": 0, "E": 0, "F": 20}
    with pytest.raises(FieldError):
        ZHENGFEN.check_players(["A", "B"])
