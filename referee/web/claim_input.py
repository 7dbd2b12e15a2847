"""The optional claim on a form: one box per side, read from the posted form (issue: the dispute desk).

Referee pages put the claim into the check's request; the deal entry page stores it in the deal's
entry. Either way the rules layer judges it (:mod:`referee.rules.claims`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l

#: What the claim inputs say, in one place for translation.
CLAIM_TEXT = {
    "legend": _l("Your claim (optional)"),
    "help": _l("The points a side says it scored; the referee agrees or shows where the claim goes wrong."),
    "not_number": _l("Enter whole points, such as 120 (or -300), or leave it empty"),
}


@dataclass
class ClaimInput:
    """The optional claim on a referee page: one box per side (``claim-<side>``), read from the posted form."""

    sides: list[tuple[str, str]]
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, Any] = field(default_factory=dict)

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
    def text(self) -> dict[str, Any]:
        return CLAIM_TEXT

    def claim(self) -> dict[str, int] | None:
        """The ``claim`` field of the check's request, or ``None`` when no side claimed anything."""
        given = {side: int(value.replace("−", "-")) for side, value in self.values.items() if value}
        return given or None

    def into(self, body: dict[str, Any]) -> dict[str, Any]:
        claim = self.claim()
        return body if claim is None else {**body, "claim": claim}

    def load(self, claim: Mapping[str, Any] | None) -> None:
        """Fill the boxes from a stored claim (correcting a deal)."""
        for side, points in (claim or {}).items():
            self.values[side] = str(points)
