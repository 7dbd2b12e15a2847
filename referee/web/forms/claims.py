"""The optional claim on a form: one box per side for its score and, folded away, a box per item it
may claim (a meld, a suit, a line's multiplier), read from the posted form.

Referee pages put the claim into the check's request; the deal entry page stores it in the deal's
entry. Either way the rules layer judges it (:mod:`referee.rules.claims`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.messages import Param
from referee.rules.checks import Check
from referee.rules.claims import ITEMS
from referee.web.forms.common import Problem
from referee.web.http.i18n import say

#: What the claim inputs say, in one place for translation.
CLAIM_TEXT = {
    "legend": _l("Your claim (optional)"),
    "help": _l("The points a side says it scored; the referee agrees or shows where the claim goes wrong."),
    "items": _l("Claim items too (optional)"),
    "items_help": _l("Only the items you want checked; the referee compares each with the rules."),
    "not_number": _l("Enter whole points, such as 120 (or -300), or leave it empty"),
}
_POINTS = re.compile(r"[-−]?\d{1,6}")


@dataclass(frozen=True)
class ItemBox:
    """One item a side may claim: its name in the check's request, its word, and the box's form name."""

    side: str
    name: str
    label: Param
    key: str

    @property
    def input_name(self) -> str:
        return f"claimitem-{self.key}"


@dataclass
class ClaimInput:
    """The optional claim on a page: a box per side (``claim-<side>``) and per item (``claimitem-…``).

    ``sides`` are (name in the check's scores, label on the page); ``items`` each side's claimable
    items by name; ``words`` the words of those names (and of a check's own side names).
    """

    sides: list[tuple[str, Any]]
    items: Mapping[str, Sequence[str]] = field(default_factory=dict)
    words: Mapping[str, Param] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def read(
        cls,
        sides: list[tuple[str, Any]],
        items: Mapping[str, Sequence[str]] | None = None,
        words: Mapping[str, Param] | None = None,
    ) -> ClaimInput:
        claim = cls(sides, items or {}, words or {})
        if request.method != "POST":
            return claim
        for name in [f"claim-{side}" for side, _label in sides] + [box.input_name for box in claim.boxes()]:
            value = (request.form.get(name) or "").strip()
            claim.values[name] = value
            if value and not _POINTS.fullmatch(value):
                claim.errors[name] = CLAIM_TEXT["not_number"]
        return claim

    def boxes(self) -> list[ItemBox]:
        """Every item box, side by side in the order of :attr:`sides`."""
        return [box for side, _label in self.sides for box in self.side_boxes(side)]

    def side_boxes(self, side: str) -> list[ItemBox]:
        index = next(n for n, (name, _label) in enumerate(self.sides) if name == side)
        return [ItemBox(side, name, self.words.get(name, name), f"{index}-{name}") for name in self.items.get(side, ())]

    @property
    def valid(self) -> bool:
        return not self.errors

    def problems(self) -> list[Problem]:
        """The claim's problems for a refused form's summary, in the page's order, each leading to its box."""
        found = [
            Problem(self.errors[name], f"claim-{index}", say(label))
            for index, (side, label) in enumerate(self.sides, start=1)
            if (name := f"claim-{side}") in self.errors
        ]
        labels = dict(self.sides)
        found.extend(
            Problem(
                self.errors[box.input_name],
                f"claim-{box.key}",
                _("%(side)s: %(item)s", side=say(labels[box.side]), item=say(box.label)),
            )
            for box in self.boxes()
            if box.input_name in self.errors
        )
        return found

    @property
    def text(self) -> dict[str, Any]:
        return CLAIM_TEXT

    @property
    def items_open(self) -> bool:
        """The item boxes are folded unless one holds something (or an error) to see."""
        return any(self.values.get(box.input_name) or box.input_name in self.errors for box in self.boxes())

    def value(self, name: str) -> str:
        return self.values.get(name, "")

    @classmethod
    def of_check(
        cls, check: Check, sides: list[tuple[str, Any]], items: Mapping[str, Sequence[str]] | None = None
    ) -> ClaimInput:
        """The claim boxes of a check's page; without ``items``, every side may claim each item the check scores."""
        claimable = items if items is not None else {side: tuple(check.claim_items) for side, _label in sides}
        return cls.read(sides, claimable, check.claim_items)

    def claim(self, names: Mapping[str, str] | None = None) -> dict[str, Any] | None:
        """The ``claim`` field of the check's request, or ``None`` when nothing was claimed.

        ``names`` renames the sides whose boxes stand for a side named elsewhere on the form.
        """

        def named(side: str) -> str:
            return (names or {}).get(side) or side

        given: dict[str, Any] = {
            named(side): _points(value) for side, _label in self.sides if (value := self.values.get(f"claim-{side}"))
        }
        items: dict[str, dict[str, int]] = {}
        for box in self.boxes():
            if value := self.values.get(box.input_name):
                items.setdefault(named(box.side), {})[box.name] = _points(value)
        if items:
            given[ITEMS] = items
        return given or None

    def into(self, body: dict[str, Any], names: Mapping[str, str] | None = None) -> dict[str, Any]:
        claim = self.claim(names)
        return body if claim is None else {**body, "claim": claim}

    def load(self, claim: Mapping[str, Any] | None) -> None:
        """Fill the boxes from a stored claim (correcting a deal)."""
        claim = claim or {}
        for side, points in claim.items():
            if side != ITEMS:
                self.values[f"claim-{side}"] = str(points)
        for box in self.boxes():
            points = (claim.get(ITEMS) or {}).get(box.side, {}).get(box.name)
            if points is not None:
                self.values[box.input_name] = str(points)

    @property
    def side_words(self) -> dict[str, Any]:
        """How a verdict on this claim names its sides: as the boxes do."""
        return dict(self.sides)


def _points(value: str) -> int:
    return int(value.replace("−", "-"))
