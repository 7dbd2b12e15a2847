"""Schemathesis against the app: every check of the OpenAPI description, fuzzed from its schemas.

No answer may be a server error, and every answer must match the status codes, content type and
schema the description gives: Schemathesis's own checks, run by ``validate_response``, on data that
fits the schemas and on data that breaks them (which must be refused with a 4xx).

Data that fits must be accepted too (``positive_data_acceptance``), save for what no schema can
say: that a string is a card of this game's pack, that no card is given twice, that totals add up,
that a name is one of the table's, that a list names no suit twice however it is spelt. A fitting
request refused for such a reason passes: the error's code says so, or the refused field's own
schema leaves its values open (a string, list or object with no enum, pattern or bound of its own).
A refusal at a field whose schema closes it (a suit, a number of players, an option, ``lang``)
means the description promises what the check refuses.

And a method the description does not list for a path is answered 405 with the ``Allow`` header
(the ``unsupported_method`` check's rule, RFC 9110).

Bounded to a few dozen cases per check and mode so the run stays short; it runs on both CI databases.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

from referee.rules.registry import GAMES
from referee.web.api import schema as api_schema
from tests.support import examples

CHECKS = [(slug, name) for slug, game in GAMES.items() for name in game.checks]
#: Refusals of a well-typed request for what no schema says: a card string, the cards together, totals.
UNSAYABLE = {"bad_card", "card_not_in_pack", "too_many_copies", "bad_total", "bad_layout"}
#: What closes a field's schema: a value outside it is refused by the schema itself.
CLOSING = {"enum", "const", "pattern", "minimum", "maximum", "minItems", "maxItems"}


def leaves_open(schema: dict[str, Any]) -> bool:
    """Whether a field's own schema, or one of its alternatives, says nothing of which values it takes."""
    return any(
        not CLOSING & set(alternative)
        and alternative.get("additionalProperties") is not False
        and alternative.get("type") not in ("boolean", "null")
        for alternative in schema.get("anyOf") or [schema]
    )


def refused_for_what_no_schema_says(slug: str, check: str, response: Any) -> bool:
    """Whether a fitting request was refused for something its schema cannot express."""
    if response.status_code != 400:
        return False
    error = response.json()["error"]
    if error["code"] in UNSAYABLE:
        return True
    if not error.get("field"):  # the JSON reader's bounds (digits, NUL), which hold for fields no schema names
        return error["message_id"] == "the request body: {reason}"
    game = GAMES[slug]
    fields = api_schema.request_schema(slug, check, game.options, game.player_counts, claims=True)["properties"]
    return leaves_open(fields.get(error["field"].split(".")[0], {}))


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["fitting", "breaking"])
@pytest.mark.parametrize(("slug", "check"), CHECKS, ids=[f"{slug}-{check}" for slug, check in CHECKS])
def test_every_check_answers_as_described(app: Flask, slug: str, check: str, mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    schema.config.generation.update(allow_x00=False)  # no text may hold a NUL (README, "Limits")
    operation = schema[f"/api/v1/{slug}/{check}"]["POST"]

    @examples.expensive()
    @given(operation.as_strategy(generation_mode=mode))
    def run(case: schemathesis.Case) -> None:
        # The WSGI transport hands back the body as sent: ask for it uncompressed, as curl does.
        headers = {"Accept-Encoding": "identity"}
        response = case.call(headers=headers)
        unsayable = refused_for_what_no_schema_says(slug, check, response)
        case.validate_response(
            response, headers=headers, excluded_checks=[positive_data_acceptance] if unsayable else []
        )

    run()


def test_methods_a_path_does_not_take_are_answered_405_with_allow(client: FlaskClient) -> None:
    described = client.get("/api/openapi.json").get_json()["paths"]
    for path, operations in described.items():
        declared = {method.upper() for method in operations}
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - declared:
            response = client.open(path, method=method)
            assert response.status_code == 405, (method, path)
            assert declared <= set(response.headers.get("Allow", "").replace(" ", "").split(",")), (method, path)
            assert response.get_json()["error"]["code"] == "method_not_allowed"
