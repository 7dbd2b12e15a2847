"""Clabber for the page tests: the players, a deal per table size, and the deal form as the phone posts it."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from tests.support.client import Browser

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def hidden_names(page: str) -> dict[str, str]:
    """The side and player names the deal form carries, as a browser posts them back."""
    found = re.findall(r'name="((?:side|player)_\d)" type="hidden" value="([^"]*)"', page)
    return {name: html_lib.unescape(value) for name, value in found}


def enter(browser: Browser, url: str, data: dict[str, str]) -> Any:
    """Load the deal form (its token and hidden names) and post ``data`` as typed."""
    names = hidden_names(browser.get(url).get_data(as_text=True))
    return browser.client.post(url, data={**names, **data, "csrf_token": browser.token})


def totals(page: str) -> list[int]:
    footer = page.split('<table class="sheet ')[1].split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r"<td[^>]*>(\d+)</td>", footer)]


def marks(page: str, number: int) -> list[str]:
    row = page.split(f'<tr id="deal-{number}">')[1].split("</tr>")[0]
    return re.findall(r'<span class="mark">([^<]*)</span>', row)


# One deal per variant: the form fields and the same deal as the rules layer's entry.
DEALS: dict[int, tuple[dict[str, str], dict[str, Any], list[str]]] = {
    # Ann plays hearts, takes 80 of 84..156, Bo 50; Ann's bell: 100 beats 50, made.
    2: (
        {"makers": "Ann", "trump": "H", "round": "1", "points_0": "80", "points_1": "50", "bell": "Ann"},
        {"makers": "Ann", "trump": "H", "points": {"Ann": 80, "Bo": 50}, "bell": "Ann"},
        ["100", "50"],
    ),
    # Bo plays clubs with 70 and a fifty; Cy is left blank (42) but shows four 9s, which outrank it:
    # Bo 70 + bell 20 = 90 does not beat Cy 42 + 100 = 142, so Bo is set.
    3: (
        {
            "makers": "Bo",
            "trump": "C",
            "round": "1",
            "points_0": "50",
            "points_1": "70",
            "meld_cards_1": "AS KS QS JS",
            "meld_cards_2": "9H 9S 9D 9C",
            "bell": "Bo",
        },
        {
            "makers": "Bo",
            "trump": "C",
            "points": {"Ann": 50, "Bo": 70},
            "meld_cards": {"Bo": "AS KS QS JS", "Cy": "9H 9S 9D 9C"},
            "bell": "Bo",
        },
        ["50", "XX", "142"],
    ),
    # E21: makers NS (Ann & Cy) 100 + bell 20 = 120 against 62 + fifty 50 = 112: made.
    4: (
        {"makers": "Ann & Cy", "trump": "S", "round": "2", "points_0": "100", "meld_1_0": "fifty", "bell": "Cy"},
        {
            "makers": "Ann & Cy",
            "trump": "S",
            "round": 2,
            "points": {"Ann & Cy": 100},
            "melds": {"Bo & Di": "fifty"},
            "bell": "Cy",
        },
        ["120", "112"],
    ),
    # 3 against 3: the second team is left blank and sweeps nothing; Ann & Cy & Ed make with 162.
    6: (
        {"makers": "Ann & Cy & Ed", "trump": "D", "round": "1", "points_1": "0"},
        {"makers": "Ann & Cy & Ed", "trump": "D", "points": {"Bo & Di & Flo": 0}},
        ["162", "-"],
    ),
}
