"""The OpenAPI 3.1 description at /api/openapi.json: valid, complete, and true to the answers.

The description is checked with openapi-spec-validator; every registered check must appear in it;
every contract example's request and live answer must match the schemas it gives. The full fuzz
of the API against the description is Schemathesis's run in tests/web/test_schemathesis.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Self

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from referee.cards import Card
from referee.rules.game import NAME as NAMED
from referee.rules.game import Entry
from referee.rules.paks.held import HeldPak
from referee.rules.registry import GAMES
from referee.rules.zhengfen.scoring import Haul
from referee.web.api.schema import CARDS, NAME, PILE, SCORES, array, entry_fields, mapping, optional
from tests.contract import load_contract


@pytest.fixture
def document(client) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.is_json
    return response.get_json()


def operation(document: dict[str, Any], path: str) -> dict[str, Any]:
    return document["paths"][path]["post"]


def schema_of(document: dict[str, Any], path: str, part: str) -> Draft202012Validator:
    post = operation(document, path)
    if part == "request":
        schema = post["requestBody"]["content"]["application/json"]["schema"]
    else:
        schema = post["responses"][part]["content"]["application/json"]["schema"]
    return Draft202012Validator({**schema, "components": document["components"]})


def test_the_description_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)


def test_every_check_of_every_game_is_described(document: dict[str, Any]) -> None:
    described = {path for path in document["paths"] if path.count("/") == 4}
    registered = {f"/api/v1/{slug}/{name}" for slug, game in GAMES.items() for name in game.checks}
    assert described == registered
    for path in registered:
        post = operation(document, path)
        assert {"200", "400"} <= set(post["responses"])
        assert "options" in post["requestBody"]["content"]["application/json"]["schema"]["properties"]


def test_options_are_described_from_their_declarations(document: dict[str, Any]) -> None:
    request = operation(document, "/api/v1/iceberg/leftover")["requestBody"]["content"]["application/json"]["schema"]
    target = request["properties"]["options"]["properties"]["target"]
    assert target["type"] == "integer" and target["minimum"] == 1 and target["maximum"] == 50_000
    penalty = request["properties"]["options"]["properties"]["penalty"]
    assert set(penalty["enum"]) == {"unplayable", "every_card"}


def test_contract_examples_match_the_description(client, document: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    examples = [example for slug in GAMES for example in load_contract(slug)]
    assert examples, "no contract examples: shared/ is not beside the checkout"
    problems = []
    for example in examples:
        path = example["endpoint"].split(" ")[-1]
        response = client.post(path, json=example["request"])
        status = str(response.status_code)
        if status not in operation(document, path)["responses"]:
            problems.append((example["id"], f"status {status} is not described"))
            continue
        for error in schema_of(document, path, status).iter_errors(response.get_json()):
            problems.append((example["id"], f"answer: {error.message}"))
        if status == "200":
            for error in schema_of(document, path, "request").iter_errors(example["request"]):
                problems.append((example["id"], f"request: {error.message}"))
    assert not problems, problems


@pytest.mark.parametrize(
    "body",
    [
        # A table meld that is no meld: the hand is not valued, V* and the penalty are null (iceberg-9.5).
        {"hand": ["6H", "AS"], "table": [["3H", "4H", "7H"]], "decks": 1},
        # A card joining two runs (iceberg-4.4), an ace in hand (iceberg-6.7) and a card left over.
        {
            "hand": ["6H", "AS", "KC"],
            "table": [["3H", "4H", "5H"], ["7H", "8H", "9H"]],
            "decks": 1,
            "options": {"merge_runs": True},
        },
    ],
    ids=["illegal_table", "joining"],
)
def test_leftover_answers_match_the_description(client, document: dict[str, Any], body: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/iceberg/leftover", json=body)
    assert response.status_code == 200
    answer = response.get_json()
    assert [error.message for error in schema_of(document, "/api/v1/iceberg/leftover", "200").iter_errors(answer)] == []
    if answer["legal"]:
        assert answer["best_points"] == 70 + 20 and answer["penalty"] == -100 and answer["plan"][1]["joins"] == 2
    else:
        assert answer["best_points"] is None and answer["penalty"] is None


@pytest.mark.parametrize(("game", "check", "field"), [("clabber", "trick", "trump"), ("paks", "steal", "pak_suit")])
def test_a_suit_is_described_as_the_checks_read_it(
    client, document: dict[str, Any], game: str, check: str, field: str
) -> None:  # type: ignore[no-untyped-def]
    path = f"/api/v1/{game}/{check}"
    request = schema_of(document, path, "request")
    example = next(e["request"] for e in load_contract(game) if e["endpoint"] == path and "status" not in e["expect"])
    for suit in ("H", " hearts ", "Heart", "♡", "♥", "s", "CLUBS"):
        assert request.is_valid({**example, field: suit}), suit
        assert client.post(path, json={**example, field: suit}).status_code == 200, suit
    for suit in ("", " ", "X", "HH", "heartss", "10H"):
        assert not request.is_valid({**example, field: suit}), suit
        assert client.post(path, json={**example, field: suit}).status_code == 400, suit


def test_paks_decks_are_described_as_following_from_the_players(document: dict[str, Any]) -> None:
    request = schema_of(document, "/api/v1/paks/pak", "request")
    played = {"table_card": "9H", "played": ["5H", "4H"]}
    assert request.is_valid({**played, "players": 2, "decks": 1}) and request.is_valid(
        {**played, "players": 4, "decks": 2}
    )
    assert not request.is_valid({**played, "players": 2, "decks": 2}) and not request.is_valid({**played, "players": 5})


@dataclass(frozen=True)
class Declared(Entry):
    """An entry declaring a field of each kind a request field may take from an entry."""

    cards: tuple[Card, ...]
    order: tuple[Annotated[str, NAMED], ...]
    bell: Annotated[str, NAMED] | None
    points: Mapping[str, int]
    captured: Mapping[str, Haul]
    paks: Mapping[str, tuple[HeldPak, ...]]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError

    def as_json(self) -> dict[str, Any]:
        raise NotImplementedError


def test_a_request_field_taken_from_an_entry_is_described_from_its_declaration() -> None:
    assert entry_fields(Declared, "cards", "order", "bell", "points", "captured") == {
        "cards": CARDS,
        "order": array(NAME),
        "bell": optional(NAME),
        "points": SCORES,
        "captured": mapping(PILE),
    }
    with pytest.raises(KeyError, match="HeldPak"):  # a value the API has no schema for is named, not guessed
        entry_fields(Declared, "paks")


def test_zheng_fen_piles_are_described_as_the_entry_reads_them(client, document: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    path = "/api/v1/zhengfen/deal"
    request = schema_of(document, path, "request")
    counted = {"order": ["A", "B", "C"], "captured": {"A": {"5": 4, "10": 4, "K": 4}, "B": None}, "hands": {"C": []}}
    assert request.is_valid(counted) and client.post(path, json=counted).status_code == 200
    both = {
        **counted,
        "captured": {"A": {"cards": "5S 5H 5D 5C 10S 10H 10D 10C KS KH KD KC", "5": 4, "10": "4", "K": 4}},
    }
    assert request.is_valid(both) and client.post(path, json=both).status_code == 200
    for pile in (5, True, [["5S"]]):
        broken = {**counted, "captured": {"A": pile}}
        assert not request.is_valid(broken) and client.post(path, json=broken).status_code == 400, pile
