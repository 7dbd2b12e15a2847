"""A match of every game as the tests of groups and upgrades play it: its seats and deals."""

from __future__ import annotations

from typing import Any

from tests.long_evening import dracula_entry, iceberg_entry

AC, BD = "Ann & Cat", "Bob & Dan"
#: Per game: its seats and three deals, the second of them corrected to the fourth entry, the third undone.
PLAYED: dict[str, tuple[list[str], list[dict[str, Any]]]] = {
    "paks": (
        ["Ann", "Bob"],
        [
            {"paks": {"Ann": [["QH", "2H", "KH"], ["7H", "6H"], ["AH", "3H"]], "Bob": [["9H", "4H"]]}},
            {"paks": {"Ann": [["10S", "4S"]], "Bob": [["JS", "5S"], ["AH", "2H"]]}},
            {"paks": {"Ann": [["KH", "9H"]], "Bob": [["QS", "3S"]]}},
            {"paks": {"Ann": [["10S", "4S"], ["AH", "2H"]], "Bob": [["JS", "5S"]]}},
        ],
    ),
    "clabber": (
        ["Ann", "Bob", "Cat", "Dan"],
        [
            {"makers": "Ann", "trump": "H", "points": {AC: 95, BD: 67}},
            {"makers": "Bob", "trump": "S", "points": {AC: 40, BD: 122}, "bell": "Dan"},
            {
                "makers": "Cat",
                "trump": "D",
                "turn_up": "10D",
                "points": {AC: 100, BD: 62},
                "meld_cards": {"Bob": "ad kd qd jd"},
            },
            {"makers": "Bob", "trump": "S", "points": {AC: 52, BD: 110}, "bell": "Dan"},
        ],
    ),
    "dracula": (["Ann", "Bob"], [dracula_entry(1), dracula_entry(2), dracula_entry(3), dracula_entry(4)]),
    "zhengfen": (
        ["Ann", "Bob", "Cat", "Dan"],
        [
            {
                "order": ["Bob", "Dan", "Ann", "Cat"],
                "captured": {
                    "Ann": ["10S", "KH", "5D"],
                    "Bob": ["KS", "5C"],
                    "Cat": ["10H", "10D", "KD"],
                    "Dan": ["10C", "KC"],
                },
                "hand": ["5S", "5H", "7C", "2D"],
            },
            {"order": ["Ann", "Bob", "Cat", "Dan"], "captured": {"Ann": {"5": 4, "10": 4, "K": 4}}},
            {
                "order": ["Cat", "Ann", "Dan", "Bob"],
                "captured": {"Cat": {"5": 2, "10": 2}, "Dan": {"K": 4}, "Ann": {"5": 2, "10": 2}},
            },
            {"order": ["Bob", "Ann", "Cat", "Dan"], "captured": {"Bob": {"5": 4, "10": 4, "K": 4}}},
        ],
    ),
    "iceberg": (["Ann", "Bob", "Cat"], [iceberg_entry(1), iceberg_entry(2), iceberg_entry(3), iceberg_entry(4)]),
}
