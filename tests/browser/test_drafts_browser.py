"""A deal being entered survives leaving the page and reloading it, until it is saved or dropped."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from referee.rules.dracula.layout import CELLS
from tests.support.dracula import DECK
from tests.support.phone_iceberg import add_play
from tests.support.phones import PhoneTable


def test_a_half_entered_deal_comes_back_after_the_sheet_and_a_reload(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    match_url = table.match(page, "dracula", ["Ann", "Bob"])
    page.click("text=Enter deal 1")
    page.fill("#r1c1", DECK[0])
    page.fill("#r1c2", DECK[1])
    page.goto(match_url)  # the sheet, as a player checking the totals would
    page.click("text=Enter deal 1")
    page.wait_for_selector(".draft-notice")
    assert page.input_value("#r1c1") == DECK[0] and page.input_value("#r1c2") == DECK[1]
    page.fill("#r1c3", DECK[2])
    page.reload()
    page.wait_for_selector(".draft-notice")
    assert [page.input_value(f"#{cell}") for cell in CELLS[:3]] == DECK[:3]

    page.click(".draft-notice button")  # start afresh: the blank form, and the draft gone
    assert page.input_value("#r1c1") == ""
    page.reload()
    assert page.input_value("#r1c1") == "" and page.locator(".draft-notice").count() == 0

    for cell, card in zip(CELLS, DECK[:9], strict=True):
        page.fill(f"#{cell}", card)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    page.click("text=Enter deal 2")
    assert page.input_value("#r1c1") == "" and page.locator(".draft-notice").count() == 0


def test_an_iceberg_play_log_comes_back_after_leaving_the_form(table: PhoneTable, phone: Any) -> None:

    page = phone.new_page()
    table.match(page, "iceberg", ["Ann", "Bob", "Cat"], evening="Iceberg night", house={"opt_target": "200"})
    match_url = page.url
    page.click("text=Enter deal 1")
    page.click("button:text('Play by play')")
    add_play(page, "Bob", "New meld", ["4H", "5H", "6H"])
    add_play(page, "Cat", "on 1", ["7H", "8H"])
    page.goto(match_url)  # the sheet: the two plays live only in the form so far
    page.click("text=Enter deal 1")
    # The draft is taken back once the form has counted the deals kept on the phone; its play log then
    # has the server show the form again.
    expect(page.locator(".ib-log")).to_contain_text("8♥")
    log = page.locator(".ib-log").inner_text()
    assert "4♥" in log and "8♥" in log, log
