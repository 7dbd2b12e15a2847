"""The JSON API in English and Japanese: ``lang`` in the body, ``?lang=``, ``Accept-Language``.

The same request gives the same numbers, clause ids and message ids in both languages; only the
texts differ, and the shared sentences (claims, ends of matches, input errors) read in Japanese.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee import catalogs
from referee.messages import from_json
from referee.rules.registry import GAMES
from tests.contract import load_contract

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CLABBER_E21 = {"makers": "NS", "points": {"NS": 100, "EW": 62}, "melds": {"NS": 0, "EW": 50}, "bells": {"NS": 20}}
EXAMPLES = [pytest.param(example, id=example["id"]) for slug in GAMES for example in load_contract(slug)]


def without_texts(value: Any) -> Any:
    """The answer with every text left out: what must not depend on the language."""
    if isinstance(value, dict):
        return {key: without_texts(item) for key, item in value.items() if key not in {"text", "message", "status"}}
    if isinstance(value, list):
        return [without_texts(item) for item in value]
    return value


def messages_of(value: Any) -> list[dict[str, Any]]:
    """Every step or reason of an answer: the dicts holding a ``text`` and its ``message``."""
    if isinstance(value, list):
        return [found for item in value for found in messages_of(item)]
    if not isinstance(value, dict):
        return []
    found = [value] if "text" in value and isinstance(value.get("message"), dict) else []
    return found + [step for item in value.values() for step in messages_of(item)]


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_contract_example_gives_the_same_numbers_in_japanese(client, example: dict) -> None:  # type: ignore[no-untyped-def]
    english = client.post(example["endpoint"], json=example["request"])
    japanese = client.post(example["endpoint"], json={**example["request"], "lang": "ja"})
    assert japanese.status_code == english.status_code
    assert without_texts(japanese.get_json()) == without_texts(english.get_json())
    translations = catalogs.translations("ja")
    for step in messages_of(japanese.get_json()):
        assert step["text"] == from_json(step["message"]).render(translations)


def test_a_claim_is_judged_in_japanese_with_the_same_numbers(client) -> None:  # type: ignore[no-untyped-def]
    body = {**CLABBER_E21, "claim": {"NS": 100, "EW": 112}}
    english = client.post("/api/v1/clabber/deal", json=body).get_json()
    japanese = client.post("/api/v1/clabber/deal", json={**body, "lang": "ja"}).get_json()
    assert without_texts(japanese) == without_texts(english)
    assert [s["text"] for s in english["claim"]["explanation"]] == [
        "NS: claimed 100, the rules give 120",
        "NS: 20 missed, from bell 20",
    ]
    assert [s["text"] for s in japanese["claim"]["explanation"]] == [
        "NS：申告は100点、ルールでは120点です",
        "NS：20点の見落とし（ベル 20）",
    ]
    assert [s["message"] for s in japanese["claim"]["explanation"]] == [
        s["message"] for s in english["claim"]["explanation"]
    ]


def test_the_end_of_a_match_reads_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    body = {"totals": {"A": 510, "B": 495}}
    english = client.post("/api/v1/paks/end", json=body).get_json()
    japanese = client.post("/api/v1/paks/end", json=body, query_string={"lang": "ja"}).get_json()
    assert english["status"] == "A wins with 510"
    assert japanese["status"] == "Aが510点で勝ち"
    assert japanese["explanation"][0]["text"] == "このディール後の合計：A 510、B 495"
    assert without_texts(japanese) == without_texts(english)


def test_accept_language_chooses_and_the_body_wins_over_it(client) -> None:  # type: ignore[no-untyped-def]
    body = {**CLABBER_E21, "claim": {"NS": 120, "EW": 112}}
    header = {"Accept-Language": "ja-JP,ja;q=0.9"}
    japanese = client.post("/api/v1/clabber/deal", json=body, headers=header).get_json()
    assert japanese["claim"]["explanation"][0]["text"].startswith("申告は裁定と一致しています")
    english = client.post("/api/v1/clabber/deal", json={**body, "lang": "en"}, headers=header).get_json()
    assert english["claim"]["explanation"][0]["text"] == "The claim agrees with the ruling: NS 120, EW 112"


def test_an_input_error_in_japanese_keeps_its_id_params_and_field(client) -> None:  # type: ignore[no-untyped-def]
    body = {**CLABBER_E21, "claim": {"XY": 3}, "lang": "ja"}
    response = client.post("/api/v1/clabber/deal", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "claim" and error["code"] == "bad_field"
    assert error["message_id"] == "{name} is not a side here; the sides are {names}"
    assert error["params"]["name"] == "'XY'"
    assert error["message"] == "'XY'はここのサイドではありません。サイドはNS、EWです"
    english = client.post("/api/v1/clabber/deal", json={**body, "lang": "en"}).get_json()["error"]
    assert english["message"] == "'XY' is not a side here; the sides are NS, EW"
    assert {k: v for k, v in english.items() if k != "message"} == {k: v for k, v in error.items() if k != "message"}


def test_a_bad_option_and_an_unknown_game_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    error = client.post("/api/v1/clabber/deal?lang=ja", json={**CLABBER_E21, "options": {"nothing": 1}}).get_json()
    assert error["error"]["message"].startswith("不明なオプション `nothing` です")
    assert error["error"]["field"] == "options.nothing"
    unknown = client.post("/api/v1/poker/hand", json={"lang": "ja"})
    assert unknown.status_code == 404
    assert unknown.get_json()["error"]["message"].startswith("ゲーム `poker` はありません")


@pytest.mark.parametrize("lang", ["fr", 5, "", None])
def test_a_language_that_is_not_offered_is_a_400_at_the_lang_field(client, lang: object) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/clabber/deal", json={**CLABBER_E21, "lang": lang})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "lang" and error["message_id"] == "`{field}` is {languages}, not {value}"
    query = client.post("/api/v1/clabber/deal", json=CLABBER_E21, query_string={"lang": "xx"})
    assert query.status_code == 400 and query.get_json()["error"]["field"] == "lang"


def test_the_openapi_document_offers_lang(client) -> None:  # type: ignore[no-untyped-def]
    document = client.get("/api/openapi.json").get_json()
    post = document["paths"]["/api/v1/clabber/deal"]["post"]
    schema = post["requestBody"]["content"]["application/json"]["schema"]
    assert schema["properties"]["lang"]["enum"] == ["en", "ja"]
    assert {"name": "lang", "in": "query"}.items() <= post["parameters"][0].items()
    error = document["components"]["schemas"]["Error"]["properties"]["error"]["properties"]
    assert {"message_id", "params", "location"} <= set(error)
