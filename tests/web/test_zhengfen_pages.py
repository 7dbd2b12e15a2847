"""Zheng Fen through the pages: matches of 3 to 6, deal entry by cards or counts, the sheet, referee pages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.catalogs import ROOT
from referee.rules.game import MatchSetup
from referee.rules.zhengfen import ZHENGFEN
from tests.support.client import Browser
from tests.support.table import Table
from tests.support.zhengfen import (
    E31,
    E31_PAGE,
    MATCH,
    OPTIONS,
    PLAYERS,
    form_data,
    text_of,
    totals,
    trick_data,
)


def rules_entry(deal: dict[str, Any]) -> dict[str, Any]:
    """The same deal as the rules layer's entry."""

    def pile(value: str | dict[str, int]) -> list[str] | dict[str, int]:
        return value if isinstance(value, dict) else value.split()

    return {
        "order": deal["order"],
        "captured": {name: pile(value) for name, value in deal["captured"].items()},
        "hand": pile(deal.get("hand", "")),
    }


def sweep(order: list[str]) -> dict[str, Any]:
    """A deal in which the 1st player captured every point card by count."""
    return {"order": order, "captured": {order[0]: {"5": 4, "10": 4, "K": 4}}, "hand": ""}


def spread(players: list[str]) -> dict[str, Any]:
    """A deal with point cards spread over everyone; the last seat finishes last, holding two 5s."""
    cards = [f"{r}{s}" for r in ("5", "10", "K") for s in "SHDC" if f"{r}{s}" not in ("5S", "5H")]
    captured = {name: " ".join(cards[i :: len(players)]) for i, name in enumerate(players)}
    return {"order": players[1:] + players[:1], "captured": captured, "hand": "5S 5H 8C"}


# --- matches -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_a_deal_at_every_table_size(browser: Browser, table: Table, count: int) -> None:
    players = PLAYERS[:count]
    match = table.match("zhengfen", PLAYERS[:count], **MATCH)
    sheet = browser.get(match).get_data(as_text=True)
    assert "<strong>Ann</strong> deals deal 1" in sheet
    chip = '<a class="rule" href="/rules/zhengfen#zhengfen-1.6">zhengfen-1.6</a>'
    assert "leads the first trick and need not play it. " + chip in sheet
    assert "3♥" in sheet
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert form.count('type="radio"') == count * count
    assert form.count('data-card-input="list"') == count + 1

    deal = spread(players)
    response = browser.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]

    setup = MatchSetup(players=tuple(players), options={})
    expected = ZHENGFEN.score_match(setup, [ZHENGFEN.check_entry(setup, rules_entry(deal))])
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [expected.totals[p] for p in players]
    assert sum(totals(sheet)) == 100
    first, last = deal["order"][0], deal["order"][-1]
    assert f"<strong>{first}</strong> deals deal 2" in sheet
    note = f"{last}, last, shuffles; {first}, 1st, deals, takes the first card and leads. "
    assert note + '<a class="rule" href="/rules/zhengfen#zhengfen-1.7">zhengfen-1.7</a>' in sheet
    shown = text_of(sheet)
    assert f"{last}, last, gives {first}, 1st:" in shown
    assert "5♠ 5♥ 8♣" in shown


def test_e31_by_cards_and_by_counts(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    assert browser.submit(f"{match}/deals/new", form_data(players, E31)).status_code == 302
    by_counts = {
        "order": E31["order"],
        "captured": {
            "Ann": {"5": 1, "10": 1, "K": 1},
            "Bob": {"5": 1, "K": 1},
            "Cat": {"10": 2, "K": 1},
            "Dan": {"10": 1, "K": 1},
        },
        "hand": {"5": 2},
    }
    assert browser.submit(f"{match}/deals/new", form_data(players, by_counts)).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    # Deal 1: Bob 55, Dan 20, Ann 25, Cat 0 (E31); deal 2 the same by counts.
    assert totals(sheet) == [50, 110, 0, 40]
    shown = text_of(sheet)
    assert "Bob 1st takes 40 from Cat: Bob 55, Dan 20, Ann 25, Cat 0" in shown
    assert "Cat, last, gives Bob, 1st: 30 captured + 10 in hand (5 5) = 40" in shown
    # The sheet works out the latest deal; deal 1 is worked out on its own page.
    first = text_of(browser.get(f"{match}/deals/1").get_data(as_text=True))
    assert "Cat, last, gives Bob, 1st: 30 captured + 10 in hand (5♠ 5♥ 7♣ 2♦) = 40" in first
    assert "15 + 40 =" in shown


def test_a_match_to_500_ends_with_the_winner(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("zhengfen", PLAYERS[:3], **MATCH)
    deals = [sweep(["Bob", "Ann", "Cat"])] * 3 + [spread(players)] + [sweep(["Cat", "Bob", "Ann"])]
    deals += [sweep(["Bob", "Cat", "Ann"])] * 2
    setup = MatchSetup(players=tuple(players), options={})
    entries = []
    for number, deal in enumerate(deals, start=1):
        sheet = browser.get(match).get_data(as_text=True)
        assert f"Enter deal {number}" in sheet
        assert browser.submit(f"{match}/deals/new", form_data(players, deal)).status_code == 302
        entries.append(ZHENGFEN.check_entry(setup, rules_entry(deal)))
    expected = ZHENGFEN.score_match(setup, entries)
    assert expected.finished and expected.winner == "Bob"
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [expected.totals[p] for p in players]
    assert "</svg> Bob wins" in sheet and str(expected.status) == f"Bob wins with {expected.totals['Bob']}"
    assert "zhengfen-7.1" in sheet and "Enter deal" not in sheet
    assert "shuffles;" not in sheet.split("<table")[0]
    refused = browser.submit(f"{match}/deals/new", form_data(players, deals[0]), form_page=match)
    assert refused.status_code == 302
    after = browser.get(match).get_data(as_text=True)
    assert f"Deal {len(deals)} ·" in after and f"Deal {len(deals) + 1} ·" not in after


def test_a_tie_at_the_target_plays_on(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("zhengfen", PLAYERS[:3], **MATCH)
    halves = {"5": 2, "10": 2, "K": 2}
    deal = {"order": ["Ann", "Bob", "Cat"], "captured": {"Ann": halves, "Bob": halves}, "hand": ""}
    for _ in range(10):
        assert browser.submit(f"{match}/deals/new", form_data(players, deal)).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [500, 500, 0]
    assert "Ann and Bob tie on 500: another deal is played" in sheet and "Enter deal 11" in sheet
    assert 'class="trophy"' not in sheet


# --- bad input -------------------------------------------------------------------------------------


def test_a_player_in_two_places_is_named_at_the_order(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, order=["Bob", "Dan", "Bob", "Cat"])
    response = browser.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="order-error"' in page
    assert "Bob is both 1st and 3rd. No place for Ann. Tap each player in one place." in page
    assert '<input type="radio" name="place_2" value="Bob" checked>' in page
    assert 'value="10S KH 5D"' in page and 'value="5S 5H 7C 2D"' in page


def test_a_bad_card_is_shown_at_its_pile_and_the_input_kept(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, captured=dict(E31["captured"], Bob="KS 5C ZZ"))
    response = browser.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    error = page.split('id="cards_1-error">')[1].split("</p>")[0]
    assert "<code>ZZ</code> (card 3 of Bob&#39;s cards) is not a card" in error
    assert 'value="KS 5C ZZ"' in page and 'aria-invalid="true"' in page
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_a_card_in_two_piles_is_shown_at_both(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, captured=dict(E31["captured"], Dan="10C KC KH"))
    page = browser.submit(f"{match}/deals/new", form_data(players, deal)).get_data(as_text=True)
    for seat in (0, 3):
        error = text_of(page.split(f'id="cards_{seat}-error">')[1].split("</p>")[0])
        assert error == "K♥ appears twice (Ann's cards and Dan's cards); one deck holds 1"


def test_a_missing_point_card_is_refused_with_the_total(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, captured=dict(E31["captured"], Cat="10H 10D"))
    response = browser.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 400
    assert "missing K♦: the deal's points add to 90, not 100 — zhengfen-9.5" in text_of(response.get_data(as_text=True))
    counted = dict(E31, captured=dict(E31["captured"], Cat={"10": 2}))
    response = browser.submit(f"{match}/deals/new", form_data(players, counted))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "3 kings entered, the pack has 4: the deal's points add to 90, not 100" in text_of(page)
    assert 'name="tens_2" pattern="[0-9]*" type="text" value="2"' in page


def test_cards_and_counts_that_disagree_are_refused(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    data = form_data(players, E31) | {"fives_0": "2"}
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 400
    error = text_of(response.get_data(as_text=True).split('id="fives_0-error">')[1].split("</p>")[0])
    assert error.startswith("Ann's cards: the cards hold 1 × 5, 1 × 10, 1 × K but the counts say 2 × 5;")
    agreeing = form_data(players, E31) | {"fives_0": "1", "tens_0": "1", "kings_0": "1"}
    assert browser.submit(f"{match}/deals/new", agreeing).status_code == 302


def test_a_count_out_of_range_and_a_hand_too_big(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    response = browser.submit(f"{match}/deals/new", form_data(players, E31) | {"cards_0": "", "fives_0": "7"})
    assert response.status_code == 400 and "a count from 0 to 4" in response.get_data(as_text=True)
    response = browser.submit(f"{match}/deals/new", form_data(players, E31) | {"hand_cards": "5S 5H KH"})
    error = text_of(response.get_data(as_text=True).split('id="hand_cards-error">')[1].split("</p>")[0])
    assert error == "K♥ appears twice (Ann's cards and the last hand); one deck holds 1"
    big = dict(E31, hand="5S 5H 3C 4C 6C 7C 8C 9C JC QC AC 2C 3D 4D 6D")
    response = browser.submit(f"{match}/deals/new", form_data(players, big))
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    error = text_of(page.split('id="hand_cards-error">')[1].split("</p>")[0])
    assert error == "Cat holds 15 cards, but a 4-player deal gives at most 14 — zhengfen-9.6"


# --- edit and undo ----------------------------------------------------------------------------------


def test_edit_and_undo(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    assert browser.submit(f"{match}/deals/new", form_data(players, E31)).status_code == 302
    counted = sweep(["Dan", "Cat", "Bob", "Ann"])
    assert browser.submit(f"{match}/deals/new", form_data(players, counted)).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [25, 55, 0, 120]

    form = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert '<input type="radio" name="place_0" value="Bob" checked>' in form
    assert '<input type="radio" name="place_3" value="Cat" checked>' in form
    assert 'value="10S KH 5D"' in form and 'value="5S 5H 7C 2D"' in form
    edit = browser.get(f"{match}/deals/2/edit").get_data(as_text=True)
    assert 'name="fives_3" pattern="[0-9]*" type="text" value="4"' in edit
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    corrected = dict(E31, order=["Dan", "Bob", "Ann", "Cat"])
    response = browser.submit(f"{match}/deals/1/edit", {**form_data(players, corrected), "version": version})
    assert response.status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    # Dan 1st: 20 + 40 = 60; Bob keeps 15, Ann 25, Cat 0; then Dan sweeps deal 2.
    assert totals(sheet) == [25, 15, 0, 160]
    assert "<strong>Dan</strong> deals deal 3" in sheet

    assert browser.submit(f"{match}/undo", {}).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [25, 15, 0, 60] and "Enter deal 2" in sheet
    assert "Cat, last, shuffles; Dan, 1st, deals" in sheet
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Deal 2 undone" in history and "Deal 1 corrected" in history


# --- referee pages -----------------------------------------------------------------------------------


def classify(browser: Browser, cards: str, **options: Any) -> Any:
    return browser.submit("/referee/zhengfen/classify", {"cards": cards, **OPTIONS, **options})


def beats(browser: Browser, current: str, play: str) -> Any:
    return browser.submit("/referee/zhengfen/beats", {"current": current, "play": play, **OPTIONS})


def test_what_is_this_combination(browser: Browser) -> None:
    response = classify(browser, "5S 5H 6S 6H 7D 7C")
    page = text_of(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "A pair sequence 5–7 (3 pairs) pair sequence · key 7 · length 3" in page
    assert "zhengfen-3.5" in page


def test_every_reading_and_what_each_joker_stands_for(browser: Browser) -> None:
    page = text_of(classify(browser, "9H 10H JH SJ BJ").get_data(as_text=True))
    assert "A suit sequence of hearts 9–K (5 cards) suit sequence · key K · length 5" in page
    assert "SJ stands for Q♥ zhengfen-4.1" in page and "BJ stands for K♥ zhengfen-4.1" in page
    assert "Every reading (8)" in page
    assert "A trio of jacks plus two (two adjacent ranks) SJ stands for a jack; BJ stands for a jack" in page
    assert "recorded" in page
    pair = text_of(classify(browser, "SJ BJ").get_data(as_text=True))
    assert (
        "A pair of big jokers" in pair and "SJ stands for a big joker" in pair and "BJ counts at its own rank" in pair
    )
    standard = text_of(classify(browser, "SJ BJ", opt_wild_range="standard_only").get_data(as_text=True))
    assert "A pair of 2s" in standard


def test_no_combination_and_a_house_rule(browser: Browser) -> None:
    page = text_of(classify(browser, "8S 8H 9D").get_data(as_text=True))
    assert "No combination" in page
    assert "no combination: 8♠ 8♥ 9♦ is none of a pair, a triple or a 5-10-K" in page
    airplane = "6S 6H 6D 7S 7H 7D"
    assert "No combination" in text_of(classify(browser, airplane).get_data(as_text=True))
    page = text_of(classify(browser, airplane, opt_triple_four_sequence_min="2").get_data(as_text=True))
    assert "A triple sequence 6–7 (2 triples)" in page


def test_a_bad_card_on_the_referee_page_keeps_the_input(browser: Browser) -> None:
    response = classify(browser, "8S JO")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "JO is not in the Zheng Fen pack: use SJ (small joker) or BJ (big joker)" in text_of(page)
    assert 'value="8S JO"' in page and 'aria-invalid="true"' in page
    response = beats(browser, "8H 8C", "8H 9H")
    page = text_of(response.get_data(as_text=True))
    assert response.status_code == 400 and "8♥ appears twice (current and play)" in page


def test_does_this_beat_that(browser: Browser) -> None:
    page = text_of(beats(browser, "8H 8C", "8S SJ").get_data(as_text=True))
    assert "No, it does not beat" in page
    assert "SJ stands for an 8" in page and "equal strength never beats" in page and "zhengfen-4.2" in page
    page = text_of(beats(browser, "JS JH JD", "QS QH BJ").get_data(as_text=True))
    assert "Yes, it beats" in page and "Recorded as a triple of queens" in page and "BJ stands for a queen" in page
    page = text_of(beats(browser, "2S 2H 2D", "5S 10H KD").get_data(as_text=True))
    assert "Yes, it beats" in page and "the special 5-10-K of mixed suits" in page and "zhengfen-5.4" in page
    page = text_of(beats(browser, "KS KH", "4S 4H 4D 4C").get_data(as_text=True))
    assert "No, it does not beat" in page and "a `four` cannot follow a `pair`" not in page
    assert "a four cannot follow a pair" in page


def test_the_referee_index_lists_the_zhengfen_pages(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/referee/").get_data(as_text=True)
    assert "/referee/zhengfen/classify" in page and "/referee/zhengfen/beats" in page
    assert "What is this combination?" in page and "Does this beat that?" in page


# --- the finishing order is decided by the players, never guessed -----------------------------------------


def test_the_finishing_order_starts_empty(browser: Browser, table: Table) -> None:
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert form.count('type="radio"') == 16
    assert re.search(r"<input type=\"radio\"[^>]* checked", form) is None
    assert form.count('aria-required="true"') == 3


def test_a_deal_without_its_finishing_order_is_refused_at_the_order(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, order=[])
    response = browser.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    error = page.split('id="order-error">')[1].split("</p>")[0]
    assert "Tap who went out 1st, 2nd, 3rd: the finishing order decides the scores." in error
    assert 'aria-describedby="order-error"' in page
    assert 'value="10S KH 5D"' in page and 'value="5S 5H 7C 2D"' in page
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_a_gap_in_the_order_is_refused_and_the_taps_kept(browser: Browser, table: Table) -> None:
    """Bob 1st, Ann 3rd, Cat last: 2nd is not Dan by elimination, it is a place nobody tapped."""
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    response = browser.submit(f"{match}/deals/new", form_data(players, E31) | {"place_1": ""})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Tap who went out 2nd: the finishing order decides the scores." in page
    assert '<input type="radio" name="place_0" value="Bob" checked>' in page
    assert '<input type="radio" name="place_2" value="Ann" checked>' in page
    assert '<input type="radio" name="place_3" value="Cat" checked>' in page


def test_the_last_place_is_the_player_left(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    response = browser.submit(f"{match}/deals/new", form_data(players, E31) | {"place_3": ""})
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]
    setup = MatchSetup(players=tuple(players), options={})
    expected = ZHENGFEN.score_match(setup, [ZHENGFEN.check_entry(setup, rules_entry(E31))])
    assert totals(browser.get(match).get_data(as_text=True)) == [expected.totals[p] for p in players]


def test_every_clause_the_code_cites_is_on_the_rule_card(browser: Browser) -> None:
    """Whatever an explanation, a reason, an error or a page of Zheng Fen cites, the rule card prints."""
    sources = [
        *(ROOT / "referee/rules/zhengfen").glob("*.py"),
        ROOT / "referee/web/forms/entries/zhengfen.py",
        ROOT / "referee/web/referee_pages/zhengfen.py",
        *(ROOT / "templates/games/zhengfen").glob("*.html"),
        *(ROOT / "templates/referee").glob("zhengfen_*.html"),
    ]
    cited = {clause for path in sources for clause in re.findall(r"zhengfen-\d+\.\d+", path.read_text("utf-8"))}
    card = browser.get("/rules/zhengfen").get_data(as_text=True)
    printed = set(re.findall(r'<span class="clause" id="(zhengfen-\d+\.\d+)"', card))
    assert {"zhengfen-1.6", "zhengfen-6.4", "zhengfen-9.1"} <= cited
    assert cited - printed == set()


# --- what does this deal score? ------------------------------------------------------------------


def test_the_deal_page_scores_e31_and_judges_a_claim(browser: Browser) -> None:
    assert "/referee/zhengfen/deal" in browser.get("/referee/").get_data(as_text=True)
    response = browser.submit("/referee/zhengfen/deal", {**E31_PAGE, "claim-B": "55", "claim-C": "0"})
    assert response.status_code == 200
    shown = text_of(response.get_data(as_text=True))
    assert "B 55 · D 20 · A 25 · C 0" in shown
    assert "C, last, gives B, 1st, 40 points." in shown
    assert "C, last, gives B, 1st, the 30 points captured and the 10 points left in hand" in shown
    assert "Claim agreed" in shown

    differs = browser.submit("/referee/zhengfen/deal", {**E31_PAGE, "claim-B": "50"})
    assert "The claim differs" in text_of(differs.get_data(as_text=True))


def test_the_deal_page_takes_counts_and_places_errors(browser: Browser) -> None:
    counts = {
        "players": "3",
        **form_data(["A", "B", "C"], {"order": ["C", "A"], "captured": {"C": {"5": 4, "10": 4, "K": 4}}}),
    }
    shown = text_of(browser.submit("/referee/zhengfen/deal", counts).get_data(as_text=True))
    assert "C 100 · A 0 · B 0" in shown

    doubled = {**E31_PAGE, "cards_0": "10S KH 5D 5S"}
    response = browser.submit("/referee/zhengfen/deal", doubled)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    for field in ("cards_0", "hand_cards"):
        error = text_of(page.split(f'id="{field}-error">')[1].split("</p>")[0])
        assert error == "5♠ appears twice (A's cards and the last hand); one deck holds 1"


# --- who takes this trick? -------------------------------------------------------------------------


def test_the_trick_page_settles_e30(browser: Browser) -> None:
    assert "/referee/zhengfen/trick" in browser.get("/referee/").get_data(as_text=True)
    plays = [("A", "6S"), ("B", ""), ("C", "9H"), ("D", ""), ("A", "KS"), ("B", "2D"), ("C", ""), ("D", ""), ("A", "")]
    response = browser.submit("/referee/zhengfen/trick", trick_data(4, plays))
    assert response.status_code == 200
    shown = text_of(response.get_data(as_text=True))
    assert "B takes the trick: 10 points" in shown and "B leads next." in shown
    assert "every other player holding cards passed: B takes 6♠ 9♥ K♠ 2♦ = 0 + 0 + 10 + 0 = 10 points" in shown

    last = trick_data(4, [("B", "QS QH"), ("C", ""), ("D", ""), ("A", "")], last_0="y")
    shown = text_of(browser.submit("/referee/zhengfen/trick", last).get_data(as_text=True))
    assert "B takes the trick: 0 points" in shown and "C leads next (B is out of cards)" in shown


def test_the_trick_page_says_what_breaks_the_rules(browser: Browser) -> None:
    wrong_turn = trick_data(3, [("A", "6S"), ("C", "7S")])
    shown = text_of(browser.submit("/referee/zhengfen/trick", wrong_turn).get_data(as_text=True))
    assert "Not as the rules allow" in shown and "action 2: it is B's turn, not C's" in shown

    response = browser.submit("/referee/zhengfen/trick", trick_data(3, [("A", "6S"), ("B", "ZZ")]))
    assert response.status_code == 400
    error = text_of(response.get_data(as_text=True).split('id="cards_1-error">')[1].split("</p>")[0])
    assert error.startswith("ZZ (card 1 of play 2) is not a card")
