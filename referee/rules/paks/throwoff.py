"""End of the deal: the throw-off suit by suit, and the deal scores (paks-6).

A side is a player or a team whose members' paks are pooled (paks-6.2). For each suit, m is the
smallest number of paks of that suit any side holds (paks-6.3); each side discards m of them,
those of lowest score value (paks-6.4); what remains scores its cards' score values (paks-6.5).
The house options choose the discarded paks by play value or by hand, and may take m over the
sides holding the suit only (when only one side holds it there is nothing to compare: m = 0).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_TITLES, SUITS
from referee.errors import FieldError
from referee.explain import Explanation
from referee.rules.paks.held import HeldPak
from referee.rules.paks.values import score_value, suit_name, sum_text

LOWEST_SCORE = "lowest_score"
LOWEST_PLAY = "lowest_play"
MANUAL = "manual"
ALL_SIDES = "all_sides"
SIDES_WITH_PAKS = "sides_with_paks"


@dataclass(frozen=True)
class SuitThrowOff:
    """The throw-off in one suit: each side's count, m, and what each side threw and kept."""

    suit: str
    counts: dict[str, int]
    m: int
    thrown: dict[str, tuple[HeldPak, ...]]
    kept: dict[str, tuple[HeldPak, ...]]

    def as_dict(self) -> dict[str, Any]:
        def paks(groups: Mapping[str, Sequence[HeldPak]]) -> dict[str, list[dict[str, Any]]]:
            return {side: [p.as_dict() for p in group] for side, group in groups.items()}

        return {
            "suit": self.suit,
            "name": suit_name(self.suit),
            "counts": dict(self.counts),
            "m": self.m,
            "thrown": paks(self.thrown),
            "kept": paks(self.kept),
            "points": {side: sum(p.score for p in group) for side, group in self.kept.items()},
        }


@dataclass(frozen=True)
class DealScore:
    """A deal's outcome: per-side scores, the throw-off per suit and how it was reckoned."""

    scores: dict[str, int]
    suits: tuple[SuitThrowOff, ...]
    thrown_off: dict[str, tuple[HeldPak, ...]]
    kept: dict[str, tuple[HeldPak, ...]]
    explanation: Explanation


def _discard_key(throw_off: str) -> Callable[[HeldPak], tuple[int, int, str, int]]:
    """Order in which a side's paks of one suit are discarded.

    Paks of equal value under the rule are interchangeable (paks-6.4); the tie goes the side's
    way (under ``lowest_play`` the lower score value goes first), then the entry order.
    """
    if throw_off == LOWEST_PLAY:
        return lambda p: (p.play, p.score, p.owner, p.number)
    return lambda p: (p.score, p.play, p.owner, p.number)


def _minimum(counts: Mapping[str, int], throw_off_min: str) -> int:
    if throw_off_min == SIDES_WITH_PAKS:
        holders = [n for n in counts.values() if n]
        return min(holders) if len(holders) >= 2 else 0
    return min(counts.values(), default=0)


def _pak_words(n: int, suit: str) -> str:
    singular = suit_name(suit)[:-1]
    return f"{n} {singular} pak" + ("" if n == 1 else "s")


def _pak_label(pak: HeldPak, side: str) -> str:
    owner = "" if pak.owner == side else f" ({pak.owner}'s)"
    return f"{pak.text()}{owner}"


def _explain_minimum(
    explanation: Explanation, suit: str, counts: Mapping[str, int], m: int, throw_off_min: str
) -> None:
    held = ", ".join(f"{side} {n}" for side, n in counts.items())
    name = SUIT_TITLES[suit]
    empty = [side for side, n in counts.items() if n == 0]
    holders = [side for side, n in counts.items() if n]
    if throw_off_min == SIDES_WITH_PAKS and len(holders) < 2:
        explanation.add(
            f"{name}: paks held {held}; only {holders[0]} holds {suit_name(suit)}, so there is nothing to compare "
            f"(house rule): m = 0 and nobody throws off {suit_name(suit)}",
            "paks-6.3",
        )
    elif throw_off_min == SIDES_WITH_PAKS:
        listed = ", ".join(str(counts[side]) for side in holders)
        explanation.add(
            f"{name}: paks held {held}; m is the smallest count among the sides holding {suit_name(suit)} "
            f"(house rule): min({listed}) = {m}",
            "paks-6.3",
        )
    elif empty:
        explanation.add(
            f"{name}: paks held {held}; with {' and '.join(empty)} holding none, m = 0 "
            f"and nobody throws off {suit_name(suit)}",
            "paks-6.3",
        )
    else:
        explanation.add(
            f"{name}: paks held {held}; m = min({', '.join(str(n) for n in counts.values())}) = {m}", "paks-6.3"
        )


def _explain_discard(
    explanation: Explanation, side: str, thrown: Sequence[HeldPak], kept: Sequence[HeldPak], throw_off: str
) -> None:
    if not thrown:
        return
    shown = ", ".join(_pak_label(p, side) for p in thrown)
    if throw_off == MANUAL:
        explanation.add(f"{side}, thrown off: {shown}, as the side chose (house rule)", "paks-6.4")
        return
    attribute = "play" if throw_off == LOWEST_PLAY else "score"
    values = ", ".join(str(getattr(p, attribute)) for p in thrown)
    how = "lowest by play value (house rule)" if throw_off == LOWEST_PLAY else "lowest by score value"
    tie = any(getattr(p, attribute) == getattr(k, attribute) for p in thrown for k in kept)
    also = "; paks of equal value are interchangeable" if tie else ""
    explanation.add(f"{side}, thrown off: {shown} ({attribute} {values}), the {how}{also}", "paks-6.4")


def _chosen_in_suit(
    side: str, paks: Sequence[HeldPak], chosen: Collection[HeldPak], suit: str, m: int, field: str
) -> tuple[HeldPak, ...]:
    picked = tuple(p for p in paks if p in chosen and p.suit == suit)
    if len(picked) != m:
        raise FieldError(
            f"{side} must throw off {_pak_words(m, suit)} (m = {m}), not {len(picked)} — paks-6.3",
            field=field,
        )
    return picked


def score_paks(
    sides: Mapping[str, Sequence[HeldPak]],
    *,
    throw_off: str = LOWEST_SCORE,
    throw_off_min: str = ALL_SIDES,
    chosen: Mapping[str, Collection[HeldPak]] | None = None,
    choice_field: str = "thrown_off",
) -> DealScore:
    """Throw off and score one deal's paks, ``sides`` mapping each side to its pooled paks.

    With ``throw_off="manual"`` the sides name their discarded paks in ``chosen`` and only their
    number and suit are checked: a wrong count raises :class:`FieldError` on ``choice_field``.
    """
    chosen = chosen or {}
    if throw_off == MANUAL:
        for side, picks in chosen.items():
            stray = [p for p in picks if p not in sides.get(side, ())]
            if stray:
                raise FieldError(f"{stray[0].label} is not a pak of {side}", field=choice_field)
    explanation = Explanation()
    order = _discard_key(throw_off)
    suits: list[SuitThrowOff] = []
    thrown_off: dict[str, list[HeldPak]] = {side: [] for side in sides}
    for suit in SUITS:
        in_suit = {side: [p for p in paks if p.suit == suit] for side, paks in sides.items()}
        counts = {side: len(paks) for side, paks in in_suit.items()}
        if not any(counts.values()):
            continue
        m = _minimum(counts, throw_off_min)
        _explain_minimum(explanation, suit, counts, m, throw_off_min)
        thrown: dict[str, tuple[HeldPak, ...]] = {}
        kept: dict[str, tuple[HeldPak, ...]] = {}
        for side, paks in in_suit.items():
            if throw_off == MANUAL:
                out = _chosen_in_suit(side, paks, chosen.get(side, ()), suit, m, choice_field)
            else:
                out = tuple(sorted(paks, key=order)[:m])
            thrown[side] = out
            kept[side] = tuple(p for p in paks if p not in out)
            thrown_off[side].extend(out)
            _explain_discard(explanation, side, out, kept[side], throw_off)
        suits.append(SuitThrowOff(suit, counts, m, thrown, kept))

    scores: dict[str, int] = {}
    kept_all: dict[str, tuple[HeldPak, ...]] = {}
    for side, paks in sides.items():
        out = thrown_off[side]
        remaining = tuple(p for p in paks if p not in out)
        kept_all[side] = remaining
        scores[side] = sum(p.score for p in remaining)
        if not remaining:
            explanation.add(f"{side}, no paks left: 0", "paks-6.5")
            continue
        parts = [f"{_pak_label(p, side)} {sum_text([score_value(c) for c in p.cards])}" for p in remaining]
        total = f": {sum_text([p.score for p in remaining])}" if len(remaining) > 1 else ""
        explanation.add(f"{side}, remaining paks: {'; '.join(parts)}{total}", "paks-6.5")
    return DealScore(
        scores=scores,
        suits=tuple(suits),
        thrown_off={side: tuple(out) for side, out in thrown_off.items()},
        kept=kept_all,
        explanation=explanation,
    )
