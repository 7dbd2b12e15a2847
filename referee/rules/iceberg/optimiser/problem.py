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
    """A run on the table: suit index and the rank indices of its ends.

    ``floor`` and ``ceiling`` are the lowest and highest ranks lay-offs may bring it to: walls
    that keep it from touching a run it must not join (see :mod:`~referee.rules.iceberg.joined`).
    """

    suit: int
    lo: int
    hi: int
    floor: int = 0
    ceiling: int = N_RANKS - 1

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1

    def reach(self, column: Sequence[int]) -> tuple[int, int]:
        """How many cards of ``column`` (counts by rank, of the run's suit) could go below and above."""
        below = min(column_chain(column, self.lo - 1, -1), self.lo - self.floor)
        above = min(column_chain(column, self.hi + 1, 1), self.ceiling - self.hi)
        return below, above


@dataclass(frozen=True)
class Problem:
    """A hand against a final table.

    ``counts[r][s]`` is how many copies of the card the hand holds; ``set_sizes[r]`` the size of
    the largest set or pair of rank r on the table (0 if none); ``parallel`` is False when a
    second set of a rank or a run overlapping another of its suit is forbidden (iceberg-3.7);
    ``fewest`` picks, among plays of equal points, the one leaving the fewest cards.
    """

    counts: tuple[tuple[int, ...], ...]
    decks: int
    set_sizes: tuple[int, ...] = (0,) * N_RANKS
    runs: tuple[TableRun, ...] = ()
    parallel: bool = True
    fewest: bool = True


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
    #: Cards that join runs, laid before every other lay-off (iceberg-4.4, only with ``merge_runs``);
    #: a joined run's extensions are keyed by the index it goes by.
    joins: list[JoinMove] = field(default_factory=list)
    #: New runs that those cards join: key → (suit, lo, hi).
    joined_news: dict[int, tuple[int, int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class JoinMove:
    """A card laid while runs join (iceberg-4.4, only with ``merge_runs``), in the order laid: its
    rank, its suit, the run it is laid on and the run it joins to that one (None if it joins none).

    Runs are table run indices, or negative keys of new runs (:attr:`Play.joined_news`), each
    melded just before the card that joins it. A joined run goes by the index of the run laid on.
    """

    suit: int
    rank: int
    onto: int
    joins: int | None


def column_chain(column: Sequence[int], start: int, step: int) -> int:
    """How many consecutive ranks from ``start`` (going by ``step``) hold a card of the column."""
    length = 0
    r = start
    while 0 <= r < N_RANKS and column[r] > 0:
        length += 1
        r += step
    return length
