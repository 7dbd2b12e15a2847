"""Entering deals on a phone without surprises: a typo in a number box comes back with its message,
each game opens in its quickest mode and remembers the last one used, the saved deal and the next
deal's button are both on the screen, Dracula's order check takes taps, and every chip is big enough
for a thumb."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import open_new_match


def start(page: Any, server: str, game: str, players: list[str]) -> str:
    """A match of ``game`` started with the default house rules; its sheet's address."""
    open_new_match(page, server, f"{game} night", players, game)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    return page.url


def test_a_typo_in_a_number_box_comes_back_with_its_message(server: str, phone: Any) -> None:
    """A typo in Zheng Fen's kings box, "1e": a number box would send it as nothing; this one sends it, and
    the refused deal shows it in the box with what is wrong."""
    page = phone.new_page()
    start(page, server, "Zheng Fen", ["Ann", "Bob", "Cat", "Dan"])
    page.click("text=Enter deal 1")
    page.locator("#kings_0").tap()
    page.keyboard.type("1e")
    page.click("button:text('Score deal 1')")
    page.wait_for_selector("[data-error-summary]")
    assert page.input_value("#kings_0") == "1e"
    assert page.locator("#kings_0").get_attribute("aria-invalid") == "true"
    assert "Enter a whole number, such as 40" in page.locator("#fives_0-error").inner_text()
    assert "Ks: Enter a whole number, such as 40" in page.locator("[data-error-summary]").inner_text()


def opened_mode(page: Any, sheet: str) -> str:
    """The tab pressed when the sheet's "Enter deal 1" opens the deal form."""
    page.goto(sheet)
    page.click("text=Enter deal 1")
    return page.locator(".mode-tab[aria-pressed='true']").inner_text()


def test_each_game_opens_in_its_quickest_mode_and_the_phone_remembers_the_last_one(
    server: str, phone: Any, chromium: Any
) -> None:
    page = phone.new_page()
    iceberg = start(page, server, "Iceberg", ["Ann", "Bob", "Cat"])
    assert opened_mode(page, iceberg) == "Fast"
    page.click("button:text('Play by play')")
    page.wait_for_selector(".ib-log")
    assert opened_mode(page, iceberg) == "Play by play"

    # Another game keeps its own: Paks still opens quick, and card by card is remembered for Paks alone.
    paks = start(page, server, "Paks", ["Ann", "Bob"])
    assert opened_mode(page, paks) == "Quick"
    page.click(".mode-tab[value='cards']")
    page.wait_for_selector(".paks-entry:not([hidden])")
    assert opened_mode(page, paks) == "Card by card"
    assert opened_mode(page, iceberg) == "Play by play"

    # Without a script every deal opens in the quickest mode (this phone holds the evening's editor link).
    page.goto(iceberg.split("/matches/")[0])
    editor = page.locator("details a[href*='/edit/']").get_attribute("href")
    plain = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        other = plain.new_page()
        other.goto(editor)
        assert opened_mode(other, iceberg) == "Fast"
    finally:
        plain.close()
