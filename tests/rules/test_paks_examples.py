"""The worked examples E1–E16 of shared/rules/paks.md, as tests of the rules layer."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.cards import parse_card, parse_cards
from referee.rules.paks import (
    HeldPak,
    PakClaim,
    StealClaim,
    VictimPak,
    best_split,
    draw,
    judge_end,
    judge_pak,
    judge_steal,
    judge_turn,
    plain_value,
    play_value,
    score_paks,
    score_total,
    score_value,
)


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def held(owner: str, *paks: str) -> list[HeldPak]:
    return [HeldPak(owner, n, cards(p)) for n, p in enumerate(paks, start=1)]


def thrown(result, side: str) -> list[str]:
    return [" ".join(p.strings()) for p in result.thrown_off[side]]


# --- E1 card values --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "play", "score"),
    [
        ("AS", 20, 20),
        ("KS", 10, 10),
        ("QS", 10, 10),
        ("JS", 10, 10),
        ("10S", 10, 10),
        ("9S", 9, 10),
        ("8S", 8, 10),
        ("7S", 7, 5),
        ("6S", 6, 5),
        ("5S", 5, 5),
        ("4S", 4, 5),
        ("3S", 3, 5),
        ("2S", 2, 5),
    ],
)
def test_e1_play_and_score_values(card: str, play: int, score: int) -> None:
    assert play_value(parse_card(card)) == play
    assert score_value(parse_card(card)) == score


# --- E2–E6 paks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "played", "legal", "value", "target", "rules"),
    [
        # E2: plain 5+4 = 9 is not > 9, but the special pair 54 is.
        ("9H", "5H 4H", True, 54, 9, set()),
        # E3: 9 > 9 is false (two decks); 6+4 = 10 > 9, 6 being no pair rank.
        ("9H", "9H", False, 9, 9, {"paks-4.2"}),
        ("9H", "6H 4H", True, 10, 9, set()),
        # E4: an off-suit card makes the pak illegal and does not count in its value.
        ("7S", "5S 4H", False, 5, 7, {"paks-4.2"}),
        ("10H", "5H 5D", False, 5, 10, {"paks-4.2"}),
        # E5: two identical 5s (two decks) are the pair 55.
        ("AH", "5H 5H", True, 55, 20, set()),
        # E6: 53 + 10 = 63 > 20; plain 5+3+10 = 18 would not do.
        ("AC", "5C 3C QC", True, 63, 20, set()),
    ],
)
def test_e2_to_e6_paks(table: str, played: str, legal: bool, value: int, target: int, rules: set) -> None:
    verdict = judge_pak(parse_card(table), cards(played))
    assert (verdict.legal, verdict.value, verdict.target) == (legal, value, target)
    assert {r.rule for r in verdict.reasons} == rules
    assert Counter(verdict.new_pak) == Counter(cards(f"{played} {table}"))
    assert verdict.explanation.rules()


def test_e2_the_pak_formed() -> None:
    verdict = judge_pak(parse_card("9H"), cards("5H 4H"))
    assert Counter(verdict.new_pak) == Counter(cards("5H 4H 9H"))
    assert [(str(p.high), str(p.low), p.value) for p in verdict.split.pairs] == [("5H", "4H", 54)]


def test_e4_reason_names_the_stranger() -> None:
    verdict = judge_pak(parse_card("7S"), cards("5S 4H"))
    assert [r.text for r in verdict.reasons] == [
        "`4H` is not a spade; a pak on `7S` uses spades only",
        "value 5 is not greater than `7S`'s 7",
    ]
    different = judge_pak(parse_card("10H"), cards("5H 5D"))
    assert different.split.pairs == ()
    assert "Only the hearts played count toward the value: 5H" in [step.text for step in different.explanation]


def test_e6_plain_sum_without_the_pair() -> None:
    split = best_split(cards("5C 3C QC"))
    assert split.value == 63
    assert split.plain == 18


def test_e3_value_message() -> None:
    verdict = judge_pak(parse_card("9H"), cards("9H"))
    assert verdict.reasons[0].text == "value 9 is not greater than `9H`'s 9"


# --- E7 steals ---------------------------------------------------------------------------------------


VICTIM_E7 = (VictimPak(cards("5H 4H KH"), "B"),)


def test_e7_victim_valued_without_its_pair() -> None:
    low = judge_steal("S", (), VICTIM_E7, cards("10H 9H"))
    assert (low.legal, low.value, low.target) == (False, 19, 19)
    assert [r.rule for r in low.reasons] == ["paks-5.5"]
    pair = judge_steal("S", (), VICTIM_E7, cards("3H 2H"))
    assert (pair.legal, pair.value, pair.target) == (True, 32, 19)
    assert Counter(pair.new_pak) == Counter(cards("5H 4H KH 3H 2H"))
    assert plain_value(pair.new_pak) == 24
    later = judge_steal("D", (), (VictimPak(pair.new_pak, "A"),), cards("AH QH"))
    assert (later.legal, later.target) == (True, 24)


# --- E8, E9, E16 whole turns -------------------------------------------------------------------------

SPADE_PAK = PakClaim(cards("9S"), cards("KS"))
HEART_OF_B = StealClaim((VictimPak(cards("9H 3H"), "B"),), cards("KH QH"))
CLUB_OF_C = StealClaim((VictimPak(cards("9C 3C"), "C"),), cards("KC QC"))
HEART_OF_C = StealClaim((VictimPak(cards("8H 2H"), "C"),), cards("AH 5H"))
SPADE_OF_B = StealClaim((VictimPak(cards("8S 2S"), "B"),), cards("AS 5S"))


def test_e8_steals_after_a_spade_pak() -> None:
    assert not judge_turn([SPADE_PAK], [SPADE_OF_B], player="A").legal
    assert {r.rule for r in judge_turn([SPADE_PAK], [SPADE_OF_B]).reasons} == {"paks-5.3"}
    assert judge_turn([SPADE_PAK], [HEART_OF_B, CLUB_OF_C], player="A").legal
    third = judge_turn([SPADE_PAK], [HEART_OF_B, CLUB_OF_C, HEART_OF_C], player="A")
    assert not third.legal
    assert [s.legal for s in third.steals] == [True, True, False]
    assert {r.rule for r in third.reasons} == {"paks-5.3"}


def test_e9_no_pak_no_steal() -> None:
    kept = judge_turn([], [HEART_OF_B], table=cards("9S 4D KC"), drawn=parse_card("2D"))
    assert not kept.legal
    assert {r.rule for r in kept.reasons} == {"paks-5.1"}
    assert kept.draw is not None and kept.draw.outcome == "hand"
    went = judge_turn([], [HEART_OF_B], table=cards("9S 4D KC"), drawn=parse_card("7H"))
    assert went.draw is not None and went.draw.outcome == "table"
    assert {r.rule for r in went.reasons} == {"paks-3.2", "paks-5.1"}


def test_e16_one_table_card_one_pak() -> None:
    table = cards("4S 3S")
    both = judge_turn([PakClaim(cards("4S 3S"), cards("10S 9S"))], table=table, hand=cards("10S 9S"))
    assert not both.legal
    assert [r.rule for r in both.reasons] == ["paks-4.1"]
    two = judge_turn(
        [PakClaim(cards("4S"), cards("10S")), PakClaim(cards("3S"), cards("9S"))],
        table=table,
        hand=cards("10S 9S"),
    )
    assert not two.legal
    assert [r.rule for r in two.reasons] == ["paks-3.5"]
    assert all(p.legal for p in two.paks)
    assert judge_turn([PakClaim(cards("4S"), cards("10S"))], table=table, hand=cards("10S 9S")).legal


# --- E10–E13 throw-off and scores ------------------------------------------------------------------


def test_e10_two_players_hearts() -> None:
    sides = {"A": held("A", "QH 2H KH", "7H 6H", "AH 3H"), "B": held("B", "9H 4H")}
    assert [p.score for p in sides["A"]] == [25, 10, 25]
    assert sides["B"][0].score == 15
    result = score_paks(sides)
    assert result.suits[0].m == 1
    assert thrown(result, "A") == ["7H 6H"]
    assert thrown(result, "B") == ["9H 4H"]
    assert result.scores == {"A": 50, "B": 0}
    assert judge_pak(parse_card("KH"), cards("QH 2H")).legal


def test_e11_a_side_without_the_suit_blocks_the_throw_off() -> None:
    result = score_paks({"A": held("A", "10S 4S", "JS 5S"), "B": []})
    assert result.suits[0].m == 0
    assert result.thrown_off == {"A": (), "B": ()}
    assert result.scores == {"A": 30, "B": 0}


def test_e12_three_players_clubs() -> None:
    sides = {
        "A": held("A", "KC 2C", "AC 3C"),
        "B": held("B", "QC 4C"),
        "C": held("C", "7C 5C", "JC 6C", "10C 9C 8C"),
    }
    result = score_paks(sides)
    clubs = result.suits[0]
    assert (clubs.counts, clubs.m) == ({"A": 2, "B": 1, "C": 3}, 1)
    assert {side: len(kept) for side, kept in clubs.kept.items()} == {"A": 1, "B": 0, "C": 2}
    assert {side: [" ".join(p.strings()) for p in out] for side, out in clubs.thrown.items()} == {
        "A": ["KC 2C"],
        "B": ["QC 4C"],
        "C": ["7C 5C"],
    }


def test_e13_score_value_not_play_value() -> None:
    pak = cards("AH KH 9H 7H 2H")
    assert score_total(pak) == 50
    assert plain_value(pak) == 48
    assert score_paks({"A": [HeldPak("A", 1, pak)], "B": []}).scores["A"] == 50


# --- E14 end of the match --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "finished", "winner", "tied"),
    [
        ({"A": 510, "B": 495}, True, "A", ()),
        ({"A": 520, "B": 505}, True, "A", ()),
        ({"A": 510, "B": 510}, False, None, ("A", "B")),
        ({"A": 505, "B": 505, "C": 470}, False, None, ("A", "B")),
        ({"A": 480, "B": 499}, False, None, ()),
    ],
)
def test_e14_end_of_match(totals: dict, finished: bool, winner: str | None, tied: tuple) -> None:
    ending = judge_end(totals)
    assert (ending.finished, ending.winner, ending.tied) == (finished, winner, tied)
    assert ending.explanation.rules()[-1] in {"paks-7.2", "paks-7.3"}


# --- E15 the draw ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "drawn", "outcome", "allowed", "compulsory"),
    [
        ("9S 4D KC", "7H", "table", False, False),
        ("9S 4D KC", "2D", "hand", True, False),
        ("9S 4D KC 3H", "2D", "hidden", True, True),
    ],
)
def test_e15_where_the_drawn_card_goes(table: str, drawn: str, outcome: str, allowed: bool, compulsory: bool) -> None:
    verdict = draw(cards(table), parse_card(drawn))
    assert (verdict.outcome, verdict.pak_allowed, verdict.pak_compulsory) == (outcome, allowed, compulsory)


def test_e15_compulsory_pak_missed_is_named() -> None:
    table = cards("9S 4D KC 3H")
    missed = judge_turn([], table=table, drawn=parse_card("2D"), hand=cards("2D 7D 8C"))
    assert not missed.legal
    assert [str(v.table_card) for v in missed.missed] == ["4D"]
    assert [r.rule for r in missed.reasons] == ["paks-9.7"]
    shown = judge_turn([], table=table, drawn=parse_card("2D"), hand=cards("2D 2C 5S"))
    assert shown.legal
    assert shown.explanation.rules()[-1] == "paks-3.4"
