"""Table speed: a typical 4-player Dracula deal entered on a phone, every tap and typed character counted.

Dracula is played by 2 to 4 (dracula-1.1, dracula-8); the 4-player game scores partnership against
partnership. Its quickest real entry is the coffin itself, 3×3 cards, through the card picker. From
the sheet's "Enter deal" to the save: one tap opens the picker on the first cell, a suit tap when
the suit changes (the chosen suit stays), a rank tap per card (the focus moves on to the next cell
by itself and the picker closes after the ninth). A coffin whose every card changes suit would
take 21 taps; a Vampire costs one tap and keeps the suit.
"""

from __future__ import annotations

import re
from typing import Any

from referee.rules.dracula import DRACULA
from referee.rules.dracula.layout import CELLS
from referee.rules.game import MatchSetup
from tests.browser.table_speed import Thumbs
from tests.support.phones import open_new_match

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
#: E3 of the rules: 7H 8H 9H / 2C QS 5D / KD 4C 10S; with four players (E11) rows score 120, columns 24.
LAYOUT = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]]


def pick(thumbs: Thumbs, card: str) -> None:
    """A card on the picker: its suit unless that suit is chosen already, then its rank."""
    rank, suit = card[:-1], card[-1]
    if thumbs.page.locator(f".picker [data-suit='{suit}']").get_attribute("aria-pressed") != "true":
        thumbs.tap(f".picker [data-suit='{suit}']")
    thumbs.tap(f".picker [data-rank='{rank}']")


def test_a_four_player_coffin_in_twenty_taps(server: str, phone: Any) -> None:
    page = phone.new_page()
    open_new_match(page, server, "Friday", PLAYERS, "Dracula")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))

    thumbs = Thumbs(page)
    thumbs.tap("text=Enter deal 1")
    page.wait_for_url(re.compile(r"/deals/new$"))
    thumbs.tap("#r1c1")
    for card in (card for row in LAYOUT for card in row):
        pick(thumbs, card)
    assert [page.input_value(f"#{cell}") for cell in CELLS] == [card for row in LAYOUT for card in row]
    assert page.locator(".picker:visible").count() == 0  # the ninth card closes the picker
    thumbs.tap("button:text('Score deal 1')")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-1)?$"))

    # The sheet shows what the rules layer scores: the rows partnership 120, the columns partnership 24.
    setup = MatchSetup(players=PLAYERS, options=DRACULA.parse_options({}))
    expected = DRACULA.score_match(setup, [DRACULA.check_entry(setup, {"layout": LAYOUT})])
    shown = [str(expected.deals[0].scores[side.name]) for side in expected.sides]
    assert sorted(shown) == ["120", "24"]
    assert page.locator("#deal-1 .mark").all_inner_texts() == shown
    assert thumbs.within_target(), thumbs.summary()
