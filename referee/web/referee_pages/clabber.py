"""Clabber referee pages: whose meld scores; who wins this trick; may I play this card; may I say
"I play"; is the game over?

Each page works for the four variants: ``?players=2``, ``3``, ``4`` (the default, seats N E S W)
or ``6`` names the seats, and a hidden field carries the choice through the post.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, StringField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from referee.errors import InputError
from referee.rules.clabber import CLABBER, MELD_NAMES, PACK
from referee.rules.clabber.melds import BELL
from referee.rules.clabber.scoring import deal_range_note
from referee.rules.clabber.values import HAND_SIZES, Table
from referee.web.forms.cards import holds_card, suit_field, typed_cards
from referee.web.forms.common import (
    RadioChoiceField,
    WholeNumberField,
    add_error,
    choices,
    option_fields,
    raw_options,
)
from referee.web.http.i18n import say
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import register
from referee.web.referee_pages.end_page import end_page
from referee.web.referee_pages.page import CheckedForm, RefereePage, Result

#: The seats each variant is shown with, clockwise; with 4 and 6 players every other seat is a team.
SEATS: dict[int, tuple[str, ...]] = {
    2: ("A", "B"),
    3: ("A", "B", "C"),
    4: ("N", "E", "S", "W"),
    6: ("A", "B", "C", "D", "E", "F"),
}
MAX_SEATS = max(SEATS)
#: The most sides a deal scores: three players, each alone (clabber-10.1).
MAX_SIDES = 3


MELD_OPTIONS = tuple(o for o in CLABBER.options if o.id == "meld_scope")
PLAY_OPTIONS = tuple(o for o in CLABBER.options if o.id in {"undertrump", "partner_exemption"})
#: What every Clabber page shows: the variants' seats and the card picker of its pack.
SHOWN = {"seats": SEATS, "picker": pack_picker(PACK)}


def players_of(value: object) -> int | None:
    """The variant asked for, or None for a player count Clabber is not played by."""
    players = str(value).strip()
    return int(players) if players in {str(n) for n in SEATS} else None


def players_problem() -> str:
    return _("Clabber is played by 2, 3, 4 or 6 players: choose one of these")


class _Variant(CheckedForm):
    """A page for one of the variants: ``?players=`` (shown) or the posted hidden field names it.

    An unknown count is refused at the field (on a link as on a post); the page meanwhile shows the
    4-player table so that nothing else breaks.
    """

    players = HiddenField(default="4")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if request.method == "GET":
            self.players.data = (request.args.get("players") or "4").strip()[:8]
            if players_of(self.players.data) is None:
                self.players.errors = [players_problem()]
        self.count = players_of(self.players.data) or 4
        self.seats = SEATS[self.count]
        self.table = Table(self.seats)

    def validate_players(self, field: Any) -> None:
        if players_of(field.data) is None:
            raise ValidationError(players_problem())

    def status(self, result: Result) -> int:
        """400 for a link naming a player count Clabber is not played by, as for a refused post."""
        return 400 if self.players.errors else super().status(result)

    def team_sides(self) -> list[tuple[str, Any]]:
        """Each team (or player) of the table, as a claim's side."""
        return [(team, team) for team in self.table.team_names]


class VariantForm(_Variant):
    trump = suit_field(_l("Trump"))

    def validate_trump(self, field: Any) -> None:
        if field.data not in ("S", "H", "D", "C"):
            raise ValidationError(_("Choose the trump suit"))

    def seat_label(self, seat: str) -> str:
        team = self.table.team_of(seat)
        return seat if team == seat else f"{seat} ({team})"

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"trump": self.trump.data}
        if self.count != 4:
            body["seats"] = list(self.seats)
        return body


# --- whose meld scores? ----------------------------------------------------------------------------


class MeldsForm(VariantForm):
    def hand_fields(self) -> list[tuple[str, StringField]]:
        return [(seat, getattr(self, f"hand_{i}")) for i, seat in enumerate(self.seats)]

    def claim_sides(self) -> list[tuple[str, Any]]:
        return self.team_sides()

    def body(self) -> dict[str, Any]:
        return super().body() | {
            "hands": {seat: hand.data for seat, hand in self.hand_fields() if hand.data and hand.data.strip()},
            "options": raw_options(self, MELD_OPTIONS),
        }

    def place_error(self, error: InputError) -> None:
        """At the seat's hand the error's location names (a card given twice: its second place)."""
        where = error.location
        seat = where[1] if len(where) > 1 and where[0] == "hands" else None
        self.place_at(next((hand for s, hand in self.hand_fields() if s == seat), None), error)

    def shown(self, result: Result) -> dict[str, Any]:
        return {"hand_size": HAND_SIZES[self.count]}


for _i in range(MAX_SEATS):
    setattr(MeldsForm, f"hand_{_i}", StringField(_l("Hand %(n)s", n=_i + 1), validators=[Optional(), Length(max=60)]))
for _name, _field in option_fields(MELD_OPTIONS).items():
    setattr(MeldsForm, _name, _field)


# --- who wins this trick? --------------------------------------------------------------------------


class LedForm(VariantForm):
    """A variant form with the seat that led; a seat the table does not have is refused at the field."""

    leader = RadioChoiceField(_l("Who led?"), choices=[], validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.leader.choices = choices([(s, s) for s in self.seats])
        if self.leader.data is None or (request.method == "GET" and self.leader.data not in self.seats):
            self.leader.data = self.seats[0]

    def validate_leader(self, field: Any) -> None:
        if field.data not in self.seats:
            raise ValidationError(
                _(
                    "%(seat)s is not a seat at this table; the seats are %(seats)s",
                    seat=repr(field.data),
                    seats=_(", ").join(self.seats),
                )
            )

    def start(self) -> int:
        return self.seats.index(self.leader.data) if self.leader.data in self.seats else 0


class TrickForm(LedForm):
    last = RadioChoiceField(
        _l("Which trick?"),
        choices=choices([("false", _l("Not the last")), ("true", _l("The last: 10 more"))]),
        default="false",
    )

    def order(self) -> list[str]:
        """The seats clockwise from the leader."""
        start = self.start()
        return [self.seats[(start + k) % self.count] for k in range(self.count)]

    def card_fields(self) -> list[StringField]:
        return [getattr(self, f"card_{k}") for k in range(self.count)]

    def validate_card_0(self, field: Any) -> None:
        if not (field.data or "").strip():
            raise ValidationError(_("Enter at least the card led"))

    def ready(self) -> bool:
        """The cards fill the boxes from the lead on; a gap is marked at the empty box."""
        fields = self.card_fields()
        for k in range(1, len(fields)):
            if (fields[k].data or "").strip() and not (fields[k - 1].data or "").strip():
                add_error(fields[k - 1], _("Enter the cards in order, without a gap"))
                return False
        return True

    def plays(self) -> list[dict[str, str]]:
        return [
            {"seat": seat, "card": f.data.strip()}
            for seat, f in zip(self.order(), self.card_fields(), strict=True)
            if f.data and f.data.strip()
        ]

    def claim_sides(self) -> list[tuple[str, Any]]:
        return self.team_sides()

    def body(self) -> dict[str, Any]:
        return super().body() | {"plays": self.plays(), "last": self.last.data == "true"}

    def place_error(self, error: InputError) -> None:
        """At the last box holding the card the error names, else at the field it names."""
        token = getattr(error, "token", None)
        holding = [f for f in self.card_fields() if holds_card(f.data, token)] if token else []
        self.place_at(holding[-1] if holding else None, error)

    def shown(self, result: Result) -> dict[str, Any]:
        return {"plays": self.plays() if result else []}


for _k in range(MAX_SEATS):
    setattr(TrickForm, f"card_{_k}", StringField(_l("Card %(n)s", n=_k + 1), validators=[Optional(), Length(max=4)]))


# --- may I play this card? -------------------------------------------------------------------------


class LegalForm(LedForm):
    trick = StringField(
        _l("Cards played so far, in order from the leader"),
        validators=[Optional(), Length(max=40)],
        description=_l("Leave empty if you are leading."),
    )
    hand = StringField(
        _l("Your hand"), validators=[InputRequired(message=_l("Enter the cards in your hand")), Length(max=60)]
    )
    card = StringField(
        _l("The card you want to play (optional)"),
        validators=[Optional(), Length(max=4)],
        description=_l("Leave empty to see every card you may play."),
    )

    def trick_cards(self) -> list[str]:
        return typed_cards(self.trick.data)

    def seat_after(self, plays: int) -> str:
        """The seat that plays after ``plays`` cards, clockwise from the leader."""
        return self.seats[(self.start() + plays) % self.count]

    def seat(self) -> str:
        """Whose turn it is: the seat after the cards played so far."""
        return self.seat_after(len(self.trick_cards()))

    def plays(self) -> list[dict[str, str]]:
        return [{"seat": self.seat_after(k), "card": card} for k, card in enumerate(self.trick_cards())]

    def body(self) -> dict[str, Any]:
        body = super().body() | {
            "seat": self.seat(),
            "hand": self.hand.data,
            "trick": self.plays(),
            "options": raw_options(self, PLAY_OPTIONS),
        }
        if self.card.data and self.card.data.strip():
            body["card"] = self.card.data.strip()
        return body

    def place_error(self, error: InputError) -> None:
        """Whose turn it is (``seat``) at the trick that says it; the trick, hand or card at its box."""
        name = "trick" if error.field == "seat" else error.field
        self.place_at(getattr(self, name) if name in ("trick", "hand", "card") else None, error)

    def shown(self, result: Result) -> dict[str, Any]:
        return {"seat": self.seat(), "hand_size": HAND_SIZES[self.count]}


for _name, _field in option_fields(PLAY_OPTIONS).items():
    setattr(LegalForm, _name, _field)


# --- may I say "I play"? ---------------------------------------------------------------------------


class BidForm(CheckedForm):
    players = RadioChoiceField(
        _l("Players"), choices=choices([(str(n), str(n)) for n in SEATS]), default="4", validate_choice=True
    )
    turn_up = StringField(
        _l("Turn-up"), validators=[InputRequired(message=_l("Enter the turned-up card")), Length(max=8)]
    )
    round = RadioChoiceField(
        _l("Round"),
        choices=choices([("1", _l("Round 1: the turn-up's suit")), ("2", _l("Round 2: name another suit"))]),
        default="1",
    )
    hand = StringField(
        _l("The bidder's hand"),
        validators=[InputRequired(message=_l("Enter the bidder's cards")), Length(max=60)],
        description=_l("As held while bidding (with 2 players, the first 6 cards)."),
    )
    dealer = RadioChoiceField(
        _l("Is the bidder the dealer?"), choices=choices([("no", _l("No")), ("yes", _l("Yes"))]), default="no"
    )
    suit = suit_field(_l("Suit named in round 2"))

    def validate_suit(self, field: Any) -> None:
        if self.round.data == "2" and field.data not in ("S", "H", "D", "C"):
            if not field.data:
                raise ValidationError(_("Choose the suit named in round 2"))
            raise ValidationError(_("Choose one of the four suits"))

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "players": int(self.players.data),
            "turn_up": (self.turn_up.data or "").strip(),
            "round": int(self.round.data),
            "hand": self.hand.data,
            "dealer": self.dealer.data == "yes",
        }
        if self.round.data == "2":
            body["suit"] = self.suit.data
        return body


# --- score a deal ------------------------------------------------------------------------------------


class ScoreForm(_Variant):
    """Each side's card points, meld and bell, and who said “I play”; the variant comes from ``?players=``."""

    makers = RadioChoiceField(
        _l("Who said “I play”?"), choices=[], validators=[InputRequired(message=_l("Choose who said “I play”"))]
    )
    bell = RadioChoiceField(_l("Bell"), choices=[], default="")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sides = list(self.table.team_names)
        self.makers.choices = choices([(side, side) for side in self.sides])
        self.bell.choices = choices([("", _("No bell")), *((side, side) for side in self.sides)])
        if self.bell.data is None:
            self.bell.data = ""

    def side_rows(self) -> list[tuple[str, Any, Any]]:
        """Each side with its card points field and its meld points field."""
        return [(side, getattr(self, f"points_{i}"), getattr(self, f"meld_{i}")) for i, side in enumerate(self.sides)]

    def points_note(self) -> str:
        return say(deal_range_note(self.count))

    def body(self) -> dict[str, Any]:
        rows = self.side_rows()
        body: dict[str, Any] = {
            "players": self.count,
            "makers": self.makers.data,
            "points": {side: points.data for side, points, _meld in rows},
            "melds": {side: meld.data for side, _points, meld in rows if meld.data},
            "options": raw_options(self, MELD_OPTIONS),
        }
        if self.bell.data in self.sides:
            body["bells"] = {self.bell.data: BELL}
        return body

    def claim_sides(self) -> list[tuple[str, Any]]:
        return self.team_sides()

    def place_error(self, error: InputError) -> None:
        """At the side's points or meld box the error's field and location name, else with the form."""
        group = (error.field or "").split(".")[0]
        side = error.location[1] if len(error.location) > 1 else (error.field or "").partition(".")[2]
        boxes = {"points": 1, "melds": 2}
        target = (
            next((row[boxes[group]] for row in self.side_rows() if row[0] == side), None) if group in boxes else None
        )
        if target is None and group == "bells":
            target = self.bell
        self.place_at(target, error)


for _i in range(MAX_SIDES):
    setattr(ScoreForm, f"points_{_i}", WholeNumberField(_l("Card points"), validators=[Optional()]))
    setattr(ScoreForm, f"meld_{_i}", WholeNumberField(_l("Meld points"), validators=[Optional()]))
for _name, _field in option_fields(MELD_OPTIONS).items():
    setattr(ScoreForm, _name, _field)


register(
    RefereePage(
        CLABBER,
        "melds",
        _l("Whose meld scores?"),
        MeldsForm,
        shows=SHOWN | {"options": MELD_OPTIONS, "meld_names": MELD_NAMES},
    ),
    RefereePage(CLABBER, "trick", _l("Who wins this trick?"), TrickForm, shows=SHOWN),
    RefereePage(CLABBER, "legal", _l("May I play this card?"), LegalForm, shows=SHOWN | {"options": PLAY_OPTIONS}),
    end_page(CLABBER, ("NS", "EW"), "game_tie"),
    RefereePage(CLABBER, "bid", _l("May I say “I play”?"), BidForm, shows=SHOWN),
    RefereePage(CLABBER, "deal", _l("Score a deal"), ScoreForm, shows=SHOWN | {"options": MELD_OPTIONS}),
)
