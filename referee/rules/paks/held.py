"""Paks lying in front of players: which card groups can be a pak at all (paks-9.4, paks-9.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, card_strings
from referee.errors import FieldError, Location
from referee.explain import Step
from referee.messages import Message, msg
from referee.rules.paks.values import pak_text, plain_value, play_value, score_total


@dataclass(frozen=True)
class HeldPak:
    """A pak as entered after a deal: whose it is, its number among that owner's paks, its cards."""

    owner: str
    number: int
    cards: tuple[Card, ...]

    @property
    def suit(self) -> str:
        return str(self.cards[0].suit)

    @property
    def score(self) -> int:
        """Score value (paks-2.5)."""
        return score_total(self.cards)

    @property
    def play(self) -> int:
        """Plain play value (paks-2.3)."""
        return plain_value(self.cards)

    @property
    def label(self) -> Message:
        return pak_label(self.owner, self.number)

    def strings(self) -> list[str]:
        return card_strings(self.cards)

    def as_dict(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "number": self.number,
            "cards": self.strings(),
            "score": self.score,
            "play": self.play,
        }

    def text(self) -> str:
        return pak_text(self.cards)


def pak_label(owner: str, number: int) -> Message:
    """``pak 2 of Ann``: where a pak lies, in errors and copy counts."""
    return msg("pak {number} of {owner}", number=number, owner=owner)


def pak_faults(cards: Sequence[Card], label: Message) -> list[Step]:
    """Why ``cards`` cannot be one pak; empty when they can.

    Every pak is of one suit and holds the table card plus at least one played card (paks-4.4,
    paks-9.4). A 2-card pak is a table card taken by a single card, which must be worth more at
    play value (paks-4.2), so two cards of equal play value cannot be a pak (paks-9.5). Any three
    or more cards of one suit can: the lowest card taken by the others.
    """
    faults: list[Step] = []
    if not cards:
        faults.append(
            Step(
                msg("{label} holds no cards; a pak holds the table card and at least one played card", label=label),
                "paks-4.4",
            )
        )
    elif len(cards) == 1:
        faults.append(
            Step(
                msg(
                    "{label} holds only `{card}`; a pak holds the table card and at least one played card",
                    label=label,
                    card=str(cards[0]),
                ),
                "paks-4.4",
            )
        )
    odd = next((c for c in cards if c.suit != cards[0].suit), None)
    if odd is not None:
        faults.append(
            Step(msg("{label} mixes `{first}` and `{odd}`", label=label, first=str(cards[0]), odd=str(odd)), "paks-4.4")
        )
    elif len(cards) == 2 and play_value(cards[0]) == play_value(cards[1]):
        first, second = cards
        faults.append(
            Step(
                msg(
                    "{label}, {pak}, cannot exist: a 2-card pak is a table card taken by one card "
                    "worth more, and `{first}` and `{second}` are both worth {value}",
                    label=label,
                    pak=pak_text(cards),
                    first=str(first),
                    second=str(second),
                    value=play_value(first),
                ),
                "paks-9.5",
            )
        )
    return faults


def check_pak(cards: Sequence[Card], label: Message, *, field: str, location: Location) -> None:
    """Raise :class:`FieldError` naming the first reason ``cards`` cannot be a pak."""
    faults = pak_faults(cards, label)
    if faults:
        raise FieldError(cited(faults[0]), field=field, location=location)


def cited(step: Step) -> Message:
    """A step's sentence followed by its clause, as an input error says it: ``… — paks-4.4``."""
    return msg("{reason} — {rule}", reason=step.message, rule=step.rule)
