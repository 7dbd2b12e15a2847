"""Dracula's deal entry: the nine cells of the coffin, and optionally the order they were filled."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, StringField
from wtforms.validators import Length, Optional

from referee.cards import CardError, TooManyCopiesError
from referee.errors import InputError
from referee.messages import renamed
from referee.rules.dracula import DRACULA
from referee.rules.dracula.layout import CELLS
from referee.web.forms.cards import same_card
from referee.web.forms.common import show_error
from referee.web.forms.entries import EntryForm

#: What other parts of the app may use: the entry form (the referee pages build on it).
__all__ = ["FORM", "DraculaEntryForm"]


class DraculaEntryForm(EntryForm):
    game = DRACULA
    template = "games/dracula/entry.html"

    def cells(self) -> list[list[StringField]]:
        return [[getattr(self, CELLS[r * 3 + c]) for c in range(3)] for r in range(3)]

    def cell_fields(self) -> list[StringField]:
        return [field for row in self.cells() for field in row]

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
        """At the cell the error's location names (or that holds the card it names), at the order
        field, or above the grid; in the reader's language. A card the rules say is "in layout" is
        said to be in its cell, as the form names it."""
        target = self.error_field(error)
        if target is not None and error.field == "layout":
            error.msg = renamed(error.msg, {"layout": str(target.label.text)})
        show_error(self, target, error)

    def error_field(self, error: InputError) -> Field | None:
        if error.field == "order":
            return self.order
        if error.field != "layout":
            return None
        cell = error.location[1] if len(error.location) > 1 else None
        if cell in CELLS:
            return getattr(self, str(cell))
        if isinstance(error, CardError):
            for name in CELLS:
                value = (getattr(self, name).data or "").strip()
                if value and same_card(value, error.token):
                    return getattr(self, name)
        return None

    def judged_from(self, error: InputError) -> list[Field]:
        """A cell's card on its own, a card given too often with every cell holding it; the order of
        placement, or the coffin as a whole, with every cell."""
        target = self.error_field(error)
        if error.field == "layout" and target is not None:
            if isinstance(error, TooManyCopiesError):
                return [cell for cell in self.cell_fields() if same_card(cell.data or "", error.token)] + [target]
            return [target]
        return [self.order, *self.cell_fields()] if error.field in ("layout", "order") else self.deal_fields()


for _name in CELLS:
    setattr(
        DraculaEntryForm,
        _name,
        StringField(
            _l("Row %(row)s, column %(column)s", row=_name[1], column=_name[3]),
            validators=[Optional(), Length(max=4)],
        ),
    )

# After the cells, as the page shows it (a refused deal's summary lists the problems in this order).
DraculaEntryForm.order = StringField(
    _l("Order of placement (optional)"),
    validators=[Optional(), Length(max=80)],
    description=_l("The cells in the order the cards went down, e.g. r1c2 r2c1 …; each placement is then checked."),
)

FORM = DraculaEntryForm
