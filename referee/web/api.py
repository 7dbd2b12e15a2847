"""The JSON API of shared/API.md: ``POST /api/v1/<game>/<check>``.

It holds no rules: it decodes the body, runs the game's check and encodes the answer. Malformed
input is a 400 with ``{"error": {"code", "message", "field"}}``; never a 500.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from referee.rules.checks import answer
from referee.rules.registry import GAMES, get_game
from referee.web.jsonin import JSONInputError, decode_json

api = Blueprint("api", __name__, url_prefix="/api/v1")


def _error(status: int, code: str, message: str, field: str | None = None) -> Any:
    error = {"code": code, "message": message}
    if field is not None:
        error["field"] = field
    return jsonify(error=error), status


@api.get("/")
def index() -> Any:
    """Every game and check, for discovery."""
    return jsonify(
        games={
            slug: {"name": game.name, "checks": {name: check.title for name, check in game.checks.items()}}
            for slug, game in GAMES.items()
        }
    )


@api.post("/<game_slug>/<check_name>")
def run_check(game_slug: str, check_name: str) -> Any:
    game = get_game(game_slug)
    if game is None:
        return _error(404, "unknown_game", f"no game `{game_slug}`; games are {', '.join(GAMES)}")
    check = game.checks.get(check_name)
    if check is None:
        return _error(
            404, "unknown_check", f"{game.name} has no check `{check_name}`; checks are {', '.join(game.checks)}"
        )
    raw = request.get_data(cache=False, as_text=False)
    try:
        body = decode_json(raw) if raw else None
    except JSONInputError as error:
        return _error(400, error.code, f"the request body: {error.message}")
    if body is None:
        return _error(400, "bad_field", "send a JSON object as the request body")
    status, result = answer(check, body)
    return jsonify(result), status
