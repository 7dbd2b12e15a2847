"""Paks referee pages: is this pak legal? Is this steal legal? Was this turn right? Is the game over?"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.cards import SUIT_SYMBOLS, SUITS, CardError
from referee.errors import InputError
from referee.rules.paks import PAKS, pack
from referee.rules.seating import find_name
from referee.web.forms.cards import cards_field, holds_card, typed_cards
from referee.web.forms.common import (
    ChoiceField,
    MultiCheckboxField,
    RadioChoiceField,
    choices,
    option_fields,
    raw_options,
    show_error,
)
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import register
from referee.web.referee_pages.end_page import end_page
from referee.web.referee_pages.page import CheckedForm, RefereePage

STEAL_OPTIONS = tuple(o for o in PAKS.options if o.id == "partner_steal")
#: Victim paks one steal may take together (paks-5.6), as rows on the page.
VICTIM_ROWS = 3

NO_PAK = "none"
_SUIT_CHOICES = [(s, SUIT_SYMBOLS[s]) for s in SUITS]


#: A pak's or steal's claim is its value (the check's ``{"value": …}``).
VALUE_CLAIM = [("value", _l("Value played"))]


def _cards_field(label: Any, description: Any = "") -> StringField:
    return cards_field(label, description, max_length=160)


def _name(field: StringField) -> str | None:
    return (field.data or "").strip() or None


class DecksForm(CheckedForm):
    decks = ChoiceField(
        _l("Decks in play (paks-1.2)"),
        choices=choices([("2", _l("two decks (3 or more players)")), ("1", _l("one deck (2 players)"))]),
        default="2",
    )

    def picker(self) -> dict[str, Any]:
        return pack_picker(pack(2 if self.decks.data != "1" else 1))

    def card_fields(self) -> list[Field]:
        return []

    def field_named(self, field: str, location: tuple[str | int, ...]) -> str:
        """The form field that holds ``field`` of the check's request (at ``location`` inside it)."""
        if field.startswith("options."):
            return "opt_" + field.removeprefix("options.").split(".")[0]
        return field

    def place_error(self, error: InputError) -> None:
        """At the form field the error's field and location name; a card used too often (no location)
        at the field holding it; else above the form."""
        target = None
        if isinstance(error, CardError) and not error.location:
            target = next((f for f in self.card_fields() if holds_card(f.data, error.token)), None)
        if target is None and error.field:
            target = getattr(self, self.field_named(error.field, error.location), None)
        show_error(self, target if isinstance(target, Field) else None, error)


class PakForm(DecksForm):
    table_card = _cards_field(_l("Table card"), _l("The card on the table that is being taken"))
    played = _cards_field(_l("Played from the hand"), _l("Every card played on it, e.g. 5H 4H"))

    def card_fields(self) -> list[Field]:
        return [self.table_card, self.played]

    def claim_sides(self) -> list[tuple[str, Any]]:
        return VALUE_CLAIM

    def body(self) -> dict[str, Any]:
        return {
            "table_card": (self.table_card.data or "").strip(),
            "played": self.played.data or "",
            "decks": int(self.decks.data),
        }


class _SuitsField(MultiCheckboxField):
    """Suits ticked on the page; a value that is no suit is refused at the field, in the reader's language."""

    def pre_validate(self, form: FlaskForm) -> None:
        if any(value not in SUITS for value in self.data or []):
            raise ValidationError(_("Tick suits among ♠ ♥ ♦ ♣ only"))


class StealForm(DecksForm):
    pak_suit = RadioChoiceField(
        _l("Suit of the pak made this turn"),
        choices=choices([(NO_PAK, _l("no pak")), *_SUIT_CHOICES]),
        validators=[InputRequired(message=_l("Pick the suit of the pak made this turn, or “no pak”"))],
    )
    stolen_suits = _SuitsField(_l("Suits already stolen this turn"), choices=choices(_SUIT_CHOICES), default=[])
    played = _cards_field(_l("Played from the hand"), _l("Every card the stealer plays, e.g. 3H 2H"))
    player = StringField(_l("Who steals"), validators=[Optional(), Length(max=40)], default="A")
    owner = StringField(_l("Whose paks"), validators=[Optional(), Length(max=40)], default="B")
    partners = BooleanField(_l("The two are partners (same team)"))

    def victims(self) -> list[StringField]:
        return [getattr(self, f"victim_{n}") for n in range(1, VICTIM_ROWS + 1)]

    def card_fields(self) -> list[Field]:
        return [*self.victims(), self.played]

    def field_named(self, field: str, location: tuple[str | int, ...]) -> str:
        """Victim pak n is row ``victim_n`` (the first when the error names none); its owner is ``owner``."""
        if field == "victim_paks":
            number = location[1] if len(location) > 1 and isinstance(location[1], int) else 1
            return f"victim_{min(number, VICTIM_ROWS)}"
        if field.startswith("victim_paks["):
            return "owner"
        return super().field_named(field, location)

    def claim_sides(self) -> list[tuple[str, Any]]:
        return VALUE_CLAIM

    def body(self) -> dict[str, Any]:
        owner = _name(self.owner)
        return {
            "pak_suit": None if self.pak_suit.data == NO_PAK else self.pak_suit.data,
            "stolen_suits": list(self.stolen_suits.data or []),
            "victim_paks": [
                {"owner": owner, "cards": field.data} for field in self.victims() if (field.data or "").strip()
            ],
            "played": self.played.data or "",
            "player": _name(self.player),
            "partners": [owner] if owner and self.partners.data else [],
            "decks": int(self.decks.data),
            "options": raw_options(self, STEAL_OPTIONS),
        }


for _n in range(1, VICTIM_ROWS + 1):
    setattr(
        StealForm,
        f"victim_{_n}",
        _cards_field(
            _l("The pak stolen") if _n == 1 else _l("Stolen together with it: pak %(n)s", n=_n),
            _l("All its cards, e.g. 5H 4H KH") if _n == 1 else "",
        ),
    )
for _option, _field in option_fields(STEAL_OPTIONS).items():
    setattr(StealForm, _option, _field)


class TurnForm(DecksForm):
    table = StringField(
        _l("Table before the draw"),
        validators=[InputRequired(message=_l("Enter the cards on the table")), Length(max=160)],
        description=_l("Every face-up table card, e.g. 9S 4D KC 3H"),
    )
    drawn = StringField(
        _l("Card drawn"),
        validators=[InputRequired(message=_l("Enter the card drawn")), Length(max=8)],
        description=_l("The card drawn from the stock"),
    )
    hand = _cards_field(
        _l("Hand after the draw (optional)"),
        _l("Every card held; needed to tell whether a compulsory pak was missed (paks-9.7)"),
    )
    pak_table_card = _cards_field(_l("Pak made: table card taken (optional)"), _l("Leave empty if no pak was made"))
    pak_played = _cards_field(_l("Pak made: cards played"), _l("e.g. 10S"))

    def card_fields(self) -> list[Field]:
        return [self.table, self.drawn, self.hand, self.pak_table_card, self.pak_played]

    def field_named(self, field: str, location: tuple[str | int, ...]) -> str:
        """The pak's played cards at ``pak_played``; anything else about the pak at its table card."""
        if field == "paks":
            return "pak_played" if "played" in location else "pak_table_card"
        return super().field_named(field, location)

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "table": self.table.data or "",
            "drawn": (self.drawn.data or "").strip(),
            "decks": int(self.decks.data),
            "paks": [],
        }
        if (self.hand.data or "").strip():
            body["hand"] = self.hand.data
        taken = typed_cards(self.pak_table_card.data)
        if taken or (self.pak_played.data or "").strip():
            body["paks"] = [{"table_cards": taken, "played": self.pak_played.data or ""}]
        return body


#: Sides a deal may have (paks-9.6): 2 players or teams, or 3 players.
SIDE_ROWS = 3
#: The deal's claim boxes, one a side row; the claim goes to the check under the names typed.
DEAL_CLAIM = [(f"side{n}", _l("Side %(n)s", n=n + 1)) for n in range(SIDE_ROWS)]
DEAL_OPTIONS = tuple(o for o in PAKS.options if o.id in ("throw_off", "throw_off_min"))
_PAK_LINES = re.compile(r"[;/\n]")


def _paks_of(text: str | None) -> list[str]:
    """The paks typed in one box: one a line, or several on a line with ``;`` or ``/`` between them."""
    return [part.strip() for part in _PAK_LINES.split(text or "") if part.strip()]


class DealForm(DecksForm):
    """Each side's name and paks at the end of a deal; under the manual throw-off, the paks it discards."""

    def rows(self) -> list[tuple[StringField, TextAreaField, TextAreaField]]:
        return [
            (getattr(self, f"side_{n}"), getattr(self, f"paks_{n}"), getattr(self, f"thrown_{n}"))
            for n in range(SIDE_ROWS)
        ]

    def card_fields(self) -> list[Field]:
        return [field for _, paks, thrown in self.rows() for field in (paks, thrown)]

    def names(self) -> list[str]:
        return [(name.data or "").strip() for name, _, _ in self.rows()]

    def sides(self) -> list[dict[str, Any]]:
        """The check's ``sides``: every row with a name or paks (a row with paks and no name is refused there)."""
        sides = []
        for name, paks, thrown in self.rows():
            if (name.data or "").strip() or _paks_of(paks.data) or _paks_of(thrown.data):
                side: dict[str, Any] = {"name": (name.data or "").strip(), "paks": _paks_of(paks.data)}
                if _paks_of(thrown.data):
                    side["thrown_off"] = _paks_of(thrown.data)
                sides.append(side)
        return sides

    def field_named(self, field: str, location: tuple[str | int, ...]) -> str:
        """A side's paks (or its thrown-off paks) by the side's name; a malformed side at its name."""
        if field == "sides" and len(location) > 1:
            where = location[1]
            names = self.names()
            if isinstance(where, int):
                return f"side_{where}"
            found = find_name(str(where), names)
            if found is not None:
                row = names.index(found)
                return f"thrown_{row}" if "thrown_off" in location else f"paks_{row}"
        if field.startswith("sides[") and field.endswith("].name"):
            return f"side_{field[6:-6]}"
        if field == "sides":
            return "side_0"
        return super().field_named(field, location)

    def claim_sides(self) -> list[tuple[str, Any]]:
        return DEAL_CLAIM

    def claim_names(self) -> dict[str, str]:
        """The claim of side row n goes to the check under the name typed in that row."""
        return dict(zip((slot for slot, _label in DEAL_CLAIM), self.names(), strict=True))

    def body(self) -> dict[str, Any]:
        return {"sides": self.sides(), "decks": int(self.decks.data), "options": raw_options(self, DEAL_OPTIONS)}


for _n in range(SIDE_ROWS):
    setattr(
        DealForm,
        f"side_{_n}",
        StringField(
            _l("Name of side %(n)s", n=_n + 1), validators=[Optional(), Length(max=40)], default="AB"[_n : _n + 1]
        ),
    )
    setattr(
        DealForm,
        f"paks_{_n}",
        TextAreaField(
            _l("Paks of side %(n)s", n=_n + 1),
            validators=[Optional(), Length(max=2000)],
            description=_l("One pak a line, e.g. QH 2H KH") if _n == 0 else "",
        ),
    )
    setattr(
        DealForm,
        f"thrown_{_n}",
        TextAreaField(
            _l("Thrown off by side %(n)s (manual throw-off only)", n=_n + 1),
            validators=[Optional(), Length(max=2000)],
        ),
    )
for _option, _field in option_fields(DEAL_OPTIONS).items():
    setattr(DealForm, _option, _field)

register(
    RefereePage(PAKS, "turn", _l("Was this turn played right?"), TurnForm),
    RefereePage(PAKS, "pak", _l("Is this pak legal?"), PakForm),
    RefereePage(PAKS, "steal", _l("Is this steal legal?"), StealForm, shows={"steal_options": STEAL_OPTIONS}),
    end_page(PAKS, ("A", "B")),
    RefereePage(PAKS, "deal", _l("Throw off and score a deal"), DealForm, shows={"deal_options": DEAL_OPTIONS}),
)
