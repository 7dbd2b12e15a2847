"""Zheng Fen referee pages: what is this combination, does this play beat that one, who takes this trick,
and what does a deal score?"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import Optional

from referee.cards import check_copies
from referee.errors import InputError
from referee.messages import Param, msg, renamed
from referee.rules.checks import Check
from referee.rules.zhengfen import ZHENGFEN, ZHENGFEN_PACK, Action, settle_trick
from referee.rules.zhengfen.combinations import FORM_NAMES, TYPE_NAMES
from referee.rules.zhengfen.order import check_places
from referee.web.forms.cards import cards_field, typed_cards
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import ChoiceField, MultiCheckboxField, add_error, choices, option_fields, raw_options
from referee.web.forms.entries.zhengfen import ZhengFenEntryForm
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import register
from referee.web.referee_pages.page import CheckedForm, RefereeForm, RefereePage, Result

#: Type and trio-form names for the facts line of a reading, in the reader's language.
NAMES = {"types": TYPE_NAMES, "forms": FORM_NAMES}
#: The house rules that change what a combination is (the target only ends the game).
PLAY_OPTIONS = tuple(o for o in ZHENGFEN.options if o.id != "target")
#: What every Zheng Fen page shows: the card picker of its pack.
PICKER = {"picker": pack_picker(ZHENGFEN_PACK)}


def _cards_field(label: Any, description: Any) -> StringField:
    return cards_field(label, description, max_length=300)


class ClassifyForm(CheckedForm):
    cards = _cards_field(_l("The cards played"), _l("e.g. 5S 5H 6S SJ 7D 7C — SJ and BJ are the jokers"))

    def claim_sides(self) -> list[tuple[str, Any]]:
        return [("points", _l("Points"))]

    def body(self) -> dict[str, Any]:
        return {"cards": typed_cards(self.cards.data), "options": raw_options(self, PLAY_OPTIONS)}

    def shown(self, result: Result) -> dict[str, Any]:
        return {"cards": typed_cards(self.cards.data)}


class BeatsForm(CheckedForm):
    current = _cards_field(_l("Top play (the cards to beat)"), _l("e.g. 8H 8C"))
    play = _cards_field(_l("New play"), _l("e.g. 8S SJ"))

    def plays(self) -> dict[str, list[str]]:
        """The two plays as typed, the check's ``current`` and ``play``."""
        return {"current": typed_cards(self.current.data), "play": typed_cards(self.play.data)}

    def body(self) -> dict[str, Any]:
        return self.plays() | {"options": raw_options(self, PLAY_OPTIONS)}

    def shown(self, result: Result) -> dict[str, Any]:
        return self.plays()


for _form in (ClassifyForm, BeatsForm):
    for _name, _field in option_fields(PLAY_OPTIONS).items():
        setattr(_form, _name, _field)


# --- what does this deal score? -------------------------------------------------------------------

#: The players of the deal page, named by letter as in the rules' examples (zhengfen-1.1: 3 to 6).
LETTERS = ("A", "B", "C", "D", "E", "F")


class DealForm(ZhengFenEntryForm, CheckedForm):
    """The deal entry form of a match, for players A, B, C, … and how many of them played."""

    players = ChoiceField(_l("Players"), choices=choices([(str(n), str(n)) for n in range(3, 7)]), default="4")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if request.method == "POST":
            for seat, name in enumerate(self.letters()):
                self.player(seat).data = name

    def letters(self) -> list[str]:
        count = self.players.data if self.players.data in ("3", "4", "5", "6") else "4"
        return list(LETTERS[: int(count)])

    def body(self) -> dict[str, Any]:
        """The ``deal`` check's request: the last player's cards left are ``hands`` of the last place."""
        entry = self.to_entry()
        order = check_places(self.letters(), entry["places"])
        hands = {order[-1]: entry["hand"]} if order and entry["hand"] else {}
        return {"order": order, "captured": entry["captured"], "hands": hands}

    def claim_sides(self) -> list[tuple[str, Any]]:
        return [(name, name) for name in self.letters()]

    def shown(self, result: Result) -> dict[str, Any]:
        return {"setup": {"players": self.letters()}}

    def place_error(self, error: InputError) -> None:
        """The check names the last hand ``hands.<player>``; on the form it is the last hand's pile."""
        if error.field and error.field.startswith("hands."):
            error.field = "hand"
        super().place_error(error)

    def pile_names(self) -> dict[str, Param]:
        names = super().pile_names()
        names |= {f"hands.{name}": names["hand"] for name in self.letters()}
        return names


# --- who takes this trick? ---------------------------------------------------------------------------


def not_at_table(name: str, letters: list[str]) -> str:
    return _(
        "“%(name)s” is not a player at this table; with %(count)s players they are %(players)s",
        name=name,
        count=len(letters),
        players=_(", ").join(letters),
    )


#: Rows of the trick page: enough for a long trick of 4 players going round three times.
TRICK_ROWS = 12


class TrickForm(RefereeForm):
    """A trick as it was played: who acted in each row, the cards played (none for a pass)."""

    players = ChoiceField(_l("Players"), choices=choices([(str(n), str(n)) for n in range(3, 7)]), default="4")
    out = MultiCheckboxField(
        _l("Out of cards before this trick"), choices=choices([(name, name) for name in LETTERS]), default=[]
    )

    def letters(self) -> list[str]:
        count = self.players.data if self.players.data in ("3", "4", "5", "6") else "4"
        return list(LETTERS[: int(count)])

    def validate(self, extra_validators: Any = None) -> bool:
        """Who acted and who is out must be among the players of the count chosen, not only among A to F."""
        valid = super().validate(extra_validators)
        if self.players.errors:
            return False
        letters = self.letters()
        for field in [who for who, _cards, _last in self.rows()]:
            if field.data and field.data not in letters:
                add_error(field, not_at_table(field.data, letters))
                valid = False
        strangers = [name for name in self.out.data or [] if name not in letters]
        if strangers:
            add_error(self.out, not_at_table(strangers[0], letters))
            valid = False
        return valid

    def rows(self) -> list[tuple[SelectField, StringField, BooleanField]]:
        return [(self[f"who_{n}"], self[f"cards_{n}"], self[f"last_{n}"]) for n in range(TRICK_ROWS)]

    def play_names(self) -> dict[str, Param]:
        """Each row's card field as the page names it: ``play 3``."""
        return {cards.name: msg("play {n}", n=n) for n, (_who, cards, _last) in enumerate(self.rows(), start=1)}

    def actions(self) -> list[Action]:
        """The filled rows in order: a row counts once it names who acted; no cards is a pass."""
        actions = []
        for who, cards, last in self.rows():
            if not who.data:
                continue
            played = ZHENGFEN_PACK.parse(cards.data or "", field=cards.name) if (cards.data or "").strip() else None
            if played is not None:
                check_copies(ZHENGFEN_PACK, [(played, cards.name)])
            actions.append(Action(who.data, tuple(played) if played is not None else None, last_cards=bool(last.data)))
        return actions

    def judge(self, check: Check | None, claim: ClaimInput | None) -> Result:
        """Who takes the trick (no check of the API asks it): by the rules' trick, from the rows as played."""
        try:
            actions = self.actions()
        except InputError as error:
            self.place_errors(error)
            return None
        return settle_trick(self.letters(), actions, out=list(self.out.data or []))

    def place_error(self, error: InputError) -> None:
        """A play's error names it as the page does (``play 3``)."""
        error.msg = renamed(error.msg, self.play_names())
        super().place_error(error)


for _n in range(TRICK_ROWS):
    setattr(
        TrickForm,
        f"who_{_n}",
        ChoiceField(
            _l("Play %(n)s: who", n=_n + 1),
            choices=choices([("", "—"), *((name, name) for name in LETTERS)]),
            default="",
            validators=[Optional()],
        ),
    )
    setattr(TrickForm, f"cards_{_n}", cards_field(_l("Cards (empty: a pass)"), max_length=80))
    setattr(TrickForm, f"last_{_n}", BooleanField(_l("their last cards")))


register(
    RefereePage(
        ZHENGFEN,
        "classify",
        _l("What is this combination?"),
        ClassifyForm,
        shows=PICKER | {"play_options": PLAY_OPTIONS, "names": NAMES},
    ),
    RefereePage(
        ZHENGFEN,
        "beats",
        _l("Does this beat that?"),
        BeatsForm,
        shows=PICKER | {"play_options": PLAY_OPTIONS, "names": NAMES},
    ),
    RefereePage(ZHENGFEN, "deal", _l("What does this deal score?"), DealForm, shows=PICKER),
    RefereePage(ZHENGFEN, "trick", _l("Who takes this trick?"), TrickForm, shows=PICKER),
)
