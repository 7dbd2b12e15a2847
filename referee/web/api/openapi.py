"""The OpenAPI 3.1 description of the JSON API, served at ``/api/openapi.json``.

Built from the registry each time the app starts: every game's every check is a path, its
options come from the game's declarations and its fields from :mod:`referee.web.api.schema`,
so a new check or option appears here without anyone writing it down twice.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from referee.rules.registry import GAMES
from referee.web.api import schema as api_schema

openapi = Blueprint("openapi", __name__)

INFO = {
    "title": "Table Referee API",
    "version": "1",
    "summary": "Rule checks of Paks, Clabber, Dracula, Zheng Fen and Iceberg, each answer with its explanation.",
    "description": (
        "POST a JSON object to /api/v1/<game>/<check>. A well-formed request is answered 200, legal or not; "
        "malformed input is a 400 with an error object naming the field; never a 500. "
        "Texts are in English or Japanese: the body's `lang` field, else the `lang` query parameter, "
        "else the `Accept-Language` header chooses; numbers and clause ids are the same in both."
    ),
}


def _json(schema: dict[str, Any], example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"application/json": content}


def _operation(slug: str, name: str) -> dict[str, Any]:
    game = GAMES[slug]
    check = game.checks[name]
    claims = getattr(check, "ruling", None) is not None
    error = {"$ref": "#/components/schemas/Error"}
    return {
        "post": {
            "operationId": f"{slug}_{name}",
            "summary": str(check.title),
            **({"description": str(check.about)} if getattr(check, "about", "") else {}),
            "tags": [str(game.name)],
            "parameters": [{"name": "lang", "in": "query", "required": False, "schema": api_schema.LANG}],
            "requestBody": {
                "required": True,
                "content": _json(
                    api_schema.request_schema(slug, name, game.options, game.player_counts, claims=claims),
                    check.example,
                ),
            },
            "responses": {
                "200": {
                    "description": "the verdict, with its explanation",
                    "content": _json(api_schema.answer_schema(slug, name, claims=claims)),
                },
                "400": {"description": "malformed input", "content": _json(error)},
                "413": {"description": "the body is larger than the limit", "content": _json(error)},
            },
        }
    }


def description() -> dict[str, Any]:
    paths: dict[str, Any] = {
        f"/api/v1/{slug}/{name}": _operation(slug, name) for slug, game in GAMES.items() for name in game.checks
    }
    paths["/api/v1/"] = {
        "get": {
            "operationId": "games",
            "summary": "Every game and its checks",
            "responses": {
                "200": {"description": "the games", "content": _json({"type": "object", "required": ["games"]})}
            },
        }
    }
    return {
        "openapi": "3.1.0",
        "info": INFO,
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {"schemas": {"Error": api_schema.ERROR, "Step": api_schema.STEP}},
    }


@openapi.get("/api/openapi.json")
def openapi_json() -> Any:
    document = current_app.extensions.get("openapi_document")
    if document is None:
        document = current_app.extensions["openapi_document"] = description()
    return jsonify(document)
