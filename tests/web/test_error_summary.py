"""A refused form says everything to fix at once, at the top, each line leading to its field."""

from __future__ import annotations

import re

from tests.support import clabber
from tests.support.clabber import enter
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.pages import summary_of
from tests.support.paks import NAMES, deal_form
from tests.support.table import Table
from tests.support.zhengfen import (
    E31,
    MATCH,
    PLAYERS,
    form_data,
)


def test_a_refused_deal_lists_every_field_in_error_with_a_link(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    layout = cells(LAYOUTS[0])
    layout.update({"r1c1": "XX", "r2c2": ""})
    response = browser.submit(f"{match}/deals/new", layout)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = re.search(
        r'<div class="alert error-summary" role="alert" tabindex="-1" data-error-summary>(.*?)</div>', html, re.S
    )
    assert summary, html
    links = re.findall(r'<a href="#([\w-]+)">', summary.group(1))
    assert links and all(f'id="{anchor}"' in html for anchor in links)
    assert re.search(r"Not saved: \d+ things? to fix", summary.group(1))


def test_the_summary_in_japanese(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    layout = cells(LAYOUTS[0])
    layout["r1c1"] = "XX"
    browser.get(f"{match}/deals/new")
    response = browser.client.post(
        f"{match}/deals/new", data={**layout, "csrf_token": browser.token}, headers={"Accept-Language": "ja"}
    )
    assert "保存していません" in response.get_data(as_text=True)


def test_every_bad_cell_of_a_coffin_is_refused_at_once(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    layout = cells(LAYOUTS[0])
    layout.update({"r1c1": "1X", "r3c3": "QQ"})
    response = browser.submit(f"{match}/deals/new", layout)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = html.split("data-error-summary>")[1].split("</div>")[0]
    assert re.search(r"Not saved: 2 things to fix", summary)
    assert 'href="#r1c1"' in summary and 'href="#r3c3"' in summary
    assert 'id="r1c1-error"' in html and 'id="r3c3-error"' in html


def test_the_api_answers_every_error_of_a_layout(browser: Browser) -> None:
    body = {"layout": [["1X", "2S", "3S"], ["4S", "5S", "6S"], ["7S", "8S", "QQ"]]}
    response = browser.client.post("/api/v1/dracula/coffin", json=body)
    assert response.status_code == 400
    errors = response.get_json()["error"]["errors"]
    assert [e["location"] for e in errors] == [["layout", "r1c1"], ["layout", "r3c3"]]


def test_every_bad_pak_of_a_deal_is_refused_at_once(browser: Browser, table: Table) -> None:

    match = table.match("paks", NAMES[:2])
    paks = {"Ann": ["KH 5H", "9S 2H"], "Bob": ["QC XX"]}
    response = browser.submit(f"{match}/deals/new", deal_form(NAMES[:2], paks))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = html.split("data-error-summary>")[1].split("</div>")[0]
    assert re.search(r"Not saved: 2 things to fix", summary), summary
    assert 'href="#paks_0-1-cards"' in summary and 'href="#paks_1-0-cards"' in summary


def test_every_mistake_of_a_clabber_deal_is_refused_at_once(browser: Browser, table: Table) -> None:
    """Two bad meld fields and a bad trick-points field: three lines, each leading to its field."""

    match = table.match("clabber", clabber.NAMES[:4], evening=table.evening(clabber.NAMES))
    typed = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "170"}
    typed |= {"meld_cards_0": "AH KH 8H", "meld_cards_1": "9S ZZ"}
    response = enter(browser, f"{match}/deals/new", typed)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = summary_of(html)
    assert "Not saved: 3 things to fix" in summary, summary
    assert re.findall(r'<a href="#([\w-]+)">', summary) == ["points_0", "meld_cards_0", "meld_cards_1"]
    for field in ("points_0", "meld_cards_0", "meld_cards_1"):
        assert f'aria-describedby="{field}-error"' in html and f'id="{field}-error"' in html
    assert 'value="170"' in html and 'value="AH KH 8H"' in html and 'value="9S ZZ"' in html
    assert "No deal yet" in browser.get(match).get_data(as_text=True)


def test_a_clabber_deal_without_makers_and_trump_also_names_its_points(browser: Browser, table: Table) -> None:
    """Nothing chosen and points that do not add up: the choices and the sum in one refusal; the sum
    links to the points it concerns."""

    match = table.match("clabber", clabber.NAMES[:4], evening=table.evening(clabber.NAMES))
    response = enter(browser, f"{match}/deals/new", {"round": "1", "points_0": "95", "points_1": "60"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = summary_of(html)
    assert "Not saved: 3 things to fix" in summary, summary
    assert re.findall(r'<a href="#([\w-]+)">', summary) == ["makers", "trump", "points"]
    assert "Ann &amp; Cy 95 + Bo &amp; Di 60 = 155, a deal holds 162" in summary
    assert 'id="points"' in html and 'id="makers-error"' in html and 'id="trump-error"' in html


def test_every_mistake_of_a_zhengfen_deal_is_refused_at_once(browser: Browser, table: Table) -> None:
    """An unknown card in two point-card fields and a finishing order left incomplete."""
    match = table.match("zhengfen", PLAYERS[:4], **MATCH)
    deal = dict(E31, order=["Bob"], captured=dict(E31["captured"], Ann="10S KH ZZ", Bob="KS 8X"))
    response = browser.submit(f"{match}/deals/new", form_data(PLAYERS[:4], deal))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    summary = summary_of(html)
    assert "Not saved: 3 things to fix" in summary, summary
    assert re.findall(r'<a href="#([\w-]+)">', summary) == ["order", "cards_0", "cards_1"]
    assert "Tap who went out 2nd, 3rd" in summary
    assert 'id="order"' in html and 'id="cards_0-error"' in html and 'id="cards_1-error"' in html
    # The places left untapped are marked, the one tapped is kept.
    marked = re.findall(r'<div class="zf-place has-error"[^>]*aria-labelledby="(place_\d)-label"', html)
    assert marked == ["place_1", "place_2"]
    assert '<input type="radio" name="place_0" value="Bob" checked>' in html
    assert 'value="10S KH ZZ"' in html and 'value="KS 8X"' in html


def test_the_api_answers_every_error_of_a_clabber_and_a_zhengfen_deal(browser: Browser) -> None:
    clabber = {"makers": "NS", "points": {"NS": 170, "EW": -8}, "melds": {"EW": 30}}
    response = browser.client.post("/api/v1/clabber/deal", json=clabber)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert [e["location"] for e in error["errors"]] == [["points", "EW"], ["points", "NS"], ["melds", "EW"]]
    assert error["code"] == "bad_field" and error["field"] == "points.EW"  # the first, as before
    zhengfen = {
        "order": ["B", "D", "B", "C"],
        "captured": {"A": ["10S", "KH", "5X"], "B": ["KS", "5C", "JO"]},
    }
    response = browser.client.post("/api/v1/zhengfen/deal", json=zhengfen)
    assert response.status_code == 400
    errors = response.get_json()["error"]["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [
        ("order", "bad_field"),
        ("captured.A", "bad_card"),
        ("captured.B", "card_not_in_pack"),
        ("captured", "bad_total"),  # eight point cards nowhere: the two unread cannot be all of them
    ]
