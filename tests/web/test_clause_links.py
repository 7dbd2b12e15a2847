"""Clause chips link to their clause on the game's rule card, which carries one anchor per clause."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from referee.rules.dracula.layout import CELLS
from referee.rules.registry import GAMES
from tests.support.client import Browser

E3 = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]
CHIP = re.compile(r'<a class="rule" href="([^"#]+)#([^"]+)">([^<]+)</a>')
ANCHOR = re.compile(r'<span class="clause" id="([^"]+)">')


def anchors(html: str) -> list[str]:
    return ANCHOR.findall(html)


@pytest.mark.parametrize("slug", list(GAMES))
def test_rule_card_has_one_anchor_per_cited_clause(client, slug: str) -> None:  # type: ignore[no-untyped-def]
    html = client.get(f"/rules/{slug}").get_data(as_text=True)
    ids = anchors(html)
    cited = set(re.findall(r'<span class="clause"[^>]*>([^<]+)</span>', html))
    assert len(ids) >= 10
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    assert set(ids) == cited, "every clause the card cites is an anchor, and nothing else is"
    assert all(i.startswith(f"{slug}-") for i in ids)


def test_verdict_chips_link_to_the_clause_on_the_rule_card(browser: Browser, client) -> None:  # type: ignore[no-untyped-def]
    response = browser.submit("/referee/dracula/coffin", {**dict(zip(CELLS, E3, strict=True)), "players": "2"})
    chips = CHIP.findall(response.get_data(as_text=True))
    assert ("/rules/dracula", "dracula-4.3", "dracula-4.3") in chips
    assert all(page == "/rules/dracula" and anchor == text for page, anchor, text in chips)
    card = anchors(client.get("/rules/dracula").get_data(as_text=True))
    assert "dracula-4.3" in card


def test_a_chip_of_an_unknown_game_stays_plain_text(app) -> None:  # type: ignore[no-untyped-def]
    from referee.web.presentation.helpers import clause_chip

    with app.test_request_context():
        assert str(clause_chip("carmona-1.2")) == '<span class="rule">carmona-1.2</span>'
        assert str(clause_chip("paks-4.2")) == '<a class="rule" href="/rules/paks#paks-4.2">paks-4.2</a>'
