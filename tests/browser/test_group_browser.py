"""A group's page and a person's page on the narrowest phone, in English and Japanese: nothing scrolls sideways."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.long_evening import dracula_match, evening_export
from tests.support.phones import check_accessibility

NARROW = {"width": 360, "height": 740}
#: A name of nearly 40 characters with nowhere to break it.
LONG_NAME = "Bartholomewmaximilianfotheringaysmythson"


def group_file() -> bytes:
    """A group of two evenings of two Dracula matches each, one of its players with a long name."""
    evenings = [evening_export([dracula_match(), dracula_match()], name=f"Week {n}") for n in (1, 2)]
    exported = {
        "format": "table-referee/group",
        "version": 1,
        "group": {"name": "Thursday table", "created_at": "2026-01-01T20:00:00+00:00", "persons": []},
        "evenings": evenings,
    }
    return json.dumps(exported).replace('"Ann"', json.dumps(LONG_NAME)).encode()


@pytest.fixture(params=["en", "ja"])
def narrow_phone(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The narrowest phone the app is made for, set to English or Japanese."""
    language = {"en": {}, "ja": {"locale": "ja-JP", "extra_http_headers": {"Accept-Language": "ja-JP,ja"}}}
    context = chromium.new_context(viewport=NARROW, is_mobile=True, has_touch=True, **language[request.param])
    context.set_default_timeout(10_000)
    yield context
    context.close()


def fits(page: Any) -> bool:
    """Nothing wider than the phone. A phone's browser widens its layout (``innerWidth``) to a page wider than
    the screen and zooms out, so the page is held to the screen's width as well as to ``innerWidth``."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return width[0] <= width[1] == NARROW["width"]


def test_group_and_person_pages_fit_a_360_pixel_phone(server: str, narrow_phone: Any) -> None:
    page = narrow_phone.new_page()
    page.goto(f"{server}/import")
    page.set_input_files(
        "input[type=file]", files=[{"name": "group.json", "mimeType": "application/json", "buffer": group_file()}]
    )
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    assert page.locator(".stack-table").count() >= 2  # the season and the game
    assert fits(page), page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    check_accessibility(page)
    page.click(f".stack-table a:text('{LONG_NAME}')")
    page.wait_for_url(re.compile(r"/persons/\d+$"))
    assert page.locator(".rating-moves li").count() == 4
    assert fits(page), page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    check_accessibility(page)
