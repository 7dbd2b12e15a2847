"""A whole Clabber match to 500 on a phone: the card picker, the sheet, the referee pages, accessibility."""

from __future__ import annotations

import re
from typing import Any

from referee.rules.clabber import CLABBER
from referee.rules.game import MatchSetup
from tests.support.phone_clabber import PLAYERS, tap
from tests.support.phones import PhoneTable, check_accessibility

NS, EW = "Ann & Cy", "Bo & Di"

# The three deals as the rules layer takes them; the browser enters the same through the form.
ENTRIES: list[dict[str, Any]] = [
    # Ann & Cy play the turn-up's hearts, take 95 (Bo & Di left blank: 67) and Cy's bell: 115 to 67.
    {"makers": NS, "round": 1, "trump": "H", "turn_up": "10H", "points": {NS: 95}, "bell": "Cy"},
    # Bo & Di name spades in round 2 and take 70; Ann & Cy 92 + a fifty = 142: set, XX.
    {"makers": EW, "round": 2, "trump": "S", "points": {EW: 70}, "melds": {NS: "fifty"}},
    # Ann & Cy take every trick in clubs, Ann shows the mule and rings the bell: 162 + 200 + 20.
    {"makers": NS, "round": 1, "trump": "C", "points": {NS: 162}, "meld_cards": {"Ann": "JS JH JD JC"}, "bell": "Ann"},
]


def pick(page: Any, card: str) -> None:
    """Tap a card on the open picker: the suit, then the rank."""
    picker = page.locator(".picker:visible")
    rank, suit = card[:-1], card[-1]
    suit_button = picker.locator(f"[data-suit='{suit}']")
    if suit_button.get_attribute("aria-pressed") != "true":
        suit_button.click()
    picker.locator(f"[data-rank='{rank}']").click()


def score(page: Any, number: int) -> None:
    page.click(f"text=Score deal {number}")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))


def test_a_match_to_500_with_the_picker(table: PhoneTable, phone: Any) -> None:
    page = phone.new_page()
    table.match(page, "clabber", PLAYERS)

    # Deal 1: the turn-up through the card picker.
    page.click("text=Enter deal 1")
    check_accessibility(page)
    tap(page, "makers", NS)
    tap(page, "trump", "H")
    tap(page, "round", "1")
    page.click("summary:text('Turn-up card (optional)')")
    page.click("#turn_up")
    assert page.locator(".picker:visible").count() == 1
    check_accessibility(page)
    pick(page, "10H")
    assert page.input_value("#turn_up") == "10H"
    assert page.locator(".picker:visible").count() == 0  # one card: the picker closes by itself
    page.fill("#points_0", "95")
    page.select_option("#bell", "Cy")
    score(page, 1)
    assert page.locator("#deal-1 .mark").all_inner_texts() == ["115", "67"]

    # Deal 2: a round-2 bid that is set, with the defenders' fifty chosen from the meld list.
    page.click("text=Enter deal 2")
    tap(page, "makers", EW)
    tap(page, "trump", "S")
    tap(page, "round", "2")
    page.fill("#points_1", "70")
    page.click("summary:text('Enter the meld each side declared')")
    page.select_option("#meld_0_0", "fifty")
    score(page, 2)
    assert page.locator("#deal-2 .mark").all_inner_texts() == ["142", "XX"]

    # Deal 3: Ann's mule picked card by card.
    page.click("text=Enter deal 3")
    tap(page, "makers", NS)
    tap(page, "trump", "C")
    page.fill("#points_0", "162")
    page.click('summary:text("Or enter the declarers\' cards")')
    page.click("#meld_cards_0")
    for card in ("JS", "JH", "JD", "JC"):
        pick(page, card)
    assert page.input_value("#meld_cards_0").split() == ["JS", "JH", "JD", "JC"]
    page.locator(".picker:visible .done").click()
    page.select_option("#bell", "Ann")
    score(page, 3)

    banner = page.locator(".banner")
    assert banner.is_visible()
    setup = MatchSetup(players=PLAYERS, options=CLABBER.parse_options({}))
    expected = CLABBER.score_match(setup, [CLABBER.check_entry(setup, e) for e in ENTRIES])
    assert expected.finished and expected.winner == NS
    assert dict(expected.totals) == {NS: 639, EW: 67}
    assert f"{NS} win" in banner.inner_text()
    assert f"{NS} 639 · {EW} 67" in banner.inner_text()
    footer = page.locator("table.sheet tfoot").inner_text()
    assert "639" in footer and "67" in footer
    assert page.locator("#deal-3 .mark").all_inner_texts() == ["382", "-"]
    check_accessibility(page)


def test_referee_pages_with_verdicts(server: str, phone: Any) -> None:
    page = phone.new_page()

    # Whose meld scores? E15: four 9s beat a hundred.
    page.goto(server + "/referee/clabber/melds")
    check_accessibility(page)
    tap(page, "trump", "S")
    page.fill("#hand_0", "9S 9H 9D 9C")
    page.click("#hand_1")
    for card in ("AH", "KH", "QH", "JH", "10H"):
        pick(page, card)
    page.locator(".picker:visible .done").click()
    page.click("text=Whose meld?")
    assert "NS score 100" in page.locator(".verdict").inner_text()
    check_accessibility(page)

    # Who wins this trick? E3: the trump 9 beats the trump ace.
    page.goto(server + "/referee/clabber/trick")
    tap(page, "trump", "C")
    tap(page, "leader", "N")
    for field, card in zip(("#card_0", "#card_1", "#card_2", "#card_3"), ("AC", "9C", "KC", "QC"), strict=True):
        page.fill(field, card)
    page.click("text=Who wins?")
    verdict = page.locator(".verdict").inner_text()
    assert "E wins the trick" in verdict and "32" in verdict
    check_accessibility(page)

    # May I play this card? E6: spades led, the trump jack may not be played.
    page.goto(server + "/referee/clabber/legal")
    tap(page, "trump", "H")
    tap(page, "leader", "N")
    page.fill("#trick", "KS")
    page.fill("#hand", "10S JH AD 9C QD")
    page.fill("#card", "JH")
    page.click("button:text('Check')")
    verdict = page.locator(".verdict").inner_text()
    assert "may not be played" in verdict and "clabber-5.1" in verdict
    check_accessibility(page)

    page.goto(server + "/rules/clabber")
    check_accessibility(page)
