"""Iceberg deal entry: the plays turn by turn (or per-player totals), then the hands left.

Play by play, the plays entered so far travel in a hidden field (the rules layer's log, as JSON)
that every button of the form posts back, so nothing is stored before the deal is scored. "Add
play" checks the next play against the table as it stands and appends it; "Take back" removes
the last play and puts it back into the play fields to be corrected. These buttons are carried
out when the form is shown (:meth:`IcebergEntryForm.board`), where the match's setup is at hand.

The quick mode takes instead what each player scored by melds and lay-offs, the aces each
exposed, and the final table, one meld per row. Both modes end with every player's cards left
in hand, valued against the final table by the rules layer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, IntegerField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.cards import CardError, card_tokens
from referee.errors import FieldError, InputError
from referee.messages import Message, Param, msg
from referee.rules.game import MatchSetup
from referee.rules.iceberg import ICEBERG, Replay
from referee.rules.iceberg.table import MAX_MELDS
from referee.web.entries import EntryForm, same_card
from referee.web.forms import WholeNumberField
from referee.web.i18n import say
from referee.web.jsonin import JSONInputError, decode_json

#: Seats an Iceberg table has at most (iceberg-1.1).
SEATS = 6
#: Table rows of the quick mode: at least this many are shown, and two free ones after the last filled.
TABLE_ROWS = 6
MODES = ("log", "quick")
#: What the next play is: a new meld, aces exposed, or a lay-off onto table meld N (``onto-N``).
MELD, ACES, ONTO = "meld", "aces", "onto-"
#: The buttons of the form (``name="act"``); no value is the form's own "Score deal" button.
ADD, TAKE_BACK, ENTER, MORE_ROWS = "add", "take_back", "enter", "rows"


def tokens(text: str | None) -> list[str]:
    """The cards typed in a field (none if it is empty)."""
    return card_tokens(text or "")


@dataclass
class Board:
    """The play log as the form shows it: each play scored, the table, points so far."""

    replay: Replay | None
    players: tuple[str, ...]
    next_player: str
    #: Cards already in the log, which the card picker counts as used.
    used: list[str] = field(default_factory=list)

    @property
    def plays(self) -> list[dict[str, Any]]:
        return [s.as_dict() for s in self.replay.plays] if self.replay else []

    @property
    def table(self) -> list[dict[str, Any]]:
        return [m.as_dict() for m in self.replay.table] if self.replay else []

    @property
    def targets(self) -> list[dict[str, Any]]:
        """Table melds a card can still be laid on, as the rules layer says."""
        return [m.as_dict() for m in self.replay.targets] if self.replay else []

    @property
    def last_ace_by(self) -> str | None:
        return self.replay.last_ace_by if self.replay else None

    def so_far(self) -> list[tuple[str, int, int]]:
        """(player, points scored in play, aces exposed) for each player."""
        if not self.replay:
            return [(p, 0, 0) for p in self.players]
        scored = self.replay.scored()
        return [(p, scored[p], self.replay.aces[p]) for p in self.players]


class IcebergEntryForm(EntryForm):
    template = "games/iceberg/entry.html"

    mode = HiddenField(default="log", validators=[Optional(), Length(max=10)])
    act = StringField(validators=[Optional(), Length(max=20)])
    log = HiddenField(default="[]", validators=[Optional(), Length(max=60_000)])
    who = StringField(_l("Who played"), validators=[Optional(), Length(max=80)])
    kind = StringField(_l("What"), default=MELD, validators=[Optional(), Length(max=12)])
    cards = StringField(_l("Cards"), validators=[Optional(), Length(max=200)])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Errors shown above a part of the form: messages of the rules layer, rendered with ``|say``.
        self.log_errors: list[Param] = []
        self.hands_errors: list[Param] = []
        self.totals_errors: list[Param] = []
        self.table_errors: list[Param] = []
        self.notices: list[str] = []
        self._board: Board | None = None
        #: The number the play still in the play fields gets when the deal is scored with it.
        self._pending: int | None = None

    # --- fields by seat and row ------------------------------------------------------------------

    def player(self, seat: int) -> HiddenField:
        return getattr(self, f"player_{seat}")

    def hand(self, seat: int) -> StringField:
        return getattr(self, f"hand_{seat}")

    def played(self, seat: int) -> IntegerField:
        return getattr(self, f"played_{seat}")

    def aces(self, seat: int) -> IntegerField:
        return getattr(self, f"aces_{seat}")

    def table_row(self, row: int) -> StringField:
        return getattr(self, f"table_{row}")

    def seated(self) -> list[tuple[int, str]]:
        return [(seat, name) for seat in range(SEATS) if (name := (self.player(seat).data or "").strip())]

    def table_rows(self) -> list[StringField]:
        """The rows to show: at least a few, and always two free ones after the last filled."""
        filled = max((i + 1 for i in range(MAX_MELDS) if tokens(self.table_row(i).data)), default=0)
        return [self.table_row(i) for i in range(min(MAX_MELDS, max(TABLE_ROWS, filled + 2)))]

    @property
    def quick(self) -> bool:
        return self.mode.data == "quick"

    # --- buttons -----------------------------------------------------------------------------------

    def action(self) -> str | None:
        """The button pressed; None scores the deal. Enter in a field adds a typed play, else scores."""
        act = (self.act.data or "").strip()
        if act == ENTER:
            return ADD if not self.quick and tokens(self.cards.data) else None
        return act if act in (ADD, TAKE_BACK, MORE_ROWS, *MODES) else None

    def prepare(self, setup: MatchSetup, dealer: str | None) -> None:
        self.board(setup, dealer)

    def is_step(self) -> bool:
        refused = self.log_errors or self.cards.errors
        return self.is_submitted() and self.action() is not None and not refused

    def validate(self, extra_validators: Any = None) -> bool:
        """Only scoring the deal submits it; the other buttons change the form (see :meth:`board`)."""
        valid = super().validate(extra_validators)
        if self.mode.data not in MODES:
            self.mode.data = "log"
        return valid and self.action() is None

    # --- the play log --------------------------------------------------------------------------------

    def read_log(self) -> list[Any]:
        try:
            log = decode_json(self.log.data or "[]")
        except JSONInputError:
            log = None
        if not isinstance(log, list):
            raise FieldError(
                msg("the plays entered so far could not be read; please enter them again"),
                field="log",
                location=("log",),
            )
        return log

    def next_play(self, players: tuple[str, ...]) -> dict[str, Any]:
        """The play in the play fields, in the log's form; FieldError (field ``play``) if incomplete."""
        who = (self.who.data or "").strip()
        if who not in players:
            raise FieldError(msg("tap who made the play"), field="play", location=("play",))
        cards = tokens(self.cards.data)
        if not cards:
            raise FieldError(msg("pick the cards of the play"), field="play", location=("play",))
        kind = (self.kind.data or MELD).strip()
        if kind == ACES:
            return {"player": who, "aces": cards}
        if kind.startswith(ONTO) and kind[len(ONTO) :].isdigit():
            return {"player": who, "layoff": cards, "onto": int(kind[len(ONTO) :])}
        return {"player": who, "meld": cards}

    def board(self, setup: MatchSetup, dealer: str | None = None) -> Board:
        """Carry out the button pressed (once), then replay the log for the page."""
        if self._board is None:
            self._board = self._make_board(setup, dealer)
        return self._board

    def _make_board(self, setup: MatchSetup, dealer: str | None) -> Board:
        players = setup.players
        action = self.action() if self.is_submitted() else None
        try:
            log = self.read_log()
        except InputError as error:
            self.log_errors.append(error.msg)
            log = []
            action = None if action in (ADD, TAKE_BACK) else action
        if action == ADD:
            log = self._add(setup, log)
        elif action == TAKE_BACK and log:
            self._take_back(log.pop())
        elif action in MODES:
            if action == "quick" and not self.quick and log:
                self._fill_quick(setup, log)
            self.mode.data = action
        self.log.data = json.dumps(log)
        replay = self._replay(setup, log)
        last = replay.plays[-1].play.player if replay and replay.plays else None
        first = ICEBERG.first_player(setup, dealer) if dealer in players else players[0]
        used = [card for play in replay.plays for card in map(str, play.play.cards)] if replay else []
        return Board(replay, players, last or first, used)

    def _replay(self, setup: MatchSetup, log: list[Any]) -> Replay | None:
        try:
            return ICEBERG.replay_log(setup, log)
        except InputError as error:
            self.log_errors.append(error.msg)
            return None

    def _add(self, setup: MatchSetup, log: list[Any]) -> list[Any]:
        try:
            ICEBERG.replay_log(setup, log)
        except InputError as error:
            self.log_errors.append(error.msg)
            return log
        try:
            play = self.next_play(setup.players)
            replay = ICEBERG.replay_log(setup, [*log, play])
        except InputError as error:
            self._play_error(error)
            return log
        scored = replay.plays[-1]
        self.notices.append(_("Added: %(play)s", play=say(scored.text)))
        # The next play starts blank, its player included: a player left over from the last play
        # would credit the next one silently to the wrong player.
        self.who.data = ""
        self.cards.data = ""
        self.kind.data = MELD
        return [s.play.as_dict() for s in replay.plays]

    def _take_back(self, play: Any) -> None:
        """The removed play goes back into the play fields, unless something is typed there."""
        if tokens(self.cards.data) or not isinstance(play, dict):
            return
        for kind in (MELD, ACES, "layoff"):
            if isinstance(play.get(kind), list):
                self.cards.data = " ".join(str(c) for c in play[kind])
                self.kind.data = f"{ONTO}{play.get('onto')}" if kind == "layoff" else kind
        if isinstance(play.get("player"), str):
            self.who.data = play["player"]

    def _fill_quick(self, setup: MatchSetup, log: list[Any]) -> None:
        """Switching to totals after some plays: start from what the plays add up to."""
        typed = any(self.played(s).data is not None for s in range(SEATS)) or any(
            tokens(self.table_row(i).data) for i in range(MAX_MELDS)
        )
        if typed:
            return
        try:
            replay = ICEBERG.replay_log(setup, log)
        except InputError:
            return
        for seat, name in enumerate(setup.players):
            self.played(seat).data = replay.in_play[name]
            self.aces(seat).data = replay.aces[name]
        for i, meld in enumerate(replay.melds):
            self.table_row(i).data = " ".join(meld.strings())

    # --- entry ---------------------------------------------------------------------------------------

    def to_entry(self) -> dict[str, Any]:
        seated = self.seated()
        hands = {name: tokens(self.hand(seat).data) for seat, name in seated}
        if self.quick:
            return {
                "mode": "quick",
                "played": {name: self.played(seat).data for seat, name in seated if self.played(seat).data is not None},
                "aces": {name: self.aces(seat).data for seat, name in seated if self.aces(seat).data is not None},
                "table": [tokens(self.table_row(i).data) for i in range(MAX_MELDS) if tokens(self.table_row(i).data)],
                "hands": hands,
            }
        log = self.read_log()
        if tokens(self.cards.data):
            log.append(self.next_play(tuple(name for _, name in seated)))
            self._pending = len(log)
        return {"mode": "log", "log": log, "hands": hands}

    def load(self, entry: dict[str, Any]) -> None:
        self.mode.data = entry["mode"]
        for seat, (name, cards) in enumerate(entry["hands"].items()):
            self.player(seat).data = name
            self.hand(seat).data = " ".join(cards)
            if entry["mode"] == "quick":
                self.played(seat).data = entry["played"].get(name, 0)
                self.aces(seat).data = entry["aces"].get(name, 0)
        if entry["mode"] == "quick":
            for i, meld in enumerate(entry["table"]):
                self.table_row(i).data = " ".join(meld)
        else:
            self.log.data = json.dumps(entry["log"])

    # --- errors --------------------------------------------------------------------------------------

    def place_error(self, error: InputError) -> None:
        """At the fields holding the named card, else where the error's location points: the play
        still in the play fields, a player's hand or points, a table row, or that part of the form."""
        message = error.msg
        if error.field == "play":
            self._play_error(error)
            return
        holders = self._holding(error)
        if holders:
            for holder in holders:
                holder.errors = [*list(holder.errors or []), message]
            return
        inside = error.location[1:]
        seat = next((seat for seat, name in self.seated() if inside[:1] == (name,)), None)
        if error.field == "log":
            if self._pending is not None and inside[:1] == (self._pending,):
                self._play_error(error)
            else:
                self.log_errors.append(message)
        elif error.field == "hands":
            if seat is not None:
                self.hand(seat).errors = [*list(self.hand(seat).errors or []), message]
            else:
                self.hands_errors.append(message)
        elif error.field == "table":
            row = self._table_row_at(inside)
            if row is not None:
                row.errors = [*list(row.errors or []), message]
            else:
                self.table_errors.append(message)
        elif error.field in ("played", "aces"):
            if seat is not None and error.field == "played":
                self.played(seat).errors = [*list(self.played(seat).errors or []), message]
            else:
                self.totals_errors.append(message)
        else:
            self.form_errors.append(message)

    def _play_error(self, error: InputError) -> None:
        """Shown at the play's cards; a refused play's number is dropped (its ``reason`` alone): the
        fields say which play."""
        reason = error.msg.param("reason") if error.location[:1] == ("log",) else None
        shown = reason if isinstance(reason, Message) else error.msg
        self.cards.errors = [*list(self.cards.errors or []), shown]

    def _holding(self, error: InputError) -> list[StringField]:
        if not isinstance(error, CardError):
            return []
        fields = [self.hand(seat) for seat, _ in self.seated()]
        fields += [self.table_row(i) for i in range(MAX_MELDS)] if self.quick else [self.cards]
        return [f for f in fields if any(same_card(t, error.token) for t in tokens(f.data))]

    def _table_row_at(self, inside: tuple[str | int, ...]) -> StringField | None:
        """The row of table meld N (location ``("table", N)``), counting the filled rows only."""
        if not inside or not isinstance(inside[0], int):
            return None
        filled = [self.table_row(i) for i in range(MAX_MELDS) if tokens(self.table_row(i).data)]
        number = inside[0]
        return filled[number - 1] if 0 < number <= len(filled) else None


for _seat in range(SEATS):
    setattr(IcebergEntryForm, f"player_{_seat}", HiddenField(validators=[Optional(), Length(max=80)]))
    setattr(IcebergEntryForm, f"hand_{_seat}", StringField(_l("Cards left"), validators=[Optional(), Length(max=200)]))
    setattr(
        IcebergEntryForm,
        f"played_{_seat}",
        WholeNumberField(
            _l("Melds and lay-offs"),
            validators=[Optional(), NumberRange(min=0, max=100_000, message=_l("points from 0 up"))],
        ),
    )
    setattr(
        IcebergEntryForm,
        f"aces_{_seat}",
        WholeNumberField(
            _l("Aces exposed"), validators=[Optional(), NumberRange(min=0, max=8, message=_l("0 to 8 aces"))]
        ),
    )
for _row in range(MAX_MELDS):
    setattr(
        IcebergEntryForm,
        f"table_{_row}",
        StringField(_l("Meld %(number)s", number=_row + 1), validators=[Optional(), Length(max=120)]),
    )

FORM = IcebergEntryForm
