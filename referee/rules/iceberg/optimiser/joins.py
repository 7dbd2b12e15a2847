"""Table runs joined by the cards that close their gaps (iceberg-4.4, house option ``merge_runs``).

With ``merge_runs`` a card that closes the gap between two runs of its suit may join them into one
run, scoring 10 × the joined run's cards; or it may go on one of them alone, as without the option
(the player's choice). In the sweep a join is one more move of a lane (:mod:`.tracks`): a table run
grown upward through a gap, taking the card just below the next run of its suit, may join that run.
The two then go on as one *chain* of table runs (numbered by :class:`Chains`), which grows like a
table run of all their cards, the gap's included.

Why that is exact, argued here (the tests cross-check it against a brute force that tries both
choices at every card):

* Joining is only worth it between table runs. A new run joined to a run scores less than its
  cards laid one by one on that run, the last of them joining as it would have (each scores the
  run's size, at least 4, against at most the new run's own); joins are never forced, so that is
  always allowed. Two new runs joined score less than one run of all their cards melded at once.
* The cards of a chain score the most when every card outside its gaps is laid after every join:
  laid later, such a card is counted with every card of the joined run, and no card laid between
  loses by it. So a chain's cards score its gaps' best order (:func:`gap_fill`, which depends only
  on the runs' sizes and the gaps) plus F(n) − F(n₀) for the joined run's n₀ cards grown to n
  (:func:`chain_points`), and a sweep that counts the gap's cards as a table run's lay-offs is
  put right by the difference when the join is made (:func:`join_gain`).
* A joined run's outer ends grow as any table run's; between its members no card can go, so the
  sweep need not know which cards went where until it tells the play (:mod:`.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import pairwise

from referee.rules.iceberg.optimiser.problem import JoinedRuns, TableRun, meld_value

#: The order of a chain's gap cards: (gap, side), side 0 on the run below the gap, 1 on the one above.
GapOrder = tuple[tuple[int, int], ...]


class Chains:
    """The table runs and the chains of them that a component's plays join, by number: a table
    run goes by its index, a chain by a number after the last index, given as first met."""

    def __init__(self, runs: Sequence[TableRun]) -> None:
        self.runs = runs
        self._numbers: dict[tuple[int, ...], int] = {}
        self._members: list[tuple[int, ...]] = []

    def number(self, members: tuple[int, ...]) -> int:
        """The number of the chain of ``members`` (table run indices, bottom to top)."""
        if len(members) == 1:
            return members[0]
        found = self._numbers.get(members)
        if found is None:
            found = self._numbers[members] = len(self.runs) + len(self._members)
            self._members.append(members)
        return found

    def members(self, number: int) -> tuple[int, ...]:
        """The table runs of a table run's or a chain's number, bottom to top."""
        return (number,) if number < len(self.runs) else self._members[number - len(self.runs)]

    def span(self, number: int) -> tuple[int, int]:
        """The lowest and highest ranks of a table run or of a chain joined."""
        members = self.members(number)
        return self.runs[members[0]].lo, self.runs[members[-1]].hi


def shape_of(runs: Sequence[TableRun], members: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sizes of a chain's runs and the gaps between them, bottom to top."""
    chain = [runs[i] for i in members]
    sizes = tuple(run.size for run in chain)
    gaps = tuple(upper.lo - lower.hi - 1 for lower, upper in pairwise(chain))
    return sizes, gaps


def gap_points(runs: Sequence[TableRun], members: Sequence[int]) -> int:
    """What the cards of a chain's gaps score in their best order (0 for a single run)."""
    return gap_fill(*shape_of(runs, members))[0] if len(members) > 1 else 0


def chain_points(runs: Sequence[TableRun], chain: JoinedRuns) -> int:
    """What a play's cards on a chain of table runs score: its gaps in their best order, then the
    cards below and above the joined run (iceberg-4.2, 4.4, 4.5)."""
    size = runs[chain.members[-1]].hi - runs[chain.members[0]].lo + 1
    grown = size + len(chain.below) + len(chain.above)
    return gap_points(runs, chain.members) + meld_value(grown) - meld_value(size)


def join_gain(runs: Sequence[TableRun], members: tuple[int, ...], laid: int, partner: int) -> int:
    """What a sweep adds when the table run or chain of ``members``, its ``laid`` cards of this
    component counted as its lay-offs (the gap's just laid among them, the card closing it last),
    joins the table run ``partner`` just above.

    The sweep has counted the chain's gap points and F(n₀ + laid) − F(n₀); joined, those cards score
    the new chain's gap points and F(n₁ + below) − F(n₁), ``below`` the cards laid below it.
    """
    lo, hi = runs[members[0]].lo, runs[members[-1]].hi
    other = runs[partner]
    before = hi - lo + 1
    below = laid - (other.lo - 1 - hi)
    after = other.hi - lo + 1
    counted = gap_points(runs, members) + meld_value(before + laid) - meld_value(before)
    joined = gap_points(runs, (*members, partner)) + meld_value(after + below) - meld_value(after)
    return joined - counted


@cache
def gap_fill(sizes: tuple[int, ...], gaps: tuple[int, ...]) -> tuple[int, GapOrder]:
    """The most the cards of a chain's gaps score laid before any other card of it, and their
    order: each card scores 10 × the cards of the run it goes on after it, the last card of a gap
    10 × the cards of the two runs it joins (iceberg-4.2, 4.4). ``sizes`` are the runs' cards,
    ``gaps`` the ranks between each two, bottom to top."""

    @cache
    def best(laid: tuple[int, ...]) -> tuple[int, GapOrder]:
        # laid[2g + side]: the cards of gap g laid on its run below (side 0) or above (side 1).
        group = list(range(len(sizes)))
        for g, width in enumerate(gaps):
            if laid[2 * g] + laid[2 * g + 1] == width:
                group[g + 1] = group[g]
        held = [0] * len(sizes)
        for i, size in enumerate(sizes):
            held[group[i]] += size
        for g in range(len(gaps)):
            held[group[g]] += laid[2 * g]
            held[group[g + 1]] += laid[2 * g + 1]
        found: tuple[int, GapOrder] | None = None
        for g, width in enumerate(gaps):
            if laid[2 * g] + laid[2 * g + 1] == width:
                continue
            for side in (0, 1):
                closing = laid[2 * g] + laid[2 * g + 1] + 1 == width
                size = held[group[g + side]] + 1 + (held[group[g + 1 - side]] if closing else 0)
                rest, order = best((*laid[: 2 * g + side], laid[2 * g + side] + 1, *laid[2 * g + side + 1 :]))
                if found is None or 10 * size + rest > found[0]:
                    found = (10 * size + rest, ((g, side), *order))
        return found if found is not None else (0, ())

    return best((0,) * (2 * len(gaps)))
