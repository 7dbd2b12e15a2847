"""Dracula's deal entry: the nine cells of the coffin, and optionally the order they were filled."""

from __future__ import annotations

import re
from typing import Any

from wtforms import StringField
from wtforms.validators import Length, Optional

from referee.cards import CardError
from referee.errors import InputError
from referee.rules.dracula.layout import CELLS
from referee.web.entries import EntryForm, same_card

_CELL_IN_TEXT = re.compile(r"\br([1-3])c([1-3])\b")


class DraculaEntryForm(EntryForm):
    template = "games/dracula/entry.html"

    order = StringField(
        "Order of placement (optional)",
        validators=[Optional(), Length(max=80)],
        description="The cells in the order the cards went down, e.g. r1c2 r2c1 …; each placement is then checked.",
    )

    def cells(self) -> list[list[StringField]]:
        return [[getattr(self, CELLS[r * 3 + c]) for c in range(3)] for r in range(3)]

    def to_entry(self) -> dict[str, Any]:
        layout = [[(getattr(self, CELLS[r * 3 + c]).data or "").strip() or None for c in range(3)] for r in range(3)]
        entry: dict[str, Any] = {"layout": layout}
        if self.order.data and self.order.data.strip():
            entry["order"] = self.order.data.replace(",", " ").split()
        return entry

    def load(self, entry: dict[str, Any]) -> None:
        for r, row in enumerate(entry["layout"]):
            for c, token in enumerate(row):
                getattr(self, CELLS[r * 3 + c]).data = token or ""
        self.order.data = " ".join(entry.get("order", []))

    def place_error(self, error: InputError) -> None:
        """At the cell holding the named card, or the cell the message names; else above the grid."""
        cell = self._cell_of(error)
        if cell is not None:
            field = getattr(self, cell)
            field.errors = [*list(field.errors or []), error.message]
        elif error.field == "order":
            self.order.errors = [*list(self.order.errors or []), error.message]
        else:
            self.form_errors.append(error.message)

    def _cell_of(self, error: InputError) -> str | None:
        if error.field == "order":
            return None
        if isinstance(error, CardError):
            for name in CELLS:
                value = (getattr(self, name).data or "").strip()
                if value and same_card(value, error.token):
                    return name
        match = _CELL_IN_TEXT.search(error.message)
        return f"r{match.group(1)}c{match.group(2)}" if match else None


for _name in CELLS:
    setattr(
        DraculaEntryForm,
        _name,
        StringField(f"Row {_name[1]}, column {_name[3]}", validators=[Optional(), Length(max=4)]),
    )

FORM = DraculaEntryForm
