"""Clabber's pages for a Japanese browser: the entry form, a deal's page and the referee pages read in
Japanese with the same numbers as in English, and an error at a field is said in Japanese."""

from __future__ import annotations

import html
import re

from tests.support.clabber import DEALS, NAMES, enter, marks, totals
from tests.support.client import Browser
from tests.support.table import Table

JAPANESE = {"HTTP_ACCEPT_LANGUAGE": "ja-JP,ja;q=0.9"}


def in_japanese(browser: Browser) -> Browser:
    browser.client.environ_base.update(JAPANESE)
    return browser


def english_sheet(browser: Browser, match: str) -> tuple[list[str], list[int]]:
    page = browser.get(match, headers={"Accept-Language": "en"}).get_data(as_text=True)
    return marks(page, 1), totals(page)


def test_the_entry_form_reads_in_japanese(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    page = in_japanese(browser).get(f"{match}/deals/new").get_data(as_text=True)
    for words in (
        "誰が「プレイ」と言いましたか？",
        "2回とも全員パス",
        '<b class="clabber-sign" aria-hidden="true">♥</b>ハート',
        "1回目：切札候補カードのスート",
        "カードの点数（最後のトリックの10点を含む）",
        "1チームを空けておくと、162から相手の点数を引いた点数が入ります。",
        "ミュール（ジャック4枚）",
        "ベルを宣言した人",
    ):
        assert words in page
    assert "Who said" not in page and "Card points" not in page


def test_a_deal_and_its_page_read_in_japanese_with_the_same_numbers(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    form, _entry, sheet_marks = DEALS[4]
    assert enter(in_japanese(browser), f"{match}/deals/new", form).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert marks(sheet, 1) == sheet_marks
    assert (marks(sheet, 1), totals(sheet)) == english_sheet(browser, match)
    deal = browser.get(f"{match}/deals/1").get_data(as_text=True)
    for words in (
        "Ann &amp; Cyがスペードで成功：120対Bo &amp; Di 112。Bo &amp; Diのメルドはフィフティー。",
        '<span class="role">プレイ側</span>',
        '<th scope="row">カード</th><td>100</td><td>62<span class="clabber-filled">自動入力</span></td>',
        "（2回目のビッド）",
        "メルド：<strong>Bo &amp; Di</strong>がフィフティーで<strong>50</strong>点。",
        "ベル：Cy (Ann &amp; Cy)、<strong>+20</strong>。",
        "Bo &amp; Diのカードの点数は空欄でした。ディールの残りで、162 − 100 = 62です。",
        "プレイ側Ann &amp; Cy 120はBo &amp; Di 112より多いので成功です。",
    ):
        assert words in deal, words
    # The deal worked out, up to the shared "Correct deal" button (not Clabber's words).
    workings = deal.split('id="detail-1"')[1].split('<a class="button"')[0]
    workings = html.unescape(re.sub(r"<[^>]+>", " ", workings))
    words = re.findall(r"\b[A-Za-z][a-z]{2,}\b", re.sub(r"\bclabber-[\d.]+", " ", workings))
    assert words and set(words) <= {"Ann", "Cy", "Di"}  # the players' names, and no English word


def test_an_error_at_a_field_is_said_in_japanese(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    in_japanese(browser)
    form = {"makers": "Bo & Di", "trump": "C", "round": "1", "points_0": "95", "points_1": "60"}
    response = enter(browser, f"{match}/deals/new", form)
    points = response.get_data(as_text=True).split('<fieldset class="clabber-points')[1].split("</fieldset>")[0]
    assert response.status_code == 400
    assert "Ann &amp; Cy 95 + Bo &amp; Di 60 = 155。1ディールの合計は162点です — clabber-2.3" in points
    form = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "90", "meld_cards_2": "KH QH 8H"}
    page = enter(browser, f"{match}/deals/new", form).get_data(as_text=True)
    error = page.split('id="meld_cards_2-error"')[1].split("</p>")[0]
    assert "8♥</span>はクラバーのカードにありません。クラバーで使うのは各スートのA K Q J 10 9です" in error
    form = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "90"}
    form |= {"meld_cards_0": "KH QH JH", "meld_cards_1": "QH JS 10S"}
    page = enter(browser, f"{match}/deals/new", form).get_data(as_text=True)
    error = page.split('id="meld_cards_1-error"')[1].split("</p>")[0]
    assert "Q♥</span>がAnnのカードとBoのカードの両方にあります" in error


def test_the_referee_pages_read_in_japanese_with_the_same_numbers(browser: Browser) -> None:
    in_japanese(browser)
    melds = {"players": "4", "trump": "S", "hand_0": "9S 9H 9D 9C", "hand_1": "AH KH QH JH 10H"}
    page = browser.submit("/referee/clabber/melds", melds).get_data(as_text=True)
    assert "NSの得点は100" in page and "Nの9が4枚" in page and "9が4枚（2位）は" in page
    assert "どのメルドが得点しますか？" in page and "各席" not in page
    trick = {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "card_1": "10H", "card_2": "AH"}
    trick |= {"card_3": "9H", "last": "false"}
    page = browser.submit("/referee/clabber/trick", trick).get_data(as_text=True)
    assert "Sがトリックに勝ちます" in page and "<strong>25</strong>点" in page
    assert "4 + 10 + 11 + 0 = 25" in page
    legal = {"players": "4", "trump": "H", "leader": "N", "trick": "KS", "hand": "10S JH AD 9C QD", "card": "JH"}
    page = browser.submit("/referee/clabber/legal", legal).get_data(as_text=True)
    assert "いいえ、" in page and "は出せません" in page and "スペードを出さなければなりません" in page
    bid = {"players": "4", "turn_up": "10D", "round": "1", "hand": "AS KH QC 9S JH 10C", "dealer": "no"}
    page = browser.submit("/referee/clabber/bid", bid).get_data(as_text=True)
    assert "このプレイヤーはダイヤを持っていません" in page and "「プレイ」と言えますか？" in page
    page = browser.get("/referee/clabber/trick?players=6").get_data(as_text=True)
    assert "席は時計回りにA B C D E F：A、C、EとB、D、Fの対戦です。" in page
    assert re.search(r"<legend>\s*切札\s*</legend>", page)
    refused = browser.submit("/referee/clabber/melds", {"players": "4", "trump": "S", "hand_0": "KH", "hand_2": "KH"})
    assert "K♥</span>がNの手札とSの手札の両方にあります" in refused.get_data(as_text=True)


def test_the_scoring_of_a_deal_reads_in_japanese(browser: Browser) -> None:
    in_japanese(browser)
    deal = {"players": "4", "makers": "NS", "points_0": "100", "meld_1": "50", "bell": "NS"}
    page = browser.submit("/referee/clabber/deal", deal).get_data(as_text=True)
    assert "NSは成功です" in page and "EWのカードの点数はディールの残りです：62。" in page
    assert "NS：カード100 + メルド0 + ベル20 = 120。" in page
    refused = browser.submit("/referee/clabber/deal", deal | {"meld_0": "30"}).get_data(as_text=True)
    error = refused.split('id="meld_0-error"')[1].split("</p>")[0]
    assert "NSのメルドの点数は0、20、50、100、200のどれかです。30ではありません — clabber-6.1" in error
