"""A whole Iceberg match on a phone: a deal play by play with the card picker, one as totals, the leftover page."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_iceberg import add_play, close_picker, pick, tap, totals
from tests.support.phones import PhoneTable, check_accessibility


def test_whole_match_play_by_play_and_by_totals(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "iceberg", ["Ann", "Bob", "Cat"], evening="Iceberg night", house={"opt_target": "200"})

    # Deal 1, play by play: Ann deals, Bob plays first (iceberg-2.1). A new deal opens in the fast mode.
    page.click("text=Enter deal 1")
    assert page.locator(".mode-tab[aria-pressed='true']").inner_text() == "Fast"
    page.click("button:text('Play by play')")
    page.wait_for_selector(".ib-log")
    check_accessibility(page)
    assert "Bob plays first" in page.locator(".ib-log").inner_text()
    add_play(page, "Bob", "New meld", ["4H", "5H", "6H"], picker=True)
    check_accessibility(page)
    # The picker now counts 4♥ 5♥ 6♥ as used: one deck holds one of each.
    page.click("#cards")
    page.click(".picker:visible [data-suit='H']")
    assert page.locator(".picker:visible [data-rank='5']").is_disabled()
    close_picker(page)
    add_play(page, "Cat", "on 1", ["7H", "8H"], picker=True)
    add_play(page, "Cat", "Aces", ["AS"])
    add_play(page, "Ann", "New meld", ["QS", "QD", "QC"])
    # Enter in the cards field adds the play typed there.
    tap(page, "Bob")
    tap(page, "on 1")
    page.fill("#cards", "9H")
    page.press("#cards", "Enter")
    page.wait_for_load_state()
    plays = page.locator(".ib-plays li").all_inner_texts()
    assert len(plays) == 5 and "+60" in plays[-1]
    assert "40 + 50 =" in plays[1] and "+90" in plays[1]
    assert "Ann 30 · Bob 90 · Cat 110" in page.locator(".ib-sofar").inner_text()
    check_accessibility(page)
    page.fill("#hand_1", "KS 9C 2D")
    page.fill("#hand_2", "10H 3C")
    close_picker(page)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    # Cat lays 10H on the run for 70 and keeps 3C: 110 − 80 = 30; Bob 90 − 30 = 60 (iceberg-6.4, 6.8).
    assert totals(page) == [30, 60, 30]
    detail = page.locator("#detail-1").inner_text()
    assert "Ann went out." in detail and "Play by play (5 plays)" in detail
    check_accessibility(page)

    # Deal 2, totals only: Bob goes out with a six-card club run, 30 + 40 + 50 + 60 = 180 (iceberg-3.4).
    page.click("text=Enter deal 2")
    page.click("button:text('Totals and table')")
    page.wait_for_load_state()
    assert page.locator(".mode-tab[aria-pressed='true']").inner_text() == "Totals and table"
    page.fill("#played_1", "180")
    page.fill("#table_0", "2C 3C 4C 5C 6C 7C")
    page.fill("#hand_0", "KD KH")
    page.fill("#hand_2", "9S")
    close_picker(page)
    check_accessibility(page)
    page.click("text=Score deal 2")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    banner = page.locator(".banner")
    assert banner.is_visible() and "Bob wins" in banner.inner_text()
    assert totals(page) == [20, 240, 20]
    assert page.locator("text=Enter deal 3").count() == 0
    check_accessibility(page)


def test_leftover_page_with_a_verdict(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/iceberg/leftover")
    check_accessibility(page)
    page.click("#hand")
    for card in ("4H", "5H", "6H", "7H", "8H"):
        pick(page, card)
    close_picker(page)
    page.fill("#table_0", "9H 10H JH")
    close_picker(page)
    page.click("button.primary:text('What does it cost?')")
    verdict = page.locator(".verdict")
    assert "legal" in (verdict.get_attribute("class") or "").split()
    assert page.locator(".big-result").inner_text() == "Penalty −300"
    assert "40 + 50 + 60 + 70 + 80 =" in page.locator(".ib-plan").inner_text()
    check_accessibility(page)


def test_a_middle_play_corrected_on_the_phone(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "iceberg", ["Ann", "Bob", "Cat"], evening="Iceberg night", house={"opt_target": "500"})
    match_url = page.url
    page.click("text=Enter deal 1")
    page.click("button:text('Play by play')")
    add_play(page, "Bob", "New meld", ["4H", "5H", "6H"])
    add_play(page, "Cat", "on 1", ["7H", "8H"])
    add_play(page, "Ann", "New meld", ["QS", "QD", "QC"])
    add_play(page, "Bob", "on 1", ["9H"])
    # Play 2 was Cat's 3H, not 7H 8H: Edit on its row brings it back into the play fields.
    page.click("#ib-play-2 button.ib-edit")
    page.wait_for_load_state()
    assert page.input_value("#cards") == "7H 8H"
    assert "Correct play 2" in page.locator(".ib-next legend").inner_text()
    page.fill("#cards", "3H")
    page.click("button:text('Save play 2')")
    page.wait_for_load_state()
    # Bob's 9H (play 4) no longer touches the run 3H–6H: marked at its row, and kept.
    assert page.locator("#ib-play-4.has-error").count() == 1
    assert "9♥" in page.locator("#ib-play-4").inner_text()
    assert page.locator("#ib-play-4-error").is_visible()
    assert page.locator(".ib-plays > li").count() == 4
    check_accessibility(page)
    # Leaving the form and coming back keeps the corrected log (a draft on this phone).
    page.goto(match_url)
    page.click("text=Enter deal 1")
    page.wait_for_load_state()
    page.wait_for_selector("#ib-play-4.has-error")
    assert "3♥" in page.locator("#ib-play-2").inner_text()
    # Play 4 corrected to 7H: legal again, and the deal is scored.
    page.click("#ib-play-4 button.ib-edit")
    page.wait_for_load_state()
    page.fill("#cards", "7H")
    page.click("button:text('Save play 4')")
    page.wait_for_load_state()
    assert page.locator(".ib-plays li.has-error").count() == 0
    page.fill("#hand_1", "KS")
    page.fill("#hand_2", "2C")
    close_picker(page)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    # Ann: 30 and out; Bob 30 + 50 (7H, the 5th card) − 10; Cat 40 (3H, the 4th card) − 10.
    assert totals(page) == [30, 70, 30]
