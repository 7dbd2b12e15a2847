"""Iceberg referee pages: is this a meld, what does this lay-off score, what does this leftover hand cost?"""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import Length, Optional

from referee.cards import CardError
from referee.errors import InputError
from referee.messages import Param
from referee.rules.iceberg import ICEBERG, pack_for
from referee.rules.iceberg.checks import illegal_melds
from referee.web.forms.cards import holds_card, typed_cards
from referee.web.forms.common import RadioChoiceField, add_error, choices, option_fields, place_error, raw_options
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import ClaimInput, page, page_status, referee_pages, verdict

#: The house rules that change what a leftover hand costs.
LEFTOVER_OPTIONS = tuple(
    o for o in ICEBERG.options if o.id in ("penalty", "ace_scoring", "leftover_tie", "parallel_melds", "merge_runs")
)
#: Table rows on the page at most; at least a few are shown, and two free ones after the last filled.
TABLE_ROWS = 24
MIN_ROWS = 3


class DecksForm(FlaskForm):
    """The number of decks a meld or a lay-off is judged with (iceberg-1.2)."""

    decks = RadioChoiceField(
        _l("Players"), choices=choices([("1", _l("2 or 3: one deck")), ("2", _l("4 to 6: two decks"))]), default="1"
    )

    def decks_number(self) -> int:
        return 2 if self.decks.data == "2" else 1

    def picker(self) -> dict[str, Any]:
        return pack_picker(pack_for(self.decks_number()))

    def place_error(self, error: InputError) -> None:
        """At the card field the error names (by its location, or its field), else at the top."""
        name = error.location[0] if error.location else error.field
        target = getattr(self, str(name), None) if name else None
        if isinstance(target, StringField):
            add_error(target, error.msg)
        else:
            place_error(self, error)


class LeftoverForm(DecksForm):
    hand = StringField(
        _l("The hand left at the end"),
        validators=[Optional(), Length(max=200)],
        description=_l("Every card still held, aces included."),
    )

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
        StringField(_l("Table meld %(number)s", number=_index + 1), validators=[Optional(), Length(max=120)]),
    )
for _name, _field in option_fields(LEFTOVER_OPTIONS).items():
    setattr(LeftoverForm, _name, _field)


@page("iceberg", _l("What does this leftover hand cost?"))
@referee_pages.route("/iceberg/leftover", methods=["GET", "POST"])
def iceberg_leftover() -> Any:
    form = LeftoverForm()
    claim = ClaimInput.of_check(ICEBERG.checks["leftover"], [("penalty", _l("Penalty"))])
    result = None
    more = request.form.get("act") == "rows"
    if form.validate_on_submit() and not more and claim.valid:
        body = {
            "hand": typed_cards(form.hand.data),
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


class MeldForm(DecksForm):
    cards = StringField(_l("The cards laid"), validators=[Optional(), Length(max=200)])


class LayoffForm(DecksForm):
    meld = StringField(_l("The meld on the table"), validators=[Optional(), Length(max=200)])
    cards = StringField(_l("The cards laid off"), validators=[Optional(), Length(max=200)])


#: The questions the meld and lay-off pages answer: their titles, on the referee index too.
MELD_QUESTION = _l("Is this a meld, and what does it score?")
LAYOFF_QUESTION = _l("What does this lay-off score?")


def _judge(form: DecksForm, check: str, body: dict[str, Any], template: str, question: Any) -> Any:
    """Run ``check`` on the posted ``body`` (with the claimed points) and show its page."""
    claim = ClaimInput.of_check(ICEBERG.checks[check], [("points", _l("Points"))])
    result = None
    if form.validate_on_submit() and claim.valid:
        result = verdict(ICEBERG.checks[check], claim.into({**body, "decks": form.decks_number()}), form.place_error)
    return render_template(
        template, form=form, result=result, game=ICEBERG, picker=form.picker(), claim=claim, question=question
    ), page_status(result)


@page("iceberg", MELD_QUESTION)
@referee_pages.route("/iceberg/meld", methods=["GET", "POST"])
def iceberg_meld() -> Any:
    form = MeldForm()
    return _judge(form, "meld", {"cards": typed_cards(form.cards.data)}, "referee/iceberg_meld.html", MELD_QUESTION)


@page("iceberg", LAYOFF_QUESTION)
@referee_pages.route("/iceberg/layoff", methods=["GET", "POST"])
def iceberg_layoff() -> Any:
    form = LayoffForm()
    body = {"meld": typed_cards(form.meld.data), "cards": typed_cards(form.cards.data)}
    return _judge(form, "layoff", body, "referee/iceberg_layoff.html", LAYOFF_QUESTION)
