"""Phones racing on one match, as separate processes with their own connections to the same database.

Each test forks two phones, each an app of its own on the test's database (SQLite file or the
PostgreSQL of ``TEST_DATABASE_URL``). Every round the test sets the match to deals 1 and 2, both
phones load their page, then post at once. Whoever wins, the match must stay whole: deals numbered
1..n without a gap, no card in two deals of a game, the stored sheet equal to a rescoring, the
export importing again, and no server error on either phone.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from referee.web.store.models import Match
from tests.support.dracula import cells
from tests.support.match_race import FIRST, SECOND, SPARE, THIRD, Prepare, entries, hidden, race
from tests.support.table import Table

# --- what each phone does: load its page, then say what it will post ---------------------------------


def add_third(client: FlaskClient, match: str, _round: int) -> tuple[str, dict[str, str]]:
    page = client.get(f"{match}/deals/new").get_data(as_text=True)
    return f"{match}/deals/new", {**cells(THIRD), "version": hidden(page, "version")}


def undo_second(client: FlaskClient, match: str, _round: int) -> tuple[str, dict[str, str]]:
    page = client.get(f"{match}/undo").get_data(as_text=True)
    return f"{match}/undo", {"number": hidden(page, "number"), "version": hidden(page, "version")}


def correction(number: int, cards: list[str]) -> Prepare:
    def prepare(client: FlaskClient, match: str, _round: int) -> tuple[str, dict[str, str]]:
        page = client.get(f"{match}/deals/{number}/edit").get_data(as_text=True)
        return f"{match}/deals/{number}/edit", {**cells(cards), "version": hidden(page, "version")}

    return prepare


def with_spare(cards: list[str], round_: int) -> list[str]:
    return [SPARE[round_], *cards[1:]]


def spare_in_first(client: FlaskClient, match: str, round_: int) -> tuple[str, dict[str, str]]:
    return correction(1, with_spare(FIRST, round_))(client, match, round_)


def spare_in_second(client: FlaskClient, match: str, round_: int) -> tuple[str, dict[str, str]]:
    return correction(2, with_spare(SECOND, round_))(client, match, round_)


def swapped(round_: int) -> list[str]:
    cards = list(SECOND)
    other = round_ % 8 + 1
    cards[0], cards[other] = cards[other], cards[0]
    return cards


def correct_second(client: FlaskClient, match: str, round_: int) -> tuple[str, dict[str, str]]:
    return correction(2, swapped(round_))(client, match, round_)


# --- the races --------------------------------------------------------------------------------------


def test_undo_racing_a_new_deal(app: Flask) -> None:
    def check(_round: int, outcomes: dict[str, tuple[int, str]], match: Match) -> None:
        # Each phone was shown deal 2 as the last one: one change lands, the other is refused.
        assert outcomes["undo_second"][0] == 302 and outcomes["add_third"][0] == 302
        assert len(match.deals) in (1, 3)
        assert [r.action for r in match.revisions][-1] == ("undo" if len(match.deals) == 1 else "add")

    race(app, (undo_second, add_third), check)


def test_corrections_of_different_deals_never_put_one_card_in_both(app: Flask) -> None:
    def check(round_: int, outcomes: dict[str, tuple[int, str]], match: Match) -> None:
        statuses = sorted(status for status, _ in outcomes.values())
        assert statuses == [302, 400], statuses
        refused = next(body for status, body in outcomes.values() if status == 400)
        assert re.search(r"is in deal [12] r1c1 already", refused), re.findall(r'class="error".*', refused)
        assert sum(cards.count(SPARE[round_]) for cards in entries(match)) == 1

    race(app, (spare_in_first, spare_in_second), check)


def test_correcting_the_last_deal_while_it_is_undone(app: Flask) -> None:
    def check(round_: int, outcomes: dict[str, tuple[int, str]], match: Match) -> None:
        edited, undone = outcomes["correct_second"], outcomes["undo_second"]
        if len(match.deals) == 1:
            assert undone[0] == 302
            assert edited[0] == 409 and "undone on another phone" in edited[1]
        else:
            assert edited[0] == 302 and undone[0] == 302
            assert entries(match)[1] == swapped(round_) and match.deals[1].version == 2

    race(app, (correct_second, undo_second), check)


def test_a_correction_posted_after_its_deal_was_undone_keeps_what_was_typed(table: Table) -> None:
    """The undo lands between the correction's page and its post: the post is a 409 with the entry, not a 404."""
    browser = table.browser
    match = table.match("dracula", opt_first_dealer_role="queen")
    for cards in (FIRST, SECOND):
        assert browser.submit(f"{match}/deals/new", cells(cards)).status_code == 302
    page = browser.get(f"{match}/deals/2/edit").get_data(as_text=True)
    typed = {**cells(swapped(0)), "version": hidden(page, "version"), "csrf_token": browser.token}
    assert browser.submit(f"{match}/undo", {"number": "2", "version": typed["version"]}).status_code == 302
    response = browser.client.post(f"{match}/deals/2/edit", data=typed)
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert "undone on another phone" in body
    assert f'value="{swapped(0)[0]}"' in body
