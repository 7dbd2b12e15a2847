"""Fuzzing in the normal test run: arbitrary input to every API check and every form.

No answer is a 500; every API 400 carries the documented error object; every form either
accepts, refuses with a message (400), or redirects.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.registry import GAMES
from tests.contract import load_contract
from tests.support import examples
from tests.support.client import Browser
from tests.support.pages import form_fields, setup_match

CODES = {"bad_card", "card_not_in_pack", "too_many_copies", "bad_field", "bad_layout", "bad_total"}
CARDISH = st.sampled_from(
    ["10H", "AS", "QD", "JO", "SJ", "BJ", "th", "9♥", "1H", "", " ", "XX", "KH KH", "5H,4H", "JS", "2C", "AH"]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    CARDISH,
)
JSON = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=6), st.dictionaries(st.one_of(st.text(max_size=8), CARDISH), children, max_size=5)
    ),
    max_leaves=25,
)


def mutate(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """Replace, drop or recurse into one part of a valid request."""
    choice = data.draw(st.integers(0, 9 if depth < 4 else 3))
    if choice <= 1:
        return data.draw(JSON)
    if choice == 2:
        return data.draw(CARDISH)
    if choice == 3 or not isinstance(value, list | dict) or not value:
        return value
    if isinstance(value, list):
        copy = list(value)
        index = data.draw(st.integers(0, len(copy) - 1))
        if choice == 4:
            del copy[index]
        elif choice == 5:
            copy.append(copy[index])
        else:
            copy[index] = mutate(copy[index], data, depth + 1)
        return copy
    copy = dict(value)
    key = data.draw(st.sampled_from(sorted(copy)))
    if choice == 4:
        del copy[key]
    elif choice == 5:
        copy[data.draw(st.text(max_size=6))] = data.draw(JSON)
    else:
        copy[key] = mutate(copy[key], data, depth + 1)
    return copy


def requests_of(slug: str, check: str) -> list[dict[str, Any]]:
    examples = [e["request"] for e in load_contract(slug) if e["endpoint"].endswith(f"/{check}")]
    example = GAMES[slug].checks[check].example
    return examples + ([dict(example)] if example else [])


CHECKS = [pytest.param(slug, name, id=f"{slug}-{name}") for slug, game in GAMES.items() for name in game.checks]


def assert_well_answered(response: Any) -> None:
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:500]
    body = response.get_json()
    assert isinstance(body, dict)
    if response.status_code == 400:
        error = body["error"]
        assert error["code"] in CODES and isinstance(error["message"], str) and error["message"]
    else:
        assert isinstance(body.get("explanation"), list)


@pytest.mark.parametrize(("slug", "check"), CHECKS)
def test_api_check_survives_mutated_requests(client, slug: str, check: str) -> None:  # type: ignore[no-untyped-def]
    seeds = requests_of(slug, check) or [{}]

    @examples.expensive()
    @given(st.data())
    def run(data: st.DataObject) -> None:
        body = mutate(data.draw(st.sampled_from(seeds)), data)
        assert_well_answered(
            client.post(f"/api/v1/{slug}/{check}", data=json.dumps(body), content_type="application/json")
        )

    run()


@pytest.mark.parametrize(("slug", "check"), CHECKS)
def test_api_check_survives_arbitrary_json(client, slug: str, check: str) -> None:  # type: ignore[no-untyped-def]
    @examples.expensive()
    @given(JSON)
    def run(body: Any) -> None:
        response = client.post(f"/api/v1/{slug}/{check}", data=json.dumps(body), content_type="application/json")
        assert_well_answered(response)

    run()


# --- forms ----------------------------------------------------------------------------------------


FORM_TEXT = st.one_of(st.text(max_size=30), CARDISH, st.integers(-5, 1000).map(str), st.just(""))


@pytest.mark.parametrize("slug", list(GAMES))
def test_deal_entry_form_survives_arbitrary_input(app: Flask, slug: str) -> None:
    browser = Browser(app.test_client())
    match = setup_match(browser, slug)
    fields = form_fields(browser.get(f"{match}/deals/new").get_data(as_text=True))
    assert fields

    @examples.expensive()
    @given(st.fixed_dictionaries({}, optional={name: FORM_TEXT for name in fields}))
    def run(data: dict[str, str]) -> None:
        response = browser.client.post(f"{match}/deals/new", data={**data, "csrf_token": browser.token})
        assert response.status_code in (200, 302, 400), response.get_data(as_text=True)[:500]
        if response.status_code == 302:
            undone = browser.get(f"{match}/undo")
            if undone.status_code == 200:
                browser.submit(
                    f"{match}/undo",
                    {
                        "number": re.search(
                            r'name="number" type="hidden" value="(\d+)"', undone.get_data(as_text=True)
                        ).group(1),
                    },
                )

    run()


def test_setup_forms_survive_arbitrary_input(app: Flask) -> None:
    browser = Browser(app.test_client())
    evening = browser.submit("/", {"name": "Fuzz", "players": "Ann, Bob, Cat, Dan"}).headers["Location"]
    pages = {f"{evening}/matches/new/{slug}": f"{evening}/matches/new/{slug}" for slug in GAMES}
    pages |= {"/": "/", f"{evening}/players": evening}
    targets = []
    for url, page in pages.items():
        targets.append((url, form_fields(browser.get(page).get_data(as_text=True))))

    @examples.expensive()
    @given(st.sampled_from(targets), st.data())
    def run(target: tuple[str, list[str]], data: st.DataObject) -> None:
        url, fields = target
        values = data.draw(st.fixed_dictionaries({}, optional={name: FORM_TEXT for name in fields}))
        browser.get(evening)
        response = browser.client.post(url, data={**values, "csrf_token": browser.token})
        assert response.status_code in (200, 302, 400), response.get_data(as_text=True)[:500]

    run()


def test_referee_pages_survive_arbitrary_input(app: Flask) -> None:
    from referee.web.referee_pages import PAGES

    browser = Browser(app.test_client())
    targets = []
    for _slug, endpoint, _title in PAGES:
        with app.test_request_context():
            from flask import url_for

            url = url_for(endpoint)
        targets.append((url, form_fields(browser.get(url).get_data(as_text=True))))

    @examples.expensive()
    @given(st.sampled_from(targets), st.data())
    def run(target: tuple[str, list[str]], data: st.DataObject) -> None:
        url, fields = target
        values = data.draw(st.fixed_dictionaries({}, optional={name: FORM_TEXT for name in fields}))
        response = browser.client.post(url, data={**values, "csrf_token": browser.token})
        assert response.status_code in (200, 400), response.get_data(as_text=True)[:500]

    run()


def test_every_post_route_refuses_a_missing_csrf_token(app: Flask) -> None:
    client = app.test_client()
    posts = [r for r in app.url_map.iter_rules() if "POST" in (r.methods or set()) and not r.rule.startswith("/api/")]
    assert len(posts) >= 8
    values = {"code": "x", "match_id": 1, "number": 1, "person_id": 1, "game_slug": next(iter(GAMES)), "token": "t"}
    for rule in posts:
        url = rule.rule
        for name in rule.arguments:
            url = re.sub(rf"<(?:[a-z]+:)?{name}>", str(values.get(name, "x")), url)
        response = client.post(url, data={"name": "x"})
        assert response.status_code == 400, rule.rule
        assert "security token" in response.get_data(as_text=True), rule.rule
