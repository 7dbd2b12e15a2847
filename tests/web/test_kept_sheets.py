"""The scored sheets an app keeps (``scoring.scored``) are never stale: each change, whatever makes
it, is seen by the next read of a sheet that was read (and kept) just before it; kept sheets are
per app; and a kept sheet spares the pages their queries of deals.
"""

from __future__ import annotations

import io
import itertools
import json
from typing import Any

from flask import Flask
from sqlalchemy import select

from referee import create_app
from referee.rules.zhengfen import ZHENGFEN
from referee.web.services import matches as svc
from referee.web.services import scoring
from referee.web.services.transfer import export_evening, import_evening
from referee.web.store.db import db
from referee.web.store.models import Evening, Match
from tests.support.client import Browser
from tests.support.databases import empty_database
from tests.support.stored import (
    ORDERS,
    PLAYERS,
    count_statements,
    editor_token,
    evening_with_matches,
    fresh,
    full_rescoring,
    sweep,
    zhengfen_form,
)
from tests.support.table import Table


def totals(match_id: int) -> dict[str, int]:
    """The totals as a page reads them (the kept sheet when there is one), checked against a rescoring."""
    match = fresh(match_id)
    result = svc.scored(match)
    assert result == full_rescoring(fresh(match_id))
    return dict(result.totals)


def test_every_change_is_seen_by_the_next_read_of_a_kept_sheet(table: Table, app: Flask) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        seen = [totals(match_id)]
        for order in ORDERS[:3]:
            svc.add_deal(fresh(match_id), sweep(order))
            seen.append(totals(match_id))
        assert len(svc.scored(fresh(match_id)).deals) == 3
        # Deal 2 given to the last player instead: the totals move from the first to the last.
        svc.edit_deal(fresh(match_id), 2, sweep(ORDERS[1][::-1]), seen_version=None)
        seen.append(totals(match_id))
        svc.undo_last(fresh(match_id))
        seen.append(totals(match_id))
        assert len(svc.scored(fresh(match_id)).deals) == 2
    assert all(a != b for a, b in itertools.pairwise(seen)), seen


def test_pages_show_each_change_after_being_viewed(app: Flask, browser: Browser, table: Table) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    sheet = f"/e/{code}/matches/{match_id}"
    for number, order in enumerate(ORDERS[:3], start=1):
        assert f"deal {number}" in browser.get(sheet).get_data(as_text=True)
        posted = browser.submit(f"{sheet}/deals/new", zhengfen_form(order, number=number))
        assert posted.status_code == 302, posted.get_data(as_text=True)
        assert f"{number} deal" in browser.get(f"/e/{code}").get_data(as_text=True)
    browser.submit(f"{sheet}/undo", {"number": 3, "version": 1})
    assert "2 deals" in browser.get(f"/e/{code}").get_data(as_text=True)


def test_an_import_into_a_reused_match_id_shows_its_own_sheet(table: Table, app: Flask) -> None:
    """A deleted evening's match id may be given again (SQLite reuses the highest rowid), and an
    import keeps the exported creation time and version: the kept sheet must not be taken for it."""
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for order in ORDERS[:3]:
            svc.add_deal(fresh(match_id), sweep(order))
        match = fresh(match_id)
        before = svc.scored(match)  # kept
        data = export_evening(match.evening)
        db.session.delete(match.evening)
        db.session.commit()
        data["matches"][0]["deals"][0]["entry"] = sweep(ORDERS[-1])
        evening = import_evening(data)
        again = evening.matches[0]
        assert (again.created_at, again.version) == (match.created_at, match.version)
        result = svc.scored(fresh(again.id))
        assert result == full_rescoring(fresh(again.id))
        assert result.totals != before.totals


def test_an_imported_evening_reads_as_scored(app: Flask, browser: Browser) -> None:
    code = evening_with_matches(app, 2)
    exported = browser.client.get(f"/e/{code}/export.json").data
    browser.get("/import")
    response = browser.client.post(
        "/import",
        data={"file": (io.BytesIO(exported), "evening.json"), "csrf_token": browser.token},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    with app.app_context():
        new_code = response.headers["Location"].rsplit("/", 1)[1]
        for match in db.session.scalar(select(Evening).where(Evening.code == new_code)).matches:
            assert svc.scored(fresh(match.id)) == full_rescoring(fresh(match.id))
    assert json.loads(exported)["matches"][0]["deals"]


def test_sheets_are_kept_per_app(tmp_path: Any) -> None:
    """Two apps on two databases hold matches of the same id: each reads its own."""
    apps = [
        create_app({"TESTING": True, "INSTANCE_PATH": str(path), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}.db"})
        for path in (tmp_path / "a", tmp_path / "b")
    ]
    try:
        results = []
        for app, orders in zip(apps, (ORDERS[:1], ORDERS[:2]), strict=True):
            _, _, match_id = Table.of(app).stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
            with app.app_context():
                for order in orders:
                    svc.add_deal(fresh(match_id), sweep(order))
                results.append((match_id, svc.scored(fresh(match_id))))
        assert results[0][0] == results[1][0]
        assert [len(r.deals) for _, r in results] == [1, 2]
    finally:
        for app in apps:
            empty_database(app)


def test_kept_sheets_spare_the_pages_their_deals(app: Flask) -> None:
    """Read cold, a sheet or the evening queries the deals once (every match's at once); kept, never."""
    code = evening_with_matches(app, 3)
    with app.app_context():
        match_id = db.session.scalar(select(Match.id).limit(1))
        scoring._sheets().cache.clear()  # as in another process, which has kept no sheet yet
    client = app.test_client()
    sheet = f"/e/{code}/matches/{match_id}"
    assert count_statements(app, sheet, client) - count_statements(app, sheet, client) == 1
    evening = [count_statements(app, f"/e/{code}", client) for _ in range(2)]
    assert evening == [3, 2]  # the evening with its players, its matches (and once the deals of two)


def test_a_change_keeps_the_sheet_it_made_and_kept_sheets_are_bounded(table: Table, app: Flask) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        svc.add_deal(fresh(match_id), sweep(ORDERS[0]))
        sheets = scoring._sheets()
        assert sheets.get(scoring.key_of(fresh(match_id))) == full_rescoring(fresh(match_id))
        assert sheets.cache.currsize == 2  # one deal and the sheet
        assert sheets.cache.maxsize == scoring.CACHED_DEALS


def test_a_follower_sees_the_placing_points_changed(app: Flask, browser: Browser) -> None:
    """The standings follow the evening's placing points: a follower's tag of the page no longer matches."""
    code = evening_with_matches(app, 1)
    follower = app.test_client()
    etag = follower.get(f"/e/{code}").headers["ETag"]
    polled = follower.get(f"/e/{code}/version")
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    assert browser.submit(f"/e/{code}/placing", {"placing": "podium"}, form_page=f"/e/{code}").status_code == 302
    assert follower.get(f"/e/{code}", headers={"If-None-Match": etag}).status_code == 200
    assert follower.get(f"/e/{code}/version").get_json() != polled.get_json()
