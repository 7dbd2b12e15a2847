"""A whole match's deals read and scored at once (``Game.read_deals``, an import) come out as read and scored
deal by deal: the same canonical entries, the same results, the same refusals, each naming its deal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import InputError
from referee.rules.dracula import DRACULA
from referee.rules.game import DealEntryError, Game, MatchSetup
from referee.rules.iceberg import ICEBERG
from tests.long_evening import dracula_entry
from tests.rules.iceberg_worked import E20, E21, E22, E23, PLAYERS, QUICK

#: E21's and E23's logs as a player may type them: names and cards in any case.
LOOSE = [json.loads(json.dumps(entry).replace("Cid", "cid").replace("H", "h")) for entry in (E21, E23)]
WITH_CLAIM = {**E23, "claim": {"Ann": 30, "Bob": 10, "Cid": -5}}
#: A play log that cannot be read (no such player). E21's meld after the last ace breaks the rules unless
#: the last ace lets its player finish the turn.
UNREADABLE = {**E23, "log": [{"player": "Zed", "aces": ["AH"]}]}
ENTRIES = [E20, E21, E22, E23, QUICK, *LOOSE, WITH_CLAIM, UNREADABLE]
OPTIONS = [{}, {"ace_scoring": "multiplier"}, {"merge_runs": True}, {"last_ace": "finish_turn"}]


def one_by_one(game: Game, setup: MatchSetup, entries: list[Any]) -> tuple[list[dict[str, Any]], list[Any]] | str:
    """The entries read and scored deal by deal, or the refusal: ``deal N: message`` or ``match: message``."""
    canonical = []
    for number, entry in enumerate(entries, start=1):
        try:
            canonical.append(game.read_entry(setup, entry))
        except InputError as error:
            return f"deal {number}: {error.message}"
    try:
        game.check_entries(setup, canonical)
        return canonical, [result.as_dict() for result in game.score_deals(setup, canonical)]
    except InputError as error:
        return f"match: {error.message}"


def at_once(game: Game, setup: MatchSetup, entries: list[Any]) -> tuple[list[dict[str, Any]], list[Any]] | str:
    try:
        canonical, results = game.read_deals(setup, entries)
    except DealEntryError as error:
        assert error.message == error.error.message and error.field == error.error.field
        return f"deal {error.number}: {error.message}"
    except InputError as error:
        return f"match: {error.message}"
    return canonical, [result.as_dict() for result in results]


@given(st.lists(st.sampled_from(ENTRIES), min_size=1, max_size=6), st.sampled_from(OPTIONS))
def test_iceberg_deals_read_at_once_are_read_and_scored_as_one_by_one(entries: list[Any], options: dict) -> None:
    setup = MatchSetup(PLAYERS, first_dealer=1, options=ICEBERG.parse_options(options))
    assert at_once(ICEBERG, setup, entries) == one_by_one(ICEBERG, setup, entries)


def test_a_refused_deal_is_named_by_its_number() -> None:
    setup = MatchSetup(PLAYERS, options=ICEBERG.parse_options({}))
    for entries, number in (([E20, E23, UNREADABLE, E21], 3), ([E20, E23, E21, UNREADABLE], 3), ([E21], 1)):
        found = at_once(ICEBERG, setup, entries)
        assert isinstance(found, str) and found.startswith(f"deal {number}: ")
        assert found == one_by_one(ICEBERG, setup, entries)


@pytest.mark.parametrize(
    ("entries", "refusal"),
    [
        ([dracula_entry(1), {"layout": "no cards"}], "deal 2: "),
        ([dracula_entry(1), dracula_entry(2), dracula_entry(1)], "match: "),  # cards dealt twice in one game
    ],
)
def test_dracula_refusals_name_the_deal_or_the_match(entries: list[Any], refusal: str) -> None:
    setup = MatchSetup(("Ann", "Bob"), options=DRACULA.parse_options({}))
    found = at_once(DRACULA, setup, entries)
    assert isinstance(found, str) and found.startswith(refusal)
    assert found == one_by_one(DRACULA, setup, entries)


def test_dracula_deals_read_at_once_are_read_and_scored_as_one_by_one() -> None:
    setup = MatchSetup(("Ann", "Bob"), options=DRACULA.parse_options({}))
    entries = [dracula_entry(number) for number in range(1, 7)]
    found = at_once(DRACULA, setup, entries)
    assert not isinstance(found, str) and len(found[1]) == 6
    assert found == one_by_one(DRACULA, setup, entries)
