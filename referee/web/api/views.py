"""The JSON API of shared/API.md: ``POST /api/v1/<game>/<check>``.

It holds no rules: it decodes the body, runs the game's check and encodes the answer. Malformed
input is a 400 with ``{"error": {"code", "message", "field", "message_id", "params"}}``; never a 500.

The answer speaks the language of the body's ``lang`` field (``"en"`` or ``"ja"``), else of the
``?lang=`` parameter, else of ``Accept-Language``: every step, reason and error (a dict with ``text``
and ``message`` = {id, params}) has its ``text`` rendered in it; the numbers are the same in every language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, jsonify, request
from flask_babel import force_locale, get_translations

from referee.errors import FieldError, InputError
from referee.messages import Join, Message, Translations, from_json, join, msg, render
from referee.rules.checks import answer
from referee.rules.registry import GAMES, get_game
from referee.web.http.i18n import LANGUAGES
from referee.web.http.jsonin import JSONInputError, decode_json

api = Blueprint("api", __name__, url_prefix="/api/v1")
#: The request field (and query parameter) that chooses the answer's language.
LANG = "lang"


def _error(status: int, code: str, message: Message, translations: Translations, field: str | None = None) -> Any:
    error = InputError(message, field=field, code=code).as_dict()
    error["message"] = message.render(translations)
    return jsonify(error=error), status


@api.get("/")
def index() -> Any:
    """Every game and check, for discovery, named in the language of ``?lang=`` or ``Accept-Language``."""
    chosen = request.args.get(LANG)
    translations = _catalog(chosen if chosen in LANGUAGES else _header_language())
    return jsonify(
        games={
            slug: {
                "name": render(game.name, translations),
                "checks": {name: render(check.title, translations) for name, check in game.checks.items()},
            }
            for slug, game in GAMES.items()
        }
    )


@api.post("/<game_slug>/<check_name>")
def run_check(game_slug: str, check_name: str) -> Any:
    raw = request.get_data(cache=False, as_text=False)
    body: Any = None
    problem: InputError | None = None
    try:
        body = decode_json(raw) if raw else None
    except JSONInputError as error:
        problem = FieldError(msg("the request body: {reason}", reason=error.msg), code=error.code)
    try:
        language = answer_language(body)
    except InputError as error:
        return _error(400, error.code, error.msg, _catalog(_header_language()), field=error.field)
    translations = _catalog(language)
    game = get_game(game_slug)
    if game is None:
        text = msg("no game `{game}`; games are {games}", game=game_slug, games=join(GAMES))
        return _error(404, "unknown_game", text, translations)
    check = game.checks.get(check_name)
    if check is None:
        text = msg(
            "{game} has no check `{check}`; checks are {checks}",
            game=game.name,
            check=check_name,
            checks=join(game.checks),
        )
        return _error(404, "unknown_check", text, translations)
    if problem is not None:
        return _error(400, problem.code, problem.msg, translations)
    if body is None:
        return _error(400, "bad_field", msg("send a JSON object as the request body"), translations)
    status, result = answer(check, body)
    return jsonify(in_language(result, translations)), status


def answer_language(body: object) -> str:
    """``en`` or ``ja``: the body's ``lang``, else ``?lang=``, else ``Accept-Language``; a bad value is a FieldError.

    A ``lang`` of null is a bad value like any other that is not ``en`` or ``ja`` (a field of the wrong
    type is a 400, shared/API.md): leave the field out to let the parameter or the header choose.
    """
    if isinstance(body, Mapping) and LANG in body:
        return _checked(body[LANG], LANG)
    if LANG in request.args:
        return _checked(request.args[LANG], f"?{LANG}")
    return _header_language()


def _checked(value: object, field: str) -> str:
    if isinstance(value, str) and value in LANGUAGES:
        return value
    raise FieldError(
        msg(
            "`{field}` is {languages}, not {value}",
            field=field,
            languages=join(LANGUAGES, " or "),
            value=json.dumps(value, ensure_ascii=False)[:40],  # as the request wrote it: null, "de"
        ),
        field=LANG,
    )


def _header_language() -> str:
    return request.accept_languages.best_match(LANGUAGES, default=LANGUAGES[0]) or LANGUAGES[0]


def _catalog(language: str) -> Translations:
    with force_locale(language):
        return get_translations()


def in_language(value: Any, translations: Translations) -> Any:
    """``value`` (an answer) with the text of every message in it rendered by ``translations``.

    A step or reason is ``{"text", "message": {id, params}, …}``; an error is
    ``{"message": text, "message_id", "params", …}``; a bare message is its text. Everything else is left as it is.
    """
    if isinstance(value, Message | Join):  # a check that answers a bare message (a match's status)
        return value.render(translations)
    if isinstance(value, list | tuple):
        return [in_language(item, translations) for item in value]
    if not isinstance(value, Mapping):
        return value
    shown = {key: in_language(item, translations) for key, item in value.items()}
    stored = value.get("message")
    if "text" in value and isinstance(stored, Mapping) and "id" in stored:
        shown["message"] = stored
        shown["text"] = from_json(stored).render(translations)
    elif "message_id" in value and isinstance(stored, str):
        shown["message"] = from_json({"id": value["message_id"], "params": value.get("params") or {}}).render(
            translations
        )
        shown["params"] = value.get("params") or {}
    return shown
