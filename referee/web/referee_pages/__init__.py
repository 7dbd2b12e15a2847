"""Referee pages: settle a dispute without an evening. One module per game that has them (``game_ui.py``).

Each page builds the same request object as the JSON API and runs the same check, so a page and
the API can never disagree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Blueprint, render_template, request

from referee.errors import InputError
from referee.rules.checks import Check
from referee.rules.registry import GAMES
from referee.web.forms.claims import ClaimInput
from referee.web.game_ui import GAME_UI

__all__ = ["ClaimInput", "page", "page_status", "referee_pages", "verdict"]

referee_pages = Blueprint("referee_pages", __name__, url_prefix="/referee")


@referee_pages.get("/")
def index() -> Any:
    return render_template("referee/index.html", games=list(GAMES.values()), pages=PAGES)


#: (game slug, endpoint, title) of every referee page, for the index.
PAGES: list[tuple[str, str, str]] = []


View = TypeVar("View", bound=Callable[..., Any])


@referee_pages.context_processor
def page_game() -> dict[str, Any]:
    """The game whose dispute a page settles, whose stylesheet it loads (``base.html``)."""
    return {"page_game": next((slug for slug, endpoint, _title in PAGES if endpoint == request.endpoint), None)}


def page(slug: str, title: str) -> Callable[[View], View]:
    """Register a view function as a referee page of game ``slug``."""

    def register(view: View) -> View:
        PAGES.append((slug, f"referee_pages.{view.__name__}", title))
        return view

    return register


def verdict(check: Check, body: Mapping[str, Any], place: Callable[[InputError], None]) -> dict[str, Any] | None:
    """The check's answer, as the API gives it; malformed input goes to the form through ``place``."""
    try:
        return check.judge(body)
    except InputError as error:
        for one in error.each():
            place(one)
        return None


def page_status(result: object, *, step: bool = False) -> int:
    """400 for a posted form that got no verdict (the message is at its field), else 200.

    ``step`` is a post that only changed the form (more rows), which needs no verdict.
    """
    return 400 if request.method == "POST" and result is None and not step else 200


for _ui in GAME_UI.values():
    if _ui.referee_module is not None:
        importlib.import_module(_ui.referee_module)
