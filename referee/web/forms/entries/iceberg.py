"""Iceberg deal entry in three modes: the fast one (a new deal opens in it), totals and the final table,
or the plays turn by turn.

Play by play, the plays entered so far travel in a hidden field (the rules layer's log, as JSON)
that every button of the form posts back, so nothing is stored before the deal is scored. "Add
play" checks the next play against the table as it stands and appends it; "Take back" removes
the last play and puts it back into the play fields. "Edit" on any play loads it into the play
fields (its number in the hidden field ``editing``): saving replaces it, the lay-offs after it stay
on their melds, and every later play is judged again against the changed table; a play the
correction made illegal stays in the log, marked at its row, until it is corrected or taken out.
These buttons are carried out when the form is shown (:meth:`IcebergEntryForm.board`), where the
match's setup is at hand.

With ``merge_runs`` a lay-off whose cards close the gap between its run and another may join them, at
the player's choice (iceberg-4.4): the play fields then show a toggle "Join with run N?" for each such
run, ticked by default as the rules layer joins them. A toggle's value names the meld laid on and the
run joined (``"1:2"``); the hidden field ``asked`` lists the toggles shown, so an unticked one (not
posted) declines the join, while a gap the fields showed no toggle for joins by default. The page's
script (``static/js/iceberg-joins.js``) shows each toggle as the cards are picked; without it the page
shows those of the cards last posted. The choice goes into the log as the play's ``joins``.

Totals (the ``quick`` mode) takes what each player scored by melds and lay-offs, the aces each
exposed, the final table, one meld per row, and every player's cards left in hand.

The fast mode (``scored``) takes what each player scored and the aces each exposed, who went out,
and for every other player what the table counted: the cards left over and what the hand could
still score, or else the cards themselves, valued exactly against the final table, given then.

A refused deal lists every problem at once, each at its field (:meth:`IcebergEntryForm.error_groups`
names the parts of the form that are no single field).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import Field, HiddenField, IntegerField, SelectMultipleField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.cards import Card, CardError, parse_card
from referee.errors import FieldError, InputError, InputErrors
from referee.messages import Message, Param, join, msg
from referee.rules.game import MatchSetup
from referee.rules.iceberg import ICEBERG, MAX_HAND, Replay
from referee.rules.iceberg.counted import MAX_POINTS
from referee.rules.iceberg.joining import closed_by
from referee.rules.iceberg.table import MAX_MELDS
from referee.web.forms.cards import same_card, typed_cards
from referee.web.forms.common import ErrorGroup, WholeNumberField, add_error, stored_int
from referee.web.forms.entries import EntryForm
from referee.web.http.i18n import say
from referee.web.http.jsonin import JSONInputError, decode_json

#: Seats an Iceberg table has at most (iceberg-1.1).
SEATS = 6
#: Table rows of the quick mode: at least this many are shown, and two free ones after the last filled.
TABLE_ROWS = 6
MODES = ("log", "quick", "scored")
#: The modes as the tabs offer them, the quickest first: a new deal opens in it.
QUICKEST_FIRST = ("scored", "quick", "log")
#: What the next play is: a new meld, aces exposed, or a lay-off onto table meld N (``onto-N``).
MELD, ACES, ONTO = "meld", "aces", "onto-"
#: The buttons of the form (``name="act"``); no value is the form's own "Score deal" button. ``edit-N``
#: loads play N into the play fields to be corrected.
ADD, TAKE_BACK, ENTER, MORE_ROWS = "add", "take_back", "enter", "rows"
REMOVE, CANCEL, EDIT = "remove", "cancel", "edit-"
#: "Who went out" when nobody did: the last ace ended the deal (iceberg-5.1).
NOBODY = "none"
#: The counts the fast mode offers as one-tap chips; any other is typed.
ACE_CHIPS = (0, 1, 2, 3, 4)
LEFT_CHIPS = (0, 1, 2, 3, 4, 5)


def reason(error: InputError) -> Param:
    """A refused play's reason without its number (the row or the play fields say which play)."""
    said = error.msg.param("reason") if error.location[:1] == ("log",) else None
    return said if isinstance(said, Message) else error.msg


#: Join toggles read or shown at most: a table holds at most 8 runs of a suit, two decks' worth (iceberg-4.3).
MAX_TOGGLES = 200


def join_pairs(values: list[str]) -> set[tuple[int, int]]:
    """The (meld laid on, run joined) pairs the join toggles name, ``"1:2"`` each; others are none."""
    pairs = set()
    for value in values[:MAX_TOGGLES]:
        onto, _, run = value.partition(":")
        numbers = stored_int(onto.strip()), stored_int(run.strip())
        if numbers[0] and numbers[1]:
            pairs.add((numbers[0], numbers[1]))
    return pairs


def played_cards(typed: list[str]) -> list[Card] | None:
    """The cards of a play, or None if one of them cannot be read (the rules layer then says which)."""
    try:
        return [parse_card(token) for token in typed]
    except CardError:
        return None


@dataclass(frozen=True)
class JoinOffer:
    """A toggle of the play fields: the lay-off on meld ``onto`` joins ``run`` (a table meld as
    ``TableMeld.as_dict()`` gives it) when its cards close the gap, ``needs`` (iceberg-4.4)."""

    onto: int
    run: dict[str, Any]
    needs: tuple[str, ...]
    shown: bool
    checked: bool

    @property
    def value(self) -> str:
        return f"{self.onto}:{self.run['number']}"


def action_of(play: dict[str, Any]) -> str:
    """``aces``, ``meld`` or ``layoff``: what a play of the log does."""
    return next((kind for kind in (ACES, MELD, "layoff") if kind in play), MELD)


@dataclass
class Board:
    """The play log as the form shows it: each play scored (or refused), the table, points so far."""

    replay: Replay | None
    #: The log as posted, every play in order, refused ones included.
    log: list[Any]
    players: tuple[str, ...]
    next_player: str
    #: Cards already in the log, which the card picker counts as used.
    used: list[str] = field(default_factory=list)
    #: The play being corrected, and the melds a card could be laid on before it.
    editing: int | None = None
    editing_targets: list[dict[str, Any]] = field(default_factory=list)
    #: With ``merge_runs``: a toggle for every run a lay-off could join, those for the play in the fields shown.
    offers: list[JoinOffer] = field(default_factory=list)

    @property
    def offers_shown(self) -> bool:
        return any(offer.shown for offer in self.offers)

    @property
    def plays(self) -> list[dict[str, Any]]:
        """Every play of the log: as scored, or as entered with ``refused`` set if the rules refuse it now."""
        if not self.replay:
            return []
        scored = {s.number: s.as_dict() for s in self.replay.plays}
        return [
            scored.get(number) or {**play, "number": number, "action": action_of(play), "refused": True}
            for number, play in enumerate(self.log, start=1)
        ]

    @property
    def refused(self) -> dict[int, Param]:
        """Why each refused play is refused (a correction before it changed the table)."""
        return {n: reason(error) for n, error in self.replay.refused.items()} if self.replay else {}

    @property
    def table(self) -> list[dict[str, Any]]:
        return [m.as_dict() for m in self.replay.table] if self.replay else []

    @property
    def targets(self) -> list[dict[str, Any]]:
        """Table melds a card can still be laid on, as the rules layer says (before the play corrected)."""
        if self.editing is not None:
            return self.editing_targets
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
    game = ICEBERG
    template = "games/iceberg/entry.html"
    modes = QUICKEST_FIRST

    mode = HiddenField(default=QUICKEST_FIRST[0], validators=[Optional(), Length(max=10)])
    act = StringField(validators=[Optional(), Length(max=20)])
    log = HiddenField(default="[]", validators=[Optional(), Length(max=60_000)])
    editing = HiddenField(validators=[Optional(), Length(max=4)])
    who = StringField(_l("Who played"), validators=[Optional(), Length(max=80)])
    kind = StringField(_l("What"), default=MELD, validators=[Optional(), Length(max=12)])
    cards = StringField(_l("Cards"), validators=[Optional(), Length(max=200)])
    out = StringField(_l("Who went out"), validators=[Optional(), Length(max=80)])
    #: The join toggles ticked, and those shown (see the module).
    joins = SelectMultipleField(validate_choice=False)
    asked = HiddenField(validators=[Optional(), Length(max=4000)])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Errors shown above a part of the form: messages of the rules layer, rendered with ``|say``.
        self.log_errors: list[Param] = []
        self.hands_errors: list[Param] = []
        self.totals_errors: list[Param] = []
        self.table_errors: list[Param] = []
        self.out_errors: list[Param] = []
        #: Errors at plays of the log, by play number.
        self.row_errors: dict[int, Param] = {}
        self.notices: list[str] = []
        self._board: Board | None = None
        #: The number the play still in the play fields gets when the deal is scored with it.
        self._pending: int | None = None
        #: The problems the form found itself when the deal was to be scored, and whether the rules
        #: layer has judged the entry (else :meth:`prepare` asks it, to report everything at once).
        self._own: list[InputError] = []
        self._judged = False
        #: What a play loaded into the play fields (Edit, Take back) says it joins: its toggles start so.
        self._loaded_joins: list[Any] | None = None

    # --- fields by seat and row ------------------------------------------------------------------

    def player(self, seat: int) -> HiddenField:
        return getattr(self, f"player_{seat}")

    def hand(self, seat: int) -> StringField:
        return getattr(self, f"hand_{seat}")

    def played(self, seat: int) -> IntegerField:
        return getattr(self, f"played_{seat}")

    def aces(self, seat: int) -> IntegerField:
        return getattr(self, f"aces_{seat}")

    def left(self, seat: int) -> IntegerField:
        return getattr(self, f"left_{seat}")

    def could(self, seat: int) -> IntegerField:
        return getattr(self, f"could_{seat}")

    def table_row(self, row: int) -> StringField:
        return getattr(self, f"table_{row}")

    def seated(self) -> list[tuple[int, str]]:
        return [(seat, name) for seat in range(SEATS) if (name := (self.player(seat).data or "").strip())]

    def table_rows(self) -> list[StringField]:
        """The rows to show: at least a few, and always two free ones after the last filled."""
        filled = max((i + 1 for i in range(MAX_MELDS) if typed_cards(self.table_row(i).data)), default=0)
        return [self.table_row(i) for i in range(min(MAX_MELDS, max(TABLE_ROWS, filled + 2)))]

    def table_given(self) -> bool:
        return any(typed_cards(self.table_row(i).data) for i in range(MAX_MELDS))

    @property
    def quick(self) -> bool:
        return self.mode.data == "quick"

    @property
    def scored(self) -> bool:
        return self.mode.data == "scored"

    # --- buttons -----------------------------------------------------------------------------------

    def action(self) -> str | None:
        """The button pressed; None scores the deal. Enter in a field adds a typed play, else scores."""
        act = (self.act.data or "").strip()
        if act == ENTER:
            return ADD if self.mode.data not in ("quick", "scored") and typed_cards(self.cards.data) else None
        if act.startswith(EDIT) and act[len(EDIT) :].isdigit():
            return act
        return act if act in (ADD, TAKE_BACK, MORE_ROWS, REMOVE, CANCEL, *MODES) else None

    def prepare(self, setup: MatchSetup, dealer: str | None) -> None:
        self._name_fields(setup)
        self.board(setup, dealer)
        super().prepare(setup, dealer)

    def unjudged(self) -> bool:
        """Whether the deal was to be scored but refused before the rules layer saw it: a field the
        form could not read, or a problem the form found itself."""
        return self.action() is None and not self._judged

    def is_step(self) -> bool:
        refused = self.log_errors or self.cards.errors
        return self.is_submitted() and self.action() is not None and not refused

    def validate(self, extra_validators: Any = None) -> bool:
        """Only scoring the deal submits it; the other buttons change the form (see :meth:`board`)."""
        valid = super().validate(extra_validators)
        if self.mode.data not in MODES:
            self.mode.data = QUICKEST_FIRST[0]
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
        cards = typed_cards(self.cards.data)
        if not cards:
            raise FieldError(msg("pick the cards of the play"), field="play", location=("play",))
        kind = (self.kind.data or MELD).strip()
        if kind == ACES:
            return {"player": who, "aces": cards}
        if kind.startswith(ONTO) and kind[len(ONTO) :].isdigit():
            return {"player": who, "layoff": cards, "onto": stored_int(kind[len(ONTO) :])}
        return {"player": who, "meld": cards}

    def editing_number(self, log: list[Any]) -> int | None:
        """The play being corrected, if the hidden field names a play of ``log``."""
        number = stored_int((self.editing.data or "").strip()) or 0  # digits past any play are none
        return number if 0 < number <= len(log) else None

    def board(self, setup: MatchSetup, dealer: str | None = None) -> Board:
        """Carry out the button pressed (once), then replay the log for the page."""
        if self._board is None:
            self._board = self._make_board(setup, dealer)
        return self._board

    def _make_board(self, setup: MatchSetup, dealer: str | None) -> Board:
        players = setup.players
        action = (self.action() if self.is_submitted() else None) or ""
        try:
            log = self.read_log()
        except InputError as error:
            self.log_errors.append(error.msg)
            log = []
            action = "" if action in (ADD, TAKE_BACK, REMOVE) or action.startswith(EDIT) else action
        editing = self.editing_number(log)
        if action == ADD:
            log = self._add(setup, log, editing)
        elif action == REMOVE and editing is not None:
            log = self._remove(setup, log, editing)
        elif action == CANCEL:
            self._clear_play()
        elif action.startswith(EDIT):
            self._edit(log, int(action[len(EDIT) :]), editing)
        elif action == TAKE_BACK and log and editing is None:
            self._take_back(log.pop())
        elif action in MODES:
            if action != "log" and self.mode.data == "log" and log:
                self._fill_totals(setup, log)
            self.mode.data = action
        self.log.data = json.dumps(log)
        editing = self.editing_number(log)
        self.editing.data = str(editing) if editing is not None else ""
        replay = self._replay(setup, log)
        last = replay.plays[-1].play.player if replay and replay.plays else None
        first = ICEBERG.first_player(setup, dealer) if dealer in players else players[0]
        used = [
            str(card)
            for number, play in enumerate(log, start=1)
            if number != editing and isinstance(play, dict)
            for card in play.get(action_of(play)) or []
        ]
        board = Board(replay, log, players, last or first, used, editing)
        before = replay
        if editing is not None and replay is not None:
            before = self._replay(setup, log[: editing - 1])
            board.editing_targets = [m.as_dict() for m in before.targets] if before else []
        board.offers = self._offers(setup, before)
        return board

    def _replay(self, setup: MatchSetup, log: list[Any]) -> Replay | None:
        try:
            return ICEBERG.replay_log(setup, log, lenient=True)
        except InputError as error:
            self.log_errors.append(error.msg)
            return None

    def _add(self, setup: MatchSetup, log: list[Any], editing: int | None) -> list[Any]:
        """The play in the fields appended, or replacing play ``editing``; refused at the fields if illegal."""
        before = self._replay(setup, log)
        if before is None:
            return log
        try:
            play = self._joining(self.next_play(setup.players), setup, log[: editing - 1] if editing else log)
            changed = ICEBERG.correct_log(setup, log, editing, play) if editing else [*log, play]
            replay = ICEBERG.replay_log(setup, changed, lenient=True)
        except InputError as error:
            self._play_error(error)
            return log
        number = editing or len(changed)
        if number in replay.refused:
            self._play_error(replay.refused[number])
            return log
        scored = next(s for s in replay.plays if s.number == number)
        changed[number - 1] = scored.play.as_dict()
        if editing:
            self.notices.append(_("Play %(number)s corrected: %(play)s", number=number, play=say(scored.text)))
        else:
            self.notices.append(_("Added: %(play)s", play=say(scored.text)))
        self._newly_refused(before, replay)
        self._clear_play()
        return changed

    def _remove(self, setup: MatchSetup, log: list[Any], editing: int) -> list[Any]:
        before = self._replay(setup, log)
        try:
            changed = ICEBERG.correct_log(setup, log, editing, None)
            replay = ICEBERG.replay_log(setup, changed, lenient=True)
        except InputError as error:
            self._play_error(error)
            return log
        self.notices.append(_("Play %(number)s taken out.", number=editing))
        if before is not None:
            self._newly_refused(before, replay, taken_out=editing)
        self._clear_play()
        return changed

    def _newly_refused(self, before: Replay, after: Replay, taken_out: int | None = None) -> None:
        """Say which plays a correction made illegal (their rows say why)."""
        was = {n - 1 if taken_out and n > taken_out else n for n in before.refused}
        new = sorted(set(after.refused) - was)
        if new:
            self.notices.append(
                ngettext(
                    "Play %(plays)s no longer fits the table: correct it or take it out.",
                    "Plays %(plays)s no longer fit the table: correct them or take them out.",
                    len(new),
                    plays=say(join(new, " and " if len(new) == 2 else ", ")),
                )
            )

    def _edit(self, log: list[Any], number: int, editing: int | None) -> None:
        """Load play ``number`` into the play fields, unless they hold a play not yet added."""
        if not 0 < number <= len(log) or not isinstance(log[number - 1], dict):
            return
        if typed_cards(self.cards.data) and not (editing is not None and self._fields_hold(log[editing - 1])):
            add_error(self.cards, msg("add the play in these fields, or clear it, before correcting another"))
            return
        self._fill_play(log[number - 1])
        self.editing.data = str(number)

    def _fields_hold(self, play: dict[str, Any]) -> bool:
        """Whether the play fields still hold ``play`` as it was loaded (nothing changed in them)."""
        kind = action_of(play)
        loaded = f"{ONTO}{play.get('onto')}" if kind == "layoff" else kind
        typed, cards = typed_cards(self.cards.data), [str(c) for c in play.get(kind) or []]
        same = len(typed) == len(cards) and all(same_card(t, c) for t, c in zip(typed, cards, strict=True))
        return (
            same
            and (self.who.data or "") == play.get("player")
            and (self.kind.data or MELD) == loaded
            and self._joins_hold(play)
        )

    def _joins_hold(self, play: dict[str, Any]) -> bool:
        """Whether the join toggles shown for ``play`` in the fields are ticked as it says (a play that does
        not say joins every gap it closes)."""
        asked, ticked = self._choices()
        joins, onto = play.get("joins"), play.get("onto")
        said = joins if isinstance(joins, list) else None
        return all(
            ((number, run) in ticked) == (said is None or run in said) for number, run in asked if number == onto
        )

    def _take_back(self, play: Any) -> None:
        """The removed play goes back into the play fields, unless something is typed there."""
        if typed_cards(self.cards.data) or not isinstance(play, dict):
            return
        self._fill_play(play)

    def _fill_play(self, play: dict[str, Any]) -> None:
        kind = action_of(play)
        if isinstance(play.get(kind), list):
            self.cards.data = " ".join(str(c) for c in play[kind])
            self.kind.data = f"{ONTO}{play.get('onto')}" if kind == "layoff" else kind
        if isinstance(play.get("player"), str):
            self.who.data = play["player"]
        self._forget_joins()
        joins = play.get("joins")
        self._loaded_joins = joins if isinstance(joins, list) else None

    def _clear_play(self) -> None:
        """The next play starts blank, its player included: a player left over from the last play
        would credit the next one silently to the wrong player."""
        self.who.data = ""
        self.cards.data = ""
        self.kind.data = MELD
        self.editing.data = ""
        self._forget_joins()

    # --- joining runs (merge_runs, iceberg-4.4) ----------------------------------------------------

    def _forget_joins(self) -> None:
        """The join toggles posted belong to the play the fields held: a play put there starts afresh."""
        self.asked.data = ""
        self.joins.data = []
        self._loaded_joins = None

    def _choices(self) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
        """The join toggles that were shown, and those ticked, as (meld laid on, run joined) pairs."""
        return join_pairs((self.asked.data or "").split()), join_pairs(list(self.joins.data or []))

    def _fields_layoff(self) -> tuple[int | None, list[Card]]:
        """The meld the play in the fields goes on (None unless a lay-off) and its cards that can be read."""
        kind = (self.kind.data or "").strip()
        onto = stored_int(kind[len(ONTO) :]) if kind.startswith(ONTO) else None
        return onto, played_cards(typed_cards(self.cards.data)) or []

    def _offers(self, setup: MatchSetup, before: Replay | None) -> list[JoinOffer]:
        """A toggle for every run a lay-off on the table ``before`` the play could join, with
        ``merge_runs``: those whose gap the cards in the fields close are shown, ticked as posted or as
        the play loaded into the fields says, else as the rules layer joins by default. One posted ticked
        stays shown though the cards no longer close its gap: its error says so, and it can be unticked."""
        if before is None or not ICEBERG.opts(setup).merge_runs:
            return []
        gaps = before.join_gaps()
        runs = {m.number: m.as_dict() for m in before.targets}
        onto, cards = self._fields_layoff()
        closes = set(closed_by(gaps.get(onto, {}), cards)) if onto else set()
        asked, ticked = self._choices()
        offers = []
        for number, found in sorted(gaps.items()):
            for run, needs in sorted(found.items()):
                if (number, run) in asked:
                    checked = (number, run) in ticked
                elif self._loaded_joins is not None and number == onto:
                    checked = run in self._loaded_joins
                else:
                    checked = True
                shown = number == onto and (run in closes or ((number, run) in asked and checked))
                offers.append(JoinOffer(number, runs[run], tuple(str(c) for c in needs), shown, checked))
        offers = offers[:MAX_TOGGLES]
        self.asked.data = " ".join(offer.value for offer in offers if offer.shown)
        return offers

    def _joining(self, play: dict[str, Any], setup: MatchSetup | None, before: list[Any]) -> dict[str, Any]:
        """``play``, a lay-off, with the runs it joins as the toggles say, the table being the one the plays
        ``before`` it leave: those ticked, and those whose gap it closes with no toggle shown. A play whose
        meld showed no toggle says nothing: the rules layer joins every gap it closes."""
        if "layoff" not in play or setup is None or not ICEBERG.opts(setup).merge_runs:
            return play
        asked, ticked = self._choices()
        onto = play["onto"]
        asked_here = {run for number, run in asked if number == onto}
        ticked_here = {run for number, run in ticked if number == onto}
        cards = played_cards(play["layoff"])
        if not (asked_here or ticked_here) or cards is None:
            return play
        try:
            table = ICEBERG.replay_log(setup, before, lenient=True)
        except InputError:
            return play
        closes = set(closed_by(table.join_gaps().get(onto, {}), cards))
        return {**play, "joins": sorted(ticked_here | (closes - asked_here))}

    def _fill_totals(self, setup: MatchSetup, log: list[Any]) -> None:
        """Switching to totals (or the fast mode) after some plays: start from what the plays add up to."""
        typed = any(self.played(s).data is not None for s in range(SEATS)) or self.table_given()
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
        """The entry as typed; the problems the form finds itself (a play half entered, a correction not
        saved, a player who went out holding cards) are raised together."""
        entry, own = self._typed()
        if own:
            self._own = own
            raise own[0] if len(own) == 1 else InputErrors(own)
        return entry

    def _typed(self) -> tuple[dict[str, Any], list[InputError]]:
        seated = self.seated()
        own: list[InputError] = []
        if self.quick:
            hands = {name: typed_cards(self.hand(seat).data) for seat, name in seated}
            return {**self._numbers(seated), "table": self._table(), "hands": hands, "mode": "quick"}, own
        if self.scored:
            return self._scored(seated, own), own
        hands = {name: typed_cards(self.hand(seat).data) for seat, name in seated}
        try:
            log = self.read_log()
        except InputError as error:
            return {"mode": "log", "log": [], "hands": hands}, [error]
        editing = self.editing_number(log)
        if editing is not None:
            own.append(
                FieldError(
                    msg("save or cancel the correction of play {number} first", number=editing),
                    field="play",
                    location=("play",),
                )
            )
        elif typed_cards(self.cards.data):
            try:
                log.append(self._joining(self.next_play(tuple(name for _, name in seated)), self.setup, log))
                self._pending = len(log)
            except InputError as error:
                own.append(error)
        return {"mode": "log", "log": log, "hands": hands}, own

    def _numbers(self, seated: list[tuple[int, str]]) -> dict[str, Any]:
        return {
            "played": {name: self.played(seat).data for seat, name in seated if self.played(seat).data is not None},
            "aces": {name: self.aces(seat).data for seat, name in seated if self.aces(seat).data is not None},
        }

    def _table(self) -> list[list[str]]:
        return [typed_cards(self.table_row(i).data) for i in range(MAX_MELDS) if typed_cards(self.table_row(i).data)]

    def _scored(self, seated: list[tuple[int, str]], own: list[InputError]) -> dict[str, Any]:
        """The fast mode: who went out holds nothing; every other player's cards, or their count."""
        out = (self.out.data or "").strip()
        hands: dict[str, list[str]] = {}
        counted: dict[str, dict[str, int]] = {}
        for seat, name in seated:
            cards, left, could = typed_cards(self.hand(seat).data), self.left(seat).data, self.could(seat).data
            if name == out:
                hands[name] = []
                held = [("hands", (name,), bool(cards)), ("counted", (name, "left"), left is not None)]
                held.append(("counted", (name, "could_score"), could is not None))
                own.extend(
                    FieldError(
                        msg("{player} went out, so holds nothing: clear this, or tap who went out", player=name),
                        field=part,
                        location=(part, *where),
                    )
                    for part, where, typed in held
                    if typed
                )
                continue
            if cards:
                hands[name] = cards
            if left is not None or could is not None:
                counted[name] = {"left": left or 0, "could_score": could or 0}
        entry: dict[str, Any] = {"mode": "scored", **self._numbers(seated), "hands": hands, "counted": counted}
        if self.table_given():
            entry["table"] = self._table()
        return entry

    def load(self, entry: dict[str, Any]) -> None:
        mode = entry["mode"]
        self.mode.data = mode
        names = list(entry["played"]) if "played" in entry else list(entry["hands"])
        counted = entry.get("counted", {})
        for seat, name in enumerate(names):
            self.player(seat).data = name
            self.hand(seat).data = " ".join(entry["hands"].get(name, []))
            if mode != "log":
                self.played(seat).data = entry["played"].get(name, 0)
                self.aces(seat).data = entry["aces"].get(name, 0)
            if name in counted:
                self.left(seat).data = counted[name]["left"]
                self.could(seat).data = counted[name]["could_score"] or None
            if mode == "scored" and entry["hands"].get(name) == []:
                self.out.data = name
        if mode == "scored" and not self.out.data:
            self.out.data = NOBODY
        if mode == "log":
            self.log.data = json.dumps(entry["log"])
        for i, meld in enumerate(entry.get("table", [])):
            self.table_row(i).data = " ".join(meld)

    # --- errors --------------------------------------------------------------------------------------

    def place_error(self, error: InputError) -> None:
        """At the fields holding the named card, else where the error's location points: the play
        still in the play fields, a play of the log, a player's hand, points or count, a table row,
        or that part of the form."""
        if not any(error is own for own in self._own):
            self._judged = True
        message = error.msg
        if error.field == "play":
            self._play_error(error)
            return
        holders = self._holding(error)
        if holders:
            for holder in holders:
                add_error(holder, message)
            return
        target = self._field_at(error)
        if target is not None:
            add_error(target, message)
            return
        inside = error.location[1:]
        if error.field == "log":
            if self._pending is not None and inside[:1] == (self._pending,):
                self._play_error(error)
            elif inside and isinstance(inside[0], int):
                self.row_errors[inside[0]] = reason(error)
            else:
                self.log_errors.append(message)
        elif error.field == "hands":
            (self.out_errors if self.scored else self.hands_errors).append(message)
        elif error.field == "table":
            self.table_errors.append(message)
        elif error.field in ("played", "aces", "counted"):
            self.totals_errors.append(message)
        else:
            self.form_errors.append(message)

    def error_groups(self) -> list[ErrorGroup]:
        """The problems shown above a part of the form, for the summary of a refused deal: each links
        to its part (the ids of ``games/iceberg/entry.html``), listed before the part's first field."""
        if self.mode.data == "log":
            groups = [ErrorGroup("ib-log-error", _("Plays so far"), "who", list(self.log_errors))]
            groups += [
                ErrorGroup(f"ib-play-{number}", _("Play %(number)s", number=number), "who", [message])
                for number, message in sorted(self.row_errors.items())
            ]
        else:
            groups = [ErrorGroup("ib-totals-error", _("Points scored in play"), "out", list(self.totals_errors))]
            if self.scored:
                groups.append(ErrorGroup("ib-out-error", _("Who went out"), "out", list(self.out_errors)))
            groups.append(ErrorGroup("ib-table-error", _("The table at the end"), "table_0", list(self.table_errors)))
        if not self.scored:
            groups.append(ErrorGroup("ib-hands-error", _("Cards left in each hand"), "hand_0", list(self.hands_errors)))
        return groups

    def _play_error(self, error: InputError) -> None:
        """Shown at the play's cards; a refused play's number is dropped (its ``reason`` alone): the
        fields say which play."""
        add_error(self.cards, reason(error))

    def _holding(self, error: InputError) -> list[StringField]:
        if not isinstance(error, CardError):
            return []
        fields = [self.hand(seat) for seat, _ in self.seated()]
        fields += [self.table_row(i) for i in range(MAX_MELDS)] if self.mode.data != "log" else [self.cards]
        return [f for f in fields if any(same_card(t, error.token) for t in typed_cards(f.data))]

    def _field_at(self, error: InputError) -> Field | None:
        """The one field an error's location names: a player's hand, points, aces or count, or a table row."""
        inside = error.location[1:]
        seat = next((seat for seat, name in self.seated() if inside[:1] == (name,)), None)
        if error.field == "table":
            return self._table_row_at(inside)
        if seat is None:
            return None
        if error.field == "hands":
            return self.hand(seat)
        if error.field == "played":
            return self.played(seat)
        if error.field == "aces":
            return self.aces(seat)
        if error.field == "counted":
            return self.could(seat) if inside[1:2] == ("could_score",) else self.left(seat)
        return None

    def _table_row_at(self, inside: tuple[str | int, ...]) -> StringField | None:
        """The row of table meld N (location ``("table", N)``), counting the filled rows only."""
        if not inside or not isinstance(inside[0], int):
            return None
        filled = [self.table_row(i) for i in range(MAX_MELDS) if typed_cards(self.table_row(i).data)]
        number = inside[0]
        return filled[number - 1] if 0 < number <= len(filled) else None

    def typed_entry(self) -> dict[str, Any]:
        return self._typed()[0]

    def judged_from(self, error: InputError) -> list[Field]:
        """The one field an error's location names; else every field of the part it is about (a sum over
        a field the form could not read would mislead)."""
        target = self._field_at(error)
        if target is not None:
            return [target]
        prefixes = {
            "played": ("played_",),
            "aces": ("aces_",),
            "counted": ("left_", "could_"),
            "hands": ("hand_",),
            "table": ("table_",),
            "log": ("cards",),
        }.get(error.field or "", ())
        return [field for field in self if prefixes and field.name.startswith(prefixes)]

    def _name_fields(self, setup: MatchSetup) -> None:
        """Each player's fields named after the player, as the summary of a refused deal lists them."""
        every_card = ICEBERG.opts(setup).penalty == "every_card"
        for seat, name in enumerate(setup.players):
            self.hand(seat).label.text = _("%(player)s: cards left", player=name)
            self.played(seat).label.text = _("%(player)s: melds and lay-offs", player=name)
            self.aces(seat).label.text = _("%(player)s: aces exposed", player=name)
            if every_card:
                self.left(seat).label.text = _("%(player)s: cards in hand", player=name)
            else:
                self.left(seat).label.text = _("%(player)s: cards left over", player=name)
            self.could(seat).label.text = _("%(player)s: could still score", player=name)


for _seat in range(SEATS):
    setattr(IcebergEntryForm, f"player_{_seat}", HiddenField(validators=[Optional(), Length(max=80)]))
    setattr(IcebergEntryForm, f"hand_{_seat}", StringField(_l("Cards left"), validators=[Optional(), Length(max=200)]))
    setattr(
        IcebergEntryForm,
        f"played_{_seat}",
        WholeNumberField(
            _l("Melds and lay-offs"),
            validators=[Optional(), NumberRange(min=0, max=MAX_POINTS, message=_l("points from 0 up"))],
        ),
    )
    setattr(
        IcebergEntryForm,
        f"aces_{_seat}",
        WholeNumberField(
            _l("Aces exposed"), validators=[Optional(), NumberRange(min=0, max=8, message=_l("0 to 8 aces"))]
        ),
    )
    setattr(
        IcebergEntryForm,
        f"left_{_seat}",
        WholeNumberField(
            _l("Cards left over"),
            validators=[
                Optional(),
                NumberRange(min=0, max=MAX_HAND, message=_l("0 to %(most)s cards", most=MAX_HAND)),
            ],
        ),
    )
    setattr(
        IcebergEntryForm,
        f"could_{_seat}",
        WholeNumberField(
            _l("Could still score"),
            validators=[Optional(), NumberRange(min=0, max=MAX_POINTS, message=_l("points from 0 up"))],
        ),
    )
for _row in range(MAX_MELDS):
    setattr(
        IcebergEntryForm,
        f"table_{_row}",
        StringField(_l("Meld %(number)s", number=_row + 1), validators=[Optional(), Length(max=120)]),
    )

FORM = IcebergEntryForm
