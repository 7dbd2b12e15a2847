"""Iceberg referee pages: is this a meld, what does this lay-off score, what does this leftover hand cost?"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from wtforms import StringField

from referee.cards import CardError
from referee.errors import InputError
from referee.messages import Param
from referee.rules.checks import Check
from referee.rules.iceberg import ICEBERG, pack_for
from referee.rules.iceberg.checks import illegal_melds
from referee.web.forms.cards import cards_field, holds_card, typed_cards
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import RadioChoiceField, add_error, choices, option_fields, place_error, raw_options
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import register
from referee.web.referee_pages.page import CheckedForm, RefereePage, Result

#: The house rules that change what a leftover hand costs.
LEFTOVER_OPTIONS = tuple(
    o for o in ICEBERG.options if o.id in ("penalty", "ace_scoring", "leftover_tie", "parallel_melds", "merge_runs")
)
#: Table rows on the page at most; at least a few are shown, and two free ones after the last filled.
TABLE_ROWS = 24
MIN_ROWS = 3


class DecksForm(CheckedForm):
    """The number of decks a meld or a lay-off is judged with (iceberg-1.2); the claim is of its points."""

    decks = RadioChoiceField(
        _l("Players"), choices=choices([("1", _l("2 or 3: one deck")), ("2", _l("4 to 6: two decks"))]), default="1"
    )

    def decks_number(self) -> int:
        return 2 if self.decks.data == "2" else 1

    def picker(self) -> dict[str, Any]:
        return pack_picker(pack_for(self.decks_number()))

    def claim_sides(self) -> list[tuple[str, Any]]:
        return [("points", _l("Points"))]

    def shown(self, result: Result) -> dict[str, Any]:
        return {"picker": self.picker()}

    def place_error(self, error: InputError) -> None:
        """At the card field the error names (by its location, or its field), else at the top."""
        name = error.location[0] if error.location else error.field
        target = getattr(self, str(name), None) if name else None
        if isinstance(target, StringField):
            add_error(target, error.msg)
        else:
            place_error(self, error)


class LeftoverForm(DecksForm):
    hand = cards_field(_l("The hand left at the end"), _l("Every card still held, aces included."), max_length=200)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table_errors: list[Param] = []

    def row(self, index: int) -> StringField:
        return getattr(self, f"table_{index}")

    def table_rows(self) -> list[StringField]:
        filled = max((i + 1 for i in range(TABLE_ROWS) if typed_cards(self.row(i).data)), default=0)
        return [self.row(i) for i in range(min(TABLE_ROWS, max(MIN_ROWS, filled + 2)))]

    def compact(self) -> list[list[str]]:
        """The melds typed, moved up over empty rows so that meld N is row N."""
        melds = [typed_cards(self.row(i).data) for i in range(TABLE_ROWS) if typed_cards(self.row(i).data)]
        for i in range(TABLE_ROWS):
            self.row(i).data = " ".join(melds[i]) if i < len(melds) else ""
        return melds

    def claim_sides(self) -> list[tuple[str, Any]]:
        return [("penalty", _l("Penalty"))]

    def is_step(self) -> bool:
        """Whether the post is the "More rows" button's, which only adds table rows."""
        return request.form.get("act") == "rows"

    def body(self) -> dict[str, Any]:
        return {
            "hand": typed_cards(self.hand.data),
            "table": self.compact(),
            "decks": self.decks_number(),
            "options": raw_options(self, LEFTOVER_OPTIONS),
        }

    def judge(self, check: Check | None, claim: ClaimInput | None) -> Result:
        """The verdict, each table row it finds no legal meld marked."""
        result = super().judge(check, claim)
        if result is not None:
            self.mark_illegal(result)
        return result

    def mark_illegal(self, result: dict[str, Any]) -> None:
        """Point at each table row the verdict finds no legal meld (the verdict above says why)."""
        for number in illegal_melds(result):
            if number <= TABLE_ROWS:
                row = self.row(number - 1)
                add_error(row, _l("Not a legal meld: see the verdict above."))

    def place_error(self, error: InputError) -> None:
        """At every field holding the named card; else at the hand, the table or the top."""
        if isinstance(error, CardError):
            holders = [f for f in (self.hand, *self.table_rows()) if holds_card(f.data, error.token)]
            for holder in holders:
                add_error(holder, error.msg)
            if holders:
                return
        if error.field == "table":
            row = error.location[1] if len(error.location) > 1 else None
            if isinstance(row, int) and 0 < row <= TABLE_ROWS:
                add_error(self.row(row - 1), error.msg)
            else:
                self.table_errors.append(error.msg)
        elif error.field == "hand":
            add_error(self.hand, error.msg)
        else:
            place_error(self, error)


for _index in range(TABLE_ROWS):
    setattr(
        LeftoverForm,
        f"table_{_index}",
        cards_field(_l("Table meld %(number)s", number=_index + 1), max_length=120),
    )
for _name, _field in option_fields(LEFTOVER_OPTIONS).items():
    setattr(LeftoverForm, _name, _field)


class MeldForm(DecksForm):
    cards = cards_field(_l("The cards laid"), max_length=200)

    def body(self) -> dict[str, Any]:
        return {"cards": typed_cards(self.cards.data), "decks": self.decks_number()}


class LayoffForm(DecksForm):
    meld = cards_field(_l("The meld on the table"), max_length=200)
    cards = cards_field(_l("The cards laid off"), max_length=200)

    def body(self) -> dict[str, Any]:
        return {
            "meld": typed_cards(self.meld.data),
            "cards": typed_cards(self.cards.data),
            "decks": self.decks_number(),
        }


register(
    RefereePage(
        ICEBERG,
        "leftover",
        _l("What does this leftover hand cost?"),
        LeftoverForm,
        shows={"leftover_options": LEFTOVER_OPTIONS},
    ),
    RefereePage(ICEBERG, "meld", _l("Is this a meld, and what does it score?"), MeldForm),
    RefereePage(ICEBERG, "layoff", _l("What does this lay-off score?"), LayoffForm),
)
