"""The JSON API over HTTP: the contract examples of every registered game, and malformed requests."""

from __future__ import annotations

import pytest

from referee.rules.registry import GAMES
from tests.contract import load_contract, mismatches

EXAMPLES = [pytest.param(example, id=example["id"]) for slug in GAMES for example in load_contract(slug)]


@pytest.mark.parametrize("example", EXAMPLES)
def test_contract_over_http(client, example: dict) -> None:  # type: ignore[no-untyped-def]
    response = client.post(example["endpoint"], json=example["request"])
    assert response.is_json
    assert mismatches(response.status_code, response.get_json(), example["expect"]) == []


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"{not json", "application/json"),
        (b"", "application/json"),
        (b"\xff\xfe", "application/json"),
        (b"[" * 5000 + b"]" * 5000, "application/json"),
        (b"null", "application/json"),
    ],
    ids=["broken", "empty", "not-utf8", "deep", "null"],
)
def test_malformed_bodies_are_400_with_the_error_object(client, body: bytes, content_type: str) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/dracula/coffin", data=body, content_type=content_type)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "bad_field" and error["message"]


@pytest.mark.parametrize("body", [[], "text", 5, {"layout": "7H"}, {"layout": [[1, 2, 3]] * 3}, {"layout": None}])
def test_wrong_shapes_are_400(client, body: object) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/dracula/coffin", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] in {"bad_field", "bad_layout", "bad_card"}


def test_bad_card_names_the_token(client) -> None:  # type: ignore[no-untyped-def]
    layout = [["7H", "8H", "9H"], ["2C", "QX", "5D"], ["KD", "4C", "10S"]]
    response = client.post("/api/v1/dracula/coffin", json={"layout": layout})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "bad_card" and "`QX`" in error["message"] and error["field"] == "layout"


def test_unknown_game_check_and_method(client) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/api/v1/poker/hand", json={}).get_json()["error"]["code"] == "unknown_game"
    assert client.post("/api/v1/dracula/nothing", json={}).get_json()["error"]["code"] == "unknown_check"
    response = client.get("/api/v1/dracula/coffin")
    assert response.status_code == 405 and response.get_json()["error"]["code"] == "method_not_allowed"


def test_index_lists_games_and_checks(client) -> None:  # type: ignore[no-untyped-def]
    games = client.get("/api/v1/").get_json()["games"]
    assert set(games["dracula"]["checks"]) == {"coffin", "placement", "game", "order"}


def test_api_needs_no_csrf_token(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/dracula/placement", json={"layout": [[None] * 3] * 3, "cell": "r2c2"})
    assert response.status_code == 200 and response.get_json()["legal"] is True


def test_docs_page_answers_its_examples_live(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/api").get_data(as_text=True)
    assert "/api/v1/dracula/coffin" in html and '"queen": 120' in html


def test_iceberg_merge_runs_option_over_http(client) -> None:  # type: ignore[no-untyped-def]
    """E10 through the API: by default 6H scores 40 on one run; with merge_runs it joins them (70)."""
    body = {"hand": ["6H"], "table": [["3H", "4H", "5H"], ["7H", "8H", "9H"]], "decks": 1}
    apart = client.post("/api/v1/iceberg/leftover", json=body).get_json()
    joined = client.post("/api/v1/iceberg/leftover", json={**body, "options": {"merge_runs": True}}).get_json()
    assert apart["best_points"] == 40 and "joins" not in apart["plan"][0]
    assert joined["best_points"] == 70 and joined["plan"][0]["joins"] == 2
    assert joined["plan"][0]["rule"] == "iceberg-4.4"
