"""A Dracula deal's entry, typed: the full coffin as the dealer sees it, and the order its cells were filled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from referee.rules.game import Entry


@dataclass(frozen=True)
class DraculaEntry(Entry):
    """``layout``: three rows of three card codes, top row first (dracula-1.5); ``order``: the cells in
    the order the cards were placed (2 and 4 players, dracula-3.2), empty when not given."""

    layout: tuple[tuple[str, ...], ...]
    order: tuple[str, ...] = ()

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Self:
        return cls(tuple(tuple(row) for row in data["layout"]), tuple(data.get("order") or ()))

    def as_json(self) -> dict[str, Any]:
        canonical: dict[str, Any] = {"layout": [list(row) for row in self.layout]}
        if self.order:
            canonical["order"] = list(self.order)
        return canonical
