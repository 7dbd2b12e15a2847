"""A lane: one suit of a component with given counts, its moves rank by rank and its bound.

A suit's part of a sweep is a lane, shared by the programmes that leave the suit alike. Its moves
at a rank come from its :class:`~.tracks.Shape`; a sweep's state keeps its tracks as a number at
its own place (:data:`LOW_BITS`, :data:`ID_BITS`).

Why its bound is admissible (never below what the suit's cards can still add), which lets a sweep
drop states and programmes without losing the optimum: it is the best, over the lane's own moves
from a rank on, of the run points exactly (every move is a real one), with each card not given to
runs credited at least what it can bring to sets: its rank's best set over all the component's
cards, per card (:attr:`~.component.Component.worth`). A set scores more per card as it grows,
so no set of fewer cards brings more per card; and cards that a programme's specials may take are
credited as free, which only raises the bound.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from referee.rules.iceberg.optimiser.problem import N_RANKS, NOWHERE, SCALE
from referee.rules.iceberg.optimiser.tracks import Shape

#: A lane's move as a sweep takes it (see :meth:`Lane.scored_moves`).
ScoredMove = tuple[int, int, int, tuple[Any, ...], int]
#: A sweep's state is one integer: the cards of the current rank left to its set (8 bits), the
#: colour specials' cards taken from the colour's first suit (8 bits), then each suit's track
#: number (see :class:`~.tracks.Shape`).
LOW_BITS = 16
LOW_MASK = (1 << LOW_BITS) - 1
ID_BITS = 20
ID_MASK = (1 << ID_BITS) - 1


class Lane:
    """One suit of a component, with given counts: the moves of its cards rank by rank, and
    the bound of what they can still add.

    Its bound depends only on the suit's counts and what a card left to sets is credited, so
    choices of specials that leave a suit alike share its lane and what it has worked out.
    """

    def __init__(self, shape: Shape, suit: int, column: tuple[int, ...], sign: int, worth: tuple[int, ...]) -> None:
        # A lane keeps no reference to its component, which keeps its lanes: without a cycle
        # between them, both go as soon as the component is solved.
        self.sign = sign
        self.worth = worth
        self.column = column
        self.ranks = [r for r in range(N_RANKS) if column[r]]
        #: Each of the lane's ranks → its place among them.
        self.places = {r: j for j, r in enumerate(self.ranks)}
        self.shape = shape
        #: Whether the next rank, and the next two ranks, hold cards: at each of the lane's ranks.
        self.opens = []
        for r in self.ranks:
            next_open = r + 1 < N_RANKS and column[r + 1] > 0
            self.opens.append((next_open, next_open and r + 2 < N_RANKS and column[r + 2] > 0))
        #: Where a sweep's state keeps this suit's track number.
        self.shift = LOW_BITS + ID_BITS * suit
        #: The bound from each of the lane's ranks on, by track number; none past the last rank.
        self._bounds: list[dict[int, int]] = [{} for _ in self.ranks]
        self._scored: dict[tuple[int, int, bool], dict[int, list[ScoredMove]]] = {}

    def position(self, r: int) -> int:
        """The place among the lane's ranks of the first one at or above ``r``."""
        return bisect_left(self.ranks, r)

    def moves(self, j: int, t: int, avail: int) -> list[tuple[int, int, int, tuple[Any, ...]]]:
        """Every way to give up to ``avail`` cards of the lane's j-th rank to runs from tracks
        number ``t``, the best of each outcome: (tracks number after, run points, cards used, choice)."""
        return self.shape.moves(self.ranks[j], t, avail, *self.opens[j])

    def tables_at(self, j: int, avail: int) -> tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]]:
        """The scored moves at the lane's j-th rank of ``avail`` cards, unbounded and bounded, and
        the bounds from it on, worked out so far: each by track number."""
        return self.scored_table(j, avail, False), self.scored_table(j, avail, True), self._bounds[j]

    def scored_table(self, j: int, avail: int, bounded: bool) -> dict[int, list[ScoredMove]]:
        """The scored moves at the lane's j-th rank worked out so far, by tracks number."""
        key = (j, avail, bounded)
        table = self._scored.get(key)
        if table is None:
            table = self._scored[key] = {}
        return table

    def scored_moves(self, j: int, t: int, avail: int, bounded: bool) -> list[ScoredMove]:
        """The moves at the lane's j-th rank as a sweep takes them: (tracks number after, shifted to
        its place in a state; run points and cards in the objective's units; cards used; choice;
        if ``bounded`` the bound after the move, else 0). Moves that strand a run are left out
        when bounded."""
        table = self.scored_table(j, avail, bounded)
        found = table.get(t)
        if found is None:
            sign = self.sign
            shift = self.shift
            found = []
            for after, points, uses, choice in self.moves(j, t, avail):
                ahead = self.bound(j + 1, after) if bounded else 0
                if ahead > NOWHERE:
                    found.append((after << shift, points * SCALE + sign * uses, uses, choice, ahead))
            table[t] = found
        return found

    def bounds_at(self, j: int) -> dict[int, int]:
        """The bounds from the lane's j-th rank on worked out so far, by tracks number."""
        return self._bounds[j]

    def bound(self, j: int, t: int) -> int:
        """At least the objective that this suit's cards from its j-th rank on can still add, from
        tracks number ``t``; ``NOWHERE`` if every play from there strands a run.

        Exact for the runs; a card left to sets is credited its rank's best set per card (sets
        score more per card as they grow), and cards that specials may take are counted as free.
        """
        if j == len(self.ranks):
            return 0
        found = self._bounds[j].get(t)
        return self._bound(j, t) if found is None else found

    def _bound(self, j: int, t: int) -> int:
        """:meth:`bound`, worked out: at least the objective of the best move at the j-th rank
        and the bound after it."""
        r = self.ranks[j]
        count = self.column[r]
        worth = self.worth[r]
        # Each card given to runs is credited ``tie`` rather than its worth to sets.
        per_use = max(self.sign, 0) - worth
        ahead = self._bounds[j + 1] if j + 1 < len(self.ranks) else None
        best = NOWHERE
        for after, points, uses, _ in self.shape.moves(r, t, count, *self.opens[j]):
            if ahead is None:
                rest = 0
            else:
                known = ahead.get(after)
                rest = self._bound(j + 1, after) if known is None else known
                if rest == NOWHERE:
                    continue
            value = points * SCALE + per_use * uses + rest
            if value > best:
                best = value
        if best > NOWHERE:
            best += count * worth
        self._bounds[j][t] = best
        return best
