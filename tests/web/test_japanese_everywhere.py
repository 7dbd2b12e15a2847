"""A Japanese browser sees no English word on any page: every game's pages, the referee desk, the
rule cards and the printing pages (player names and card codes apart)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from referee.rules.registry import GAMES
from referee.web.referee_pages import PAGES
from tests.support.phones import english_words

JA = {"Accept-Language": "ja"}
NAMES = ("Ann", "Bob", "Cat", "Dan")
#: Words a Japanese page keeps: the link to the English pages, and the people and the book the rule cards
#: credit (the seed texts write them in Latin letters too).
ALLOWED = (
    *NAMES,
    "English",
    "David",
    "Parlett",
    "Gordon",
    "Bower",
    "Howard",
    "Sid",
    "Sackson",
    "Gamut",
    "Games",
    "Phil",
    "Laurence",
    "John",
    "McLeod",
    "Jass",
    "Pagat",
)


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<(code|pre)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"&\w+;|&#\d+;", " ", html)


def english_on(client: FlaskClient, url: str) -> list[str]:
    response = client.get(url, headers=JA)
    assert response.status_code == 200, url
    return english_words(visible_text(response.get_data(as_text=True)), ALLOWED)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_rule_cards_and_referee_pages_read_japanese(client: FlaskClient, slug: str) -> None:
    urls = [f"/rules/{slug}"]
    with client.application.test_request_context():
        from flask import url_for

        urls += [url_for(endpoint) for game, endpoint, _title in PAGES if game == slug]
    found = {url: english_on(client, url) for url in urls}
    assert {url: words for url, words in found.items() if words} == {}


def test_shared_pages_read_japanese(client: FlaskClient) -> None:
    urls = ["/", "/print/", "/referee/", "/api", "/g/new", "/import"]
    found = {url: english_on(client, url) for url in urls}
    assert {url: words for url, words in found.items() if words} == {}
