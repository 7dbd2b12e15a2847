"""Words a newcomer reads: no article to guess before a game's name, a missed claim saying what it missed,
a Zheng Fen pile's points told apart from its cards, and no Japanese sentence ending with an ASCII period."""

from __future__ import annotations

import html as html_lib
import re

from flask import url_for
from flask.testing import FlaskClient

from referee.rules.checks import answer as check_answer
from referee.rules.iceberg import ICEBERG
from referee.rules.paks import PAKS
from referee.rules.registry import GAMES
from referee.rules.zhengfen import ZHENGFEN
from referee.web.referee_pages import PAGES
from tests.support.client import Browser
from tests.support.table import Table
from tests.support.zhengfen import MATCH, PLAYERS, form_data

JA = {"Accept-Language": "ja"}
#: A sentence of Japanese closed by an ASCII period: after a Japanese word, and not a dot inside a word.
JAPANESE_THEN_PERIOD = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）」]\s*\.(?![\w.])")


def text_of(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_home_page_settles_a_dispute_in_a_game_without_an_article(client: FlaskClient) -> None:
    page = text_of(client.get("/").get_data(as_text=True))
    assert "Settle a dispute in Iceberg" in page and "Settle a dispute in Paks" in page
    assert not re.search(r"Settle an? \w", page.replace("Settle a dispute", ""))
    assert "アイスバーグのもめごとを裁定" in text_of(client.get("/", headers=JA).get_data(as_text=True))


def test_a_claim_short_of_the_ruling_says_what_it_missed(browser: Browser) -> None:
    body = {"table_card": "9H", "played": "5H 4H", "claim-value": "9"}
    page = text_of(browser.submit("/referee/paks/pak", body).get_data(as_text=True))
    assert "the pak's value: 45 missed" in page and "the pak's value: claimed 9, the rules give 54" in page
    steal = {"pak_suit": "S", "stolen_suits": [], "victim_paks": [["5H", "4H", "KH"]], "played": ["3H", "2H"]}
    _status, answer = check_answer(PAKS.checks["steal"], {**steal, "claim": {"value": 1}})
    lines = [step["text"] for step in answer["claim"]["explanation"]]
    assert any(line.startswith("the steal's value: ") and "missed" in line for line in lines), lines
    for check, side, words in [
        (ZHENGFEN.checks["classify"], "points", "the cards' points"),
        (ICEBERG.checks["meld"], "points", "the meld's points"),
        (ICEBERG.checks["layoff"], "points", "the lay-off's points"),
        (ICEBERG.checks["leftover"], "penalty", "the leftover hand's penalty"),
    ]:
        assert check.claim_sides[side].render() == words


def test_a_zheng_fen_pile_counted_by_ranks_says_its_points_apart_from_its_cards(browser: Browser) -> None:
    match = Table(browser).match("zhengfen", PLAYERS[:4], **MATCH)
    deal = {
        "order": ["Bob", "Dan", "Ann", "Cat"],
        "captured": {
            "Ann": {"5": 1, "10": 1, "K": 1},
            "Bob": {"5": 1, "K": 1},
            "Cat": {"10": 2, "K": 1},
            "Dan": {"10": 1},
        },
        "hand": {"5": 2, "K": 1},
    }
    saved = browser.submit(f"{match}/deals/new", form_data(PLAYERS[:4], deal))
    assert saved.status_code == 302, text_of(saved.get_data(as_text=True))[:1500]
    shown = text_of(browser.get(f"{match}/deals/1").get_data(as_text=True))
    assert "Dan 10 = 10 points" in shown and "Ann 5 10 K = 25 points" in shown
    assert "Cat 10 10 K = 30 points" in shown  # two 10s and a king: the cards, then what they are worth


def japanese_pages(browser: Browser, app) -> list[str]:  # type: ignore[no-untyped-def]
    """Pages a Japanese phone reads: the shared ones, every rule card and referee page, and an evening
    with a match of every game, its sheet and its deal form in every mode."""
    with app.test_request_context():
        urls = ["/", "/referee/", "/print/", *(url_for(endpoint) for _, endpoint, _title in PAGES)]
    urls += [f"/rules/{slug}" for slug in GAMES]
    evening = browser.submit("/", {"name": "夜", "players": "Ann, Bob, Cat, Dan"}).headers["Location"]
    urls.append(evening)
    for slug in GAMES:
        count = 2 if slug == "dracula" else 4
        seats = {f"seat_{i}": name for i, name in enumerate(("Ann", "Bob", "Cat", "Dan")[:count])}
        urls.append(f"{evening}/matches/new/{slug}")
        match = browser.submit(f"{evening}/matches/new/{slug}", {**seats, "first_dealer": "Ann"}).headers["Location"]
        urls += [match, f"{match}/deals/new", f"{match}/print"]
        urls += [f"{match}/deals/new?mode={mode}" for mode in ("log", "quick", "cards")]
    return urls


def test_no_japanese_sentence_ends_with_an_ascii_period(browser: Browser, app) -> None:  # type: ignore[no-untyped-def]
    found = {}
    for url in japanese_pages(browser, app):
        response = browser.client.get(url, headers=JA)
        assert response.status_code == 200, url
        endings = JAPANESE_THEN_PERIOD.findall(text_of(response.get_data(as_text=True)))
        if endings:
            found[url] = endings
    assert found == {}
    deal_form = text_of(browser.client.get(url.split("?")[0], headers=JA).get_data(as_text=True))
    assert "Annがディーラー。" in deal_form
