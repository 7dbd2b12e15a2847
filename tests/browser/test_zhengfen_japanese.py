"""A deal of Zheng Fen on a Japanese phone: the entry form, the sheet and the deal read in Japanese.

The flow finds its way by the page's structure (forms, links to the deal form), not by English
button words, so it runs whatever language the shared pages speak.
"""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_zhengfen import fill_counts, set_order
from tests.support.phones import PhoneTable, english_words

PLAYERS = ["Ann", "Bob", "Cat"]
#: Words of shared furniture that another part of the app translates (the page frame, the sheet's table).
SHARED: tuple[str, ...] = ()


def test_a_deal_on_a_japanese_phone(table: PhoneTable, japanese_phone: Any) -> None:
    page = japanese_phone.new_page()
    table.match(page, "zhengfen", PLAYERS, evening="挣分の夜")
    page.click("a[href$='/deals/new']")
    page.wait_for_url(re.compile(r"/deals/new$"))

    entry = " ".join(page.locator(selector).inner_text() for selector in (".zf-order", ".zf-entry"))
    assert "順位" in entry and "各プレイヤーが取った点数のあるカード" in entry
    assert english_words(entry, [*PLAYERS, *SHARED]) == []

    # Bob goes out first and takes everything Ann captured; Cat, last, gives Bob what Cat captured.
    set_order(page, ["Bob", "Ann", "Cat"])
    fill_counts(page, 0, {"fives": 1, "tens": 1, "kings": 1})
    fill_counts(page, 1, {"fives": 2, "tens": 2})
    fill_counts(page, 2, {"fives": 1, "tens": 1, "kings": 3})
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))

    # Ann 25; Bob 30 + Cat's 45; Cat 0: the same numbers as in English.
    assert page.locator("#deal-1").inner_text().split() == ["1", "25", "25", "75", "75", "0", "0"]
    sheet = page.locator("#detail-1 .zf-result").inner_text()
    assert "最下位のCatから1位のBobへ" in sheet and "= 45点" in sheet
    assert english_words(sheet, [*PLAYERS, *SHARED]) == []

    page.goto(page.url.split("#")[0] + "/deals/1")
    deal = page.locator("main").inner_text()
    assert "Bobの得点は30 + 45 = 75" in deal
    workings = " ".join(page.locator(selector).inner_text() for selector in (".zf-result", ".explanation"))
    assert english_words(workings, [*PLAYERS, *SHARED]) == []
