"""A typical 4-player Iceberg deal entered fast, counted in taps and typed characters (the table-speed target)."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.table_speed import Thumbs
from tests.support.phone_iceberg import totals
from tests.support.phones import check_accessibility, open_new_match


def test_a_typical_four_player_deal_within_the_target(server: str, phone: Any) -> None:
    page = phone.new_page()
    open_new_match(page, server, "Iceberg night", ["Ann", "Bob", "Cat", "Dan"], "Iceberg")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    sheet = page.url
    page.click("text=Enter deal 1")

    # Ann went out with 150 in play and an ace; Bob scored 90 with two aces and counts 3 cards he cannot
    # play; Cat scored 60 and could still lay off 40, leaving 2 cards; Dan scored nothing and holds 5 dead cards.
    # A new deal opens in the fast mode: nothing to tap to get there.
    thumbs = Thumbs(page)
    assert page.locator(".mode-tab[aria-pressed='true']").get_attribute("value") == "scored"
    page.wait_for_selector("[data-fill-for='left_3']:not([hidden])")
    check_accessibility(page)
    thumbs.type_into("#played_0", "150")
    thumbs.tap("[data-fill-for='aces_0'] button[value='1']")
    thumbs.type_into("#played_1", "90")
    thumbs.tap("[data-fill-for='aces_1'] button[value='2']")
    thumbs.tap("[data-fill-for='left_1'] button[value='3']")
    thumbs.type_into("#played_2", "60")
    thumbs.tap("[data-fill-for='left_2'] button[value='2']")
    thumbs.type_into("#could_2", "40")
    thumbs.tap("[data-fill-for='left_3'] button[value='5']")
    thumbs.tap(".ib-out label.chip:has(input[value='Ann'])")
    assert page.locator("[data-fill-for='left_1'] button[value='3']").get_attribute("aria-pressed") == "true"
    assert page.input_value("#left_1") == "3" and page.input_value("#aces_1") == "2"
    thumbs.tap("button.primary.big")
    page.wait_for_url(re.compile(re.escape(sheet) + r"(#deal-\d+)?$"))

    assert thumbs.within_target(), thumbs.summary()
    # Ann 150 + 20; Bob 90 + 40 − 30; Cat 60 − 40 − 20; Dan −50 (iceberg-6.4, 6.8).
    assert totals(page) == [170, 100, 0, -50], thumbs.summary()
