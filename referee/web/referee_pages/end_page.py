"""The "Is the game over?" referee page, shared by the games played to a target (Paks, Clabber).

The page posts each side's name and total, and the target the table plays to (the house option
``target``, 500 unless the house agreed another); the game's ``end`` check decides (paks-7, clabber-9).
"""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.errors import InputError
from referee.rules.game import Game
from referee.rules.options import Option
from referee.rules.seating import name_key
from referee.web.forms.common import WholeNumberField, add_error, option_fields, place_error, raw_options
from referee.web.referee_pages.page import CheckedForm, RefereePage

#: Sides a page offers: 2 teams or players, or 3 players.
SIDE_ROWS = 3

TEXT = {
    "two_sides": _l("Enter at least two sides, each with a name and a total"),
    "name_without_total": _l("Enter this side's total"),
    "total_without_name": _l("Enter this side's name"),
    "twice": _l("Two sides have this name"),
}


class EndForm(CheckedForm):
    """Rows of (side, total); a half-filled row is refused at its field, nothing typed is lost."""

    #: The house options the page asks for (:func:`end_page`).
    house_options: ClassVar[tuple[Option, ...]] = ()

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

    def body(self) -> dict[str, Any]:
        return {"totals": self.totals(), "options": raw_options(self, self.house_options)}

    def place_error(self, error: InputError) -> None:
        place_error(self, error, {"totals": "side_0"})


def end_page(game: Game[Any], defaults: tuple[str, ...], *others: str) -> RefereePage:
    """The game's "Is the game over?" page: ``defaults`` are the suggested side names, ``others`` the ids of
    the house options it asks for beside the target."""
    options = tuple(o for o in game.options if o.id == "target") + tuple(o for o in game.options if o.id in others)
    attrs: dict[str, Any] = {"house_options": options}
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
    form = type(f"{game.slug.capitalize()}EndForm", (EndForm,), attrs)
    return RefereePage(game, "end", _l("Is the game over?"), form, "referee/end.html", {"options": options})
