"""Zheng Fen deal entry: the finishing order, each player's captured point cards, the last hand.

The finishing order is one row of player buttons (radios) per place, so a few taps set it without
JavaScript. It starts empty: the players decide it, and a deal saved with a guessed order would
score wrongly while passing every check. Every place but the last must be tapped; the last is
then the one player left. Each player's captured point cards are a card field (the
picker offers only 5s, 10s and kings) or, instead, three counts: the counts are used when the
card field is empty (both filled, they must agree). The last player's remaining hand is entered
the same way. The form holds no check of its own: it hands the places as tapped and the piles as
typed to the rules layer, which reports every mistake of the deal at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField, IntegerField, StringField
from wtforms.validators import Length, NumberRange, Optional

from referee.cards import CardError, TooManyCopiesError, card_tokens
from referee.errors import InputError
from referee.messages import Message, Param, msg, renamed
from referee.rules.zhengfen import ZHENGFEN
from referee.web.forms.cards import same_card
from referee.web.forms.common import ErrorGroup, WholeNumberField, add_error
from referee.web.forms.entries import EntryForm
from referee.web.http.i18n import say

#: What other parts of the app may use: the entry form (the referee pages build on it).
__all__ = ["FORM", "ZhengFenEntryForm"]

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

    def value(self) -> list[str] | dict[str, Any]:
        """Cards when any are typed, else the counts when any is filled, else no card; both when both
        are filled (the rules layer holds them to agree)."""
        counts = {rank: f.data or 0 for f, (_, rank) in zip(self.counts, COUNTS, strict=True)}
        if self.typed_cards and self.counted:
            return {"cards": self.typed_cards, **counts}
        if self.typed_cards or not self.counted:
            return self.typed_cards
        return counts

    @property
    def fields(self) -> list[Field]:
        return [self.cards, *self.counts]

    def show_error(self, message: str, *, at_counts: bool) -> None:
        field = self.counts[0] if at_counts else self.cards
        add_error(field, message)


class ZhengFenEntryForm(EntryForm):
    game = ZHENGFEN
    template = "games/zhengfen/entry.html"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order_group = ErrorGroup("order", _l("Finishing order"), before="place_0")
        self.piles_group = ErrorGroup("piles", _l("Point cards each player captured"), before="cards_0")
        #: The places (0 = 1st) an error of the finishing order points at.
        self.places_at_fault: set[int] = set()

    @property
    def order_errors(self) -> list[str]:
        return self.order_group.errors

    def error_groups(self) -> list[ErrorGroup]:
        """The finishing order's errors and the point cards' total, for the summary (each links to its fieldset)."""
        return [self.order_group, self.piles_group]

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
        """The places as tapped (``""`` where nobody was) and the piles as typed: the rules layer checks it all."""
        seated = self.seated()
        return {
            "places": [self.chosen(index) for index in range(len(seated))],
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
        """The order's errors above its rows (marking the place at fault and every place left untapped);
        a pile's at its cards or its counts; a card in two piles at both; the point cards' total above the piles."""
        message = say(self._readable(error.msg))
        if error.field == "order":
            self.order_group.errors.append(message)
            if len(error.location) > 1 and isinstance(error.location[1], int):
                self.places_at_fault.add(error.location[1])
            count = len(self.seated())
            self.places_at_fault.update(i for i in range(count - 1) if not self.chosen(i))
            return
        own = next((pile for pile in self.piles() if pile.key == error.field), None)
        if own is None or isinstance(error, TooManyCopiesError):
            holding = self._piles_holding(error)
            for pile in holding:
                pile.show_error(message, at_counts=False)
            if holding:
                return
        if own is not None:
            at_counts = error.location[1:2] in (("counts",), *((rank,) for _, rank in COUNTS)) or (
                not own.typed_cards and own.counted
            )
            own.show_error(message, at_counts=at_counts)
        elif error.field == "captured":
            self.piles_group.errors.append(message)
        else:
            self.form_errors.append(message)

    def judged_from(self, error: InputError) -> list[Field]:
        """The finishing order with all its places; a pile with its cards and counts (which must agree),
        and every pile holding the card named; the point cards' total with every pile."""
        if error.field == "order":
            return [self.place(index) for index in range(SEATS)]
        if error.field == "captured":
            return [field for pile in self.piles() for field in pile.fields]
        piles = [pile for pile in self.piles() if pile.key == error.field] + self._piles_holding(error)
        return [field for pile in piles for field in pile.fields] if piles else self.deal_fields()

    def _piles_holding(self, error: InputError) -> list[Pile]:
        if not isinstance(error, CardError):
            return []
        return [pile for pile in self.piles() if any(same_card(t, error.token) for t in pile.typed_cards)]

    def _readable(self, message: Message) -> Message:
        """The rules layer names piles as entry keys (``captured.Ann``, ``hand``); the form as people do."""
        return renamed(message, self.pile_names())

    def pile_names(self) -> dict[str, Param]:
        """Each pile's entry key and its name on the form."""
        names: dict[str, Param] = {pile.key: pile.label for pile in self.piles()}
        names["hand"] = msg("the last hand")
        return names


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


# The places first, as the page shows them (the summary lists problems in this order).
for _seat in range(SEATS):
    setattr(
        ZhengFenEntryForm, f"place_{_seat}", StringField(_l("Finishing order"), validators=[Optional(), Length(max=80)])
    )
for _seat in range(SEATS):
    setattr(ZhengFenEntryForm, f"player_{_seat}", HiddenField(validators=[Optional(), Length(max=80)]))
    setattr(ZhengFenEntryForm, f"cards_{_seat}", StringField(_l("Cards"), validators=[Optional(), Length(max=200)]))
    for _count, _label in COUNT_LABELS:
        setattr(ZhengFenEntryForm, f"{_count}_{_seat}", _count_field(_label))

ZhengFenEntryForm.hand_cards = StringField(_l("Cards"), validators=[Optional(), Length(max=200)])
for _count, _label in COUNT_LABELS:
    setattr(ZhengFenEntryForm, f"hand_{_count}", _count_field(_label))

FORM = ZhengFenEntryForm
