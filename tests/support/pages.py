"""What the page tests read on a page (its visible words, error summary, weight, rule card) and post."""

from __future__ import annotations

import html
import io
import re

from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.table import Table

JA = {"Accept-Language": "ja-JP,ja;q=0.9"}


_HIDDEN = re.compile(r"<(script|style|pre|code|svg|template)\b.*?</\1>", re.S | re.I)


_LABEL = re.compile(r'(?<![\w-])(?:aria-label|placeholder|title)="([^"]*)"')


def visible_words(page: str) -> str:
    """What a reader sees and hears of ``page``: its text and its spoken labels."""
    body = page.split("<body", 1)[-1].split(">", 1)[-1]
    labels = " ".join(_LABEL.findall(body))
    text = re.sub(r"<[^>]+>", " ", _HIDDEN.sub(" ", body))
    text = re.sub(r"https?://\S+", " ", html.unescape(text))  # the links to share, shown as they are
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    return html.unescape(" ".join([title.group(1) if title else "", text, labels]))


def summary_of(html: str) -> str:
    """The refused form's summary; every link in it leads to an element of the page."""
    summary = html.split("data-error-summary>")[1].split("</div>")[0]
    links = re.findall(r'<a href="#([\w-]+)">', summary)
    assert all(f'id="{anchor}"' in html for anchor in links), links
    return summary


BUDGET = 100 * 1024


_ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="([^"]+)"')


def weight(browser: Browser, url: str) -> tuple[int, list[str]]:
    response = browser.get(url)
    assert response.status_code == 200, url
    html = response.get_data()
    assets = _ASSET.findall(response.get_data(as_text=True))
    total = len(html)
    for asset in assets:
        assert asset.startswith("/"), f"{url} loads {asset} from elsewhere"
        total += len(browser.client.get(asset).get_data())
    return total, assets


def claim_row(side: str, item: str, claimed: int, ruled: int) -> str:
    """A difference's row of a claim's table, each cell named for a phone's card (stack-table)."""
    return (
        f'<td data-label="Side">{side}</td><td data-label="Item">{item}</td><td data-label="Claimed">{claimed}</td>'
        f'<td data-label="Ruled"><strong>{ruled}</strong></td>'
    )


def clauses_on_card(html: str) -> set[str]:
    return set(re.findall(r'<span class="clause"[^>]*>([^<]+)</span>', html))


def upload(browser: Browser, content: bytes):  # type: ignore[no-untyped-def]
    browser.get("/import")
    return browser.client.post(
        "/import",
        data={"file": (io.BytesIO(content), "evening.json"), "csrf_token": browser.token},
        content_type="multipart/form-data",
    )


_FIELD = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"')


def form_fields(html: str) -> list[str]:
    return sorted({n for n in _FIELD.findall(html) if n != "csrf_token"})


def setup_match(browser: Browser, slug: str) -> str:
    """A match of ``slug`` at its smallest table, on an evening of six."""
    table = Table(browser)
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    return table.match(slug, players[: min(GAMES[slug].player_counts)], evening=table.evening(players, name="Fuzz"))
