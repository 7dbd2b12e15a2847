"""Every value the API's schema offers for a request field is one its check accepts.

The schemas of :mod:`referee.web.api.schema` are walked for every check of every game, options
included: each value they list (an ``enum``) and each bound of a whole number (``minimum``,
``maximum``) is put into the check's example requests (its own, the shared contract's, and the few
below for values no such example can take) and must be answered 200 by at least one. A value the
description offers but the check refuses (Dracula's ``non_dealer`` once) fails here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from referee.rules.checks import Check, answer
from referee.rules.registry import GAMES
from referee.web.api import schema as api_schema
from tests.contract import check_name, load_contract

#: A list item: a value put there goes into the list's first item (or is the whole list of a subset).
ITEM = "[]"

N_E_S_W = {"N": ["JH", "JS", "JD", "JC"], "E": ["9H", "AH"], "S": ["KS", "QS"], "W": ["10C"]}
#: Requests that take a listed value no example takes (another player count's seats, one deck).
MORE: dict[tuple[str, str], list[dict[str, Any]]] = {
    ("clabber", "melds"): [
        {"trump": "H", "hands": {"A": ["JH", "JS"], "B": ["9H"]}, "players": 2},
        {"trump": "H", "hands": {"A": ["JH", "JS"], "B": ["9H"]}, "players": 3},
        {"trump": "H", "hands": {"A": ["JH", "JS"], "B": ["9H"]}, "players": 6},
        {"trump": "H", "hands": N_E_S_W, "players": 4},
    ],
    ("clabber", "trick"): [{"trump": "S", "plays": [{"seat": "A", "card": "KH"}], "players": n} for n in (2, 3, 6)],
    ("clabber", "legal"): [{"trump": "S", "seat": "A", "hand": ["KH"], "players": n} for n in (2, 3, 6)],
    ("paks", "pak"): [{"table_card": "9H", "played": ["5H", "4H"], "decks": 1}],
    ("paks", "deal"): [{"sides": [{"name": "A", "held": {"H": 1}, "kept": 0}, {"name": "B", "held": {"H": 1}}]}],
    ("paks", "steal"): [{"pak_suit": "S", "victim_paks": [["5H", "4H", "KH"]], "played": ["3H", "2H"], "decks": 1}],
    ("paks", "turn"): [{"table": ["9S", "4D", "KC"], "drawn": "2D", "decks": 1}],
    ("iceberg", "meld"): [{"cards": ["4H", "5H", "6H"], "decks": 1}],
    ("iceberg", "layoff"): [{"meld": ["4H", "5H", "6H"], "cards": ["7H"], "decks": 1}],
    ("iceberg", "leftover"): [{"hand": ["4H", "5H", "6H"], "decks": 1}],
}


def offered(schema: Mapping[str, Any], path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], list[Any]]]:
    """Every place in ``schema`` that lists its values or bounds a whole number, with those values."""
    if "enum" in schema:
        yield path, list(schema["enum"])
    if schema.get("type") == "integer":
        bounds = [schema[bound] for bound in ("minimum", "maximum") if bound in schema]
        if bounds:
            yield path, bounds
    for name, part in schema.get("properties", {}).items():
        yield from offered(part, (*path, name))
    if isinstance(schema.get("items"), Mapping):
        yield from offered(schema["items"], (*path, ITEM))
    for part in schema.get("anyOf", []) + schema.get("oneOf", []):
        yield from offered(part, path)


def put(request: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any] | None:
    """``request`` with ``value`` at ``path``; None when the request has no list there to hold it."""
    if path[-1] == ITEM:  # a list drawn from the values: the value alone
        path, value = path[:-1], [value]
    placed = copy.deepcopy(request)
    here: Any = placed
    for step in path[:-1]:
        if step == ITEM:
            if not (isinstance(here, list) and here and isinstance(here[0], dict)):
                return None
            here = here[0]
        else:
            here = here.setdefault(step, {})  # an object left out (``options``) is made
    if not isinstance(here, dict):
        return None
    here[path[-1]] = value
    return placed


def requests_of(slug: str, check: Check) -> list[dict[str, Any]]:
    found = [dict(check.example)] if check.example else []
    found += [
        example["request"]
        for example in load_contract(slug)
        if check_name(example) == check.name and example["expect"].get("status", 200) == 200
    ]
    return found + MORE.get((slug, check.name), [])


def read_elsewhere(body: Any, path: tuple[str, ...]) -> bool:
    """Whether a refusal is of another field than the one the value was put in: the value itself was read
    (``players`` 2 in a request whose other fields describe 4 players is refused at ``points``)."""
    error = body.get("error", {}) if isinstance(body, dict) else {}
    fields = {part.get("field") for part in error.get("errors", [error])}
    return None not in fields and path[0] not in fields


CHECKS = [(slug, check) for slug, game in GAMES.items() for check in game.checks.values()]


@pytest.mark.parametrize(("slug", "check"), CHECKS, ids=[f"{slug}-{check.name}" for slug, check in CHECKS])
def test_every_value_the_schema_lists_is_accepted_by_its_check(slug: str, check: Check) -> None:
    requests = requests_of(slug, check)
    if not requests:
        pytest.skip("no example request: shared/contract is not beside the checkout")
    game = GAMES[slug]
    claims = check.ruling is not None
    schema = api_schema.request_schema(slug, check.name, game.options, game.player_counts, claims=claims)
    refused = []
    for path, values in offered(schema):
        for value in values:
            tried = [placed for request in requests if (placed := put(request, path, value)) is not None]
            answers = [answer(check, request) for request in tried]
            if not any(status == 200 or read_elsewhere(body, path) for status, body in answers):
                refused.append((".".join(path), value, answers[0][1] if answers else "no example takes it"))
    assert not refused, refused
