"""Paks in Japanese through the pages: the entry form, a deal's page and the referee pages read Japanese,
with the same numbers as in English, and an error shows at its field in Japanese."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.support.client import Browser
from tests.support.paks import E10, NAMES, deal_form, totals
from tests.support.table import Table

PLAYERS = ("Ann", "Bob")


@pytest.fixture
def japanese(app: Flask) -> Browser:
    """A browser of its own whose every request asks for Japanese pages."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    return Browser(client)


def numbers(html: str) -> list[str]:
    return re.findall(r'class="paks-number">(\d+)<', html)


def text_of(html: str, element_id: str) -> str:
    """The text of the element with ``element_id`` (tags dropped)."""
    found = re.search(rf'id="{re.escape(element_id)}"[^>]*>(.*?)</p>', html, re.S)
    assert found, element_id
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_entry_form_and_a_deal_read_japanese_with_the_same_numbers(
    japanese: Browser, browser: Browser, table: Table
) -> None:
    match = Table(japanese).match("paks", NAMES[:2], evening=Table(japanese).evening(NAMES))
    form = japanese.get(f"{match}/deals/new").get_data(as_text=True)
    assert "1行に1つのパックを" in form and "1デッキを使います。" in form and "例：QH 2H KH" in form
    assert "One pak per row" not in form and "One deck in play" not in form

    assert japanese.submit(f"{match}/deals/new", deal_form(PLAYERS, E10)).status_code == 302
    sheet = japanese.get(match).get_data(as_text=True)
    assert totals(sheet) == [50, 0]
    deal = japanese.get(f"{match}/deals/1").get_data(as_text=True)
    assert "ハート" in deal and "パック3個" in deal and "10・スローオフ" in deal and "このディール：" in deal
    assert "ハート：持っているパックAnn 3、Bob 1。m = min(3, 1) = 1" in deal
    assert "Ann、残ったパック：" in deal and "25 + 25 = 50" in deal
    workings = deal.split('class="deal-page"')[1].split("</section>\n<nav")[0]
    words = re.sub(r"paks-[\d.]+", "", re.sub(r"<[^>]+>", " ", workings))
    assert not re.search(r"thrown|\bpaks?\b|held|remaining", words), words

    english_match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    assert browser.submit(f"{english_match}/deals/new", deal_form(PLAYERS, E10)).status_code == 302
    english = browser.get(f"{english_match}/deals/1").get_data(as_text=True)
    assert "Hearts: paks held Ann 3, Bob 1; m = min(3, 1) = 1" in english
    assert re.findall(r'class="paks-points">(\d+)<', english) == re.findall(r'class="paks-points">(\d+)<', deal)


def test_an_error_shows_at_its_pak_row_in_japanese(japanese: Browser) -> None:
    match = Table(japanese).match("paks", NAMES[:2], evening=Table(japanese).evening(NAMES))
    response = japanese.submit(f"{match}/deals/new", deal_form(PLAYERS, {"Ann": ["QH 2H", "KH 2D"], "Bob": []}))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    error = text_of(html, "paks_0-1-cards-error")
    assert "Annのパック2に" in error and "が混ざっています — paks-4.4" in error
    assert 'value="KH 2D"' in html and "mixes" not in html


def test_the_referee_pages_read_japanese_with_the_same_numbers(japanese: Browser, browser: Browser) -> None:
    pak = {"table_card": "9H", "played": "5H 4H", "decks": "2"}
    english = browser.submit("/referee/paks/pak", pak).get_data(as_text=True)
    html = japanese.submit("/referee/paks/pak", pak).get_data(as_text=True)
    assert "このパックは正しい？" in html and "はい、正しいプレイです" in html
    assert "特別の組み合わせ54になります" in html and "Step by step" not in html
    assert numbers(html) == numbers(english) == ["54", "9"]

    steal = {"pak_suit": "S", "victim_1": "5H 4H KH", "played": "3H 2H", "decks": "2"}
    english = browser.submit("/referee/paks/steal", steal).get_data(as_text=True)
    html = japanese.submit("/referee/paks/steal", steal).get_data(as_text=True)
    assert "このスチールは正しい？" in html and "プレイ中の点数の単純な合計で5 + 4 + 10 = 19です" in html
    assert numbers(html) == numbers(english) == ["32", "19"]

    turn = {"table": "9S 4D KC 3H", "drawn": "2D", "hand": "10S 6C 2D", "decks": "2"}
    html = japanese.submit("/referee/paks/turn", turn).get_data(as_text=True)
    assert "いいえ、反則です" in html and "パックは必須で、手札でパックできます" in html and "（10）" in html
    assert "No, illegal" not in html

    index = japanese.get("/referee/").get_data(as_text=True)
    assert "この番は正しくプレイされた？" in index and "Is this pak legal?" not in index


def test_a_referee_page_error_shows_at_its_field_in_japanese(japanese: Browser) -> None:
    response = japanese.submit("/referee/paks/pak", {"table_card": "9H", "played": "5H XQ", "decks": "2"})
    assert response.status_code == 400
    assert "はカードではありません" in text_of(response.get_data(as_text=True), "played-error")
    response = japanese.submit("/referee/paks/steal", {"pak_suit": "S", "played": "3H", "decks": "2"})
    assert response.status_code == 400
    assert "にパックがありません" in text_of(response.get_data(as_text=True), "victim_1-error")
    turn = {"table": "9S", "drawn": "2S", "decks": "2", "pak_table_card": "9X", "pak_played": "10S"}
    response = japanese.submit("/referee/paks/turn", turn)
    assert response.status_code == 400
    assert (
        "<code>9X</code>（paksの1枚目）はカードではありません"
        in response.get_data(as_text=True).split('id="pak_table_card-error"')[1].split("</p>")[0]
    )
    turn = {"table": "9S", "drawn": "2S", "decks": "2", "pak_table_card": "9S", "pak_played": "10S 1S"}
    response = japanese.submit("/referee/paks/turn", turn)
    assert response.status_code == 400
    assert "はカードではありません" in text_of(response.get_data(as_text=True), "pak_played-error")
