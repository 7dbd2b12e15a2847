"""Zheng Fen for the page tests: the players, the house rules, worked deals, and the forms as the phone posts them."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from referee.rules.zhengfen.options import SPECIALS, TRIO_FORMS

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


OPTIONS = {
    "opt_trio_forms": list(TRIO_FORMS),
    "opt_specials": list(SPECIALS),
    "opt_wild_range": "any_card",
    "opt_triple_four_sequence_min": "3",
}
#: The house rules a match of the page tests plays by: every special, to 500.
MATCH = {**OPTIONS, "opt_target": "500"}


#: E31 of the rules file: 4 players finish B, D, A, C; C still holds 5S 5H 7C 2D.
E31 = {
    "order": ["Bob", "Dan", "Ann", "Cat"],
    "captured": {"Ann": "10S KH 5D", "Bob": "KS 5C", "Cat": "10H 10D KD", "Dan": "10C KC"},
    "hand": "5S 5H 7C 2D",
}


def form_data(players: list[str], deal: dict[str, Any]) -> dict[str, Any]:
    """What the deal form posts: a place radio per row, a card field or three counts per pile."""
    data: dict[str, Any] = {f"player_{seat}": name for seat, name in enumerate(players)}
    data |= {f"place_{i}": name for i, name in enumerate(deal["order"])}
    for seat, name in enumerate(players):
        data |= pile_fields(deal["captured"].get(name, ""), f"cards_{seat}", f"{{}}_{seat}")
    data |= pile_fields(deal.get("hand", ""), "hand_cards", "hand_{}")
    return data


def pile_fields(pile: str | dict[str, int], cards_name: str, count_name: str) -> dict[str, str]:
    if isinstance(pile, dict):
        names = {"5": "fives", "10": "tens", "K": "kings"}
        return {count_name.format(names[rank]): str(n) for rank, n in pile.items()}
    return {cards_name: pile}


def totals(page: str) -> list[int]:
    footer = page.split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r"<td[^>]*>(\d+)</td>", footer)]


def text_of(page: str) -> str:
    """The page as read: inline tags dropped, other tags as spaces, entities decoded, spaces collapsed."""
    inline = re.sub(r"</?(?:span|strong|code|a)\b[^>]*>", "", page)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


E31_PAGE = {
    "players": "4",
    **form_data(
        ["A", "B", "C", "D"],
        {
            "order": ["B", "D", "A", "C"],
            "captured": {"A": "10S KH 5D", "B": "KS 5C", "C": "10H 10D KD", "D": "10C KC"},
            "hand": "5S 5H 7C 2D",
        },
    ),
}


def trick_data(players: int, plays: list[tuple[str, str]], **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"players": str(players), **extra}
    for n, (who, cards) in enumerate(plays):
        data |= {f"who_{n}": who, f"cards_{n}": cards}
    return data
