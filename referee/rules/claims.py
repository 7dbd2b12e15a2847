"""Claim, then check: what a side says it scored against what the rules give.

A claim has the shape of a check's scores (side name → points) and may add ``items``, each
side's claimed items by name (``{"NS": 120, "items": {"NS": {"cards": 100, "bell": 20}}}``).
The ruling is the check's answer read as a :class:`Ruling`: the scores, and the items that make
them up, each with the clause that decides it. Each game only declares how its answers read as
rulings (its ``ruling`` functions); the comparison lives here, once for all games.

The verdict is "agreed", or the differences side by side (claimed / ruled / clause) and, where a
claim misses points, what was missed: the items the claim leaves out or understates, or, when
no items were claimed, the ruled items that make up exactly the missing points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Param, from_json, join, msg
from referee.rules.seating import SIDE, named

_ITEMS_NOT_OBJECT = msg("`claim.items` must be an object of side names, each with an object of items")

#: The item name a difference in a side's total is reported under.
TOTAL = "total"
#: The key of a claim that holds its items.
ITEMS = "items"

#: How a claim's names read: an item name (or a check's own side name, ``queen``, ``value``) → its
#: word in the reader's language. Names a mapping leaves out are shown as they are (players' names).
Words = Mapping[str, Param]

#: The word of :data:`TOTAL`, which every claim may differ on.
TOTAL_WORD = msg("total")


@dataclass(frozen=True)
class Item:
    """One ruled item of a side's score: a meld, a pak's suit, a line, with its deciding clause."""

    side: str
    name: str
    points: int
    clause: str
    #: False for a number that is not points added to the total (a line's multiplier).
    adds: bool = True


@dataclass(frozen=True)
class Ruling:
    """A scoring answer read for claims: the scores, their items, and the clause of a side's total."""

    scores: Mapping[str, int]
    clause: str
    items: tuple[Item, ...] = ()
    #: The item names this check scores (a claim may name only these); empty: no items.
    item_names: tuple[str, ...] = ()
    #: True when a side's adding items sum to its score, so missing points can be traced to items.
    additive: bool = False
    #: The words of the item names, and of side names the check fixes (``queen``), for the explanation.
    item_words: Words = field(default_factory=dict)
    side_words: Words = field(default_factory=dict)
    #: The clause that decides one side's total where it is not :attr:`clause` (a trick: the clause
    #: that made the winner's team take it, and the one that left the others without it).
    side_clauses: Mapping[str, str] = field(default_factory=dict)

    def item(self, side: str, name: str) -> Item | None:
        return next((i for i in self.items if i.side == side and i.name == name), None)

    def clause_of(self, name: str) -> str:
        found = next((i for i in self.items if i.name == name), None)
        return found.clause if found is not None else self.clause

    def total_clause(self, side: str) -> str:
        """The clause that decides ``side``'s total."""
        return self.side_clauses.get(side, self.clause)

    def missing_item_clause(self, side: str, name: str) -> str:
        """Why ``side`` has no item ``name``: its own total's clause where the ruling gives one, else the
        clause that scores that item for another side."""
        return self.side_clauses.get(side) or self.clause_of(name)

    def say_item(self, name: str) -> Param:
        return TOTAL_WORD if name == TOTAL else self.item_words.get(name, name)

    def say_side(self, side: str) -> Param:
        return self.side_words.get(side, side)


@dataclass(frozen=True)
class Claim:
    scores: dict[str, int]
    items: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Difference:
    side: str
    item: str
    claimed: int
    ruled: int
    clause: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "item": self.item,
            "claimed": self.claimed,
            "ruled": self.ruled,
            "clause": self.clause,
        }


@dataclass(frozen=True)
class Missed:
    """Points a side's claim falls short by, and the ruled items that account for them when known."""

    side: str
    points: int
    items: tuple[Item, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "points": self.points,
            "items": [{"item": i.name, "points": i.points, "clause": i.clause} for i in self.items],
        }


@dataclass(frozen=True)
class ClaimVerdict:
    agreed: bool
    differences: tuple[Difference, ...]
    missed: tuple[Missed, ...]
    explanation: Explanation
    claimed: Mapping[str, int]

    def as_dict(self) -> dict[str, Any]:
        return {
            "agreed": self.agreed,
            "claimed": dict(self.claimed),
            "differences": [d.as_dict() for d in self.differences],
            "missed": [m.as_dict() for m in self.missed],
            "explanation": self.explanation.as_list(),
        }


def _points(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(
            msg("`claim.{side}` must be a whole number of points, not {value}", side=where, value=repr(value)),
            field="claim",
        )
    return value


def _side(name: object, sides: Sequence[str]) -> str:
    return named(name, sides, kind=SIDE, field="claim")


def read_claim(value: object, ruling: Ruling) -> Claim:
    """The request's ``claim`` checked against the ruling's sides and items; raises :class:`FieldError`."""
    if not isinstance(value, Mapping):
        raise FieldError(
            msg("`claim` must be an object of side names and points, as the answer's scores"), field="claim"
        )
    sides = list(ruling.scores)
    scores: dict[str, int] = {}
    items: dict[str, dict[str, int]] = {}
    for key, points in value.items():
        if key == ITEMS:
            continue
        side = _side(key, sides)
        scores[side] = _points(points, str(key))
    raw_items = value.get(ITEMS)
    if raw_items is not None:
        if not isinstance(raw_items, Mapping):
            raise FieldError(_ITEMS_NOT_OBJECT, field="claim")
        if raw_items and not ruling.item_names:
            raise FieldError(msg("`claim.items` is given, but this check scores no items"), field="claim")
        for key, claimed in raw_items.items():
            side = _side(key, sides)
            if not isinstance(claimed, Mapping):
                raise FieldError(_ITEMS_NOT_OBJECT, field="claim")
            for name, points in claimed.items():
                if name not in ruling.item_names:
                    unknown = msg(
                        "`claim.items.{side}` names the item {item}, which this check does not score; its items are {items}",  # noqa: E501
                        side=side,
                        item=name,
                        items=join(ruling.item_names),
                    )
                    raise FieldError(unknown, field="claim")
                items.setdefault(side, {})[name] = _points(points, f"items.{side}.{name}")
    if not scores and not items:
        raise FieldError(msg("`claim` names no side: give at least one side's points"), field="claim")
    return Claim(scores, items)


def _accounting_items(
    ruling: Ruling, side: str, shortfall: int, claimed: Mapping[str, int] | None = None
) -> tuple[Item, ...]:
    """The fewest of a side's ruled adding items that make up exactly ``shortfall``, if any do; items
    the side ``claimed`` are accounted for already."""
    candidates = [
        i for i in ruling.items if i.side == side and i.adds and i.points > 0 and i.name not in (claimed or {})
    ]
    for size in range(1, min(len(candidates), 6) + 1):
        for combo in combinations(candidates, size):
            if sum(i.points for i in combo) == shortfall:
                return combo
    return ()


def judge_claim(claim: Claim, ruling: Ruling) -> ClaimVerdict:
    """Compare a claim with the ruling, side by side, item by item."""
    explanation = Explanation()
    differences: list[Difference] = []
    missed: list[Missed] = []
    for side in ruling.scores:
        ruled = ruling.scores[side]
        claimed_items = claim.items.get(side, {})
        for name, points in claimed_items.items():
            item = ruling.item(side, name)
            ruled_points = item.points if item is not None else 0
            if points != ruled_points:
                clause = item.clause if item is not None else ruling.missing_item_clause(side, name)
                differences.append(Difference(side, name, points, ruled_points, clause))
                explanation.add(
                    msg(
                        "{side}, {item}: claimed {claimed}, the rules give {ruled}",
                        side=ruling.say_side(side),
                        item=ruling.say_item(name),
                        claimed=points,
                        ruled=ruled_points,
                    ),
                    clause,
                )
        if side not in claim.scores:
            continue
        claimed = claim.scores[side]
        if claimed == ruled:
            continue
        clause = ruling.total_clause(side)
        if claimed > ruled:
            # Points taken away (a set) are what a claim above the ruling most often overlooks.
            taken = next((i for i in ruling.items if i.side == side and i.adds and i.points < 0), None)
            clause = taken.clause if taken is not None else clause
        differences.append(Difference(side, TOTAL, claimed, ruled, clause))
        explanation.add(
            msg(
                "{side}: claimed {claimed}, the rules give {ruled}",
                side=ruling.say_side(side),
                claimed=claimed,
                ruled=ruled,
            ),
            clause,
        )
        if claimed < ruled:
            shortfall = ruled - claimed
            if claimed_items:
                # The items claimed short, then (points adding up) the unclaimed items that make up the rest.
                under = tuple(
                    i
                    for i in ruling.items
                    if i.side == side and i.name in claimed_items and i.points > claimed_items[i.name]
                )
                rest = shortfall - sum(i.points - claimed_items[i.name] for i in under)
                if ruling.additive and rest > 0:
                    under += _accounting_items(ruling, side, rest, claimed_items)
            elif ruling.additive:
                under = _accounting_items(ruling, side, shortfall)
            else:
                under = ()
            missed.append(Missed(side, shortfall, under))
            said = ruling.say_side(side)
            if under:
                listed = join(msg("{item} {points}", item=ruling.say_item(i.name), points=i.points) for i in under)
                explanation.add(
                    msg("{side}: {points} missed, from {items}", side=said, points=shortfall, items=listed),
                    under[0].clause,
                )
            else:
                explanation.add(msg("{side}: {points} missed", side=said, points=shortfall), ruling.total_clause(side))
    agreed = not differences
    if agreed:
        scores = [
            msg("{side} {points}", side=ruling.say_side(side), points=points) for side, points in claim.scores.items()
        ]
        shown = join(scores) if scores else msg("every item")
        explanation.add(msg("The claim agrees with the ruling: {scores}", scores=shown), ruling.clause)
    return ClaimVerdict(agreed, tuple(differences), tuple(missed), explanation, dict(claim.scores))


def verdict_dict(claim: Claim, ruling: Ruling) -> dict[str, Any]:
    """The verdict as an answer and a scored deal keep it: :meth:`ClaimVerdict.as_dict` and the items claimed."""
    items = {side: dict(named) for side, named in claim.items.items()}
    return {**judge_claim(claim, ruling).as_dict(), "claimed_items": items}


def unscored(answer: Mapping[str, Any], clause: str) -> dict[str, Any]:
    """The ``claim`` field when the answer scores nothing (an incomplete coffin, an illegal hand).

    Why is the answer's first reason, kept as its message so that it is said in the reader's language.
    """
    why = from_json(answer["reasons"][0]["message"])
    explanation = Explanation().add(msg("Nothing is scored, so the claim cannot be agreed: {why}", why=why), clause)
    return {
        "agreed": False,
        "claimed": {},
        "differences": [],
        "missed": [],
        "explanation": explanation.as_list(),
        "claimed_items": {},
    }


def check_claim(value: object, ruling: Ruling) -> dict[str, Any]:
    """The ``claim`` field of an answer: read the claim, judge it, serialise the verdict."""
    return verdict_dict(read_claim(value, ruling), ruling)
