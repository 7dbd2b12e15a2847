"""Table speed: a typical 4-player Clabber deal entered on a phone, every tap and typed character counted.

From the sheet's "Enter deal" to the save: who said "I play" and the trump are one tap each (big
tiles; round 1 is already chosen, as most deals are bid in it), the makers' card points are typed
(the other side is left blank: the app fills in 162 less them), the defenders' declared meld is
picked from the meld list, and the bell from its list.
"""

from __future__ import annotations

import re
from typing import Any

from referee.rules.clabber import CLABBER
from referee.rules.game import MatchSetup
from tests.browser.table_speed import Thumbs
from tests.support.phones import open_new_match

PLAYERS = ("Ann", "Bo", "Cy", "Di")
NS, EW = "Ann & Cy", "Bo & Di"
#: Ann & Cy play the turn-up's hearts and take 95 card points, Cy rings the bell; Bo & Di take the
#: other 67 and declared a dad: 95 + 20 = 115 against 67 + 20 = 87, made.
ENTRY = {"makers": NS, "round": 1, "trump": "H", "points": {NS: 95}, "melds": {EW: "dad"}, "bell": "Cy"}


def test_a_four_player_deal_within_the_target(server: str, phone: Any) -> None:
    page = phone.new_page()
    open_new_match(page, server, "Friday", PLAYERS, "Clabber")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))

    thumbs = Thumbs(page)
    thumbs.tap("text=Enter deal 1")
    page.wait_for_url(re.compile(r"/deals/new$"))
    thumbs.tap(f"label.clabber-tile:has(input[name='makers'][value='{NS}'])")
    thumbs.tap("label.clabber-tile:has(input[name='trump'][value='H'])")
    thumbs.type_into("#points_0", "95")
    thumbs.tap("summary:text('Enter the meld each side declared')")
    thumbs.choose("#meld_1_0", "dad")
    thumbs.choose("#bell", "Cy")
    thumbs.tap("button:text('Score deal 1')")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-1)?$"))

    setup = MatchSetup(players=PLAYERS, options=CLABBER.parse_options({}))
    expected = CLABBER.score_match(setup, [CLABBER.check_entry(setup, ENTRY)])
    assert dict(expected.deals[0].scores) == {NS: 115, EW: 87}
    assert page.locator("#deal-1 .mark").all_inner_texts() == ["115", "87"]
    assert thumbs.within_target(), thumbs.summary()
