"""Malformed Paks requests: 400 with the API error code and a message naming what is wrong."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.paks import PAKS

PAK = {"table_card": "9H", "played": ["5H", "4H"]}
STEAL = {"pak_suit": "S", "stolen_suits": [], "victim_paks": [["5H", "4H", "KH"]], "played": ["3H", "2H"]}
DEAL = {"sides": [{"name": "A", "paks": [["QH", "2H", "KH"]]}, {"name": "B", "paks": [["9H", "4H"]]}]}


def run(check: str, body: object) -> tuple[int, dict]:
    return answer(PAKS.checks[check], body)


@pytest.mark.parametrize(
    ("check", "body", "code", "field"),
    [
        ("pak", {**PAK, "played": ["5H", None]}, "bad_card", "played"),
        ("pak", {**PAK, "played": 54}, "bad_field", "played"),
        ("pak", {**PAK, "table_card": ["9H"]}, "bad_card", "table_card"),
        ("pak", {**PAK, "table_card": "JO"}, "card_not_in_pack", "table_card"),
        ("pak", {**PAK, "decks": 3}, "bad_field", "decks"),
        ("pak", {**PAK, "decks": "2"}, "bad_field", "decks"),
        ("pak", {**PAK, "options": {"target": 320}}, "bad_field", "options.target"),
        ("pak", {**PAK, "options": {"targets": 300}}, "bad_field", "options.targets"),
        ("pak", {**PAK, "options": []}, "bad_field", "options"),
        ("pak", {**PAK, "played": ["5H"] * 105}, "too_many_copies", "played"),
        ("pak", ["9H", "5H"], "bad_field", None),
        ("steal", {**STEAL, "pak_suit": "X"}, "bad_field", "pak_suit"),
        ("steal", {k: v for k, v in STEAL.items() if k != "pak_suit"}, "bad_field", "pak_suit"),
        ("steal", {**STEAL, "stolen_suits": ["S"]}, "bad_field", "stolen_suits"),
        ("steal", {**STEAL, "stolen_suits": ["D", "d"]}, "bad_field", "stolen_suits"),
        ("steal", {**STEAL, "stolen_suits": 4}, "bad_field", "stolen_suits"),
        ("steal", {**STEAL, "victim_paks": []}, "bad_field", "victim_paks"),
        ("steal", {**STEAL, "victim_paks": "5H 4H KH"}, "bad_field", "victim_paks"),
        ("steal", {**STEAL, "victim_paks": [7]}, "bad_field", "victim_paks"),
        ("steal", {**STEAL, "victim_paks": [{"owner": "B"}]}, "bad_field", "victim_paks"),
        ("steal", {**STEAL, "victim_paks": [{"owner": "B", "cards": ["5H"], "x": 1}]}, "bad_field", "victim_paks"),
        ("steal", {**STEAL, "victim_paks": [{"owner": 3, "cards": ["5H", "4H"]}]}, "bad_field", "victim_paks[0].owner"),
        ("steal", {**STEAL, "partners": "B"}, "bad_field", "partners"),
        ("steal", {**STEAL, "player": ""}, "bad_field", "player"),
        ("steal", {**STEAL, "options": {"partner_steal": "maybe"}}, "bad_field", "options.partner_steal"),
        ("deal", {"sides": [DEAL["sides"][0]]}, "bad_field", "sides"),
        ("deal", {"sides": DEAL["sides"] * 2}, "bad_field", "sides"),
        ("deal", {"sides": [DEAL["sides"][0], {"name": "a", "paks": []}]}, "bad_field", "sides"),
        ("deal", {"sides": [DEAL["sides"][0], {"name": "", "paks": []}]}, "bad_field", "sides[1].name"),
        ("deal", {"sides": [DEAL["sides"][0], "B"]}, "bad_field", "sides"),
        ("deal", {"sides": [DEAL["sides"][0], {"name": "B", "paks": [["7H", "6S"]]}]}, "bad_field", "sides"),
        ("deal", {"sides": [DEAL["sides"][0], {"name": "B", "paks": [["5H", "5H"]]}]}, "bad_field", "sides"),
        (
            "deal",
            {"decks": 1, "sides": [DEAL["sides"][0], {"name": "B", "paks": [["KH", "2H"]]}]},
            "too_many_copies",
            "sides",
        ),
        ("deal", {"sides": [DEAL["sides"][0], {"name": "B", "paks": [], "score": 3}]}, "bad_field", "sides"),
        ("deal", {**DEAL, "options": {"throw_off": "highest"}}, "bad_field", "options.throw_off"),
        (
            "deal",
            {"sides": [DEAL["sides"][0], {**DEAL["sides"][1], "thrown_off": [["9H", "4H"]]}]},
            "bad_field",
            "sides",
        ),
        ("deal", {**DEAL, "options": {"throw_off": "manual"}}, "bad_field", "sides"),
    ],
)
def test_malformed_requests(check: str, body: object, code: str, field: str | None) -> None:
    status, result = run(check, body)
    assert status == 400, result
    assert result["error"]["code"] == code
    assert result["error"].get("field") == field
    assert result["error"]["message"]


def test_copy_message_names_the_places() -> None:
    body = {**STEAL, "victim_paks": [["5H", "4H", "KH"]], "played": ["5H", "5H"]}
    status, result = run("steal", body)
    assert status == 400
    assert result["error"]["message"] == "`5H` appears 3 times (played, victim_paks); two decks hold 2"


def test_deal_copy_message_names_the_paks() -> None:
    body = {"decks": 1, "sides": [{"name": "A", "paks": [["KH", "2H"]]}, {"name": "B", "paks": [["KH", "3H"]]}]}
    status, result = run("deal", body)
    assert status == 400
    assert result["error"]["message"] == "`KH` appears twice (pak 1 of A and pak 1 of B); one deck holds 1"


def test_bad_pak_message_cites_the_clause() -> None:
    body = {"sides": [{"name": "A", "paks": [["KH", "2H"], ["7H", "6S"]]}, {"name": "B", "paks": []}]}
    status, result = run("deal", body)
    assert status == 400
    assert result["error"]["message"] == "pak 2 of A mixes `7H` and `6S` — paks-4.4"


def test_manual_throw_off_over_the_api() -> None:
    sides = [
        {"name": "A", "paks": [["QH", "2H", "KH"], ["7H", "6H"]], "thrown_off": ["QH 2H KH"]},
        {"name": "B", "paks": [["9H", "4H"]], "thrown_off": [["4H", "9H"]]},
    ]
    status, result = run("deal", {"sides": sides, "options": {"throw_off": "manual"}})
    assert status == 200, result
    assert result["scores"] == {"A": 10, "B": 0}
    assert result["thrown_off"] == {"A": [["QH", "2H", "KH"]], "B": [["9H", "4H"]]}
    stranger = [sides[0], {**sides[1], "thrown_off": [["9H", "3H"]]}]
    status, result = run("deal", {"sides": stranger, "options": {"throw_off": "manual"}})
    assert status == 400
    assert "holds no such pak" in result["error"]["message"]


def test_illegal_but_well_formed_is_200_with_reasons() -> None:
    status, result = run("pak", {"table_card": "9H", "played": []})
    assert status == 200
    assert result["legal"] is False
    assert result["value"] == 0 and result["target"] == 9
    assert [r["rule"] for r in result["reasons"]] == ["paks-4.2", "paks-4.2"]
    status, result = run("steal", {**STEAL, "victim_paks": [["5H", "4H", "KH"], ["9S", "2S"]]})
    assert status == 200
    assert result["legal"] is False
    assert "paks-5.6" in [r["rule"] for r in result["reasons"]]
    status, result = run("steal", {**STEAL, "victim_paks": [["KH", "QH"]]})
    assert status == 200
    assert [r["rule"] for r in result["reasons"]] == ["paks-9.5"]


def test_steal_from_self_and_partner() -> None:
    victims = [{"owner": "B", "cards": ["5H", "4H", "KH"]}]
    body = {**STEAL, "victim_paks": victims}
    assert run("steal", {**body, "player": "A"})[1]["legal"] is True
    own = run("steal", {**body, "player": "b"})[1]
    assert own["legal"] is False and [r["rule"] for r in own["reasons"]] == ["paks-5.2"]
    partner = {**body, "player": "A", "partners": ["B"]}
    assert run("steal", partner)[1]["legal"] is True
    forbidden = run("steal", {**partner, "options": {"partner_steal": False}})[1]
    assert forbidden["legal"] is False
    assert [r["rule"] for r in forbidden["reasons"]] == ["paks-5.2"]


def test_suits_and_lists_in_other_spellings() -> None:
    status, result = run("steal", {**STEAL, "pak_suit": "♠", "stolen_suits": "diamonds C", "played": "3h, 2h"})
    assert status == 200
    assert (result["legal"], result["value"], result["target"]) == (True, 32, 19)


THREE_SIDES = [*DEAL["sides"], {"name": "C", "paks": []}]
QUICK_THREE = [{"name": n, "held": {"H": 1}, "kept": 0} for n in "ABC"]
QUICK_TWO = [{"name": n, "held": {"H": 1}, "kept": 0} for n in "AB"]


@pytest.mark.parametrize(
    ("body", "players", "sides"),
    [
        ({"players": 6, "sides": THREE_SIDES}, 6, 3),
        ({"players": 4, "sides": THREE_SIDES}, 4, 3),
        ({"players": 2, "sides": THREE_SIDES}, 2, 3),
        ({"decks": 1, "sides": THREE_SIDES}, 2, 3),
        ({"players": 3, "sides": DEAL["sides"]}, 3, 2),
        ({"players": 3, "mode": "quick", "sides": QUICK_TWO}, 3, 2),
        ({"players": 6, "mode": "quick", "sides": QUICK_THREE}, 6, 3),
    ],
)
def test_a_deal_whose_sides_do_not_fit_the_players_is_refused(body: dict, players: int, sides: int) -> None:
    """2 or 3 players play alone, 4 or 6 in two teams (paks-1.1, paks-6.2); one deck is for 2 (paks-1.2)."""
    status, result = run("deal", body)
    assert status == 400, result
    error = result["error"]
    assert (error["code"], error["field"]) == ("bad_field", "sides")
    assert error["params"]["players"] == players and error["params"]["given"] == sides
    assert "`sides`" in error["message"] and "paks-1.1" in error["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"players": 2, "sides": DEAL["sides"]},
        {"players": 3, "sides": THREE_SIDES},
        {"players": 4, "sides": DEAL["sides"]},
        {"players": 6, "sides": DEAL["sides"]},
        {"decks": 2, "sides": THREE_SIDES},
        {"decks": 2, "sides": DEAL["sides"]},
        {"sides": THREE_SIDES},
        {"players": 3, "mode": "quick", "sides": QUICK_THREE},
    ],
)
def test_a_deal_whose_sides_fit_is_scored(body: dict) -> None:
    status, result = run("deal", body)
    assert status == 200, result
    assert len(result["scores"]) == len(body["sides"])
