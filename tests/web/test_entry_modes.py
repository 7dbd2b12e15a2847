"""A new deal opens in its game's quickest mode (Iceberg's fast one, Paks' quick one), or in the mode the
phone asks for (``?mode=``: its script remembers the last one used); an unknown mode is the quickest."""

from __future__ import annotations

import re

import pytest

from tests.support.client import Browser

PRESSED = re.compile(r'<button class="mode-tab" type="submit" name="act" value="(\w+)" aria-pressed="true"')


def opened_in(browser: Browser, url: str) -> tuple[str, str]:
    """The tab pressed and the hidden mode of the new deal's form at ``url``."""
    page = browser.get(url).get_data(as_text=True)
    pressed = PRESSED.search(page)
    mode = re.search(r'<input id="mode" name="mode" type="hidden" value="(\w+)">', page)
    assert pressed and mode, url
    assert 'data-entry-game="' in page and "js/entry-mode.js" in page
    return pressed.group(1), mode.group(1)


@pytest.mark.parametrize(
    ("slug", "players", "quickest", "other"),
    [("iceberg", "Ann, Bob, Cat", "scored", "log"), ("paks", "Ann, Bob", "quick", "cards")],
)
def test_a_new_deal_opens_in_the_quickest_mode_or_the_one_asked_for(
    browser: Browser, slug: str, players: str, quickest: str, other: str
) -> None:
    evening = browser.submit("/", {"name": "Modes", "players": players}).headers["Location"]
    seats = {f"seat_{i}": name for i, name in enumerate(players.split(", "))}
    match = browser.submit(f"{evening}/matches/new/{slug}", {**seats, "first_dealer": "Ann"}).headers["Location"]
    url = f"{match}/deals/new"
    assert opened_in(browser, url) == (quickest, quickest)
    assert opened_in(browser, f"{url}?mode={other}") == (other, other)
    assert opened_in(browser, f"{url}?mode=nonsense") == (quickest, quickest)
    sheet = browser.get(match).get_data(as_text=True)
    link = re.search(r'<a class="button primary big" href="[^"]+/deals/new"([^>]*)>Enter deal 1</a>', sheet)
    assert link and f'data-entry-game="{slug}"' in link.group(1)
