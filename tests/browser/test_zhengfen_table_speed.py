"""Table speed: a typical 4-player Zheng Fen deal entered on a phone in its counting mode, every tap
and typed character counted.

From the sheet's "Enter deal" to the save: the finishing order is a tap per place but the last
(the one player left is last), and each pile's point cards are counted, not picked: a tap on a
count box and one digit, for each rank a pile holds; a rank a pile lacks is left empty. As every
filled box holds at least one of the twelve point cards, no 4-player deal needs more than 12 boxes:
1 + 3 + 12 + 1 = 17 taps and 12 digits at the very most.
"""

from __future__ import annotations

import re
from typing import Any

from referee.rules.game import MatchSetup
from referee.rules.zhengfen import ZHENGFEN
from tests.browser.table_speed import Thumbs
from tests.support.phones import open_new_match

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
#: E31 of the rules: Bob 1st, Dan 2nd, Ann 3rd, Cat last still holding 5S 5H 7C 2D. Captured:
#: Ann 10S KH 5D, Bob KS 5C, Cat 10H 10D KD, Dan 10C KC. Bob 15 + 30 + 10 = 55, Dan 20, Ann 25, Cat 0.
ORDER = ("Bob", "Dan", "Ann")
COUNTS = {
    "Ann": {"fives": 1, "tens": 1, "kings": 1},
    "Bob": {"fives": 1, "kings": 1},
    "Cat": {"tens": 2, "kings": 1},
    "Dan": {"tens": 1, "kings": 1},
}
HAND = {"fives": 2}
RANKS = {"fives": "5", "tens": "10", "kings": "K"}


def test_a_four_player_deal_by_counts_within_the_target(server: str, phone: Any) -> None:
    page = phone.new_page()
    open_new_match(page, server, "Zheng Fen night", PLAYERS, "Zheng Fen")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))

    thumbs = Thumbs(page)
    thumbs.tap("text=Enter deal 1")
    page.wait_for_url(re.compile(r"/deals/new$"))
    for place, name in enumerate(ORDER):
        thumbs.tap(f"label.chip:has(input[name='place_{place}'][value='{name}'])")
    for seat, name in enumerate(PLAYERS):
        for count, number in COUNTS[name].items():
            thumbs.type_into(f"#{count}_{seat}", str(number))
    for count, number in HAND.items():
        thumbs.type_into(f"#hand_{count}", str(number))
    thumbs.tap("button:text('Score deal 1')")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-1)?$"))

    entry = {
        "order": list(ORDER),
        "captured": {name: {RANKS[c]: n for c, n in counts.items()} for name, counts in COUNTS.items()},
        "hand": {RANKS[c]: n for c, n in HAND.items()},
    }
    setup = MatchSetup(players=PLAYERS, options=ZHENGFEN.parse_options({}))
    expected = ZHENGFEN.score_match(setup, [ZHENGFEN.check_entry(setup, entry)])
    assert dict(expected.deals[0].scores) == {"Ann": 25, "Bob": 55, "Cat": 0, "Dan": 20}
    assert page.locator("#deal-1 .mark").all_inner_texts() == ["25", "55", "0", "20"]
    assert thumbs.within_target(), thumbs.summary()
