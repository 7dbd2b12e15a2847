"""Zheng Fen deal entry: the finishing order, each player's captured point cards, the last hand.

The finishing order is one row of player buttons (radios) per place, so a few taps set it without
JavaScript. It starts empty: the players decide it, and a deal saved with a guessed order would
score wrongly while passing every check. Every place but the last must be tapped; the last is
then the one player left. Each player's captured point cards are a card field (the
picker offers only 5s, 10s and kings) or, instead, three counts: the counts are used when the
card field is empty. The last player's remaining hand is entered the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, IntegerField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.cards import CardError, card_tokens
from referee.errors import FieldError, InputError
from referee.messages import Join, Message, Param, join, msg
from referee.rules.zhengfen import parse_haul
from referee.rules.zhengfen.order import check_places
from referee.rules.zhengfen.values import POINT_RANKS
from referee.web.entries import EntryForm, same_card
from referee.web.forms import WholeNumberField
from referee.web.i18n import say

#: Seats a Zheng Fen table has at most (zhengfen-1.1).
SEATS = 6
#: The count fields of a pile, with the rank each counts.
COUNTS: tuple[tuple[str, str], ...] = (("fives", "5"), ("tens", "10"), ("kings", "K"))
#: The count fields' labels, as the pile's head shows them.
COUNT_LABELS = (("fives", _l("5s")), ("tens", _l("10s")), ("kings", _l("Ks")))


@dataclass(frozen=True)
class Pile:
    """The fields of one pile: a player's captured cards, or the last player's hand."""

    key: str
    label: Message
    cards: StringField
    counts: tuple[IntegerField, ...]

    @property
    def typed_cards(self) -> list[str]:
        return card_tokens(self.cards.data or "")

    @property
    def counted(self) -> bool:
        return any(f.data is not None for f in self.counts)

    @property
    def count_errors(self) -> list[str]:
        return [e for f in self.counts for e in f.errors or []]

    def value(self) -> list[str] | dict[str, int]:
        """Cards when any are typed, else the counts when any is filled, else no card."""
        if self.typed_cards or not self.counted:
            return self.typed_cards
        return {rank: f.data or 0 for f, (_, rank) in zip(self.counts, COUNTS, strict=True)}

    def check_both(self) -> None:
        """Cards and counts both filled must agree, or one of them is a slip."""
        if not (self.typed_cards and self.counted):
            return
        cards = parse_haul(self.typed_cards, self.key)
        counts = tuple(f.data or 0 for f in self.counts)
        if cards.counts != counts:
            raise FieldError(
                msg(
                    "{pile}: the cards hold {held} but the counts say {said}; clear the counts or the cards",
                    pile=self.label,
                    held=_counts_text(cards.counts),
                    said=_counts_text(counts),
                ),
                field=self.key,
                location=(self.key, "counts"),
            )

    def show_error(self, message: str, *, at_counts: bool) -> None:
        field = self.counts[0] if at_counts else self.cards
        field.errors = [*list(field.errors or []), message]


def _counts_text(counts: tuple[int, ...]) -> Param:
    named = [f"{n} × {rank}" for n, rank in zip(counts, POINT_RANKS, strict=True) if n]
    return join(named, ", ") if named else msg("no point card")


class ZhengFenEntryForm(EntryForm):
    template = "games/zhengfen/entry.html"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order_errors: list[str] = []

    # --- the fields, by seat -----------------------------------------------------------------------

    def place(self, index: int) -> StringField:
        return getattr(self, f"place_{index}")

    def player(self, seat: int) -> HiddenField:
        return getattr(self, f"player_{seat}")

    def captured(self, seat: int, name: str) -> Pile:
        return Pile(
            key=f"captured.{name}",
            label=msg("{name}'s cards", name=name),
            cards=getattr(self, f"cards_{seat}"),
            counts=tuple(getattr(self, f"{count}_{seat}") for count, _ in COUNTS),
        )

    def hand(self) -> Pile:
        return Pile(
            key="hand",
            label=msg("The last player's hand"),
            cards=self.hand_cards,
            counts=tuple(getattr(self, f"hand_{count}") for count, _ in COUNTS),
        )

    def chosen(self, index: int) -> str:
        """The player in place ``index`` as posted or loaded; empty until someone taps one."""
        return (self.place(index).data or "").strip()

    def seated(self) -> list[tuple[int, str]]:
        """The players of the match as the form carries them, with their seats."""
        return [(seat, name) for seat in range(SEATS) if (name := (self.player(seat).data or "").strip())]

    def piles(self) -> list[Pile]:
        return [*(self.captured(seat, name) for seat, name in self.seated()), self.hand()]

    # --- entry ---------------------------------------------------------------------------------------

    def to_entry(self) -> dict[str, Any]:
        seated = self.seated()
        places = [self.chosen(index) for index in range(len(seated))]
        order = check_places([name for _, name in seated], places)
        for pile in self.piles():
            pile.check_both()
        return {
            "order": order,
            "captured": {name: self.captured(seat, name).value() for seat, name in seated},
            "hand": self.hand().value(),
        }

    def load(self, entry: dict[str, Any]) -> None:
        for index, name in enumerate(entry["order"]):
            self.place(index).data = name
        for seat, (name, pile) in enumerate(entry["captured"].items()):
            self.player(seat).data = name
            _fill(self.captured(seat, name), pile)
        _fill(self.hand(), entry.get("hand") or [])

    # --- errors --------------------------------------------------------------------------------------

    def place_error(self, error: InputError) -> None:
        """At the pile holding the named card or the pile the error names; the order above its rows."""
        message = say(self._readable(error.msg))
        if error.field == "order":
            self.order_errors.append(message)
            return
        piles = self._piles_holding(error)
        if piles:
            for pile in piles:
                pile.show_error(message, at_counts=False)
            return
        for pile in self.piles():
            if error.field == pile.key:
                at_counts = error.location[1:] == ("counts",) or (not pile.typed_cards and pile.counted)
                pile.show_error(message, at_counts=at_counts)
                return
        self.form_errors.append(message)

    def _piles_holding(self, error: InputError) -> list[Pile]:
        if not isinstance(error, CardError):
            return []
        return [pile for pile in self.piles() if any(same_card(t, error.token) for t in pile.typed_cards)]

    def _readable(self, message: Message) -> Message:
        """The rules layer names piles as entry keys (``captured.Ann``, ``hand``); the form as people do."""
        return renamed(message, self.pile_names())  # type: ignore[return-value]

    def pile_names(self) -> dict[str, Param]:
        """Each pile's entry key and its name on the form."""
        names: dict[str, Param] = {pile.key: pile.label for pile in self.piles()}
        names["hand"] = msg("the last hand")
        return names


def renamed(value: Param, names: dict[str, Param]) -> Param:
    """``value`` with every plain parameter that is a key of ``names`` replaced by its name there."""
    if isinstance(value, Message):
        params = tuple((key, renamed(param, names)) for key, param in value.params)
        return Message(value.id, params, value.plural)
    if isinstance(value, Join):
        return Join(tuple(renamed(item, names) for item in value.items), value.separator)
    if isinstance(value, str):
        return names.get(value, value)
    return value


def _fill(pile: Pile, value: list[str] | dict[str, int]) -> None:
    if isinstance(value, dict):
        for field, (_, rank) in zip(pile.counts, COUNTS, strict=True):
            field.data = value.get(rank, 0)
        pile.cards.data = ""
    else:
        pile.cards.data = " ".join(value)


def _count_field(label: str) -> IntegerField:
    return WholeNumberField(
        label, validators=[Optional(), NumberRange(min=0, max=4, message=_l("a count from 0 to 4"))], default=None
    )


for _seat in range(SEATS):
    setattr(ZhengFenEntryForm, f"place_{_seat}", StringField(validators=[Optional(), Length(max=80)]))
    setattr(ZhengFenEntryForm, f"player_{_seat}", HiddenField(validators=[Optional(), Length(max=80)]))
    setattr(ZhengFenEntryForm, f"cards_{_seat}", StringField(_l("Cards"), validators=[Optional(), Length(max=200)]))
    for _count, _label in COUNT_LABELS:
        setattr(ZhengFenEntryForm, f"{_count}_{_seat}", _count_field(_label))

ZhengFenEntryForm.hand_cards = StringField(_l("Cards"), validators=[Optional(), Length(max=200)])
for _count, _label in COUNT_LABELS:
    setattr(ZhengFenEntryForm, f"hand_{_count}", _count_field(_label))

FORM = ZhengFenEntryForm
