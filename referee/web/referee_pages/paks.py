"""Paks referee pages: is this pak legal? Is this steal legal? Was this turn right? Is the game over?"""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, Optional

from referee.cards import SUIT_SYMBOLS, SUITS, CardError
from referee.errors import InputError
from referee.rules.paks import PAKS, pack
from referee.web.end_page import end_form_class, end_page
from referee.web.entries.paks import holds_card
from referee.web.forms import MultiCheckboxField, choices, option_fields, place_error, raw_options
from referee.web.presentation import pack_picker
from referee.web.referee_pages import ClaimInput, page, page_status, referee_pages, verdict

STEAL_OPTIONS = tuple(o for o in PAKS.options if o.id == "partner_steal")
#: Victim paks one steal may take together (paks-5.6), as rows on the page.
VICTIM_ROWS = 3

NO_PAK = "none"
_SUIT_CHOICES = [(s, SUIT_SYMBOLS[s]) for s in SUITS]


def _cards_field(label: str, description: str = "") -> StringField:
    return StringField(label, validators=[Optional(), Length(max=160)], description=description)


class _DecksForm(FlaskForm):
    decks = SelectField(
        "Decks in play (paks-1.2)",
        choices=choices([("2", "two decks (3 or more players)"), ("1", "one deck (2 players)")]),
        default="2",
    )

    def picker(self) -> dict[str, Any]:
        return pack_picker(pack(2 if self.decks.data != "1" else 1))

    def card_fields(self) -> list[Field]:
        return []

    def place_error(self, error: InputError) -> None:
        """At the field holding the named card, else at the field the error names."""
        if isinstance(error, CardError):
            for field in self.card_fields():
                if holds_card(field.data or "", error.token):
                    field.errors = [*list(field.errors or []), error.message]
                    return
        place_error(self, error)


class PakForm(_DecksForm):
    table_card = _cards_field("Table card", "The card on the table that is being taken")
    played = _cards_field("Played from the hand", "Every card played on it, e.g. 5H 4H")

    def card_fields(self) -> list[Field]:
        return [self.table_card, self.played]


class StealForm(_DecksForm):
    pak_suit = RadioField(
        "Suit of the pak made this turn",
        choices=choices([(NO_PAK, "no pak"), *_SUIT_CHOICES]),
        validators=[InputRequired(message="Pick the suit of the pak made this turn, or “no pak”")],
    )
    stolen_suits = MultiCheckboxField("Suits already stolen this turn", choices=choices(_SUIT_CHOICES), default=[])
    played = _cards_field("Played from the hand", "Every card the stealer plays, e.g. 3H 2H")
    player = StringField("Who steals", validators=[Optional(), Length(max=40)], default="A")
    owner = StringField("Whose paks", validators=[Optional(), Length(max=40)], default="B")
    partners = BooleanField("The two are partners (same team)")

    def victims(self) -> list[StringField]:
        return [getattr(self, f"victim_{n}") for n in range(1, VICTIM_ROWS + 1)]

    def card_fields(self) -> list[Field]:
        return [*self.victims(), self.played]

    def place_error(self, error: InputError) -> None:
        if error.field == "victim_paks" and not isinstance(error, CardError):
            self.victim_1.errors = [*list(self.victim_1.errors or []), error.message]
            return
        if error.field == "partners":
            self.partners.errors = [*list(self.partners.errors or []), error.message]
            return
        super().place_error(error)


for _n in range(1, VICTIM_ROWS + 1):
    setattr(
        StealForm,
        f"victim_{_n}",
        _cards_field(
            "The pak stolen" if _n == 1 else f"Stolen together with it: pak {_n}",
            "All its cards, e.g. 5H 4H KH" if _n == 1 else "",
        ),
    )
for _name, _field in option_fields(STEAL_OPTIONS).items():
    setattr(StealForm, _name, _field)


TURN_TEXT = {
    "no_table": "Enter the cards on the table",
    "no_drawn": "Enter the card drawn",
}


class TurnForm(_DecksForm):
    table = StringField(
        "Table before the draw",
        validators=[InputRequired(message=TURN_TEXT["no_table"]), Length(max=160)],
        description="Every face-up table card, e.g. 9S 4D KC 3H",
    )
    drawn = StringField(
        "Card drawn",
        validators=[InputRequired(message=TURN_TEXT["no_drawn"]), Length(max=8)],
        description="The card drawn from the stock",
    )
    hand = _cards_field(
        "Hand after the draw (optional)",
        "Every card held; needed to tell whether a compulsory pak was missed (paks-9.7)",
    )
    pak_table_card = _cards_field("Pak made: table card taken (optional)", "Leave empty if no pak was made")
    pak_played = _cards_field("Pak made: cards played", "e.g. 10S")

    def card_fields(self) -> list[Field]:
        return [self.table, self.drawn, self.hand, self.pak_table_card, self.pak_played]

    def place_error(self, error: InputError) -> None:
        if error.field == "paks" and not isinstance(error, CardError):
            self.pak_table_card.errors = [*list(self.pak_table_card.errors or []), error.message]
            return
        super().place_error(error)

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "table": self.table.data or "",
            "drawn": (self.drawn.data or "").strip(),
            "decks": int(self.decks.data),
            "paks": [],
        }
        if (self.hand.data or "").strip():
            body["hand"] = self.hand.data
        taken = (self.pak_table_card.data or "").split()
        if taken or (self.pak_played.data or "").strip():
            body["paks"] = [{"table_cards": taken, "played": self.pak_played.data or ""}]
        return body


@page("paks", "Was this turn played right?")
@referee_pages.route("/paks/turn", methods=["GET", "POST"])
def paks_turn() -> Any:
    form = TurnForm()
    result = None
    if form.validate_on_submit():
        result = verdict(PAKS.checks["turn"], form.body(), form.place_error)
    status = page_status(result)
    return render_template("referee/paks_turn.html", form=form, result=result, game=PAKS), status


#: A pak's or steal's claim is its value (the check's ``{"value": …}``).
VALUE_CLAIM = [("value", "Value played")]


def _name(field: StringField) -> str | None:
    return (field.data or "").strip() or None


@page("paks", "Is this pak legal?")
@referee_pages.route("/paks/pak", methods=["GET", "POST"])
def paks_pak() -> Any:
    form = PakForm()
    claim = ClaimInput.read(VALUE_CLAIM)
    result = None
    if form.validate_on_submit() and claim.valid:
        body = {
            "table_card": (form.table_card.data or "").strip(),
            "played": form.played.data or "",
            "decks": int(form.decks.data),
        }
        result = verdict(PAKS.checks["pak"], claim.into(body), form.place_error)
    status = page_status(result)
    return render_template("referee/paks_pak.html", form=form, result=result, game=PAKS, claim=claim), status


@page("paks", "Is this steal legal?")
@referee_pages.route("/paks/steal", methods=["GET", "POST"])
def paks_steal() -> Any:
    form = StealForm()
    claim = ClaimInput.read(VALUE_CLAIM)
    result = None
    if form.validate_on_submit() and claim.valid:
        owner = _name(form.owner)
        victims = [{"owner": owner, "cards": field.data} for field in form.victims() if (field.data or "").strip()]
        body = {
            "pak_suit": None if form.pak_suit.data == NO_PAK else form.pak_suit.data,
            "stolen_suits": list(form.stolen_suits.data or []),
            "victim_paks": victims,
            "played": form.played.data or "",
            "player": _name(form.player),
            "partners": [owner] if owner and form.partners.data else [],
            "decks": int(form.decks.data),
            "options": raw_options(form, STEAL_OPTIONS),
        }
        result = verdict(PAKS.checks["steal"], claim.into(body), form.place_error)
    status = page_status(result)
    return render_template(
        "referee/paks_steal.html", form=form, result=result, game=PAKS, steal_options=STEAL_OPTIONS, claim=claim
    ), status


END_FORM = end_form_class(("A", "B"), ())


@page("paks", "Is the game over?")
@referee_pages.route("/paks/end", methods=["GET", "POST"])
def paks_end() -> Any:
    return end_page(PAKS, END_FORM, (), verdict, page_status)
