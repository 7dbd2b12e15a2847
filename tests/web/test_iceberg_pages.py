"""Iceberg through the pages: the play log built play by play, totals only, the sheet, the leftover page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from referee.rules.game import MatchSetup
from referee.rules.iceberg import ICEBERG
from tests.support.client import Browser
from tests.support.iceberg import (
    HANDS,
    PLAYERS,
    PLAYS,
    add_plays,
    error_at,
    hands,
    log_of,
    seats,
    text_of,
    totals,
    value_of,
)
from tests.support.table import Table


def quick_data(players: list[str], deal: dict[str, Any]) -> dict[str, str]:
    """What the totals-only form posts."""
    data = {**seats(players), "mode": "quick", **hands(players, deal["hands"])}
    for i, name in enumerate(players):
        if name in deal["played"]:
            data[f"played_{i}"] = str(deal["played"][name])
        if name in deal.get("aces", {}):
            data[f"aces_{i}"] = str(deal["aces"][name])
    for i, meld in enumerate(deal["table"]):
        data[f"table_{i}"] = meld
    return data


def quick_entry(deal: dict[str, Any]) -> dict[str, Any]:
    return {
        "mode": "quick",
        "played": deal["played"],
        "aces": deal.get("aces", {}),
        "table": [meld.split() for meld in deal["table"]],
        "hands": {name: cards.split() for name, cards in deal["hands"].items()},
    }


def a_quick_deal(players: list[str]) -> dict[str, Any]:
    """The first player went out with a run; with two decks the second laid a set of queens."""
    two_decks = len(players) >= 4
    table = ["4H 5H 6H"] + (["QS QS QD"] if two_decks else [])
    played = {players[0]: 30} | ({players[1]: 30} if two_decks else {})
    held = {name: f"K{suit} 2{suit}" for name, suit in zip(players[1:], "SCDHS", strict=False)} | {players[0]: ""}
    return {"played": played, "table": table, "hands": held}


# --- matches -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_a_deal_at_every_table_size(browser: Browser, table: Table, count: int) -> None:
    players = PLAYERS[:count]
    match = table.match("iceberg", PLAYERS[:count])
    form = browser.get(f"{match}/deals/new?mode=log").get_data(as_text=True)
    decks = 1 if count <= 3 else 2
    assert f"&#34;decks&#34;: {decks}" in form and "&#34;jokers&#34;: {}" in form
    assert form.count('data-card-input="list"') == count + 1
    assert form.count('name="who"') == count

    deal = a_quick_deal(players)
    response = browser.submit(f"{match}/deals/new", quick_data(players, deal))
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]

    setup = MatchSetup(players=tuple(players), options={})
    expected = ICEBERG.score_match(setup, [ICEBERG.check_entry(setup, quick_entry(deal))])
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [expected.totals[p] for p in players]
    assert f"<strong>{players[1]}</strong> deals deal 2" in sheet
    shown = text_of(sheet)
    assert f"{players[0]} went out." in shown and "entered as totals" in shown
    # K♠ 2♠ cannot be played: −20 (iceberg-6.4).
    assert f"{players[1]} kept K♠ 2♠ · nothing playable → -20 iceberg-6.4" in shown


def test_a_deal_play_by_play(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS)
    shown = text_of(page)
    # The log with each play's points, the table numbered, the points so far (iceberg-4.5: 40 + 50).
    assert "Cat lays 7♥ 8♥ on meld 1 40 + 50 = +90" in shown
    assert "Bob lays 9♥ on meld 1 +60" in shown
    assert "So far: Ann 30 · Bob 90 · Cat 110" in shown
    assert "1 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ run · Bob + Cat" in shown
    assert "2 Q♠ Q♦ Q♣ set · Ann" in shown
    assert '<input type="radio" name="kind" value="onto-2">' in page
    # The picker counts the logged cards as used.
    assert "&#34;used&#34;: [&#34;4H&#34;, &#34;5H&#34;, &#34;6H&#34;, &#34;7H&#34;" in page

    log = log_of(page)
    response = browser.submit(url, {**seats(players), "mode": "log", "log": json.dumps(log), **hands(players, HANDS)})
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]

    setup = MatchSetup(players=tuple(players), options={})
    entry = {"mode": "log", "log": log, "hands": {p: c.split() for p, c in HANDS.items()}}
    expected = ICEBERG.score_match(setup, [ICEBERG.check_entry(setup, entry)])
    assert expected.totals == {"Ann": 30, "Bob": 60, "Cat": 30}
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [30, 60, 30]
    shown = text_of(sheet)
    assert "Ann went out." in shown
    # Cat lays 10H on the run (7 cards: 70) and keeps 3C: −70 − 10 (iceberg-6.4).
    assert "Cat kept 10♥ 3♣" in shown
    assert "Lay off 10♥ on meld 1 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ +70" in shown
    assert "V* 70 · unplayed 3♣ (1) → -80" in shown
    assert "Play by play (5 plays)" in shown


def test_take_back_returns_the_play_to_the_fields(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS[:2])
    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), "act": "take_back"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert log_of(page) == [{"player": "Bob", "meld": ["4H", "5H", "6H"]}]
    assert value_of(page, "cards") == "7H 8H"
    assert '<input type="radio" name="kind" value="onto-1" checked>' in page
    assert '<input type="radio" name="who" value="Cat" checked>' in page


def test_enter_in_a_field_adds_a_typed_play_and_otherwise_scores(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    base = {**seats(players), "mode": "log", "act": "enter"}
    page = browser.submit(url, {**base, "log": "[]", "who": "Bob", "kind": "meld", "cards": "4h 5h 6h"})
    assert log_of(page.get_data(as_text=True)) == [{"player": "Bob", "meld": ["4H", "5H", "6H"]}]
    held = hands(players, {"Bob": "", "Ann": "KS", "Cat": "2C"})
    done = browser.submit(url, {**base, "log": json.dumps(log_of(page.get_data(as_text=True))), **held})
    assert done.status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [-10, 30, -10]


def test_a_play_still_in_the_fields_counts_as_the_last_play(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    data = {**seats(players), "mode": "log", "log": "[]", "who": "Cat", "kind": "meld", "cards": "JD QD KD"}
    held = hands(players, {"Ann": "2S", "Bob": "3S", "Cat": ""})
    assert browser.submit(f"{match}/deals/new", data | held).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [-10, -10, 30]


def test_switching_to_totals_starts_from_the_plays(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS)
    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), "act": "quick"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert 'name="mode" type="hidden" value="quick"' in page
    assert [value_of(page, f"played_{i}") for i in range(3)] == ["30", "90", "90"]
    assert [value_of(page, f"aces_{i}") for i in range(3)] == ["0", "0", "1"]
    assert [value_of(page, f"table_{i}") for i in range(3)] == ["4H 5H 6H 7H 8H 9H", "QS QD QC", ""]


def test_a_match_to_the_target_ends_with_the_winner(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3], opt_target="200")
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS)
    log = log_of(page)
    assert browser.submit(url, {**seats(players), "log": json.dumps(log), **hands(players, HANDS)}).status_code == 302
    big = {"played": {"Bob": 180}, "table": ["2C 3C 4C 5C 6C 7C"], "hands": {"Ann": "KD KH", "Bob": "", "Cat": "9S"}}
    sheet = browser.get(match).get_data(as_text=True)
    assert "Enter deal 2" in sheet and "Playing to 200" in sheet
    assert browser.submit(url, quick_data(players, big)).status_code == 302

    setup = MatchSetup(players=tuple(players), options={"target": 200})
    entries = [
        ICEBERG.check_entry(setup, {"mode": "log", "log": log, "hands": {p: c.split() for p, c in HANDS.items()}}),
        ICEBERG.check_entry(setup, quick_entry(big)),
    ]
    expected = ICEBERG.score_match(setup, entries)
    assert expected.finished and expected.winner == "Bob"
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [expected.totals[p] for p in players] == [20, 240, 20]
    assert "</svg> Bob wins" in sheet and "Enter deal" not in sheet


# --- bad input -------------------------------------------------------------------------------------


def test_an_illegal_play_is_refused_at_the_play_and_kept(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS[:1])
    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), "act": "add"}
    response = browser.submit(url, data | {"who": "Cat", "kind": "onto-1", "cards": "10H"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "10♥ does not touch 4♥–6♥: a run grows only at its ends" in error_at(page, "cards")
    assert value_of(page, "cards") == "10H"
    assert len(log_of(page)) == 1
    response = browser.submit(url, data | {"who": "Cat", "kind": "meld", "cards": "AS KS QS"})
    assert "A♠ cannot be melded; aces are only exposed" in error_at(response.get_data(as_text=True), "cards")
    response = browser.submit(url, data | {"who": "Cat", "kind": "meld", "cards": ""})
    assert "pick the cards of the play" in error_at(response.get_data(as_text=True), "cards")


def test_points_that_do_not_add_up_are_refused_and_the_input_kept(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    deal = a_quick_deal(players) | {"played": {"Ann": 40}}
    response = browser.submit(f"{match}/deals/new", quick_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "The melds on the table are worth 30 in all, however they were laid; the points entered add up to 40" in (
        text_of(page)
    )
    assert value_of(page, "played_0") == "40"
    assert 'value="KS 2S"' in page and 'value="4H 5H 6H"' in page
    deal = a_quick_deal(players) | {"played": {"Ann": 25, "Bob": 5}}
    page = browser.submit(f"{match}/deals/new", quick_data(players, deal)).get_data(as_text=True)
    assert "Ann's 25: every meld and lay-off scores a multiple of 10" in error_at(page, "played_0")


def test_a_bad_card_is_shown_at_its_hand(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    deal = a_quick_deal(players)
    deal["hands"] = deal["hands"] | {"Cat": "KC ZZ"}
    response = browser.submit(f"{match}/deals/new", quick_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "ZZ (card 2 of Cat's hand) is not a card" in error_at(page, "hand_2")
    assert 'value="KC ZZ"' in page and 'aria-invalid="true"' in page


def test_a_card_in_the_log_and_a_hand_is_shown_at_the_hand(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS[:1]))
    held = hands(players, {"Ann": "", "Bob": "5H", "Cat": "2C"})
    page = browser.submit(url, {**seats(players), "log": json.dumps(log), **held}).get_data(as_text=True)
    assert error_at(page, "hand_1") == "5♥ appears twice (Bob's hand and play 1); one deck holds 1"


def test_a_deal_that_has_not_ended_is_refused(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    deal = a_quick_deal(players)
    deal["hands"] = deal["hands"] | {"Ann": "9D"}
    page = browser.submit(f"{match}/deals/new", quick_data(players, deal)).get_data(as_text=True)
    assert "Nobody went out and 0 of the 4 aces were exposed" in error_at(page, "ib-hands")


def test_a_bad_table_meld_is_shown_at_its_row(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    deal = {
        "played": {"Ann": 60},
        "table": ["4H 5H 6H", "", "9S 10S JD"],
        "hands": {"Ann": "", "Bob": "2C", "Cat": "3C"},
    }
    data = quick_data(players, deal)
    page = browser.submit(f"{match}/deals/new", data).get_data(as_text=True)
    assert "table meld 2 (9♠ 10♠ J♦) is no legal meld: J♦ is not a spade" in error_at(page, "table_2")


def test_a_log_that_cannot_be_read_is_reported_not_crashed_on(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    data = {**seats(players), "mode": "log", "log": "[{oops", "who": "Bob", "kind": "meld", "cards": "4H 5H 6H"}
    for act in ("add", ""):
        response = browser.submit(url, data | {"act": act})
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert "The plays entered so far could not be read; please enter them again" in text_of(page)
        assert log_of(page) == []


def test_bowers_ace_multiplier_on_the_log_and_the_sheet(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3], opt_ace_scoring="multiplier")
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS)
    assert "So far: Ann 30 · Bob 90 · Cat 90 ×2" in text_of(page)
    assert (
        browser.submit(url, {**seats(players), "log": json.dumps(log_of(page)), **hands(players, HANDS)}).status_code
        == 302
    )
    sheet = browser.get(match).get_data(as_text=True)
    # Cat: (90 − 80) × 2 = 20 (iceberg-8.1).
    assert totals(sheet) == [30, 60, 20]
    assert "Cat 90 ×2 1 ace -80 20" in text_of(sheet)


# --- corrections ------------------------------------------------------------------------------------


def test_edit_a_logged_deal_and_undo_it(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    assert browser.submit(url, {**seats(players), "log": json.dumps(log), **hands(players, HANDS)}).status_code == 302

    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert log_of(edit) == log
    assert 'value="KS 9C 2D"' in edit and "So far: Ann 30 · Bob 90 · Cat 110" in text_of(edit)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', edit).group(1)
    corrected = {**seats(players), "log": json.dumps(log), **hands(players, HANDS | {"Bob": "KS"}), "version": version}
    assert browser.submit(f"{match}/deals/1/edit", corrected).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [30, 80, 30]

    undo = browser.get(f"{match}/undo").get_data(as_text=True)
    number = re.search(r'name="number" type="hidden" value="(\d+)"', undo).group(1)
    assert browser.submit(f"{match}/undo", {"number": number}).status_code == 302
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_a_quick_deal_loads_for_editing(browser: Browser, table: Table) -> None:
    players = PLAYERS[:4]
    match = table.match("iceberg", PLAYERS[:4])
    deal = a_quick_deal(players)
    assert browser.submit(f"{match}/deals/new", quick_data(players, deal)).status_code == 302
    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert 'name="mode" type="hidden" value="quick"' in edit
    assert value_of(edit, "table_1") == "QS QS QD" and value_of(edit, "played_1") == "30"


# --- referee page ------------------------------------------------------------------------------------


def leftover(browser: Browser, data: dict[str, str]):  # type: ignore[no-untyped-def]
    return browser.submit("/referee/iceberg/leftover", {"decks": "1", **data})


def test_leftover_page_e12_and_bower_penalty(browser: Browser) -> None:
    page = browser.get("/referee/iceberg/leftover").get_data(as_text=True)
    assert "What does this leftover hand cost?" in page
    response = leftover(browser, {"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH"})
    assert response.status_code == 200
    shown = text_of(response.get_data(as_text=True))
    assert "Penalty −300" in shown and "V* = 300 · no card unplayed" in shown
    assert "Lay off 8♥ 7♥ 6♥ 5♥ 4♥ on meld 1 9♥ 10♥ J♥ 40 + 50 + 60 + 70 + 80 = +300 iceberg-4.5" in shown
    every = leftover(browser, {"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH", "opt_penalty": "every_card"})
    assert "Penalty −350" in text_of(every.get_data(as_text=True))


def test_leftover_page_e16_two_decks_and_an_ace(browser: Browser) -> None:
    response = leftover(browser, {"hand": "7H 7C 7D 8H 9H 10H AS", "decks": "2"})
    shown = text_of(response.get_data(as_text=True))
    # Points first: the run 7H–10H (70) beats set + run (60), leaving 7C 7D; the ace counts 20 (E16, iceberg-6.7).
    assert "Penalty −110" in shown and "2 cards unplayed: 7♦ 7♣" in shown
    assert "Expose A♠ +20" in shown


def test_leftover_page_with_an_illegal_table_meld(browser: Browser) -> None:
    response = leftover(browser, {"hand": "2C", "table_0": "4H 5H 6H", "table_2": "8S 8D 9C"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'class="verdict illegal"' in page and "The table is not legal" in page
    assert "Table meld 2 (8♠ 8♦ 9♣) is no legal meld" in text_of(page)
    # Empty rows are closed up, so meld 2 is row 2.
    assert 'value="8S 8D 9C"' in page and error_at(page, "table_1") == "Not a legal meld: see the verdict above."


def test_leftover_page_refuses_bad_cards_at_their_field(browser: Browser) -> None:
    response = leftover(browser, {"hand": "4H XX", "table_0": "9H 10H JH"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "XX (card 2 of hand) is not a card" in error_at(page, "hand")
    assert 'value="4H XX"' in page
    response = leftover(browser, {"hand": "9H", "table_0": "9H 10H JH"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert (
        error_at(page, "hand")
        == error_at(page, "table_0")
        == "9♥ appears twice (hand and table meld 1); one deck holds 1"
    )
    response = leftover(browser, {"hand": "JO"})
    assert "JO is not in the Iceberg pack" in error_at(response.get_data(as_text=True), "hand")


def test_more_rows_keeps_everything_and_gives_no_verdict(browser: Browser) -> None:
    data = {"hand": "2C", **{f"table_{i}": f"{r}S {r}H {r}D" for i, r in enumerate(["3", "4", "5"])}, "act": "rows"}
    response = leftover(browser, data)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'class="verdict' not in page and 'id="table_4"' in page and 'id="table_5"' not in page


def test_who_made_a_play_is_never_guessed(browser: Browser, table: Table) -> None:
    """The play fields start without a player, and again after each play is added."""
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    checked_who = re.compile(r'<input type="radio" name="who" value="[^"]*" checked>')
    assert checked_who.search(browser.get(url).get_data(as_text=True)) is None
    page = add_plays(browser, url, players, PLAYS[:1])
    assert checked_who.search(page) is None
    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), "act": "add"}
    refused = browser.submit(url, data | {"kind": "onto-1", "cards": "7H 8H"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and error_at(page, "cards") == "tap who made the play"
    assert value_of(page, "cards") == "7H 8H"
    assert '<input type="radio" name="kind" value="onto-1" checked>' in page


def test_leftover_page_and_match_setup_offer_merge_runs(browser: Browser, table: Table) -> None:
    response = leftover(browser, {"hand": "6H", "table_0": "3H 4H 5H", "table_1": "7H 8H 9H", "opt_merge_runs": "true"})
    assert "Penalty −70" in text_of(response.get_data(as_text=True))
    apart = leftover(browser, {"hand": "6H", "table_0": "3H 4H 5H", "table_1": "7H 8H 9H"})
    assert "Penalty −40" in text_of(apart.get_data(as_text=True))
    evening = table.evening(PLAYERS[:3])
    form = browser.get(f"{evening}/matches/new/iceberg").get_data(as_text=True)
    assert "opt_merge_runs" in form and "Join two runs" in form
