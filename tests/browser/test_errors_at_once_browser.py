"""A refused deal on a phone: every mistake in the summary at the top, which takes the focus; each
line leads to its field, every field in error is marked, nothing typed is lost."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phones import check_accessibility, open_new_match


def start(page: Any, server: str, players: tuple[str, ...], game: str) -> None:
    open_new_match(page, server, "Friday", players, game)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    page.click("text=Enter deal 1")


def refused_summary(page: Any) -> list[str]:
    """The focused summary's lines, after the refused save."""
    page.wait_for_selector("[data-error-summary]")
    # The page's script moves the focus once it has run: wait for it (a timeout if it never does).
    page.wait_for_function("document.activeElement && document.activeElement.hasAttribute('data-error-summary')")
    return page.locator("[data-error-summary] li").all_inner_texts()


def test_clabber_two_bad_meld_fields_and_bad_points(server: str, phone: Any) -> None:
    page = phone.new_page()
    start(page, server, ("Ann", "Bo", "Cy", "Di"), "Clabber")
    page.click("label.clabber-tile:has(input[name='makers'][value='Ann & Cy'])")
    page.click("label.clabber-tile:has(input[name='trump'][value='H'])")
    page.fill("#points_0", "170")
    page.click('summary:text("Or enter the declarers\' cards")')
    page.locator("#meld_cards_0").evaluate("(input, value) => { input.value = value; }", "AH KH 8H")
    page.locator("#meld_cards_1").evaluate("(input, value) => { input.value = value; }", "9S ZZ")
    page.click("text=Score deal 1")
    lines = refused_summary(page)
    assert len(lines) == 3, lines
    assert "170: a side holds between 0 and 162" in lines[0] and "8♥" in lines[1] and "ZZ" in lines[2]
    for field in ("#points_0", "#meld_cards_0", "#meld_cards_1"):
        assert page.get_attribute(field, "aria-invalid") == "true"
    assert page.input_value("#meld_cards_1") == "9S ZZ" and page.input_value("#points_0") == "170"
    page.click("[data-error-summary] a[href='#meld_cards_1']")
    assert page.url.endswith("#meld_cards_1")
    check_accessibility(page)


def test_zhengfen_two_unknown_cards_and_an_incomplete_order(server: str, phone: Any) -> None:
    page = phone.new_page()
    start(page, server, ("Ann", "Bob", "Cat", "Dan"), "Zheng Fen")
    page.click("label.chip:has(input[name='place_0'][value='Bob'])")
    for field, cards in (("#cards_0", "10S KH ZZ"), ("#cards_1", "KS 8X")):
        page.locator(field).evaluate("(input, value) => { input.value = value; }", cards)
    page.click("text=Score deal 1")
    lines = refused_summary(page)
    assert len(lines) == 4, lines
    assert "Tap who went out 2nd, 3rd" in lines[0] and "ZZ" in lines[2] and "8X" in lines[3]
    # Nine point cards are nowhere: two cards that could not be read cannot be all of them.
    assert "the deal's points add to 30, not 100" in lines[1]
    assert page.locator(".zf-place.has-error").count() == 2
    assert page.get_attribute("#cards_0", "aria-invalid") == "true"
    assert page.get_attribute("#cards_1", "aria-invalid") == "true"
    assert page.locator("input[name='place_0'][value='Bob']").is_checked()
    assert page.input_value("#cards_0") == "10S KH ZZ"
    check_accessibility(page)
