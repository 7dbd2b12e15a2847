"""No 500 for any input: each class of input that once crashed a request is answered 4xx with a message.

The classes: JSON nested beyond any real request, numbers of hundreds of digits, ids in URLs past
a database integer, imports with names that repeat (up to case), a non-integer format version,
integers past a column's range, and NUL characters in names. Each is fuzzed with hypothesis, and
the suite runs on SQLite and again on PostgreSQL (``TEST_DATABASE_URL``), whose integer columns
are 32-bit and whose text cannot hold NUL.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.dracula import DRACULA_PACK
from referee.rules.registry import GAMES
from referee.web.http.jsonin import MAX_DEPTH, MAX_DIGITS
from tests.support import examples
from tests.support.client import Browser
from tests.support.imports import assert_refused_import, import_file, played_evening
from tests.support.pages import form_fields, setup_match

CHECKS = [(slug, name) for slug, game in GAMES.items() for name in game.checks]


def nested(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


def post_json(client: Any, url: str, text: str) -> Any:
    return client.post(url, data=text, content_type="application/json")


def assert_api_error(response: Any) -> None:
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    error = response.get_json()["error"]
    assert error["code"] == "bad_field" and error["message"]


@pytest.fixture
def played(app: Flask) -> tuple[Browser, str, str]:
    """An evening with a Dracula match of one deal, as an editor's browser sees it."""
    return played_evening(app)


# --- deep nesting ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "check"), CHECKS)
def test_api_refuses_deep_nesting(client, slug: str, check: str) -> None:  # type: ignore[no-untyped-def]
    @examples.expensive()
    @given(st.integers(MAX_DEPTH + 1, 3000), st.sampled_from(["list", "dict"]), st.sampled_from(["at", "inside"]))
    def run(depth: int, kind: str, where: str) -> None:
        text = nested(depth, kind) if where == "at" else '{"cards": ' + nested(depth, kind) + "}"
        assert_api_error(post_json(client, f"/api/v1/{slug}/{check}", text))

    run()


def test_iceberg_play_log_nested_deep_is_refused_at_the_field(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening = browser.submit("/", {"players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/iceberg", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]

    @examples.expensive()
    @given(st.integers(MAX_DEPTH + 1, 3000), st.sampled_from(["list", "dict"]))
    def run(depth: int, kind: str) -> None:
        response = browser.submit(f"{match}/deals/new", {"mode": "log", "log": nested(depth, kind), "version": "1"})
        assert response.status_code == 400
        assert "please enter them again" in response.get_data(as_text=True)

    run()


def test_import_nested_deep_is_refused(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()
    exported["matches"][0]["revisions"][0]["before"] = json.loads(nested(900, "list"))
    assert_refused_import(import_file(browser, exported), "nested more than")


# --- huge numbers ---------------------------------------------------------------------------------

NUMBER_FIELDS = {
    ("dracula", "coffin"): '{"layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]], "players": %s}',
    ("dracula", "game"): '{"deals": [{"queen": %s, "king": 24}]}',
    ("clabber", "deal"): '{"makers": "NS", "points": {"NS": %s, "EW": 67}}',
    ("iceberg", "leftover"): '{"hand": ["4H"], "decks": %s}',
    ("iceberg", "meld"): '{"cards": ["QH","QS","QD"], "decks": %s, "options": {"target": %s}}',
}
HUGE = st.one_of(
    st.integers(MAX_DIGITS + 1, 6000).map(lambda n: "9" * n),
    st.integers(MAX_DIGITS + 1, 6000).map(lambda n: "-" + "9" * n),
    st.integers(309, 6000).map(lambda n: "1" + "0" * n + ".5"),
    st.integers(309, 99999).map(lambda n: f"1e{n}"),
    st.sampled_from(["NaN", "Infinity", "-Infinity"]),
)


@pytest.mark.parametrize(("slug", "check"), list(NUMBER_FIELDS))
def test_api_refuses_numbers_of_hundreds_of_digits(client, slug: str, check: str) -> None:  # type: ignore[no-untyped-def]
    template = NUMBER_FIELDS[(slug, check)]

    @examples.expensive()
    @given(HUGE)
    def run(number: str) -> None:
        text = template.replace("%s", number)
        assert_api_error(post_json(client, f"/api/v1/{slug}/{check}", text))

    run()


def test_match_setup_refuses_huge_and_insane_targets(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening = browser.submit("/", {"players": "Ann, Bob"}).headers["Location"]
    seats = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}

    @examples.expensive()
    @given(st.one_of(st.integers(50_001, 10**400).map(str), st.integers(309, 5000).map(lambda n: "9" * n)))
    def run(target: str) -> None:
        response = browser.submit(f"{evening}/matches/new/iceberg", {**seats, "opt_target": target})
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert "from 1 to 50000" in page or "at most 12 digits" in page

    run()
    assert browser.submit(f"{evening}/matches/new/iceberg", {**seats, "opt_target": "99999999"}).status_code == 400
    assert browser.submit(f"{evening}/matches/new/iceberg", {**seats, "opt_target": "8000"}).status_code == 302


def test_dracula_multipliers_have_a_ceiling(client) -> None:  # type: ignore[no-untyped-def]
    body = '{"layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]], "options": {"multipliers": {"suit": %s}}}'
    assert post_json(client, "/api/v1/dracula/coffin", body % "100").status_code == 200
    response = post_json(client, "/api/v1/dracula/coffin", body % "101")
    assert response.status_code == 400 and "at most 100" in response.get_json()["error"]["message"]


# --- ids in URLs ----------------------------------------------------------------------------------


def test_ids_past_a_database_integer_are_not_found(played: tuple[Browser, str, str]) -> None:
    browser, evening, match = played
    pages = [
        f"{evening}/matches/{{n}}",
        f"{evening}/matches/{{n}}/version",
        f"{evening}/matches/{{n}}/history",
        f"{evening}/matches/{{n}}/sheet.pdf",
        f"{match}/deals/{{n}}/edit",
    ]

    @examples.expensive()
    @given(st.integers(2**31, 2**80), st.sampled_from(pages))
    def run(number: int, page: str) -> None:
        assert browser.client.get(page.format(n=number)).status_code == 404

    run()
    assert browser.client.get(f"{match}/deals/1/edit").status_code == 200


def test_hidden_version_fields_past_a_database_integer_are_refused_as_stale(played: tuple[Browser, str, str]) -> None:
    browser, _, match = played

    @examples.expensive()
    @given(st.integers(2**31, 10**40))
    def run(version: int) -> None:
        response = browser.submit(f"{match}/undo", {"number": "1", "version": str(version)})
        assert response.status_code == 302
        assert "Nothing undone" in browser.get(match).get_data(as_text=True)

    run()


# --- imports --------------------------------------------------------------------------------------

NAME = st.text(st.characters(whitelist_categories=("Lu", "Ll")), min_size=1, max_size=12)


def test_import_refuses_players_named_twice_or_differing_only_in_case(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()

    @examples.expensive()
    @given(NAME, st.sampled_from([str, str.upper, str.lower, str.swapcase, str.title]))
    def run(name: str, variant: Any) -> None:
        if variant(name).casefold() != name.casefold():
            return
        data = copy.deepcopy(exported)
        data["evening"]["players"] = [*data["evening"]["players"], name, variant(name)]
        assert_refused_import(import_file(browser, data), "listed twice")

    run()


def test_import_refuses_a_version_that_is_not_the_integer_one(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()
    for version in (True, 1.0, "1", None, [1]):
        assert_refused_import(import_file(browser, {**exported, "version": version}), "format version")


def test_import_refuses_integers_past_the_column_range(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()
    places = [
        lambda d, n: d["matches"][0].__setitem__("version", n),
        lambda d, n: d["matches"][0].__setitem__("first_dealer", n),
        lambda d, n: d["matches"][0]["deals"][0].__setitem__("version", n),
        lambda d, n: d["matches"][0]["revisions"][0].__setitem__("number", n),
    ]

    @examples.expensive()
    @given(st.one_of(st.integers(2**31, 10**MAX_DIGITS - 1), st.integers(-(10**MAX_DIGITS) + 1, -1)), st.data())
    def run(number: int, data: st.DataObject) -> None:
        exported_copy = copy.deepcopy(exported)
        data.draw(st.sampled_from(places))(exported_copy, number)
        response = import_file(browser, exported_copy)
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert "out of range" in page or "is not a seat" in page

    run()


def test_imported_times_are_kept_in_utc_and_never_in_the_future(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()
    assert exported["evening"]["created_at"].endswith("+00:00")
    shifted = copy.deepcopy(exported)
    shifted["evening"]["created_at"] = "2026-03-01T09:30:00.000000+02:00"
    copy_url = import_file(browser, shifted).headers["Location"]
    again = browser.client.get(f"{copy_url}/export.json").get_json()
    assert again["evening"]["created_at"] == "2026-03-01T07:30:00.000000+00:00"
    future = copy.deepcopy(exported)
    future["evening"]["created_at"] = "9999-12-31T23:59:59"
    assert_refused_import(import_file(browser, future), "in the future")


# --- NUL and other control characters in names ---------------------------------------------------

WITH_CONTROL = st.tuples(NAME, st.sampled_from(["\x00", "\x01", "\x1b", "\x7f"]), NAME).map("".join)


def test_names_with_nul_are_refused_at_the_field(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played

    @examples.expensive()
    @given(WITH_CONTROL, st.sampled_from(["players", "name", "player"]))
    def run(name: str, where: str) -> None:
        if where == "player":
            response = browser.submit(f"{evening}/players", {"name": name}, form_page=evening)
        else:
            response = browser.submit("/", {"players": name} if where == "players" else {"name": name})
        assert response.status_code == 400
        assert "holds a control character" in response.get_data(as_text=True)

    run()


def test_import_with_nul_anywhere_is_refused(played: tuple[Browser, str, str]) -> None:
    browser, evening, _ = played
    exported = browser.client.get(f"{evening}/export.json").get_json()

    @examples.expensive()
    @given(WITH_CONTROL.filter(lambda n: "\x00" in n), st.sampled_from(["player", "evening", "note"]))
    def run(name: str, where: str) -> None:
        data = copy.deepcopy(exported)
        if where == "player":
            data["evening"]["players"][2] = name
        elif where == "evening":
            data["evening"]["name"] = name
        else:
            data["matches"][0]["revisions"][0]["note"] = name
        assert_refused_import(import_file(browser, data), "NUL character")

    run()


@pytest.mark.parametrize("slug", list(GAMES))
def test_deal_forms_refuse_numbers_of_hundreds_of_digits(app: Flask, slug: str) -> None:
    browser = Browser(app.test_client())
    match = setup_match(browser, slug)
    fields = form_fields(browser.get(f"{match}/deals/new").get_data(as_text=True))

    @examples.expensive()
    @given(HUGE.filter(lambda n: n[0].isdigit() or n[0] == "-"), st.sets(st.sampled_from(fields), min_size=1))
    def run(number: str, chosen: set[str]) -> None:
        response = browser.client.post(
            f"{match}/deals/new", data={**dict.fromkeys(chosen, number), "csrf_token": browser.token}
        )
        # 302: a hidden version past any integer is a stale form, sent back to the sheet.
        assert response.status_code in (200, 302, 400), response.get_data(as_text=True)[:300]

    run()


def test_play_again_respects_the_match_limit(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.web.services import limits

    browser = Browser(app.test_client())
    evening = browser.submit("/", {"players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]
    cells = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    deck = [str(card) for card in DRACULA_PACK.cards()]
    for deal in range(6):  # a two-player game is six deals (dracula-6.1)
        layout = dict(zip(cells, deck[deal * 9 : deal * 9 + 9], strict=True))
        assert browser.submit(f"{match}/deals/new", layout).status_code == 302
    assert "/rematch" in browser.get(match).get_data(as_text=True)
    monkeypatch.setattr(limits, "MAX_MATCHES_PER_EVENING", 1)
    response = browser.submit(f"{match}/rematch", {}, form_page=match)
    assert response.status_code == 302 and response.headers["Location"].endswith(match)
    assert "limit of 1 matches" in browser.get(match).get_data(as_text=True)


@pytest.mark.parametrize("field", ["editing", "kind"])
def test_iceberg_play_numbers_of_thousands_of_digits_are_no_play(app: Flask, field: str) -> None:
    """More digits than Python turns into a number (4300) in the play being corrected or laid off onto."""
    browser = Browser(app.test_client())
    match = setup_match(browser, "iceberg")
    browser.get(f"{match}/deals/new")
    value = "9" * 4301 if field == "editing" else "onto-" + "9" * 4301
    data = {"act": "add", "who": "Ann", "cards": "5H 6H 7H", field: value, "csrf_token": browser.token}
    response = browser.client.post(f"{match}/deals/new", data=data)
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
