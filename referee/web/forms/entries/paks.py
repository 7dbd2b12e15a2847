"""Paks deal entry, in two modes on one form: quick (the default) or card by card.

Quick, per side (a player, or a team with 4 or 6 players): a row of number chips for each suit,
how many paks the side holds in it at the end, and the points of the paks it keeps after the
throw-off, as counted at the table. Two decks can make more paks of a suit than the chips show:
the last chip ("6+") opens a box to type the number.

Card by card, for disputes: every player has a column of pak rows, one pak per row (the table
card and the cards played on it, all of one suit), so closing a pak and starting the next is just
moving to the next row. Rows beyond the first few sit in a "more paks" fold; a row may also hold
several paks separated by ``;`` or ``/``. Under the house rule ``throw_off = manual`` each row
has a "thrown off" box.

The tabs are submit buttons, so switching works without JavaScript; both modes' fields are always
on the page (the other mode's hidden), so switching loses nothing typed. Switching to quick with
paks typed card by card and nothing counted yet fills the counts and points in from those paks.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, Form, HiddenField, StringField
from wtforms.fields import FieldList, FormField
from wtforms.validators import Length, NumberRange, Optional

from referee.cards import SUIT_NAMES, SUITS, CardError
from referee.errors import FieldError, InputError, TotalError
from referee.messages import msg
from referee.rules.game import MatchSetup
from referee.rules.paks import PAKS
from referee.rules.paks.quick import CARDS, QUICK, NoMultipleError
from referee.rules.seating import same_name
from referee.web.forms.cards import holds_card
from referee.web.forms.common import WholeNumberField, add_error, leaf_fields
from referee.web.forms.entries import EntryForm
from referee.web.http.i18n import say

#: Seats a Paks table has at most (paks-1.1).
SEATS = 6
#: Pak rows shown open per player; more wait in a fold.
OPEN_ROWS = 4
#: Pak rows per player on the page, at least.
ROWS = 10
#: Two decks hold 104 cards, so 52 paks at most (paks-4.4).
MAX_ROWS = 52
#: Sides a deal has at most: 3 players alone, or two teams (paks-6.2).
SIDES = 3
#: Number chips per suit: 0 to 5, then "6+", which opens a box for the number (a side rarely holds
#: 6 paks of a suit, but two decks can make 13).
CHIPS = 6
MORE = "more"
CHIP_VALUES = (*map(str, range(CHIPS)), MORE)
#: The tabs (``name="act"``), and the button that shows the form again as posted (a restored draft).
SHOW = "show"
MODES = (QUICK, CARDS)

_PAK_SEPARATORS = re.compile(r"[;/\n]")


class PakRow(Form):
    """One pak: its cards, and under the manual throw-off whether the side discards it."""

    cards = StringField(_l("Cards"), validators=[Optional(), Length(max=160)])
    thrown = BooleanField(_l("thrown off"))


class PaksEntryForm(EntryForm):
    game = PAKS
    template = "games/paks/entry.html"
    modes = MODES
    chips = CHIPS
    chip_values = CHIP_VALUES

    mode = HiddenField(validators=[Optional(), Length(max=10)])
    act = StringField(validators=[Optional(), Length(max=10)])

    def player(self, seat: int) -> HiddenField:
        return getattr(self, f"player_{seat}")

    def side(self, number: int) -> HiddenField:
        return getattr(self, f"side_{number}")

    def held(self, number: int, suit: str) -> StringField:
        """The chip picked for a side's paks of one suit: ``"0"`` … ``"5"``, or ``"more"``."""
        return getattr(self, f"held_{number}_{suit}")

    def more(self, number: int, suit: str) -> WholeNumberField:
        """The number typed when a side holds more paks of a suit than the chips show."""
        return getattr(self, f"more_{number}_{suit}")

    def kept(self, number: int) -> WholeNumberField:
        return getattr(self, f"kept_{number}")

    # --- the mode and the tabs ---------------------------------------------------------------------

    @property
    def quick(self) -> bool:
        """Quick unless card by card was chosen; a post that names no mode is card by card when it has paks."""
        if self.mode.data in MODES:
            return self.mode.data == QUICK
        return not (self.is_submitted() and any(paks for _, paks in self._read_rows()))

    def action(self) -> str | None:
        """The tab pressed, or the button that shows the form again; None scores the deal."""
        act = (self.act.data or "").strip()
        return act if act in (*MODES, SHOW) else None

    def is_step(self) -> bool:
        return self.is_submitted() and self.action() is not None

    def validate(self, extra_validators: Any = None) -> bool:
        """Only the fields of the mode in use count; a tab or the show button changes the form only."""
        super().validate(extra_validators)
        self.mode.data = QUICK if self.quick else CARDS
        for field in self._other_mode_fields():
            field.errors = []
        valid = not any(field.errors for field in leaf_fields(self))
        if self.quick:
            valid = self._more_typed() and valid
        return valid and self.action() is None

    def _quick_fields(self) -> list[Field]:
        numbered = [(n, suit) for n in range(SIDES) for suit in SUITS]
        return [
            *(self.held(n, suit) for n, suit in numbered),
            *(self.more(n, suit) for n, suit in numbered),
            *(self.kept(n) for n in range(SIDES)),
        ]

    def _other_mode_fields(self) -> list[Field]:
        if self.quick:
            return [row.form.cards for seat in range(SEATS) for row in self.paks(seat).entries]
        return self._quick_fields()

    def _more_typed(self) -> bool:
        """A "6+" chip needs its number."""
        missing = [
            self.more(n, suit)
            for n in range(SIDES)
            for suit in SUITS
            if self.held(n, suit).data == MORE and self.more(n, suit).data is None
        ]
        for field in missing:
            add_error(field, _("type how many paks"))
        return not missing

    def prepare(self, setup: MatchSetup, dealer: str | None) -> None:
        """Carry out the tab pressed: switching to quick fills in what the paks typed card by card give."""
        action = self.action() if self.is_submitted() else None
        if action in MODES:
            if action == QUICK and not self.quick and not self._counted():
                self._fill_quick(setup)
            self.mode.data = action
        elif self.mode.data not in MODES:
            self.mode.data = QUICK if self.quick else CARDS
        super().prepare(setup, dealer)

    def _counted(self) -> bool:
        """Whether anything is entered in the quick fields yet."""
        return any(field.data not in (None, "", "0") for field in self._quick_fields())

    def _fill_quick(self, setup: MatchSetup) -> None:
        try:
            self.load(PAKS.quick_entry(setup, self._cards_entry()))
        except InputError:
            return  # paks that do not score yet give no counts: the quick fields stay empty

    # --- the entry ---------------------------------------------------------------------------------

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
        return self._quick_entry() if self.quick else self._cards_entry()

    def _quick_entry(self) -> dict[str, Any]:
        """Each side's counts (the chip, or the number typed for "6+") and the points it keeps, when given."""
        held: dict[str, dict[str, Any]] = {}
        kept: dict[str, int] = {}
        for n in range(SIDES):
            name = (self.side(n).data or "").strip()
            if not name:
                continue
            held[name] = {}
            for suit in SUITS:
                chip = (self.held(n, suit).data or "").strip()
                count: Any = self.more(n, suit).data if chip == MORE else chip or 0
                held[name][SUIT_NAMES[suit]] = int(count) if isinstance(count, str) and count.isdecimal() else count
            points = self.kept(n).data
            if points is not None:
                kept[name] = points
        if not any(count for counts in held.values() for count in counts.values()) and not kept:
            # Nothing tapped nor typed: a deal saved by mistake, not a deal without a pak.
            raise FieldError(
                msg("count the paks of at least one side: tap how many it holds in each suit"),
                field="held",
                location=("held",),
            )
        return {"mode": QUICK, "held": held, "kept": kept}

    def _cards_entry(self) -> dict[str, Any]:
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
        if entry.get("mode") == QUICK:
            self.mode.data = QUICK
            for n, (name, counts) in enumerate(entry["held"].items()):
                self.side(n).data = name
                for suit in SUITS:
                    count = counts.get(SUIT_NAMES[suit], 0)
                    shown = count < CHIPS
                    self.held(n, suit).data = str(count) if shown else MORE
                    self.more(n, suit).data = None if shown else count
                self.kept(n).data = entry["kept"].get(name)
            return
        self.mode.data = CARDS
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
        if self.quick:
            field = self._quick_field_of(error)
            if field is None:
                self.form_errors.append(message)
            else:
                add_error(field, message)
            return
        rows = self._rows_of(error)
        if not rows:
            self.form_errors.append(message)
        for n, row in enumerate(rows):
            pointer = message
            if n and isinstance(error, CardError):  # several rows: each holds the card used too often
                pointer = _("`%(card)s` is here too (see above)", card=error.token)
            add_error(row.form.cards, pointer)

    def judged_from(self, error: InputError) -> list[Field]:
        """Quick: a count on its own (its chips and its box), a suit's total with every side's count of
        the suit, points that are no multiple of 5 on their own; anything else, such as the points kept
        (bounded by every side's counts), with every count and every side's points. Card by card: the
        rows the error is shown at, else every row."""
        if not self.quick:
            rows = self._rows_of(error) or [row for seat in range(SEATS) for row in self.paks(seat).entries]
            return [row.form.cards for row in rows]
        field = self._quick_field_of(error)
        if isinstance(error, NoMultipleError) and field is not None:
            return [field]
        if field is None or error.location[:1] != ("held",):
            return self._quick_fields()
        suit = str(error.location[2])
        sides = (
            range(SIDES)
            if isinstance(error, TotalError)
            else [n for n in range(SIDES) if field is self.held(n, suit) or field is self.more(n, suit)]
        )
        return [count for n in sides for count in (self.held(n, suit), self.more(n, suit))]

    def _quick_field_of(self, error: InputError) -> Field | None:
        """The field an error of a quick entry is at, or None (then it goes above the form).

        A count at ``("held", side, suit)``: its chips, or its "6+" box when that chip is picked; the
        points at ``("kept", side)``.
        """
        where = error.location
        number = next(
            (n for n in range(SIDES) if len(where) > 1 and (self.side(n).data or "").strip() == where[1]),
            None,
        )
        if number is None:
            return None
        if where[0] == "kept":
            return self.kept(number)
        if where[0] == "held" and len(where) > 2 and where[2] in SUITS:
            suit = str(where[2])
            return self.more(number, suit) if self.held(number, suit).data == MORE else self.held(number, suit)
        return None

    def _rows_of(self, error: InputError) -> list[FormField]:
        """The rows of the pak at ``(paks|thrown_off, player, number, …)``, else those holding the error's card."""
        seats = self._read_rows()
        if error.location[:1] in (("paks",), ("thrown_off",)) and len(error.location) >= 3:
            player, number = error.location[1], error.location[2]
            for name, paks in seats:
                if same_name(name, str(player)) and isinstance(number, int) and 0 < number <= len(paks):
                    return [paks[number - 1][1]]
        if isinstance(error, CardError):
            holding = [row for _, paks in seats for text, row in paks if holds_card(text, error.token)]
            return list(dict.fromkeys(holding))
        return []


for _side in range(SIDES):
    setattr(PaksEntryForm, f"side_{_side}", HiddenField(validators=[Optional(), Length(max=200)]))
    setattr(
        PaksEntryForm,
        f"kept_{_side}",
        WholeNumberField(
            _l("Points kept"),
            validators=[Optional(), NumberRange(min=0, max=100_000, message=_l("points from 0 up"))],
        ),
    )
    for _suit in SUITS:
        setattr(
            PaksEntryForm, f"held_{_side}_{_suit}", StringField(_l("Paks held"), validators=[Optional(), Length(max=4)])
        )
        setattr(
            PaksEntryForm,
            f"more_{_side}_{_suit}",
            WholeNumberField(
                _l("Paks held"), validators=[Optional(), NumberRange(min=0, max=99, message=_l("0 to 99 paks"))]
            ),
        )
for _seat in range(SEATS):
    setattr(PaksEntryForm, f"player_{_seat}", HiddenField())
    setattr(
        PaksEntryForm,
        f"paks_{_seat}",
        FieldList(FormField(PakRow), min_entries=ROWS, max_entries=MAX_ROWS),
    )

FORM = PaksEntryForm
