"""Small things of entry at table speed, on a phone: nothing guessed, clause chips that lead to the rule."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_zhengfen import fill_counts, score_deal, set_order
from tests.support.phones import PhoneTable, check_accessibility

SWEEP = {"fives": 4, "tens": 4, "kings": 4}


def test_zhengfen_finishing_order_must_be_tapped(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "zhengfen", ["Ann", "Bob", "Cat"])
    page.click("text=Enter deal 1")
    assert page.locator(".zf-place input:checked").count() == 0
    fill_counts(page, 1, SWEEP)
    page.click("text=Score deal 1")
    error = page.locator("#order-error")
    assert error.is_visible()
    assert "Tap who went out 1st, 2nd" in error.inner_text()
    assert page.input_value("#fives_1") == "4" and page.input_value("#kings_1") == "4"
    check_accessibility(page)

    set_order(page, ["Bob", "Cat", "Ann"])
    score_deal(page, 1)
    assert page.locator("#deal-1").inner_text().split()[:4] == ["1", "0", "0", "100"]


def test_a_clause_chip_opens_the_rule_card_at_its_clause(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/zhengfen/classify")
    page.fill("#cards", "8S 8H SJ")
    page.click("button:text('What is it?')")
    chip = page.locator(".verdict a.rule").first
    clause = chip.inner_text()
    assert re.fullmatch(r"zhengfen-\d+(\.\d+)?", clause)
    chip.click()
    page.wait_for_url(re.compile(rf"/rules/zhengfen#{re.escape(clause)}$"))
    target = page.locator(f"[id='{clause}']")
    assert target.count() == 1 and target.inner_text() == clause
    assert target.evaluate("node => node.matches(':target')")
    assert target.is_visible()
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] <= page.viewport_size["height"] - box["height"]
    check_accessibility(page)


def play_two_deals(page: Any, table: PhoneTable) -> str:
    """A Zheng Fen match with two deals scored; returns the sheet's address."""
    table.match(page, "zhengfen", ["Ann", "Bob", "Cat"])
    for number in (1, 2):
        page.click(f"text=Enter deal {number}")
        set_order(page, ["Bob", "Cat", "Ann"])
        fill_counts(page, 1, SWEEP)
        score_deal(page, number)
    return page.url.split("#")[0]


def test_the_sheet_opens_a_deal_tapped_and_hides_what_cannot_work(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    sheet = play_two_deals(page, table)
    detail = page.locator("#detail-1")
    assert detail.get_attribute("open") is None
    page.click("#deal-1 th a")
    assert detail.get_attribute("open") is not None
    # An older deal's workings are fetched when its detail opens: wait for them.
    detail.locator(".explanation").first.wait_for(state="visible", timeout=10_000)
    # Where the browser has the Wake Lock API, the toggle shows; where it has not, it stays hidden.
    assert page.locator("[data-wake-lock]").is_visible() == page.evaluate("'wakeLock' in navigator")

    without = phone.new_page()
    without.add_init_script("delete Navigator.prototype.wakeLock;")
    without.goto(sheet)
    assert without.evaluate("'wakeLock' in navigator") is False
    assert without.locator("text=History").is_visible()
    assert without.locator("[data-wake-lock]").is_hidden()
    check_accessibility(without)


def test_card_picker_escape_typing_and_wide_screens(table: PhoneTable, phone: Any, chromium: Any) -> None:
    page = phone.new_page()
    table.match(page, "zhengfen", ["Ann", "Bob", "Cat"])
    page.click("text=Enter deal 1")
    entry = page.url
    picker = page.locator(".picker:visible")
    page.click("#cards_0")
    assert picker.count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".picker:visible").count() == 0
    assert page.evaluate("document.activeElement.id") == "cards_0"
    page.click("#cards_0")
    assert page.locator(".picker:visible").count() == 1
    page.keyboard.press("Escape")

    # "⌨ Type" holds for every card field of the page, and for the next page too.
    page.click("#cards_1")
    page.click(".picker:visible >> text=⌨ Type")
    assert page.get_attribute("#cards_1", "inputmode") == "text"
    assert page.evaluate("document.activeElement.id") == "cards_1"
    assert page.locator(".picker:visible [data-suit]:visible").count() == 0
    page.keyboard.type("5s 10s")
    page.click("#cards_2")
    assert page.get_attribute("#cards_2", "inputmode") == "text"
    assert page.input_value("#cards_1") == "5s 10s"
    page.goto(entry)
    assert page.get_attribute("#cards_0", "inputmode") == "text"
    page.click("#cards_0")
    page.click(".picker:visible >> text=♠ Cards")
    assert page.get_attribute("#cards_0", "inputmode") == "none"
    assert page.locator(".picker:visible [data-suit]:visible").count() == 4
    check_accessibility(page)

    # On a desktop screen the picker is a compact panel, not a third of the screen.
    desktop = chromium.new_context(viewport={"width": 1280, "height": 800}, storage_state=phone.storage_state())
    try:
        wide = desktop.new_page()
        wide.goto(entry)
        wide.click("#cards_0")
        box = wide.locator(".picker").bounding_box()
        assert box is not None and box["width"] <= 1280 / 3 and box["width"] * box["height"] <= 1280 * 800 / 6
        wide.keyboard.press("Escape")
        assert wide.locator(".picker").is_hidden()
    finally:
        desktop.close()


def test_skip_link_and_web_app_manifest(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/")
    skip = page.locator(".skip-link")
    assert not skip.is_visible() or (skip.bounding_box() or {"y": -1})["y"] < 0
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    check_accessibility(page)

    manifest = page.evaluate(
        """async () => {
          const link = document.querySelector("link[rel=manifest]");
          const answer = await fetch(link.href);
          const manifest = await answer.json();
          const icons = await Promise.all(manifest.icons.map(async (icon) => {
            const image = await fetch(new URL(icon.src, link.href));
            return [icon.sizes, image.status, image.headers.get("content-type")];
          }));
          return {type: answer.headers.get("content-type"), name: manifest.name, display: manifest.display, icons};
        }"""
    )
    assert manifest["type"].startswith("application/manifest+json")
    assert manifest["name"] == "Table Referee" and manifest["display"] == "standalone"
    assert sorted(manifest["icons"]) == [
        ["192x192", 200, "image/png"],
        ["512x512", 200, "image/png"],
        ["any", 200, "image/svg+xml; charset=utf-8"],
    ]
