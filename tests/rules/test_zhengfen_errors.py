"""Malformed requests to the Zheng Fen checks answer 400 with the right code, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.checks import answer
from referee.rules.zhengfen import ZHENGFEN, ZHENGFEN_PACK

DEAL = {
    "order": ["B", "D", "A", "C"],
    "captured": {"A": ["10S", "KH", "5D"], "B": ["KS", "5C"], "C": ["10H", "10D", "KD"], "D": ["10C", "KC"]},
    "hands": {"C": ["5S", "5H", "7C", "2D"]},
}


@pytest.mark.parametrize(
    ("check", "body", "code", "field"),
    [
        ("classify", {}, "bad_field", "cards"),
        ("classify", {"cards": None}, "bad_field", "cards"),
        ("classify", {"cards": []}, "bad_field", "cards"),
        ("classify", {"cards": [5]}, "bad_card", "cards"),
        ("classify", {"cards": ["8S", ""]}, "bad_card", "cards"),
        ("classify", {"cards": ["1S"]}, "bad_card", "cards"),
        ("classify", {"cards": ["JO"]}, "card_not_in_pack", "cards"),
        ("classify", {"cards": "5H 5h"}, "too_many_copies", "cards"),
        ("classify", {"cards": ["8S"], "options": {"wild_range": "all"}}, "bad_field", "options.wild_range"),
        ("classify", {"cards": ["8S"], "options": {"trio_forms": "pair"}}, "bad_field", "options.trio_forms"),
        ("classify", {"cards": ["8S"], "options": {"target": 725}}, "bad_field", "options.target"),
        ("classify", {"cards": ["8S"], "options": {"decks": 2}}, "bad_field", "options.decks"),
        ("classify", {"cards": ["8S"], "options": []}, "bad_field", "options"),
        ("classify", {"cards": ["8S"], "declared": "pair"}, "bad_field", "declared"),
        ("classify", {"cards": ["8S"], "declared": {"type": "bomb"}}, "bad_field", "declared"),
        ("classify", {"cards": ["8S"], "declared": {"type": "pair", "key": "11"}}, "bad_field", "declared"),
        ("classify", {"cards": ["8S"], "declared": {"type": "pair", "length": "3"}}, "bad_field", "declared"),
        ("beats", {"current": ["8S"]}, "bad_field", "play"),
        ("beats", {"current": [], "play": ["8S"]}, "bad_field", "current"),
        ("beats", {"current": ["8S"], "play": ["8S"]}, "too_many_copies", "current"),
        ("beats", {"current": ["8S"], "play": ["9S"], "current_declared": 3}, "bad_field", "current_declared"),
        ("deal", {**DEAL, "order": "BDAC"}, "bad_field", "order"),
        ("deal", {**DEAL, "order": ["B", "D"]}, "bad_field", "order"),
        ("deal", {**DEAL, "order": ["B", "D", "A", "C", "E", "F", "G"]}, "bad_field", "order"),
        ("deal", {**DEAL, "order": ["B", "D", "B", "C"]}, "bad_field", "order"),
        ("deal", {**DEAL, "order": ["B", "D", "A", ""]}, "bad_field", "order"),
        ("deal", {"order": DEAL["order"]}, "bad_field", "captured"),
        ("deal", {**DEAL, "captured": ["5S"]}, "bad_field", "captured"),
        ("deal", {**DEAL, "captured": {**DEAL["captured"], "E": []}}, "bad_field", "captured"),
        ("deal", {**DEAL, "captured": {**DEAL["captured"], "A": 10}}, "bad_field", "captured.A"),
        ("deal", {**DEAL, "hands": {"A": ["3S"], "C": ["5S", "5H"]}}, "bad_field", "hands.A"),
        ("deal", {**DEAL, "hands": {"C": ["5S", "5H", "SJ", "SJ"]}}, "too_many_copies", "hands.C"),
        ("deal", {**DEAL, "hands": {"C": ["5S"]}}, "bad_total", "captured"),
        (
            "deal",
            {**DEAL, "hands": {"C": "5S 5H 3S 4S 6S 7S 8S 9S JS QS AS 2S 3H 4H 6H"}},
            "bad_field",
            "hands.C",
        ),
    ],
)
def test_malformed_request(check: str, body: dict, code: str, field: str) -> None:
    status, result = answer(ZHENGFEN.checks[check], body)
    assert status == 400, result
    assert result["error"]["code"] == code
    assert result["error"]["field"] == field
    assert result["error"]["message"]


def test_a_deal_request_names_every_mistake_at_once() -> None:
    """A player twice in the order and a bad card in two piles: one 400 with the three."""
    body = {**DEAL, "order": ["B", "D", "B", "C"]}
    body["captured"] = dict(DEAL["captured"], A=["10S", "KH", "ZZ"], D=["10C", "JO"])
    status, result = answer(ZHENGFEN.checks["deal"], body)
    assert status == 400
    errors = result["error"]["errors"]
    assert [(e["field"], e["code"], e["location"]) for e in errors] == [
        ("order", "bad_field", ["order", 2]),
        ("captured.A", "bad_card", ["captured.A", 3]),
        ("captured.D", "card_not_in_pack", ["captured.D"]),
    ]
    assert result["error"]["field"] == "order"


def test_points_missing_are_refused_beside_bad_cards_unless_those_could_be_them() -> None:
    """Two tokens could not be read: two point cards missing may be them, three cannot."""
    body = {**DEAL, "captured": dict(DEAL["captured"], A=["10S", "KH", "ZZ"], D=["10C", "JO"])}
    status, result = answer(ZHENGFEN.checks["deal"], body)
    assert status == 400 and [e["code"] for e in result["error"]["errors"]] == ["bad_card", "card_not_in_pack"]
    body["captured"]["B"] = ["KS"]  # 5C is missing too
    status, result = answer(ZHENGFEN.checks["deal"], body)
    codes = [e["code"] for e in result["error"]["errors"]]
    assert codes == ["bad_card", "card_not_in_pack", "bad_total"], result
    assert "missing `5D`, `5C`, `KC`" in result["error"]["errors"][2]["message"]


def test_request_body_must_be_an_object() -> None:
    status, result = answer(ZHENGFEN.checks["classify"], ["8S"])
    assert status == 400 and result["error"]["code"] == "bad_field"


def test_null_hands_mean_none() -> None:
    status, result = answer(
        ZHENGFEN.checks["deal"],
        {"order": ["A", "B", "C"], "captured": {"A": "5S 5H 5D 5C 10S 10H 10D 10C KS KH KD KC"}, "hands": None},
    )
    assert status == 200
    assert result["scores"] == {"A": 100, "B": 0, "C": 0}


def test_largest_request_is_answered() -> None:
    every = [str(c) for c in ZHENGFEN_PACK.cards()]
    status, result = answer(ZHENGFEN.checks["classify"], {"cards": every})
    assert status == 200 and result["legal"] is False


TOKENS = st.sampled_from(["5S", "10H", "KD", "SJ", "BJ", "JO", "ZZ", "", "t♠", "2c", "AS", "8S", "8H", "8D", "8C"])
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(allow_nan=False) | TOKENS | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=4) | TOKENS, inner, max_size=4),
    max_leaves=20,
)
CARDS = st.lists(TOKENS, max_size=8) | JSONISH
NAMES = st.sampled_from(["A", "B", "C", "D"])
OPTIONS = st.none() | st.dictionaries(
    st.sampled_from(["trio_forms", "specials", "wild_range", "triple_four_sequence_min", "target", "x"]),
    JSONISH | st.sampled_from(["any_card", "standard_only", 2, 3, 500, ["pair"], ["four_twos"]]),
    max_size=3,
)


@given(
    st.sampled_from(["classify", "beats", "deal"]),
    st.fixed_dictionaries(
        {},
        optional={
            "cards": CARDS,
            "current": CARDS,
            "play": CARDS,
            "declared": JSONISH,
            "current_declared": JSONISH,
            "order": st.lists(NAMES, max_size=7) | JSONISH,
            "captured": st.dictionaries(NAMES, CARDS, max_size=5) | JSONISH,
            "hands": st.dictionaries(NAMES, CARDS, max_size=5) | JSONISH,
            "options": OPTIONS,
        },
    ),
)
def test_any_request_answers_200_or_400(check: str, body: dict) -> None:
    status, result = answer(ZHENGFEN.checks[check], body)
    assert status in (200, 400)
    if status == 400:
        assert set(result["error"]) >= {"code", "message"}
    else:
        assert result["explanation"]
