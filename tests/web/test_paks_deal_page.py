"""The Paks referee page for a deal's throw-off and score (the ``deal`` check), with its claim boxes; every
Paks referee form refuses a value it does not offer at the field; the Japanese rule card cites every clause."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.support.client import Browser
from tests.support.pages import clauses_on_card

OPTIONS = {"decks": "2", "opt_throw_off": "lowest_score", "opt_throw_off_min": "all_sides"}
# E10: A 3 heart paks, B 1; m = 1; A keeps 50, B 0.
E10 = {"side_0": "A", "paks_0": "QH 2H KH\n7H 6H; AH 3H", "side_1": "B", "paks_1": "9H 4H", **OPTIONS}


def errors(html: str, field: str) -> str:
    found = re.search(rf'id="{field}-error">(.*?)</p>', html, re.S)
    assert found, field
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_deal_page_scores_a_deal_as_the_check_does(browser: Browser) -> None:
    html = browser.submit("/referee/paks/deal", E10).get_data(as_text=True)
    assert re.findall(r'class="paks-number">(\d+)<', html) == ["50", "0"]
    assert "Hearts: paks held A 3, B 1; m = min(3, 1) = 1" in html
    assert "B, thrown off: {9H 4H} (score 15), the lowest by score value" in html
    assert html.count('class="pak thrown"') == 2


def test_the_deal_page_judges_a_claim_under_the_names_typed(browser: Browser) -> None:
    html = browser.submit("/referee/paks/deal", {**E10, "claim-side0": "60", "claim-side1": "0"}).get_data(as_text=True)
    assert "The claim differs" in html and "A: claimed 60, the rules give 50" in html
    html = browser.submit("/referee/paks/deal", {**E10, "claim-side0": "50"}).get_data(as_text=True)
    assert "Claim agreed" in html


def test_the_deal_page_takes_the_paks_a_side_names_under_the_manual_throw_off(browser: Browser) -> None:
    manual = {**E10, "opt_throw_off": "manual", "thrown_0": "AH 3H", "thrown_1": "9H 4H"}
    html = browser.submit("/referee/paks/deal", manual).get_data(as_text=True)
    assert re.findall(r'class="paks-number">(\d+)<', html) == ["35", "0"]
    response = browser.submit("/referee/paks/deal", {**manual, "thrown_0": "AH 5H"})
    assert response.status_code == 400
    assert "A names {AH 5H} to throw off but holds no such pak" in errors(response.get_data(as_text=True), "thrown_0")


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"paks_1": "9H 4H\nKS KD"}, "paks_1", "pak 2 of B mixes"),
        ({"paks_1": "9H 4X"}, "paks_1", "is not a card"),
        ({"paks_1": "QH 2H"}, "paks_0", "Q♥ appears twice (pak 1 of A and pak 1 of B)"),
        ({"side_1": "a"}, "side_1", "two sides are named a"),
        ({"side_1": ""}, "side_1", "must be a non-empty name"),
        ({"side_1": "", "paks_1": ""}, "side_0", "a deal has 2 or 3 sides"),
        ({"thrown_1": "9H 4H"}, "thrown_1", "name them only with throw_off = manual"),
    ],
)
def test_a_deal_page_error_shows_at_its_field(browser: Browser, change: dict, field: str, words: str) -> None:
    response = browser.submit("/referee/paks/deal", {**E10, "decks": "1", **change})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert words in errors(html, field)
    assert all(value.split("\n")[-1] in html for value in change.values() if value)  # nothing typed is lost


UNKNOWN = [
    ("/referee/paks/pak", {"table_card": "9H", "played": "AH", "decks": "7"}, "decks"),
    ("/referee/paks/steal", {"pak_suit": "Q", "victim_1": "KH 2H", "played": "AH", "decks": "2"}, "pak_suit"),
    (
        "/referee/paks/steal",
        {"pak_suit": "S", "stolen_suits": "X", "victim_1": "KH 2H", "played": "AH"},
        "stolen_suits",
    ),
    (
        "/referee/paks/steal",
        {"pak_suit": "S", "victim_1": "KH 2H", "played": "AH", "opt_partner_steal": "0"},
        "opt_partner_steal",
    ),
    ("/referee/paks/turn", {"table": "9S", "drawn": "2S", "decks": "three"}, "decks"),
    ("/referee/paks/deal", {**E10, "opt_throw_off": "highest"}, "opt_throw_off"),
    ("/referee/paks/deal", {**E10, "opt_throw_off_min": "none"}, "opt_throw_off_min"),
    ("/referee/paks/end", {"side_0": "A", "total_0": "510", "side_1": "B", "total_1": "lots"}, "total_1"),
]


@pytest.mark.parametrize(("url", "data", "field"), UNKNOWN)
def test_every_paks_referee_form_refuses_an_unknown_value_at_its_field(
    client: FlaskClient, url: str, data: dict, field: str
) -> None:
    for language, sign in (("en", re.compile("[A-Za-z]")), ("ja", re.compile("[ぁ-んァ-ヶ一-龯]"))):
        browser = Browser(client)
        browser.get(url, headers={"Accept-Language": language})
        response = client.post(url, data={**data, "csrf_token": browser.token}, headers={"Accept-Language": language})
        assert response.status_code == 400
        html = response.get_data(as_text=True)
        if f'id="{field}-error"' in html:
            message = errors(html, field)
        else:  # a fieldset of chips: its message follows its inputs
            message = re.search(r'class="error">([^<]+)', html.split(f'name="{field}"')[-1]).group(1)
        assert sign.search(message), (language, message)


def test_the_japanese_rule_card_prints_every_clause_of_the_english_one(client: FlaskClient) -> None:
    english = clauses_on_card(client.get("/rules/paks").get_data(as_text=True))
    japanese_html = client.get("/rules/paks", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert clauses_on_card(japanese_html) == english and len(english) >= 39
    assert "スローオフ" in japanese_html and "場札" in japanese_html and "Throw-off example" not in japanese_html
