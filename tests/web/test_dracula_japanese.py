"""Dracula for a Japanese browser: the entry form, a deal's page and the referee pages in Japanese,
with the same numbers as in English, and an error shown at its field in Japanese."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

from flask import Flask, render_template
from flask.testing import FlaskClient

from referee.rules.dracula import DRACULA
from referee.rules.dracula.layout import CELLS
from tests.support.client import Browser
from tests.support.dracula import QUEEN_FIRST
from tests.support.phones import english_words
from tests.support.table import Table

E3 = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]


def japanese(client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"


def explanation_numbers(html: str) -> Counter[str]:
    """The numbers of the worked explanation (clause ids left out)."""
    found = re.search(r'<ol class="explanation">(.*?)</ol>', html, re.S)
    assert found, "no explanation"
    text = re.sub(r"<[^>]+>|\b[a-z]+-[\d.]+\b", " ", unescape(found.group(1)))
    return Counter(re.findall(r"\d+", text))


def same_numbers(japanese: str, english: str) -> bool:
    """Every number of the English explanation is in the Japanese one (which also writes ordinals
    as digits: 2番目)."""
    return not explanation_numbers(english) - explanation_numbers(japanese)


def error_at(html: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', html, re.S)
    assert found, f"no error at {field}"
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def test_the_entry_form_and_a_deal_read_in_japanese_with_the_same_numbers(browser: Browser, table: Table) -> None:
    evening = table.evening()
    match = table.match("dracula", evening=evening, **QUEEN_FIRST)
    english_form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert "The coffin, as the dealer sees it" in english_form
    browser.submit(f"{match}/deals/new", dict(zip(CELLS, E3, strict=True)))
    english = browser.get(f"{match}/deals/1").get_data(as_text=True)
    japanese(browser.client)
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert "ディーラーから見た棺桶" in form and "横列1、縦列1" in form and "置いた順に1枚ずつ判定する" in form
    assert "The coffin, as the dealer sees it" not in form
    page = browser.get(f"{match}/deals/1").get_data(as_text=True)
    assert "クイーン: <strong>Ann</strong>" in page and "キング: <strong>Bob</strong>" in page
    assert "横列1: 7♥ 8♥ 9♥: 7 + 8 + 9 = 24" in page and "→ 120" in page
    assert "クイーンのプレイヤーが横列、キングのプレイヤーが縦列を得点します" in page
    assert "the Queen player scores rows" not in page and "the Queen player scores rows" in english
    assert same_numbers(page, english)


def test_an_error_shows_at_its_field_in_japanese(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    japanese(browser.client)
    cells = dict(zip(CELLS, E3, strict=True)) | {"r1c3": ""}
    response = browser.submit(f"{match}/deals/new", cells)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert error_at(html, "r1c3") == "r1c3が空いています: 棺桶は9か所すべてが埋まってから得点します — dracula-3.3"
    corner = "r1c1 r1c2 r2c1 r2c3 r1c3 r3c2 r3c1 r3c3"
    response = browser.submit(f"{match}/deals/new", dict(zip(CELLS, E3, strict=True)) | {"order": corner})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert error_at(html, "order") == (
        "1枚目: r1c1は斜めにしか接していません — 縦または横で接するカードがありません — dracula-3.2"
    )
    assert 'value="9H"' in html and 'value="10S"' in html  # nothing typed is lost


def test_the_referee_pages_read_in_japanese_with_the_same_numbers(browser: Browser) -> None:
    data = {**dict(zip(CELLS, E3, strict=True)), "players": "2"}
    english = browser.submit("/referee/dracula/coffin", data).get_data(as_text=True)
    japanese(browser.client)
    index = browser.get("/referee/").get_data(as_text=True)
    assert "この棺桶の得点は?" in index and "この場所にカードを置けますか?" in index
    page = browser.submit("/referee/dracula/coffin", data).get_data(as_text=True)
    assert "クイーン <strong>120</strong>" in page and "キング <strong>24</strong>" in page
    assert "ハウスルール" in page and "列の倍率: すべて同じスート" in page and "3番目の列まで同点" in page
    assert "Score this coffin" not in page and "Line multipliers" not in page
    assert same_numbers(page, english)
    cells = dict.fromkeys(CELLS, "") | {"r2c2": "7H"}
    page = browser.submit("/referee/dracula/placement", {**cells, "cell": "r1c1", "first_card_4p": "centre"})
    text = page.get_data(as_text=True)
    assert "いいえ、置けません" in text and "斜めにしか接していません" in text and "どの場所でもよい" in text
    order = browser.get("/referee/dracula/order").get_data(as_text=True)
    assert "このディールは正しい順に置かれましたか?" in order and "ディーラーでないプレイヤー" in order


def test_the_game_page_reads_in_japanese(browser: Browser) -> None:
    form = {f"{side}_{n}": "10" for n in range(1, 7) for side in ("queen", "king")} | {"queen_1": "50"}
    english = browser.submit("/referee/dracula/game", form).get_data(as_text=True)
    japanese(browser.client)
    page = browser.submit("/referee/dracula/game", form).get_data(as_text=True)
    assert "6ディールのゲームの決着は?" in page and "クイーン <strong>140</strong>" in page
    assert "キング <strong>60</strong>" in page and "クイーンの勝ちです" in page
    assert same_numbers(page, english)
    response = browser.submit("/referee/dracula/game", form | {"king_2": ""})
    assert response.status_code == 400
    assert error_at(response.get_data(as_text=True), "king_2") == "このディールの得点(0以上)を入力してください"


def test_the_rule_card_and_the_pad_read_in_japanese(app: Flask, client: FlaskClient) -> None:
    english = client.get("/rules/dracula").get_data(as_text=True)
    page = client.get("/rules/dracula", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    card = page.split('<article class="rulecard">')[1].split('<table class="options">')[0]
    assert "バンパイア" in card and "棺桶" in card and "クイーンのプレイヤー" in card and "ハウスルール" in card
    text = unescape(re.sub(r"<[^>]+>", " ", card))
    assert english_words(text, ["David", "Parlett"]) == []
    assert clauses(page) == clauses(english) and {"dracula-3.3", "dracula-6.3", "dracula-8.6"} <= clauses(page)
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        pad = render_template("pads/dracula.html", paper="a4", game=DRACULA, names=["Ann", "Bob"], players=2)
    body = unescape(re.sub(r"<[^>]+>", " ", pad.split("<body", 1)[1].split(">", 1)[1]))
    assert "ドラキュラ — 得点表" in body and "クイーン(横列)" in body and "ボーナス" in body
    assert english_words(body, ["Ann", "Bob"]) == []


def clauses(html: str) -> set[str]:
    return set(re.findall(r'<span class="clause"[^>]*>([^<]+)</span>', html))
