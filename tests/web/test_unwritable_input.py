"""Input no database or encoding can take is refused with a message, never a 500.

Times whose offset takes them past the calendar's ends in UTC, a lone surrogate (half of a
character) anywhere in an import or an API body, a NUL where PostgreSQL would have to store or
compare it (a phone's name on a deal form, a group's join link, a link's code), and totals of
hundreds of digits on the "is the game over?" pages. The suite runs on SQLite and again on
PostgreSQL (``TEST_DATABASE_URL``), whose text cannot hold a NUL.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask import Flask

from referee.rules.dracula import DRACULA_PACK
from tests.support.client import Browser
from tests.support.imports import assert_refused_import, import_file, played_evening

PAST_THE_CALENDAR = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"]
SURROGATE = "\ud800"


def grouped(browser: Browser) -> dict[str, Any]:
    """The export of a group with one evening of one Dracula deal."""
    group = browser.submit("/g/new", {"name": "Thursdays"}).headers["Location"]
    evening = browser.submit(f"{group}/evenings", {"players": "Ann, Bob"}, form_page=group).headers["Location"]
    match = browser.submit(f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"})
    cells = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    cards = [str(card) for card in DRACULA_PACK.cards()][:9]
    assert (
        browser.submit(f"{match.headers['Location']}/deals/new", dict(zip(cells, cards, strict=True))).status_code
        == 302
    )
    return browser.client.get(f"{group}/export.json").get_json()


@pytest.mark.parametrize("moment", PAST_THE_CALENDAR)
@pytest.mark.parametrize("where", ["evening", "match", "deal", "revision", "group"])
def test_import_times_past_the_calendar_in_utc_are_refused(
    app: Flask,
    where: str,
    moment: str,
) -> None:
    browser, evening, _ = played_evening(app)
    data = grouped(browser) if where == "group" else browser.client.get(f"{evening}/export.json").get_json()
    match = data["evenings"][0]["matches"][0] if where == "group" else data["matches"][0]
    place = {
        "evening": lambda: data["evening"],
        "match": lambda: match,
        "deal": lambda: match["deals"][0],
        "revision": lambda: match["revisions"][0],
        "group": lambda: data["group"],
    }[where]()
    place["created_at"] = moment
    assert_refused_import(import_file(browser, data), "is not a date and time")


def with_surrogate(data: dict[str, Any], where: str) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    if where == "player":
        changed["evening"]["players"][2] += SURROGATE
    elif where == "key":
        changed["evening"][SURROGATE] = 1
    elif where == "note":
        changed["matches"][0]["revisions"][0]["note"] = SURROGATE
    elif where == "card":
        changed["matches"][0]["deals"][0]["entry"]["layout"][0][0] = SURROGATE
    else:  # a value the refusal of which would repeat it: "format version '\ud800'"
        changed[where] = SURROGATE
    return changed


@pytest.mark.parametrize("where", ["player", "key", "note", "card", "version", "format"])
def test_a_lone_surrogate_anywhere_in_an_import_is_refused(app: Flask, where: str) -> None:
    browser, evening, _ = played_evening(app)
    exported = browser.client.get(f"{evening}/export.json").get_json()
    # json.dumps writes the lone surrogate as the escape \ud800, as any JSON writer may.
    response = import_file(browser, json.dumps(with_surrogate(exported, where)).encode())
    assert_refused_import(response, "half of a character (a lone surrogate)")
    assert "\\ud800" in response.get_data(as_text=True)


def test_a_lone_surrogate_in_a_group_import_is_refused(app: Flask) -> None:
    browser = Browser(app.test_client())
    exported = grouped(browser)
    exported["group"]["persons"].append("Zed" + SURROGATE)
    assert_refused_import(import_file(browser, json.dumps(exported).encode()), "a lone surrogate")


@pytest.mark.parametrize(
    "body",
    [
        '{"layout": "\\ud800"}',
        '{"\\udfff": 1, "layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]]}',
        '{"lang": "\\ud800"}',
        '{"layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]], "lang": "ja\\u0000"}',
    ],
)
def test_api_bodies_with_a_lone_surrogate_or_nul_are_refused(client: Any, body: str) -> None:
    response = client.post("/api/v1/dracula/coffin", data=body, content_type="application/json")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "bad_field"
    assert "lone surrogate" in error["message"] or "NUL character" in error["message"]


def test_a_phone_name_with_nul_is_stored_without_it(app: Flask) -> None:
    browser, _, match = played_evening(app)
    cells = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    cards = [str(card) for card in DRACULA_PACK.cards()][9:18]
    entered = browser.submit(f"{match}/deals/new", {**dict(zip(cells, cards, strict=True)), "device": "Ann\x00 phone"})
    assert entered.status_code == 302
    assert "Ann phone" in browser.get(f"{match}/history").get_data(as_text=True)


def test_a_join_link_with_nul_is_no_evening(app: Flask) -> None:
    browser = Browser(app.test_client())
    group = browser.submit("/g/new", {"name": "Thursdays"}).headers["Location"]
    for link in ("abc\x00def", "/e/\x00", "http://x/e/ab\x00c/matches/1"):
        response = browser.submit(f"{group}/join", {"link": link}, form_page=group)
        assert response.status_code == 400
        assert "No evening has this link" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "path", ["/e/%00", "/g/a%00b", "/e/ab%00/export.json", "/e/ab%01/matches/1", "/g/%7f/evenings"]
)
def test_links_with_control_characters_are_not_found(client: Any, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("game", ["paks", "clabber"])
def test_totals_of_hundreds_of_digits_on_the_end_pages_are_refused_at_the_field(browser: Browser, game: str) -> None:
    url = f"/referee/{game}/end"
    response = browser.submit(url, {"side_0": "A", "total_0": "9" * 309, "side_1": "B", "total_1": "3"})
    assert response.status_code == 400
    assert "Enter a whole number of at most 12 digits" in response.get_data(as_text=True)
