"""Worked examples E30–E32 of shared/rules/zhengfen.md: a trick, and the scoring of a deal."""

from __future__ import annotations

import pytest

from referee.cards import parse_cards
from referee.errors import FieldError, TotalError
from referee.rules.zhengfen import Action, Haul, check_point_cards, score_deal, settle_trick


def act(player: str, played: str | None = None, *, last: bool = False) -> Action:
    return Action(player, tuple(parse_cards(played)) if played else None, last_cards=last)


def haul(text: str) -> Haul:
    return Haul.of_cards(parse_cards(text))


# --- E30: a trick ------------------------------------------------------------------------------


def test_e30_trick_with_a_pass_then_a_play() -> None:
    actions = [
        act("A", "6S"),
        act("B"),
        act("C", "9H"),
        act("D"),
        act("A", "KS"),
        act("B", "2D"),
        act("C"),
        act("D"),
        act("A"),
    ]
    trick = settle_trick("ABCD", actions)
    assert trick.legal and trick.finished
    assert trick.winner == "B"
    assert trick.points == 10
    assert trick.next_leader == "B"
    assert [str(c) for c in trick.cards] == ["6S", "9H", "KS", "2D"]


def test_e30_last_cards_win_the_trick_and_the_next_player_leads() -> None:
    trick = settle_trick("ABCD", [act("B", "QS QH", last=True), act("C"), act("D"), act("A")])
    assert trick.winner == "B"
    assert trick.out == ("B",)
    assert trick.next_leader == "C"
    assert "zhengfen-5.6" in trick.explanation.rules()


def test_trick_rules_are_enforced() -> None:
    assert settle_trick("ABC", [act("A")]).reasons.steps[0].rule == "zhengfen-5.1"
    wrong_turn = settle_trick("ABC", [act("A", "6S"), act("C", "7S")])
    assert not wrong_turn.legal and wrong_turn.reasons.steps[0].rule == "zhengfen-1.4"
    too_low = settle_trick("ABC", [act("A", "6S"), act("B", "5S")])
    assert not too_low.legal and too_low.reasons.steps[0].rule == "zhengfen-5.2"
    over = settle_trick("ABC", [act("A", "6S"), act("B"), act("C"), act("A", "7S")])
    assert not over.legal and over.reasons.steps[0].rule == "zhengfen-5.5"
    skipped_out = settle_trick("ABCD", [act("A", "6S"), act("C", "7S")], out=["B"])
    assert skipped_out.legal and not skipped_out.finished


def test_deal_ends_when_one_player_holds_cards() -> None:
    trick = settle_trick("ABC", [act("A", "9S 9H", last=True), act("B"), act("C", "JS JH", last=True)])
    assert trick.legal and not trick.finished
    trick = settle_trick("ABC", [act("A", "9S 9H", last=True), act("B"), act("C", "JS JH", last=True), act("B")])
    assert trick.deal_over and trick.winner == "C"
    assert "zhengfen-6.1" in trick.explanation.rules()


def test_e32_everyone_runs_out_in_the_last_trick() -> None:
    trick = settle_trick("ABC", [act("B", "9S 9H", last=True), act("C", "JS JH", last=True)], out=["A"])
    assert trick.deal_over
    assert trick.winner == "C"
    assert trick.out == ("B", "C")


# --- E31, E32: scoring a deal --------------------------------------------------------------------


def test_e31_last_player_gives_everything_to_the_first() -> None:
    captured = {"A": haul("10S KH 5D"), "B": haul("KS 5C"), "C": haul("10H 10D KD"), "D": haul("10C KC")}
    hand = haul("5S 5H 7C 2D")
    check_point_cards(captured, hand)
    result = score_deal(["B", "D", "A", "C"], captured, hand)
    assert result.scores == {"B": 55, "D": 20, "A": 25, "C": 0}
    assert result.transfer == 40
    assert sum(result.scores.values()) == 100
    assert result.explanation.rules()[-1] == "zhengfen-6.5"
    assert "zhengfen-6.3" in result.explanation.rules()


def test_e32_everyone_out_in_the_last_trick() -> None:
    captured = {"A": haul("KS KH 10S 10H"), "B": haul("KD 10D 10C 5S"), "C": haul("KC 5H 5D 5C")}
    result = score_deal(["A", "B", "C"], captured, Haul(cards=()))
    assert result.scores == {"A": 65, "B": 35, "C": 0}


def test_counts_score_like_cards() -> None:
    captured = {
        "A": Haul.of_counts(1, 1, 1),
        "B": Haul.of_counts(1, 0, 1),
        "C": haul("10H 10D KD"),
        "D": haul("10C KC"),
    }
    hand = Haul.of_counts(2, 0, 0)
    check_point_cards(captured, hand)
    assert score_deal(["B", "D", "A", "C"], captured, hand).scores == {"B": 55, "D": 20, "A": 25, "C": 0}


def test_jokers_score_nothing() -> None:
    captured = {"A": haul("SJ BJ 5S 5H 5D 5C"), "B": haul("10S 10H 10D 10C"), "C": haul("KS KH KD KC")}
    result = score_deal(["A", "B", "C"], captured, Haul(cards=()))
    assert result.scores == {"A": 60, "B": 40, "C": 0}
    assert "zhengfen-2.2" in result.explanation.rules()


def test_missing_point_card_is_a_bad_total() -> None:
    captured = {"A": haul("10S KH 5D"), "B": haul("KS 5C"), "C": haul("10H 10D"), "D": haul("10C KC")}
    with pytest.raises(TotalError) as raised:
        check_point_cards(captured, haul("5S 5H 7C 2D"))
    assert raised.value.message.startswith("missing `KD`: the deal's points add to 90, not 100")


def test_counts_are_checked_by_total() -> None:
    with pytest.raises(TotalError) as raised:
        check_point_cards({"A": Haul.of_counts(3, 4, 4), "B": Haul.of_counts(0, 0, 0)}, Haul.of_counts(0, 0, 0))
    assert "3 5s entered" in raised.value.message
    assert "add to 95, not 100" in raised.value.message


def test_hand_larger_than_a_dealt_hand() -> None:
    from referee.rules.zhengfen.scoring import check_hand

    check_hand(4, "C", Haul.of_cards(parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H")), field="hand")
    with pytest.raises(FieldError):
        check_hand(4, "C", Haul.of_cards(parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H 4H")), field="hand")
