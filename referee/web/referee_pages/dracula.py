"""Dracula referee pages: score a coffin; may a card go on this cell?"""

from __future__ import annotations

from typing import Any

from flask import render_template
from wtforms import SelectField

from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from referee.web.entries.dracula import DraculaEntryForm
from referee.web.forms import choices, option_fields, raw_options
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
