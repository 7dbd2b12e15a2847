"""Sheets read without their workings: the database leaves the explanations out, the sheet is the same."""

from __future__ import annotations

import json

from flask import Flask
from sqlalchemy import update

from referee.web.services import scoring
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening
from tests.long_evening import dracula_match, evening_export, iceberg_match
from tests.support.client import Browser
from tests.support.pages import upload


def sheets(app: Flask, *, workings: bool) -> list[tuple[object, ...]]:
    with app.app_context():
        scoring._sheets().cache.clear()
        matches = db.session.query(Evening).one().matches
        return [
            (
                [(d.number, d.dealer, d.scores, d.marks, str(d.summary), len(d.explanation)) for d in result.deals],
                result.running,
                result.totals,
                result.next_dealer,
                str(result.status),
            )
            for result in scoring.scored_all(matches, workings=workings)
        ]


def test_a_sheet_without_workings_has_the_scores_of_the_whole_sheet(browser: Browser, app: Flask) -> None:
    data = evening_export([iceberg_match(4), dracula_match()])
    assert upload(browser, json.dumps(data).encode()).status_code == 302
    whole, light = sheets(app, workings=True), sheets(app, workings=False)
    assert all(deal[-1] > 0 for sheet in whole for deal in sheet[0])
    assert all(deal[-1] == 0 for sheet in light for deal in sheet[0])  # no explanation read
    strip = [([deal[:-1] for deal in sheet[0]], *sheet[1:]) for sheet in whole]
    assert [([deal[:-1] for deal in sheet[0]], *sheet[1:]) for sheet in light] == strip


def test_a_sheet_scored_by_other_rules_is_scored_again_whole(browser: Browser, app: Flask) -> None:
    data = evening_export([iceberg_match(3)])
    assert upload(browser, json.dumps(data).encode()).status_code == 302
    with app.app_context():
        db.session.execute(update(Deal).values(rules_version="older"))
        db.session.commit()
    light = sheets(app, workings=False)
    assert [deal[-1] > 0 for deal in light[0][0]] == [True] * 3  # scored again, with the workings
    with app.app_context():
        assert {deal.rules_version for deal in db.session.query(Deal)} == {scoring.RULES_VERSION}
