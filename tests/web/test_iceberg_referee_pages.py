"""Iceberg's referee pages for a meld and a lay-off: the API's checks on a page, with a claim box,
in English and in Japanese."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.client import Browser
from tests.support.iceberg import (
    error_at,
    text_of,
)


def test_the_referee_index_lists_iceberg_s_three_pages(browser: Browser) -> None:
    index = browser.get("/referee/").get_data(as_text=True)
    for path in ("/referee/iceberg/meld", "/referee/iceberg/layoff", "/referee/iceberg/leftover"):
        assert f'href="{path}"' in index


def test_five_queens_at_once_with_a_claim(browser: Browser) -> None:
    """E4: with two decks QH QH QS QD QC is a set laid at once, 30 + 40 + 50 = 120 (iceberg-3.4)."""
    url = "/referee/iceberg/meld"
    assert "Is this a meld, and what does it score?" in text_of(browser.get(url).get_data(as_text=True))
    response = browser.submit(url, {"cards": "QH QH QS QD QC", "decks": "2", "claim-points": "100"})
    assert response.status_code == 200
    shown = text_of(response.get_data(as_text=True))
    assert "set: 120 points" in shown and "30 + 40 + 50 = 120" in shown
    assert "The claim differs" in shown and "iceberg-3.4" in shown
    agreed = text_of(
        browser.submit(url, {"cards": "QH QH QS QD QC", "decks": "2", "claim-points": "120"}).get_data(as_text=True)
    )
    assert "Claim agreed" in agreed


def test_a_pair_with_two_decks_is_no_meld(browser: Browser) -> None:
    shown = text_of(browser.submit("/referee/iceberg/meld", {"cards": "QH QS", "decks": "2"}).get_data(as_text=True))
    assert "Not a legal meld" in shown and "No pairs with two decks: a set needs 3 cards iceberg-3.1" in shown


def test_a_lay_off_step_by_step(browser: Browser) -> None:
    """E8: 8H then 4H on 5H 6H 7H score 40 + 50 = 90."""
    url = "/referee/iceberg/layoff"
    shown = text_of(
        browser.submit(url, {"meld": "5H 6H 7H", "cards": "8H 4H", "decks": "1", "claim-points": "90"}).get_data(
            as_text=True
        )
    )
    assert "90 points" in shown and "8♥: the meld is 4 cards +40" in shown and "4♥: the meld is 5 cards +50" in shown
    assert "Claim agreed" in shown
    refused = text_of(browser.submit(url, {"meld": "5H 6H 7H", "cards": "10H", "decks": "1"}).get_data(as_text=True))
    assert "Not a legal lay-off" in refused and "10♥ does not touch 5♥–7♥: a run grows only at its ends" in refused


def test_a_bad_card_is_refused_at_its_field(browser: Browser) -> None:
    response = browser.submit("/referee/iceberg/layoff", {"meld": "5H 6H 7H", "cards": "8X", "decks": "1"})
    assert response.status_code == 400
    assert "8X" in error_at(response.get_data(as_text=True), "cards")


def test_the_meld_and_lay_off_pages_in_japanese(browser: Browser, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    meld = text_of(
        browser.submit("/referee/iceberg/meld", {"cards": "QH QH QS QD QC", "decks": "2"}).get_data(as_text=True)
    )
    assert "これはメルド？何点になる？" in meld and "セット：120点" in meld and "30 + 40 + 50 = 120" in meld
    assert "一度に出した5枚は、3枚と2回のレイオフとして得点します" in meld
    layoff = text_of(
        browser.submit("/referee/iceberg/layoff", {"meld": "5H 6H 7H", "cards": "8H 4H", "decks": "1"}).get_data(
            as_text=True
        )
    )
    assert "このレイオフは何点？" in layoff and "90点" in layoff and "8♥：メルドは4枚 +40" in layoff
    page = browser.submit("/referee/iceberg/layoff", {"meld": "3S 5S 7S 9S JS KS", "cards": "2S", "decks": "1"})
    assert "特別なメルド（3♠ 5♠ 7♠ 9♠ J♠ K♠）にはカードを付け加えられません" in text_of(page.get_data(as_text=True))
