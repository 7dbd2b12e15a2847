"""Zheng Fen referee pages: what is this combination, does this play beat that one, who takes this trick,
and what does a deal score?"""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import Length, Optional

from referee.cards import check_copies
from referee.errors import InputError
from referee.messages import Param, msg, renamed
from referee.rules.zhengfen import ZHENGFEN, ZHENGFEN_PACK, Action, settle_trick
from referee.rules.zhengfen.combinations import FORM_NAMES, TYPE_NAMES
from referee.rules.zhengfen.order import check_places
from referee.web.forms.cards import typed_cards
from referee.web.forms.common import (
    ChoiceField,
    MultiCheckboxField,
    add_error,
    choices,
    option_fields,
    place_error,
    raw_options,
)
from referee.web.forms.entries.zhengfen import ZhengFenEntryForm
from referee.web.presentation.helpers import pack_picker
from referee.web.referee_pages import ClaimInput, page, page_status, referee_pages, verdict

#: Type and trio-form names for the facts line of a reading, in the reader's language.
NAMES = {"types": TYPE_NAMES, "forms": FORM_NAMES}
#: The house rules that change what a combination is (the target only ends the game).
PLAY_OPTIONS = tuple(o for o in ZHENGFEN.options if o.id != "target")


def _cards_field(label: Any, description: Any) -> StringField:
    return StringField(label, validators=[Optional(), Length(max=300)], description=description)


class ClassifyForm(FlaskForm):
    cards = _cards_field(_l("The cards played"), _l("e.g. 5S 5H 6S SJ 7D 7C — SJ and BJ are the jokers"))


class BeatsForm(FlaskForm):
    current = _cards_field(_l("Top play (the cards to beat)"), _l("e.g. 8H 8C"))
    play = _cards_field(_l("New play"), _l("e.g. 8S SJ"))


for _form in (ClassifyForm, BeatsForm):
    for _name, _field in option_fields(PLAY_OPTIONS).items():
        setattr(_form, _name, _field)


@page("zhengfen", _l("What is this combination?"))
@referee_pages.route("/zhengfen/classify", methods=["GET", "POST"])
def zhengfen_classify() -> Any:
    form = ClassifyForm()
    claim = ClaimInput.of_check(ZHENGFEN.checks["classify"], [("points", _l("Points"))])
    result = None
    cards: list[str] = []
    if form.validate_on_submit() and claim.valid:
        cards = typed_cards(form.cards.data)
        body = {"cards": cards, "options": raw_options(form, PLAY_OPTIONS)}
        result = verdict(ZHENGFEN.checks["classify"], claim.into(body), partial(place_error, form))
    status = page_status(result)
    return render_template(
        "referee/zhengfen_classify.html",
        form=form,
        claim=claim,
        result=result,
        cards=cards,
        game=ZHENGFEN,
        play_options=PLAY_OPTIONS,
        picker=pack_picker(ZHENGFEN_PACK),
        names=NAMES,
    ), status


@page("zhengfen", _l("Does this beat that?"))
@referee_pages.route("/zhengfen/beats", methods=["GET", "POST"])
def zhengfen_beats() -> Any:
    form = BeatsForm()
    result = None
    current: list[str] = []
    play: list[str] = []
    if form.validate_on_submit():
        current, play = typed_cards(form.current.data), typed_cards(form.play.data)
        body = {"current": current, "play": play, "options": raw_options(form, PLAY_OPTIONS)}
        result = verdict(ZHENGFEN.checks["beats"], body, partial(place_error, form))
    status = page_status(result)
    return render_template(
        "referee/zhengfen_beats.html",
        form=form,
        result=result,
        current=current,
        play=play,
        game=ZHENGFEN,
        play_options=PLAY_OPTIONS,
        picker=pack_picker(ZHENGFEN_PACK),
        names=NAMES,
    ), status


# --- what does this deal score? -------------------------------------------------------------------

#: The players of the deal page, named by letter as in the rules' examples (zhengfen-1.1: 3 to 6).
LETTERS = ("A", "B", "C", "D", "E", "F")


class DealForm(ZhengFenEntryForm):
    """The deal entry form of a match, for players A, B, C, … and how many of them played."""

    players = ChoiceField(_l("Players"), choices=choices([(str(n), str(n)) for n in range(3, 7)]), default="4")

    def letters(self) -> list[str]:
        count = self.players.data if self.players.data in ("3", "4", "5", "6") else "4"
        return list(LETTERS[: int(count)])

    def body(self) -> dict[str, Any]:
        """The ``deal`` check's request: the last player's cards left are ``hands`` of the last place."""
        entry = self.to_entry()
        order = check_places(self.letters(), entry["places"])
        hands = {order[-1]: entry["hand"]} if order and entry["hand"] else {}
        return {"order": order, "captured": entry["captured"], "hands": hands}

    def place_error(self, error: InputError) -> None:
        """The check names the last hand ``hands.<player>``; on the form it is the last hand's pile."""
        if error.field and error.field.startswith("hands."):
            error.field = "hand"
        super().place_error(error)

    def pile_names(self) -> dict[str, Param]:
        names = super().pile_names()
        names |= {f"hands.{name}": names["hand"] for name in self.letters()}
        return names


@page("zhengfen", _l("What does this deal score?"))
@referee_pages.route("/zhengfen/deal", methods=["GET", "POST"])
def zhengfen_deal() -> Any:
    form = DealForm()
    letters = form.letters()
    if request.method == "POST":
        for seat, name in enumerate(letters):
            form.player(seat).data = name
    claim = ClaimInput.of_check(ZHENGFEN.checks["deal"], [(name, name) for name in letters])
    result = None
    if form.validate_on_submit() and claim.valid:
        try:
            body = form.body()
        except InputError as error:
            form.place_error(error)
        else:
            result = verdict(ZHENGFEN.checks["deal"], claim.into(body), form.place_error)
    status = page_status(result)
    return render_template(
        "referee/zhengfen_deal.html",
        form=form,
        setup={"players": letters},
        claim=claim,
        result=result,
        game=ZHENGFEN,
        picker=pack_picker(ZHENGFEN_PACK),
    ), status


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


class TrickForm(FlaskForm):
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
    setattr(TrickForm, f"cards_{_n}", StringField(_l("Cards (empty: a pass)"), validators=[Optional(), Length(max=80)]))
    setattr(TrickForm, f"last_{_n}", BooleanField(_l("their last cards")))


@page("zhengfen", _l("Who takes this trick?"))
@referee_pages.route("/zhengfen/trick", methods=["GET", "POST"])
def zhengfen_trick() -> Any:
    form = TrickForm()
    result = None
    if form.validate_on_submit():
        try:
            actions = form.actions()
        except InputError as error:
            for one in error.each():
                one.msg = renamed(one.msg, form.play_names())
                place_error(form, one)
        else:
            result = settle_trick(form.letters(), actions, out=list(form.out.data or []))
    status = page_status(result)
    return render_template(
        "referee/zhengfen_trick.html",
        form=form,
        result=result,
        game=ZHENGFEN,
        picker=pack_picker(ZHENGFEN_PACK),
    ), status
