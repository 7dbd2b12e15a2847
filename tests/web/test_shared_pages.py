"""A page is rendered once per version for all its readers of one role, and is never stale or another's.

A room of phones reloads the sheet after every deal (static/js/live.js): the page they get holds
nothing of its reader, so it is rendered once per version and tag and kept for the next follower.
The score keepers' pages hold their form token: it is filled in per request, each editor's own.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask, render_template_string
from flask_wtf.csrf import generate_csrf

from referee.rules.zhengfen import ZHENGFEN
from referee.web.evenings import sheets
from referee.web.http import conditional
from tests.support.client import Browser
from tests.support.stored import ORDERS, PLAYERS, editor_token, zhengfen_form
from tests.support.table import Table


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates the sheet pages render, in order."""
    seen: list[str] = []
    original = sheets.render_template

    def counting(template: str, **context: Any) -> str:
        seen.append(template)
        return original(template, **context)

    monkeypatch.setattr(sheets, "render_template", counting)
    return seen


def test_followers_share_one_rendering_per_version(
    app: Flask, browser: Browser, table: Table, renders: list[str]
) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    followers = [app.test_client() for _ in range(5)]
    shown: list[str] = []
    for number, order in enumerate(ORDERS[:2], start=1):
        assert browser.submit(f"{sheet}/deals/new", zhengfen_form(order, number=number)).status_code == 302
        renders.clear()
        pages = [follower.get(sheet) for follower in followers]
        assert renders == ["match.html"]
        assert {page.get_data(as_text=True) for page in pages} == {pages[0].get_data(as_text=True)}
        assert f"Undo deal {number}" not in pages[0].get_data(as_text=True)
        assert re.search(r'data-live-version="\d+"', pages[0].get_data(as_text=True))
        shown.append(pages[0].get_data(as_text=True))
        # The editor's page is rendered for editors, with the editor's buttons.
        assert f"Undo deal {number}" in browser.get(sheet).get_data(as_text=True)
        assert renders == ["match.html", "match.html"]
    assert shown[0] != shown[1]


def test_each_language_and_each_deal_page_is_its_own(
    app: Flask, browser: Browser, table: Table, renders: list[str]
) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    assert browser.submit(f"{sheet}/deals/new", zhengfen_form(ORDERS[0], number=1)).status_code == 302
    follower = app.test_client()
    renders.clear()
    english = follower.get(sheet).get_data(as_text=True)
    japanese = follower.get(sheet, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    workings = follower.get(f"{sheet}/deals/1").get_data(as_text=True)
    assert renders == ["match.html", "match.html", "deal.html"]
    assert english != japanese and 'lang="ja"' in japanese
    assert follower.get(sheet, headers={"Accept-Language": "ja"}).get_data(as_text=True) == japanese
    assert follower.get(f"{sheet}/deals/1").get_data(as_text=True) == workings
    assert renders == ["match.html", "match.html", "deal.html"]


def test_editors_share_one_rendering_each_with_its_own_form_token(table: Table, app: Flask, renders: list[str]) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    editors = [Browser(app.test_client()) for _ in range(3)]
    for editor in editors:
        editor.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    for url, template in ((f"/e/{code}", "evening.html"), (f"{sheet}/deals/new", "deal_form.html")):
        renders.clear()
        pages = [editor.get(url).get_data(as_text=True) for editor in editors]
        assert renders == [template]
        tokens = [editor.token for editor in editors]
        assert None not in tokens and len(set(tokens)) == len(editors)
        assert all(token in page for token, page in zip(tokens, pages, strict=True))
        assert len({page.replace(str(token), "") for token, page in zip(tokens, pages, strict=True)}) == 1
    # Each token is its reader's own: every editor enters a deal with the one of its page, none with another's.
    for number, editor in enumerate(editors, start=1):
        stranger = editors[number % len(editors)]
        refused = stranger.client.post(
            f"{sheet}/deals/new", data={**zhengfen_form(ORDERS[number], number), "csrf_token": editor.token}
        )
        assert refused.status_code == 400
        entered = editor.client.post(
            f"{sheet}/deals/new", data={**zhengfen_form(ORDERS[number], number), "csrf_token": editor.token}
        )
        assert entered.status_code == 302, entered.get_data(as_text=True)[-400:]
    assert [
        editor.client.post(f"/e/{code}/players", data={"name": f"P{i}", "csrf_token": editor.token}).status_code
        for i, editor in enumerate(editors)
    ] == [302] * 3


def test_a_page_holding_a_token_made_before_it_is_not_kept(app: Flask) -> None:
    """A form made before the page is rendered holds its reader's own token: that page is the reader's alone."""
    with app.test_request_context("/somewhere"):
        own = generate_csrf()
        page = conditional._rendered_once("key", lambda: render_template_string("{{ t }}|{{ csrf_token() }}", t=own))
        assert page == f"{own}|{own}"
        pages, _, _ = conditional._shared_pages()
        assert "key" not in pages
    with app.test_request_context("/somewhere"):
        first = conditional._rendered_once("other", lambda: render_template_string("{{ csrf_token() }}"))
        assert first == generate_csrf()
    with app.test_request_context("/somewhere"):
        assert conditional._rendered_once("other", lambda: "never rendered") == generate_csrf() != first


def test_the_form_asks_a_phones_name_only_of_a_phone_that_gave_none(
    table: Table, app: Flask, renders: list[str]
) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    named, unnamed = Browser(app.test_client()), Browser(app.test_client())
    for editor in (named, unnamed):
        editor.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    entered = named.submit(f"{sheet}/deals/new", {**zhengfen_form(ORDERS[0], 1), "device": "Ann's phone"})
    assert entered.status_code == 302
    assert "Deal 1 entered" in named.get(sheet).get_data(as_text=True)
    asked = 'name="device"'
    assert asked in unnamed.get(f"{sheet}/deals/new").get_data(as_text=True)
    assert asked not in named.get(f"{sheet}/deals/new").get_data(as_text=True)
