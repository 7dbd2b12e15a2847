"""A typical 4-player Paks deal entered at table speed: the quick mode, every tap and typed character counted.

Two teams, 14 paks at the end of the deal. From the sheet: open the deal form, tap each side's paks per
suit (a suit a side holds none of stays at 0, no tap), type the points each side keeps after the
throw-off, save. The target is at most 20 taps and 12 typed characters (tests/browser/table_speed.py).
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.table_speed import Thumbs
from tests.support.phones import PhoneTable, check_accessibility

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
SUITS = "SHDC"
# Paks held at the end, per team and suit (8 + 6 = 14). m: spades 1, hearts 1, diamonds 0, clubs 2,
# so Ann & Cat keep 2 spade and 2 diamond paks, Bob & Dan 1 heart and 1 club pak.
HELD = {0: (3, 1, 2, 2), 1: (1, 2, 0, 3)}
KEPT = {0: "145", 1: "55"}


def test_a_typical_four_player_deal_within_the_target(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.new_match(page, "paks", PLAYERS, evening="Paks night")
    table.seat(page, PLAYERS)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))

    thumbs = Thumbs(page)
    thumbs.tap("a:has-text('Enter deal 1')")
    page.wait_for_url(re.compile(r"/deals/new$"))
    assert page.locator(".mode-tab[aria-pressed='true']").inner_text() == "Quick"
    for side, counts in HELD.items():
        for suit, count in zip(SUITS, counts, strict=True):
            if count:
                thumbs.tap(f"label.chip:has(input[name='held_{side}_{suit}'][value='{count}'])")
            assert page.is_checked(f"input[name='held_{side}_{suit}'][value='{count}']")
        thumbs.type_into(f"#kept_{side}", KEPT[side])
    check_accessibility(page)
    thumbs.tap("button:has-text('Score deal 1')")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))

    assert thumbs.within_target(), thumbs.summary()
    print(thumbs.summary())
    assert page.locator("#deal-1").inner_text().split() == ["1", "145", "145", "55", "55"]
    assert page.locator("tfoot").inner_text().split()[-2:] == ["145", "55"]
    detail = page.locator("#detail-1").inner_text()
    assert "m = 2" in detail and "Entered quickly" in detail
