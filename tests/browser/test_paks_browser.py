"""A whole Paks match to 500 on a phone: pak rows with the card picker, the throw-off, the referee pages."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.game import MatchSetup
from referee.rules.paks import PAKS
from tests.support.phone_paks import PLAYERS, card_by_card, fill_paks
from tests.support.phones import PhoneTable, check_accessibility, pick

# Each deal: every player's paks, one pak per row (one deck: 2 players, paks-1.2).
DEALS: list[dict[str, list[str]]] = [
    # Hearts as in E10 (m = 1: Ann throws off 7H 6H, Bob 9H 4H); spades only Ann's, clubs only Bob's (m = 0).
    # Ann 50 + 70 = 120, Bob 30.
    {"Ann": ["QH 2H KH", "7H 6H", "AH 3H", "AS KS QS", "JS 10S 9S"], "Bob": ["9H 4H", "AC KC"]},
    # Ann all spades and diamonds (110 each), Bob all clubs (110): Ann 340, Bob 140.
    {
        "Ann": ["AS KS QS", "JS 10S 9S", "8S 7S 6S", "5S 4S 3S 2S", "AD KD QD", "JD 10D 9D", "8D 7D 6D", "5D 4D 3D 2D"],
        "Bob": ["AC KC QC", "JC 10C 9C", "8C 7C 6C", "5C 4C 3C 2C"],
    },
    # Ann all hearts, Bob all clubs; spades one pak each (m = 1, both thrown off): Ann 450, Bob 250.
    {
        "Ann": ["AH KH QH", "JH 10H 9H", "8H 7H 6H", "5H 4H 3H 2H", "AS KS"],
        "Bob": ["AC KC QC", "JC 10C 9C", "8C 7C 6C", "5C 4C 3C 2C", "QS 2S"],
    },
    # Ann all diamonds (110): 560 against Bob's 250 + 40 = 290. Past 500: Ann wins (paks-7.2).
    {"Ann": ["AD KD QD", "JD 10D 9D", "8D 7D 6D", "5D 4D 3D 2D"], "Bob": ["AC KC QC"]},
]


def expected_totals(deals: list[dict[str, list[str]]]) -> dict[str, int]:
    setup = MatchSetup(players=PLAYERS, options=PAKS.parse_options({}))
    result = PAKS.score_match(setup, [PAKS.check_entry(setup, {"paks": paks}) for paks in deals])
    return dict(result.totals)


def score_deal(page: Any, number: int) -> None:
    page.click(f"text=Score deal {number}")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    assert page.locator(f"#deal-{number}").count() == 1


def test_whole_match_to_500(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.new_match(page, "paks", PLAYERS, evening="Paks night")
    table.seat(page, PLAYERS)
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    check_accessibility(page)
    match_url = page.url

    # Deal 1: Ann's first pak by the picker, the rest typed.
    page.click("text=Enter deal 1")
    check_accessibility(page)
    card_by_card(page)
    check_accessibility(page)
    page.click("#paks_0-0-cards")
    assert page.locator(".picker").is_visible()
    check_accessibility(page)
    for card in ("QH", "2H", "KH"):
        pick(page, card)
    assert page.input_value("#paks_0-0-cards") == "QH 2H KH"
    # One deck: the queen of hearts is used up, for every other row too (paks-1.2).
    page.click("#paks_1-0-cards")
    hearts = page.locator(".picker:visible [data-suit='H']")
    if hearts.get_attribute("aria-pressed") != "true":
        hearts.click()
    assert page.locator(".picker:visible [data-rank='Q']").is_disabled()
    assert page.locator(".picker:visible [data-rank='9']").is_enabled()
    page.click(".picker:visible >> text=Done")
    fill_paks(page, DEALS[0], skip=("Ann", 0))
    score_deal(page, 1)
    check_accessibility(page)
    assert page.locator("#deal-1").inner_text().split() == ["1", "120", "120", "30", "30"]
    detail = page.locator("#detail-1").inner_text()
    assert "m = 1" in detail and "thrown off" in detail

    for number, paks in enumerate(DEALS[1:], start=2):
        assert page.locator(".banner").count() == 0
        page.click(f"text=Enter deal {number}")
        card_by_card(page)
        fill_paks(page, paks)
        score_deal(page, number)

    totals = expected_totals(DEALS)
    assert totals == {"Ann": 560, "Bob": 290}
    footer = page.locator("tfoot").inner_text()
    assert "560" in footer and "290" in footer
    banner = page.locator(".banner")
    assert banner.is_visible()
    assert "Ann" in banner.inner_text() and "wins" in banner.inner_text()
    assert page.locator("text=Enter deal 5").count() == 0
    check_accessibility(page)

    page.goto(match_url + "/deals/2/edit")
    check_accessibility(page)
    assert page.input_value("#paks_1-0-cards") == "AC KC QC"


def test_manual_throw_off_for_two_teams(table: PhoneTable, phone: Any) -> None:
    """4 players, house rule "the side names its paks": the form asks for the ticks, then scores the deal."""
    page = phone.new_page()
    table.new_match(page, "paks", ("Ann", "Bob", "Cat", "Dan"), evening="Paks night")
    table.seat(page, ("Ann", "Bob", "Cat", "Dan"))
    page.click("text=House rules")
    page.select_option("#opt_throw_off", "manual")
    page.click("text=Start the match")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    page.click("text=Enter deal 1")
    card_by_card(page)
    page.fill("#paks_0-0-cards", "AH KH")
    page.fill("#paks_1-0-cards", "QH 9H")
    page.fill("#paks_2-0-cards", "JS 5S")
    page.click("text=Score deal 1")
    alert = page.locator("div.alert[role=alert]")
    alert.wait_for()
    assert "must throw off 1 heart pak" in alert.inner_text()
    assert "/deals/new" in page.url
    assert page.input_value("#paks_2-0-cards") == "JS 5S"
    check_accessibility(page)
    page.check("#paks_0-0-thrown")
    page.check("#paks_1-0-thrown")
    score_deal(page, 1)
    check_accessibility(page)
    # Hearts cancel out (m = 1); Ann & Cat keep Cat's spades: 10 + 5.
    assert page.locator("#deal-1").inner_text().split() == ["1", "15", "15", "0", "0"]
    assert "Ann & Cat 15" in page.locator("#detail-1 .paks-total").inner_text()


def test_referee_pages_show_verdicts(server: str, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server + "/referee/paks/pak")
    check_accessibility(page)
    page.click("#played")
    pick(page, "5H")
    pick(page, "4H")
    page.click(".picker:visible >> text=Done")
    page.fill("#table_card", "9H")
    page.click("text=Check the pak")
    page.wait_for_selector(".verdict.legal")
    assert "54" in page.locator(".verdict").inner_text()
    check_accessibility(page)

    page.fill("#played", "5H ZZ")
    page.click("text=Check the pak")
    page.wait_for_selector(".error")
    assert "ZZ" in page.locator(".error").first.inner_text()
    check_accessibility(page)

    # E7: the victim pak is worth 19 now; 10H 9H = 19 does not beat it (paks-5.5).
    page.goto(server + "/referee/paks/steal")
    page.click("label.chip:has([value=S])")
    page.fill("#victim_1", "5H 4H KH")
    page.fill("#played", "10H 9H")
    page.click("text=Check the steal")
    page.wait_for_selector(".verdict.illegal")
    assert "19" in page.locator(".verdict").inner_text()
    check_accessibility(page)
    page.fill("#played", "3H 2H")
    page.click("text=Check the steal")
    page.wait_for_selector(".verdict.legal")
    check_accessibility(page)

    page.goto(server + "/rules/paks")
    assert page.locator("text=House rule — not in the source").is_visible()
    check_accessibility(page)
