"""Iceberg's house rule ``merge_runs`` through the deal form: a lay-off that closes the gap between two runs joins
them or not, as the score keeper says at that play (iceberg-4.4), with script or without."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.support.client import Browser
from tests.support.iceberg import (
    RULED_MELDS,
    RULED_PLAYERS,
    add_plays,
    error_at,
    hands,
    log_of,
    seats,
    text_of,
    totals,
    value_of,
)
from tests.support.pages import JA
from tests.support.table import Table

#: The join toggle of a lay-off on meld 1 joining run 2, as the form shows it: its checkbox.
TOGGLE = re.compile(r'<input type="checkbox" name="joins" value="1:2"[^>]*>')


def joining_match(table: Table, **options: str) -> str:
    """Four players (two decks), ``merge_runs`` on unless ``options`` say otherwise."""
    return table.match("iceberg", RULED_PLAYERS, **({"opt_merge_runs": "true"} | options))


def toggle(page: str) -> str:
    found = TOGGLE.search(page)
    assert found, "no toggle to join run 2"
    return found.group(0)


def shown(page: str) -> bool:
    """Whether the toggle to join run 2 is shown (the page's script may show it as the cards are picked)."""
    return "disabled" not in toggle(page)


def post(browser: Browser, url: str, page: str, **fields: Any) -> Any:
    """The form posted again with the log of ``page``, and the fields given."""
    return browser.submit(url, {**seats(RULED_PLAYERS), "log": json.dumps(log_of(page)), **fields})


def test_the_toggle_waits_for_the_cards_that_close_the_gap(browser: Browser, table: Table) -> None:
    url = f"{joining_match(table)}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    # On the form, ticked as the rules join by default, and hidden until the cards close the gap: 10S.
    assert 'data-onto="1" data-needs="10S" hidden' in page and "checked" in toggle(page) and not shown(page)
    assert "js/iceberg-joins.js" in page
    # The fields post 10S on meld 1 (a player not yet tapped): the page shows the toggle, "Join with run 2?".
    refused = post(browser, url, page, act="add", kind="onto-1", cards="10S")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and error_at(page, "cards") == "tap who made the play"
    assert shown(page) and "checked" in toggle(page) and value_of(page, "asked") == "1:2"
    assert "Join with run 2 (J♠–K♠)?" in text_of(page)
    # Other cards, or a new meld: no toggle shown. Laid on meld 2, 10S closes the gap to run 1: its own toggle.
    for fields in ({"kind": "onto-1", "cards": "6S"}, {"kind": "meld"}, {"kind": "onto-2"}):
        page = post(browser, url, page, act="add", **{"cards": "10S", **fields}).get_data(as_text=True)
        assert not shown(page) and value_of(page, "asked") == ("2:1" if fields["kind"] == "onto-2" else ""), fields
    assert 'value="2:1" checked>' in page and "Join with run 1 (7♠–9♠)?" in text_of(page)


def test_a_play_that_joins_shows_one_run_and_says_the_player_chose(browser: Browser, table: Table) -> None:
    match = joining_match(table)
    url = f"{match}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    page = post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="10S", asked="1:2", joins="1:2")
    page = page.get_data(as_text=True)
    assert log_of(page)[2] == {"player": "Cat", "layoff": ["10S"], "onto": 1, "joins": [2]}
    said = text_of(page)
    # 10S makes one run of 7 cards: 70 (iceberg-4.4); the table shows it as one run, meld 2 in it.
    assert "Cat lays 10♠ on meld 1 joins meld 2 +70" in said
    assert "1 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ run · Ann + Cat meld 2 joined to it" in said
    assert "2 J♠ Q♠ K♠" not in said
    assert "Cat chooses to join meld 2 to meld 1, one run" in said
    # Dan goes out; Bob keeps JS, which fits nowhere now: −10.
    held = hands(RULED_PLAYERS, {"Ann": "2C", "Bob": "JS", "Cat": "3C", "Dan": ""})
    assert post(browser, url, page, **held).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [20, 20, 60, 0]
    said = text_of(sheet)
    assert "1 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ run · Ann + Cat meld 2 joined to it" in said and "2 J♠ Q♠ K♠" not in said
    assert "Cat lays 10♠ on meld 1 (7♠–9♠): 70; Cat chooses to join meld 2 to meld 1, one run iceberg-4.4" in said


def test_unticked_the_card_goes_on_its_run_alone(browser: Browser, table: Table) -> None:
    """iceberg-4.4's example: 10S on 7S–9S alone (40) lets JS follow (50); joined, JS has nowhere to go."""
    match = joining_match(table)
    url = f"{match}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    page = post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="10S", asked="1:2").get_data(
        as_text=True
    )
    assert log_of(page)[2] == {"player": "Cat", "layoff": ["10S"], "onto": 1, "joins": []}
    assert "Cat lays 10♠ on meld 1 does not join meld 2 +40" in text_of(page)
    page = post(browser, url, page, act="add", who="Dan", kind="onto-1", cards="JS").get_data(as_text=True)
    assert "So far: Ann 30 · Bob 30 · Cat 40 · Dan 50" in text_of(page)
    held = hands(RULED_PLAYERS, {"Ann": "2C", "Bob": "3C", "Cat": "4C", "Dan": ""})
    assert post(browser, url, page, **held).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [20, 20, 30, 50]
    assert "it closes the gap to meld 2, but Cat chooses not to join" in text_of(sheet)


def test_a_play_left_in_the_fields_keeps_its_choice(browser: Browser, table: Table) -> None:
    """Scoring the deal with the lay-off still in the play fields: the toggle unticked goes into the log too."""
    match = joining_match(table)
    url = f"{match}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    held = hands(RULED_PLAYERS, {"Ann": "2C", "Bob": "3C", "Cat": "", "Dan": "4C"})
    assert post(browser, url, page, who="Cat", kind="onto-1", cards="10S", asked="1:2", **held).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [20, 20, 40, -10]
    assert "Cat lays 10♠ on meld 1 does not join meld 2 +40" in text_of(sheet)


def test_without_script_the_default_joins_and_edit_offers_the_choice(browser: Browser, table: Table) -> None:
    """A page without script shows no toggle before the cards are posted: the play joins the runs, as the rules
    layer does for a play that does not say, and Edit on it shows the toggle, ticked."""
    url = f"{joining_match(table)}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, [*RULED_MELDS, {"who": "Cat", "kind": "onto-1", "cards": "10S"}])
    assert log_of(page)[2] == {"player": "Cat", "layoff": ["10S"], "onto": 1}
    assert "Added: Cat lays 10♠ on meld 1 (7♠–9♠): 70; meld 2 joins meld 1 into one run" in text_of(page)
    page = post(browser, url, page, act="edit-3").get_data(as_text=True)
    assert shown(page) and "checked" in toggle(page)
    # Unticked, the correction is something typed: Edit on another play does not drop it.
    unticked = {"editing": "3", "who": "Cat", "kind": "onto-1", "cards": "10S", "asked": "1:2"}
    kept = post(browser, url, page, act="edit-1", **unticked).get_data(as_text=True)
    assert "before correcting another" in error_at(kept, "cards") and value_of(kept, "editing") == "3"
    assert shown(kept) and "checked" not in toggle(kept)
    page = post(browser, url, page, act="add", **unticked)
    page = page.get_data(as_text=True)
    assert log_of(page)[2] == {"player": "Cat", "layoff": ["10S"], "onto": 1, "joins": []}
    # Edit again: the toggle comes back as the play says, unticked.
    page = post(browser, url, page, act="edit-3").get_data(as_text=True)
    assert shown(page) and "checked" not in toggle(page)


def test_a_wrong_join_is_refused_at_the_play_with_everything_kept(browser: Browser, table: Table) -> None:
    url = f"{joining_match(table)}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    held = hands(RULED_PLAYERS, {"Ann": "2C", "Bob": "3C"})
    # The toggle was shown for 10S; the cards are now 6S, which closes no gap, and it is still ticked.
    response = post(
        browser, url, page, act="add", who="Cat", kind="onto-1", cards="6S", asked="1:2", joins="1:2", **held
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "no card of 6♠ closes the gap between 7♠–9♠ and J♠–K♠, so they do not join" in error_at(page, "cards")
    assert len(log_of(page)) == 2 and value_of(page, "cards") == "6S" and value_of(page, "hand_1") == "3C"
    assert shown(page) and "checked" in toggle(page)
    # Unticked, the play is added; a run that is not one the table could join is refused too.
    assert (
        len(log_of(post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="6S").get_data(as_text=True)))
        == 3
    )
    response = post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="10S", joins="1:1")
    assert response.status_code == 400 and "meld 1 cannot join itself" in error_at(
        response.get_data(as_text=True), "cards"
    )
    # Scoring the deal with the wrong join in the fields: refused at the play, every other problem beside it.
    response = post(browser, url, page, who="Cat", kind="onto-1", cards="6S", asked="1:2", joins="1:2", **held)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "no card of 6♠ closes the gap" in error_at(page, "cards") and value_of(page, "cards") == "6S"


def test_the_worked_example_is_worth_90_under_both_settings(browser: Browser, table: Table) -> None:
    """iceberg-4.4: table 7S–9S and JS–KS, hand 10S JS: 10S on 7S–9S (40), then JS (50), rather than joining the
    runs (70) with JS left: the hand is worth 90 with the option and without."""
    for options in ({}, {"opt_merge_runs": "false"}):
        match = joining_match(table, **options)
        url = f"{match}/deals/new"
        page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
        held = hands(RULED_PLAYERS, {"Ann": "", "Bob": "2C", "Cat": "10S JS", "Dan": "3C"})
        assert post(browser, url, page, **held).status_code == 302
        sheet = text_of(browser.get(match).get_data(as_text=True))
        assert "Cat kept 10♠ J♠; the best one more turn:" in sheet, options
        assert "V* 90 · nothing unplayed → -90" in sheet, options
        assert totals(browser.get(match).get_data(as_text=True)) == [30, 20, -90, -10]


def test_without_the_house_rule_there_is_no_toggle(browser: Browser, table: Table) -> None:
    url = f"{joining_match(table, opt_merge_runs='false')}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    assert 'name="joins"' not in page and "iceberg-joins.js" not in page
    page = post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="10S", asked="1:2", joins="1:2")
    assert log_of(page.get_data(as_text=True))[2] == {"player": "Cat", "layoff": ["10S"], "onto": 1}


def test_the_choice_in_japanese(browser: Browser, table: Table) -> None:
    browser.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = JA["Accept-Language"]
    match = joining_match(table)
    url = f"{match}/deals/new"
    page = add_plays(browser, url, RULED_PLAYERS, RULED_MELDS)
    page = post(browser, url, page, act="add", kind="onto-1", cards="10S").get_data(as_text=True)
    said = text_of(page)
    assert "シークエンス2（J♠–K♠）とつなぎますか？" in said and "つなぐかどうかはプレイヤーが選びます" in said
    page = post(browser, url, page, act="add", who="Cat", kind="onto-1", cards="10S", asked="1:2", joins="1:2")
    held = hands(RULED_PLAYERS, {"Ann": "2C", "Bob": "3C", "Cat": "", "Dan": "4C"})
    assert post(browser, url, page.get_data(as_text=True), **held).status_code == 302
    sheet = text_of(browser.get(match).get_data(as_text=True))
    assert "Catはメルド2をメルド1とつなぐことを選び、1つのシークエンスになります" in sheet
    assert "メルド2とつながる" in sheet and "メルド2がつながった" in sheet
