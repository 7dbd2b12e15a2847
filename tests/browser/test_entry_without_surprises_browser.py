"""Entering deals on a phone without surprises: a typo in a number box comes back with its message,
each game opens in its quickest mode and remembers the last one used, the saved deal and the next
deal's button are both on the screen, Dracula's order check takes taps, and every chip is big enough
for a thumb."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phones import open_new_match


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


def on_screen(page: Any, selector: str) -> bool:
    """Whether all of what ``selector`` finds lies within the phone's screen as the page stands."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_after_a_save_the_new_deal_and_the_next_deals_button_are_both_on_the_screen(server: str, phone: Any) -> None:
    from tests.support.paks import quick_form

    page = phone.new_page()
    sheet = start(page, server, "Paks", ["Ann", "Bob"])
    # Nine deals saved already (another phone's, say): a sheet longer than the screen.
    for number in range(1, 10):
        page.goto(sheet + "/deals/new")
        token = page.locator("input[name='csrf_token']").input_value()
        counts = quick_form({"Ann": (1, 0, 0, 0), "Bob": (0, 1, 0, 0)}, {"Ann": 10, "Bob": 10})
        data = {**counts, "version": str(number)}
        saved = page.request.post(sheet + "/deals/new", form={**data, "csrf_token": token}, max_redirects=0)
        assert saved.status == 302, saved.text()[:500]
    page.goto(sheet)
    page.click("text=Enter deal 10")
    page.click(".paks-counts label.chip:has(input[name='held_0_S'][value='1'])")
    page.fill("#kept_0", "10")
    page.click("button:text('Score deal 10')")
    page.wait_for_url(re.compile(r"/matches/\d+#deal-10$"))
    assert on_screen(page, "#deal-10") and on_screen(page, "text=Enter deal 11")


#: What a thumb taps on a sheet and a deal form: chips, tabs, clause links, buttons and links drawn as buttons.
TARGETS = "label.chip, button.chip, .mode-tab, a.rule, .clabber-tile, .button"


def small_targets(page: Any) -> list[str]:
    """The visible targets narrower or lower than 44 px (WCAG's enhanced target size), as ``text w×h``."""
    found = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter((e) => e.offsetParent !== null)
            .map((e) => {
                const box = e.getBoundingClientRect();
                return [e.innerText.trim().slice(0, 20), box.width, box.height];
            })""",
        TARGETS,
    )
    return [f"{text} {width:.0f}×{height:.0f}" for text, width, height in found if width < 44 or height < 44]


GAMES = [
    ("Paks", ["Ann", "Bob", "Cat", "Dan"]),
    ("Clabber", ["Ann", "Bob", "Cat", "Dan"]),
    ("Dracula", ["Ann", "Bob"]),
    ("Zheng Fen", ["Ann", "Bob", "Cat", "Dan"]),
    ("Iceberg", ["Ann", "Bob", "Cat", "Dan"]),
]


def test_every_chip_tab_and_clause_link_is_a_44_pixel_target(server: str, phone: Any) -> None:
    page = phone.new_page()
    for game, players in GAMES:
        start(page, server, game, players)
        page.wait_for_load_state("load")
        assert page.locator("a.rule").count() > 0  # the rules in force cite their clauses
        assert small_targets(page) == [], f"{game} sheet"
        page.click("text=Enter deal 1")
        page.wait_for_url(re.compile(r"/deals/new"))
        page.wait_for_load_state("load")
        if game == "Dracula":
            page.click("text=Check the placements card by card")
        assert page.locator(TARGETS).count() > 0
        assert small_targets(page) == [], f"{game} deal form"


def test_draculas_order_of_placement_is_tapped_not_typed(server: str, phone: Any) -> None:
    from referee.rules.dracula import DRACULA_PACK
    from referee.rules.dracula.layout import CELLS

    page = phone.new_page()
    sheet = start(page, server, "Dracula", ["Ann", "Bob"])
    page.click("text=Enter deal 1")
    for cell, card in zip(CELLS, [str(c) for c in DRACULA_PACK.cards()][:9], strict=True):
        page.fill(f"#{cell}", card)
    page.click("text=Check the placements card by card")
    assert page.locator(".cell-order button[value='r2c2']").is_disabled()  # the dealt centre is never placed
    order = ["r1c2", "r2c1", "r1c1", "r2c3", "r1c3", "r3c2", "r3c1", "r3c3"]
    for cell in [*order[:3], "r3c3", "r3c3", *order[3:]]:  # a cell tapped twice is taken out again
        page.click(f".cell-order button[value='{cell}']")
    assert page.input_value("#order") == " ".join(order)
    assert page.locator(".cell-order button[value='r2c1'] [data-place]").inner_text() == "2"
    page.click(".cell-order [data-cell-order-back]")
    page.click(".cell-order button[value='r3c3']")
    page.click("button:text('Score deal 1')")
    page.wait_for_url(re.compile(r"/matches/\d+#deal-1$"))
    page.goto(sheet + "/deals/1/edit")
    assert page.input_value("#order") == " ".join(order)

    # The order check's cards are picked too, as every card field is.
    page.goto(server + "/referee/dracula/order")
    page.click("#centre")
    page.click(".picker:visible [data-suit='H']")
    page.click(".picker:visible [data-rank='7']")
    assert page.input_value("#centre") == "7H"
