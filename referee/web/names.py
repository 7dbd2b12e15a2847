"""The names people type: players and evenings. One set of checks for the forms and the import.

A name is refused (with the reason) when it is too long, holds a control character (a NUL byte
cannot even be stored by PostgreSQL), or repeats another player's name up to case: the sheets
tell players apart by name, and "Ann" and "ann" would be the same person to the people reading.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_PLAYER_NAME = 40
MAX_EVENING_NAME = 120

TOO_LONG = "“{start}…” is longer than {limit} characters"
CONTROL = "“{name}” holds a control character; type the name again"
TWICE = "{name} is listed twice"
ALREADY_HERE = "{name} is already here"


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def name_problem(name: str, limit: int = MAX_PLAYER_NAME) -> str | None:
    """Why ``name`` cannot be stored, or None."""
    if len(name) > limit:
        return TOO_LONG.format(start=name[:20], limit=limit)
    if _has_control(name):
        return CONTROL.format(name="".join(ch for ch in name if not _has_control(ch))[:40])
    return None


def names_problem(names: Sequence[str], existing: Sequence[str] = ()) -> str | None:
    """Why these player names cannot join an evening that has ``existing``, or None."""
    seen = {n.casefold() for n in existing}
    for name in names:
        problem = name_problem(name)
        if problem:
            return problem
        if name.casefold() in seen:
            return (ALREADY_HERE if name.casefold() in {n.casefold() for n in existing} else TWICE).format(name=name)
        seen.add(name.casefold())
    return None
