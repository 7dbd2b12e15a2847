"""Scoring once per change: deals are scored when written, sheets read the stored results.

The counting wrapper around the game's ``score_deal`` tells how many deals a request scored: a page
view none, a new deal one, a correction the deal and those after it. Results stamped by other rules
are scored again once; and whatever the changes, the stored sheet equals a full rescoring.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import update

from referee.rules.game import Game
from referee.rules.zhengfen import ZHENGFEN
from referee.web.services import matches as svc
from referee.web.services import scoring
from referee.web.store.db import db
from referee.web.store.models import Deal
from tests.support.client import Browser
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


class Counter:
    def __init__(self) -> None:
        self.calls = 0


@pytest.fixture
def scored_deals(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Counts the deals Zheng Fen scores."""
    counter = Counter()
    original = type(ZHENGFEN).score_deal

    def counting(self: Game, *args: Any, **kwargs: Any) -> Any:
        counter.calls += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(ZHENGFEN), "score_deal", counting)
    return counter


def test_deals_are_stored_scored_and_the_sheet_equals_a_full_rescoring(
    table: Table, app: Flask, scored_deals: Counter
) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for order in ORDERS[:4]:
            svc.add_deal(fresh(match_id), sweep(order))
        assert scored_deals.calls == 4
        match = fresh(match_id)
        assert all(d.result is not None and d.rules_version == scoring.RULES_VERSION for d in match.deals)
        assert svc.scored(match) == full_rescoring(match)
        assert scored_deals.calls == 4 + 4  # the full rescoring above, none for the stored sheet


def test_views_exports_and_forms_score_nothing_and_a_new_deal_scores_one(
    app: Flask, browser: Browser, table: Table, scored_deals: Counter
) -> None:
    code, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for order in ORDERS[:6]:
            svc.add_deal(fresh(match_id), sweep(order))
    scored_deals.calls = 0
    base = f"/e/{code}/matches/{match_id}"
    for url in (f"/e/{code}", base, f"{base}/history", f"/e/{code}/export.csv", f"/e/{code}/export.json"):
        assert browser.get(url).status_code == 200, url
    assert scored_deals.calls == 0
    browser.client.get(f"/e/{code}/edit/{editor_token(app, code)}")
    assert browser.get(f"{base}/deals/new").status_code == 200
    assert browser.get(f"{base}/deals/2/edit").status_code == 200
    assert browser.get(f"{base}/undo").status_code == 200
    assert scored_deals.calls == 0
    posted = browser.submit(f"{base}/deals/new", zhengfen_form(ORDERS[7], number=7))
    assert posted.status_code == 302, posted.get_data(as_text=True)
    assert scored_deals.calls == 1


def test_a_correction_scores_the_deal_and_the_deals_after_it(table: Table, app: Flask, scored_deals: Counter) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for order in ORDERS[:5]:
            svc.add_deal(fresh(match_id), sweep(order))
        scored_deals.calls = 0
        # Deal 3's first player deals deal 4, so correcting deal 3 changes who dealt deals 4 and 5.
        svc.edit_deal(fresh(match_id), 3, sweep(ORDERS[20]), seen_version=1)
        assert scored_deals.calls == 3
        match = fresh(match_id)
        assert match.deals[3].result["dealer"] == ORDERS[20][0]
        assert svc.scored(match) == full_rescoring(match)


def test_results_of_other_rules_or_none_are_scored_again_once(table: Table, app: Flask, scored_deals: Counter) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for order in ORDERS[:4]:
            svc.add_deal(fresh(match_id), sweep(order))
        # Deal 2 as scored by a former, wrong rule; deal 4 stored before results were.
        wrong = dict(fresh(match_id).deals[1].result, scores={p: 999 for p in PLAYERS})
        db.session.execute(update(Deal).where(Deal.number == 2).values(result=wrong, rules_version="0ld"))
        db.session.execute(update(Deal).where(Deal.number == 4).values(result=None, rules_version=None))
        db.session.commit()
        scoring._sheets().cache.clear()  # as in a process started with the new rules
        version = fresh(match_id).version
        scored_deals.calls = 0
        result = svc.scored(fresh(match_id))
        assert 999 not in result.deals[1].scores.values()
        assert scored_deals.calls == 3  # deal 2 and the deals after it
        match = fresh(match_id)
        assert match.version == version  # a rescoring is not a change of the match
        assert {d.rules_version for d in match.deals} == {scoring.RULES_VERSION}
        assert svc.scored(match) == full_rescoring(match)
        assert scored_deals.calls == 3 + 4  # stored: the second read scored nothing


def test_the_rules_version_follows_the_rules_code() -> None:
    assert len(scoring.RULES_VERSION) == 16
    assert scoring._rules_version() == scoring.RULES_VERSION


@pytest.mark.parametrize("page", ["", "/export.csv", "/export.json"])
def test_evening_pages_take_as_many_statements_for_ten_matches_as_for_one(app: Flask, page: str) -> None:
    one, ten = evening_with_matches(app, 1), evening_with_matches(app, 10)
    client = app.test_client()
    # Read twice: first with no sheet kept (the deals are read), then with every sheet kept.
    counts = [count_statements(app, f"/e/{code}{page}", client) for _ in range(2) for code in (one, ten)]
    assert counts[0] == counts[1] and counts[2] == counts[3], counts


# --- whatever the changes, the stored sheet is the sheet scored afresh ------------------------------

operations = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.sampled_from(range(len(ORDERS)))),
        st.tuples(st.just("edit"), st.integers(1, 8), st.sampled_from(range(len(ORDERS)))),
        st.tuples(st.just("undo")),
    ),
    min_size=1,
    max_size=8,
)


@pytest.mark.expensive
@given(operations)
def test_stored_sheet_equals_a_full_rescoring_after_any_changes(
    table: Table, app: Flask, ops: list[tuple[Any, ...]]
) -> None:
    _, _, match_id = table.stored_match(ZHENGFEN, PLAYERS, options={"target": 1000})
    with app.app_context():
        for op in ops:
            match = fresh(match_id)
            if op[0] == "add" and not svc.scored(match).finished:
                svc.add_deal(match, sweep(ORDERS[op[1]]))
            elif op[0] == "edit" and op[1] <= len(match.deals):
                svc.edit_deal(match, op[1], sweep(ORDERS[op[2]]), seen_version=None)
            elif op[0] == "undo":
                svc.undo_last(match)
            match = fresh(match_id)
            assert [d.number for d in match.deals] == list(range(1, len(match.deals) + 1))
            assert svc.scored(match) == full_rescoring(match)
