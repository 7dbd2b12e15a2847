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

from referee.cards import SUIT_NAMES, SUIT_TITLES, SUIT_WORD, SUIT_WORDS, SUITS
from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Join, Message, join, msg, msg_n
from referee.rules.paks.held import HeldPak
from referee.rules.paks.values import score_value, sum_text

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
            "name": SUIT_NAMES[self.suit],
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


def smallest_count(counts: Mapping[str, int], throw_off_min: str) -> int:
    """m for one suit, from each side's count of paks in it (paks-6.3, and the option ``throw_off_min``)."""
    if throw_off_min == SIDES_WITH_PAKS:
        holders = [n for n in counts.values() if n]
        return min(holders) if len(holders) >= 2 else 0
    return min(counts.values(), default=0)


def _pak_label(pak: HeldPak, side: str) -> str | Message:
    """A pak as a side's explanation shows it: its cards, and its holder when a partner holds it."""
    if pak.owner == side:
        return pak.text()
    return msg("{pak} ({owner}'s)", pak=pak.text(), owner=pak.owner)


def explain_minimum(explanation: Explanation, suit: str, counts: Mapping[str, int], m: int, throw_off_min: str) -> None:
    held = join([f"{side} {n}" for side, n in counts.items()])
    name = SUIT_TITLES[suit]
    suits = SUIT_WORDS[suit]
    empty = [side for side, n in counts.items() if n == 0]
    holders = [side for side, n in counts.items() if n]
    if throw_off_min == SIDES_WITH_PAKS and len(holders) < 2:
        text = msg(
            "{title}: paks held {held}; only {side} holds {suits}, so there is nothing to compare "
            "(house rule): m = 0 and nobody throws off {suits}",
            title=name,
            held=held,
            side=holders[0],
            suits=suits,
        )
    elif throw_off_min == SIDES_WITH_PAKS:
        text = msg(
            "{title}: paks held {held}; m is the smallest count among the sides holding {suits} "
            "(house rule): {formula}",
            title=name,
            held=held,
            suits=suits,
            formula=f"min({', '.join(str(counts[side]) for side in holders)}) = {m}",
        )
    elif empty:
        text = msg(
            "{title}: paks held {held}; with {sides} holding none, m = 0 and nobody throws off {suits}",
            title=name,
            held=held,
            sides=join(empty, " and "),
            suits=suits,
        )
    else:
        text = msg(
            "{title}: paks held {held}; {formula}",
            title=name,
            held=held,
            formula=f"m = min({', '.join(str(n) for n in counts.values())}) = {m}",
        )
    explanation.add(text, "paks-6.3")


def _explain_discard(
    explanation: Explanation, side: str, thrown: Sequence[HeldPak], kept: Sequence[HeldPak], throw_off: str
) -> None:
    if not thrown:
        return
    shown = join([_pak_label(p, side) for p in thrown])
    if throw_off == MANUAL:
        explanation.add(
            msg("{side}, thrown off: {paks}, as the side chose (house rule)", side=side, paks=shown), "paks-6.4"
        )
        return
    by_play = throw_off == LOWEST_PLAY

    def value(pak: HeldPak) -> int:
        return pak.play if by_play else pak.score

    values = join([str(value(p)) for p in thrown])
    tie = any(value(p) == value(k) for p in thrown for k in kept)
    explanation.add(_discard_text(side, shown, values, by_play=by_play, tie=tie), "paks-6.4")


def _discard_text(side: str, shown: Join, values: Join, *, by_play: bool, tie: bool) -> Message:
    """Which paks a side threw off and why those: the lowest under the rule (or the house rule)."""
    if by_play and tie:
        return msg(
            "{side}, thrown off: {paks} (play {values}), the lowest by play value (house rule); "
            "paks of equal value are interchangeable",
            side=side,
            paks=shown,
            values=values,
        )
    if by_play:
        return msg(
            "{side}, thrown off: {paks} (play {values}), the lowest by play value (house rule)",
            side=side,
            paks=shown,
            values=values,
        )
    if tie:
        return msg(
            "{side}, thrown off: {paks} (score {values}), the lowest by score value; "
            "paks of equal value are interchangeable",
            side=side,
            paks=shown,
            values=values,
        )
    return msg(
        "{side}, thrown off: {paks} (score {values}), the lowest by score value", side=side, paks=shown, values=values
    )


def _scored(pak: HeldPak, side: str) -> Join:
    """A remaining pak and its score values: ``{AH 3H} 20 + 5 = 25``."""
    return join([_pak_label(pak, side), sum_text([score_value(c) for c in pak.cards])], " ")


def _chosen_in_suit(
    side: str, paks: Sequence[HeldPak], chosen: Collection[HeldPak], suit: str, m: int, field: str
) -> tuple[HeldPak, ...]:
    picked = tuple(p for p in paks if p in chosen and p.suit == suit)
    # A side without paks of the suit has none to throw off, when m is taken over the sides holding it.
    m = min(m, len(paks))
    if len(picked) != m:
        raise FieldError(
            msg_n(
                "{side} must throw off {n} {suit} pak (m = {n}), not {given} — paks-6.3",
                "{side} must throw off {n} {suit} paks (m = {n}), not {given} — paks-6.3",
                m,
                side=side,
                suit=SUIT_WORD[suit],
                given=len(picked),
            ),
            field=field,
            location=(field, side, suit),
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
                raise FieldError(
                    msg("{pak} is not a pak of {side}", pak=stray[0].label, side=side),
                    field=choice_field,
                    location=(choice_field, stray[0].owner, stray[0].number),
                )
    explanation = Explanation()
    order = _discard_key(throw_off)
    suits: list[SuitThrowOff] = []
    thrown_off: dict[str, list[HeldPak]] = {side: [] for side in sides}
    for suit in SUITS:
        in_suit = {side: [p for p in paks if p.suit == suit] for side, paks in sides.items()}
        counts = {side: len(paks) for side, paks in in_suit.items()}
        if not any(counts.values()):
            continue
        m = smallest_count(counts, throw_off_min)
        explain_minimum(explanation, suit, counts, m, throw_off_min)
        thrown: dict[str, tuple[HeldPak, ...]] = {}
        kept: dict[str, tuple[HeldPak, ...]] = {}
        for side, suited in in_suit.items():
            out: tuple[HeldPak, ...]
            if throw_off == MANUAL:
                out = _chosen_in_suit(side, suited, chosen.get(side, ()), suit, m, choice_field)
            else:
                out = tuple(sorted(suited, key=order)[:m])
            thrown[side] = out
            kept[side] = tuple(p for p in suited if p not in out)
            thrown_off[side].extend(out)
            _explain_discard(explanation, side, out, kept[side], throw_off)
        suits.append(SuitThrowOff(suit, counts, m, thrown, kept))

    scores: dict[str, int] = {}
    kept_all: dict[str, tuple[HeldPak, ...]] = {}
    for side, paks in sides.items():
        remaining = tuple(p for p in paks if p not in thrown_off[side])
        kept_all[side] = remaining
        scores[side] = sum(p.score for p in remaining)
        if not remaining:
            explanation.add(msg("{side}, no paks left: 0", side=side), "paks-6.5")
            continue
        parts = join([_scored(p, side) for p in remaining], "; ")
        if len(remaining) > 1:
            text = msg(
                "{side}, remaining paks: {paks}: {sum}",
                side=side,
                paks=parts,
                sum=sum_text([p.score for p in remaining]),
            )
        else:
            text = msg("{side}, remaining paks: {paks}", side=side, paks=parts)
        explanation.add(text, "paks-6.5")
    return DealScore(
        scores=scores,
        suits=tuple(suits),
        thrown_off={side: tuple(out) for side, out in thrown_off.items()},
        kept=kept_all,
        explanation=explanation,
    )
