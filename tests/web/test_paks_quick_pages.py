"""The quick Paks deal entry through the pages: the default tab, a 4-player deal on the sheet and in its
history, corrections, errors all at once at their fields, switching tabs, and the page in Japanese."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.support.client import Browser
from tests.support.paks import HELD, KEPT, NAMES, SUITS, deal_form, quick_form, totals
from tests.support.printing import pdf_text
from tests.support.table import Table


def error_at(html: str, field_id: str) -> str:
    found = re.search(rf'<p class="error" id="{re.escape(field_id)}-error">(.*?)</p>', html, re.S)
    assert found, field_id
    return re.sub(r"<[^>]+>", "", found.group(1))


def checked(html: str, name: str) -> str | None:
    found = re.search(rf'name="{name}" value="(\w+)"(?: id="\w+")? checked', html)
    return found.group(1) if found else None


def test_a_new_deal_opens_in_quick_mode_with_a_row_of_chips_per_side_and_suit(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert '<button class="mode-tab" type="submit" name="act" value="quick" aria-pressed="true">Quick</button>' in form
    assert 'value="cards" aria-pressed="false">Card by card</button>' in form
    assert '<input id="mode" name="mode" type="hidden" value="quick">' in form
    assert '<div class="paks-quick">' in form and '<div class="paks-entry" hidden' in form
    assert [m for m in re.findall(r'name="side_(\d)" type="hidden" value="([^"]*)"', form)] == [
        ("0", "Ann &amp; Cat"),
        ("1", "Bob &amp; Dan"),
    ]
    for n in (0, 1):
        for suit in SUITS:
            assert re.findall(rf'name="held_{n}_{suit}" value="(\w+)"', form) == ["0", "1", "2", "3", "4", "5", "more"]
            assert checked(form, f"held_{n}_{suit}") == "0"
    assert 'name="held_2_S"' not in form  # two teams, two sides
    assert form.count('name="kept_') == 2
    # Enter (the phone's "Go") in the points scores the deal: the form's first button is a scoring one.
    assert form.index('class="default-submit"') < form.index('class="mode-tab"')
    three = table.match("paks", NAMES[:3], evening=table.evening(NAMES))
    assert browser.get(f"{three}/deals/new").get_data(as_text=True).count('name="kept_') == 3


def test_a_quick_deal_is_on_the_sheet_with_its_workings_history_correction_and_undo(
    browser: Browser, table: Table
) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    response = browser.submit(f"{match}/deals/new", quick_form(HELD, KEPT))
    assert response.status_code == 302, response.get_data(as_text=True)
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [85, 60]
    assert "Ann &amp; Cat 85, Bob &amp; Dan 60; thrown off per side: spades 1, hearts 2, diamonds 1, clubs 1" in sheet
    deal = browser.get(f"{match}/deals/1").get_data(as_text=True)
    workings = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", deal.split('class="paks-result"')[1].split("</div>")[0]))
    assert (
        "Hearts m = 2 Ann &amp; Cat 2 paks 2 thrown off, 0 kept Bob &amp; Dan 3 paks 2 thrown off, 1 kept" in workings
    )
    assert "Entered quickly" in workings and "This deal: Ann &amp; Cat 85 · Bob &amp; Dan 60" in workings
    assert "Hearts: paks held Ann &amp; Cat 2, Bob &amp; Dan 3; m = min(2, 3) = 2" in deal
    assert "Bob &amp; Dan, remaining: 2 paks worth 60, as counted at the table" in deal

    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert '<input id="mode" name="mode" type="hidden" value="quick">' in edit
    assert checked(edit, "held_1_H") == "3" and 'name="kept_0" pattern="[0-9]*" type="text" value="85"' in edit
    corrected = quick_form({**HELD, "Ann & Cat": (3, 2, 1, 2)}, {**KEPT, "Ann & Cat": 105})
    assert browser.submit(f"{match}/deals/1/edit", {**corrected, "version": "1"}).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [105, 60]
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "paks held, Ann &amp; Cat, spades: 2 → 3" in history and "points kept, Ann &amp; Cat: 85 → 105" in history

    printed = browser.client.get(f"{match}/sheet.pdf")
    assert printed.status_code == 200
    printed_text = " ".join(pdf_text(printed.data)[1].split())
    # The pad's row: the dealer, m per suit, then per side its paks per suit, what they keep and the total.
    assert "1 Ann 1 2 1 1 3 2 1 2 105 105 1 3 2 1 60 60" in printed_text
    evening = match.split("/matches/")[0]
    exported = browser.get(f"{evening}/export.csv").get_data(as_text=True)
    assert "1,Paks,1,Ann,Ann & Cat,105,105,105" in exported and "1,Paks,1,Ann,Bob & Dan,60,60,60" in exported

    undo = browser.submit(f"{match}/undo", {"number": "1", "version": "2"})
    assert undo.status_code == 302
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_every_fault_shows_at_once_at_its_field_and_nothing_typed_is_lost(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    held = {"Ann & Cat": (2, 0, 1, 0), "Bob & Dan": (1, 14, 0, 0)}
    response = browser.submit(f"{match}/deals/new", quick_form(held, {"Ann & Cat": 42}))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "42 for Ann &amp; Cat is not a multiple of 5" in error_at(html, "kept_0")
    assert "14 heart paks in all, but 2 decks hold 26 hearts" in error_at(html, "more_1_H")
    assert 'name="more_1_H" pattern="[0-9]*" type="text" value="14"' in html
    assert checked(html, "held_0_S") == "2" and checked(html, "held_1_H") == "more"
    assert 'name="kept_0" pattern="[0-9]*" type="text" value="42"' in html
    summary = html.split("data-error-summary>")[1].split("</div>")[0]
    assert 'href="#kept_0"' in summary and 'href="#more_1_H"' in summary and "Not saved: 2 things to fix" in summary

    # With the counts right, what the points cannot be is told at each side's points, both at once.
    held = {"Ann & Cat": (2, 0, 1, 0), "Bob & Dan": (1, 0, 0, 2)}
    response = browser.submit(f"{match}/deals/new", quick_form(held, {"Ann & Cat": 15, "Bob & Dan": 500}))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Ann &amp; Cat: 2 paks kept after the throw-off" in error_at(html, "kept_0")
    assert "at least 20, not 15" in error_at(html, "kept_0")
    assert "what is left there is worth 220 at most, not 500" in error_at(html, "kept_1")
    assert html.count('aria-invalid="true"') == 2
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_missing_points_an_untyped_six_plus_and_an_empty_deal(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    response = browser.submit(f"{match}/deals/new", quick_form({"Ann & Cat": (1, 0, 0, 0), "Bob & Dan": (0,) * 4}, {}))
    assert response.status_code == 400
    assert "Ann &amp; Cat: 1 pak kept after the throw-off; enter the points it is worth" in error_at(
        response.get_data(as_text=True), "kept_0"
    )
    untyped = {**quick_form({"Ann & Cat": (1, 0, 0, 0), "Bob & Dan": (0,) * 4}, {"Ann & Cat": 20}), "held_1_C": "more"}
    html = browser.submit(f"{match}/deals/new", untyped).get_data(as_text=True)
    assert error_at(html, "more_1_C") == "type how many paks"
    empty = browser.submit(f"{match}/deals/new", quick_form({"Ann & Cat": (0,) * 4, "Bob & Dan": (0,) * 4}, {}))
    assert empty.status_code == 400
    assert "count the paks of at least one side" in empty.get_data(as_text=True)
    # Six paks of a suit: the "6+" chip and the number typed.
    six = quick_form({"Ann & Cat": (6, 0, 0, 0), "Bob & Dan": (0,) * 4}, {"Ann & Cat": 120})
    assert browser.submit(f"{match}/deals/new", six).status_code == 302
    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert checked(edit, "held_0_S") == "more" and 'name="more_0_S" pattern="[0-9]*" type="text" value="6"' in edit


def test_the_tabs_switch_modes_keeping_what_was_typed(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    paks = {"Ann": ["AS 3S", "KS 2S"], "Bob": ["QS 4S"], "Cat": ["9S 5S"], "Dan": ["JS 10S 6S", "AH 2H"]}
    cards = browser.submit(f"{match}/deals/new", {**quick_form(HELD, {}), "act": "cards"})
    assert cards.status_code == 200
    html = cards.get_data(as_text=True)
    assert '<div class="paks-quick" hidden>' in html and '<div class="paks-entry" data-card-pack' in html
    assert 'value="cards" aria-pressed="true"' in html and checked(html, "held_1_H") == "3"  # kept, hidden
    # Back to quick with paks typed card by card and nothing counted: the counts come from the paks.
    typed = {**deal_form(NAMES[:4], paks), "mode": "cards", "act": "quick"}
    html = browser.submit(f"{match}/deals/new", typed).get_data(as_text=True)
    assert 'value="quick" aria-pressed="true"' in html
    assert checked(html, "held_0_S") == "3" and checked(html, "held_1_S") == "2" and checked(html, "held_1_H") == "1"
    assert 'name="kept_0" pattern="[0-9]*" type="text" value="25"' in html
    assert 'name="kept_1" pattern="[0-9]*" type="text" value="25"' in html
    assert 'value="AS 3S"' in html  # the card rows are still there, hidden
    # A draft restored in the other mode is shown again as it was drafted.
    shown = browser.submit(f"{match}/deals/new", {**typed, "act": "show"}).get_data(as_text=True)
    assert 'value="cards" aria-pressed="true"' in shown and "data-draft-refresh" in shown
    # Card by card still scores, with its mode said or told by the paks posted.
    assert browser.submit(f"{match}/deals/new", {**deal_form(NAMES[:4], paks), "mode": "cards"}).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [25, 25]


def test_a_claim_entered_with_a_quick_deal_is_judged_on_the_sheet(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES))
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert 'name="claim-Ann &amp; Cat"' in form
    response = browser.submit(f"{match}/deals/new", {**quick_form(HELD, KEPT), "claim-Ann & Cat": "95"})
    assert response.status_code == 302, response.get_data(as_text=True)
    deal = browser.get(f"{match}/deals/1").get_data(as_text=True)
    assert "The claim differs" in deal and "95" in deal and "paks-6.5" in deal


def test_quick_entry_under_the_manual_throw_off(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES), opt_throw_off="manual")
    response = browser.submit(f"{match}/deals/new", quick_form(HELD, KEPT))
    assert response.status_code == 302, response.get_data(as_text=True)
    deal = browser.get(f"{match}/deals/1").get_data(as_text=True)
    assert "Bob &amp; Dan, thrown off: 2 heart paks of the side&#39;s choosing (house rule)" in deal


@pytest.fixture
def japanese(app: Flask) -> Browser:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    return Browser(client)


def test_the_quick_form_its_errors_and_the_deal_read_japanese(japanese: Browser) -> None:
    match = Table(japanese).match("paks", NAMES[:4], evening=Table(japanese).evening(NAMES))
    form = japanese.get(f"{match}/deals/new").get_data(as_text=True)
    assert ">簡単入力</button>" in form and ">カードを1枚ずつ</button>" in form
    assert "各組が各スートで持っているパックの数をタップします" in form and "残したパックの点数" in form
    assert "Tap how many" not in form and "Points kept" not in form and "Quick<" not in form

    response = japanese.submit(f"{match}/deals/new", quick_form(HELD, {"Ann & Cat": 42, "Bob & Dan": 60}))
    assert response.status_code == 400
    error = error_at(response.get_data(as_text=True), "kept_0")
    assert error == "Ann &amp; Catの42点は5の倍数ではありません。カードはどれも5点、10点、20点のいずれかです — paks-2.5"

    assert japanese.submit(f"{match}/deals/new", quick_form(HELD, KEPT)).status_code == 302
    deal = japanese.get(f"{match}/deals/1").get_data(as_text=True)
    assert "2個スローオフ、1個残る" in deal and "簡単入力：残したパックの点数は各組がテーブルで数えました。" in deal
    assert "Bob &amp; Dan、スローオフ：ハートのパック2個、得点時の点数がいちばん低いもの" in deal
    assert "Bob &amp; Dan、残ったパック：2個で60点（テーブルで数えた点数）" in deal
    workings = deal.split('class="deal-page"')[1].split("</section>\n<nav")[0]
    words = re.sub(r"paks-[\d.]+", "", re.sub(r"<[^>]+>", " ", workings))
    assert not re.search(r"thrown|\bpaks?\b|held|remaining|kept|counted|quick", words, re.I), words
