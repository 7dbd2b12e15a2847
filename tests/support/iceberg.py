"""Iceberg for the page tests: the players, a deal played play by play, and the forms as the phone posts them."""

from __future__ import annotations

import html as html_lib
import json
import re
from typing import Any

from tests.support.client import Browser

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


_LOG = re.compile(r'name="log" type="hidden" value="([^"]*)"')


#: A 3-player deal play by play (one deck; Ann deals, Bob plays first): Ann goes out.
PLAYS = [
    {"who": "Bob", "kind": "meld", "cards": "4H 5H 6H"},
    {"who": "Cat", "kind": "onto-1", "cards": "7H 8H"},
    {"who": "Cat", "kind": "aces", "cards": "AS"},
    {"who": "Ann", "kind": "meld", "cards": "QS QD QC"},
    {"who": "Bob", "kind": "onto-1", "cards": "9H"},
]


HANDS = {"Ann": "", "Bob": "KS 9C 2D", "Cat": "10H 3C"}

#: iceberg-4.4's worked example on a table of four (two decks): Ann melds 7S–9S and Bob JS–KS, the two runs
#: 10S closes the gap between.
RULED_PLAYERS = PLAYERS[:4]
RULED_MELDS = [
    {"who": "Ann", "kind": "meld", "cards": "7S 8S 9S"},
    {"who": "Bob", "kind": "meld", "cards": "JS QS KS"},
]


def seats(players: list[str]) -> dict[str, str]:
    """The hidden fields of the form in play by play: the mode (a new deal opens in the fast one) and the players."""
    return {"mode": "log", **{f"player_{i}": name for i, name in enumerate(players)}}


def hands(players: list[str], held: dict[str, str]) -> dict[str, str]:
    return {f"hand_{i}": held.get(name, "") for i, name in enumerate(players)}


def log_of(page: str) -> list[dict[str, Any]]:
    found = _LOG.search(page)
    assert found, "no play log field on the page"
    return json.loads(html_lib.unescape(found.group(1)))


def add_plays(browser: Browser, url: str, players: list[str], plays: list[dict[str, str]]) -> str:
    """Add each play with the "Add play" button, the log re-posted each time as a browser does."""
    log: list[dict[str, Any]] = []
    page = ""
    for play in plays:
        data = {**seats(players), "mode": "log", "log": json.dumps(log), "act": "add", **play}
        response = browser.submit(url, data)
        page = response.get_data(as_text=True)
        assert 'id="cards-error"' not in page, text_of(page)[:1500]
        log = log_of(page)
    assert len(log) == len(plays)
    return page


def totals(page: str) -> list[int]:
    footer = page.split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r"<td[^>]*>(-?\d+)</td>", footer)]


def text_of(page: str) -> str:
    """The page as read: inline tags dropped, other tags as spaces, entities decoded, spaces collapsed."""
    inline = re.sub(r"</?(?:span|strong|code|a)\b[^>]*>", "", page)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def value_of(page: str, name: str) -> str | None:
    """The value of the input named ``name``, as the page shows it."""
    found = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', page)
    assert found, f"no input {name}"
    value = re.search(r'\bvalue="([^"]*)"', found.group(0))
    return html_lib.unescape(value.group(1)) if value else None


def error_at(page: str, field_id: str) -> str:
    return text_of(page.split(f'id="{field_id}-error">')[1].split("</p>")[0])


def fast_data(players: list[str], deal: dict[str, Any]) -> dict[str, str]:
    """What the fast form posts: ``deal`` maps each player to their fields (played, aces, left, could, hand)."""
    data = {**seats(players), "mode": "scored", "out": deal.get("out", "")}
    for seat, name in enumerate(players):
        for key, value in deal.get(name, {}).items():
            data[f"{key}_{seat}"] = str(value)
    for row, meld in enumerate(deal.get("table", [])):
        data[f"table_{row}"] = meld
    return data
