"""Claim, then check, on a phone: a claim entered with a Paks deal, and a claim on a referee page."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_paks import PLAYERS, card_by_card, fill_paks
from tests.support.phones import PhoneTable, check_accessibility

# E10 in hearts: Ann keeps 25 + 25 = 50 after throwing off {7H 6H}; a claim of 75 is shown where it goes wrong.
E10 = {"Ann": ["QH 2H KH", "7H 6H", "AH 3H"], "Bob": ["9H 4H"]}


def test_a_claim_with_a_deal_on_the_phone(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.new_match(page, "paks", PLAYERS, evening="Paks night")
    table.seat(page, PLAYERS)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    page.click("text=Enter deal 1")
    card_by_card(page)
    fill_paks(page, E10)
    page.fill("input[name='claim-Ann']", "75")
    check_accessibility(page)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    verdict = page.locator("#detail-1 .claim-verdict")
    assert verdict.is_visible()
    text = verdict.inner_text()
    assert "The claim differs" in text and "75" in text and "50" in text and "paks-6.5" in text
    check_accessibility(page)


def test_a_claim_on_the_pak_page_on_the_phone(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/paks/pak")
    page.fill("#table_card", "9H")
    page.fill("#played", "5H 4H")
    page.fill("input[name='claim-value']", "9")
    page.click("text=Check the pak")
    verdict = page.locator(".claim-verdict")
    assert "The claim differs" in verdict.inner_text() and "54" in verdict.inner_text()
    check_accessibility(page)
    page.fill("input[name='claim-value']", "54")
    page.click("text=Check the pak")
    assert "Claim agreed" in page.locator(".claim-verdict").inner_text()


def test_the_new_referee_pages_work_on_a_phone(server: str, phone: Any) -> None:
    page = phone.new_page()
    for path in (
        "/referee/paks/turn",
        "/referee/paks/end",
        "/referee/clabber/end",
        "/referee/clabber/bid",
        "/referee/dracula/order",
    ):
        page.goto(server + path)
        check_accessibility(page)
    page.goto(server + "/referee/paks/turn")
    page.fill("#table", "9S 4D KC 3H")
    page.fill("#drawn", "2D")
    page.fill("#hand", "10S 6C 2D")
    page.click("text=Check the turn")
    assert "No, illegal" in page.locator(".verdict").inner_text()
    check_accessibility(page)


def test_claimed_items_are_folded_until_wanted_on_the_phone(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.new_match(page, "paks", PLAYERS, evening="Paks night")
    table.seat(page, PLAYERS)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    page.click("text=Enter deal 1")
    items = page.locator("details.claim-items")
    assert items.get_attribute("open") is None
    assert not page.locator("input[name='claimitem-0-hearts']").is_visible()
    card_by_card(page)
    fill_paks(page, E10)
    items.locator("summary").click()
    page.fill("input[name='claimitem-0-hearts']", "60")
    check_accessibility(page)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    verdict = page.locator("#detail-1 .claim-verdict")
    text = verdict.inner_text()
    assert "hearts" in text and "60" in text and "50" in text and "paks-6.4" in text
    check_accessibility(page)
