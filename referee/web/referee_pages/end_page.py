"""The "Is the game over?" referee page, shared by the games played to a target (Paks, Clabber).

The page posts each side's name and total, and the target the table plays to (the house option
``target``, 500 unless the house agreed another); the game's ``end`` check decides (paks-7, clabber-9).
"""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.errors import InputError
from referee.rules.game import Game
from referee.rules.options import Option
from referee.rules.seating import name_key
from referee.web.forms.common import WholeNumberField, add_error, option_fields, place_error, raw_options

#: Sides a page offers: 2 teams or players, or 3 players.
SIDE_ROWS = 3

TEXT = {
    "two_sides": _l("Enter at least two sides, each with a name and a total"),
    "name_without_total": _l("Enter this side's total"),
    "total_without_name": _l("Enter this side's name"),
    "twice": _l("Two sides have this name"),
}


class EndForm(FlaskForm):
    """Rows of (side, total); a half-filled row is refused at its field, nothing typed is lost."""

    def rows(self) -> list[tuple[StringField, IntegerField]]:
        return [(getattr(self, f"side_{n}"), getattr(self, f"total_{n}")) for n in range(SIDE_ROWS)]

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        seen: set[str] = set()
        filled = 0
        for name, total in self.rows():
            given = (name.data or "").strip()
            if given and total.data is None and not total.errors:
                add_error(total, TEXT["name_without_total"])
                valid = False
            elif total.data is not None and not given:
                add_error(name, TEXT["total_without_name"])
                valid = False
            elif given:
                if name_key(given) in seen:
                    add_error(name, TEXT["twice"])
                    valid = False
                seen.add(name_key(given))
                filled += 1
        if filled < 2 and valid:
            add_error(self.side_0, TEXT["two_sides"])
            valid = False
        return valid

    def totals(self) -> dict[str, int]:
        return {(name.data or "").strip(): total.data for name, total in self.rows() if (name.data or "").strip()}

    def place_error(self, error: InputError) -> None:
        place_error(self, error, {"totals": "side_0"})


def end_options(game: Game, *others: str) -> tuple[Option, ...]:
    """The house options an end page asks for: the game's target, then the options named ``others``."""
    return tuple(o for o in game.options if o.id == "target") + tuple(o for o in game.options if o.id in others)


def end_form_class(defaults: tuple[str, ...], options: tuple[Option, ...]) -> type[EndForm]:
    """An end-of-game form with ``defaults`` as the suggested side names and the game's tie options."""
    attrs: dict[str, Any] = {}
    for n in range(SIDE_ROWS):
        default = defaults[n] if n < len(defaults) else ""
        attrs[f"side_{n}"] = StringField(
            _l("Side %(number)s", number=n + 1),
            validators=[Optional(), Length(max=40, message=_l("At most %(max)d characters"))],
            default=default,
        )
        attrs[f"total_{n}"] = WholeNumberField(
            _l("Total of side %(number)s", number=n + 1),
            signed=True,
            validators=[
                Optional(),
                NumberRange(min=-100_000, max=100_000, message=_l("Between %(min)s and %(max)s")),
            ],
        )
    attrs.update(option_fields(options))
    return type("GameEndForm", (EndForm,), attrs)


def end_page(game: Game, form_class: type[EndForm], options: tuple[Option, ...], verdict: Any, status: Any) -> Any:
    """Run the game's ``end`` check on the posted totals and render the shared page."""
    form = form_class()
    result = None
    if form.validate_on_submit():
        body = {"totals": form.totals(), "options": raw_options(form, options)}
        result = verdict(game.checks["end"], body, form.place_error)
    return render_template("referee/end.html", form=form, result=result, game=game, options=options), status(result)
