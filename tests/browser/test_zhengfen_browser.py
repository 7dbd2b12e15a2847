"""A whole Zheng Fen match on a phone: finishing order by taps, point cards with the picker, the referee pages."""

from __future__ import annotations

from typing import Any

from tests.support.phone_zhengfen import fill_counts, score_deal, set_order
from tests.support.phones import PhoneTable, check_accessibility

PLAYERS = ["Ann", "Bob", "Cat"]
SWEEP = {"fives": 4, "tens": 4, "kings": 4}


def pick(page: Any, card: str) -> None:
    """Tap a card on the picker: the suit (unless already chosen), then the rank; a joker is one tap."""
    if card in ("SJ", "BJ"):
        page.click(f".picker:visible [data-card='{card}']")
        return
    rank, suit = card[:-1], card[-1]
    suit_button = page.locator(f".picker:visible [data-suit='{suit}']")
    if suit_button.get_attribute("aria-pressed") != "true":
        suit_button.click()
    page.click(f".picker:visible [data-rank='{rank}']")


def test_whole_match_to_500(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "zhengfen", PLAYERS)
    assert "3♥" in page.content()

    # Deal 1: Bob 1st picks his three spades with the picker; Cat, last, captured the other nine point
    # cards and gives them to Bob: Bob 25 + 75 = 100 (zhengfen-6.3, 6.4).
    page.click("text=Enter deal 1")
    check_accessibility(page)
    set_order(page, ["Bob", "Ann", "Cat"])
    page.click("#cards_1")
    assert page.locator(".picker").is_visible()
    assert page.locator(".picker [data-rank]").count() == 3  # only 5, 10 and K score
    check_accessibility(page)
    for card in ("5S", "10S", "KS"):
        pick(page, card)
    assert page.input_value("#cards_1") == "5S 10S KS"
    page.click(".picker:visible >> text=Done")
    fill_counts(page, 2, {"fives": 3, "tens": 3, "kings": 3})
    score_deal(page, 1)
    assert page.locator("#deal-1").inner_text().split() == ["1", "0", "0", "100", "100", "0", "0"]
    detail = page.locator("#detail-1").inner_text()
    assert "Cat, last, gives Bob, 1st" in detail and "25 + 75 =" in detail
    check_accessibility(page)

    # Deals 2 to 5: Bob goes out first and captures all twelve point cards by count.
    for number in range(2, 6):
        page.click(f"text=Enter deal {number}")
        set_order(page, ["Bob", "Cat", "Ann"])
        fill_counts(page, 1, SWEEP)
        score_deal(page, number)

    banner = page.locator(".banner")
    assert banner.is_visible()
    assert "Bob wins" in banner.inner_text() and "500" in banner.inner_text()
    totals = [int(cell) for cell in page.locator("tfoot td").all_inner_texts() if cell.strip().isdigit()]
    assert totals == [0, 500, 0]
    assert page.locator("text=Enter deal 6").count() == 0
    check_accessibility(page)


def test_referee_pages_with_verdicts(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/zhengfen/classify")
    check_accessibility(page)
    page.click("#cards")
    for card in ("8S", "8H", "SJ"):
        pick(page, card)
    assert page.input_value("#cards") == "8S 8H SJ"
    page.click(".picker:visible >> text=Done")
    page.click("button:text('What is it?')")
    verdict = page.locator(".verdict")
    assert "legal" in (verdict.get_attribute("class") or "").split()
    assert "SJ stands for an 8" in verdict.inner_text()
    check_accessibility(page)

    page.goto(server + "/referee/zhengfen/beats")
    page.fill("#current", "8H 8C")
    page.fill("#play", "8S SJ")
    page.click("button:text('Does it beat?')")
    assert page.locator(".big-result").inner_text() == "No, it does not beat"
    check_accessibility(page)
    page.fill("#current", "5S 10H KD")
    page.fill("#play", "5C 10C KC")
    page.click("button:text('Does it beat?')")
    assert page.locator(".big-result").inner_text() == "Yes, it beats"
    check_accessibility(page)

    page.goto(server + "/rules/zhengfen")
    check_accessibility(page)
