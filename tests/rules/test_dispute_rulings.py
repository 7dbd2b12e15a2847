"""Issue 16, items 3 and 4: explanation lines that are right line by line, and the rulings.

Each test reads the explanation text of a worked example, not only its totals.
"""

from __future__ import annotations

from referee.cards import parse_card, parse_cards
from referee.rules.checks import answer
from referee.rules.clabber.checks import CHECKS as CLABBER
from referee.rules.dracula.checks import CHECKS as DRACULA
from referee.rules.paks import HeldPak, VictimPak, judge_pak, judge_steal, score_paks
from referee.rules.paks.checks import CHECKS as PAKS


def texts(explanation: object) -> list[str]:
    return [step.text for step in explanation]  # type: ignore[attr-defined]


# --- item 3: Paks, an off-suit card -----------------------------------------------------------


def test_paks_e4_off_suit_card_does_not_count_and_no_passing_comparison_is_printed() -> None:
    verdict = judge_pak(parse_card("7S"), parse_cards("5S 4H"))
    assert not verdict.legal
    assert verdict.value == 5
    lines = texts(verdict.explanation)
    assert "`4H` is not a spade; a pak on `7S` uses spades only" in lines
    assert "Only the spades played count toward the value: 5S" in lines
    assert "value 5 is not greater than `7S`'s 7" in lines
    assert not any("is greater than" in line and "not" not in line for line in lines)


def test_paks_off_suit_card_with_enough_suited_value_says_what_fails() -> None:
    verdict = judge_pak(parse_card("7S"), parse_cards("9S 4H"))
    assert not verdict.legal
    assert verdict.value == 9
    assert [r.text for r in verdict.reasons] == ["`4H` is not a spade; a pak on `7S` uses spades only"]
    assert texts(verdict.explanation)[-1] == (
        "9 would be greater than 7, but the off-suit card makes the play illegal all the same"
    )
    assert "9 is greater than 7, the value of `7S`" not in texts(verdict.explanation)


def test_paks_e4_mixed_fives_make_no_pair_and_count_one_five() -> None:
    verdict = judge_pak(parse_card("10H"), parse_cards("5H 5D"))
    assert not verdict.legal
    assert verdict.value == 5
    assert "value 5 is not greater than `10H`'s 10" in texts(verdict.explanation)


def test_paks_steal_with_an_off_suit_card_counts_only_the_victims_suit() -> None:
    victim = VictimPak(tuple(parse_cards("9H 3H")))
    verdict = judge_steal("S", [], [victim], parse_cards("KH QH 5D"))
    assert not verdict.legal
    assert verdict.value == 20
    lines = texts(verdict.explanation)
    assert "Only the hearts played count toward the value: KH QH" in lines
    assert lines[-1] == "20 would be greater than 12, but the off-suit card makes the play illegal all the same"


# --- item 3: Dracula, the ×1 line -------------------------------------------------------------


def test_dracula_times_one_line_says_what_is_true() -> None:
    status, result = answer(
        DRACULA["coffin"], {"layout": [["5H", "5D", "5C"], ["2D", "4C", "6S"], ["7D", "9S", "AS"]], "players": 2}
    )
    assert status == 200
    lines = [step["text"] for step in result["explanation"]]
    assert "row 1: 5♥ 5♦ 5♣: 5 + 5 + 5 = 15; not all one suit or one colour; no two of a suit, ×1 → 15" in lines
    assert not any("no suit or colour in common" in line for line in lines)


# --- item 3: Clabber, under-trump with only trumps --------------------------------------------


def test_clabber_only_if_nothing_else_with_only_trumps_says_why_a_lower_trump_is_allowed() -> None:
    status, result = answer(
        CLABBER["legal"],
        {
            "trump": "H",
            "seat": "S",
            "hand": ["KH", "QH"],
            "trick": [{"seat": "N", "card": "AS"}, {"seat": "E", "card": "JH"}],
            "options": {"undertrump": "only_if_nothing_else"},
        },
    )
    assert status == 200
    assert result["legal_cards"] == ["KH", "QH"]
    lines = [step["text"] for step in result["explanation"]]
    assert (
        "You cannot beat `JH` with `KH`, `QH`, and you hold nothing but trumps: a lower trump is allowed "
        "because nothing else is held (under-trump rule: only if nothing else)." in lines
    )
    assert not any("any card may be played" in line for line in lines)


# --- item 4: the rulings ----------------------------------------------------------------------


def held(owner: str, *paks: str) -> list[HeldPak]:
    return [HeldPak(owner, n, tuple(parse_cards(p))) for n, p in enumerate(paks, start=1)]


def test_paks_sides_with_paks_one_holder_throws_nothing_off() -> None:
    sides = {"A": held("A", "KC 2C", "AC 3C"), "B": [], "C": held("C", "9H 4H")}
    result = score_paks(sides, throw_off_min="sides_with_paks")
    assert result.thrown_off == {"A": (), "B": (), "C": ()}
    assert result.scores == {"A": 40, "B": 0, "C": 15}
    assert (
        "Clubs: paks held A 2, B 0, C 0; only A holds clubs, so there is nothing to compare (house rule): "
        "m = 0 and nobody throws off clubs" in texts(result.explanation)
    )


def test_paks_sides_with_paks_two_holders_take_the_smaller_count() -> None:
    sides = {"A": held("A", "KC 2C", "AC 3C"), "B": [], "C": held("C", "7C 5C", "JC 6C", "10C 4C")}
    result = score_paks(sides, throw_off_min="sides_with_paks")
    assert [len(result.thrown_off[s]) for s in "ABC"] == [2, 0, 2]
    assert result.suits[0].m == 2


def test_dracula_custom_multipliers_take_the_highest_value_that_fits() -> None:
    status, result = answer(
        DRACULA["coffin"],
        {
            "layout": [["8H", "9H", "10H"], ["2D", "4C", "6S"], ["7D", "9S", "AS"]],
            "players": 2,
            "options": {"multipliers": {"suit": 2, "colour": 4, "two_suit": 3}},
        },
    )
    assert status == 200
    assert result["rows"][0] == 27 * 4
    assert (
        "row 1: 8♥ 9♥ 10♥: 8 + 9 + 10 = 27; all red (worth more than all hearts ×2: the highest value counts) ×4 → 108"
        in [step["text"] for step in result["explanation"]]
    )


def test_dracula_default_multipliers_keep_the_listed_order() -> None:
    status, result = answer(
        DRACULA["coffin"], {"layout": [["8H", "9H", "10H"], ["2S", "3C", "4S"], ["7D", "9S", "AS"]], "players": 2}
    )
    assert status == 200
    assert result["rows"][:2] == [135, 27]
    lines = [step["text"] for step in result["explanation"]]
    assert "row 1: 8♥ 9♥ 10♥: 8 + 9 + 10 = 27; all hearts ×5 → 135" in lines
    assert "row 2: 2♠ 3♣ 4♠: 2 + 3 + 4 = 9; all black ×3 → 27" in lines


def test_paks_two_players_without_decks_assume_one_deck() -> None:
    status, result = answer(PAKS["pak"], {"table_card": "AH", "played": ["5H", "5H"], "players": 2})
    assert status == 400
    assert result["error"]["code"] == "too_many_copies"
    status, result = answer(PAKS["pak"], {"table_card": "9H", "played": ["5H", "4H"], "players": 2})
    assert status == 200
    assert result["decks"] == 1
    first = result["explanation"][0]
    assert {"text": first["text"], "rule": first["rule"]} == {
        "text": "2 players and no deck count given: one deck is assumed",
        "rule": "paks-1.2",
    }


def test_paks_three_players_without_decks_assume_two_decks() -> None:
    status, result = answer(PAKS["pak"], {"table_card": "AH", "played": ["5H", "5H"], "players": 3})
    assert status == 200
    assert result["decks"] == 2 and result["value"] == 55


def test_paks_neither_decks_nor_players_assume_two_decks_and_say_so() -> None:
    status, result = answer(
        PAKS["deal"], {"sides": [{"name": "A", "paks": [["5H", "4H"]]}, {"name": "B", "paks": [["5H", "4H"]]}]}
    )
    assert status == 200
    assert result["decks"] == 2
    assert result["explanation"][0]["text"] == (
        "Neither the deck count nor the player count is given: two decks are assumed"
    )


def test_paks_decks_that_contradict_the_player_count_are_refused() -> None:
    status, result = answer(PAKS["pak"], {"table_card": "9H", "played": ["5H", "4H"], "players": 4, "decks": 1})
    assert status == 400
    assert result["error"]["field"] == "decks"
    status, result = answer(PAKS["pak"], {"table_card": "9H", "played": ["5H", "4H"], "players": 5})
    assert status == 400
    assert result["error"]["field"] == "players"
