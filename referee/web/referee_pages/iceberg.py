"""Iceberg referee page: what does this leftover hand cost?"""

from __future__ import annotations

import re
from typing import Any

from flask import render_template, request
from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import Length, Optional

from referee.cards import CardError
from referee.errors import InputError
from referee.rules.iceberg import ICEBERG, pack_for
from referee.web.entries import same_card
from referee.web.entries.iceberg import tokens
from referee.web.forms import choices, option_fields, place_error, raw_options
from referee.web.presentation import pack_picker
from referee.web.referee_pages import ClaimInput, page, page_status, referee_pages, verdict

#: The house rules that change what a leftover hand costs.
LEFTOVER_OPTIONS = tuple(
    o for o in ICEBERG.options if o.id in ("penalty", "ace_scoring", "leftover_tie", "parallel_melds", "merge_runs")
)
#: Table rows on the page at most; at least a few are shown, and two free ones after the last filled.
TABLE_ROWS = 24
MIN_ROWS = 3

_ILLEGAL_MELD = re.compile(r"^Table meld (\d+) ")


class LeftoverForm(FlaskForm):
    hand = StringField(
        "The hand left at the end",
        validators=[Optional(), Length(max=200)],
        description="Every card still held, aces included.",
    )
    decks = RadioField(
        "Players",
        choices=choices([("1", "2 or 3: one deck"), ("2", "4 to 6: two decks")]),
        default="1",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table_errors: list[str] = []

    def row(self, index: int) -> StringField:
        return getattr(self, f"table_{index}")

    def table_rows(self) -> list[StringField]:
        filled = max((i + 1 for i in range(TABLE_ROWS) if tokens(self.row(i).data)), default=0)
        return [self.row(i) for i in range(min(TABLE_ROWS, max(MIN_ROWS, filled + 2)))]

    def compact(self) -> list[list[str]]:
        """The melds typed, moved up over empty rows so that meld N is row N."""
        melds = [tokens(self.row(i).data) for i in range(TABLE_ROWS) if tokens(self.row(i).data)]
        for i in range(TABLE_ROWS):
            self.row(i).data = " ".join(melds[i]) if i < len(melds) else ""
        return melds

    def decks_number(self) -> int:
        return 2 if self.decks.data == "2" else 1

    def picker(self) -> dict[str, Any]:
        return pack_picker(pack_for(self.decks_number()))

    def mark_illegal(self, result: dict[str, Any]) -> None:
        """Point at each table row the verdict finds no legal meld (the verdict above says why)."""
        for reason in result.get("reasons", []):
            found = _ILLEGAL_MELD.match(reason["text"])
            if found and int(found.group(1)) <= TABLE_ROWS:
                row = self.row(int(found.group(1)) - 1)
                row.errors = [*list(row.errors or []), "Not a legal meld: see the verdict above."]

    def place_error(self, error: InputError) -> None:
        """At every field holding the named card; else at the hand, the table or the top."""
        if isinstance(error, CardError):
            holders = [
                f for f in (self.hand, *self.table_rows()) if any(same_card(t, error.token) for t in tokens(f.data))
            ]
            for holder in holders:
                holder.errors = [*list(holder.errors or []), error.message]
            if holders:
                return
        if error.field == "table":
            self.table_errors.append(error.message)
        else:
            place_error(self, error)


for _index in range(TABLE_ROWS):
    setattr(
        LeftoverForm,
        f"table_{_index}",
        StringField(f"Table meld {_index + 1}", validators=[Optional(), Length(max=120)]),
    )
for _name, _field in option_fields(LEFTOVER_OPTIONS).items():
    setattr(LeftoverForm, _name, _field)


@page("iceberg", "What does this leftover hand cost?")
@referee_pages.route("/iceberg/leftover", methods=["GET", "POST"])
def iceberg_leftover() -> Any:
    form = LeftoverForm()
    claim = ClaimInput.read([("penalty", "Penalty")])
    result = None
    more = request.form.get("act") == "rows"
    if form.validate_on_submit() and not more and claim.valid:
        body = {
            "hand": tokens(form.hand.data),
            "table": form.compact(),
            "decks": form.decks_number(),
            "options": raw_options(form, LEFTOVER_OPTIONS),
        }
        result = verdict(ICEBERG.checks["leftover"], claim.into(body), form.place_error)
        if result is not None:
            form.mark_illegal(result)
    status = page_status(result, step=more)
    return render_template(
        "referee/iceberg_leftover.html",
        form=form,
        result=result,
        game=ICEBERG,
        leftover_options=LEFTOVER_OPTIONS,
        picker=form.picker(),
        claim=claim,
    ), status
