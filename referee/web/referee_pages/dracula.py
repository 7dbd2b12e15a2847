"""Dracula referee pages: score a coffin; may a card go on this cell; was this deal placed in order?"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee.errors import InputError
from referee.rules.checks import Check
from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.dracula.checks import LINE_OWNERS, owned_items
from referee.rules.dracula.layout import CELLS
from referee.rules.dracula.settlement import DEALS_PER_GAME
from referee.rules.options import Option
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import (
    ChoiceField,
    WholeNumberField,
    choices,
    lazy_say,
    option_fields,
    raw_options,
    show_error,
)
from referee.web.forms.entries.dracula import DraculaEntryForm
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import register
from referee.web.referee_pages.page import CheckedForm, RefereePage

SCORING_OPTIONS = tuple(
    o for o in DRACULA.options if o.id in {"multipliers", "all_tied", "vampire_suit_3p", "vampire_double_3p"}
)
FIRST_CARD = next(o for o in DRACULA.options if o.id == "first_card_4p")
#: The card picker of every Dracula page: one deck.
PICKER = {"picker": pack_picker(DRACULA_PACK)}

#: Who may claim on the coffin page, by player count: the keys of the coffin check's scores.
CLAIM_SIDES: dict[str, list[tuple[str, Any]]] = {
    "2": [("queen", _l("Queen (rows)")), ("king", _l("King (columns)"))],
    "3": [("dealer", _l("Dealer")), ("left", _l("Dealer's left")), ("right", _l("Dealer's right"))],
    "4": [("rows", _l("Rows partnership")), ("columns", _l("Columns partnership"))],
}


def option_choices(option: Option) -> list[Any]:
    """A house option's choices, each in the reader's language."""
    return choices([(str(c), lazy_say(option.choice_label(c))) for c in option.choices])


class CoffinForm(DraculaEntryForm, CheckedForm):
    """The coffin of the deal entry, with the player count and the house rules that score it."""

    players = ChoiceField(
        _l("Players"),
        choices=choices([("2", _l("2 players")), ("3", _l("3 players")), ("4", _l("4 players"))]),
        default="2",
    )

    def claim(self, check: Check) -> ClaimInput:
        """The claim boxes for the player count chosen: each side's score, and its own lines and their
        multipliers as items (dracula-4.3)."""
        count = str(self.players.data) if str(self.players.data) in CLAIM_SIDES else "2"
        owners = LINE_OWNERS[int(count)]
        items = {side: owned_items(owners[side]) for side, _label in CLAIM_SIDES[count]}
        return ClaimInput.of_check(check, CLAIM_SIDES[count], items)

    def body(self) -> dict[str, Any]:
        return {
            "layout": self.to_entry()["layout"],
            "players": int(self.players.data),
            "options": raw_options(self, SCORING_OPTIONS),
        }


for _name, _field in option_fields(SCORING_OPTIONS).items():
    setattr(CoffinForm, _name, _field)


class PlacementForm(DraculaEntryForm, CheckedForm):
    cell = ChoiceField(_l("Where would the card go?"), choices=choices([(c, c) for c in CELLS]), default="r1c1")
    first_card_4p = ChoiceField(
        _l("First card of an empty coffin (%(clause)s)", clause=FIRST_CARD.clause),
        choices=option_choices(FIRST_CARD),
        default=FIRST_CARD.default,
    )

    def body(self) -> dict[str, Any]:
        return {
            "layout": self.to_entry()["layout"],
            "cell": self.cell.data,
            "options": {"first_card_4p": self.first_card_4p.data},
        }


# --- was this deal placed in the right order? ------------------------------------------------------

#: The placements of a 2-player deal: 4 each around the centre card, and one row more to show a 5th.
MOVE_ROWS = 9
WHO = [("non-dealer", _l("Non-dealer")), ("dealer", _l("Dealer"))]


class OrderForm(CheckedForm):
    centre = StringField(
        _l("Centre card (r2c2)"),
        validators=[InputRequired(message=_l("Enter the turned-up centre card")), Length(max=8)],
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

    def body(self) -> dict[str, Any]:
        return {"centre": self.centre.data.strip(), "moves": self.moves()}

    def place_error(self, error: InputError) -> None:
        """At the field the error's location names: ``("moves", 3, "card")`` is the third filled row's card."""
        show_error(self, self.error_field(error), error)

    def error_field(self, error: InputError) -> Any:
        location = error.location
        if error.field == "centre":
            return self.centre
        if error.field != "moves" or len(location) < 2 or not isinstance(location[1], int):
            return None
        filled = [row for row in self.rows() if (row[2].data or "").strip()]
        if not 1 <= location[1] <= len(filled):
            return None
        by, cell, card = filled[location[1] - 1]
        part = location[2] if len(location) > 2 else "card"
        return {"by": by, "cell": cell}.get(str(part), card)


for _n in range(MOVE_ROWS):
    setattr(
        OrderForm,
        f"by_{_n}",
        ChoiceField(_l("Card %(n)s: placed by", n=_n + 1), choices=choices(WHO), default=WHO[_n % 2][0]),
    )
    setattr(
        OrderForm,
        f"cell_{_n}",
        ChoiceField(_l("Card %(n)s: cell", n=_n + 1), choices=choices([(c, c) for c in CELLS]), default="r1c2"),
    )
    setattr(OrderForm, f"card_{_n}", StringField(_l("Card %(n)s", n=_n + 1), validators=[Optional(), Length(max=8)]))


# --- settle a six-deal game ------------------------------------------------------------------------

GAME_TIE = next(o for o in DRACULA.options if o.id == "game_tie")
GAME_SIDES: list[tuple[str, Any]] = CLAIM_SIDES["2"]


class GameForm(CheckedForm):
    """Each deal's two scores (dracula-10.6), and how equal totals are settled (dracula-6.2)."""

    game_tie = ChoiceField(
        _l("Equal totals after six deals (%(clause)s)", clause=GAME_TIE.clause),
        choices=option_choices(GAME_TIE),
        default=GAME_TIE.default,
    )

    def rows(self) -> list[tuple[IntegerField, IntegerField]]:
        return [(getattr(self, f"queen_{n}"), getattr(self, f"king_{n}")) for n in range(1, DEALS_PER_GAME + 1)]

    def deals(self) -> list[dict[str, int]]:
        return [{"queen": queen.data, "king": king.data} for queen, king in self.rows()]

    def claim_sides(self) -> list[tuple[str, Any]]:
        return GAME_SIDES

    def body(self) -> dict[str, Any]:
        return {"deals": self.deals(), "options": {"game_tie": self.game_tie.data}}

    def place_error(self, error: InputError) -> None:
        """At the deal's score the location names (``("deals", 3, "king")``), else above the form."""
        location = error.location
        target = None
        if len(location) == 3 and location[0] == "deals" and location[2] in ("queen", "king"):
            target = getattr(self, f"{location[2]}_{location[1]}", None)
        show_error(self, target, error)


for _n in range(1, DEALS_PER_GAME + 1):
    for _side, _label in GAME_SIDES:
        setattr(
            GameForm,
            f"{_side}_{_n}",
            WholeNumberField(
                _l("Deal %(n)s: %(side)s", n=_n, side=_label),
                validators=[InputRequired(message=_l("Enter the deal's score, 0 or more")), NumberRange(min=0)],
            ),
        )


register(
    RefereePage(
        DRACULA, "coffin", _l("Score this coffin"), CoffinForm, shows=PICKER | {"scoring_options": SCORING_OPTIONS}
    ),
    RefereePage(DRACULA, "placement", _l("May a card go on this cell?"), PlacementForm, shows=PICKER),
    RefereePage(DRACULA, "order", _l("Was this deal placed in order?"), OrderForm, shows=PICKER),
    RefereePage(DRACULA, "game", _l("Settle a six-deal game"), GameForm),
)
