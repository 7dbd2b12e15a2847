"""The specials of a play (iceberg-3.5): every choice of how many of each type, and their cards.

Every number of specials of each type (per parity, suited per suit and colour per colour) that the
cards can hold together is a *programme*: the optimiser sweeps the runs and sets of the hand each
programme leaves, and the best of them is the best play. Suited specials take fixed cards; colour
specials take, at each of their ranks, a number of cards of their colour split between its two
suits as the sweep chooses.

Why a colour special (300/200) may be counted without checking that it mixes suits: if its cards
were all of one suit they would score 700/500 as a suited special instead, so a relaxed special
that is really suited is never part of a best play, and a best play's colour specials can always
be dealt their cards so that each holds both suits (:func:`colour_specials`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from referee.rules.iceberg.optimiser.problem import COLOUR_POINTS, N_RANKS, N_SUITS, SUITED_POINTS


@dataclass(frozen=True)
class Specials:
    """How many specials of each type a play makes: ``suited[parity][suit]``, ``colour[parity][colour]``."""

    suited: tuple[tuple[int, ...], tuple[int, ...]]
    colour: tuple[tuple[int, ...], tuple[int, ...]]

    @property
    def points(self) -> int:
        return sum(SUITED_POINTS[p] * sum(self.suited[p]) + COLOUR_POINTS[p] * sum(self.colour[p]) for p in (0, 1))

    @property
    def cards(self) -> int:
        return 6 * sum(sum(self.suited[p]) + sum(self.colour[p]) for p in (0, 1))


NO_SPECIALS = Specials(((0,) * N_SUITS,) * 2, ((0, 0),) * 2)


def special_choices(h: Sequence[Sequence[int]]) -> list[Specials]:
    """Every number of specials of each type that the counts can hold together (iceberg-3.5).

    A colour special is counted without checking that it mixes suits: one that would be all one
    suit is a suited special worth more, so a best play never needs it.
    """
    per_parity: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = []
    for parity in (0, 1):
        ranks = range(parity, N_RANKS, 2)
        top = [min(h[r][s] for r in ranks) for s in range(N_SUITS)]
        mixed_top = [min(h[r][2 * c] + h[r][2 * c + 1] for r in ranks) for c in (0, 1)]
        found = []
        for suited in product(*(range(t + 1) for t in top)):
            for colour in product(*(range(t + 1) for t in mixed_top)):
                if all(
                    suited[2 * c] + suited[2 * c + 1] + colour[c] <= h[r][2 * c] + h[r][2 * c + 1]
                    for r in ranks
                    for c in (0, 1)
                ):
                    found.append((suited, colour))
        per_parity.append(found)
    return [Specials((a[0], b[0]), (a[1], b[1])) for a in per_parity[0] for b in per_parity[1]]


def colour_specials(parity: int, colour: int, count: int, firsts: Sequence[int]) -> list[list[tuple[int, int]]]:
    """``count`` colour specials, each holding both suits of the colour, given how many of each
    rank's cards are of the colour's first suit (one assignment always exists: see the module).
    """
    first, second = 2 * colour, 2 * colour + 1
    ranks = list(range(parity, N_RANKS, 2))
    for picks in product(*(combinations(range(count), n) for n in firsts)):
        if all(0 < sum(g in pick for pick in picks) < len(ranks) for g in range(count)):
            return [
                [(r, first if g in pick else second) for r, pick in zip(ranks, picks, strict=True)]
                for g in range(count)
            ]
    raise AssertionError("no colour special mixes its suits")
