"""A Clabber deal's entry, typed: a deal passed out, or a deal played with its bid, card points, melds and bell."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Self

from referee.cards import Card, parse_card, parse_cards
from referee.rules.game import NAME, TaggedEntry


class ClabberEntry(TaggedEntry):
    """A Clabber deal's entry: :class:`Played`, or :class:`PassedOut` when its ``makers`` is null."""

    @classmethod
    def shape_of(cls, data: Mapping[str, Any]) -> type[ClabberEntry]:
        return PassedOut if data.get("makers") is None else Played


@dataclass(frozen=True)
class PassedOut(ClabberEntry):
    """All passed twice: the deal is void (clabber-3.5)."""

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        return cls()

    def as_json(self) -> dict[str, Any]:
        return {"makers": None}


@dataclass(frozen=True)
class Played(ClabberEntry):
    """A deal played out.

    ``makers``: the side that said “I play” (clabber-3.4), in the ``round`` of bidding 1 or 2 with ``trump`` (a
    suit letter) and the ``turn_up`` card if it was given; ``points``: every side's card points (clabber-2.3),
    ``filled`` naming the side left blank and filled in from the deal's total; the melds as each side's
    declared ``melds`` (meld types), or each declarer's ``meld_cards`` (clabber-6), or neither; ``bell``: the
    player (or only the side) who announced the bell (clabber-7.1).
    """

    makers: Annotated[str, NAME]
    round: int
    trump: str
    turn_up: Card | None
    points: Mapping[str, int]
    filled: Annotated[str, NAME] | None = None
    melds: Mapping[str, tuple[str, ...]] | None = None
    meld_cards: Mapping[str, tuple[Card, ...]] | None = None
    bell: Annotated[str, NAME] | None = None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        melds, meld_cards, turn_up = data.get("melds"), data.get("meld_cards"), data.get("turn_up")
        return cls(
            makers=data["makers"],
            round=data.get("round", 1),
            trump=data["trump"],
            turn_up=None if turn_up is None else parse_card(turn_up),
            points=dict(data["points"]),
            filled=data.get("filled"),
            melds=None if melds is None else {side: tuple(kinds) for side, kinds in melds.items()},
            meld_cards=None if meld_cards is None else {seat: tuple(parse_cards(c)) for seat, c in meld_cards.items()},
            bell=data.get("bell"),
        )

    def as_json(self) -> dict[str, Any]:
        canonical: dict[str, Any] = {
            "makers": self.makers,
            "round": self.round,
            "trump": self.trump,
            "turn_up": None if self.turn_up is None else str(self.turn_up),
            "points": dict(self.points),
        }
        if self.filled is not None:
            canonical["filled"] = self.filled
        if self.melds is not None:
            canonical["melds"] = {side: list(kinds) for side, kinds in self.melds.items()}
        if self.meld_cards is not None:
            canonical["meld_cards"] = {seat: [str(c) for c in cards] for seat, cards in self.meld_cards.items()}
        canonical["bell"] = self.bell
        return canonical
