"""The Iceberg API checks: answers beyond the contract, and malformed input (iceberg-9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.checks import answer
from referee.rules.iceberg import ICEBERG

MELD = ICEBERG.checks["meld"]
LAYOFF = ICEBERG.checks["layoff"]
LEFTOVER = ICEBERG.checks["leftover"]


def test_checks_are_named_as_in_the_api() -> None:
    assert set(ICEBERG.checks) == {"meld", "layoff", "leftover"}


def test_meld_answer_fields() -> None:
    status, result = answer(MELD, {"cards": "qh qh qs qd qc", "decks": 2})
    assert status == 200
    assert result["cards"] == ["QS", "QH", "QH", "QD", "QC"]
    assert result["steps"] == [30, 40, 50]
    assert [s["rule"] for s in result["explanation"]] == ["iceberg-3.2", "iceberg-3.4"]


def test_illegal_meld_gives_reasons() -> None:
    status, result = answer(MELD, {"cards": ["KH", "2H", "3H"], "decks": 1})
    assert status == 200 and result["legal"] is False
    assert [{"text": r["text"], "rule": r["rule"]} for r in result["reasons"]] == [
        {"text": "K does not connect to 2: a run may not wrap around", "rule": "iceberg-1.3"}
    ]


def test_layoff_on_an_illegal_meld() -> None:
    status, result = answer(LAYOFF, {"meld": ["5H", "6H", "8H"], "cards": ["7H"], "decks": 1})
    assert status == 200 and result["legal"] is False
    assert result["reasons"][0]["rule"] == "iceberg-9.5"


def test_layoff_steps() -> None:
    _, result = answer(LAYOFF, {"meld": "5C 5D", "cards": "5H 5S", "decks": 1})
    assert result["points"] == 60
    assert result["steps"] == [{"card": "5H", "size": 3, "points": 20}, {"card": "5S", "size": 4, "points": 40}]
    assert result["meld"] == ["5S", "5H", "5D", "5C"]


def test_leftover_plan_and_explanation() -> None:
    status, result = answer(
        LEFTOVER, {"hand": ["4H", "5H", "6H", "7H", "8H"], "table": [["9H", "10H", "JH"]], "decks": 1}
    )
    assert status == 200
    assert result["plan"] == [
        {
            "action": "layoff",
            "cards": ["8H", "7H", "6H", "5H", "4H"],
            "points": 300,
            "steps": [40, 50, 60, 70, 80],
            "text": "Lay off `8H 7H 6H 5H 4H` on `9H`–`JH` (table meld 1): 40 + 50 + 60 + 70 + 80 = 300",
            "rule": "iceberg-4.5",
            "message": {
                "id": "Lay off {cards} on {meld} (table meld {number}): {total}",
                "params": {
                    "cards": "`8H 7H 6H 5H 4H`",
                    "meld": "`9H`–`JH`",
                    "number": 1,
                    "total": "40 + 50 + 60 + 70 + 80 = 300",
                },
            },
            "kind": "run",
            "onto": 1,
            "meld": ["9H", "10H", "JH"],
        }
    ]
    rules = [s["rule"] for s in result["explanation"]]
    assert rules == ["iceberg-6.2", "iceberg-4.5", "iceberg-6.2", "iceberg-6.3", "iceberg-6.4"]


def test_leftover_with_an_illegal_table_meld() -> None:
    status, result = answer(LEFTOVER, {"hand": ["5H"], "table": [["5H", "6H"]], "decks": 2})
    assert status == 200 and result["legal"] is False
    assert result["reasons"][0]["rule"] == "iceberg-9.5"


def test_empty_hand_costs_nothing() -> None:
    _, result = answer(LEFTOVER, {"hand": [], "table": [], "decks": 1})
    assert (result["best_points"], result["penalty"], result["unplayed"]) == (0, 0, [])


MALFORMED = [
    (MELD, {"cards": ["QH", "QS"], "decks": 3}, "bad_field", "decks"),
    (MELD, {"cards": ["QH", "QS"], "decks": True}, "bad_field", "decks"),
    (MELD, {"cards": None}, "bad_field", "cards"),
    (MELD, {}, "bad_field", "cards"),
    (MELD, {"cards": [7, "QS"]}, "bad_card", "cards"),
    (MELD, {"cards": ["1H"]}, "bad_card", "cards"),
    (MELD, {"cards": ["SJ", "QS"]}, "card_not_in_pack", "cards"),
    (MELD, {"cards": ["QH", "QH", "QH"], "decks": 2}, "too_many_copies", "cards"),
    (MELD, {"cards": ["QH"], "options": {"jokers": True}}, "bad_field", "options.jokers"),
    (MELD, {"cards": ["QH"], "options": []}, "bad_field", "options"),
    (LAYOFF, {"meld": ["5H", "6H", "7H"], "cards": ["7H"], "decks": 1}, "too_many_copies", "meld"),
    (LAYOFF, {"meld": 5, "cards": ["7H"]}, "bad_field", "meld"),
    (LEFTOVER, {"hand": ["5H"], "table": "5H 6H 7H"}, "bad_field", "table"),
    (LEFTOVER, {"hand": ["5H"], "table": [5]}, "bad_field", "table"),
    (LEFTOVER, {"hand": ["5H"], "table": [["5H", "xx"]]}, "bad_card", "table"),
    (LEFTOVER, {"hand": ["5H"], "table": [["5H", "6H", "7H"]], "decks": 1}, "too_many_copies", "hand"),
    (LEFTOVER, {"hand": ["2H"] * 2 + ["3H"] * 33}, "bad_field", "hand"),
    (LEFTOVER, {"hand": ["5H"], "options": {"penalty": "all"}}, "bad_field", "options.penalty"),
    (LEFTOVER, {"hand": ["5H"], "table": [["5S", "6S", "7S"]] * 41}, "bad_field", "table"),
    (LEFTOVER, {"table": []}, "bad_field", "hand"),
]


@pytest.mark.parametrize(("check", "body", "code", "field"), MALFORMED)
def test_malformed_input_is_a_400(check, body: dict, code: str, field: str) -> None:  # type: ignore[no-untyped-def]
    status, result = answer(check, body)
    assert status == 400
    assert result["error"]["code"] == code
    assert result["error"].get("field") == field


def test_a_body_that_is_not_an_object() -> None:
    assert answer(LEFTOVER, ["5H"])[0] == 400


def test_thirty_two_cards_are_accepted() -> None:
    hand = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8", "9") for s in "SHDC"]
    status, result = answer(LEFTOVER, {"hand": hand, "table": [], "decks": 1})
    assert status == 200 and result["unplayed"] == []


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6) | st.sampled_from(["5H", "AS", "10h", "QD"]),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)
FIELDS = ["cards", "meld", "hand", "table", "decks", "options"]


@given(check=st.sampled_from([MELD, LAYOFF, LEFTOVER]), body=st.dictionaries(st.sampled_from(FIELDS), JSON))
def test_nothing_sent_raises_anything_but_input_errors(check, body: dict) -> None:  # type: ignore[no-untyped-def]
    status, result = answer(check, body)
    assert status in (200, 400)
    if status == 200:
        assert result["explanation"]
