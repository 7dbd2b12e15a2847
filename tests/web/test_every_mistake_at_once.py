"""A deal entered with one mistake of every kind its game can have is refused once, with every mistake:
in the summary at the top (each line leading to its field) and at the fields, nothing typed lost; and the
JSON check that reads the same things lists them all in its ``errors``.

The kinds: a token that is no card, a card the pack lacks, a card given twice within the deal or already
in another deal of the pack, a cell or field left empty that must be filled, points that do not add up,
an order that breaks the rules, a box that holds no number."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.support import clabber, dracula, iceberg, paks, zhengfen
from tests.support.client import Browser
from tests.support.pages import summary_of
from tests.support.refusals import error_at, refused, text_of
from tests.support.table import Table


def problems(page: str) -> list[str]:
    """The fields (or groups) the summary's lines lead to, in order, a field once per mistake at it; the
    count the summary announces agrees."""
    summary = summary_of(page)
    links = re.findall(r'<a href="#([\w-]+)">', summary)
    assert f"Not saved: {len(links)} things to fix" in summary, text_of(summary)
    return links


def api_errors(client: FlaskClient, path: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``errors`` of a check's refusal (400)."""
    response = client.post(path, json=body)
    assert response.status_code == 400, response.get_json()
    return response.get_json()["error"]["errors"]


# --- Dracula -------------------------------------------------------------------------------------------


def test_dracula_a_bad_card_a_missing_one_a_card_twice_in_this_and_another_deal_and_a_bad_order(
    browser: Browser, client: FlaskClient
) -> None:
    LAYOUTS, cells = dracula.LAYOUTS, dracula.cells
    match = Table(browser).match("dracula", **dracula.QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    first = LAYOUTS[0][0]  # in deal 1, r1c1
    typed = ["ZZ", "SJ", "9H", "9H", "", first, "KH", "QH", "JH"]
    order = "r1c1 r1c2 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3"  # r1c1 first: it touches the centre at a corner only
    page = refused(browser, f"{match}/deals/new", {**cells(typed), "order": order})

    assert problems(page) == ["r1c1", "r1c2", "r2c1", "r2c2", "r2c3", "order"]
    assert "ZZ (in Row 1, column 1) is not a card" in error_at(page, "r1c1")
    assert "its Vampires are written JO" in error_at(page, "r1c2")
    assert "9♥ appears twice" in error_at(page, "r2c1")
    assert "r2c2 is empty" in error_at(page, "r2c2")
    assert "is in deal 1 r1c1 already" in error_at(page, "r2c3") and "dracula-10.1" in error_at(page, "r2c3")
    assert "placement 1: r1c1 touches only at a corner" in error_at(page, "order")
    for value in ("ZZ", "SJ", "9H", first, order):  # nothing typed is lost
        assert f'value="{value}"' in page

    layout = [typed[0:3], typed[3:6], typed[6:9]]
    errors = api_errors(client, "/api/v1/dracula/coffin", {"layout": layout})
    assert [(e["code"], e["location"]) for e in errors] == [
        ("bad_card", ["layout", "r1c1"]),
        ("card_not_in_pack", ["layout", "r1c2"]),
        ("too_many_copies", ["layout", "r2c1"]),
    ]


def test_dracula_a_cell_the_form_cannot_read_still_lets_every_other_mistake_through(browser: Browser) -> None:
    """A cell too long never reaches the rules: the other cells are judged anyway, against deal 1 too."""
    LAYOUTS, cells = dracula.LAYOUTS, dracula.cells
    match = Table(browser).match("dracula", **dracula.QUEEN_FIRST)
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[0])).status_code == 302
    typed = ["KSKSK", "", *LAYOUTS[1][2:8], LAYOUTS[0][3]]
    page = refused(browser, f"{match}/deals/new", cells(typed))
    assert problems(page) == ["r1c1", "r1c2", "r3c3"]
    assert "deal 1 r2c1 already" in error_at(page, "r3c3")
    assert text_of(summary_of(page)).startswith("Not saved: 3 things to fix")


# --- Zheng Fen -----------------------------------------------------------------------------------------

#: E31's piles with a mistake of every kind: a token that is no card, a card the pack lacks, a card in two
#: piles, three point cards nowhere (two unreadable tokens cannot make them up), a last hand too big.
ZF_PILES = {
    "Ann": "10S KH ZZ",
    "Bob": "KS 5C 10S",
    "Cat": "10H 10D",
    "Dan": "10C KC JO",
}
ZF_HAND = "5S 7C 2D 3C 3D 3H 3S 4C 4D 4H 4S 6C 6D 6H 6S"


def test_zhengfen_a_gap_in_the_order_bad_cards_a_card_twice_points_missing_and_a_hand_too_big(
    browser: Browser, client: FlaskClient
) -> None:
    PLAYERS, form_data = zhengfen.PLAYERS, zhengfen.form_data

    url = f"{Table(browser).match('zhengfen', PLAYERS[:4], **zhengfen.MATCH)}/deals/new"
    deal = {"order": ["Bob"], "captured": ZF_PILES, "hand": ZF_HAND}
    page = refused(browser, url, form_data(PLAYERS[:4], deal))

    assert problems(page) == ["order", "piles", "cards_0", "cards_0", "cards_1", "cards_3", "hand_cards"]
    assert "Tap who went out 2nd, 3rd" in error_at(page, "order")
    assert "missing 5♥ , 5♦ , K♦ : the deal's points add to 80, not 100" in error_at(page, "piles")
    assert "ZZ (card 3 of Ann's cards) is not a card" in error_at(page, "cards_0")
    assert "10♠ appears twice" in error_at(page, "cards_0") and "10♠ appears twice" in error_at(page, "cards_1")
    assert "JO is not in the Zheng Fen pack" in error_at(page, "cards_3")
    assert "holds 15 cards, but a 4-player deal gives at most 14" in error_at(page, "hand_cards")
    for typed in (*ZF_PILES.values(), ZF_HAND):
        assert f'value="{typed}"' in page

    body = {
        "order": ["Bob", "Bob", "Ann", "Cat"],
        "captured": {name: pile.split() for name, pile in ZF_PILES.items()},
        "hands": {"Cat": ZF_HAND.split()},
    }
    errors = api_errors(client, "/api/v1/zhengfen/deal", body)
    assert [(e["code"], e["field"]) for e in errors] == [
        ("bad_field", "order"),
        ("bad_card", "captured.Ann"),
        ("card_not_in_pack", "captured.Dan"),
        ("too_many_copies", "captured.Ann"),
        ("bad_total", "captured"),
    ]  # a hand too big for its holder waits for the order, which says who is last
    body["order"] = ["Bob", "Dan", "Ann", "Cat"]
    assert ("bad_field", "hands.Cat") in [
        (e["code"], e["field"]) for e in api_errors(client, "/api/v1/zhengfen/deal", body)
    ]


def test_zhengfen_letters_in_a_count_box_are_shown_back_with_every_other_mistake(browser: Browser) -> None:
    """The point total is left out: a count that could not be read might make it up."""
    PLAYERS, form_data = zhengfen.PLAYERS, zhengfen.form_data

    url = f"{Table(browser).match('zhengfen', PLAYERS[:4], **zhengfen.MATCH)}/deals/new"
    deal = {"order": ["Bob"], "captured": {**ZF_PILES, "Cat": ""}, "hand": ZF_HAND}
    page = refused(browser, url, {**form_data(PLAYERS[:4], deal), "kings_2": "1e"})
    assert problems(page) == ["order", "cards_0", "cards_0", "cards_1", "kings_2", "cards_3", "hand_cards"]
    assert error_at(page, "fives_2") == "Enter a whole number, such as 40"  # shown once for the pile's counts
    assert 'value="1e"' in page


# --- Paks ----------------------------------------------------------------------------------------------

#: Four players' paks card by card, with a token that is no card, a pak of two suits, a 2-card pak of equal
#: values, a card Paks lacks, and 9♠ three times where two decks hold two.
PAKS_ROWS = {
    "Ann": ["AS ZZ", "KS 2H"],
    "Bob": ["QS 4S", "5S 5S", "9S 2S"],
    "Cat": ["9S SJ"],
    "Dan": ["JS 10S 6S", "9S 3S"],
}


def test_paks_card_by_card_bad_cards_impossible_paks_and_a_card_too_often(
    browser: Browser, client: FlaskClient
) -> None:
    NAMES, deal_form = paks.NAMES, paks.deal_form
    match = Table(browser).match("paks", NAMES[:4])
    page = refused(browser, f"{match}/deals/new", {"mode": "cards", **deal_form(NAMES[:4], PAKS_ROWS)})
    links = problems(page)
    assert links == [
        "paks_0-0-cards",
        "paks_0-1-cards",
        "paks_1-1-cards",
        "paks_1-2-cards",
        "paks_2-0-cards",
        "paks_2-0-cards",
        "paks_3-1-cards",
    ]
    assert "ZZ (card 2 of paks) is not a card" in error_at(page, "paks_0-0-cards")
    assert "pak 2 of Ann mixes K♠ and 2♥" in error_at(page, "paks_0-1-cards")
    assert "5♠ and 5♠ are both worth 5" in error_at(page, "paks_1-1-cards")
    assert "9♠ appears 3 times" in error_at(page, "paks_1-2-cards")
    assert "SJ is not in the Paks pack" in error_at(page, "paks_2-0-cards")
    for rows in PAKS_ROWS.values():
        for row in rows:
            assert f'value="{row}"' in page

    sides = [
        {"name": "Ann & Cat", "paks": [row.split() for row in PAKS_ROWS["Ann"] + PAKS_ROWS["Cat"]]},
        {"name": "Bob & Dan", "paks": [row.split() for row in PAKS_ROWS["Bob"] + PAKS_ROWS["Dan"]]},
    ]
    errors = api_errors(client, "/api/v1/paks/deal", {"sides": sides})
    assert [e["code"] for e in errors] == [
        "bad_card",
        "bad_field",
        "card_not_in_pack",
        "bad_field",
        "too_many_copies",
    ]


def test_paks_quick_a_count_missing_too_many_paks_of_a_suit_and_points_no_sum_of_values_makes(
    browser: Browser, client: FlaskClient
) -> None:
    """The "6+" chip without its number, 14 hearts paks where two decks make 13 at most, 61 points kept."""
    quick_form = paks.quick_form

    data = quick_form({"Ann & Cat": (2, 9, 1, 2), "Bob & Dan": (1, 5, 2, 1)}, {"Ann & Cat": 85, "Bob & Dan": 61})
    data["held_0_S"] = "more"
    page = refused(browser, f"{Table(browser).match('paks', paks.NAMES[:4])}/deals/new", data)
    assert problems(page) == ["more_0_S", "more_0_H", "kept_1"]
    assert error_at(page, "more_0_S") == "type how many paks"
    assert "14 heart paks in all" in error_at(page, "more_0_H")
    assert "61 for Bob & Dan is not a multiple of 5" in error_at(page, "kept_1")

    sides = [
        {"name": "A", "held": {"spades": -1, "hearts": 9}, "kept": 85},
        {"name": "B", "held": {"hearts": 5}, "kept": 61},
    ]
    errors = api_errors(client, "/api/v1/paks/deal", {"mode": "quick", "sides": sides})
    assert [e["code"] for e in errors] == ["bad_field", "bad_total", "bad_total"]


# --- Clabber -------------------------------------------------------------------------------------------


def test_clabber_no_makers_no_trump_a_bad_turn_up_points_that_do_not_add_up_and_bad_meld_cards(
    browser: Browser, client: FlaskClient
) -> None:
    hidden_names = clabber.hidden_names

    url = f"{Table(browser).match('clabber', clabber.NAMES[:4])}/deals/new"
    typed = {
        "round": "1",
        "turn_up": "ZZ",
        "points_0": "90",
        "points_1": "60",
        "meld_cards_0": "AH KH QH JH",
        "meld_cards_1": "AH 8C QQ",
    }
    page = refused(browser, url, {**hidden_names(browser.get(url).get_data(as_text=True)), **typed})
    assert problems(page) == ["makers", "trump", "turn_up", "points", "meld_cards_1", "meld_cards_1", "meld_cards_1"]
    assert "ZZ (in the turn-up) is not a card" in error_at(page, "turn_up")
    assert "Ann & Cy 90 + Bo & Di 60 = 150, a deal holds 162" in text_of(page.split('id="points"')[1][:400])
    bo = error_at(page, "meld_cards_1")
    assert "8♣ is not in the Clabber pack" in bo and "QQ (card 3 of Bo's cards) is not a card" in bo
    assert "A♥ is in both Ann's cards and Bo's cards" in bo
    for value in typed.values():
        assert f'value="{value}"' in page

    hands = {"N": ["AH", "KH", "QQ"], "E": ["AH", "8C"]}
    errors = api_errors(client, "/api/v1/clabber/melds", {"trump": "H", "hands": hands})
    assert [e["code"] for e in errors] == ["bad_card", "card_not_in_pack", "too_many_copies"]


# --- Iceberg -------------------------------------------------------------------------------------------


def test_iceberg_fast_bad_cards_cards_too_often_points_no_meld_makes_a_hand_left_out_and_a_box_of_letters(
    browser: Browser, client: FlaskClient
) -> None:
    PLAYERS = iceberg.PLAYERS

    deal = {
        "out": "Ann",
        "Ann": {"played": "abc"},
        "Bob": {"played": 30, "hand": "ZZ 7H 7H"},
        "Cat": {"played": 17, "hand": "JO 7H"},
        "Dan": {"could": 15, "left": 2},
        "Eve": {"played": 20},  # what Eve holds is entered nowhere
        "table": ["4C 5C QQ", "8S 8S 8S"],
    }
    page = refused(
        browser, f"{Table(browser).match('iceberg', PLAYERS[:5])}/deals/new", iceberg.fast_data(PLAYERS[:5], deal)
    )
    assert problems(page) == [
        "played_0",
        "hand_1",
        "hand_1",
        "hand_2",
        "hand_2",
        "played_2",
        "could_3",
        "left_4",
        "table_0",
        "table_1",
    ]
    assert "nothing entered for what Eve holds" in error_at(page, "left_4")
    assert error_at(page, "played_0") == "Enter a whole number, such as 40"
    assert "ZZ (card 1 of Bob's hand) is not a card" in error_at(page, "hand_1")
    assert "7♥ appears 3 times (Bob's hand, Cat's hand)" in error_at(page, "hand_2")
    assert "JO is not in the Iceberg pack" in error_at(page, "hand_2")
    assert "Cat's 17: every meld and lay-off scores a multiple of 10" in error_at(page, "played_2")
    assert "a hand scores in multiples of 10" in error_at(page, "could_3")
    assert "QQ (card 3 of table meld 1) is not a card" in error_at(page, "table_0")
    assert "8♠ appears 3 times (table meld 2)" in error_at(page, "table_1")
    for value in ("abc", "ZZ 7H 7H", "JO 7H", "17", "15", "4C 5C QQ", "8S 8S 8S"):
        assert f'value="{value}"' in page

    body = {"hand": ["ZZ", "7H", "7H", "7H", "JO"], "table": [["4C", "5C", "QQ"], ["8S", "8S", "8S"]], "decks": 2}
    errors = api_errors(client, "/api/v1/iceberg/leftover", body)
    assert [e["code"] for e in errors] == [
        "bad_card",
        "card_not_in_pack",
        "bad_card",
        "too_many_copies",
        "too_many_copies",
    ]
