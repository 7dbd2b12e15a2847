"""Deal entry forms, one module per game, registered in ``referee/web/game_ui.py``; each defines ``FORM``.

An entry form turns what a player typed into the game's entry dict (which the rules layer checks
and stores), fills itself from a stored entry for editing, and shows a rules-layer error at the
field it concerns.
"""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import Length, Optional

from referee.cards import parse_card
from referee.errors import InputError
from referee.rules.game import MatchSetup
from referee.web.authors import MAX_LENGTH, remembered_author
from referee.web.forms import VersionField, place_error


class EntryForm(FlaskForm):
    """Base of the entry forms. A subclass defines ``template``, its fields, and

    ``to_entry(self) -> dict`` (the entry as typed, for the rules layer to check) and
    ``load(self, entry: dict) -> None`` (fill the fields from a stored entry).
    """

    template: ClassVar[str]
    version = VersionField()
    device = StringField(
        _l("This phone is"),
        description=_l("A name for the match's history, such as “Ann's phone”: asked once."),
        validators=[Optional(), Length(max=MAX_LENGTH)],
        filters=[lambda value: " ".join(value.split()) if isinstance(value, str) else value],
    )

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
        its play log here and carries out the button that was pressed)."""

    def is_step(self) -> bool:
        """Whether this POST only changed the form (Iceberg's "Add play") instead of scoring the deal.

        A successful step is answered 200; a refused deal or step is answered 400.
        """
        return False


def same_card(typed: str, token: str) -> bool:
    """Whether what the player typed is the card an error names (``th`` is ``10H``)."""
    if typed.strip().upper() == token.upper():
        return True
    try:
        return str(parse_card(typed)) == str(parse_card(token))
    except InputError:
        return False


def entry_form_class(slug: str) -> type[EntryForm]:
    from referee.web.game_ui import game_ui

    return game_ui(slug).entry_form()
