"""Clabber's deal entry: who said “I play” and in what, each side's card points, melds, the bell.

The sides and players come from the match's seats, which the form learns when its template calls
:meth:`ClabberEntryForm.bind`; their names travel with the form as hidden fields, so the entry
made from a post names the sides and players it was shown. The form checks nothing itself: what
was chosen and typed goes to the rules layer, which refuses a deal once with every mistake.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from referee.cards import CardError
from referee.errors import InputError
from referee.messages import Param, msg, renamed
from referee.rules.clabber import CLABBER, MELD_KINDS, MELD_LABELS, meld_kinds_for
from referee.rules.clabber.scoring import deal_range_note
from referee.rules.game import MatchSetup, Side
from referee.web.forms.cards import holds_card, suit_field
from referee.web.forms.common import ErrorGroup, WholeNumberField, add_error, choices, lazy_say
from referee.web.forms.entries import EntryForm
from referee.web.http.i18n import say

#: The value of the "all passed twice" choice of the makers.
PASSED = "passed"
MAX_SIDES = 3
MAX_PLAYERS = 6
#: Meld type choices per side when a team scores all its melds (one otherwise).
MELDS_PER_SIDE = 3

MELD_CHOICES = [("", _l("no meld")), *((kind, lazy_say(MELD_LABELS[kind])) for kind in MELD_KINDS)]


class ClabberEntryForm(EntryForm):
    game = CLABBER
    template = "games/clabber/entry.html"

    makers = RadioField(_l("Who said “I play”?"), choices=[], validate_choice=False)
    trump = suit_field(_l("Trump"))
    round = RadioField(
        _l("Bidding round"),
        choices=choices([("1", _l("Round 1: the turn-up's suit")), ("2", _l("Round 2: another suit named"))]),
        default="1",
    )
    turn_up = StringField(
        _l("Turn-up (optional)"),
        validators=[Optional(), Length(max=4)],
        description=_l("Checks that round 1 played its suit and round 2 another one."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sides: list[Side] = []
        self.players: list[str] = []
        self.count = 0
        #: Errors about a group of fields: the points' sum, the meld types together, the declarers' cards together.
        self.groups = {
            "points": ErrorGroup("points", _l("Card points"), before="meld_0_0"),
            "melds": ErrorGroup("melds", _l("Melds"), before="meld_cards_0"),
            "meld_cards": ErrorGroup("meld-cards", _l("Melds"), before="bell"),
        }
        self._loaded: dict[str, Any] | None = None

    # --- the match's seats --------------------------------------------------------------------

    def prepare(self, setup: MatchSetup, dealer: str | None) -> None:
        self.bind(setup)
        super().prepare(setup, dealer)

    def bind(self, setup: MatchSetup) -> None:
        """Learn the sides and players of the match, each field named after its side or player (as a
        refused deal's summary lists them); fill a loaded entry."""
        self.sides = self.game.sides(setup)
        self.players = list(setup.players)
        self.count = setup.count
        for i in range(MAX_SIDES):
            self.side_field(i).data = self.sides[i].name if i < len(self.sides) else ""
        for j in range(MAX_PLAYERS):
            self.player_field(j).data = self.players[j] if j < len(self.players) else ""
        for i, side in enumerate(self.sides):
            self.points_field(i).label.text = _("%(side)s: card points", side=side.name)
            self.meld_field(i, 0).label.text = _("%(side)s: meld", side=side.name)
            for k in range(1, MELDS_PER_SIDE):
                self.meld_field(i, k).label.text = _("%(side)s: another meld", side=side.name)
        for j, player in enumerate(self.players):
            self.cards_field(j).label.text = _("%(player)s: meld cards", player=player)
        self.makers.choices = choices(
            [(side.name, side.name) for side in self.sides] + [(PASSED, _("All passed twice"))]
        )
        bell_choices = [("", _("No bell")), *((p, p) for p in self.players)]
        if self.bell.data and self.bell.data not in self.players:
            bell_choices.append((self.bell.data, self.bell.data))
        self.bell.choices = choices(bell_choices)
        allowed = meld_kinds_for(self.count)
        for i in range(MAX_SIDES):
            for k in range(MELDS_PER_SIDE):
                field = self.meld_field(i, k)
                # A meld the variant cannot hold stays offered only when it was chosen, to be refused with the reason.
                field.choices = choices([c for c in MELD_CHOICES if c[0] in ("", *allowed) or c[0] == field.data])
        if self._loaded is not None:
            self._fill(self._loaded)
            self._loaded = None

    def points_note(self) -> str:
        """What the card points of the deal add up to in this variant (clabber-2.3, clabber-10)."""
        return say(deal_range_note(self.count))

    def side_field(self, i: int) -> HiddenField:
        return getattr(self, f"side_{i}")

    def player_field(self, j: int) -> HiddenField:
        return getattr(self, f"player_{j}")

    def points_field(self, i: int) -> IntegerField:
        return getattr(self, f"points_{i}")

    def meld_field(self, i: int, k: int) -> SelectField:
        return getattr(self, f"meld_{i}_{k}")

    def cards_field(self, j: int) -> StringField:
        return getattr(self, f"meld_cards_{j}")

    def side_rows(self) -> list[tuple[Side, IntegerField, list[SelectField]]]:
        """Each side with its card points field and its meld type fields."""
        return [
            (side, self.points_field(i), [self.meld_field(i, k) for k in range(MELDS_PER_SIDE)])
            for i, side in enumerate(self.sides)
        ]

    def player_rows(self) -> list[tuple[str, str, StringField]]:
        """Each player, their side, and the field for the cards of their declared meld."""
        team = {member: side.name for side in self.sides for member in side.members}
        return [(p, team.get(p, p), self.cards_field(j)) for j, p in enumerate(self.players)]

    def meld_types_given(self) -> bool:
        """Whether any meld type was chosen or refused: its section then opens."""
        fields = [self.meld_field(i, k) for i in range(MAX_SIDES) for k in range(MELDS_PER_SIDE)]
        return bool(self.groups["melds"].errors) or any(f.data or f.errors for f in fields)

    def meld_cards_given(self) -> bool:
        fields = [self.cards_field(j) for j in range(MAX_PLAYERS)]
        return bool(self.groups["meld_cards"].errors) or any(f.data or f.errors for f in fields)

    def error_groups(self) -> list[ErrorGroup]:
        """For the summary: each group's errors, linked to the group."""
        return list(self.groups.values())

    # --- entry ----------------------------------------------------------------------------------

    def to_entry(self) -> dict[str, Any]:
        """The entry as chosen and typed; no makers chosen leaves ``makers`` out, for the rules to ask for it."""
        if self.makers.data == PASSED:
            return {"makers": None}
        entry: dict[str, Any] = {
            "round": int(self.round.data) if self.round.data in ("1", "2") else self.round.data,
            "trump": self.trump.data,
        }
        if self.makers.data:
            entry["makers"] = self.makers.data.strip()
        if self.turn_up.data and self.turn_up.data.strip():
            entry["turn_up"] = self.turn_up.data.strip()
        sides = [(i, self.side_field(i).data) for i in range(MAX_SIDES) if self.side_field(i).data]
        entry["points"] = {name: self.points_field(i).data for i, name in sides}
        melds = {}
        for i, name in sides:
            kinds = [self.meld_field(i, k).data for k in range(MELDS_PER_SIDE) if self.meld_field(i, k).data]
            if kinds:
                melds[name] = kinds
        if melds:
            entry["melds"] = melds
        shown = {}
        for j in range(MAX_PLAYERS):
            name, cards = self.player_field(j).data, (self.cards_field(j).data or "").strip()
            if name and cards:
                shown[name] = cards
        if shown:
            entry["meld_cards"] = shown
        if self.bell.data:
            entry["bell"] = self.bell.data
        return entry

    def load(self, entry: dict[str, Any]) -> None:
        """Fill what needs no seats now; the points and melds by side once :meth:`bind` knows them."""
        if entry.get("makers") is None:
            self.makers.data = PASSED
            return
        self.makers.data = entry["makers"]
        self.trump.data = entry.get("trump")
        self.round.data = str(entry.get("round", 1))
        self.turn_up.data = entry.get("turn_up") or ""
        self.bell.data = entry.get("bell") or ""
        self._loaded = entry

    def _fill(self, entry: dict[str, Any]) -> None:
        points, melds, shown = entry.get("points", {}), entry.get("melds", {}), entry.get("meld_cards", {})
        for i, side in enumerate(self.sides):
            filled = entry.get("filled") == side.name
            self.points_field(i).data = None if filled else points.get(side.name)
            kinds = list(melds.get(side.name, []))
            for k in range(MELDS_PER_SIDE):
                self.meld_field(i, k).data = kinds[k] if k < len(kinds) else ""
        for j, player in enumerate(self.players):
            self.cards_field(j).data = " ".join(shown.get(player, []))

    # --- errors ---------------------------------------------------------------------------------

    def place_error(self, error: InputError) -> None:
        """At the field the error concerns (its field and location): a side's points or melds, a
        player's cards, the trump…; else with its group of fields, else at the top of the form. A card is
        said to be in the turn-up or in a player's cards, not in the entry's keys."""
        place = _place(error)
        names: dict[str, Param] = {"turn_up": msg("the turn-up")}
        if place is not None:
            names["meld_cards"] = msg("{seat}'s cards", seat=place)
        text = say(renamed(error.msg, names))
        target = self._field_of(error)
        if target is not None:
            add_error(target, text)
            return
        group = (error.field or "").split(".")[0]
        if group == "filled":
            group = "points"
        if group in self.groups:
            self.groups[group].errors.append(text)
        else:
            self.form_errors.append(text)

    def _field_of(self, error: InputError) -> Field | None:
        name = error.field or ""
        if name in ("makers", "round", "trump", "turn_up", "bell"):
            return getattr(self, name)
        group, place = name.split(".")[0], _place(error)
        if group == "points" and place is not None:
            return next((self.points_field(i) for i in range(MAX_SIDES) if self.side_field(i).data == place), None)
        if group == "melds" and place is not None:
            return next((self.meld_field(i, 0) for i in range(MAX_SIDES) if self.side_field(i).data == place), None)
        if group == "meld_cards" and place is not None:
            return next((self.cards_field(j) for j in range(MAX_PLAYERS) if self.player_field(j).data == place), None)
        return None

    def judged_from(self, error: InputError) -> list[Field]:
        """A choice on its own (the trump with the turn-up and the round, the bell with the trump and the
        declarers' cards); a side's points, or its meld types, on their own; a player's cards with every
        hand holding the card named; a sum or the declarations together with all of their group."""
        group, place = (error.field or "").split(".")[0], _place(error)
        points = [self.points_field(i) for i in range(MAX_SIDES)]
        melds = [self.meld_field(i, k) for i in range(MAX_SIDES) for k in range(MELDS_PER_SIDE)]
        hands = [self.cards_field(j) for j in range(MAX_PLAYERS)]
        together: dict[str, list[Field]] = {
            "makers": [self.makers],
            "round": [self.round],
            "turn_up": [self.turn_up],
            "trump": [self.trump, self.turn_up, self.round],
            "bell": [self.bell, self.trump, *hands],
            "points": points,
            "filled": points,
            "melds": melds,
            "meld_cards": [*hands, *melds],
        }
        target = self._field_of(error)
        if target is None or group not in ("points", "melds", "meld_cards"):
            return together.get(group, self.deal_fields())
        if group == "melds":
            side = next(i for i in range(MAX_SIDES) if self.side_field(i).data == place)
            return [self.meld_field(side, k) for k in range(MELDS_PER_SIDE)]
        if group == "meld_cards" and isinstance(error, CardError):
            return [target, *(field for field in hands if holds_card(field.data, error.token))]
        return [target]


def _place(error: InputError) -> str | None:
    """The side or player an error's location names inside its field (``("points", "NS")`` → ``NS``),
    or the side after the dot of a field such as ``points.NS``."""
    if len(error.location) > 1 and isinstance(error.location[1], str):
        return error.location[1]
    _, dot, rest = (error.field or "").partition(".")
    return rest if dot else None


# Declared in the page's order (the summary lists problems in this order): points, meld types, declarers' cards, bell.
for _i in range(MAX_SIDES):
    setattr(ClabberEntryForm, f"side_{_i}", HiddenField())
    setattr(
        ClabberEntryForm,
        f"points_{_i}",
        WholeNumberField(_l("Card points of side %(n)s", n=_i + 1), validators=[Optional()]),
    )
for _i in range(MAX_SIDES):
    for _k in range(MELDS_PER_SIDE):
        setattr(
            ClabberEntryForm,
            f"meld_{_i}_{_k}",
            SelectField(_l("Meld") if _k == 0 else _l("Another meld"), choices=choices(MELD_CHOICES), default=""),
        )
for _j in range(MAX_PLAYERS):
    setattr(ClabberEntryForm, f"player_{_j}", HiddenField())
    setattr(
        ClabberEntryForm,
        f"meld_cards_{_j}",
        StringField(_l("Meld cards of player %(n)s", n=_j + 1), validators=[Optional(), Length(max=60)]),
    )
ClabberEntryForm.bell = SelectField(_l("Bell announced by"), choices=[], validate_choice=False, default="")

FORM = ClabberEntryForm
