"""The exact optimum of the imagined extra turn (iceberg-6.2, 6.3), on card counts.

The hand is a 12×4 grid of counts: ranks 2…K (indices 0…11) by suits H D S C (indices 0…3,
so that a colour is two neighbouring suits). The table is reduced to what can still grow: the
largest set (or pair) of each rank and the runs with their ends. Specials are inert.

Why the search can be cut down to a dynamic programme without losing the optimum:

* A meld's points depend only on its final size: a set or run of n cards is worth
  F(n) = 5n(n+1) − 30 (a pair F(2) = 10), and lay-offs bring it from F(m) to F(m+k) whatever
  their order (iceberg-3.4, 4.2, 4.5). So a play is scored by its final melds alone.
* F grows faster than linearly, so the cards of one rank that go to sets all go to one set:
  the largest one of that rank on the table, or else one new set. Splitting them between two
  sets always scores strictly less with the same cards, so no best play splits them.
* A colour special (300/200) may be counted without checking that it mixes suits: if its
  cards were all of one suit they would score 700/500 as a suited special instead, so a
  relaxed special that is really suited is never part of a best play.
* Cards interact only through melds that could hold them both. Cards that can join no meld are
  left over at once; the others split into components (a rank's set, a suit's chain of
  neighbouring ranks, a table run's two ends, a colour's special ranks) solved one by one.

Each component is solved exactly, in two levels:

* The specials: every number of specials of each type (per parity, suited per suit and colour
  per colour) that the cards can hold together is a *programme* (:func:`_special_choices`).
  Suited specials take fixed cards; colour specials take, at each of their ranks, a number of
  cards of their colour split between its two suits as the sweep chooses.
* The runs and sets of each programme: a sweep over the cells rank by rank, suit by suit. A
  state holds, per suit, the runs that can still take a card at the next rank (new runs by
  length, table runs by the cards added so far), the cards of this rank not given to runs (the
  rank's set takes the best number of them when the rank is done) and the colour split under
  way. Every sequence of legal lay-offs and melds ends in a final table that the sweep
  enumerates, so its maximum is the programme's optimum.

A suit's part of the sweep is a *lane* (:class:`_Lane`), shared by the programmes that leave
the suit alike. The moves of its cards at a rank depend only on the tracks, the cards given,
whether the next ranks hold cards and how far the suit's table runs reach (its *shape*,
:class:`_Shape`): lanes of one shape share them and number their tracks alike, so that a
sweep's state is one integer; the moves of new runs alone are shared by every hand. A lane also
gives an admissible bound, exact for runs: the most its cards from a rank on can still add, a
card left to sets counted at its rank's best set over the component's cards, per card. The sum
of the lanes' bounds bounds a state; at the start, a programme (its *ceiling*).

Big components are pruned without losing the optimum: narrow beams through the programmes of
highest ceiling find good plays (if every one loses every play, wider ones look again), and the
exact sweeps then drop every state whose bound falls below the best play found, skipping every
programme whose ceiling does. Where a programme holds a colour's specials, the colour's two
lanes are also bounded together (:class:`_Pair`), which the sweep asks at the end of each rank.
A sweep far below its ceiling first looks from floors nearer the ceiling: a play found at or
above a sweep's floor is the programme's best.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations, product

N_RANKS = 12
N_SUITS = 4
#: Points of a special (iceberg-3.5) by parity (0 = 2 4 6 8 10 Q, 1 = 3 5 7 9 J K).
SUITED_POINTS = (500, 700)
COLOUR_POINTS = (200, 300)
#: The objective is points first, then cards played (or left over), packed in one integer.
SCALE = 1000
#: Components of at least this many cards first look for good plays with narrow beams (this many
#: states per cell), whose points then let the exact sweeps drop every state that cannot reach
#: them; smaller ones sweep every programme whole.
_PRUNE_FROM = 8
_BEAM = 4
_WIDEST_BEAM = 256
#: An exact sweep whose ceiling is more than this above the floor (150 points, in the objective's
#: units) first looks from floors nearer the ceiling, this far below it at first, then for a
#: higher floor with a beam this wide.
_WIDE_GAP = 150 * SCALE
_FIRST_STEP = 50 * SCALE
_WIDE_BEAM = 16
#: Moves the sweeps have tried and the lanes have worked out since this was last reset: a
#: deterministic measure of the work done, for the adversarial search in bench/.
work = 0


def meld_value(size: int) -> int:
    """F(n): what a set or run of n cards scores from nothing; a pair scores 10."""
    if size >= 3:
        return 5 * size * (size + 1) - 30
    return 10 if size == 2 else 0


def _run_card(size: int) -> int:
    """Points of the card that brings a new run to ``size`` cards."""
    if size < 3:
        return 0
    return 30 if size == 3 else 10 * size


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
        below = min(_column_chain(column, self.lo - 1, -1), self.lo - self.floor)
        above = min(_column_chain(column, self.hi + 1, 1), self.ceiling - self.hi)
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


def set_gain(added: int, table_size: int, decks: int) -> int | None:
    """Points of ``added`` cards of one rank given to a set; None if they cannot form one."""
    if added == 0:
        return 0
    if table_size > 0:
        return meld_value(table_size + added) - meld_value(table_size)
    if added >= 3 or (added == 2 and decks == 1):
        return meld_value(added)
    return None


def solve(problem: Problem) -> Play:
    """The play of greatest points, ties broken by cards used (see :class:`Problem`)."""
    counts = problem.counts
    types = _special_types(counts)
    live = _live_cells(problem, types)
    play = Play()
    for r in range(N_RANKS):
        for s in range(N_SUITS):
            if counts[r][s] and not live[r][s]:
                play.unplayed.extend([(r, s)] * counts[r][s])
    for component in _components(problem, live, types):
        _Component(problem, component).solve_into(play)
    # Sets and table runs grow by the cards of every component that reaches them: scored once,
    # on their final sizes, after all components (iceberg-3.4, 4.2).
    for r, suits in play.sets.items():
        play.points += set_gain(len(suits), problem.set_sizes[r], problem.decks) or 0
    for index, (below, above) in play.extensions.items():
        size = problem.runs[index].size
        play.points += meld_value(size + len(below) + len(above)) - meld_value(size)
    return play


# --- which cards can do anything, and which can interact ---------------------------------------


def _special_types(counts: Sequence[Sequence[int]]) -> list[tuple[int, tuple[int, ...]]]:
    """(parity, suits) of the specials the counts could make: each suit alone, then each colour."""
    found = []
    for parity in (0, 1):
        rows = counts[parity::2]
        # A suited special needs the cards of a colour special too.
        colours = [c for c in (0, 1) if all(row[2 * c] or row[2 * c + 1] for row in rows)]
        found.extend((parity, (s,)) for c in colours for s in (2 * c, 2 * c + 1) if all(row[s] for row in rows))
        found.extend((parity, (2 * c, 2 * c + 1)) for c in colours)
    return found


def _live_cells(problem: Problem, types: list[tuple[int, tuple[int, ...]]]) -> list[list[bool]]:
    """``live[r][s]``: whether cell (r, s) holds a card that some meld or lay-off could use
    (``types`` are the problem's special types)."""
    counts = problem.counts
    live = [[False] * N_SUITS for _ in range(N_RANKS)]
    minimum_set = 2 if problem.decks == 1 else 3
    for r, row in enumerate(counts):
        if problem.set_sizes[r] > 0 or sum(row) >= minimum_set:
            live[r] = [n > 0 for n in row]
    for s in range(N_SUITS):
        for r in range(N_RANKS - 2):
            if counts[r][s] and counts[r + 1][s] and counts[r + 2][s]:
                live[r][s] = live[r + 1][s] = live[r + 2][s] = True
    for run in problem.runs:
        below, above = run.reach([row[run.suit] for row in counts])
        for r in [*range(run.lo - below, run.lo), *range(run.hi + 1, run.hi + 1 + above)]:
            live[r][run.suit] = True
    for parity, suits in types:
        for r in range(parity, N_RANKS, 2):
            for s in suits:
                if counts[r][s]:
                    live[r][s] = True
    return live


def _components(
    problem: Problem, live: list[list[bool]], types: list[tuple[int, tuple[int, ...]]]
) -> list[list[tuple[int, int]]]:
    """Live cells grouped so that no meld can hold cards of two groups.

    The live cells of a rank could all go to its set, so a group is made of whole ranks: ranks
    joined by a suit live at both of two neighbouring ranks, by a table run whose two ends
    they are, or by a special type they both hold.
    """
    parent = list(range(N_RANKS))

    def find(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    def union(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    for r in range(N_RANKS - 1):
        if any(live[r][s] and live[r + 1][s] for s in range(N_SUITS)):
            union(r, r + 1)
    for run in problem.runs:
        if run.lo > 0 and run.hi + 1 < N_RANKS and live[run.lo - 1][run.suit] and live[run.hi + 1][run.suit]:
            union(run.lo - 1, run.hi + 1)
    for parity, suits in types:
        ranks = [r for r in range(parity, N_RANKS, 2) if any(live[r][s] for s in suits)]
        for r in ranks[1:]:
            union(ranks[0], r)
    groups: dict[int, list[tuple[int, int]]] = {}
    for r in range(N_RANKS):
        cells = [(r, s) for s in range(N_SUITS) if live[r][s]]
        if cells:
            groups.setdefault(find(r), []).extend(cells)
    return list(groups.values())


# --- the dynamic programme ----------------------------------------------------------------------

#: A suit's open melds between two ranks: (new run lengths, ((table run, cards added), …)).
Tracks = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
_NO_TRACKS: Tracks = ((), ())
#: A move of one suit's cards at one rank: (tracks after, run points, cards used by runs, choice).
LaneMove = tuple[Tracks, int, int, tuple]
_NOWHERE = -(10**12)
#: The choice of a move that gives no card to runs: (runs continued, runs started, table runs).
_NO_CHOICE: tuple = ((), 0, ())
#: The only choice of optional runs to continue when there are none.
_NOTHING_CHOSEN: list[tuple[tuple[str, int, int], ...]] = [()]
#: A lane's move as a sweep takes it (see :meth:`_Lane.scored_moves`).
ScoredMove = tuple[int, int, int, tuple, int]
#: A sweep's state is one integer: the cards of the current rank left to its set (8 bits), the
#: colour specials' cards taken from the colour's first suit (8 bits), then each suit's track
#: number (see :class:`_Shape`).
_LOW_BITS = 16
_LOW_MASK = (1 << _LOW_BITS) - 1
_ID_BITS = 20
_ID_MASK = (1 << _ID_BITS) - 1


@dataclass(frozen=True)
class _Specials:
    """How many specials of each type a play makes: ``suited[parity][suit]``, ``colour[parity][colour]``."""

    suited: tuple[tuple[int, ...], tuple[int, ...]]
    colour: tuple[tuple[int, ...], tuple[int, ...]]

    @property
    def points(self) -> int:
        return sum(SUITED_POINTS[p] * sum(self.suited[p]) + COLOUR_POINTS[p] * sum(self.colour[p]) for p in (0, 1))

    @property
    def cards(self) -> int:
        return 6 * sum(sum(self.suited[p]) + sum(self.colour[p]) for p in (0, 1))


_NO_SPECIALS = _Specials(((0,) * N_SUITS,) * 2, ((0, 0),) * 2)
#: The colour specials' demand at each rank, and what the sweep may ask above a state's bound,
#: of a programme without specials.
_NO_DEMAND = ((0, 0),) * N_RANKS
_NO_AFTER = (0,) * N_RANKS
#: The one split of a cell whose colour has no special at its rank: no card to specials.
_NO_SPLIT = [(0, 0)]


def _special_choices(h: Sequence[Sequence[int]]) -> list[_Specials]:
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
    return [_Specials((a[0], b[0]), (a[1], b[1])) for a in per_parity[0] for b in per_parity[1]]


class _Component:
    """One component: its cells and the table runs it can reach, solved over every choice of specials.

    Each choice of specials leaves a hand for runs and sets, solved by a :class:`_Programme`.
    Narrow beams through the programmes of highest ceiling (an admissible over-estimate) find a
    good play (:func:`_floor`); exact sweeps, from the programme of highest tight ceiling down,
    then drop the states that cannot beat the best play found so far, until no ceiling left
    can (:func:`_best_above`). A component that can only make one set is laid at once.
    """

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
        self.lanes: dict[tuple[int, tuple[int, ...]], _Lane] = {}
        #: Lanes' shapes by suit and reaches of its table runs: lanes of one shape share moves.
        self.shapes: dict[tuple[int, tuple[tuple[int, int, int], ...]], _Shape] = {}
        self.worth = self._free_worth()
        self._set_tables: dict[tuple[int, int], tuple[bool, list[tuple[int, int]]]] = {}
        self._pairs: dict[tuple, _Pair] = {}

    def _free_worth(self) -> tuple[int, ...]:
        """What a card of each rank not used by a run may still bring, at most: its rank's best
        set over all the component's cards of that rank, per card (in the objective's units).

        Every programme credits its free cards so: its specials only take cards away, and a set
        scores more per card as it grows, so the programme's own cards would be credited no
        more. The bounds stay admissible, and lanes that two programmes leave alike are one.
        """
        problem = self.problem
        minimum = 2 if problem.decks == 1 else 3
        worth = [0] * N_RANKS
        for r, row in enumerate(self.h):
            total = sum(row)
            if total and (problem.set_sizes[r] > 0 or total >= minimum):
                gain = set_gain(total, problem.set_sizes[r], problem.decks) or 0
                worth[r] = -(-gain * SCALE // total) + max(self.sign, 0)
        return tuple(worth)

    def set_table(self, r: int, total: int) -> tuple[bool, list[tuple[int, int]]]:
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
                value = gain * SCALE + self.sign * free if gain is not None else _NOWHERE
                best.append(max(best[-1], (value, free)))
            found = self._set_tables[key] = (live, best)
        return found

    def shape(self, suit: int, reaches: tuple[tuple[int, int, int], ...]) -> _Shape:
        key = (suit, reaches)
        if key not in self.shapes:
            self.shapes[key] = _Shape(self, suit, reaches)
        return self.shapes[key]

    def pair(self, lanes: tuple[_Lane, _Lane], h: Sequence[Sequence[int]], taken: Sequence[int], colour: int) -> _Pair:
        """The bound of a colour's two lanes together (:class:`_Pair`), worked out once for the
        programmes that leave the colour alike."""
        cards = tuple(h[r][2 * colour] + h[r][2 * colour + 1] for r in range(N_RANKS))
        key = (lanes, cards, tuple(taken), colour)
        if key not in self._pairs:
            self._pairs[key] = _Pair(lanes, h, taken, colour, self.worth)
        return self._pairs[key]

    def lane(self, suit: int, column: tuple[int, ...]) -> _Lane:
        """The lane of ``suit`` holding ``column``'s cards, shared by the programmes that leave it."""
        key = (suit, column)
        if key not in self.lanes:
            self.lanes[key] = _Lane(self, suit, column)
        return self.lanes[key]

    def solve_into(self, play: Play) -> None:
        rank = self._lone_set()
        if rank is not None:
            self._lay_set(rank, play)
            return
        choices = _special_choices(self.h) if _special_types(self.h) else [_NO_SPECIALS]
        programmes = [_Programme(self, c) for c in choices]
        if self.size < _PRUNE_FROM:
            # Small enough to sweep every programme whole, without bounds.
            best = None
            for programme in programmes:
                best = _better(best, programme, programme.sweep(None, None))
        else:
            programmes.sort(key=lambda p: p.ceiling, reverse=True)
            best = _best_above(programmes, _floor(programmes))
        # Every programme has a play (its specials, every other card left), and every floor is
        # the value of a real play whose states all stay above it, so some sweep finds a play.
        assert best is not None
        best[1].replay(best[2], play)

    def _lone_set(self) -> int | None:
        """The rank of a component whose cards can only go to a set: all of one rank, which no
        table run of their suits reaches (runs and specials need more ranks); else None."""
        ranks = {r for r, row in enumerate(self.h) if any(row)}
        if len(ranks) != 1:
            return None
        for s, column in enumerate(self.columns):
            if any(column) and any(any(run.reach(column)) for _, run in self.runs[s]):
                return None
        return ranks.pop()

    def _lay_set(self, r: int, play: Play) -> None:
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


#: The best play found so far: its objective, its programme and the programme's choices.
Found = tuple[int, "_Programme", list[tuple]]


def _better(best: Found | None, programme: _Programme, found: tuple[int, list[tuple]] | None) -> Found | None:
    """The better of ``best`` and what a sweep of ``programme`` ``found``; ``best`` on a tie."""
    if found is not None and (best is None or found[0] > best[0]):
        return found[0], programme, found[1]
    return best


def _floor(programmes: list[_Programme]) -> Found | None:
    """A good play found quickly, whose value lets the exact sweeps drop most of their states:
    the best of narrow beams through the promising programmes (by ceiling, highest first).

    A narrow beam can lose every play (its states all strand a run, or miss a colour special's
    cards): when every one does, wider beams look again until one finds a play.
    """
    best = None
    for programme in programmes:
        if best is not None and programme.ceiling <= best[0]:
            break
        if best is not None and programme.tight_ceiling <= best[0]:
            continue
        best = _better(best, programme, programme.sweep(None, _BEAM))
    width = _BEAM * 4
    while best is None and width <= _WIDEST_BEAM:
        for programme in programmes:
            best = _better(best, programme, programme.sweep(None, width))
            if best is not None:
                break
        width *= 4
    return best


def _best_above(programmes: list[_Programme], best: Found | None) -> Found | None:
    """The best play of all the programmes, exactly, sweeping those that might beat ``best``.

    A sweep only ever replaces the best play by a better one, and none can pass its ceiling.
    The programmes of highest tight ceiling go first: their best plays are likely the best.
    """
    if best is not None:
        programmes = [p for p in programmes if p.ceiling > best[0]]
    programmes.sort(key=lambda p: p.tight_ceiling, reverse=True)
    for programme in programmes:
        if best is not None and programme.tight_ceiling <= best[0]:
            break
        found = programme.sweep_from_top(best[0]) if best is not None else programme.sweep(None, None)
        best = _better(best, programme, found)
    return best


class _Shape:
    """What the moves of one suit's cards at a rank depend on besides the rank, the tracks, the
    cards given and whether the next two ranks hold cards: the suit, and how far each of its
    table runs could grow down and up.

    Lanes of one shape share its moves, and number their tracks alike (:attr:`ids`): a sweep's
    state holds those small numbers, cheap to hash and compare, rather than the tracks.
    """

    def __init__(self, component: _Component, suit: int, reaches: tuple[tuple[int, int, int], ...]) -> None:
        self.forbid = component.forbid
        self.cover = [0] * N_RANKS
        for _, run in component.runs[suit]:
            for r in range(run.lo, run.hi + 1):
                self.cover[r] += 1
        #: Table runs of this suit that can grow: index → (lo, hi, size, cards above possible).
        self.tables: dict[int, tuple[int, int, int, int]] = {}
        self.starts: dict[int, list[int]] = {}
        problem = component.problem
        for index, below, above in reaches:
            run = problem.runs[index]
            self.tables[index] = (run.lo, run.hi, run.size, above)
            for r in range(run.lo - below, run.lo):
                self.starts.setdefault(r, []).append(index)
            if above:
                self.starts.setdefault(run.hi + 1, []).append(index)
        self.ids: dict[Tracks, int] = {_NO_TRACKS: 0}
        self.tracks: list[Tracks] = [_NO_TRACKS]
        self._moves: dict[tuple[int, int, int, bool, bool], list[tuple[int, int, int, tuple]]] = {}

    def moves(self, r: int, t: int, avail: int, next_open: bool, can_start: bool) -> list[tuple[int, int, int, tuple]]:
        """Every way to give up to ``avail`` cards of rank r to runs from tracks number ``t``, the
        best of each outcome: (tracks number after, run points, cards used, choice)."""
        global work
        key = (r, t, avail, next_open, can_start)
        found = self._moves.get(key)
        if found is None:
            general = self._find_moves(r, self.tracks[t], avail, next_open, can_start)
            found = [(self._id(after), points, uses, choice) for after, points, uses, choice in general]
            self._moves[key] = found
            work += len(found)
        return found

    def _id(self, tracks: Tracks) -> int:
        found = self.ids.get(tracks)
        if found is None:
            found = self.ids[tracks] = len(self.tracks)
            self.tracks.append(tracks)
        return found

    def _find_moves(self, r: int, tracks: Tracks, avail: int, next_open: bool, can_start: bool) -> list[LaneMove]:
        limit = 1 - self.cover[r] if self.forbid else avail
        starts = self.starts.get(r, ())
        if not tracks[1] and not starts:
            return _new_run_moves(tracks[0], avail, next_open, can_start, limit)
        return _lane_moves(r, tracks, avail, next_open, can_start, limit, self.tables, starts)


@lru_cache(maxsize=1 << 14)
def _new_run_moves(news: tuple[int, ...], avail: int, next_open: bool, can_start: bool, limit: int) -> list[LaneMove]:
    """:func:`_lane_moves` where no table run is in play: a function of a few small numbers,
    worked out once for every hand (there are a few hundred of them; callers only read it)."""
    return _lane_moves(0, (news, ()), avail, next_open, can_start, limit, {}, ())


def _lane_moves(
    r: int,
    tracks: Tracks,
    avail: int,
    next_open: bool,
    can_start: bool,
    limit: int,
    tables: dict[int, tuple[int, int, int, int]],
    starts: Sequence[int],
) -> list[LaneMove]:
    """Every way to give up to ``avail`` cards of one suit at rank r to runs from ``tracks``, the
    best of each outcome: (tracks after, run points, cards used, choice).

    ``next_open`` and ``can_start``: whether the next rank, and the next two, hold cards of the
    suit; ``limit``: the most cards runs may take (one, none if a table run of the suit covers
    r, when parallel melds are forbidden); ``tables``: the suit's table runs that can grow, index
    → (lo, hi, size, cards above possible); ``starts``: those that can take a first card at r.
    """
    news, tabs = tracks
    forced_new = [n for n in news if n < 3]
    if not next_open and any(n < 2 for n in forced_new):
        return []  # a new run of one or two cards could not reach three
    optional: list[tuple[str, int, int]] = [("n", n, 0) for n in news if n >= 3]
    # What the runs that must take a card bring, whatever else is chosen.
    lengths = [n + 1 for n in forced_new]
    points = sum(_run_card(n) for n in lengths)
    kept: list[tuple[int, int]] = []
    forced_tab: list[int] = []
    present = set()
    for index, added in tabs:
        present.add(index)
        lo, hi, size, above = tables[index]
        if r < lo:
            forced_tab.append(index)
            points += 10 * (size + added + 1)
            if r + 1 < lo or above:
                kept.append((index, added + 1))
        elif r <= hi:
            kept.append((index, added))
        else:
            optional.append(("t", index, added))
    for index in starts:
        if index not in present:
            optional.append(("t", index, 0))
    forced = len(forced_new) + len(forced_tab)
    free = avail - forced
    if free < 0:
        return []
    best: dict[tuple[Tracks, int], tuple[int, tuple]] = {}
    forced_new_t, forced_tab_t = tuple(forced_new), tuple(forced_tab)
    for chosen in _choices(optional, free, tables) if optional else _NOTHING_CHOSEN:
        k = len(chosen)
        if chosen:
            gained, grown, after, continued, chosen_tables = _continue(r, chosen, tables)
            chosen_tables += forced_tab_t
            continued = forced_new_t + continued
            after_tables = tuple(sorted(kept + after))
            carried = tuple(sorted(lengths + grown)) if next_open else ()
        else:
            gained, continued, chosen_tables = 0, forced_new_t, forced_tab_t
            after_tables = tuple(sorted(kept))
            carried = tuple(lengths) if next_open else ()
        value = points + gained
        for started in range(free - k + 1 if can_start else 1):
            uses = forced + k + started
            if uses > limit and uses:
                continue
            # Runs started are one card long, shorter than any carried on (two or more).
            key = (((1,) * started + carried, after_tables), uses)
            known = best.get(key)
            if known is None or known[0] < value:
                best[key] = (value, (continued, started, chosen_tables))
    return [(tracks, value, uses, choice) for (tracks, uses), (value, choice) in best.items()]


def _continue(
    r: int, chosen: tuple[tuple[str, int, int], ...], tables: dict[int, tuple[int, int, int, int]]
) -> tuple[int, list[int], list[tuple[int, int]], tuple[int, ...], tuple[int, ...]]:
    """What continuing the ``chosen`` optional runs at rank r brings: (points, new runs'
    lengths after, table tracks after, new runs continued, table runs continued)."""
    points = 0
    grown: list[int] = []
    after: list[tuple[int, int]] = []
    continued: list[int] = []
    chosen_tables: list[int] = []
    for kind, ident, added in chosen:
        if kind == "n":
            grown.append(ident + 1)
            points += _run_card(ident + 1)
            continued.append(ident)
            continue
        chosen_tables.append(ident)
        lo, hi, size, above = tables[ident]
        points += 10 * (size + added + 1)
        if r < lo:
            if r + 1 < lo or above:
                after.append((ident, added + 1))
        elif r + 1 <= hi + above:
            after.append((ident, added + 1))
    return points, grown, after, tuple(continued), tuple(chosen_tables)


def _choices(
    optional: list[tuple[str, int, int]], free: int, tables: dict[int, tuple[int, int, int, int]]
) -> list[tuple[tuple[str, int, int], ...]]:
    """The sets of optional runs to continue, one of each kind of set: runs alike (new runs of
    one length, or table runs with the same ends and cards added) are interchangeable, so
    only the first ones of a kind are ever chosen (a canonical form of the state)."""
    kinds: dict[tuple, list[tuple[str, int, int]]] = {}
    for entry in optional:
        kind, ident, added = entry
        key = (kind, ident) if kind == "n" else (kind, tables[ident], added)
        kinds.setdefault(key, []).append(entry)
    # The first c runs of each group, for each c the cards left allow.
    found: list[tuple[tuple[tuple[str, int, int], ...], int]] = [((), free)]
    for group in kinds.values():
        found = [
            (chosen + tuple(group[:c]), left - c) for chosen, left in found for c in range(min(len(group), left) + 1)
        ]
    return [chosen for chosen, _ in found]


class _Lane:
    """One suit of a component, with given counts: the moves of its cards rank by rank, and
    the bound of what they can still add.

    Its bound depends only on the suit's counts and what a card left to sets is credited, so
    choices of specials that leave a suit alike share its lane and what it has worked out.
    """

    def __init__(self, component: _Component, suit: int, column: tuple[int, ...]) -> None:
        # A lane keeps no reference to its component, which keeps its lanes: without a cycle
        # between them, both go as soon as the component is solved.
        self.sign = component.sign
        self.worth = component.worth
        self.column = column
        self.ranks = [r for r in range(N_RANKS) if column[r]]
        #: Each of the lane's ranks → its place among them.
        self.places = {r: j for j, r in enumerate(self.ranks)}
        reaches = []
        for index, run in component.runs[suit]:
            below, above = run.reach(column)
            if below or above:
                reaches.append((index, below, above))
        self.shape = component.shape(suit, tuple(reaches))
        #: Whether the next rank, and the next two ranks, hold cards: at each of the lane's ranks.
        self.opens = []
        for r in self.ranks:
            next_open = r + 1 < N_RANKS and column[r + 1] > 0
            self.opens.append((next_open, next_open and r + 2 < N_RANKS and column[r + 2] > 0))
        #: Where a sweep's state keeps this suit's track number.
        self.shift = _LOW_BITS + _ID_BITS * suit
        #: The bound from each of the lane's ranks on, by track number; none past the last rank.
        self._bounds: list[dict[int, int]] = [{} for _ in self.ranks]
        self._scored: dict[tuple[int, int, bool], dict[int, list[ScoredMove]]] = {}

    def position(self, r: int) -> int:
        """The place among the lane's ranks of the first one at or above ``r``."""
        return bisect_left(self.ranks, r)

    def moves(self, j: int, t: int, avail: int) -> list[tuple[int, int, int, tuple]]:
        """Every way to give up to ``avail`` cards of the lane's j-th rank to runs from tracks
        number ``t``, the best of each outcome: (tracks number after, run points, cards used, choice)."""
        return self.shape.moves(self.ranks[j], t, avail, *self.opens[j])

    def tables_at(self, j: int, avail: int) -> tuple[dict, dict, dict]:
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
                if ahead > _NOWHERE:
                    found.append((after << shift, points * SCALE + sign * uses, uses, choice, ahead))
            table[t] = found
        return found

    def bounds_at(self, j: int) -> dict[int, int]:
        """The bounds from the lane's j-th rank on worked out so far, by tracks number."""
        return self._bounds[j]

    def bound(self, j: int, t: int) -> int:
        """At least the objective that this suit's cards from its j-th rank on can still add, from
        tracks number ``t``; ``_NOWHERE`` if every play from there strands a run.

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
        best = _NOWHERE
        for after, points, uses, _ in self.shape.moves(r, t, count, *self.opens[j]):
            if ahead is None:
                rest = 0
            else:
                rest = ahead.get(after)
                if rest is None:
                    rest = self._bound(j + 1, after)
                if rest == _NOWHERE:
                    continue
            value = points * SCALE + per_use * uses + rest
            if value > best:
                best = value
        if best > _NOWHERE:
            best += count * worth
        self._bounds[j][t] = best
        return best


class _Programme:
    """Runs and sets for the hand left by one choice of specials: a sweep over its cells.

    The cells are visited rank by rank. A state holds each suit's tracks, the cards of the
    current rank not given to runs (the rank's set takes the best number of them when the rank
    is done), and the colour specials' cards taken from the colour's first suit at this rank.
    """

    def __init__(self, component: _Component, specials: _Specials) -> None:
        self.component = component
        self.specials = specials
        self.base = specials.points * SCALE + component.sign * specials.cards
        self.worth = component.worth
        if not specials.cards:
            # The component's own cards and lanes.
            self.h = component.h
            self.demand = _NO_DEMAND
            self.lanes = [component.lane(s, component.columns[s]) for s in range(N_SUITS)]
            self.after_by_colour = [_NO_AFTER, _NO_AFTER]
            self.after = _NO_AFTER
        else:
            self._take_specials()
        self._prepared = False

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
        (:class:`_Pair`), which leaves those cards to the specials.
        """
        total = self.base
        for colour in (0, 1):
            pair = self.lanes[2 * colour], self.lanes[2 * colour + 1]
            taken = [self.demand[r][colour] for r in range(N_RANKS)]
            joint = self.component.pair(pair, self.h, taken, colour).value if any(taken) else None
            total += sum(lane.bound(0, 0) for lane in pair) if joint is None else joint
        return min(total, self.ceiling)

    def _prepare(self) -> None:
        """The cells to visit and what the sweep needs at each, worked out when first swept."""
        if self._prepared:
            return
        self._prepared = True
        h = self.h
        cells = [(r, s) for r in range(N_RANKS) for s in range(N_SUITS) if h[r][s]]
        pairs = self._pairs() if self.specials.cards else []
        self.cells: list[tuple] = []
        sets = {r: self.component.set_table(r, sum(h[r])) for r, _ in cells}
        for i, (r, s) in enumerate(cells):
            last = i + 1 == len(cells) or cells[i + 1][0] != r
            live, best_set = sets[r]
            lane = self.lanes[s]
            # The cell's place among the ranks of its suit's lane; None for a cell whose cards
            # all go to colour specials.
            position = lane.places.get(r)
            # The splits of a colour's second suit depend on the first suit's: worked out as swept.
            if not self.demand[r][s >> 1]:
                splits: list[tuple[int, int]] | None = _NO_SPLIT
            else:
                splits = None if s & 1 else self._splits(r, s, 0)
            worth = 0 if last else self.worth[r]
            # The lane's scored moves of all the cell's cards (unbounded, bounded) and its bounds.
            tables = ({}, {}, {}) if position is None else lane.tables_at(position, h[r][s])
            checks = self._pair_checks(r, pairs) if last and pairs else None
            self.cells.append((r, s, last, position, h[r][s], live, worth, best_set, splits, lane, tables, checks))

    def _pairs(self) -> list[tuple[int, _Pair]]:
        """The colours whose specials this programme holds, with their pairs of lanes (when worked
        out in full, see :class:`_Pair`)."""
        found = []
        for colour in (0, 1):
            taken = [self.demand[r][colour] for r in range(N_RANKS)]
            if any(taken):
                lanes = self.lanes[2 * colour], self.lanes[2 * colour + 1]
                pair = self.component.pair(lanes, self.h, taken, colour)
                if pair.value is not None:
                    found.append((colour, pair))
        return found

    def _pair_checks(self, r: int, pairs: list[tuple[int, _Pair]]) -> tuple[int, list[tuple]]:
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

    def _splits(self, r: int, s: int, fill: int) -> list[tuple[int, int]]:
        """(cards of cell (r, s) given to colour specials, fill after): the colour's demand at r."""
        h = self.h
        demand = self.demand[r][s >> 1]
        if not demand:
            return _NO_SPLIT
        if s & 1 == 0:
            if h[r][s + 1] == 0:
                return [(demand, 0)] if demand <= h[r][s] else []
            return [(m, m) for m in range(max(0, demand - h[r][s + 1]), min(demand, h[r][s]) + 1)]
        mixed = demand - fill
        return [(mixed, 0)] if 0 <= mixed <= h[r][s] else []

    def sweep(self, floor: int | None, beam: int | None) -> tuple[int, list[tuple]] | None:
        """Run the programme; return the best objective (specials included) and its choices.

        ``floor`` is the objective of a play known to exist: states whose bound falls below it
        are dropped. ``beam`` keeps only that many states per cell, best bound first, which finds
        a good play quickly but not always the best: it only serves to set the floor.

        Each state keeps beside its value the sum of its suits' bounds, which a move changes for
        one suit only. A state is one integer (see ``_LOW_BITS``): a move rewrites the fields of
        its suit's tracks, the rank's free cards and the colour's fill.
        """
        global work
        self._prepare()
        limit = floor if floor is not None else _NOWHERE + 1
        bounded = floor is not None or beam is not None
        # A state's entry: (value, its suits' bounds, the state before, the move, the cards given
        # to colour specials, the cards given to the rank's set).
        layer: dict[int, tuple] = {0: (self.base, self.ceiling - self.base if bounded else 0, None, None, 0, 0)}
        history = []
        tried = 0
        id_mask, low_mask = _ID_MASK, _LOW_MASK
        for r, s, last, position, count, live, worth, best_set, splits, lane, tables, pairs in self.cells:
            cut = limit + self.after[r] if bounded else limit
            shift = lane.shift
            scored, bounds = tables[bounded], tables[2]
            checks = pairs if bounded else None
            nxt: dict[int, tuple] = {}
            for state, (value, rest, _, _, _, _) in layer.items():
                t = (state >> shift) & id_mask
                low = state & low_mask
                stripped = state - (t << shift) - low
                before = low & 0xFF
                if not bounded:
                    ahead = others = 0
                elif position is None:
                    ahead = lane.bound(lane.position(r), t)
                    others = rest - ahead
                else:
                    here = bounds.get(t)
                    others = rest - (lane.bound(position, t) if here is None else here)
                for mixed, fill in splits if splits is not None else self._splits(r, s, low >> 8):
                    avail = count - mixed
                    if position is None:
                        moves = [(t << shift, 0, 0, _NO_CHOICE, ahead)] if avail == 0 else []
                    else:
                        moves = scored.get(t) if mixed == 0 else None
                        if moves is None:
                            moves = lane.scored_moves(position, t, avail, bounded)
                    tried += len(moves)
                    fill_bits = fill << 8
                    for move in moves:
                        after, gain, uses, _, ahead = move
                        free = before + (avail - uses if live else 0)
                        total = value + gain
                        to_set = 0
                        if last:
                            set_value, to_set = best_set[free]
                            total += set_value
                            free = 0
                        if total + others + ahead + free * worth < cut:
                            continue
                        new_state = stripped + after + fill_bits + free
                        if checks and _short_of(checks, new_state, total + others + ahead, limit):
                            continue
                        known = nxt.get(new_state)
                        if known is None or total > known[0]:
                            nxt[new_state] = (total, others + ahead, state, move, mixed, to_set)
            if beam is not None and len(nxt) > beam:
                nxt = _narrowed(nxt, beam, worth, splits is not None and len(splits) > 1)
            history.append(nxt)
            layer = nxt
        work += tried
        if not layer:
            return None
        state = max(layer, key=lambda st: layer[st][0])
        return layer[state][0], self._choices(history, state)

    def sweep_from_top(self, floor: int) -> tuple[int, list[tuple]] | None:
        """The programme's best play, as :meth:`sweep` with ``floor`` finds it, found sooner.

        A sweep keeps every state that could still reach its floor, so a play it finds at or
        above the floor is the programme's best, and it finds none only when none reaches the
        floor. Far below the ceiling, the floor lets many states through: sweeps with floors
        nearer the ceiling, each cheap, look first, the step down doubling each time, as long as
        they stay in the upper three quarters of the gap (a floor near the given one costs about
        as much as it); then a beam above the floor looks for a better one to sweep from.
        """
        top = self.tight_ceiling
        if top - floor > _WIDE_GAP:
            step = _FIRST_STEP
            while step <= (top - floor) * 3 // 4:
                found = self.sweep(top - step, None)
                if found is not None:
                    return found
                step *= 2
            rough = self.sweep(floor, _WIDE_BEAM)
            if rough is not None and rough[0] > floor:
                floor = rough[0]
        return self.sweep(floor, None)

    def _choices(self, history: list[dict[int, tuple]], state: int) -> list[tuple]:
        """The moves that led to ``state``, cell by cell: (rank, suit, cards given to colour
        specials, cards left free, the lane's choice, cards given to the rank's set)."""
        choices = []
        for (r, s, _, _, count, *_), nxt in zip(reversed(self.cells), reversed(history), strict=True):
            _, _, previous, move, mixed, to_set = nxt[state]
            choices.append((r, s, mixed, count - mixed - move[2], move[3], to_set))
            state = previous
        choices.reverse()
        return choices

    def replay(self, choices: list[tuple], play: Play) -> None:
        """Turn the chosen moves back into melds, lay-offs and leftover cards."""
        problem = self.component.problem
        open_runs: dict[int, list[list[int]]] = {s: [] for s in range(N_SUITS)}
        finished: list[tuple[int, list[int]]] = []
        first_suit: dict[tuple[int, int], int] = {}
        free_cells: list[tuple[int, int, int]] = []
        for r, s, mixed, free, (continued, started, chosen_tables), to_set in choices:
            runs = open_runs[s]
            still_open = []
            for length in continued:
                run = next(x for x in runs if len(x) == length and x[-1] == r - 1)
                runs.remove(run)
                run.append(r)
                still_open.append(run)
            finished.extend((s, run) for run in runs)
            still_open.extend([[r] for _ in range(started)])
            open_runs[s] = still_open
            for index in chosen_tables:
                below, above = play.extensions.setdefault(index, ([], []))
                (below if r < problem.runs[index].lo else above).append(r)
            if self.demand[r][s >> 1] and s & 1 == 0:
                first_suit[r, s >> 1] = mixed
            free_cells.extend([(r, s, free)] if free else [])
            if to_set:
                given = 0
                for _, t, n in (cell for cell in free_cells if cell[0] == r):
                    take = min(n, to_set - given)
                    play.sets.setdefault(r, []).extend([t] * take)
                    play.unplayed.extend([(r, t)] * (n - take))
                    given += take
                free_cells = [cell for cell in free_cells if cell[0] != r]
        for r, s, n in free_cells:
            play.unplayed.extend([(r, s)] * n)
        for s, runs in open_runs.items():
            finished.extend((s, run) for run in runs)
        for s, run in finished:
            play.new_runs.append((s, run[0], run[-1]))
            play.points += meld_value(len(run))
        for parity in (0, 1):
            ranks = range(parity, N_RANKS, 2)
            for s in range(N_SUITS):
                for _ in range(self.specials.suited[parity][s]):
                    play.specials.append([(r, s) for r in ranks])
            for colour in (0, 1):
                count = self.specials.colour[parity][colour]
                if count:
                    firsts = [first_suit.get((r, colour), 0) for r in ranks]
                    play.specials.extend(_colour_specials(parity, colour, count, firsts))
        play.points += self.specials.points


#: How many pairs of moves a bound of two lanes together may try before it gives up (then the
#: lanes' own bounds serve): it is worked out only to skip programmes and states, never needed.
_PAIR_WORK = 6000
#: Nor is it tried when its lanes promise more pairs of tracks than this: it would give up.
_PAIR_STATES = 1400


def _narrowed(states: dict[int, tuple], beam: int, worth: int, by_split: bool) -> dict[int, tuple]:
    """The ``beam`` states of most hope (their value, their suits' bounds and their free cards'
    best set); ``by_split``, that many for each split of a colour's cards between its specials
    and its first suit, so that splits the second suit cannot follow do not crowd out the others
    (the suits' bounds each count on the cards the specials take)."""
    kept = sorted(states, key=lambda st: states[st][0] + states[st][1] + (st & 0xFF) * worth, reverse=True)
    if not by_split:
        return {st: states[st] for st in kept[:beam]}
    counts: dict[int, int] = {}
    narrowed = {}
    for st in kept:
        fill = st >> 8 & 0xFF
        if counts.get(fill, 0) < beam:
            counts[fill] = counts.get(fill, 0) + 1
            narrowed[st] = states[st]
    return narrowed


def _short_of(pairs: tuple[int, list[tuple]], state: int, hope: int, limit: int) -> bool:
    """Whether a state at the end of a rank, of value and lanes' bounds ``hope``, falls short of
    ``limit`` once the colours' pairs of lanes bound its lanes of those colours together."""
    after, checks = pairs
    for pair, i, first, j, shift, second, k, other_shift in checks:
        a = (state >> shift) & _ID_MASK
        b = (state >> other_shift) & _ID_MASK
        joint = pair.known(i, a, b)
        if joint is not None:
            hope += joint - first.bound(j, a) - second.bound(k, b)
    return hope < limit + after


class _Pair:
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
        lanes: tuple[_Lane, _Lane],
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
            moves = lane.moves(lane.places[r], t, count) if count else [(t, 0, 0, _NO_CHOICE)]
            found = [(after, points * SCALE + per_use * uses, uses) for after, points, uses, _ in moves]
            self._moves[side][key] = found
        return found

    def best(self, i: int, a: int, b: int) -> int:
        """The bound from the i-th rank on, the lanes' tracks numbered a and b."""
        global work
        if i == len(self.ranks):
            return 0
        key = (i, a, b)
        found = self.memo.get(key)
        if found is not None:
            return found
        cards, base, _ = self.steps[i]
        following = i + 1
        ahead = None if following == len(self.ranks) else self.memo
        value = _NOWHERE
        moves = self._side(1, i, b)
        for next_a, value_a, uses_a in self._side(0, i, a):
            work += len(moves)
            self.budget -= len(moves)
            if self.budget < 0:
                raise _TooMany
            for next_b, value_b, uses_b in moves:
                if uses_a + uses_b > cards:
                    continue
                if ahead is None:
                    rest = 0
                else:
                    rest = ahead.get((following, next_a, next_b))
                    if rest is None:
                        rest = self.best(following, next_a, next_b)
                    if rest == _NOWHERE:
                        continue
                if value_a + value_b + rest > value:
                    value = value_a + value_b + rest
        if value > _NOWHERE:
            value += base
        self.memo[key] = value
        return value


class _TooMany(Exception):
    """A bound of two lanes together tried more than ``_PAIR_WORK`` pairs of moves."""


def _colour_specials(parity: int, colour: int, count: int, firsts: Sequence[int]) -> list[list[tuple[int, int]]]:
    """``count`` colour specials, each holding both suits of the colour, given how many of each
    rank's cards are of the colour's first suit (one assignment always exists: see _special_choices).
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


def _column_chain(column: Sequence[int], start: int, step: int) -> int:
    """How many consecutive ranks from ``start`` (going by ``step``) hold a card of the column."""
    length = 0
    r = start
    while 0 <= r < N_RANKS and column[r] > 0:
        length += 1
        r += step
    return length
