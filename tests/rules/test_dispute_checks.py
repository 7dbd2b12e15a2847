"""Issue 16, item 2: every rule reachable by an API check (Paks turn and end, Clabber end and
players, Dracula order)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.checks import answer
from referee.rules.registry import GAMES


def run(game: str, check: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return answer(GAMES[game].checks[check], body)


def texts(result: dict[str, Any]) -> list[str]:
    return [step["text"] for step in result["explanation"]]


# --- Paks: one turn (paks-3.2 to 3.5, paks-9.7, paks-9.8) ------------------------------------


def test_paks_turn_e15_drawn_card_without_its_suit_goes_to_the_table() -> None:
    status, result = run("paks", "turn", {"table": ["9S", "4D", "KC"], "drawn": "7H"})
    assert status == 200
    assert result["legal"] is True and result["draw"] == "table"
    assert (
        "No table card is a heart: `7H` goes face up onto the table and the turn ends, with no pak and no steal"
        in texts(result)
    )


def test_paks_turn_after_the_card_went_to_the_table_a_pak_is_illegal() -> None:
    body = {"table": ["9S", "4D", "KC"], "drawn": "7H", "paks": [{"table_card": "9S", "played": ["10S"]}]}
    status, result = run("paks", "turn", body)
    assert status == 200 and result["legal"] is False
    assert [r["rule"] for r in result["reasons"]] == ["paks-3.2"]


def test_paks_turn_e15_hidden_draw_and_forced_pak_missed() -> None:
    body = {"table": ["9S", "4D", "KC", "3H"], "drawn": "2D", "hand": ["10S", "6C", "2D", "7H"], "paks": []}
    status, result = run("paks", "turn", body)
    assert status == 200
    assert result["draw"] == "hidden" and result["pak_compulsory"] is True
    assert result["legal"] is False
    assert result["missed"] == [
        {"table_card": "9S", "played": ["10S"], "value": 10},
        {"table_card": "3H", "played": ["7H"], "value": 7},
    ]
    assert "A pak was compulsory and the hand can make one: `10S` takes `9S` (10 > 9)" in texts(result)
    assert {r["rule"] for r in result["reasons"]} == {"paks-9.7"}


def test_paks_turn_hidden_draw_with_no_possible_pak_ends_the_turn() -> None:
    body = {"table": ["AS", "KD", "AC", "AH"], "drawn": "2D", "hand": ["3S", "2D", "4C"], "paks": []}
    status, result = run("paks", "turn", body)
    assert status == 200 and result["legal"] is True
    assert "No pak is possible from the shown hand: the turn ends" in texts(result)


def test_paks_turn_e16_two_paks_in_a_turn_and_two_table_cards_in_a_pak() -> None:
    table = ["4S", "3S", "KD", "2H"]
    body = {
        "table": table,
        "drawn": "5S",
        "hand": ["10S", "9S", "5S"],
        "paks": [{"table_card": "4S", "played": ["10S"]}, {"table_card": "3S", "played": ["9S"]}],
    }
    status, result = run("paks", "turn", body)
    assert status == 200 and result["legal"] is False
    assert "2 paks in one turn: a turn has at most one pak" in texts(result)
    body["paks"] = [{"table_cards": ["4S", "3S"], "played": ["10S", "9S"]}]
    status, result = run("paks", "turn", body)
    assert [r["rule"] for r in result["reasons"]] == ["paks-4.1"]


def test_paks_turn_steals_follow_one_pak_in_distinct_suits() -> None:
    body = {
        "table": ["9S", "4D", "KC"],
        "drawn": "2D",
        "hand": ["10S", "2D", "KH", "QH", "AC", "QC"],
        "paks": [{"table_card": "9S", "played": ["10S"]}],
        "steals": [
            {"victim_paks": [{"owner": "B", "cards": ["9H", "3H"]}], "played": ["KH", "QH"]},
            {"victim_paks": [{"owner": "B", "cards": ["9C", "3C"]}], "played": ["AC", "QC"]},
        ],
        "player": "A",
    }
    status, result = run("paks", "turn", body)
    assert status == 200 and result["legal"] is True, result.get("reasons")
    assert [s["legal"] for s in result["steals"]] == [True, True]
    body["steals"][1]["victim_paks"] = [{"owner": "B", "cards": ["8H", "2H"]}]
    body["steals"][1]["played"] = ["AC", "QC"]
    status, result = run("paks", "turn", body)
    assert result["legal"] is False
    assert "paks-5.3" in {r["rule"] for r in result["reasons"]}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"drawn": "2D"}, "table"),
        ({"table": ["9S"], "drawn": "XX"}, "drawn"),
        ({"table": ["9S"], "drawn": "2D", "paks": [{"played": ["10S"]}]}, "paks"),
        ({"table": ["9S"], "drawn": "2D", "steals": "x"}, "steals"),
        ({"table": ["8S"], "drawn": "9S", "hand": ["9S", "9S", "9S"], "decks": 2}, "hand"),
    ],
)
def test_paks_turn_malformed_is_400_at_the_field(body: dict[str, Any], field: str) -> None:
    status, result = run("paks", "turn", body)
    assert status == 400
    assert result["error"]["field"] == field


# --- Paks: the end of the game (paks-7) -------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "finished", "winner", "another"),
    [
        ({"A": 510, "B": 495}, True, "A", False),
        ({"A": 520, "B": 505}, True, "A", False),
        ({"A": 510, "B": 510}, False, None, True),
        ({"A": 505, "B": 505, "C": 470}, False, None, True),
        ({"A": 480, "B": 499}, False, None, False),
    ],
)
def test_paks_end_e14(totals: dict[str, int], finished: bool, winner: str | None, another: bool) -> None:
    status, result = run("paks", "end", {"totals": totals})
    assert status == 200
    assert (result["finished"], result["winner"], result["another_deal"]) == (finished, winner, another)


def test_paks_end_tie_explains_another_deal() -> None:
    _, result = run("paks", "end", {"totals": {"A": 505, "B": 505, "C": 470}})
    assert texts(result)[-1] == "A and B share the highest total, 505: every side plays another deal"
    assert result["explanation"][-1]["rule"] == "paks-7.3"


# --- Clabber: the end of the game (clabber-9) and the players field ---------------------------


@pytest.mark.parametrize(
    ("totals", "options", "expected"),
    [
        ({"NS": 525, "EW": 547}, {}, (True, "EW", False, False)),
        ({"NS": 470, "EW": 545}, {}, (True, "EW", False, False)),
        ({"NS": 520, "EW": 520}, {}, (True, None, True, False)),
        ({"NS": 520, "EW": 520}, {"game_tie": "play_on"}, (False, None, False, True)),
        ({"NS": 498, "EW": 460}, {}, (False, None, False, False)),
    ],
)
def test_clabber_end_e23(totals: dict[str, int], options: dict[str, str], expected: tuple) -> None:
    status, result = run("clabber", "end", {"totals": totals, "options": options})
    assert status == 200
    assert (result["finished"], result["winner"], result["drawn"], result["another_deal"]) == expected


def test_clabber_end_draw_explained() -> None:
    _, result = run("clabber", "end", {"totals": {"NS": 520, "EW": 520}})
    assert texts(result)[-1] == "NS and EW share the highest total, 520: the game is a draw"
    assert result["explanation"][-1]["rule"] == "clabber-9.2"


def test_clabber_players_field_gives_the_variant_seats() -> None:
    status, result = run("clabber", "melds", {"trump": "S", "players": 6, "hands": {"A": ["KS", "QS", "JS", "9D"]}})
    assert status == 200
    assert result["team_points"] == {"ACE": 40, "BDF": 0}
    plays = [{"seat": "A", "card": "KH"}, {"seat": "B", "card": "AH"}, {"seat": "C", "card": "9S"}]
    status, result = run("clabber", "trick", {"trump": "S", "players": 3, "plays": plays})
    assert status == 200 and result["winner"] == "C"
    status, result = run("clabber", "legal", {"trump": "S", "players": 2, "seat": "A", "hand": ["9H"], "trick": []})
    assert status == 200 and result["legal_cards"] == ["9H"]


@pytest.mark.parametrize(
    "body",
    [
        {"trump": "S", "players": 5, "hands": {"A": ["KS"]}},
        {"trump": "S", "players": 4, "seats": ["A", "B", "C"], "hands": {"A": ["KS"]}},
    ],
)
def test_clabber_bad_players_field_is_400(body: dict[str, Any]) -> None:
    status, result = run("clabber", "melds", body)
    assert status == 400 and result["error"]["field"] == "players"


def test_clabber_bid_e24() -> None:
    hand = ["AH", "KS", "QS", "9C", "JC", "10C"]
    _, result = run("clabber", "bid", {"turn_up": "10D", "round": 1, "hand": hand})
    assert result["legal"] is False and result["reasons"][0]["rule"] == "clabber-3.3"
    _, result = run("clabber", "bid", {"turn_up": "10D", "round": 1, "hand": hand, "dealer": True})
    assert result["legal"] is True
    _, result = run("clabber", "bid", {"turn_up": "10D", "round": 2, "hand": hand, "suit": "D"})
    assert result["legal"] is False and result["reasons"][0]["rule"] == "clabber-3.2"
    _, result = run("clabber", "bid", {"turn_up": "10D", "round": 2, "hand": hand, "suit": "H"})
    assert result["legal"] is True and result["trump"] == "H"


# --- Dracula: the order of a deal's cards (dracula-3.1, dracula-10.5) -------------------------

CELLS = ["r1c2", "r2c1", "r1c1", "r2c3", "r1c3", "r3c2", "r3c1", "r3c3"]
CARDS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def moves(by: list[str], cells: list[str] = CELLS, cards: list[str] = CARDS) -> list[dict[str, str]]:
    return [{"by": b, "cell": c, "card": k} for b, c, k in zip(by, cells, cards, strict=False)]


def test_dracula_order_a_full_deal_in_order_is_legal() -> None:
    status, result = run("dracula", "order", {"centre": "7H", "moves": moves(["non-dealer", "dealer"] * 4)})
    assert status == 200
    assert result["legal"] is True and result["complete"] is True
    assert result["placed"] == {"dealer": 4, "non-dealer": 4}
    assert texts(result)[-2:] == [
        "All 8 placements keep the order and the 4-card limit",
        "All 9 cells are full: the deal's play ends",
    ]


def test_dracula_order_reads_non_dealer_spelt_with_an_underscore_as_the_non_dealer() -> None:
    """The request field naming the non-dealer is `non_dealer`; `by` may spell the default name either way."""
    status, result = run("dracula", "order", {"centre": "7H", "moves": moves(["non_dealer", "dealer"] * 4)})
    assert status == 200, result
    assert result["legal"] is True and result["placed"] == {"dealer": 4, "non-dealer": 4}
    named = {"centre": "7H", "moves": moves(["non_dealer", "Ann"] * 4), "dealer": "Ann", "non_dealer": "Bob"}
    status, result = run("dracula", "order", named)
    assert status == 400 and result["error"]["location"] == ["moves", 1, "by"]


def test_dracula_order_e9_the_dealer_placing_first_is_invalid() -> None:
    body = {"centre": "7H", "moves": moves(["D", "N"] * 4), "dealer": "D", "non_dealer": "N"}
    status, result = run("dracula", "order", body)
    assert status == 200 and result["legal"] is False
    assert result["reasons"][0]["text"] == "move 1: D deals and never places first; N does"


def test_dracula_order_e9_a_fifth_card_is_invalid() -> None:
    by = ["non-dealer", "dealer", "non-dealer", "dealer", "non-dealer", "dealer", "non-dealer", "non-dealer"]
    status, result = run("dracula", "order", {"centre": "7H", "moves": moves(by)})
    assert status == 200 and result["legal"] is False
    assert "move 8: non-dealer places a 5th card; each places 4" in [r["text"] for r in result["reasons"]]
    assert "dracula-10.5" in {r["rule"] for r in result["reasons"]}


def test_dracula_order_a_corner_placement_is_refused() -> None:
    body = {"centre": "7H", "moves": moves(["non-dealer"], cells=["r1c1"])}
    _, result = run("dracula", "order", body)
    assert result["legal"] is False and result["reasons"][0]["rule"] == "dracula-3.2"


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"centre": "7H", "moves": [{"by": "X", "cell": "r1c2", "card": "2C"}]}, "moves", "bad_field"),
        ({"centre": "7H", "moves": [{"by": "dealer", "cell": "r4c2", "card": "2C"}]}, "moves", "bad_layout"),
        ({"centre": "7H", "moves": [{"by": "dealer", "cell": "r1c2", "card": "7H"}]}, "centre", "too_many_copies"),
        ({"moves": []}, "centre", "bad_field"),
    ],
)
def test_dracula_order_malformed_is_400(body: dict[str, Any], field: str, code: str) -> None:
    status, result = run("dracula", "order", body)
    assert status == 400
    assert (result["error"]["field"], result["error"]["code"]) == (field, code)
