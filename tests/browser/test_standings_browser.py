"""On a phone: the sheet's chart and the evening's standings, in light and dark mode, and play again."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.phones import PHONE, check_accessibility, open_new_match

DECK = [str(c) for c in DRACULA_PACK.cards()]


def stroke(page: Any, selector: str) -> str:
    return page.eval_on_selector(selector, "el => getComputedStyle(el).stroke")


def test_charts_on_a_phone_in_light_and_dark_and_play_again(server: str, phone: Any) -> None:
    page = phone.new_page()
    open_new_match(page, server, "Friday", ["Ann", "Bob"], "Dracula")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    match_url = page.url
    for number in range(1, 7):
        page.click(f"text=Enter deal {number}")
        for cell, card in zip(CELLS, DECK[(number - 1) * 9 : number * 9], strict=True):
            page.fill(f"#{cell}", card)
        page.click(f"text=Score deal {number}")
        page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))

    chart = page.locator("#sheet-chart")
    chart.scroll_into_view_if_needed()
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box is not None and 200 < box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.get_attribute("#sheet-chart", "role") == "img"
    light = stroke(page, "#sheet-chart .chart-s0 polyline")
    check_accessibility(page)

    page.emulate_media(color_scheme="dark")
    dark = stroke(page, "#sheet-chart .chart-s0 polyline")
    assert light != dark and light.startswith("rgb") and dark.startswith("rgb")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != background
    check_accessibility(page)
    page.emulate_media(color_scheme="light")

    page.click("text=Play again")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    assert page.url != match_url
    assert page.locator("text=Bob deals deal 1 of 6").count() == 1

    page.click(".crumbs a")
    standings = page.locator("#standings-chart")
    standings.scroll_into_view_if_needed()
    assert standings.is_visible()
    assert page.locator(".standings-table tbody tr").count() == 2
    check_accessibility(page)


def test_a_group_season_on_a_phone(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/g/new")
    check_accessibility(page)
    page.fill("#name", "Thursday table")
    page.click("text=Start the group")
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    group_url = page.url
    page.fill("#players", "Ann\nBob")
    page.click("text=Start the evening")
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    assert page.locator("text=An evening of").count() == 1
    page.click("a.button:text('Dracula')")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    for number in range(1, 7):
        page.click(f"text=Enter deal {number}")
        for cell, card in zip(CELLS, DECK[(number - 1) * 9 : number * 9], strict=True):
            page.fill(f"#{cell}", card)
        page.click(f"text=Score deal {number}")
        page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    page.goto(group_url)
    assert page.locator("h2:text('Season')").count() == 1
    assert page.locator("h3:text('Dracula')").is_visible()
    assert page.locator(".standings-table").first.locator("tbody tr").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("text=How the rating works")
    assert page.locator("text=Plackett-Luce").is_visible()
    check_accessibility(page)
