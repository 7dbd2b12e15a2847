"""The names people type: players and evenings. One set of checks for the forms and the import.

A name is refused (with the reason) when it is too long, holds a control character (a NUL byte
cannot even be stored by PostgreSQL), or repeats another player's name up to case: the sheets
tell players apart by name, and "Ann" and "ann" would be the same person to the people reading. Names
are compared as the rules compare them (:func:`referee.rules.seating.name_key`: ignoring case and
surrounding spaces).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from referee.messages import Message, msg
from referee.rules.seating import name_key

MAX_PLAYER_NAME = 40
MAX_EVENING_NAME = 120


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def without_control(text: str) -> str:
    """``text`` with its control characters left out."""
    return "".join(ch for ch in text if not _has_control(ch))


def name_problem(name: str, limit: int = MAX_PLAYER_NAME) -> Message | None:
    """Why ``name`` cannot be stored, or None."""
    if len(name) > limit:
        return msg("“{start}…” is longer than {limit} characters", start=name[:20], limit=limit)
    if _has_control(name):
        return msg("“{name}” holds a control character; type the name again", name=without_control(name)[:40])
    return None


def names_problem(names: Sequence[str], existing: Sequence[str] = ()) -> Message | None:
    """Why these player names cannot join an evening that has ``existing``, or None."""
    here = {name_key(n) for n in existing}
    seen = set(here)
    for name in names:
        problem = name_problem(name)
        if problem:
            return problem
        if name_key(name) in seen:
            if name_key(name) in here:
                return msg("{name} is already here", name=name)
            return msg("{name} is listed twice", name=name)
        seen.add(name_key(name))
    return None
