"""The optimiser's model: a hand as counts against a final table, what melds score, and the play.

The hand is a 12×4 grid of counts: ranks 2…K (indices 0…11) by suits H D S C (indices 0…3, so
that a colour is two neighbouring suits). The table is reduced to what can still grow: the largest
set (or pair) of each rank and the runs with their ends. Specials are inert.

Why a play can be scored by its final melds alone, which every other module relies on:

* A meld's points depend only on its final size: a set or run of n cards is worth
  F(n) = 5n(n+1) − 30 (a pair F(2) = 10), and lay-offs bring it from F(m) to F(m+k) whatever
  their order (iceberg-3.4, 4.2, 4.5). So a play is scored by its final melds alone.
* F grows faster than linearly, so the cards of one rank that go to sets all go to one set: the
  largest one of that rank on the table, or else one new set. Splitting them between two sets
  always scores strictly less with the same cards, so no best play splits them.

The search maximises one integer, the *objective*: points × :data:`SCALE` plus the cards played
(or minus them, when the house wants the play leaving the most cards, iceberg-6.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

N_RANKS = 12
N_SUITS = 4
#: Points of a special (iceberg-3.5) by parity (0 = 2 4 6 8 10 Q, 1 = 3 5 7 9 J K).
SUITED_POINTS = (500, 700)
COLOUR_POINTS = (200, 300)
#: The objective is points first, then cards played (or left over), packed in one integer.
SCALE = 1000
#: Below any objective: no play reaches it.
NOWHERE = -(10**12)


def meld_value(size: int) -> int:
    """F(n): what a set or run of n cards scores from nothing; a pair scores 10."""
    if size >= 3:
        return 5 * size * (size + 1) - 30
    return 10 if size == 2 else 0


def run_card(size: int) -> int:
    """Points of the card that brings a new run to ``size`` cards."""
    if size < 3:
        return 0
    return 30 if size == 3 else 10 * size


def set_gain(added: int, table_size: int, decks: int) -> int | None:
    """Points of ``added`` cards of one rank given to a set; None if they cannot form one."""
    if added == 0:
        return 0
    if table_size > 0:
        return meld_value(table_size + added) - meld_value(table_size)
    if added >= 3 or (added == 2 and decks == 1):
        return meld_value(added)
    return None


@dataclass(frozen=True)
class TableRun:
    """A run on the table: suit index and the rank indices of its ends."""

    suit: int
    lo: int
    hi: int

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1

    def reach(self, column: Sequence[int]) -> tuple[int, int]:
        """How many cards of ``column`` (counts by rank, of the run's suit) could go below and above."""
        return column_chain(column, self.lo - 1, -1), column_chain(column, self.hi + 1, 1)


@dataclass(frozen=True)
class Problem:
    """A hand against a final table.

    ``counts[r][s]`` is how many copies of the card the hand holds; ``set_sizes[r]`` the size of
    the largest set or pair of rank r on the table (0 if none); ``parallel`` is False when a
    second set of a rank or a run overlapping another of its suit is forbidden (iceberg-3.7);
    ``fewest`` picks, among plays of equal points, the one leaving the fewest cards; ``merge`` is
    True when a card closing the gap between two runs of its suit may join them (iceberg-4.4).
    """

    counts: tuple[tuple[int, ...], ...]
    decks: int
    set_sizes: tuple[int, ...] = (0,) * N_RANKS
    runs: tuple[TableRun, ...] = ()
    parallel: bool = True
    fewest: bool = True
    merge: bool = False


@dataclass
class Play:
    """The best play: its points, the cards it uses, and the melds that make it up."""

    points: int = 0
    #: New runs as (suit, lo, hi).
    new_runs: list[tuple[int, int, int]] = field(default_factory=list)
    #: Rank → suits of the cards given to that rank's set (one entry per card).
    sets: dict[int, list[int]] = field(default_factory=dict)
    #: Table run index → (ranks added below, ranks added above).
    extensions: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    #: New specials, each as six (rank, suit) cells.
    specials: list[list[tuple[int, int]]] = field(default_factory=list)
    #: Cells left over, one entry per card.
    unplayed: list[tuple[int, int]] = field(default_factory=list)
    #: Table runs the play joins (iceberg-4.4, only with ``merge_runs``); their runs are not in
    #: :attr:`extensions`.
    chains: list[JoinedRuns] = field(default_factory=list)


@dataclass
class JoinedRuns:
    """Table runs of one suit that a play joins into one run (iceberg-4.4): their indices, bottom to
    top, and the ranks it adds below and above the joined run (its gaps take one card a rank)."""

    members: tuple[int, ...]
    below: list[int] = field(default_factory=list)
    above: list[int] = field(default_factory=list)


def column_chain(column: Sequence[int], start: int, step: int) -> int:
    """How many consecutive ranks from ``start`` (going by ``step``) hold a card of the column."""
    length = 0
    r = start
    while 0 <= r < N_RANKS and column[r] > 0:
        length += 1
        r += step
    return length
