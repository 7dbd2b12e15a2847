"""Every number box of every form keeps what was typed: a text box with the phone's digit keys and a
pattern, never a browser's number box (which sends "1e" as nothing, so the typo vanishes without a word).
What is no whole number comes back in its box, with "Enter a whole number, such as 40" at it.

The forms: starting a match of every game (its house options), every game's deal entry in every mode
that has number boxes, and every referee page."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from flask import Flask, url_for

from referee.rules.registry import GAMES
from referee.web.referee_pages import PAGES
from tests.support.client import Browser
from tests.support.table import Table

INPUT = re.compile(r"<input\b[^>]*>")
NOT_A_NUMBER = "Enter a whole number, such as 40"


def attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return html_lib.unescape(found.group(1)) if found else None


def number_boxes(page: str) -> list[str]:
    """The names of the page's number boxes; the page has no browser number box at all, and each box
    asks for digits (and a minus sign where the number may be negative)."""
    inputs = INPUT.findall(page)
    assert not [tag for tag in inputs if attribute(tag, "type") == "number"]
    boxes = []
    for tag in inputs:
        pattern = attribute(tag, "pattern")
        if pattern is None:
            continue
        assert pattern in ("[0-9]*", "-?[0-9]*"), tag
        assert attribute(tag, "type") == "text", tag
        assert attribute(tag, "inputmode") == ("numeric" if pattern == "[0-9]*" else None), tag
        boxes.append(attribute(tag, "name") or "")
    return boxes


def hidden_fields(page: str) -> dict[str, str]:
    return {
        attribute(tag, "name") or "": attribute(tag, "value") or ""
        for tag in INPUT.findall(page)
        if attribute(tag, "type") == "hidden"
    }


def typo_comes_back(browser: Browser, url: str, page: str, extra: dict[str, str] | None = None) -> list[str]:
    """Post "1e" into every number box of ``page`` (its hidden fields kept): each box shows "1e" again and
    the page says what is wrong. Returns the boxes."""
    boxes = number_boxes(page)
    assert boxes, url
    data = {**hidden_fields(page), **(extra or {}), **dict.fromkeys(boxes, "1e")}
    response = browser.client.post(url, data=data)
    shown = response.get_data(as_text=True)
    assert response.status_code == 400, url
    for name in boxes:
        tag = next(tag for tag in INPUT.findall(shown) if attribute(tag, "name") == name)
        assert attribute(tag, "value") == "1e", (url, tag)
    assert NOT_A_NUMBER in shown
    return boxes


def start_evening(browser: Browser) -> str:
    return Table(browser).evening(["Ann", "Bob", "Cat", "Dan"], name="Numbers")


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_house_options_of_a_new_match(browser: Browser, slug: str) -> None:
    url = f"{start_evening(browser)}/matches/new/{slug}"
    page = browser.get(url).get_data(as_text=True)
    if slug in ("paks", "clabber", "zhengfen", "iceberg"):
        assert "opt_target" in number_boxes(page)
    seats = {f"seat_{i}": name for i, name in enumerate(("Ann", "Bob", "Cat", "Dan"))}
    typo_comes_back(browser, url, page, {**seats, "first_dealer": "Ann"})


#: Each game's deal form, with the mode whose number boxes it shows (None: its own default).
ENTRY_MODES = [("paks", "quick"), ("clabber", None), ("zhengfen", None), ("iceberg", "quick"), ("iceberg", "scored")]


@pytest.mark.parametrize(("slug", "mode"), ENTRY_MODES)
def test_the_deal_forms(browser: Browser, slug: str, mode: str | None) -> None:
    evening = start_evening(browser)
    seats = {f"seat_{i}": name for i, name in enumerate(("Ann", "Bob", "Cat", "Dan"))}
    started = browser.submit(f"{evening}/matches/new/{slug}", {**seats, "first_dealer": "Ann"})
    assert started.status_code == 302, started.get_data(as_text=True)
    url = f"{started.headers['Location']}/deals/new"
    page = browser.get(url).get_data(as_text=True)
    if mode is not None:
        page = browser.client.post(url, data={**hidden_fields(page), "act": mode}).get_data(as_text=True)
    typo_comes_back(browser, url, page)


#: The referee pages that ask for numbers; the others take cards and choices only.
WITH_NUMBERS = {
    "referee_pages.paks_end",
    "referee_pages.clabber_end",
    "referee_pages.clabber_deal",
    "referee_pages.dracula_coffin",
    "referee_pages.dracula_game",
    "referee_pages.zhengfen_deal",
}


@pytest.mark.parametrize("endpoint", [endpoint for _, endpoint, _ in PAGES])
def test_the_referee_pages(browser: Browser, app: Flask, endpoint: str) -> None:
    with app.test_request_context():
        url = url_for(endpoint)
    page = browser.get(url).get_data(as_text=True)
    assert bool(number_boxes(page)) == (endpoint in WITH_NUMBERS)
    if endpoint in WITH_NUMBERS:
        typo_comes_back(browser, url, page)
