"""Bounded work: a match takes at most MAX_DEALS_PER_MATCH deals, an evening MAX_MATCHES_PER_EVENING
matches, whether entered one by one or imported; the message says what to do instead."""

from __future__ import annotations

import copy
import io
import json

from flask import Flask

from referee.web.services import limits
from referee.web.store.db import db
from referee.web.store.models import Deal, Match
from tests.support.client import Browser


def paks_match(browser: Browser) -> tuple[str, str]:
    evening = browser.submit("/", {"name": "Long", "players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(f"{evening}/matches/new/paks", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"})
    return evening, match.headers["Location"]


def test_zero_score_deals_end_at_the_deal_limit(app: Flask) -> None:
    browser = Browser(app.test_client())
    _, match = paks_match(browser)
    # One heart pak each: both are thrown off (paks-6.3) and the deal scores nothing.
    empty = {"player_0": "Ann", "player_1": "Bob", "paks_0-0-cards": "9H 4H", "paks_1-0-cards": "8H 3H"}
    assert browser.submit(f"{match}/deals/new", empty).status_code == 302
    fill_with_empty_deals_after_first(app, match, limits.MAX_DEALS_PER_MATCH)
    refused = browser.client.post(f"{match}/deals/new", data={**empty, "csrf_token": browser.token})
    assert refused.status_code == 409  # the form again, with what was typed and why it was not stored
    assert f"limit of {limits.MAX_DEALS_PER_MATCH} deals per match" in refused.get_data(as_text=True)
    assert 'value="9H 4H"' in refused.get_data(as_text=True)
    assert browser.client.get(f"{match}/deals/new").status_code == 302
    page = browser.get(match).get_data(as_text=True)
    assert f"limit of {limits.MAX_DEALS_PER_MATCH} deals per match" in page
    with app.app_context():
        assert db.session.query(Deal).count() == limits.MAX_DEALS_PER_MATCH


def fill_with_empty_deals_after_first(app: Flask, match_url: str, total: int) -> None:
    with app.app_context():
        match = db.session.get(Match, int(match_url.rsplit("/", 1)[1]))
        assert match is not None and len(match.deals) == 1
        for number in range(2, total + 1):
            db.session.add(Deal(match=match, number=number, entry=match.deals[0].entry))
        match.version += 1  # as every write of the app does: the kept sheet of the old version is not used
        db.session.commit()


def import_file(browser: Browser, data: object) -> object:
    browser.get("/import")
    compact = json.dumps(data, separators=(",", ":")).encode()
    return browser.client.post(
        "/import",
        data={"file": (io.BytesIO(compact), "e.json"), "csrf_token": browser.token},
        content_type="multipart/form-data",
    )


def test_an_import_of_1500_empty_deals_is_refused_by_the_limit(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening, match = paks_match(browser)
    zero = {"player_0": "Ann", "player_1": "Bob", "paks_0-0-cards": "9H 4H", "paks_1-0-cards": "8H 3H"}
    assert browser.submit(f"{match}/deals/new", zero).status_code == 302
    exported = browser.client.get(f"{evening}/export.json").get_json()
    deal = exported["matches"][0]["deals"][0]
    at_limit = copy.deepcopy(exported)
    at_limit["matches"][0]["deals"] = [{**deal, "number": n} for n in range(1, limits.MAX_DEALS_PER_MATCH + 1)]
    assert import_file(browser, at_limit).status_code == 302
    huge = copy.deepcopy(exported)
    empty = {"entry": {"paks": {}}, "created_at": "2026-01-01T20:00", "updated_at": "2026-01-01T20:00", "version": 1}
    huge["matches"][0]["deals"] = [{**empty, "number": n} for n in range(1, 1501)]
    response = import_file(browser, huge)
    assert response.status_code == 400
    assert "holds 1500 deals" in response.get_data(as_text=True)


def test_an_evening_takes_a_bounded_number_of_matches(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening, _ = paks_match(browser)
    seats = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    for _ in range(limits.MAX_MATCHES_PER_EVENING - 1):
        assert browser.submit(f"{evening}/matches/new/paks", seats).status_code == 302
    refused = browser.client.get(f"{evening}/matches/new/paks")
    assert refused.status_code == 302
    assert f"limit of {limits.MAX_MATCHES_PER_EVENING} matches" in browser.get(evening).get_data(as_text=True)
    posted = browser.client.post(f"{evening}/matches/new/paks", data={**seats, "csrf_token": browser.token})
    assert posted.status_code == 409
    assert f"limit of {limits.MAX_MATCHES_PER_EVENING} matches" in posted.get_data(as_text=True)
    exported = browser.client.get(f"{evening}/export.json").get_json()
    exported["matches"].append(exported["matches"][0])
    response = import_file(browser, exported)
    assert response.status_code == 400
    assert f"holds {limits.MAX_MATCHES_PER_EVENING + 1} matches" in response.get_data(as_text=True)
