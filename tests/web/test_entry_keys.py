"""A deal form sent twice makes one deal: the phone's key of an entry (a hidden field) is answered, inside
the match's write lock, with the deal it made. And the answers a phone's outbox reads (JSON)."""

from __future__ import annotations

import re

from flask import Flask
from sqlalchemy import select

from referee.web.store.db import db
from referee.web.store.models import Match, Revision
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.match_race import THIRD, Prepare, hidden, race
from tests.support.table import Table

KEY = "k" * 32
QUEUED = {"X-Referee-Outbox": "1"}


def keyed(browser: Browser, match: str, layout: list[str], key: str = KEY, **extra: str):  # type: ignore[no-untyped-def]
    page = browser.get(f"{match}/deals/new").get_data(as_text=True)
    data = {**cells(layout), "version": hidden(page, "version"), "entry_key": key, **extra}
    return data


def revisions(app: Flask, match: str) -> list[tuple[str, int, str | None]]:
    match_id = int(match.rsplit("/", 1)[1])
    with app.app_context():
        found = db.session.scalars(select(Revision).where(Revision.match_id == match_id).order_by(Revision.id))
        rows = [(revision.action, revision.number, revision.entry_key) for revision in found]
        db.session.remove()
    return rows


def post(browser: Browser, match: str, data: dict[str, str], **kwargs):  # type: ignore[no-untyped-def]
    return browser.client.post(f"{match}/deals/new", data={**data, "csrf_token": browser.token}, **kwargs)


def test_a_form_sent_again_is_answered_with_the_deal_it_made(app: Flask, browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    data = keyed(browser, match, LAYOUTS[0])
    first = post(browser, match, data)
    again = post(browser, match, data)  # its answer was lost: the phone sends it once more
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"] == f"{match}#deal-1"
    assert revisions(app, match) == [("add", 1, KEY)]
    sheet = browser.get(match).get_data(as_text=True)
    assert f'data-change="entered {match} 1">Deal 1 entered.' in sheet


def test_a_key_sent_again_with_another_entry_is_judged_as_a_new_one(app: Flask, browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    data = keyed(browser, match, LAYOUTS[0])
    post(browser, match, data)
    changed = post(browser, match, {**data, **cells(LAYOUTS[1])})  # the form changed after it was saved
    assert changed.status_code == 302 and browser.get(match).get_data(as_text=True).count("entered on another phone")
    as_next = post(browser, match, {**data, **cells(LAYOUTS[1]), "version": "2"})
    assert as_next.headers["Location"] == f"{match}#deal-2"
    assert revisions(app, match) == [("add", 1, KEY), ("add", 2, None)]  # a key names one change


def test_a_key_of_an_undone_deal_still_names_it(app: Flask, browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    data = keyed(browser, match, LAYOUTS[0])
    post(browser, match, data)
    page = browser.get(f"{match}/undo").get_data(as_text=True)
    browser.submit(f"{match}/undo", {"number": hidden(page, "number"), "version": hidden(page, "version")})
    again = post(browser, match, data)
    assert again.headers["Location"] == f"{match}#deal-1"
    assert revisions(app, match) == [("add", 1, KEY), ("undo", 1, None)]


def test_a_correction_sent_twice_changes_the_deal_once(app: Flask, browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    post(browser, match, keyed(browser, match, LAYOUTS[0]))
    page = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    swapped = [LAYOUTS[0][1], LAYOUTS[0][0], *LAYOUTS[0][2:]]
    data = {**cells(swapped), "version": hidden(page, "version"), "entry_key": "c" * 32, "csrf_token": browser.token}
    for _ in range(2):
        response = browser.client.post(f"{match}/deals/1/edit", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
    assert revisions(app, match) == [("add", 1, KEY), ("edit", 1, "c" * 32)]


def test_a_malformed_key_is_no_key(app: Flask, browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    assert post(browser, match, keyed(browser, match, LAYOUTS[0], key="short")).status_code == 302
    assert post(browser, match, keyed(browser, match, LAYOUTS[1], key="x" * 40 + "<>")).status_code == 302
    assert revisions(app, match) == [("add", 1, None), ("add", 2, None)]


def test_the_outbox_is_answered_in_json(app: Flask, browser: Browser, table: Table) -> None:
    evening = table.evening()
    match = table.match("dracula", evening=evening, **QUEEN_FIRST)
    accepted = post(browser, match, keyed(browser, match, LAYOUTS[0]), headers=QUEUED)
    assert accepted.status_code == 200
    assert accepted.json == {"outcome": "accepted", "number": 1, "sheet": f"{match}#deal-1"}
    assert post(browser, match, keyed(browser, match, LAYOUTS[0]), headers=QUEUED).json["number"] == 1

    bad = [LAYOUTS[1][0], LAYOUTS[1][0], *LAYOUTS[1][2:]]
    refused = post(browser, match, {**keyed(browser, match, bad, key="r" * 32), "claim-Bob": "abc"}, headers=QUEUED)
    assert refused.status_code == 400 and refused.json["outcome"] == "refused"
    assert len(refused.json["messages"]) >= 2, refused.json  # the card and the claim, at once

    taken = post(browser, match, {**keyed(browser, match, LAYOUTS[1], key="t" * 32), "version": "1"}, headers=QUEUED)
    assert taken.status_code == 409 and "Deal 1 was entered on another phone" in taken.json["messages"][0]
    assert revisions(app, match) == [("add", 1, KEY)]

    follower = app.test_client()
    follower.get(evening)
    forbidden = follower.post(f"{match}/deals/new", data=cells(LAYOUTS[1]), headers=QUEUED)
    assert forbidden.status_code in (400, 403) and forbidden.is_json  # view only, or no form token: no page


def test_a_refused_deal_opened_again_shows_the_next_deal_with_everything_typed(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    post(browser, match, keyed(browser, match, LAYOUTS[0], key="a" * 32))
    data = {**keyed(browser, match, LAYOUTS[1]), "version": "1", "reopened": "1"}  # it waited on the phone
    page = post(browser, match, data)
    text = page.get_data(as_text=True)
    assert page.status_code == 409
    assert "Deal 1 was entered on another phone while this one waited on this phone" in text
    assert "save it as deal 2" in text and "Enter deal 2" in text
    assert re.search(r'name="version" type="hidden" value="2"', text)
    assert f'value="{LAYOUTS[1][0]}"' in text and f'value="{KEY}"' in text


def send_third_with(key: str) -> Prepare:
    def prepare(client, match, round_):  # type: ignore[no-untyped-def]
        page = client.get(f"{match}/deals/new").get_data(as_text=True)
        return f"{match}/deals/new", {**cells(THIRD), "version": hidden(page, "version"), "entry_key": f"{key}{round_}"}

    prepare.__name__ = f"send_third_{key[:4]}"
    return prepare


def test_two_processes_sending_one_entry_at_once_make_one_deal(app: Flask) -> None:
    """The same entry sent twice at once (an answer lost, and the outbox sending it again): one deal 3."""
    key = "same-entry-key-sent-twice-"
    first, second = send_third_with(key), send_third_with(key)
    second.__name__ = "send_third_again"

    def check(round_: int, outcomes: dict[str, tuple[int, str]], match: Match) -> None:
        assert {status for status, _ in outcomes.values()} == {302}
        assert [d.number for d in match.deals] == [1, 2, 3]
        assert [r.entry_key for r in match.revisions if r.action == "add"].count(f"{key}{round_}") == 1

    race(app, (first, second), check)
