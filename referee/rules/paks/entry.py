"""A Paks deal's entry, typed: every player's paks card by card, or each side's paks counted per suit (quick)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from referee.cards import SUIT_NAMES, SUITS, parse_cards
from referee.rules.game import TaggedEntry
from referee.rules.paks.held import HeldPak
from referee.rules.paks.quick import QUICK, QuickSide, canonical_held


class PaksEntry(TaggedEntry):
    """A Paks deal's entry: :class:`PaksCards` or, with ``"mode": "quick"``, :class:`PaksQuick`."""

    @classmethod
    def shape_of(cls, data: Mapping[str, Any]) -> type[PaksEntry]:
        return PaksQuick if data.get("mode") == QUICK else PaksCards


@dataclass(frozen=True)
class PaksCards(PaksEntry):
    """``paks``: every player's paks in seat order, as they lie at the end (paks-4.5); ``thrown_off``: under
    ``throw_off = manual`` only, the numbers (from 1) of each player's paks their side discards (paks-6.4)."""

    paks: Mapping[str, tuple[HeldPak, ...]]
    thrown_off: Mapping[str, tuple[int, ...]] | None = None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        paks = {
            player: tuple(HeldPak(player, number, tuple(parse_cards(cards))) for number, cards in enumerate(held, 1))
            for player, held in data["paks"].items()
        }
        thrown = data.get("thrown_off")
        return cls(paks, None if thrown is None else {player: tuple(numbers) for player, numbers in thrown.items()})

    def as_json(self) -> dict[str, Any]:
        paks = {player: [pak.strings() for pak in held] for player, held in self.paks.items()}
        canonical: dict[str, Any] = {"paks": paks}
        if self.thrown_off is not None:
            canonical["thrown_off"] = {player: list(numbers) for player, numbers in self.thrown_off.items()}
        return canonical

    def held(self, player: str) -> tuple[HeldPak, ...]:
        return self.paks.get(player, ())

    def thrown(self, player: str) -> tuple[int, ...]:
        """The numbers of ``player``'s paks named as thrown off (none unless ``throw_off = manual``)."""
        return (self.thrown_off or {}).get(player, ())


@dataclass(frozen=True)
class PaksQuick(PaksEntry):
    """Every side in seat order (a player with 2 or 3 players, a team with 4 or 6): its paks per suit at the
    end and what those left after the throw-off are worth, as counted at the table (paks-6.3, paks-6.5)."""

    sides: tuple[QuickSide, ...]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        kept = data["kept"]
        return cls(
            tuple(
                QuickSide(side, {suit: counts.get(SUIT_NAMES[suit], 0) for suit in SUITS}, kept.get(side, 0))
                for side, counts in data["held"].items()
            )
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "mode": QUICK,
            "held": {side.name: canonical_held(side.held) for side in self.sides},
            "kept": {side.name: side.kept or 0 for side in self.sides},
        }
