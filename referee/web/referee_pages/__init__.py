"""Referee pages: settle a dispute without an evening. One module per game, named by its slug.

Each page builds the same request object as the JSON API and runs the same check, so a page and
the API can never disagree.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, render_template, request

from referee.errors import InputError
from referee.rules.checks import Check
from referee.rules.registry import GAMES

referee_pages = Blueprint("referee_pages", __name__, url_prefix="/referee")


@referee_pages.get("/")
def index() -> Any:
    return render_template("referee/index.html", games=list(GAMES.values()), pages=PAGES)


#: (game slug, endpoint, title) of every referee page, for the index.
PAGES: list[tuple[str, str, str]] = []


def page(slug: str, title: str):  # type: ignore[no-untyped-def]
    """Register a view function as a referee page of game ``slug``."""

    def register(view):  # type: ignore[no-untyped-def]
        PAGES.append((slug, f"referee_pages.{view.__name__}", title))
        return view

    return register


def verdict(check: Check, body: Mapping[str, Any], place: Callable[[InputError], None]) -> dict[str, Any] | None:
    """The check's answer, as the API gives it; malformed input goes to the form through ``place``."""
    try:
        return check.judge(body)
    except InputError as error:
        place(error)
        return None


#: What the claim inputs say, in one place for translation.
CLAIM_TEXT = {
    "legend": "Your claim (optional)",
    "help": "The points a side says it scored; the referee agrees or shows where the claim goes wrong.",
    "not_number": "Enter whole points, such as 120 (or -300), or leave it empty",
}


@dataclass
class ClaimInput:
    """The optional claim on a referee page: one box per side (``claim-<side>``), read from the posted form."""

    sides: list[tuple[str, str]]
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, sides: list[tuple[str, str]]) -> ClaimInput:
        """``sides`` are (name in the check's scores, label on the page)."""
        claim = cls(sides)
        if request.method != "POST":
            return claim
        for side, _label in sides:
            value = (request.form.get(f"claim-{side}") or "").strip()
            claim.values[side] = value
            if value and not re.fullmatch(r"[-−]?\d{1,6}", value):
                claim.errors[side] = CLAIM_TEXT["not_number"]
        return claim

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def text(self) -> dict[str, str]:
        return CLAIM_TEXT

    def claim(self) -> dict[str, int] | None:
        """The ``claim`` field of the check's request, or ``None`` when no side claimed anything."""
        given = {side: int(value.replace("−", "-")) for side, value in self.values.items() if value}
        return given or None

    def into(self, body: dict[str, Any]) -> dict[str, Any]:
        claim = self.claim()
        return body if claim is None else {**body, "claim": claim}


def page_status(result: object, *, step: bool = False) -> int:
    """400 for a posted form that got no verdict (the message is at its field), else 200.

    ``step`` is a post that only changed the form (more rows), which needs no verdict.
    """
    return 400 if request.method == "POST" and result is None and not step else 200


for _slug in GAMES:
    importlib.import_module(f"referee.web.referee_pages.{_slug}")
