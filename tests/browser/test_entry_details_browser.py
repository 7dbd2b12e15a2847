"""Small things of entry at table speed, on a phone: nothing guessed, clause chips that lead to the rule."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import check_accessibility
from tests.browser.test_zhengfen_browser import fill_counts, score_deal, set_order, start_match

SWEEP = {"fives": 4, "tens": 4, "kings": 4}


def test_zhengfen_finishing_order_must_be_tapped(server: str, phone: Any) -> None:
    page = phone.new_page()
    start_match(page, server)
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
