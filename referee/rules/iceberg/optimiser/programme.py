"""A programme: the hand one choice of specials leaves to runs and sets, as a sweep sees it.

The sweep (:mod:`.sweep`) visits the programme's cells rank by rank, suit by suit. Here is what
it needs: the cards left by the specials, each suit's lane, the colour specials' demand at each
rank and the ways a cell's cards split between them and runs and sets, each cell's tables, and
the programme's ceilings.

Why the ceilings and the credits a sweep may ask above a state's bound keep the optimum: the
ceiling is the specials' points and the lanes' bounds from the start, each admissible
(:mod:`.lanes`); the tight ceiling bounds a colour's two lanes together where the programme holds
that colour's specials (:mod:`.pairs`). The two lanes of a colour each credit as free the cards
its specials must take from the colour beyond what the other suit can give; a play never has
those cards for runs or sets, so every state's bound is too high by at least their credit at the
ranks still to come (:attr:`Programme.after`), which a sweep may ask on top of its floor.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cached_property
from typing import Any, NamedTuple

from referee.rules.iceberg.optimiser.component import Component
from referee.rules.iceberg.optimiser.lanes import Lane
from referee.rules.iceberg.optimiser.pairs import Pair, PairChecks
from referee.rules.iceberg.optimiser.problem import N_RANKS, N_SUITS, SCALE
from referee.rules.iceberg.optimiser.specials import Specials

#: The colour specials' demand at each rank, and what the sweep may ask above a state's bound,
#: of a programme without specials.
_NO_DEMAND = ((0, 0),) * N_RANKS
_NO_AFTER = (0,) * N_RANKS
#: The one split of a cell whose colour has no special at its rank: no card to specials.
NO_SPLIT = [(0, 0)]


class Cell(NamedTuple):
    """One cell of a programme, with what the sweep needs there."""

    rank: int
    suit: int
    #: Whether it is the rank's last cell: the rank's set then takes the best number of its free cards.
    last: bool
    #: Its place among the ranks of its suit's lane; None if all its cards go to colour specials.
    position: int | None
    #: The cell's cards.
    cards: int
    #: Whether the rank's cards could make a set.
    live: bool
    #: What a card left free here is credited until the rank is done (0 at its last cell).
    worth: int
    #: The best set of the rank from each number of its free cards (see :meth:`~.component.Component.set_table`).
    best_set: list[tuple[int, int]]
    #: (cards to colour specials, fill after) of the cell; None where they follow the first suit's.
    splits: list[tuple[int, int]] | None
    lane: Lane
    #: The lane's scored moves of all the cell's cards (unbounded, bounded) and its bounds.
    tables: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]]
    #: At a rank's last cell, the pairs of lanes that bound its states (see :mod:`.pairs`).
    checks: PairChecks | None


class Programme:
    """Runs and sets for the hand left by one choice of specials.

    A sweep's state holds each suit's tracks, the cards of the current rank not given to runs (the
    rank's set takes the best number of them when the rank is done), and the colour specials'
    cards taken from the colour's first suit at this rank.
    """

    def __init__(self, component: Component, specials: Specials) -> None:
        self.component = component
        self.specials = specials
        self.base = specials.points * SCALE + component.sign * specials.cards
        self.worth = component.worth
        self.h: Sequence[Sequence[int]]
        self.demand: Sequence[Sequence[int]]
        self.after_by_colour: Sequence[Sequence[int]]
        self.after: Sequence[int]
        if not specials.cards:
            # The component's own cards and lanes.
            self.h = component.h
            self.demand = _NO_DEMAND
            self.lanes = [component.lane(s, component.columns[s]) for s in range(N_SUITS)]
            self.after_by_colour = [_NO_AFTER, _NO_AFTER]
            self.after = _NO_AFTER
        else:
            self._take_specials()

    def _take_specials(self) -> None:
        """The cards and lanes left to runs and sets by the programme's specials."""
        component, specials = self.component, self.specials
        self.h = h = [[component.h[r][s] - specials.suited[r & 1][s] for s in range(N_SUITS)] for r in range(N_RANKS)]
        self.demand = [[specials.colour[r & 1][c] for c in (0, 1)] for r in range(N_RANKS)]
        # A suit's lane holds the cards that runs and sets may have: all but those the colour
        # specials must take from it because the colour's other suit has too few.
        columns = [
            tuple(h[r][s] - max(0, self.demand[r][s >> 1] - h[r][s ^ 1]) for r in range(N_RANKS))
            for s in range(N_SUITS)
        ]
        self.lanes = [component.lane(s, columns[s]) for s in range(N_SUITS)]
        # The two lanes of a colour each credit as free some cards its specials take; the lanes'
        # bounds from rank r on are too high by at least ``self.after[r]`` (the credit of those
        # cards at the ranks after r), so a sweep may ask that much more of a state.
        overlap = [
            [
                (columns[2 * c][r] + columns[2 * c + 1][r] - h[r][2 * c] - h[r][2 * c + 1] + self.demand[r][c])
                * self.worth[r]
                for r in range(N_RANKS)
            ]
            for c in (0, 1)
        ]
        self.after_by_colour = [[sum(overlap[c][r + 1 :]) for r in range(N_RANKS)] for c in (0, 1)]
        self.after = [sum(after[r] for after in self.after_by_colour) for r in range(N_RANKS)]

    @cached_property
    def ceiling(self) -> int:
        """More than any play of this programme scores, in the objective's units (admissible)."""
        return self.base + sum(lane.bound(0, 0) for lane in self.lanes)

    @cached_property
    def tight_ceiling(self) -> int:
        """At most :attr:`ceiling`, still admissible, and dearer: worked out only to skip and order
        the exact sweeps.

        The lanes' bounds each count the cards a colour special takes from their suit as theirs;
        where the programme has colour specials, the colour's two lanes are bounded together
        (:class:`~.pairs.Pair`), which leaves those cards to the specials.
        """
        total = self.base
        for colour in (0, 1):
            pair = self.lanes[2 * colour], self.lanes[2 * colour + 1]
            taken = [self.demand[r][colour] for r in range(N_RANKS)]
            joint = self.component.pair(pair, self.h, taken, colour).value if any(taken) else None
            total += sum(lane.bound(0, 0) for lane in pair) if joint is None else joint
        return min(total, self.ceiling)

    @cached_property
    def cells(self) -> list[Cell]:
        """The cells to visit and what the sweep needs at each, worked out when first swept."""
        h = self.h
        cells = [(r, s) for r in range(N_RANKS) for s in range(N_SUITS) if h[r][s]]
        pairs = self._pairs() if self.specials.cards else []
        laid_out: list[Cell] = []
        sets = {r: self.component.set_table(r, sum(h[r])) for r, _ in cells}
        for i, (r, s) in enumerate(cells):
            last = i + 1 == len(cells) or cells[i + 1][0] != r
            live, best_set = sets[r]
            lane = self.lanes[s]
            position = lane.places.get(r)
            # The splits of a colour's second suit depend on the first suit's: worked out as swept.
            if not self.demand[r][s >> 1]:
                splits: list[tuple[int, int]] | None = NO_SPLIT
            else:
                splits = None if s & 1 else self.splits(r, s, 0)
            worth = 0 if last else self.worth[r]
            tables = ({}, {}, {}) if position is None else lane.tables_at(position, h[r][s])
            checks = self._pair_checks(r, pairs) if last and pairs else None
            laid_out.append(Cell(r, s, last, position, h[r][s], live, worth, best_set, splits, lane, tables, checks))
        return laid_out

    def _pairs(self) -> list[tuple[int, Pair]]:
        """The colours whose specials this programme holds, with their pairs of lanes (when worked
        out in full, see :class:`~.pairs.Pair`)."""
        found = []
        for colour in (0, 1):
            taken = [self.demand[r][colour] for r in range(N_RANKS)]
            if any(taken):
                lanes = self.lanes[2 * colour], self.lanes[2 * colour + 1]
                pair = self.component.pair(lanes, self.h, taken, colour)
                if pair.value is not None:
                    found.append((colour, pair))
        return found

    def _pair_checks(self, r: int, pairs: list[tuple[int, Pair]]) -> PairChecks:
        """What a sweep needs to bound a state at the end of rank r by the ``pairs``: (what it may
        ask above the bound, as ``after``, for the colours bounded by their lanes alone; for each
        pair, the pair, its place after r, and each lane with its place after r and its place in
        a state)."""
        checks = []
        after = self.after[r]
        for colour, pair in pairs:
            after -= self.after_by_colour[colour][r]
            lanes = self.lanes[2 * colour], self.lanes[2 * colour + 1]
            places = [(lane, lane.position(r + 1), lane.shift) for lane in lanes]
            checks.append((pair, bisect_right(pair.ranks, r), *places[0], *places[1]))
        return after, checks

    def splits(self, r: int, s: int, fill: int) -> list[tuple[int, int]]:
        """(cards of cell (r, s) given to colour specials, fill after): the colour's demand at r."""
        h = self.h
        demand = self.demand[r][s >> 1]
        if not demand:
            return NO_SPLIT
        if s & 1 == 0:
            if h[r][s + 1] == 0:
                return [(demand, 0)] if demand <= h[r][s] else []
            return [(m, m) for m in range(max(0, demand - h[r][s + 1]), min(demand, h[r][s]) + 1)]
        mixed = demand - fill
        return [(mixed, 0)] if 0 <= mixed <= h[r][s] else []
