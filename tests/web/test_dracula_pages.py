"""Dracula's referee page for a whole game: the six deals' scores settled, a claim judged, errors at their fields."""

from __future__ import annotations

import re

from tests.support.client import Browser

E10 = [(120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150)]


def deals(pairs: list[tuple[int, int]]) -> dict[str, str]:
    form = {}
    for n, (queen, king) in enumerate(pairs, start=1):
        form[f"queen_{n}"] = str(queen)
        form[f"king_{n}"] = str(king)
    return form


def test_a_six_deal_game_is_settled_with_its_bonus_and_a_claim(browser: Browser) -> None:
    page = browser.get("/referee/").get_data(as_text=True)
    assert "/referee/dracula/game" in page and "Settle a six-deal game" in page
    response = browser.submit("/referee/dracula/game", deals(E10) | {"claim-queen": "340", "claim-king": "212"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Queen <strong>340</strong>" in html and "King <strong>212</strong>" in html and "Queen wins" in html
    assert "Queen wins by 64 and adds it: 276 + 64 = 340; King keeps 212" in html
    assert "Claim agreed" in html
    wrong = browser.submit("/referee/dracula/game", deals(E10) | {"claim-queen": "276"}).get_data(as_text=True)
    assert "The claim differs" in wrong


def test_equal_totals_follow_the_house_rule(browser: Browser) -> None:
    tied = [(50, 45), (30, 35), (20, 25), (0, 10), (40, 35), (60, 50)]
    html = browser.submit("/referee/dracula/game", deals(tied)).get_data(as_text=True)
    assert "Queen <strong>260</strong>" in html and "dracula-6.2" in html
    html = browser.submit("/referee/dracula/game", deals(tied) | {"game_tie": "last_deal"}).get_data(as_text=True)
    assert "Queen <strong>200</strong>" in html and "the last deal decides" in html


def test_a_missing_or_negative_score_is_refused_at_its_field_keeping_the_rest(browser: Browser) -> None:
    form = deals(E10) | {"king_3": "", "queen_5": "-4"}
    response = browser.submit("/referee/dracula/game", form)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert re.search(r'id="king_3-error">Enter the deal&#39;s score, 0 or more', html)
    assert 'id="queen_5-error"' in html and 'value="150"' in html
