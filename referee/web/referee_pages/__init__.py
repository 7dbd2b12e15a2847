"""Referee pages: settle a dispute without an evening. One module per game that has them (``game_ui.py``),
each declaring its pages (:class:`~referee.web.referee_pages.page.RefereePage`), which one view answers.
"""

from __future__ import annotations

import importlib
from typing import Any

from flask import Blueprint, render_template

from referee.rules.registry import GAMES
from referee.web.game_ui import GAME_UI
from referee.web.referee_pages.page import RefereePage

referee_pages = Blueprint("referee_pages", __name__, url_prefix="/referee")

#: (game slug, endpoint, title) of every referee page, for the index.
PAGES: list[tuple[str, str, Any]] = []


@referee_pages.get("/")
def index() -> Any:
    return render_template("referee/index.html", games=list(GAMES.values()), pages=PAGES)


def register(*pages: RefereePage) -> None:
    """Serve each page at its path (GET shows the form, POST judges it) and list it on the index."""
    for page in pages:
        referee_pages.add_url_rule(page.path, page.endpoint, page.answer, methods=["GET", "POST"])
        PAGES.append((page.game.slug, f"referee_pages.{page.endpoint}", page.question))


for _ui in GAME_UI.values():
    if _ui.referee_module is not None:
        importlib.import_module(_ui.referee_module)
