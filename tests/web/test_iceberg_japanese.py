"""Iceberg's pages in Japanese: the entry form, a deal, the sheet and the leftover page read Japanese
and show the same numbers as in English; an error at a field reads Japanese there."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from tests.support.client import Browser
from tests.support.iceberg import (
    HANDS,
    PLAYERS,
    PLAYS,
    add_plays,
    error_at,
    hands,
    log_of,
    seats,
    text_of,
)
from tests.support.table import Table

#: English left on a Japanese page: what Iceberg's templates and messages say, never shown in Japanese.
ENGLISH_OF_ICEBERG = (
    "Add play",
    "Play by play",
    "Totals and table",
    "Fast",
    "Who went out",
    "Cards left over",
    "Could still score",
    "Cards left in each hand",
    "Next play",
    "went out",
    "kept",
    "nothing playable",
    "unplayed",
    "The table at the end",
    "What does this leftover hand cost?",
    "Melds on the table",
    "More rows",
    "Penalty",
    "The best play",
)


@pytest.fixture
def japanese(client: FlaskClient) -> FlaskClient:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    return client


def deal_of(page: str) -> str:
    """Iceberg's part of a sheet or a deal's page (games/iceberg/deal.html); the rest is shared."""
    return page.split('<div class="ib-result">')[1]


def no_english_of_iceberg(text: str) -> None:
    assert [words for words in ENGLISH_OF_ICEBERG if words in text] == []


def test_a_deal_entered_and_shown_in_japanese(browser: Browser, table: Table, japanese: FlaskClient) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    form = text_of(browser.get(f"{url}?mode=log").get_data(as_text=True))
    for words in ("1プレイずつ", "合計とテーブル", "簡易", "プレイを追加", "各プレイヤーの残った手札"):
        assert words in form, words
    assert "まだプレイがありません。Bobから開始します。" in form
    no_english_of_iceberg(form)

    page = add_plays(browser, url, players, PLAYS)
    shown = text_of(page)
    assert "追加しました：Bobが9♥をメルド1（4♥–8♥）にレイオフ：60" in shown
    assert "Cat 7♥ 8♥をメルド1にレイオフ 40 + 50 = +90" in shown
    assert "ここまで： Ann 30 · Bob 90 · Cat 110" in shown
    assert "1 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ シークエンス · Bob + Cat" in shown
    no_english_of_iceberg(shown)

    data = {**seats(players), "mode": "log", "log": json.dumps(log_of(page)), **hands(players, HANDS)}
    response = browser.submit(url, data)
    assert response.status_code == 302, text_of(response.get_data(as_text=True))[:2000]

    sheet = text_of(deal_of(browser.get(match).get_data(as_text=True)))
    assert "Annの手札がなくなりました。" in sheet
    assert "Catの手札 10♥ 3♣。もう1回の番での最善のプレイ：" in sheet
    assert "10♥をメルド1 4♥ 5♥ 6♥ 7♥ 8♥ 9♥にレイオフ +70" in sheet
    assert "V* 70 · プレイできないカード 3♣（1枚） → -80" in sheet
    assert "プレイの記録（5プレイ）" in sheet
    no_english_of_iceberg(sheet)

    deal = text_of(deal_of(browser.get(f"{match}/deals/1").get_data(as_text=True)))
    assert "Annの手札がなくなりました。" in deal and "V* 70 · プレイできないカード 3♣（1枚） → -80" in deal
    no_english_of_iceberg(deal)
    english = text_of(
        deal_of(browser.get(f"{match}/deals/1", headers={"Accept-Language": "en"}).get_data(as_text=True))
    )
    assert "V* 70 · unplayed 3♣ (1) → -80" in english
    assert re.findall(r"-?\d+", deal.split("V* 70")[0])[-6:] == re.findall(r"-?\d+", english.split("V* 70")[0])[-6:]


def test_a_refused_play_says_why_at_its_cards_in_japanese(
    browser: Browser, table: Table, japanese: FlaskClient
) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    url = f"{match}/deals/new"
    data = {
        **seats(players),
        "mode": "log",
        "log": "[]",
        "act": "add",
        "who": "Bob",
        "kind": "meld",
        "cards": "4H 5H 7H",
    }
    page = browser.submit(url, data).get_data(as_text=True)
    assert (
        error_at(page, "cards")
        == "4♥ 5♥ 7♥はメルドではありません：7♥は5♥に続きません。シークエンスは続いたカードです（iceberg-3.3）"
    )


def test_an_error_at_a_player_s_points_reads_japanese(browser: Browser, table: Table, japanese: FlaskClient) -> None:
    players = PLAYERS[:3]
    match = table.match("iceberg", PLAYERS[:3])
    data = {
        **seats(players),
        "mode": "quick",
        "played_0": "35",
        "table_0": "4H 5H 6H",
        **hands(players, {"Ann": "", "Bob": "KS", "Cat": "2C"}),
    }
    page = browser.submit(f"{match}/deals/new", data).get_data(as_text=True)
    assert error_at(page, "played_0") == "Annの35点：メルドもレイオフも得点は10の倍数です"


LEFTOVER = {"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH", "decks": "1"}


def test_the_leftover_page_in_japanese_with_the_same_numbers(browser: Browser, japanese: FlaskClient) -> None:
    url = "/referee/iceberg/leftover"
    page = text_of(browser.get(url).get_data(as_text=True))
    assert "この残った手札はいくらのマイナス？" in page and "テーブルのメルド" in page
    no_english_of_iceberg(page)
    shown = text_of(browser.submit(url, LEFTOVER).get_data(as_text=True))
    assert "ペナルティ −300" in shown and "V* = 300" in shown
    assert "4♥ 5♥ 6♥ 7♥ 8♥について、最後のテーブルで次に自分の番が来ると考えます" in shown
    assert "ペナルティ = −300 − 10 × プレイできない0枚 = −300" in shown
    no_english_of_iceberg(shown)
    japanese.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    english = text_of(browser.submit(url, LEFTOVER).get_data(as_text=True))
    assert "Penalty −300" in english and "V* = 300" in english


def test_an_illegal_table_meld_is_marked_in_japanese(browser: Browser, japanese: FlaskClient) -> None:
    url = "/referee/iceberg/leftover"
    page = browser.submit(url, {"hand": "4H", "table_0": "9H 10H QH", "decks": "1"}).get_data(as_text=True)
    shown = text_of(page)
    assert "テーブルが正しくありません" in shown
    assert "テーブルのメルド1（9♥ 10♥ Q♥）は正しいメルドではありません" in shown
    assert error_at(page, "table_0") == "正しいメルドではありません。上の判定を見てください。"
