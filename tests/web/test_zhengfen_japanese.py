"""Zheng Fen's pages for a Japanese browser: the entry form, a deal, the referee pages and the rule card
read in Japanese with the same numbers, and a refused entry says why in Japanese at its field."""

from __future__ import annotations

import re

import pytest

from tests.support.client import Browser
from tests.support.table import Table
from tests.support.zhengfen import (
    E31,
    E31_PAGE,
    MATCH,
    OPTIONS,
    PLAYERS,
    form_data,
    text_of,
    totals,
    trick_data,
)


@pytest.fixture
def japanese(browser: Browser) -> Browser:
    """The same browser, asking for Japanese pages."""
    browser.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja-JP,ja;q=0.9"
    return browser


def test_the_entry_form_and_a_deal_in_japanese_score_as_in_english(japanese: Browser) -> None:
    players = PLAYERS[:4]
    match = Table(japanese).match("zhengfen", PLAYERS[:4], **MATCH)
    form = text_of(japanese.get(f"{match}/deals/new").get_data(as_text=True))
    assert "順位 （必須）" in form
    assert "手札がなくなった順に1位、2位…とタップしてください。" in form
    assert "各プレイヤーが取った点数のあるカード" in form
    assert "最下位のプレイヤーの手札に残ったカード" in form
    assert all(word in form for word in ("1位", "2位", "3位", "最下位"))
    assert "Finishing order" not in form and "Point cards each player captured" not in form

    assert japanese.submit(f"{match}/deals/new", form_data(players, E31)).status_code == 302
    sheet = japanese.get(match).get_data(as_text=True)
    assert totals(sheet) == [25, 55, 0, 20]  # E31: Bob 55, Dan 20, Ann 25, Cat 0, as in English
    shown = text_of(sheet)
    assert "最下位のCatから1位のBobへ：取ったカード30点 + 手札10点" in shown
    assert "= 40点" in shown
    assert "次のディール：Catがシャッフルし、Bobがディーラーになって最初のカードを取り、最初にプレイします。" in shown

    deal = text_of(japanese.get(f"{match}/deals/1").get_data(as_text=True))
    for step in (
        "順位：1位 Bob、2位 Dan、3位 Ann、最下位 Cat",
        "Annの取ったカード：10S KH 5D：10 + 10 + 5 = 25",
        "最下位のCatは1位のBobに、取ったカードの30点と手札に残った10点（5S 5H：5 + 5 = 10）を与えます：40",
        "Bobの得点は15 + 40 = 55",
        "最下位のCatは0点です",
        "55 + 20 + 25 + 0 = 100",
    ):
        assert step in deal, step
    assert "captured" not in deal and "last, gives" not in deal


def test_a_refused_entry_says_why_in_japanese_at_its_field(japanese: Browser) -> None:
    players = PLAYERS[:3]
    match = Table(japanese).match("zhengfen", PLAYERS[:3], **MATCH)
    deal = {"order": ["Bob", "Ann", "Bob"], "captured": {"Ann": {"5": 4, "10": 4, "K": 4}}}
    response = japanese.submit(f"{match}/deals/new", form_data(players, deal))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    error = text_of(page.split('id="order-error">')[1].split("</p>")[0])
    assert (
        error
        == "Bobが1位と最下位の両方にあります。 Catの順位がありません。 "
        + "各プレイヤーを1つの順位にだけタップしてください。"
    )

    slip = {"order": ["Ann", "Bob"], "captured": {"Ann": "5S 5H 5D 5C 10S 10H 10D 10C KS KH KD KC"}}
    data = form_data(players, slip) | {"fives_0": "1"}
    page = japanese.submit(f"{match}/deals/new", data).get_data(as_text=True)
    error = text_of(page.split('id="fives_0-error">')[1].split("</p>")[0])
    assert error.startswith("Annのカード：カードは4 × 5、4 × 10、4 × Kですが、枚数は1 × 5です。")


def test_the_referee_pages_answer_in_japanese(japanese: Browser) -> None:
    index = text_of(japanese.get("/referee/").get_data(as_text=True))
    assert "この組み合わせは何ですか？" in index and "この組はあの組に勝ちますか？" in index

    page = japanese.submit("/referee/zhengfen/classify", {"cards": "5S 5H 6S 6H 7D 7C", **OPTIONS}).get_data(
        as_text=True
    )
    shown = text_of(page)
    assert "同位カード2枚のシークエンス5–7（3組） 同位カード2枚のシークエンス · キー 7 · 長さ 3" in shown
    assert (
        "`5S 5H 6S 6H 7D 7C`" not in shown and "5♠ 5♥ 6♠ 6♥ 7♦ 7♣は同位カード2枚のシークエンス5–7（3組）です" in shown
    )
    assert "この組の点数：10" in shown

    page = japanese.submit("/referee/zhengfen/beats", {"current": "8H 8C", "play": "8S SJ", **OPTIONS}).get_data(
        as_text=True
    )
    shown = text_of(page)
    assert "いいえ、勝てません" in shown
    assert "8のペア（SJ = 8）は8のペアと同じ強さです：同じ強さでは勝てません" in shown
    assert "SJは8の代わりです" in shown

    shown = text_of(japanese.submit("/referee/zhengfen/deal", E31_PAGE).get_data(as_text=True))
    assert "B 55 · D 20 · A 25 · C 0" in shown
    assert "最下位のCは1位のBに40点を与えます。" in shown and "Bの得点は15 + 40 = 55" in shown

    plays = [("A", "6S"), ("B", ""), ("C", "9H"), ("D", ""), ("A", "KS"), ("B", "2D"), ("C", ""), ("D", ""), ("A", "")]
    shown = text_of(japanese.submit("/referee/zhengfen/trick", trick_data(4, plays)).get_data(as_text=True))
    assert "Bがトリックを取ります：10点" in shown and "次はBが最初にプレイします。" in shown
    assert "Cはパスします" in shown

    refused = japanese.submit("/referee/zhengfen/classify", {"cards": "", **OPTIONS})
    assert refused.status_code == 400
    assert "cardsにカードがありません" in text_of(refused.get_data(as_text=True))


def test_the_rule_card_reads_in_japanese(japanese: Browser) -> None:
    """Every clause of the English card is on the Japanese card, the sentences in the seed text's words."""
    english = japanese.client.get("/rules/zhengfen", headers={"Accept-Language": "en"}).get_data(as_text=True)
    page = japanese.get("/rules/zhengfen").get_data(as_text=True)
    clauses = sorted(set(re.findall(r"zhengfen-\d+\.\d+", english)))
    assert clauses and all(clause in page for clause in clauses)
    shown = text_of(page)
    for words in ("小ジョーカー", "大ジョーカー", "ワイルドカード", "反時計回り", "最下位", "組み合わせ"):
        assert words in shown, words
    assert "A Chinese climbing game" not in shown
