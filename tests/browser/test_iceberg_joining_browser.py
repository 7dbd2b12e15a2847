"""Iceberg's house rule merge_runs on a phone: at a lay-off closing the gap between two runs, the score keeper
ticks or unticks "Join with run 2?" (iceberg-4.4), and the sheet scores the choice."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_iceberg import add_play, close_picker, pick, tap, totals
from tests.support.phones import PhoneTable, check_accessibility

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def lay_ten_of_spades_on_meld_1(page: Any) -> Any:
    """Cat lays 10S on 7S–9S, picked on the picker: the toggle to join J♠–K♠ comes into view, ticked."""
    toggle = page.locator("input[name=joins][value='1:2']")
    assert toggle.count() == 1 and not toggle.is_visible()
    tap(page, "Cat")
    tap(page, "on 1")
    page.click("#cards")
    pick(page, "10S")
    close_picker(page)
    assert toggle.is_visible() and toggle.is_checked()
    # A screen reader hears it by its label, and only that.
    name = re.compile(r"^Join with run 2 \(\s*J♠\s*–\s*K♠\s*\)\?$")
    assert page.get_by_role("checkbox", name=name, checked=True).count() == 1
    return toggle


def test_joining_is_chosen_at_the_play_and_scored(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "iceberg", PLAYERS, evening="Iceberg night", house={"opt_merge_runs": "true"})

    # Deal 1, iceberg-4.4's example: 10S goes on 7S–9S alone (40), so Dan's JS follows it (50).
    page.click("text=Enter deal 1")
    page.click("button:text('Play by play')")
    add_play(page, "Ann", "New meld", ["7S", "8S", "9S"])
    add_play(page, "Bob", "New meld", ["JS", "QS", "KS"])
    toggle = lay_ten_of_spades_on_meld_1(page)
    check_accessibility(page)
    # A thumb's target, and a real checkbox: the keyboard unticks it.
    chip = page.locator(".ib-join:visible > span").bounding_box()
    assert chip is not None and chip["height"] >= 44 and chip["width"] >= 44
    toggle.focus()
    page.keyboard.press("Space")
    assert not toggle.is_checked()
    # Cards that close no gap hide the toggle; 10S again shows it, ticked as by default, and is unticked.
    page.fill("#cards", "6S")
    assert not toggle.is_visible()
    page.fill("#cards", "10S")
    assert toggle.is_visible() and toggle.is_checked()
    toggle.uncheck()
    page.click("button:text('Add play')")
    page.wait_for_load_state()
    assert "does not join meld 2" in page.locator("#ib-play-3").inner_text()
    assert "+40" in page.locator("#ib-play-3").inner_text()
    add_play(page, "Dan", "on 1", ["JS"])
    assert "Ann 30 · Bob 30 · Cat 40 · Dan 50" in page.locator(".ib-sofar").inner_text()
    for seat, held in enumerate(["2C", "3C", "4C"]):
        page.fill(f"#hand_{seat}", held)
    close_picker(page)
    page.click("text=Score deal 1")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    assert totals(page) == [20, 20, 30, 50]
    assert "Cat chooses not to join" in page.locator("#detail-1").inner_text()

    # Deal 2: the toggle left ticked joins the runs, one run of 7 cards: 70; Dan keeps JS, which fits nowhere.
    page.click("text=Enter deal 2")
    page.click("button:text('Play by play')")
    add_play(page, "Bob", "New meld", ["7S", "8S", "9S"])
    add_play(page, "Cat", "New meld", ["JS", "QS", "KS"])
    lay_ten_of_spades_on_meld_1(page)
    page.click("button:text('Add play')")
    page.wait_for_load_state()
    assert (
        "joins meld 2" in page.locator("#ib-play-3").inner_text() and "+70" in page.locator("#ib-play-3").inner_text()
    )
    table_shown = page.locator(".ib-table").inner_text()
    assert "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠" in table_shown and "meld 2 joined to it" in table_shown
    check_accessibility(page)
    for seat, held in enumerate(["2C", "3C", "JS"], start=1):
        page.fill(f"#hand_{seat}", held)
    close_picker(page)
    page.click("text=Score deal 2")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    # Ann 0 (out); Bob 30 − 10; Cat 30 + 70 − 10; Dan −10: added to deal 1.
    assert totals(page) == [20, 40, 120, 40]
    detail = page.locator("#detail-2").inner_text()
    assert "Cat chooses to join meld 2 to meld 1, one run" in detail
    check_accessibility(page)
