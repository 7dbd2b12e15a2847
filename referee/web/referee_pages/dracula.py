"""Dracula referee pages: score a coffin; may a card go on this cell; was this deal placed in order?"""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import InputRequired, Length, Optional

from referee.errors import InputError
from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from referee.web.entries.dracula import DraculaEntryForm
from referee.web.forms import choices, option_fields, place_error, raw_options
from referee.web.presentation import pack_picker
from referee.web.referee_pages import ClaimInput, page, page_status, referee_pages, verdict

SCORING_OPTIONS = tuple(
    o for o in DRACULA.options if o.id in {"multipliers", "all_tied", "vampire_suit_3p", "vampire_double_3p"}
)


#: Who may claim on the coffin page, by player count: the keys of the coffin check's scores.
CLAIM_SIDES: dict[str, list[tuple[str, str]]] = {
    "2": [("queen", "Queen (rows)"), ("king", "King (columns)")],
    "3": [("dealer", "Dealer"), ("left", "Dealer's left"), ("right", "Dealer's right")],
    "4": [("rows", "Rows partnership"), ("columns", "Columns partnership")],
}


class CoffinForm(DraculaEntryForm):
    players = SelectField(
        "Players", choices=choices([("2", "2 players"), ("3", "3 players"), ("4", "4 players")]), default="2"
    )


for _name, _field in option_fields(SCORING_OPTIONS).items():
    setattr(CoffinForm, _name, _field)


class PlacementForm(DraculaEntryForm):
    cell = SelectField("Where would the card go?", choices=choices([(c, c) for c in CELLS]), default="r1c1")
    first_card_4p = SelectField(
        "First card of an empty coffin (dracula-8.3)",
        choices=choices([("centre", "on the centre"), ("any_cell", "anywhere")]),
    )


@page("dracula", "Score this coffin")
@referee_pages.route("/dracula/coffin", methods=["GET", "POST"])
def dracula_coffin() -> Any:
    form = CoffinForm()
    claim = ClaimInput.read(CLAIM_SIDES.get(str(form.players.data), CLAIM_SIDES["2"]))
    result = None
    if form.validate_on_submit() and claim.valid:
        body = {
            "layout": form.to_entry()["layout"],
            "players": int(form.players.data),
            "options": raw_options(form, SCORING_OPTIONS),
        }
        result = verdict(DRACULA.checks["coffin"], claim.into(body), form.place_error)
    status = page_status(result)
    return render_template(
        "referee/dracula_coffin.html",
        form=form,
        claim=claim,
        result=result,
        game=DRACULA,
        scoring_options=SCORING_OPTIONS,
        picker=pack_picker(DRACULA_PACK),
    ), status


@page("dracula", "May a card go on this cell?")
@referee_pages.route("/dracula/placement", methods=["GET", "POST"])
def dracula_placement() -> Any:
    form = PlacementForm()
    result = None
    if form.validate_on_submit():
        body = {
            "layout": form.to_entry()["layout"],
            "cell": form.cell.data,
            "options": {"first_card_4p": form.first_card_4p.data},
        }
        result = verdict(DRACULA.checks["placement"], body, form.place_error)
    status = page_status(result)
    return render_template(
        "referee/dracula_placement.html", form=form, result=result, game=DRACULA, picker=pack_picker(DRACULA_PACK)
    ), status


# --- was this deal placed in the right order? ------------------------------------------------------

#: The placements of a 2-player deal: 4 each around the centre card, and one row more to show a 5th.
MOVE_ROWS = 9
WHO = [("non-dealer", "Non-dealer"), ("dealer", "Dealer")]


class OrderForm(FlaskForm):
    centre = StringField(
        "Centre card (r2c2)", validators=[InputRequired(message="Enter the turned-up centre card"), Length(max=8)]
    )

    def rows(self) -> list[tuple[SelectField, SelectField, StringField]]:
        return [
            (getattr(self, f"by_{n}"), getattr(self, f"cell_{n}"), getattr(self, f"card_{n}")) for n in range(MOVE_ROWS)
        ]

    def moves(self) -> list[dict[str, str]]:
        """The filled rows in order; a row counts when it names a card."""
        return [
            {"by": by.data, "cell": cell.data, "card": card.data.strip()}
            for by, cell, card in self.rows()
            if (card.data or "").strip()
        ]

    def place_error(self, error: InputError) -> None:
        if error.field == "moves":
            for _by, _cell, card in self.rows():
                token = getattr(error, "token", None)
                if token and (card.data or "").strip().upper() == str(token).upper():
                    card.errors = [*list(card.errors or []), error.message]
                    return
        place_error(self, error)


for _n in range(MOVE_ROWS):
    setattr(
        OrderForm,
        f"by_{_n}",
        SelectField(f"Card {_n + 1}: placed by", choices=choices(WHO), default=WHO[_n % 2][0]),
    )
    setattr(
        OrderForm,
        f"cell_{_n}",
        SelectField(f"Card {_n + 1}: cell", choices=choices([(c, c) for c in CELLS]), default="r1c2"),
    )
    setattr(OrderForm, f"card_{_n}", StringField(f"Card {_n + 1}", validators=[Optional(), Length(max=8)]))


@page("dracula", "Was this deal placed in order?")
@referee_pages.route("/dracula/order", methods=["GET", "POST"])
def dracula_order() -> Any:
    form = OrderForm()
    result = None
    if form.validate_on_submit():
        body = {"centre": form.centre.data.strip(), "moves": form.moves()}
        result = verdict(DRACULA.checks["order"], body, form.place_error)
    status = page_status(result)
    return render_template(
        "referee/dracula_order.html", form=form, result=result, picker=pack_picker(DRACULA_PACK)
    ), status
