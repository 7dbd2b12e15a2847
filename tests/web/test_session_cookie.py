"""The session cookie is sent only when the session changes.

A follower's page polls the version every few seconds. Were every answer to carry the session cookie
again, a poll answered just after a save of the same browser would put back the session from before
the save: its one-time message, or the editor rights that browser was just given, would be lost.
"""

from __future__ import annotations

from flask import Flask

from referee.rules.zhengfen import ZHENGFEN
from tests.support.client import Browser
from tests.support.stored import ORDERS, PLAYERS, editor_token, zhengfen_form
from tests.support.table import Table


def test_polls_and_views_send_no_cookie_and_a_change_of_rights_does(app: Flask, browser: Browser, table: Table) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    granted = browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    assert "session=" in granted.headers.get("Set-Cookie", "")
    assert "Expires=" in granted.headers["Set-Cookie"]
    browser.get(sheet)
    browser.get(f"/e/{code}")  # its forms' token is made once, a change of the session
    for path in (f"{sheet}/version", f"/e/{code}/version", sheet, f"/e/{code}"):
        answer = browser.client.get(path)
        assert answer.status_code == 200, path
        assert "Set-Cookie" not in answer.headers, path


def test_a_poll_answered_after_a_save_does_not_take_its_message_back(
    app: Flask, browser: Browser, table: Table
) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    sheet = f"/e/{code}/matches/{match_id}"
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    saved = browser.submit(f"{sheet}/deals/new", zhengfen_form(ORDERS[0], number=1))
    assert saved.status_code == 302 and "session=" in saved.headers.get("Set-Cookie", "")
    assert "Set-Cookie" not in browser.client.get(f"{sheet}/version").headers
    shown = browser.get(sheet).get_data(as_text=True)
    assert 'class="flash"' in shown
