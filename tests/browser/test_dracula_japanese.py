"""A Japanese phone plays a deal of Dracula: the entry form and the deal's workings read in Japanese."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.dracula.layout import CELLS
from tests.support.phones import english_words

PLAYERS = ["Ann", "Bob"]
E3 = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]
#: Words of shared furniture around Dracula's own parts, which the shared pages' catalog translates:
#: the entry page's claim boxes (claim_input.py) and buttons ("Score deal 1", "Correct deal 1").
SHARED = ["Your", "claim", "optional", "The", "the", "points", "side", "says", "scored", "referee", "agrees",
          "shows", "where", "goes", "wrong", "Score", "deal", "Correct"]  # fmt: skip


def test_a_japanese_phone_plays_a_deal_of_dracula(server: str, japanese_phone: Any) -> None:
    page = japanese_phone.new_page()
    page.goto(server + "/")
    page.fill("#name", "金曜日")
    page.fill("#players", "\n".join(PLAYERS))
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    page.click("a[href$='/matches/new/dracula']")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_url = page.url

    page.click("a[href$='/deals/new']")
    entry = page.locator("main form")
    assert "ディーラーから見た棺桶" in entry.inner_text()
    page.click("details.order summary")
    assert english_words(entry.inner_text(), [*PLAYERS, *SHARED]) == []
    for cell, card in zip(CELLS, E3, strict=True):
        page.fill(f"#{cell}", card)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))

    page.goto(match_url + "/deals/1")
    workings = page.locator(".deal-page")
    text = workings.inner_text()
    assert "クイーン" in text and "120" in text and "24" in text
    assert english_words(text, [*PLAYERS, *SHARED]) == []
