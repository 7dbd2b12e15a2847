"""Schemathesis against the app: every check of the OpenAPI description, fuzzed from its schemas.

No answer may be a server error, and every answer must match the status codes, content type and
schema the description gives: Schemathesis's own checks, run by ``call_and_validate``, on data
that fits the schemas and on data that breaks them (which must be refused with a 4xx). The one
check left out is ``positive_data_acceptance``: a schema cannot say that a string is a card of
this game's pack or that a hand holds no card twice, so a well-typed request may still be a 400
with the error object, which the description documents. Bounded to a few dozen cases per check
and mode so the run stays short in CI; it runs on both CI databases.
"""

from __future__ import annotations

import pytest
import schemathesis
from flask import Flask
from hypothesis import given
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

from referee.rules.registry import GAMES
from tests.support import examples

PATHS = [f"/api/v1/{slug}/{name}" for slug, game in GAMES.items() for name in game.checks]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["fitting", "breaking"])
@pytest.mark.parametrize("path", PATHS)
def test_every_check_answers_as_described(app: Flask, path: str, mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operation = schema[path]["POST"]

    @examples.expensive()
    @given(operation.as_strategy(generation_mode=mode))
    def run(case: schemathesis.Case) -> None:
        # The WSGI transport hands back the body as sent: ask for it uncompressed, as curl does.
        case.call_and_validate(headers={"Accept-Encoding": "identity"}, excluded_checks=[positive_data_acceptance])

    run()
