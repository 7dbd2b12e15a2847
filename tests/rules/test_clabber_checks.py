"""The Clabber API checks beyond the contract: malformed input, variants, the `card` and `bid` questions."""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import FieldError
from referee.rules.checks import answer
from referee.rules.clabber import CLABBER


def ask(check: str, body: Any) -> tuple[int, dict[str, Any]]:
    return answer(CLABBER.checks[check], body)


def error(check: str, body: Any) -> dict[str, Any]:
    status, result = ask(check, body)
    assert status == 400, result
    return result["error"]


TRICK = {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "E", "card": "10H"}]}
LEGAL = {"trump": "H", "seat": "E", "hand": ["10S", "JH", "AD"], "trick": [{"seat": "N", "card": "KS"}]}
DEAL = {"makers": "NS", "points": {"NS": 95, "EW": 67}}


# --- malformed input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("check", "body", "code", "field"),
    [
        ("trick", {**TRICK, "trump": None}, "bad_field", "trump"),
        ("trick", {**TRICK, "trump": 5}, "bad_field", "trump"),
        ("trick", {**TRICK, "plays": "N KH"}, "bad_field", "plays"),
        ("trick", {**TRICK, "plays": []}, "bad_field", "plays"),
        ("trick", {**TRICK, "plays": [["N", "KH"]]}, "bad_field", "plays"),
        ("trick", {**TRICK, "plays": [{"seat": "N", "card": "JO"}]}, "card_not_in_pack", "plays"),
        ("trick", {**TRICK, "plays": [{"seat": "N", "card": 10}]}, "bad_card", "plays"),
        ("trick", {**TRICK, "plays": [{"seat": "N", "card": ""}]}, "bad_card", "plays"),
        (
            "trick",
            {**TRICK, "plays": [{"seat": "N", "card": "KH"}, {"seat": "E", "card": "KH"}]},
            "too_many_copies",
            "plays",
        ),
        (
            "trick",
            {
                **TRICK,
                "plays": [{"seat": s, "card": c} for s, c in zip("NESWN", ["KH", "AH", "9H", "QH", "JH"], strict=True)],
            },
            "bad_field",
            "plays",
        ),
        ("trick", {**TRICK, "last": "yes"}, "bad_field", "last"),
        ("trick", {**TRICK, "options": {"jokers": True}}, "bad_field", "options.jokers"),
        ("trick", {**TRICK, "seats": ["N", "E", "S", "W", "X"]}, "bad_field", "seats"),
        ("trick", {**TRICK, "seats": "N N S W"}, "bad_field", "seats"),
        ("trick", [1, 2], "bad_field", None),
        ("legal", {**LEGAL, "hand": ["10S", "JH", "AD", "9C", "QD", "KD", "AC"]}, "bad_field", "hand"),
        ("legal", {**LEGAL, "hand": []}, "bad_field", "hand"),
        ("legal", {**LEGAL, "hand": ["KS", "JH"]}, "too_many_copies", "trick"),
        ("legal", {**LEGAL, "card": "KS"}, "too_many_copies", "card"),
        ("legal", {**LEGAL, "seat": "N"}, "bad_field", "seat"),
        ("legal", {**LEGAL, "seat": "S"}, "bad_field", "seat"),
        ("legal", {**LEGAL, "seat": None}, "bad_field", "seat"),
        ("legal", {**LEGAL, "options": {"undertrump": "sometimes"}}, "bad_field", "options.undertrump"),
        ("legal", {**LEGAL, "options": {"partner_exemption": "maybe"}}, "bad_field", "options.partner_exemption"),
        ("melds", {"trump": "H", "hands": {"N": ["JH"], "W": ["JH"]}}, "too_many_copies", "hands"),
        ("melds", {"trump": "H", "hands": {"X": ["JH"]}}, "bad_field", "hands"),
        ("melds", {"trump": "H", "hands": {"N": ["JH"], "n": ["9H"]}}, "bad_field", "hands"),
        ("melds", {"trump": "H", "hands": ["JH"]}, "bad_field", "hands"),
        ("melds", {"trump": "H", "hands": {"N": 7}}, "bad_field", "hands.N"),
        ("deal", {**DEAL, "makers": "NW"}, "bad_field", "makers"),
        ("deal", {**DEAL, "makers": None}, "bad_field", "makers"),
        ("deal", {**DEAL, "points": {"NS": 95}}, "bad_field", "points"),
        ("deal", {**DEAL, "points": {"A": 40, "B": 40, "C": 40, "D": 42}}, "bad_field", "points"),
        ("deal", {**DEAL, "points": {"NS": -5, "EW": 167}}, "bad_field", "points.NS"),
        ("deal", {**DEAL, "points": {"NS": 170, "EW": -8}}, "bad_field", "points.EW"),
        ("deal", {**DEAL, "points": {"NS": 170, "EW": 0}}, "bad_total", "points.NS"),
        ("deal", {**DEAL, "points": {"NS": 95.5, "EW": 66.5}}, "bad_field", "points.NS"),
        ("deal", {**DEAL, "points": {"NS": None, "EW": None}}, "bad_field", "points.NS"),
        ("deal", {**DEAL, "melds": {"NS": 30}}, "bad_field", "melds.NS"),
        ("deal", {**DEAL, "melds": {"NS": 20, "EW": 50}}, "bad_field", "melds"),
        ("deal", {**DEAL, "melds": {"XY": 20}}, "bad_field", "melds"),
        ("deal", {**DEAL, "bells": {"NS": 10}}, "bad_field", "bells.NS"),
        ("deal", {**DEAL, "bells": {"NS": 20, "EW": 20}}, "bad_field", "bells"),
        ("deal", {**DEAL, "players": 5}, "bad_field", "players"),
        ("deal", {**DEAL, "players": 3}, "bad_field", "points"),
        ("deal", {**DEAL, "players": 2, "points": {"NS": 100, "EW": 60}}, "bad_total", "points"),
        ("bid", {"turn_up": "10D", "round": 2, "hand": ["AS"]}, "bad_field", "suit"),
        ("bid", {"turn_up": "10D", "hand": ["10D", "AS"]}, "bad_field", "hand"),
        ("bid", {"turn_up": "10D", "round": 3, "hand": ["AS"]}, "bad_field", "round"),
        ("bid", {"turn_up": "8D", "hand": ["AS"]}, "card_not_in_pack", "turn_up"),
        ("bid", {"turn_up": "10D", "hand": ["AS"], "dealer": "yes"}, "bad_field", "dealer"),
        ("bid", {"turn_up": "10D", "hand": "AS KS QS JS 10S 9S AH", "players": 4}, "bad_field", "hand"),
    ],
)
def test_malformed_requests(check: str, body: Any, code: str, field: str | None) -> None:
    got = error(check, body)
    assert got["code"] == code, got
    assert got.get("field") == field, got
    assert got["message"]


def test_a_deal_request_names_every_mistake_at_once() -> None:
    body = {"makers": "NW", "points": {"NS": 170, "EW": "lots"}, "melds": {"NS": 30}, "bells": {"EW": 10}}
    found = error("deal", body)
    errors = found["errors"]
    assert [(e["field"], e.get("location")) for e in errors] == [
        ("makers", ["makers"]),
        ("points.EW", ["points", "EW"]),
        ("points.NS", ["points", "NS"]),
        ("melds.NS", ["melds", "NS"]),
        ("bells.EW", ["bells", "EW"]),
    ]
    assert found["code"] == errors[0]["code"] == "bad_field" and found["field"] == "makers"


def test_a_melds_request_names_every_bad_hand() -> None:
    body = {"trump": "X", "hands": {"N": ["JH", "8H"], "E": ["9S", "ZZ"], "S": ["AD"]}}
    assert [(e["field"], e.get("location")) for e in error("melds", body)["errors"]] == [
        ("trump", None),
        ("hands.N", ["hands", "N"]),
        ("hands.E", ["hands", "E", 2]),
    ]


def test_copy_error_names_both_hands() -> None:
    got = error("melds", {"trump": "H", "hands": {"N": ["JH"], "W": ["JH"]}})
    assert "`JH` is in both N's hand and W's hand" in got["message"]


def test_order_error_names_the_expected_seat() -> None:
    got = error("trick", {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "S", "card": "AH"}]})
    assert "after N comes E, not S" in got["message"]


def test_not_in_pack_message() -> None:
    got = error("legal", {**LEGAL, "hand": ["8H", "9S"]})
    assert got["code"] == "card_not_in_pack"
    assert "`8H` is not in the Clabber pack" in got["message"] and "A K Q J 10 9" in got["message"]


def test_bad_total_message() -> None:
    got = error("deal", {"makers": "NS", "points": {"NS": 95, "EW": 60}})
    assert got["message"] == "NS 95 + EW 60 = 155, a deal holds 162 — clabber-2.3"


# --- answers beyond the contract ---------------------------------------------------------------


def test_may_i_play_this_card() -> None:
    status, result = ask("legal", {**LEGAL, "card": "JH"})
    assert status == 200
    assert result["legal"] is False
    assert [{"text": r["text"], "rule": r["rule"]} for r in result["reasons"]] == [
        {
            "text": "you hold `10S`: spades must be followed (with any of them; there is no need to beat).",
            "rule": "clabber-5.1",
        }
    ]
    status, result = ask("legal", {**LEGAL, "card": "10s"})
    assert (result["legal"], result["reasons"], result["card"]) == (True, [], "10S")


def test_a_card_not_in_the_hand_is_refused() -> None:
    _, result = ask("legal", {**LEGAL, "card": "QC"})
    assert result["legal"] is False and result["reasons"][0]["rule"] == "clabber-11.4"


def test_partial_trick_says_who_is_winning() -> None:
    status, result = ask("trick", TRICK)
    assert status == 200
    assert (result["winner"], result["points"], result["complete"]) == ("E", 14, False)


def test_last_trick_in_the_api() -> None:
    body = {
        "trump": "S",
        "last": True,
        "plays": [{"seat": s, "card": c} for s, c in zip("NESW", ["KH", "10H", "AH", "9H"], strict=True)],
    }
    assert ask("trick", body)[1]["points"] == 35


def test_a_trick_may_start_at_any_seat() -> None:
    plays = [{"seat": s, "card": c} for s, c in zip("WNES", ["9H", "KH", "10H", "AH"], strict=True)]
    assert ask("trick", {"trump": "S", "plays": plays})[1]["winner"] == "S"


def test_three_player_trick_and_melds() -> None:
    seats = ["A", "B", "C"]
    plays = [{"seat": "B", "card": "AS"}, {"seat": "C", "card": "9H"}, {"seat": "A", "card": "JH"}]
    status, result = ask("trick", {"trump": "H", "seats": seats, "plays": plays})
    assert (status, result["winner"], result["points"], result["complete"]) == (200, "A", 45, True)
    hands = {"A": "KH QH JH AS KS 9S 10C 9D", "B": "KD QD JD AC KC 10S 9H AH"}
    status, result = ask("melds", {"trump": "C", "seats": "A B C", "hands": hands})
    assert status == 200
    assert result["winner"] is None and result["dead_tie"] is True
    assert result["team_points"] == {"A": 0, "B": 0, "C": 0}
    assert result["bells"] == {"A": 0, "B": 0, "C": 0}


def test_split_bell_between_partners() -> None:
    status, result = ask("melds", {"trump": "H", "hands": {"N": ["KH"], "S": ["QH"]}})
    assert status == 200 and result["bells"] == {"NS": 0, "EW": 0}
    assert result["explanation"][-1]["rule"] == "clabber-7.4"


def test_team_all_melds_declares_disjoint_melds() -> None:
    hands = {"N": ["AS", "KS", "QS", "AH", "KH", "QH"]}
    _, result = ask("melds", {"trump": "D", "hands": hands, "options": {"meld_scope": "team_all_melds"}})
    assert result["team_points"] == {"NS": 40, "EW": 0}
    assert [m["meld"] for m in result["declared"][0]["melds"]] == ["dad", "dad"]


def test_deal_fills_in_the_blank_side() -> None:
    status, result = ask("deal", {"makers": "EW", "points": {"NS": 95, "EW": None}})
    assert status == 200
    assert result["points"] == {"NS": 95, "EW": 67}
    assert (result["made"], result["marks"]) == (False, {"NS": "95", "EW": "XX"})


def test_deal_three_players() -> None:
    status, result = ask("deal", {"makers": "A", "points": {"A": 60, "B": 62, "C": 40}, "melds": {"A": 20}})
    assert status == 200
    assert result["made"] is True and result["scores"] == {"A": 80, "B": 62, "C": 40}
    status, result = ask("deal", {"makers": "A", "points": {"A": 60, "B": 62, "C": 40}})
    assert result["scores"] == {"A": 0, "B": 62, "C": 40} and result["marks"]["A"] == "XX"


def test_deal_two_and_six_players() -> None:
    status, result = ask("deal", {"makers": "Ann", "players": 2, "points": {"Ann": 80, "Bo": 50}})
    assert status == 200 and result["made"] is True
    status, result = ask("deal", {"makers": "NS", "players": 6, "points": {"NS": 90, "EW": 72}})
    assert status == 200 and result["scores"] == {"NS": 90, "EW": 72}


def test_deal_team_all_melds_sums() -> None:
    body = {**DEAL, "melds": {"NS": 70}, "options": {"meld_scope": "team_all_melds"}}
    status, result = ask("deal", body)
    assert status == 200 and result["scores"] == {"NS": 165, "EW": 67}


def test_bid_check() -> None:
    status, result = ask("bid", {"turn_up": "10D", "hand": "AS KH QC 9S JH 10C"})
    assert status == 200 and result["legal"] is False and result["reasons"][0]["rule"] == "clabber-3.3"
    status, result = ask("bid", {"turn_up": "10D", "hand": "AS KH QC 9S JH", "dealer": True})
    assert result["legal"] is True and result["trump"] == "D"
    status, result = ask("bid", {"turn_up": "10D", "round": 2, "suit": "D", "hand": "AD KH QC 9S JH 9D"})
    assert result["legal"] is False and result["reasons"][0]["rule"] == "clabber-3.2"
    status, result = ask("bid", {"turn_up": "10D", "round": 1, "suit": "H", "hand": "AD KH QC 9S JH 9D"})
    assert result["legal"] is False and result["reasons"][0]["rule"] == "clabber-3.1"
    status, result = ask("bid", {"turn_up": "10D", "round": 2, "suit": "♥", "hand": "AD KH QC 9S JH 9D"})
    assert result["legal"] is True and result["trump"] == "H"


def test_two_player_bid_looks_at_six_cards() -> None:
    assert error("bid", {"turn_up": "10D", "players": 2, "hand": "AS KS QS JS 10S 9S AH"})["field"] == "hand"
    status, result = ask("bid", {"turn_up": "10D", "players": 2, "hand": "AS KS QS JS 10S 9D"})
    assert status == 200 and result["legal"] is True
    assert "clabber-10.2" in [step["rule"] for step in result["explanation"]]


def test_every_answer_cites_clabber_clauses() -> None:
    for check, body in [("trick", TRICK), ("legal", LEGAL), ("deal", DEAL), ("melds", {"trump": "H", "hands": {}})]:
        status, result = ask(check, body)
        assert status == 200
        assert result["explanation"]
        assert all(step["rule"].startswith("clabber-") for step in result["explanation"])


def test_a_bidding_round_of_thousands_of_digits_is_refused_at_its_field() -> None:
    from referee.rules.clabber.game import _bidding_round

    with pytest.raises(FieldError, match="the bidding round is 1 or 2, not 999999999…"):
        _bidding_round("9" * 4301)
    assert _bidding_round(" 2 ") == 2
