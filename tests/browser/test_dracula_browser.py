"""A whole Dracula match on a phone: the card picker, a follower's phone, accessibility."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.phones import PhoneTable, check_accessibility

DECK = [str(c) for c in DRACULA_PACK.cards()]
SIGNS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def pick(page: Any, card: str) -> None:
    """Tap a card on the picker: the suit, then the rank (a Vampire is one tap)."""
    if card == "JO":
        page.click(".picker [data-card='JO']")
        return
    rank, suit = card[:-1], card[-1]
    suit_button = page.locator(f".picker [data-suit='{suit}']")
    if suit_button.get_attribute("aria-pressed") != "true":
        suit_button.click()
    page.click(f".picker [data-rank='{rank}']")


def test_whole_match_with_picker_and_a_follower(table: PhoneTable, phone: Any, other_phone: Any) -> None:
    page = phone.new_page()
    match_url = table.match(page, "dracula", ["Ann", "Bob"])
    check_accessibility(page)

    evening_url = match_url.rsplit("/matches/", 1)[0]
    follower = other_phone.new_page()
    follower.goto(match_url)
    assert follower.locator("text=Enter deal").count() == 0

    for number in range(1, 7):
        page.click(f"text=Enter deal {number}")
        cards = DECK[(number - 1) * 9 : number * 9]
        if number == 1:
            check_accessibility(page)
            page.click("#r1c1")
            assert page.locator(".picker").is_visible()
            check_accessibility(page)
            for card in cards:
                pick(page, card)
            assert [page.input_value(f"#{cell}") for cell in CELLS] == cards
        else:
            for cell, card in zip(CELLS, cards, strict=True):
                page.fill(f"#{cell}", card)
        page.click(f"text=Score deal {number}")
        page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
        # The follower's sheet catches up without reloading by hand.
        follower.wait_for_selector(f"#deal-{number}", timeout=15_000)

    assert page.locator(".banner").is_visible()
    assert "wins" in page.locator(".banner").inner_text()
    check_accessibility(page)
    follower.wait_for_selector(".banner", timeout=15_000)

    # The follower holds only the view link: entering a deal is refused.
    response = follower.goto(match_url + "/deals/new")
    assert response.status == 403
    assert "view link" in follower.content()
    follower.goto(evening_url)
    check_accessibility(follower)
    assert follower.locator("text=Editor link").count() == 0


def test_picker_knows_used_cards_and_the_form_works_without_javascript(
    table: PhoneTable, phone: Any, chromium: Any
) -> None:
    page = phone.new_page()
    match_url = table.match(page, "dracula", ["Ann", "Bob"])
    page.click("text=Enter deal 1")
    for cell, card in zip(CELLS, DECK[:9], strict=True):
        page.fill(f"#{cell}", card)
    page.click("text=Score deal 1")
    page.click("text=Enter deal 2")
    page.click("#r1c1")
    page.click(".picker [data-suit='S']")
    # Deal 1 used AS … 6S: the picker greys them out for deal 2; 5S is still free.
    assert page.locator(".picker [data-rank='A']").is_disabled()
    assert page.locator(".picker [data-rank='5']").is_enabled()

    plain = chromium.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    cookies = phone.cookies()
    plain.add_cookies(cookies)
    form = plain.new_page()
    form.goto(match_url + "/deals/new")
    for cell, card in zip(CELLS, DECK[9:18], strict=True):
        form.fill(f"#{cell}", card.lower())
    form.fill("#r3c3", "ZZ")
    form.click("text=Score deal 2")
    assert "is not a card" in form.content()
    assert form.input_value("#r1c1") == DECK[9].lower()
    form.fill("#r3c3", DECK[17])
    form.click("text=Score deal 2")
    form.wait_for_url(re.compile(r"/matches/\d+(#deal-2)?$"))
    assert form.locator("#deal-2").count() == 1
    plain.close()


def test_referee_pages_are_accessible(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/")
    check_accessibility(page)
    links = [a.get_attribute("href") for a in page.locator("main a").all()]
    for href in links:
        page.goto(server + href)
        check_accessibility(page)
    page.goto(server + "/api")
    check_accessibility(page)
