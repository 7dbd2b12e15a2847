"""Paks deal entry: each player's paks as they lie on the table at the end of the deal.

Every player has a column of pak rows, one pak per row (the table card and the cards played on
it, all of one suit), so closing a pak and starting the next is just moving to the next row.
Rows beyond the first few sit in a "more paks" fold; a row may also hold several paks separated
by ``;`` or ``/``. Under the house rule ``throw_off = manual`` each row has a "thrown off" box.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Form, HiddenField, StringField
from wtforms.fields import FieldList, FormField
from wtforms.validators import Length, Optional

from referee.cards import CardError, card_tokens, parse_cards
from referee.errors import FieldError, InputError
from referee.messages import msg
from referee.web.entries import EntryForm
from referee.web.i18n import say

#: Seats a Paks table has at most (paks-1.1).
SEATS = 6
#: Pak rows shown open per player; more wait in a fold.
OPEN_ROWS = 4
#: Pak rows per player on the page, at least.
ROWS = 10
#: Two decks hold 104 cards, so 52 paks at most (paks-4.4).
MAX_ROWS = 52

_PAK_SEPARATORS = re.compile(r"[;/\n]")


class PakRow(Form):
    """One pak: its cards, and under the manual throw-off whether the side discards it."""

    cards = StringField(_l("Cards"), validators=[Optional(), Length(max=160)])
    thrown = BooleanField(_l("thrown off"))


class PaksEntryForm(EntryForm):
    template = "games/paks/entry.html"

    def player(self, seat: int) -> HiddenField:
        return getattr(self, f"player_{seat}")

    def paks(self, seat: int) -> FieldList:
        return getattr(self, f"paks_{seat}")

    def rows(self, seat: int) -> tuple[list[FormField], list[FormField]]:
        """The rows of a seat to show open and folded: always a free row after the last filled one."""
        rows = self.paks(seat)
        filled = max((i + 1 for i, row in enumerate(rows.entries) if (row.form.cards.data or "").strip()), default=0)
        while len(rows.entries) < max(ROWS, filled + 3) and len(rows.entries) < MAX_ROWS:
            rows.append_entry()
        shown = max(OPEN_ROWS, filled + 1)
        return rows.entries[:shown], rows.entries[shown:]

    def _read_rows(self) -> list[tuple[str, list[tuple[str, FormField]]]]:
        """Each seated player's paks as typed, each with the row it came from."""
        seats = []
        for seat in range(SEATS):
            name = (self.player(seat).data or "").strip()
            if not name:
                continue
            paks = []
            for row in self.paks(seat).entries:
                for part in _PAK_SEPARATORS.split(row.form.cards.data or ""):
                    if part.strip():
                        paks.append((part.strip(), row))
            seats.append((name, paks))
        return seats

    def to_entry(self) -> dict[str, Any]:
        seats = self._read_rows()
        if not any(paks for _, paks in seats):
            raise FieldError(msg("enter the paks of at least one player: every pak on a row of its own"), field="paks")
        entry: dict[str, Any] = {"paks": {name: [text for text, _ in paks] for name, paks in seats}}
        thrown = {
            name: [number for number, (_, row) in enumerate(paks, start=1) if row.form.thrown.data]
            for name, paks in seats
        }
        if any(thrown.values()):
            entry["thrown_off"] = thrown
        return entry

    def load(self, entry: dict[str, Any]) -> None:
        thrown = entry.get("thrown_off", {})
        for seat, (name, paks) in enumerate(entry["paks"].items()):
            self.player(seat).data = name
            rows = self.paks(seat)
            while rows.entries:
                rows.pop_entry()
            for number, cards in enumerate(paks, start=1):
                rows.append_entry({"cards": " ".join(cards), "thrown": number in thrown.get(name, [])})

    def place_error(self, error: InputError) -> None:
        """At the pak the error's location names, or at the rows holding the named card; else above the form.

        A card used too often marks every row holding it: the first with the message, which names
        all the places, the others with a short pointer to it.
        """
        message = say(error)
        rows = self._rows_of(error)
        if not rows:
            self.form_errors.append(message)
        for n, row in enumerate(rows):
            field = row.form.cards
            pointer = _("`%(card)s` is here too (see above)", card=error.token) if n else message
            field.errors = [*list(field.errors or []), pointer]

    def _rows_of(self, error: InputError) -> list[FormField]:
        """The rows of the pak at ``(paks|thrown_off, player, number, …)``, else those holding the error's card."""
        seats = self._read_rows()
        if error.location[:1] in (("paks",), ("thrown_off",)) and len(error.location) >= 3:
            player, number = error.location[1], error.location[2]
            for name, paks in seats:
                if name.casefold() == str(player).casefold() and isinstance(number, int) and 0 < number <= len(paks):
                    return [paks[number - 1][1]]
        if isinstance(error, CardError):
            holding = [row for _, paks in seats for text, row in paks if holds_card(text, error.token)]
            return list(dict.fromkeys(holding))
        return []


def holds_card(text: str, token: str) -> bool:
    """Whether the typed pak ``text`` holds the card ``token`` (as typed, or the same card)."""
    typed = card_tokens(text)
    if any(t.upper() == token.strip().upper() for t in typed):
        return True
    try:
        wanted = parse_cards(token)
    except InputError:
        return False
    for t in typed:
        try:
            if parse_cards(t) == wanted:
                return True
        except InputError:
            continue
    return False


for _seat in range(SEATS):
    setattr(PaksEntryForm, f"player_{_seat}", HiddenField())
    setattr(
        PaksEntryForm,
        f"paks_{_seat}",
        FieldList(FormField(PakRow), min_entries=ROWS, max_entries=MAX_ROWS),
    )

FORM = PaksEntryForm
