"""A deal of Iceberg on a Japanese phone: the entry form and the sheet read Japanese, with the same numbers."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_iceberg import close_picker, totals
from tests.support.phones import PhoneTable, english_words

PLAYERS = ("Ann", "Bob", "Cat")
#: English words left on these pages by what is not Iceberg's: the language switch ("English"), the game's
#: name, the deal form's title, claim box and button, the deal page's title and links. And the deal's
#: summary line ("Ann went out; …"), which the shared deal page shows as a plain string today.
SHARED = (
    "English",
    "Iceberg",
    "Enter",
    "deal",
    "deals",
    "Score",
    "Your",
    "claim",
    "optional",
    "The",
    "the",
    "points",
    "side",
    "says",
    "scored",
    "referee",
    "agrees",
    "shows",
    "where",
    "goes",
    "wrong",
    "Deal",
    "Correct",
    "sheet",
    "went",
    "out",
)


def play(page: Any, who: str, kind: str, cards: str) -> None:
    """Tap who and what by their values (the chips' words are Japanese), type the cards, add the play."""
    page.click(f".ib-next label.chip:has(input[name='who'][value='{who}'])")
    page.click(f".ib-next label.chip:has(input[name='kind'][value='{kind}'])")
    page.fill("#cards", cards)
    page.click("button[name='act'][value='add']")
    page.wait_for_load_state()
    assert page.locator("#cards-error").count() == 0, page.locator("#cards-error").inner_text()


def test_a_deal_on_a_japanese_phone(table: PhoneTable, phone: Any, japanese_phone: Any) -> None:
    setup = phone.new_page()
    table.match(setup, "iceberg", ["Ann", "Bob", "Cat"], evening="Iceberg night", house={"opt_target": "5000"})
    match = setup.url
    setup.goto(match.split("/matches/")[0])
    editor = setup.locator("details a[href*='/edit/']").get_attribute("href")

    # The Japanese phone keeps the score too, by the evening's editor link.
    page = japanese_phone.new_page()
    page.goto(editor)
    page.goto(match + "/deals/new?mode=log")
    entry = page.locator("form").inner_text()
    assert "1プレイずつ" in entry and "プレイを追加" in entry and "Bobから開始します" in entry
    assert english_words(page.locator(".ib-entry").inner_text(), PLAYERS) == []
    assert english_words(page.locator("body").inner_text(), (*PLAYERS, *SHARED)) == []

    play(page, "Bob", "meld", "4H 5H 6H")
    play(page, "Cat", "onto-1", "7H 8H")
    play(page, "Cat", "aces", "AS")
    play(page, "Ann", "meld", "QS QD QC")
    play(page, "Bob", "onto-1", "9H")
    assert "Ann 30 · Bob 90 · Cat 110" in page.locator(".ib-sofar").inner_text()
    assert english_words(page.locator(".ib-entry").inner_text(), PLAYERS) == []
    page.fill("#hand_1", "KS 9C 2D")
    page.fill("#hand_2", "10H 3C")
    close_picker(page)
    page.click("form > button.primary[type='submit']")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    assert totals(page) == [30, 60, 30]

    page.goto(match + "/deals/1")
    deal = page.locator(".ib-result").inner_text()
    assert "Annの手札がなくなりました。" in deal and "プレイできないカード 3♣（1枚） → -80" in deal
    assert english_words(deal, PLAYERS) == []
    assert english_words(page.locator("body").inner_text(), (*PLAYERS, *SHARED)) == []
