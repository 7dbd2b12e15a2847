"""Deal entry forms, one module per game, registered in ``referee/web/game_ui.py``; each defines ``FORM``.

An entry form turns what a player typed into the game's entry dict (which the rules layer checks
and stores), fills itself from a stored entry for editing, and shows a rules-layer error at the
field it concerns.

A refused deal lists every problem at once: when the form could not read a field (letters in a
number box, a value out of bounds), the view never reaches the rules layer, so
:meth:`EntryForm.prepare` asks it anyway (:meth:`EntryForm.judge_anyway`) and shows the rules'
problems beside the form's, leaving out those the unreadable value could have caused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, StringField
from wtforms.validators import Length, Optional

from referee.errors import InputError
from referee.rules.game import Game, MatchSetup
from referee.web.forms.common import VersionField, leaf_fields, place_error
from referee.web.services.authors import MAX_LENGTH, remembered_author

#: What the package offers the rest of the app: the base of the entry forms.
__all__ = ["EntryForm"]

#: The fields of every entry form that are no part of the deal.
_NOT_THE_DEAL = ("csrf_token", "version", "device", "entry_key")
#: What a phone's key of an entry looks like (static/js/outbox.js makes them); anything else is no key.
_ENTRY_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def read_entry_key(value: object) -> str | None:
    """The entry's key as the phone gave it, or None when there is none (no script) or it is malformed."""
    return value if isinstance(value, str) and _ENTRY_KEY.fullmatch(value) else None


class EntryForm(FlaskForm):
    """Base of the entry forms. A subclass defines ``game``, ``template``, its fields, and

    ``to_entry(self) -> dict`` (the entry as typed, for the rules layer to check) and
    ``load(self, entry: dict) -> None`` (fill the fields from a stored entry); and, for a refused
    deal's problems to be listed at once, ``judged_from`` (which fields an error of the rules depends on).
    """

    game: ClassVar[Game]
    template: ClassVar[str]
    #: The ways the form enters a deal (its tabs), the quickest first: a new deal opens in it.
    modes: ClassVar[tuple[str, ...]] = ()
    version = VersionField()
    device = StringField(
        _l("This phone is"),
        description=_l("A name for the match's history, such as “Ann's phone”: asked once."),
        validators=[Optional(), Length(max=MAX_LENGTH)],
        filters=[lambda value: " ".join(value.split()) if isinstance(value, str) else value],
    )
    #: Made on the phone when the form opens (static/js/outbox.js) and sent with the deal: a form sent
    #: twice makes one change (see ``referee.web.services.matches.add_deal``). Never filled by the server,
    #: whose page of an empty form is shared by every phone.
    entry_key = HiddenField(filters=[read_entry_key])

    def __init__(self, *args: Any, setup: MatchSetup | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The match the deal belongs to: given by the view with a posted form, whose entry may depend on the
        #: table (an Iceberg play joining runs), and by :meth:`prepare` before the page is shown.
        self.setup = setup
        #: Whether the deal was to be scored but the form or its claim refused it (:meth:`ready_to_score`),
        #: so the rules layer never saw it.
        self.form_refused = False
        #: The entries of the match's deals and the number of this one (:meth:`among`), for the checks across deals.
        self.entries: Sequence[Mapping[str, Any]] = ()
        self.number = 1

    def among(self, entries: Sequence[Mapping[str, Any]], number: int) -> None:
        """The match's deals (their entries, read when first needed) and this deal's number: a deal the form
        refused is judged against the other deals too (a card one of them holds)."""
        self.entries = entries
        self.number = number

    def ready_to_score(self, *, claim_valid: bool) -> bool:
        """Whether a posted deal goes to the rules layer: the form and the claimed scores beside it
        could be read. A deal held back for its claim is judged by the rules all the same."""
        ready = self.validate_on_submit() and claim_valid
        self.form_refused = self.is_submitted() and not ready
        return ready

    @classmethod
    def mode_for(cls, mode: str | None) -> str:
        """The mode a new deal opens in: ``mode`` (the one this phone used last, ``?mode=``) if the form has it,
        else its quickest ("" for a form of one mode)."""
        if not cls.modes:
            return ""
        return mode if mode in cls.modes else cls.modes[0]

    def open_in(self, mode: str) -> None:
        """Open a new deal in ``mode`` (see :meth:`mode_for`)."""
        if mode:
            self.mode.data = mode

    def asks_device(self) -> bool:
        """Whether to ask this phone's name: only until it has given one."""
        return not remembered_author()

    def to_entry(self) -> dict[str, Any]:
        return {}

    def load(self, entry: dict[str, Any]) -> None:
        """Nothing to fill in the base form."""

    def place_error(self, error: InputError) -> None:
        place_error(self, error)

    def prepare(self, setup: MatchSetup, dealer: str | None) -> None:
        """Called by the view before the page is shown, with the match at hand (Iceberg replays
        its play log here and carries out the button that was pressed): a deal refused before the
        rules layer saw it is judged by the rules too (:meth:`judge_anyway`)."""
        self.setup = setup
        if self.is_submitted() and not self.is_step() and self.unjudged():
            self.judge_anyway(setup)

    def unjudged(self) -> bool:
        """Whether the posted deal was refused before the rules layer judged it: the form could not read a field."""
        return self.form_refused

    def typed_entry(self) -> dict[str, Any]:
        """The entry as typed, what the form could not read left out (:meth:`to_entry` by default)."""
        return self.to_entry()

    def judge_anyway(self, setup: MatchSetup) -> None:
        """The rules' problems of a deal the form refused, each at its field, so that one refusal lists them all.

        An error is left out when a field it was judged from (:meth:`judged_from`) shows a problem
        already: the rules could not see that value, so the error may only exist because of it (a
        "missing" value, a sum over a box holding letters). An entry that cannot be read even so is
        not judged.
        """
        marked = {leaf.name for leaf in leaf_fields(self) if leaf.errors}
        try:
            entry = self.typed_entry()
        except InputError:
            return
        try:
            self.game.read_deal(setup, self.entries, self.number, entry)
        except InputError as error:
            for one in error.each():
                if not any(field.name in marked for field in self.judged_from(one)):
                    self.place_error(one)

    def judged_from(self, error: InputError) -> list[Field]:
        """The fields whose values the rules layer read to find ``error``; by default every field of the
        deal, so an error a form does not know is left out whenever any field shows a problem."""
        return self.deal_fields()

    def deal_fields(self) -> list[Field]:
        """Every field of the deal, those of the base form (the version, the phone's name) left out."""
        return [leaf for leaf in leaf_fields(self) if leaf.name not in _NOT_THE_DEAL]

    def is_step(self) -> bool:
        """Whether this POST only changed the form (Iceberg's "Add play") instead of scoring the deal.

        A successful step is answered 200; a refused deal or step is answered 400.
        """
        return False
