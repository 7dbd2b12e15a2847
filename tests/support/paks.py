"""Paks for the page tests: the players, the worked deals, and the deal form as the phone posts it."""

from __future__ import annotations

import re

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")

# E10 (hearts, 2 players): A throws off {7H, 6H}, B {9H, 4H}; A scores 50, B 0.
E10 = {"Ann": ["QH 2H KH", "7H 6H", "AH 3H"], "Bob": ["9H 4H"]}

DEALS: dict[int, dict[str, list[str]]] = {
    2: E10,
    # E12 (clubs, 3 players): A 2 paks, B 1, C 3; m = 1.
    3: {"Ann": ["AC 5C", "KC 4C"], "Bob": ["QC 3C"], "Cat": ["JC 2C", "10C 9C 8C", "7C 6C"]},
    # Teams Ann & Cat against Bob & Dan: the partners' spades are pooled, m = 2.
    4: {"Ann": ["AS 3S", "KS 2S"], "Bob": ["QS 4S"], "Cat": ["9S 5S"], "Dan": ["JS 10S 6S"]},
    # Teams Ann, Cat, Eve against Bob, Dan, Fay: only Ann's team holds diamonds, nothing thrown off.
    6: {"Ann": ["AD 4D"], "Bob": ["KH 5H"], "Cat": ["QD 2D"], "Dan": ["AH 3H"], "Eve": ["9D 7D 5D"], "Fay": []},
}


def deal_form(players: tuple[str, ...], paks: dict[str, list[str]], thrown: dict[str, list[int]] | None = None) -> dict:
    """What the phone posts: each seat's name (a hidden field) and one pak per row."""
    data: dict[str, str] = {}
    for seat, name in enumerate(players):
        data[f"player_{seat}"] = name
        for row, cards in enumerate(paks.get(name, [])):
            data[f"paks_{seat}-{row}-cards"] = cards
            if thrown and row + 1 in thrown.get(name, []):
                data[f"paks_{seat}-{row}-thrown"] = "y"
    return data


def totals(html: str) -> list[int]:
    footer = html.split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r"<td[^>]*>(\d+)</td>", footer)]


TEAMS = ("Ann & Cat", "Bob & Dan")
SUITS = "SHDC"

# A typical 4-player deal: 14 paks. m: spades 1, hearts 2, diamonds 1, clubs 1.
HELD = {"Ann & Cat": (2, 2, 1, 2), "Bob & Dan": (1, 3, 2, 1)}
KEPT = {"Ann & Cat": 85, "Bob & Dan": 60}


def quick_form(held: dict[str, tuple[int, ...]], kept: dict[str, int | str]) -> dict[str, str]:
    """What the phone posts in quick mode: each side's name (hidden), a chip per suit, the points kept."""
    data = {"mode": "quick"}
    for n, side in enumerate(held):
        data[f"side_{n}"] = side
        for suit, count in zip(SUITS, held[side], strict=True):
            data[f"held_{n}_{suit}"] = str(count) if count < 6 else "more"
            if count >= 6:
                data[f"more_{n}_{suit}"] = str(count)
        if side in kept:
            data[f"kept_{n}"] = str(kept[side])
    return data
