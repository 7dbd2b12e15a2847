"""The worked examples E1–E24 of shared/rules/clabber.md, table-driven against the rules layer."""

from __future__ import annotations

import pytest

from referee.cards import parse_card
from referee.explain import Explanation
from referee.rules.clabber import (
    CLABBER,
    FOUR,
    PACK,
    card_points,
    judge_bid,
    judge_melds,
    judge_trick,
    legal_play,
    score_deal,
)
from referee.rules.game import DealResult, MatchResult, MatchSetup
from tests.rules.clabber_worked import DEALS, LEGAL, TRICKS, cards, plays

# --- E1–E5: who wins the trick, and its points --------------------------------------------------


@pytest.mark.parametrize(("name", "trump", "trick", "winner", "points"), TRICKS, ids=[t[0] for t in TRICKS])
def test_trick_examples(name: str, trump: str, trick: list[str], winner: str, points: int) -> None:
    result = judge_trick(FOUR, plays(*trick), trump)
    assert (result.winner, result.points, result.complete) == (winner, points, True)
    assert "clabber-4.2" in result.explanation.rules()
    assert "clabber-4.3" in result.explanation.rules()


def test_e5_discard_is_named() -> None:
    result = judge_trick(FOUR, plays("N QC", "E AD", "S 9C", "W JC"), "H")
    assert any("`AD` is a discard" in step.text for step in result.explanation)


def test_last_trick_adds_ten() -> None:
    result = judge_trick(FOUR, plays("N KH", "E 10H", "S AH", "W 9H"), "S", last=True)
    assert result.points == 35
    assert result.explanation.rules()[-1] == "clabber-2.3"


# --- E6–E11: legal cards -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "trump", "seat", "hand", "trick", "options", "legal"), LEGAL, ids=[case[0] for case in LEGAL]
)
def test_legal_examples(
    name: str, trump: str, seat: str, hand: str, trick: list[str], options: dict, legal: str
) -> None:
    verdict = legal_play(FOUR, seat, cards(hand), plays(*trick), trump, **options)
    assert sorted(map(str, verdict.legal_cards)) == sorted(legal.split())


def test_e6_refusal_names_the_duty() -> None:
    verdict = legal_play(FOUR, "E", cards("10S JH AD 9C QD"), plays("N KS"), "H", card=parse_card("JH"))
    assert verdict.legal is False
    assert verdict.reasons[0].rule == "clabber-5.1"
    assert "you hold `10S`: spades must be followed" in verdict.reasons[0].text


def test_e8_refusal_of_a_lower_trump() -> None:
    verdict = legal_play(FOUR, "S", cards("9H QH KS"), plays("N AC", "E 10H"), "H", card=parse_card("QH"))
    assert verdict.legal is False
    assert verdict.reasons[0].rule == "clabber-5.2"
    assert "`10H`" in verdict.reasons[0].text and "over-trump" in verdict.reasons[0].text


def test_e9_only_if_nothing_else_refuses_the_trump() -> None:
    verdict = legal_play(
        FOUR,
        "S",
        cards("KH 10D QC"),
        plays("N AS", "E JH"),
        "H",
        undertrump="only_if_nothing_else",
        card=parse_card("KH"),
    )
    assert verdict.legal is False
    assert verdict.reasons[0].rule == "clabber-5.3"


def test_leader_may_lead_anything() -> None:
    verdict = legal_play(FOUR, "E", cards("10S JH AD"), [], "H")
    assert sorted(map(str, verdict.legal_cards)) == ["10S", "AD", "JH"]
    assert verdict.explanation.rules()[0] == "clabber-4.1"


# --- E12–E17: melds and the bell ---------------------------------------------------------------


def test_e12_mule_and_bell() -> None:
    verdict = judge_melds(FOUR, {"N": cards("JS JH JD JC QH KH")}, "H")
    assert verdict.winner is not None
    assert (verdict.winner.seat, verdict.winner.best.kind, verdict.winner.best.points) == ("N", "mule", 200)
    assert verdict.bells == {"NS": 20, "EW": 0}
    assert verdict.team_points == {"NS": 220, "EW": 0}


def test_e13_hundred_no_bell() -> None:
    verdict = judge_melds(FOUR, {"N": cards("AS KS QS JS 10S 9D")}, "D")
    assert verdict.winner is not None
    assert (verdict.winner.best.kind, verdict.winner.best.points) == ("hundred", 100)
    assert [str(c) for c in verdict.winner.best.cards] == ["AS", "KS", "QS", "JS", "10S"]
    assert verdict.bells == {"NS": 0, "EW": 0}


def test_e14_forty_dollar_dad() -> None:
    verdict = judge_melds(FOUR, {"N": cards("KH QH JH 9S 9D 9C")}, "H")
    assert verdict.winner is not None and verdict.winner.best.kind == "dad"
    assert verdict.team_points == {"NS": 40, "EW": 0}
    assert "clabber-7.2" in verdict.explanation.rules()


def test_e14_opponent_fifty() -> None:
    hands = {"N": cards("KH QH JH 9S 9D 9C"), "E": cards("AD KD QD JD 10C AC")}
    verdict = judge_melds(FOUR, hands, "H")
    assert verdict.winner is not None and (verdict.winner.seat, verdict.winner.best.kind) == ("E", "fifty")
    assert verdict.team_points == {"NS": 20, "EW": 50}


def test_e15_four_nines_beat_a_hundred() -> None:
    hands = {"N": cards("9S 9H 9D 9C AS 10H"), "E": cards("AD KD QD JD 10D KS")}
    verdict = judge_melds(FOUR, hands, "C")
    assert verdict.meld_points == {"NS": 100, "EW": 0}
    assert "clabber-6.4" in verdict.explanation.rules()


def test_e16_higher_top_card() -> None:
    hands = {"N": cards("QH JH 10H"), "E": cards("KD QD JD")}
    verdict = judge_melds(FOUR, hands, "S")
    assert verdict.meld_points == {"NS": 0, "EW": 20}
    assert "clabber-6.5" in verdict.explanation.rules()


@pytest.mark.parametrize(("scope", "points"), [("best_meld_only", 20), ("team_all_melds", 40)])
def test_e17_partners_score_one_meld(scope: str, points: int) -> None:
    hands = {"N": cards("KH QH JH"), "S": cards("KC QC JC")}
    verdict = judge_melds(FOUR, hands, "S", scope=scope)
    assert verdict.winner is not None and verdict.winner.seat == "N"
    assert verdict.meld_points == {"NS": points, "EW": 0}
    assert "clabber-6.6" in verdict.explanation.rules()


# --- E18–E22: deal points and scoring ----------------------------------------------------------


@pytest.mark.parametrize("trump", ["S", "H", "D", "C"])
def test_e18_a_deal_holds_162(trump: str) -> None:
    trump_cards = [c for c in PACK.cards() if c.suit == trump]
    assert sum(card_points(c, trump) for c in trump_cards) == 62
    assert sum(card_points(c, trump) for c in PACK.cards()) == 152
    assert sum(card_points(c, trump) for c in PACK.cards()) + 10 == 162


@pytest.mark.parametrize(
    ("name", "points", "melds", "bells", "made", "scores", "marks"), DEALS, ids=[d[0] for d in DEALS]
)
def test_deal_examples(
    name: str, points: dict, melds: dict, bells: dict, made: bool, scores: dict, marks: dict
) -> None:
    result = score_deal("NS", points, melds, bells)
    assert (result.made, result.scores, result.marks) == (made, scores, marks)


def test_e20_tie_is_a_set_and_says_so() -> None:
    result = score_deal("NS", {"NS": 81, "EW": 81})
    assert any("a tie is a set" in step.text for step in result.explanation)
    assert "clabber-8.4" in result.explanation.rules()


# --- E23: end of the game ----------------------------------------------------------------------


def _ended(totals: dict[str, int], game_tie: str = "draw") -> MatchResult:
    setup = MatchSetup(players=("N", "E", "S", "W"), options=CLABBER.parse_options({"game_tie": game_tie}))
    deal = DealResult(number=1, dealer="N", scores={}, explanation=Explanation())
    result = MatchResult(sides=CLABBER.sides(setup), deals=[deal], running=[], totals=totals, finished=False)
    CLABBER.conclude(setup, result)
    return result


@pytest.mark.parametrize(
    ("totals", "game_tie", "finished", "winner", "drawn"),
    [
        ({"NS": 525, "EW": 547}, "draw", True, "EW", False),
        ({"NS": 470, "EW": 545}, "draw", True, "EW", False),
        ({"NS": 520, "EW": 520}, "draw", True, None, True),
        ({"NS": 520, "EW": 520}, "play_on", False, None, False),
        ({"NS": 498, "EW": 460}, "draw", False, None, False),
    ],
)
def test_e23_end_of_game(totals: dict, game_tie: str, finished: bool, winner: str | None, drawn: bool) -> None:
    result = _ended(totals, game_tie)
    assert (result.finished, result.winner, result.drawn) == (finished, winner, drawn)


def test_e23_set_makers_and_defenders_pass_500() -> None:
    deal = score_deal("NS", {"NS": 72, "EW": 90})
    assert deal.scores == {"NS": 0, "EW": 90}
    assert _ended({"NS": 470 + deal.scores["NS"], "EW": 455 + deal.scores["EW"]}).winner == "EW"


# --- E24: bidding ------------------------------------------------------------------------------


def test_e24_round_1_needs_a_diamond() -> None:
    turn_up = parse_card("10D")
    refused = judge_bid(cards("AS KH QC 9S JH 10C"), turn_up, 1)
    assert refused.legal is False and refused.reasons[0].rule == "clabber-3.3"
    allowed = judge_bid(cards("AS KH QC 9S JH 9D"), turn_up, 1)
    assert allowed.legal is True and allowed.trump == "D"


def test_e24_dealer_always_qualifies_in_round_1() -> None:
    verdict = judge_bid(cards("AS KH QC 9S JH"), parse_card("10D"), 1, dealer=True)
    assert verdict.legal is True
    assert "clabber-3.3" in verdict.explanation.rules()


def test_e24_round_2_refuses_the_turn_up_suit() -> None:
    verdict = judge_bid(cards("AD KD QC 9S JH 9D"), parse_card("10D"), 2, "D")
    assert verdict.legal is False and verdict.reasons[0].rule == "clabber-3.2"


def test_e24_round_2_hearts_need_a_heart() -> None:
    turn_up = parse_card("10D")
    assert judge_bid(cards("AS KS QC 9S JC 9D"), turn_up, 2, "H").legal is False
    assert judge_bid(cards("AS KS QC 9S JH 9D"), turn_up, 2, "H").legal is True
