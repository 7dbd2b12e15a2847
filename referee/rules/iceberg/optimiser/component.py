"""One component of a hand (see :mod:`.components`): its cards, the table runs they can reach, and
what every programme of it shares: the lanes, their shapes, the bounds of colours' lanes together,
each rank's best sets, and what a card left to sets is credited.

Why a card left to sets may be credited its rank's best set over all the component's cards, per
card, by every programme (:attr:`Component.worth`): a programme's specials only take cards away,
and a set scores more per card as it grows, so the programme's own cards would be credited no
more. The bounds stay admissible, and lanes that two programmes leave alike are one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.rules.iceberg.optimiser.joins import Chains
from referee.rules.iceberg.optimiser.lanes import Lane
from referee.rules.iceberg.optimiser.pairs import Pair
from referee.rules.iceberg.optimiser.problem import N_RANKS, N_SUITS, NOWHERE, SCALE, Play, Problem, TableRun, set_gain
from referee.rules.iceberg.optimiser.tracks import Shape

#: How many cards of a rank could go to its set, and the best set from each number of them:
#: ``best[free]`` = (objective, cards) (see :meth:`Component.set_table`).
SetTable = tuple[bool, list[tuple[int, int]]]


class Component:
    """One component: its cells and the table runs it can reach, and what its programmes share."""

    def __init__(self, problem: Problem, cells: list[tuple[int, int]]) -> None:
        self.problem = problem
        h = [[0] * N_SUITS for _ in range(N_RANKS)]
        for r, s in cells:
            h[r][s] = problem.counts[r][s]
        self.h = h
        self.sign = 1 if problem.fewest else -1
        self.forbid = not problem.parallel
        self.columns = [tuple(row[s] for row in h) for s in range(N_SUITS)]
        self.size = sum(map(sum, h))
        #: Each table run of a suit, by suit: (index, run).
        self.runs: list[list[tuple[int, TableRun]]] = [[] for _ in range(N_SUITS)]
        for index, run in enumerate(problem.runs):
            self.runs[run.suit].append((index, run))
        #: With ``merge_runs``, the chains of table runs its plays join (iceberg-4.4).
        self.chains = Chains(problem.runs) if problem.merge else None
        self.lanes: dict[tuple[int, tuple[int, ...]], Lane] = {}
        #: Lanes' shapes by suit and reaches of its table runs: lanes of one shape share moves.
        self.shapes: dict[tuple[int, tuple[tuple[int, int, int], ...]], Shape] = {}
        self.worth = self._free_worth()
        self._set_tables: dict[tuple[int, int], SetTable] = {}
        self._pairs: dict[tuple[Any, ...], Pair] = {}

    def _free_worth(self) -> tuple[int, ...]:
        """What a card of each rank not used by a run may still bring, at most: its rank's best
        set over all the component's cards of that rank, per card (in the objective's units).

        Every programme credits its free cards so (see the module's docstring)."""
        problem = self.problem
        minimum = 2 if problem.decks == 1 else 3
        worth = [0] * N_RANKS
        for r, row in enumerate(self.h):
            total = sum(row)
            if total and (problem.set_sizes[r] > 0 or total >= minimum):
                gain = set_gain(total, problem.set_sizes[r], problem.decks) or 0
                worth[r] = -(-gain * SCALE // total) + max(self.sign, 0)
        return tuple(worth)

    def set_table(self, r: int, total: int) -> SetTable:
        """Whether ``total`` cards of rank r could go to a set (with the table's), and ``best``:
        ``best[free]`` = (objective, cards) of the best set from ``free`` of them."""
        key = (r, total)
        found = self._set_tables.get(key)
        if found is None:
            problem = self.problem
            live = problem.set_sizes[r] > 0 or total >= (2 if problem.decks == 1 else 3)
            best = [(0, 0)]
            for free in range(1, total + 1 if live else 1):
                gain = set_gain(free, problem.set_sizes[r], problem.decks)
                value = gain * SCALE + self.sign * free if gain is not None else NOWHERE
                best.append(max(best[-1], (value, free)))
            found = self._set_tables[key] = (live, best)
        return found

    def shape(self, suit: int, reaches: tuple[tuple[int, int, int], ...]) -> Shape:
        key = (suit, reaches)
        if key not in self.shapes:
            self.shapes[key] = Shape(self.problem.runs, suit, reaches, self.forbid, self.chains)
        return self.shapes[key]

    def pair(self, lanes: tuple[Lane, Lane], h: Sequence[Sequence[int]], taken: Sequence[int], colour: int) -> Pair:
        """The bound of a colour's two lanes together (:class:`~.pairs.Pair`), worked out once for
        the programmes that leave the colour alike."""
        cards = tuple(h[r][2 * colour] + h[r][2 * colour + 1] for r in range(N_RANKS))
        key = (lanes, cards, tuple(taken), colour)
        if key not in self._pairs:
            self._pairs[key] = Pair(lanes, h, taken, colour, self.worth)
        return self._pairs[key]

    def lane(self, suit: int, column: tuple[int, ...]) -> Lane:
        """The lane of ``suit`` holding ``column``'s cards, shared by the programmes that leave it."""
        key = (suit, column)
        if key not in self.lanes:
            reaches = []
            for index, run in self.runs[suit]:
                below, above = run.reach(column)
                if below or above:
                    reaches.append((index, below, above))
            shape = self.shape(suit, tuple(reaches))
            self.lanes[key] = Lane(shape, suit, column, self.sign, self.worth)
        return self.lanes[key]

    def lone_set(self) -> int | None:
        """The rank of a component whose cards can only go to a set: all of one rank, which no
        table run of their suits reaches (runs and specials need more ranks); else None."""
        ranks = {r for r, row in enumerate(self.h) if any(row)}
        if len(ranks) != 1:
            return None
        for s, column in enumerate(self.columns):
            if any(column) and any(any(run.reach(column)) for _, run in self.runs[s]):
                return None
        return ranks.pop()

    def lay_set(self, r: int, play: Play) -> None:
        """The best set of rank r's cards, the first suits' given first, as a sweep lays it."""
        row = self.h[r]
        _, best = self.set_table(r, sum(row))
        left = best[-1][1]
        for s, count in enumerate(row):
            take = min(count, left)
            if take:
                play.sets.setdefault(r, []).extend([s] * take)
            play.unplayed.extend([(r, s)] * (count - take))
            left -= take
