"""The table keeps playing when the connection drops: a phone's service worker, its outbox, its followers.

One server for the module (its database emptied by nobody: each test starts its own evening). The
phone is cut off with ``context.set_offline``, which Chromium applies to the service worker's fetches too.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect
from sqlalchemy import select

from referee.rules.dracula.layout import CELLS
from referee.web.store.db import db
from referee.web.store.models import Match, Revision
from tests.support.dracula import DECK
from tests.support.phones import PHONE, PhoneTable, check_accessibility

SHEET = re.compile(r"/matches/\d+(#deal-\d+)?$")


def new_phone(chromium: Any, **options: Any) -> Any:
    context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **options)
    context.set_default_timeout(10_000)
    return context


def close(context: Any) -> None:
    """Close a phone's pages first, then the phone (``context.close()`` was once seen waiting for good on a
    busy machine, just after a test ended with its phone back online and its sheet reloading)."""
    for page in context.pages:
        page.close(run_before_unload=False)
    context.close()


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    context = new_phone(chromium)
    yield context
    close(context)


def until(page: Any, expression: str, seconds: float = 10) -> None:
    """Wait until ``expression`` (awaited) is true in the page: polled from here, as the pages' policy
    forbids the evaluated strings Playwright's own waiting would poll with."""
    for _attempt in range(int(seconds * 10)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


def form_ready(page: Any) -> None:
    """Wait until a deal form's scripts have run (before the connection drops under it)."""
    until(page, "window.refereePending !== undefined && window.refereePending.then(() => true)")


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page (it takes over the pages open when it starts)."""
    until(page, "navigator.serviceWorker.controller !== null")


def fill_deal(page: Any, cards: list[str]) -> None:
    for cell, card in zip(CELLS, cards, strict=True):
        page.fill(f"#{cell}", card)


def deals_of(app: Flask, match_url: str) -> list[list[list[str]]]:
    match_id = int(match_url.rsplit("/", 1)[1].split("#")[0])
    with app.app_context():
        match = db.session.get(Match, match_id)
        layouts = [deal.entry["layout"] for deal in match.deals]
        db.session.remove()
    return layouts


def layout(cards: list[str]) -> list[list[str]]:
    return [cards[0:3], cards[3:6], cards[6:9]]


def start_match(page: Any, server: str) -> str:
    """A Dracula match of Ann and Bob, started on the home page: the sheet's address."""
    return PhoneTable(server).match(page, "dracula", ["Ann", "Bob"])


def match_with_a_deal(page: Any, server: str) -> str:
    """A Dracula match on a phone its service worker controls, deal 1 entered: the sheet's address."""
    match_url = start_match(page, server)
    controlled(page)
    page.click("text=Enter deal 1")
    fill_deal(page, DECK[:9])
    page.click("text=Score deal 1")
    page.wait_for_url(SHEET)
    return match_url


def test_two_deals_entered_offline_land_in_order_after_a_reload(
    server: str, live_app: tuple[Flask, str], phone: Any
) -> None:
    app = live_app[0]
    page = phone.new_page()
    match_url = match_with_a_deal(page, server)

    phone.set_offline(True)
    for number in (2, 3):
        page.click(f"text=Enter deal {number}")
        expect(page.locator("h1")).to_have_text(f"Enter deal {number}")
        fill_deal(page, DECK[9 * (number - 1) : 9 * number])
        page.fill("#claim-1", str(10 * number))
        page.click(f"text=Score deal {number}")
        page.wait_for_url(SHEET)
        page.wait_for_selector(f".pending-deal >> text=Deal {number}")
    page.reload()
    assert "Offline" in page.locator("#connection").inner_text()
    assert page.locator("text=Deal 1 entered.").count() == 0  # a message of its moment, not of the copy
    rows = page.locator("tr.pending")
    expect(rows).to_have_count(2)
    assert rows.nth(0).locator("th").inner_text().startswith("2")
    assert rows.nth(0).locator("td").nth(0).inner_text() == "20"  # Ann's claim
    assert page.locator("text=not yet checked").count() >= 2
    check_accessibility(page)
    assert deals_of(app, match_url) == [layout(DECK[:9])]

    phone.set_offline(False)
    page.wait_for_selector("text=Deal 3, kept on this phone, was checked and is on the sheet.", timeout=20_000)
    assert page.locator("tr.pending").count() == 0
    assert page.locator("table.sheet tbody tr").count() == 3
    assert deals_of(app, match_url) == [layout(DECK[:9]), layout(DECK[9:18]), layout(DECK[18:27])]
    until(page, "window.refereeOutbox && refereeOutbox.all().then(entries => entries.length === 0)")


def test_a_deal_refused_on_arrival_opens_with_its_errors_and_all_it_held(
    server: str, live_app: tuple[Flask, str], phone: Any
) -> None:
    app = live_app[0]
    page = phone.new_page()
    match_url = start_match(page, server)
    controlled(page)
    page.click("text=Enter deal 1")  # the form, kept as it is visited
    page.goto(match_url)

    phone.set_offline(True)
    page.click("text=Enter deal 1")
    cards = [DECK[0], DECK[0], *DECK[2:9]]  # the same card twice: the rules refuse it
    fill_deal(page, cards)
    page.fill("#claim-2", "abc")
    page.click("text=Score deal 1")
    page.wait_for_url(SHEET)
    page.wait_for_selector(".pending-deal")

    phone.set_offline(False)
    summary = page.locator("[data-error-summary]")
    summary.wait_for()
    assert page.url.endswith("/deals/new")
    assert [page.input_value(f"#{cell}") for cell in CELLS] == cards
    assert page.input_value("#claim-2") == "abc"
    assert summary.locator("li").count() >= 2  # the card and the claim, at once
    assert page.locator(".opened-notice").count() == 1
    assert deals_of(app, match_url) == []

    fill_deal(page, DECK[:9])
    page.fill("#claim-2", "")
    page.click("text=Score deal 1")
    page.wait_for_url(SHEET)
    assert deals_of(app, match_url) == [layout(DECK[:9])]
    until(page, "window.refereeOutbox && refereeOutbox.all().then(entries => entries.length === 0)")


def test_an_answer_lost_on_the_way_back_and_sent_again_makes_one_deal(
    server: str, live_app: tuple[Flask, str], chromium: Any
) -> None:
    """On plain http a phone has no service worker: the page keeps the deal itself, and sends it again."""
    app = live_app[0]
    context = new_phone(chromium, service_workers="block")
    page = context.new_page()
    match_url = start_match(page, server)
    page.click("text=Enter deal 1")
    form_ready(page)
    context.set_offline(True)
    fill_deal(page, DECK[:9])
    page.click("text=Score deal 1")
    page.wait_for_selector("text=Deal 1 is kept on this phone")
    assert page.input_value("#r1c1") == ""  # the form is clear for the next deal
    expect(page.locator("h1")).to_have_text("Enter deal 2")

    sends: list[int] = []

    def lose_the_answer(route: Any) -> None:
        sends.append(route.fetch().status)  # the server makes the deal ...
        route.abort("connectionreset")  # ... and its answer never arrives

    page.route(re.compile(r"/deals/new$"), lose_the_answer)
    context.set_offline(False)
    page.goto(match_url)  # the sheet sends what waits
    for _attempt in range(50):
        if sends:
            break
        page.wait_for_timeout(100)
    assert sends == [200]
    assert page.evaluate("refereeOutbox.all().then(entries => entries.map(e => e.state))") == ["pending"]
    page.unroute(re.compile(r"/deals/new$"))
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("text=Deal 1, kept on this phone, was checked and is on the sheet.", timeout=20_000)
    assert deals_of(app, match_url) == [layout(DECK[:9])]
    with app.app_context():
        match_id = int(match_url.rsplit("/", 1)[1])
        adds = db.session.scalars(select(Revision).where(Revision.match_id == match_id)).all()
        assert [revision.action for revision in adds] == ["add"]
        db.session.remove()
    close(context)


def test_the_installed_app_starts_offline_on_the_home_page(server: str, phone: Any) -> None:
    page = phone.new_page()
    match_url = start_match(page, server)
    controlled(page)
    page.goto(server + "/")
    phone.set_offline(True)
    start = phone.new_page()
    start.goto(server + "/")  # the manifest's start_url
    assert "Friday" in start.locator("main").inner_text()
    assert "Offline" in start.locator("#connection").inner_text()
    start.goto(match_url)
    assert start.locator("table.sheet").count() == 1
    start.goto(server + "/print/")
    assert "The server cannot be reached" in start.locator("main").inner_text()


def test_offline_a_correction_or_an_undo_says_it_needs_the_connection(server: str, phone: Any) -> None:
    page = phone.new_page()
    match_url = match_with_a_deal(page, server)
    page.click("text=Correct deal 1")
    page.wait_for_url(re.compile(r"/deals/1/edit$"))
    until(page, "document.querySelector('input[name=entry_key]')?.value.length === 32")  # sent twice, it changes once
    page.fill("#r1c1", DECK[9])
    phone.set_offline(True)
    page.click("text=Save the correction")
    page.wait_for_selector(".needs-connection")
    assert page.url.endswith("/deals/1/edit") and page.input_value("#r1c1") == DECK[9]  # nothing typed is lost
    page.go_back()
    page.click("text=Undo deal 1")
    page.wait_for_selector(".needs-connection")
    assert page.url.split("#")[0] == match_url
    assert "needs the connection" in page.locator(".needs-connection").inner_text()


def test_a_new_version_of_the_app_brings_its_scripts(
    server: str, live_app: tuple[Flask, str], phone: Any, tmp_path: Path
) -> None:
    app = live_app[0]
    page = phone.new_page()
    page.goto(server + "/")
    controlled(page)
    assert page.evaluate("window.refereeBuild") is None
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    with (static / "js" / "words.js").open("a", encoding="utf-8") as script:
        script.write('\nwindow.refereeBuild = "second";\n')
    old_folder = app.static_folder
    app.static_folder = str(static)
    app.config["ASSET_VERSION"] = "second"
    try:
        page.reload()
        assert page.evaluate("window.refereeBuild") == "second"
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        until(page, "caches.keys().then(k => k.includes('referee-shell-second'))")
        until(page, "caches.keys().then(k => k.filter(n => n.startsWith('referee-shell-')).length === 1)")
        phone.set_offline(True)
        page.reload()
        assert page.evaluate("window.refereeBuild") == "second"
        assert "Offline" in page.locator("#connection").inner_text()
    finally:
        app.static_folder = old_folder
        app.config.pop("ASSET_VERSION")


def test_a_follower_offline_keeps_the_sheet_says_since_when_and_catches_up(
    server: str, phone: Any, chromium: Any
) -> None:
    page = phone.new_page()
    match_url = match_with_a_deal(page, server)
    follower_phone = new_phone(chromium)
    follower = follower_phone.new_page()
    follower.goto(match_url)  # the view link's sheet: this phone may follow, never change
    controlled(follower)
    assert follower.locator("text=Enter deal").count() == 0

    follower_phone.set_offline(True)
    expect(follower.locator("#connection")).to_contain_text("No connection since")
    page.click("text=Enter deal 2")
    fill_deal(page, DECK[9:18])
    page.click("text=Score deal 2")
    page.wait_for_url(SHEET)
    follower.reload()  # the copy kept on this phone, and nothing to enter or queue here
    expect(follower.locator("#connection")).to_contain_text("Offline: this is the copy")
    assert follower.locator("table.sheet tbody tr").count() == 1
    assert follower.locator("text=Enter deal").count() == 0 and follower.locator("form[data-outbox]").count() == 0
    until(follower, "window.refereeOutbox && refereeOutbox.all().then(entries => entries.length === 0)")

    follower_phone.set_offline(False)
    expect(follower.locator("table.sheet tbody tr")).to_have_count(2)
    expect(follower.locator("#connection")).to_be_hidden()
    close(follower_phone)


def test_drafts_of_saved_and_undone_deals_are_dropped(server: str, phone: Any) -> None:
    page = phone.new_page()
    match_with_a_deal(page, server)
    drafts = "Object.keys(localStorage).filter(k => k.startsWith('draft:')).length"
    assert page.evaluate(drafts) == 0
    page.click("text=Enter deal 2")
    fill_deal(page, DECK[9:18])
    page.click("text=Score deal 2")
    page.wait_for_url(SHEET)
    page.click("text=Undo deal 2")
    page.click("text=Yes, undo deal 2")
    page.wait_for_selector("text=Deal 2 removed")
    page.click("text=Enter deal 2")
    form_ready(page)
    assert page.input_value("#r1c1") == "" and page.locator(".draft-notice").count() == 0
    assert page.evaluate(drafts) == 0

    for number in range(2, 7):
        fill_deal(page, DECK[9 * (number - 1) : 9 * number])
        page.click(f"text=Score deal {number}")
        page.wait_for_url(SHEET)
        if number < 6:
            page.click(f"text=Enter deal {number + 1}")
    assert page.locator("text=Enter deal").count() == 0 and page.evaluate(drafts) == 0
    # A draft left on the phone for a deal that never came (a seventh): the finished sheet drops it.
    stray = "'draft:' + location.pathname + '/deals/new#7@0'"
    page.evaluate(f"localStorage.setItem({stray}, JSON.stringify({{at: Date.now()}}))")
    assert page.evaluate(drafts) == 1
    page.reload()
    until(page, drafts + " === 0")


def test_a_deal_sent_while_kept_deals_wait_goes_behind_them(
    server: str, live_app: tuple[Flask, str], phone: Any
) -> None:
    app = live_app[0]
    page = phone.new_page()
    match_url = match_with_a_deal(page, server)
    phone.set_offline(True)
    page.click("text=Enter deal 2")
    fill_deal(page, DECK[9:18])
    page.click("text=Score deal 2")
    page.wait_for_selector(".pending-deal")
    page.click("text=Enter deal 3")
    expect(page.locator("h1")).to_have_text("Enter deal 3")
    fill_deal(page, DECK[18:27])
    phone.set_offline(False)  # back, with deal 2 still on the phone: deal 3 may not go first
    page.click("text=Score deal 3")
    page.wait_for_selector("text=Deal 3, kept on this phone, was checked and is on the sheet.", timeout=20_000)
    assert deals_of(app, match_url) == [layout(DECK[:9]), layout(DECK[9:18]), layout(DECK[18:27])]
