"""A Zheng Fen deal's entry, typed: the finishing order, every player's captured cards and the last hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Self

from referee.rules.game import NAME, Entry
from referee.rules.zhengfen.scoring import Haul, parse_haul


@dataclass(frozen=True)
class ZhengFenEntry(Entry):
    """``order``: the players from 1st to last (zhengfen-6.1); ``captured``: each player's pile in seat
    order (cards, or point cards counted); ``hand``: the cards left in the last player's hand (zhengfen-6.2)."""

    order: tuple[Annotated[str, NAME], ...]
    captured: Mapping[str, Haul]
    hand: Haul

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Self:
        captured = {player: parse_haul(pile, f"captured.{player}") for player, pile in data["captured"].items()}
        return cls(tuple(data["order"]), captured, parse_haul(data.get("hand"), "hand"))

    def as_json(self) -> dict[str, Any]:
        return {
            "order": list(self.order),
            "captured": {player: pile.entry() for player, pile in self.captured.items()},
            "hand": self.hand.entry(),
        }
