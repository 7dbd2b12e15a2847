"""Dracula for the page tests: six deals' coffins laid from the pack, as the deal form posts them."""

from __future__ import annotations

import re

from referee.rules.dracula import DRACULA_PACK, parse_layout, score_coffin
from referee.rules.dracula.layout import CELLS
from referee.rules.dracula.options import OPTIONS
from referee.rules.options import parse_options
from tests.support.client import Browser
from tests.support.table import Table

DECK = [str(c) for c in DRACULA_PACK.cards()]
#: Six deals: the pack laid nine cards a coffin, in order.
LAYOUTS = [DECK[i * 9 : i * 9 + 9] for i in range(6)]
#: The house rule the page tests play by: the first dealer plays the Queen.
QUEEN_FIRST = {"opt_first_dealer_role": "queen"}


def cells(cards: list[str]) -> dict[str, str]:
    """A coffin as the deal form posts it: each cell's card."""
    return dict(zip(CELLS, cards, strict=True))


def coffin_scores(layout: list[str]) -> dict[str, int]:
    grid = parse_layout([layout[0:3], layout[3:6], layout[6:9]], DRACULA_PACK)
    return dict(score_coffin(grid, 2, parse_options(OPTIONS, {})).scores)


def rescoring_swap(layout: list[str]) -> list[str]:
    """The layout with the first swap of two of its cards that changes the deal's scores."""
    for i in range(9):
        for j in range(i + 1, 9):
            swapped = list(layout)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            if coffin_scores(swapped) != coffin_scores(layout):
                return swapped
    raise AssertionError("no swap changes this deal's scores")


def play_dracula(browser: Browser, evening: str, first: str, second: str) -> tuple[str, str]:
    """A whole 2-player Dracula (six deals); returns the match's URL and its winner."""
    table = Table(browser)
    match = table.match("dracula", (first, second), evening=evening, **QUEEN_FIRST)
    for layout in LAYOUTS:
        table.deal(match, cells(layout))
    banner = re.search(r"</svg> (\w+) wins", browser.get(match).get_data(as_text=True))
    assert banner, "the match should be won"
    return match, banner.group(1)


#: E3 of the rules file: a coffin whose lines the claims of the tests are about.
E3 = cells(["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"])
