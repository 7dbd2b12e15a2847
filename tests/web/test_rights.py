"""Rights: only a browser holding the editor token changes an evening; the view link never can."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.client import Browser

LAYOUT = dict(zip(CELLS, [str(c) for c in DRACULA_PACK.cards()[:9]], strict=True))


@pytest.fixture
def evening(browser: Browser) -> dict[str, str]:
    """An evening with one Dracula match and one deal, started by ``browser`` (the editor)."""
    evening = browser.submit("/", {"name": "Fri", "players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]
    assert browser.submit(f"{match}/deals/new", LAYOUT).status_code == 302
    page = browser.get(evening).get_data(as_text=True)
    editor = re.search(r'href="(http://[^"]+/edit/[^"]+)"', page).group(1)
    return {"evening": evening, "match": match, "editor": editor.removeprefix("http://localhost")}


def viewer(app: Flask) -> Browser:
    return Browser(app.test_client())


def test_view_link_shows_the_sheet_without_edit_buttons(app: Flask, evening: dict[str, str]) -> None:
    other = viewer(app)
    sheet = other.get(evening["match"]).get_data(as_text=True)
    assert "<tfoot>" in sheet and "Enter deal" not in sheet and "Undo deal" not in sheet
    page = other.get(evening["evening"]).get_data(as_text=True)
    assert "/edit/" not in page and "view link" in page


WRITES = [
    ("post", "{evening}/players", {"name": "Cat"}),
    ("get", "{evening}/matches/new/dracula", None),
    ("post", "{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}),
    ("get", "{match}/deals/new", None),
    ("post", "{match}/deals/new", LAYOUT),
    ("get", "{match}/deals/1/edit", None),
    ("post", "{match}/deals/1/edit", LAYOUT),
    ("get", "{match}/undo", None),
    ("post", "{match}/undo", {}),
]


@pytest.mark.parametrize(("method", "url", "data"), WRITES, ids=[f"{m} {u}" for m, u, _ in WRITES])
def test_every_write_is_refused_to_a_viewer(
    app: Flask, evening: dict[str, str], method: str, url: str, data: dict | None
) -> None:
    other = viewer(app)
    other.get(evening["match"])  # a page with a form would give a token; the viewer has the session cookie
    target = url.format(**evening)
    if method == "get":
        response = other.client.get(target)
    else:
        token = other.token or ""
        response = other.client.post(target, data={**(data or {}), "csrf_token": token})
    assert response.status_code in (400, 403)
    assert len(re.findall(r'<tr id="deal-', other.get(evening["match"]).get_data(as_text=True))) == 1


def test_editor_link_grants_editing(app: Flask, evening: dict[str, str]) -> None:
    other = viewer(app)
    assert other.client.get(evening["editor"]).status_code == 302
    assert "Enter deal 2" in other.get(evening["match"]).get_data(as_text=True)
    assert other.submit(f"{evening['match']}/undo", {}).status_code == 302


def test_wrong_editor_token_is_not_found(app: Flask, evening: dict[str, str]) -> None:
    other = viewer(app)
    wrong = evening["editor"][:-3] + "xyz"
    assert other.client.get(wrong).status_code == 404
    assert other.client.get(f"{evening['match']}/deals/new").status_code == 403
