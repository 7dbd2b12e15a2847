"""Referee pages: a verdict with its worked explanation, without an evening."""

from __future__ import annotations

import pytest

from referee.rules.dracula.layout import CELLS
from referee.rules.registry import GAMES
from referee.web.referee_pages.clabber import BidForm
from referee.web.referee_pages.page import RefereePage
from tests.support.client import Browser

E3 = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]


def test_score_this_coffin(browser: Browser) -> None:
    response = browser.submit("/referee/dracula/coffin", {**dict(zip(CELLS, E3, strict=True)), "players": "2"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Queen <strong>120</strong>" in html and "King <strong>24</strong>" in html
    assert "dracula-4.3" in html and "dracula-5.2" in html


def test_score_this_coffin_with_a_bad_card_keeps_the_input(browser: Browser) -> None:
    cells = dict(zip(CELLS, E3, strict=True)) | {"r3c3": "ZZ"}
    response = browser.submit("/referee/dracula/coffin", {**cells, "players": "2"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "`ZZ`" not in html and "ZZ" in html and "is not a card" in html


def test_placement_verdict(browser: Browser) -> None:
    cells = dict.fromkeys(CELLS, "") | {"r2c2": "7H"}
    html = browser.submit("/referee/dracula/placement", {**cells, "cell": "r1c1", "first_card_4p": "centre"})
    text = html.get_data(as_text=True)
    assert "No, illegal" in text and "corner" in text and "dracula-3.2" in text


def test_index_lists_the_pages(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/referee/").get_data(as_text=True)
    assert "Score this coffin" in html and "/referee/dracula/placement" in html


def test_a_page_whose_form_asks_a_check_must_name_one_its_game_has() -> None:
    with pytest.raises(LookupError, match="no check 'nothing'"):
        RefereePage(GAMES["clabber"], "nothing", "?", BidForm)
