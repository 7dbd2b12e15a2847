"""A deal of Paks on a Japanese phone: the entry form and the sheet read Japanese (paks's own words)."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phones import english_words

PLAYERS = ("Ann", "Bob")
#: Names are names: the players' and the game's.
NAMES = (*PLAYERS, "Paks")
# Hearts as in E10 (m = 1), spades Ann's only, clubs Bob's only (m = 0): Ann 120, Bob 30.
DEAL = {"Ann": ["QH 2H KH", "7H 6H", "AH 3H", "AS KS QS", "JS 10S 9S"], "Bob": ["9H 4H", "AC KC"]}

#: English words on the shared furniture of these pages, which Paks does not own: the claim boxes and the
#: submit button of the entry form; the sheet's header, table, links and its "Deal 1 · Ann deals" lines.
SHARED = [
    "Your",
    "claim",
    "optional",
    "The",
    "points",
    "side",
    "says",
    "scored",
    "the",
    "referee",
    "agrees",
    "shows",
    "where",
    "goes",
    "wrong",
    "Score",
    "deal",
    "Deal",
    "entered",
    "deals",
    "Playing",
    "Enter",
    "Total",
    "Running",
    "totals",
    "Undo",
    "History",
    "Print",
    "Keep",
    "screen",
    "Deals",
    "Correct",
    "Rules",
    "force",
    "yes",
    "sheet",
]
#: Paks's own words that shared templates print as English today: the deal's summary line and the house
#: options in force are messages, shown without the ``say`` filter by match.html and deal.html.
SHOWN_BY_SHARED_PAGES = (
    "thrown off per side hearts Steal from partner lowest score value Throw count smallest over all sides"
)
#: Formulae stay formulae: ``m = min(3, 1) = 1``.
FORMULA = ("min",)


def test_a_deal_on_a_japanese_phone(server: str, japanese_phone: Any) -> None:
    page = japanese_phone.new_page()
    page.goto(server + "/")
    page.fill("#name", "パックの夜")
    page.fill("#players", "\n".join(PLAYERS))
    page.locator("form:has(#players) [type=submit]").click()
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    page.locator("a.button[href$='/matches/new/paks']").click()
    for seat, name in enumerate(PLAYERS):
        page.select_option(f"#seat_{seat}", name)
    for seat in range(len(PLAYERS), 6):
        page.select_option(f"#seat_{seat}", "")
    page.locator("form:has(#seat_0) [type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))

    page.locator("a[href$='/deals/new']").first.click()
    page.wait_for_url(re.compile(r"/deals/new$"))
    form = page.locator("main form").first
    # The form opens in quick mode: chips per suit and the points kept, in Japanese.
    assert "各組が各スートで持っているパックの数をタップします" in page.locator(".paks-quick").inner_text()
    assert english_words(form.inner_text(), [*PLAYERS, *SHARED]) == []
    page.locator(".mode-tab[value='cards']").click()
    page.wait_for_selector(".paks-entry:not([hidden])")
    entry = page.locator(".paks-entry").inner_text()
    assert "1行に1つのパックを" in entry and "1デッキを使います。" in entry
    assert english_words(entry, PLAYERS) == []
    assert english_words(form.inner_text(), [*PLAYERS, *SHARED]) == []

    for seat, name in enumerate(PLAYERS):
        for row, cards in enumerate(DEAL[name]):
            field = page.locator(f"#paks_{seat}-{row}-cards")
            if not field.is_visible():
                field.locator("xpath=ancestor::details/summary").click()
            field.fill(cards)
    form.locator("[type=submit]:not([disabled])").last.click()
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    assert page.locator("#deal-1").inner_text().split() == ["1", "120", "120", "30", "30"]

    sheet_url = page.url.split("#")[0]
    page.goto(sheet_url + "/deals/1")
    workings = page.locator("#detail-1").inner_text()
    assert "ハート" in workings and "スローオフ" in workings and "m = min(3, 1) = 1" in workings
    assert english_words(page.locator("#detail-1 .paks-result").inner_text(), PLAYERS) == []
    assert english_words(page.locator("#detail-1 .explanation").inner_text(), [*PLAYERS, *FORMULA]) == []
    allowed = [*NAMES, *SHARED, *FORMULA, *SHOWN_BY_SHARED_PAGES.split()]
    assert english_words(page.locator("main").inner_text(), allowed) == []
    page.goto(sheet_url)
    assert english_words(page.locator("main").inner_text(), allowed) == []
