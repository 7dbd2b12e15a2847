"""The bound of a colour's two lanes together, where a programme holds that colour's specials.

Each lane's bound credits as its own the cards of its suit that the colour's specials may take
(:mod:`.lanes`), so where a programme holds colour specials the sum of the two lanes' bounds is
loose. A :class:`Pair` moves both lanes at once, rank by rank, and leaves the specials their cards.

Why it is admissible: both lanes' moves are real ones, exact for runs; the cards the two lanes
leave at a rank are those of the colour less the specials' and their runs', each credited its
rank's best set per card as the lanes credit them. So it is never below what the colour's cards
can still add, and never above the two lanes' bounds together. It is worked out only to skip
programmes and states, never needed: it gives up past a budget of work, and the lanes' own
bounds then serve.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from referee.rules.iceberg.optimiser.effort import EFFORT
from referee.rules.iceberg.optimiser.lanes import ID_MASK, Lane
from referee.rules.iceberg.optimiser.problem import NOWHERE, SCALE
from referee.rules.iceberg.optimiser.tracks import NO_CHOICE

#: How many pairs of moves a bound of two lanes together may try before it gives up (then the
#: lanes' own bounds serve): it is worked out only to skip programmes and states, never needed.
_PAIR_WORK = 6000
#: Nor is it tried when its lanes promise more pairs of tracks than this: it would give up.
_PAIR_STATES = 1400

#: What a sweep needs to bound a state at the end of a rank by the pairs: (what it may ask above
#: the bound for the colours bounded by their lanes alone; for each pair, the pair, its place after
#: the rank, and each lane with its place after the rank and its place in a state).
PairChecks = tuple[int, list[tuple[Any, ...]]]


def short_of(pairs: PairChecks, state: int, hope: int, limit: int) -> bool:
    """Whether a state at the end of a rank, of value and lanes' bounds ``hope``, falls short of
    ``limit`` once the colours' pairs of lanes bound its lanes of those colours together."""
    after, checks = pairs
    for pair, i, first, j, shift, second, k, other_shift in checks:
        a = (state >> shift) & ID_MASK
        b = (state >> other_shift) & ID_MASK
        joint = pair.known(i, a, b)
        if joint is not None:
            hope += joint - first.bound(j, a) - second.bound(k, b)
    return hope < limit + after


class Pair:
    """The bound of a colour's two lanes together, at most the sum of theirs: at each rank their
    runs and sets share the colour's cards but those its specials take (``taken`` per rank).

    Admissible as the lanes' bounds are: each lane's moves are exact for runs and credit a card
    left to sets its rank's best set per card; here both lanes move at once, and the cards they
    leave are those of the colour less the specials' and their runs'. :attr:`value`, the bound
    from the start, is None past ``_PAIR_WORK`` pairs of moves. Else the bound from every rank
    and pair of tracks a sweep can meet is known (:meth:`known`): a sweep through a programme
    with this colour's specials may ask it of its states.
    """

    def __init__(
        self,
        lanes: tuple[Lane, Lane],
        h: Sequence[Sequence[int]],
        taken: Sequence[int],
        colour: int,
        worth: Sequence[int],
    ) -> None:
        self.first, self.second = lanes
        self.ranks = sorted(set(self.first.ranks) | set(self.second.ranks))
        tie = max(self.first.sign, 0)
        #: At each of those ranks: the colour's cards that runs and sets may have, what they bring
        #: all left to sets, and what each card given to runs brings instead (``tie``, not its worth).
        self.steps = []
        for r in self.ranks:
            cards = h[r][2 * colour] + h[r][2 * colour + 1] - taken[r]
            self.steps.append((cards, cards * worth[r], tie - worth[r]))
        self.memo: dict[tuple[int, int, int], int] = {}
        self._moves: tuple[dict[tuple[int, int], list[tuple[int, int, int]]], ...] = ({}, {})
        self.budget = _PAIR_WORK
        self.value: int | None = None
        if self._states() <= _PAIR_STATES:
            with suppress(_TooMany):
                self.value = self.best(0, 0, 0)

    def _states(self) -> int:
        """About how many pairs of tracks the search would meet: at each rank, the product of the
        lanes' tracks there (as their own bounds met them)."""
        sizes = []
        for lane in (self.first, self.second):
            lane.bound(0, 0)
            sizes.append({r: len(lane.bounds_at(j)) for j, r in enumerate(lane.ranks)})
        return sum(sizes[0].get(r, 1) * sizes[1].get(r, 1) for r in self.ranks)

    def known(self, i: int, a: int, b: int) -> int | None:
        """The bound from the i-th rank on, the lanes' tracks numbered a and b, if worked out."""
        return 0 if i == len(self.ranks) else self.memo.get((i, a, b))

    def _side(self, side: int, i: int, t: int) -> list[tuple[int, int, int]]:
        """One lane's moves at the i-th rank from tracks number t, none but staying put if it has
        no card there: (tracks number after, run points and cards in the objective's units less
        the cards' worth to sets, cards used)."""
        key = (i, t)
        found = self._moves[side].get(key)
        if found is None:
            lane = self.second if side else self.first
            r = self.ranks[i]
            count = lane.column[r]
            per_use = self.steps[i][2]
            moves = lane.moves(lane.places[r], t, count) if count else [(t, 0, 0, NO_CHOICE)]
            found = [(after, points * SCALE + per_use * uses, uses) for after, points, uses, _ in moves]
            self._moves[side][key] = found
        return found

    def best(self, i: int, a: int, b: int) -> int:
        """The bound from the i-th rank on, the lanes' tracks numbered a and b."""
        if i == len(self.ranks):
            return 0
        key = (i, a, b)
        found = self.memo.get(key)
        if found is not None:
            return found
        cards, base, _ = self.steps[i]
        following = i + 1
        ahead = None if following == len(self.ranks) else self.memo
        value = NOWHERE
        moves = self._side(1, i, b)
        for next_a, value_a, uses_a in self._side(0, i, a):
            EFFORT.done += len(moves)
            self.budget -= len(moves)
            if self.budget < 0:
                raise _TooMany
            for next_b, value_b, uses_b in moves:
                if uses_a + uses_b > cards:
                    continue
                if ahead is None:
                    rest = 0
                else:
                    known = ahead.get((following, next_a, next_b))
                    rest = self.best(following, next_a, next_b) if known is None else known
                    if rest == NOWHERE:
                        continue
                if value_a + value_b + rest > value:
                    value = value_a + value_b + rest
        if value > NOWHERE:
            value += base
        self.memo[key] = value
        return value


class _TooMany(Exception):
    """A bound of two lanes together tried more than ``_PAIR_WORK`` pairs of moves."""
