"""Iceberg through the pages: the fast entry, every problem of a refused deal at once, a play corrected anywhere."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.support.client import Browser
from tests.support.iceberg import (
    PLAYERS,
    PLAYS,
    add_plays,
    error_at,
    fast_data,
    hands,
    log_of,
    seats,
    text_of,
    totals,
    value_of,
)
from tests.support.table import Table

FOUR = PLAYERS[:4]


#: Ann went out; Bob, Cat and Dan counted their hands at the table.
TYPICAL = {
    "out": "Ann",
    "Ann": {"played": 150, "aces": 1},
    "Bob": {"played": 90, "aces": 2, "left": 3},
    "Cat": {"played": 60, "left": 2, "could": 40},
    "Dan": {"left": 5},
}


def summary_of(page: str) -> str:
    return page.split("data-error-summary>")[1].split("</div>")[0]


def test_the_fast_tab_and_a_deal_counted_at_the_table(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    url = f"{match}/deals/new"
    page = browser.submit(url, {**seats(FOUR), "mode": "log", "log": "[]", "act": "scored"}).get_data(as_text=True)
    assert 'name="mode" type="hidden" value="scored"' in page
    assert 'name="act" value="scored" aria-pressed="true" data-draft-refresh>' in page
    shown = text_of(page)
    assert "Who went out" in shown and "Cards left over" in shown and "Could still score" in shown
    # The count chips are there for the script to show (hidden without it): 0–5 cards, 0–4 aces.
    assert re.search(r'data-fill-for="left_1"[^>]*hidden>(<button[^>]*value="\d"[^>]*>\d</button>){6}</span>', page)
    assert 'data-fill-for="aces_0"' in page
    response = browser.submit(url, fast_data(FOUR, TYPICAL))
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]
    sheet = browser.get(match).get_data(as_text=True)
    # Ann 150 + 20; Bob 90 + 40 − 30; Cat 60 − 40 − 20; Dan −50 (iceberg-6.4, 6.8).
    assert totals(sheet) == [170, 100, 0, -50]
    shown = text_of(sheet)
    assert "Bob counted at the table: 3 cards left over, could still score 0 → -30 iceberg-6.4" in shown
    assert "entered fast" in shown


def test_a_hand_given_by_its_cards_is_valued_exactly(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    deal = {
        **TYPICAL,
        "Ann": {"played": 30},
        "Bob": {"played": 30, "hand": "7H 2C"},
        "Cat": {"left": 1},
        "Dan": {"left": 1},
        "table": ["4H 5H 6H", "QS QS QD"],
    }
    assert browser.submit(f"{match}/deals/new", fast_data(FOUR, deal)).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    # Bob lays 7H on the run (40) and keeps 2C: −40 − 10.
    assert totals(sheet) == [30, -20, -10, -10]
    assert "Bob kept 7♥ 2♣; the best one more turn:" in text_of(sheet)


def test_a_refused_fast_deal_lists_every_problem_at_its_field(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    deal = {
        "out": "Ann",
        "Ann": {"played": 25, "hand": "KS"},
        "Bob": {"hand": "7H"},
        "Cat": {"left": 0},
        "Dan": {"could": 15},
    }
    response = browser.submit(f"{match}/deals/new", fast_data(FOUR, deal))
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = summary_of(page)
    assert re.search(r"Not saved: 5 things to fix", summary), text_of(summary)
    for field in ("played_0", "hand_0", "hand_1", "left_2", "could_3"):
        assert f'href="#{field}"' in summary and f'id="{field}-error"' in page, field
    assert "Ann: melds and lay-offs" in text_of(summary)
    assert "Ann went out, so holds nothing" in error_at(page, "hand_0")
    assert "valued against the table at the end" in error_at(page, "hand_1")
    assert "that is an empty hand" in error_at(page, "left_2")
    assert "multiples of 10" in error_at(page, "could_3")
    # Nothing typed is lost.
    assert value_of(page, "played_0") == "25" and value_of(page, "hand_1") == "7H" and value_of(page, "could_3") == "15"
    assert '<input type="radio" name="out" value="Ann" checked>' in page


def test_a_deal_that_has_not_ended_is_refused_at_who_went_out(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    deal = {**TYPICAL, "out": "none", "Ann": {"played": 150, "aces": 1, "left": 1}}
    page = browser.submit(f"{match}/deals/new", fast_data(FOUR, deal)).get_data(as_text=True)
    out = text_of(page.split('id="ib-out-error"')[1].split("</div>")[0])
    assert "Nobody went out and 3 of the 8 aces were exposed" in out
    assert 'href="#ib-out-error">Who went out</a>' in summary_of(page)


def test_a_field_the_form_cannot_read_and_the_rules_problems_together(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    deal = {**TYPICAL, "Bob": {"played": 90, "aces": 2, "left": 40}, "Cat": {"played": 60, "could": 35}}
    page = browser.submit(f"{match}/deals/new", fast_data(FOUR, deal)).get_data(as_text=True)
    # 40 cards is refused by the form, 35 points by the rules: both at once.
    assert "0 to 32 cards" in error_at(page, "left_1")
    assert "multiples of 10" in error_at(page, "could_2")
    assert re.search(r"Not saved: 2 things to fix", summary_of(page))


def test_a_fast_deal_loads_for_editing(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    browser.submit(f"{match}/deals/new", fast_data(FOUR, TYPICAL))
    page = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert 'name="mode" type="hidden" value="scored"' in page
    assert '<input type="radio" name="out" value="Ann" checked>' in page
    assert [value_of(page, f"left_{seat}") for seat in range(4)] == ["", "3", "2", "5"]
    assert value_of(page, "could_2") == "40" and value_of(page, "played_1") == "90"


def test_switching_to_fast_starts_from_the_plays(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    page = add_plays(browser, url, players, PLAYS)
    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), "act": "scored"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert [value_of(page, f"played_{i}") for i in range(3)] == ["30", "90", "90"]
    assert value_of(page, "table_0") == "4H 5H 6H 7H 8H 9H"


def test_the_fast_form_and_its_errors_in_japanese(browser: Browser, table: Table, client: FlaskClient) -> None:
    match = table.match("iceberg", PLAYERS[:4])
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    url = f"{match}/deals/new"
    page = browser.submit(url, {**seats(FOUR), "mode": "log", "log": "[]", "act": "scored"}).get_data(as_text=True)
    shown = text_of(page)
    assert "上がった人" in shown and "プレイできないカード" in shown and "まだ取れた点" in shown and "簡易" in shown
    for english in ("Who went out", "Cards left over", "Could still score", "Scored in play", "Or the cards in hand"):
        assert english not in shown
    deal = {**TYPICAL, "Dan": {"left": 0}}
    page = browser.submit(url, fast_data(FOUR, deal)).get_data(as_text=True)
    assert "空の手札" in error_at(page, "left_3")
    assert "保存していません" in summary_of(page) and "Dan：プレイできないカード" in text_of(summary_of(page))
    browser.submit(url, fast_data(FOUR, TYPICAL))
    sheet = text_of(browser.get(match).get_data(as_text=True))
    assert "テーブルで数えた手札：プレイできないカード3枚、まだ取れた点0" in sheet


# --- every problem of the other modes at once ---------------------------------------------------------------


def test_a_refused_totals_deal_lists_every_problem(browser: Browser, table: Table) -> None:
    match = table.match("iceberg", PLAYERS[:3])
    data = {
        **seats(PLAYERS[:3]),
        "mode": "quick",
        "played_0": "25",
        "played_1": "35",
        "table_0": "4C 5C 7C",
        **hands(PLAYERS[:3], {"Bob": "XX", "Cat": "2S"}),
    }
    page = browser.submit(f"{match}/deals/new", data).get_data(as_text=True)
    summary = summary_of(page)
    assert re.search(r"Not saved: 4 things to fix", summary), text_of(summary)
    for field in ("played_0", "played_1", "table_0", "hand_1"):
        assert f'href="#{field}"' in summary, field


# --- a play corrected anywhere in the log ------------------------------------------------------------------


def test_a_middle_play_corrected_keeps_the_later_plays_and_marks_those_it_broke(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    base = {**seats(players), "mode": "log"}
    # Edit play 2 (Cat's 7H 8H on the run): it comes back into the play fields.
    page = browser.submit(url, {**base, "log": json.dumps(log), "act": "edit-2"}).get_data(as_text=True)
    assert value_of(page, "cards") == "7H 8H" and value_of(page, "editing") == "2"
    assert '<input type="radio" name="who" value="Cat" checked>' in page
    assert "Correct play 2" in text_of(page) and "Save play 2" in text_of(page)
    assert log_of(page) == log
    # Cat laid 3H, not 7H 8H: Bob's 9H (play 5) no longer touches the run, now 3H–6H.
    fields = {"editing": "2", "who": "Cat", "kind": "onto-1", "cards": "3H", "log": json.dumps(log), "act": "add"}
    response = browser.submit(url, {**base, **fields})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    corrected = log_of(page)
    assert corrected[1] == {"player": "Cat", "layoff": ["3H"], "onto": 1}
    assert corrected[2:] == log[2:]  # the later plays are kept
    assert "Play 2 corrected" in text_of(page) and "Play 5 no longer fits the table" in text_of(page)
    assert "does not touch" in text_of(page.split('id="ib-play-5-error">')[1].split("</p>")[0])
    assert value_of(page, "editing") is None or value_of(page, "editing") == ""
    # Scoring now is refused at play 5, listed in the summary, the log kept.
    done = browser.submit(url, {**base, "log": json.dumps(corrected), **hands(players, {"Bob": "KS", "Cat": "2C"})})
    page = done.get_data(as_text=True)
    assert done.status_code == 400
    assert 'href="#ib-play-5">Play 5</a>' in summary_of(page)
    assert log_of(page) == corrected
    # Bob laid 7H, not 9H: play 5 is legal again, and the deal scores.
    fields = {"editing": "5", "who": "Bob", "kind": "onto-1", "cards": "7H", "log": json.dumps(corrected), "act": "add"}
    page = browser.submit(url, {**base, **fields}).get_data(as_text=True)
    fixed = log_of(page)
    assert fixed[4] == {"player": "Bob", "layoff": ["7H"], "onto": 1} and 'id="ib-play-5-error"' not in page
    done = browser.submit(url, {**base, "log": json.dumps(fixed), **hands(players, {"Bob": "KS", "Cat": "2C"})})
    assert done.status_code == 302


def test_a_meld_taken_out_that_later_plays_lean_on_is_refused(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    data = {**seats(players), "mode": "log", "log": json.dumps(log), "editing": "1", "act": "remove"}
    data |= {"who": "Bob", "kind": "meld", "cards": "4H 5H 6H"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert "plays 2 and 5 lay cards on meld 1" in error_at(page, "cards")
    assert log_of(page) == log and value_of(page, "editing") == "1"


def test_taking_out_a_play_in_the_middle(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    data = {**seats(players), "mode": "log", "log": json.dumps(log), "editing": "3", "act": "remove"}
    data |= {"who": "Cat", "kind": "aces", "cards": "AS"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert log_of(page) == log[:2] + log[3:] and "Play 3 taken out." in text_of(page)


def test_a_play_half_entered_is_not_lost_to_an_edit(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS[:2]))
    data = {**seats(players), "mode": "log", "log": json.dumps(log), "act": "edit-1", "who": "Ann", "cards": "QS QD QC"}
    page = browser.submit(url, data).get_data(as_text=True)
    assert "add the play in these fields, or clear it" in error_at(page, "cards")
    assert value_of(page, "cards") == "QS QD QC" and value_of(page, "editing") in (None, "")


def test_scoring_while_a_correction_is_open_is_refused(browser: Browser, table: Table) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    data = {**seats(players), "mode": "log", "log": json.dumps(log), "editing": "2"}
    data |= {"who": "Cat", "kind": "onto-1", "cards": "7H 8H", **hands(players, {"Bob": "KS 9C 2D", "Cat": "10H 3C"})}
    page = browser.submit(url, data).get_data(as_text=True)
    assert "save or cancel the correction of play 2 first" in error_at(page, "cards")


def test_a_correction_in_japanese(browser: Browser, table: Table, client: FlaskClient) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    log = log_of(add_plays(browser, url, players, PLAYS))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    base = {**seats(players), "mode": "log"}
    page = browser.submit(url, {**base, "log": json.dumps(log), "act": "edit-2"}).get_data(as_text=True)
    shown = text_of(page)
    assert "プレイ2の修正" in shown and "プレイ2を保存" in shown and "プレイ2を削除" in shown and "修正" in shown
    assert "Correct play" not in shown and "Save play" not in shown and ">Edit<" not in page
    fields = {"editing": "2", "who": "Cat", "kind": "onto-1", "cards": "3H", "log": json.dumps(log), "act": "add"}
    page = browser.submit(url, {**base, **fields}).get_data(as_text=True)
    shown = text_of(page)
    assert "プレイ2を修正しました" in shown and "プレイ5はテーブルに合わなくなりました" in shown
    done = browser.submit(url, {**base, "log": json.dumps(log_of(page)), **hands(players, {"Bob": "KS", "Cat": "2C"})})
    summary = text_of(summary_of(done.get_data(as_text=True)))
    assert "保存していません" in summary and "プレイ5" in summary
