"""An Iceberg deal's entry, typed, in its three modes: the play log, the quick entry (each player's points
and the final table) and the scored one (each player's points, and a hand by its cards or as counted).

Read from the canonical JSON that :func:`referee.rules.iceberg.reading.check_entry` makes and a deal
stores, and written back as that JSON; its ``mode`` names the shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from referee.cards import Card, parse_cards
from referee.rules.game import TaggedEntry
from referee.rules.iceberg.playlog import Action

#: Cards as a canonical entry holds them: a hand, a table meld.
Cards = tuple[Card, ...]


class IcebergEntry(TaggedEntry):
    """An Iceberg deal's entry: :class:`LogEntry`, :class:`QuickEntry` or :class:`ScoredEntry`, by its ``mode``."""

    mode: ClassVar[str]
    #: Each player's cards left at the end, ``()`` for the player who went out: every player's but in a
    #: scored entry, where the hands counted at the table are not known by their cards.
    hands: Mapping[str, Cards]

    @classmethod
    def shape_of(cls, data: Mapping[str, Any]) -> type[IcebergEntry]:
        return next(shape for shape in (LogEntry, QuickEntry, ScoredEntry) if shape.mode == data["mode"])


@dataclass(frozen=True)
class CountedHand:
    """A hand counted at the table: ``left`` cards count for the penalty (the cards left over, or every card in
    hand with ``penalty = every_card``) and it could still score ``could_score`` (V*, iceberg-6.4, 8.3)."""

    left: int
    could_score: int = 0

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> CountedHand:
        return cls(data["left"], data["could_score"])

    def as_json(self) -> dict[str, int]:
        return {"left": self.left, "could_score": self.could_score}


@dataclass(frozen=True)
class LogEntry(IcebergEntry):
    """``log``: every play in order (an ace exposure, a meld, a lay-off), scored as laid (iceberg-3, 4)."""

    mode: ClassVar[str] = "log"
    log: tuple[Action, ...]
    hands: Mapping[str, Cards]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        return cls(tuple(Action.of(play) for play in data["log"]), _hands(data["hands"]))

    def as_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "log": [play.as_dict() for play in self.log], "hands": _strings(self.hands)}


@dataclass(frozen=True)
class QuickEntry(IcebergEntry):
    """``played``: what each player scored by melds and lay-offs, aces apart (iceberg-6.1); ``aces``: the aces each
    exposed (iceberg-2.4); ``table``: the melds on the table at the end, which ``played`` adds up to."""

    mode: ClassVar[str] = "quick"
    played: Mapping[str, int]
    aces: Mapping[str, int]
    table: tuple[Cards, ...]
    hands: Mapping[str, Cards]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        return cls(dict(data["played"]), dict(data["aces"]), _table(data["table"]), _hands(data["hands"]))

    def as_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "played": dict(self.played),
            "aces": dict(self.aces),
            "table": [[str(c) for c in meld] for meld in self.table],
            "hands": _strings(self.hands),
        }


@dataclass(frozen=True)
class ScoredEntry(IcebergEntry):
    """``played`` and ``aces`` as in :class:`QuickEntry`; each player's holding once, in ``hands`` by its cards
    (valued exactly against the ``table``, iceberg-6.2) or in ``counted`` as the table counted it; ``table`` is
    None when it was not given (no hand is then given by its cards)."""

    mode: ClassVar[str] = "scored"
    played: Mapping[str, int]
    aces: Mapping[str, int]
    hands: Mapping[str, Cards]
    counted: Mapping[str, CountedHand]
    table: tuple[Cards, ...] | None = None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        table = data.get("table")
        return cls(
            dict(data["played"]),
            dict(data["aces"]),
            _hands(data["hands"]),
            {player: CountedHand.of(hand) for player, hand in data["counted"].items()},
            None if table is None else _table(table),
        )

    def as_json(self) -> dict[str, Any]:
        canonical: dict[str, Any] = {
            "mode": self.mode,
            "played": dict(self.played),
            "aces": dict(self.aces),
            "hands": _strings(self.hands),
            "counted": {player: hand.as_json() for player, hand in self.counted.items()},
        }
        if self.table is not None:
            canonical["table"] = [[str(c) for c in meld] for meld in self.table]
        return canonical


def _hands(data: Mapping[str, Any]) -> dict[str, Cards]:
    return {player: tuple(parse_cards(cards)) for player, cards in data.items()}


def _table(data: list[Any]) -> tuple[Cards, ...]:
    return tuple(tuple(parse_cards(meld)) for meld in data)


def _strings(hands: Mapping[str, Cards]) -> dict[str, list[str]]:
    return {player: [str(c) for c in cards] for player, cards in hands.items()}
