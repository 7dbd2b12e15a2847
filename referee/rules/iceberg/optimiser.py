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

Each component is solved exactly by a dynamic programme over its cells, rank by rank and suit
by suit. The state carries, per suit, the runs that can still take a card at the next rank
(new runs by length, table runs by the cards added so far), the cards already given to this
rank's set, and the specials under way. Every sequence of legal lay-offs and melds ends in a
final table that this programme enumerates, so its maximum is the optimum.

Big components are pruned without losing it: a narrow beam first finds a good play, then the
exact programme drops every state whose admissible bound (an over-estimate of what the cards
still to come can add, see :meth:`_Component._prepare_bounds`) falls below that play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

N_RANKS = 12
N_SUITS = 4
#: Points of a special (iceberg-3.5) by parity (0 = 2 4 6 8 10 Q, 1 = 3 5 7 9 J K).
SUITED_POINTS = (500, 700)
COLOUR_POINTS = (200, 300)
#: The objective is points first, then cards played (or left over), packed in one integer.
SCALE = 1000
#: Components of at least this many cards first look for a good play with a narrow beam, whose
#: points then let the exact sweep drop every state that cannot reach them.
_PRUNE_FROM = 12
_BEAM = 48


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
    """A run on the table: suit index and the rank indices of its ends."""

    suit: int
    lo: int
    hi: int

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1


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
    counts = [list(row) for row in problem.counts]
    live = _live_cells(problem)
    play = Play()
    for r in range(N_RANKS):
        for s in range(N_SUITS):
            if counts[r][s] and (r, s) not in live:
                play.unplayed.extend([(r, s)] * counts[r][s])
    for component in _components(problem, live):
        _Component(problem, component).solve_into(play)
    return play


# --- which cards can do anything, and which can interact ---------------------------------------


def _chain(counts: Sequence[Sequence[int]], suit: int, start: int, step: int) -> int:
    """How many consecutive ranks from ``start`` (going by ``step``) the hand holds in ``suit``."""
    length = 0
    r = start
    while 0 <= r < N_RANKS and counts[r][suit] > 0:
        length += 1
        r += step
    return length


def _special_types(counts: Sequence[Sequence[int]]) -> list[tuple[int, tuple[int, ...]]]:
    """(parity, suits) of the specials the counts could make: each suit alone, then each colour."""
    found = []
    for parity in (0, 1):
        ranks = range(parity, N_RANKS, 2)
        for suits in ((0,), (1,), (2,), (3,), (0, 1), (2, 3)):
            if all(sum(counts[r][s] for s in suits) > 0 for r in ranks):
                found.append((parity, suits))
    return found


def _live_cells(problem: Problem) -> set[tuple[int, int]]:
    """Cells holding a card that some meld or lay-off could use."""
    counts = problem.counts
    live: set[tuple[int, int]] = set()
    minimum_set = 2 if problem.decks == 1 else 3
    for r in range(N_RANKS):
        if problem.set_sizes[r] > 0 or sum(counts[r]) >= minimum_set:
            live.update((r, s) for s in range(N_SUITS) if counts[r][s])
    for s in range(N_SUITS):
        for r in range(N_RANKS - 2):
            if counts[r][s] and counts[r + 1][s] and counts[r + 2][s]:
                live.update(((r, s), (r + 1, s), (r + 2, s)))
    for run in problem.runs:
        for r in range(run.lo - _chain(counts, run.suit, run.lo - 1, -1), run.lo):
            live.add((r, run.suit))
        for r in range(run.hi + 1, run.hi + 1 + _chain(counts, run.suit, run.hi + 1, 1)):
            live.add((r, run.suit))
    for parity, suits in _special_types(counts):
        live.update((r, s) for r in range(parity, N_RANKS, 2) for s in suits if counts[r][s])
    return live


def _components(problem: Problem, live: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Live cells grouped so that no meld can hold cards of two groups."""
    parent = {cell: cell for cell in live}

    def find(cell: tuple[int, int]) -> tuple[int, int]:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def union(a: tuple[int, int], b: tuple[int, int]) -> None:
        if a in parent and b in parent:
            parent[find(a)] = find(b)

    by_rank: dict[int, list[tuple[int, int]]] = {}
    for r, s in live:
        by_rank.setdefault(r, []).append((r, s))
        union((r, s), (r + 1, s))
    for cells in by_rank.values():
        for cell in cells[1:]:
            union(cells[0], cell)
    for run in problem.runs:
        union((run.lo - 1, run.suit), (run.hi + 1, run.suit))
    for parity, suits in _special_types(problem.counts):
        cells = [(r, s) for r in range(parity, N_RANKS, 2) for s in suits if (r, s) in live]
        for cell in cells[1:]:
            union(cells[0], cell)
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell in sorted(live):
        groups.setdefault(find(cell), []).append(cell)
    return list(groups.values())


# --- the dynamic programme ----------------------------------------------------------------------

_NO_TRACKS: tuple[tuple[int, ...], tuple[tuple[int, int], ...]] = ((), ())


class _Component:
    """One component: its cells, the table runs it can extend, and the programme over its cells.

    State: ``(tracks H, tracks D, tracks S, tracks C, set cards, colour fill, specials)``.
    A suit's tracks are ``(new run lengths, ((table run, cards added), …))``, holding only runs
    that can still take a card; ``set cards`` counts this rank's cards given to its set so far;
    ``colour fill`` the cards given so far at this rank to the colour specials of the current
    colour; ``specials`` the 12 special counts (per parity: 4 suited, 2 colour).
    """

    def __init__(self, problem: Problem, cells: list[tuple[int, int]]) -> None:
        self.problem = problem
        h = [[0] * N_SUITS for _ in range(N_RANKS)]
        for r, s in cells:
            h[r][s] = problem.counts[r][s]
        self.h = h
        self.sign = 1 if problem.fewest else -1
        self.forbid = not problem.parallel
        self.cover = [[0] * N_SUITS for _ in range(N_RANKS)]
        for run in problem.runs:
            for r in range(run.lo, run.hi + 1):
                self.cover[r][run.suit] += 1
        # Table runs this component can extend: id → (lo, hi, size, cards above possible).
        self.tables: dict[int, tuple[int, int, int, int]] = {}
        self.starts: dict[tuple[int, int], list[int]] = {}
        for index, run in enumerate(problem.runs):
            below = _chain(h, run.suit, run.lo - 1, -1)
            above = _chain(h, run.suit, run.hi + 1, 1)
            if not below and not above:
                continue
            self.tables[index] = (run.lo, run.hi, run.size, above)
            for r in range(run.lo - below, run.lo):
                self.starts.setdefault((r, run.suit), []).append(index)
            if above:
                self.starts.setdefault((run.hi + 1, run.suit), []).append(index)
        self.set_live = [
            problem.set_sizes[r] > 0 or sum(h[r]) >= (2 if problem.decks == 1 else 3) for r in range(N_RANKS)
        ]
        self.set_points = [
            [set_gain(k, problem.set_sizes[r], problem.decks) for k in range(sum(h[r]) + 1)] for r in range(N_RANKS)
        ]
        self.suited_max = [[min(h[r][s] for r in range(p, N_RANKS, 2)) for s in range(N_SUITS)] for p in (0, 1)]
        self.colour_max = [
            [min(h[r][2 * c] + h[r][2 * c + 1] for r in range(p, N_RANKS, 2)) for c in (0, 1)] for p in (0, 1)
        ]
        self.has_specials = any(any(row) for row in self.suited_max) or any(any(row) for row in self.colour_max)
        self.cells = self._cell_order(cells)
        self.card_count = sum(map(sum, h))
        self._prepare_bounds()

    def _cell_order(self, cells: list[tuple[int, int]]) -> list[tuple[int, int, bool]]:
        """The cells to visit, rank by rank, each flagged when it is the last of its rank."""
        wanted = [(r, s) for r in range(N_RANKS) for s in range(N_SUITS)] if self.has_specials else sorted(cells)
        order = []
        for i, (r, s) in enumerate(wanted):
            last = i + 1 == len(wanted) or wanted[i + 1][0] != r
            order.append((r, s, last))
        return order

    def solve_into(self, play: Play) -> None:
        floor = None
        if self.card_count >= _PRUNE_FROM:
            rough = self._sweep(None, _BEAM)
            if rough is not None:
                floor = rough[0]
        found = self._sweep(floor, None)
        # Leaving every card is always possible, and the floor is the value of a real play whose
        # states all stay above it, so the exact sweep always ends with a play.
        assert found is not None
        self._replay(found[1], play)

    def _sweep(self, floor: int | None, beam: int | None) -> tuple[int, list[tuple]] | None:
        """Run the programme; return the best value and its choices.

        ``floor`` is the value of a play known to exist: states whose bound falls below it are
        dropped. ``beam`` keeps only that many states per cell, best bound first, which finds a
        good play quickly but not always the best: it only serves to set the floor.
        """
        layer: dict[tuple, tuple[int, tuple | None, tuple | None]] = {
            (_NO_TRACKS,) * N_SUITS + (0, 0, (0,) * 12): (0, None, None)
        }
        history = []
        for i, (r, s, last) in enumerate(self.cells):
            nxt: dict[tuple, tuple[int, tuple | None, tuple | None]] = {}
            for state, (value, _, _) in layer.items():
                for new_state, gain, choice in self._moves(state, r, s, last):
                    total = value + gain
                    best = nxt.get(new_state)
                    if best is None or total > best[0]:
                        nxt[new_state] = (total, state, choice)
            if floor is not None or beam is not None:
                tie = self.suffix_cards[i + 1] if self.sign > 0 else 0
                hopes = {st: entry[0] + SCALE * self._bound(st, i) + tie for st, entry in nxt.items()}
                if floor is not None:
                    nxt = {st: entry for st, entry in nxt.items() if hopes[st] >= floor}
                if beam is not None and len(nxt) > beam:
                    kept = sorted(nxt, key=hopes.__getitem__, reverse=True)[:beam]
                    nxt = {st: nxt[st] for st in kept}
            history.append(nxt)
            layer = nxt
        if not layer:
            return None
        state = max(layer, key=lambda st: layer[st][0])
        value = layer[state][0]
        choices = []
        for nxt in reversed(history):
            _, previous, choice = nxt[state]
            choices.append(choice)
            state = previous
        choices.reverse()
        return value, choices

    def _bound(self, state: tuple, i: int) -> int:
        """More than the points the cells after cell i can still add to ``state`` (admissible)."""
        r, done, _ = self.cells[i]
        extra = self.suffix_share[i + 1] + state[4] * self.set_share[r]
        if r < 2:  # colour specials begun at their first rank are scored when the colour's second suit is done
            extra += state[5] * COLOUR_POINTS[r]
        if self.has_specials:
            committed = self.committed_share[r + 1]
            extra -= sum(n * share for n, share in zip(state[6], committed, strict=True) if n)
        for s in range(N_SUITS):
            news, tabs = state[s]
            if news:
                ahead = self.chain_from[r + 1 if s <= done else r][s]
                for n in news:
                    extra += _run_bonus(n, ahead)
            for index, added in tabs:
                extra += self.table_bonus[index][added]
        return extra

    def _prepare_bounds(self) -> None:
        """Per-card shares and the corrections for partly built melds, used by :meth:`_bound`.

        A card's share is the most that any meld it could end in scores per new card: F(N)/N
        for a run as long as its chain, the average lay-off on a table run grown as far as
        possible, a set of every card of its rank, a special's points over 6. These averages
        grow with the meld, so the largest meld bounds them; a meld's points are the sum of
        its new cards' shares, except for melds already begun, whose early cards scored less
        than their share: the correction adds that difference.
        """
        h = self.h
        problem = self.problem
        self.chain_from = [[_chain(h, s, r, 1) for s in range(N_SUITS)] for r in range(N_RANKS + 1)]
        self.set_share = [0] * N_RANKS
        share = [[0] * N_SUITS for _ in range(N_RANKS)]
        for r in range(N_RANKS):
            total = sum(h[r])
            gain = self.set_points[r][total] if self.set_live[r] else None
            if gain:
                self.set_share[r] = -(-gain // total)
            for s in range(N_SUITS):
                if not h[r][s]:
                    continue
                best = self.set_share[r]
                length = _chain(h, s, r, 1) + _chain(h, s, r, -1) - 1
                if length >= 3:
                    best = max(best, -(-meld_value(length) // length))
                parity = r & 1
                if self.suited_max[parity][s]:
                    best = max(best, -(-SUITED_POINTS[parity] // 6))
                if self.colour_max[parity][s >> 1]:
                    best = max(best, -(-COLOUR_POINTS[parity] // 6))
                share[r][s] = best
        self.table_bonus = {}
        for index, (lo, hi, size, above) in self.tables.items():
            reach = _chain(h, problem.runs[index].suit, lo - 1, -1) + above
            growth = meld_value(size + reach) - meld_value(size)
            suit = problem.runs[index].suit
            for r in [*range(lo - reach + above, lo), *range(hi + 1, hi + 1 + above)]:
                share[r][suit] = max(share[r][suit], -(-growth // reach))
            self.table_bonus[index] = [
                -(-added * growth // reach) - (meld_value(size + added) - meld_value(size))
                for added in range(reach + 1)
            ]
        # committed_share[r][t]: the least that one special of type t (as indexed in the state)
        # takes off the shares of the cards from rank r on, which it holds at no further gain.
        self.committed_share = [[0] * 12 for _ in range(N_RANKS + 1)]
        for r in range(N_RANKS - 1, -1, -1):
            row = list(self.committed_share[r + 1])
            base = 6 * (r & 1)
            for s in range(N_SUITS):
                row[base + s] += share[r][s]
            for c in (0, 1):
                held = [share[r][s] for s in (2 * c, 2 * c + 1) if h[r][s]]
                row[base + 4 + c] += min(held, default=0)
            self.committed_share[r] = row
        self.suffix_share = [0] * (len(self.cells) + 1)
        self.suffix_cards = [0] * (len(self.cells) + 1)
        for i in range(len(self.cells) - 1, -1, -1):
            r, s, _ = self.cells[i]
            self.suffix_share[i] = self.suffix_share[i + 1] + h[r][s] * share[r][s]
            self.suffix_cards[i] = self.suffix_cards[i + 1] + h[r][s]

    def _moves(self, state: tuple, r: int, s: int, last: bool) -> list[tuple[tuple, int, tuple]]:
        """Every way to use the cards of cell (r, s) from ``state``: (next state, gain, choice)."""
        h = self.h
        count = h[r][s]
        news, tabs = state[s]
        set_cards, fill, specials = state[4], state[5], state[6]
        tables = self.tables

        # Specials: how many of this cell's cards each special type takes (iceberg-3.5).
        parity = r & 1
        base = 6 * parity
        colour = s >> 1
        options: list[tuple[int, int, int, int, tuple]] = []  # suited, colour, fill, points, specials
        if not self.has_specials:
            options.append((0, 0, 0, 0, specials))
        elif r == parity:
            for suited in range(min(self.suited_max[parity][s], count) + 1):
                if s & 1 == 0:
                    for mixed in range(min(self.colour_max[parity][colour], count - suited) + 1):
                        spec = _with(specials, base + s, suited)
                        options.append((suited, mixed, mixed, suited * SUITED_POINTS[parity], spec))
                else:
                    room = self.colour_max[parity][colour] - fill
                    for mixed in range(min(room, count - suited) + 1):
                        spec = _with(_with(specials, base + s, suited), base + 4 + colour, fill + mixed)
                        if not self._specials_fit(parity, colour, spec):
                            continue
                        points = suited * SUITED_POINTS[parity] + (fill + mixed) * COLOUR_POINTS[parity]
                        options.append((suited, mixed, 0, points, spec))
        else:
            suited = specials[base + s]
            need = specials[base + 4 + colour]
            if s & 1 == 0:
                for mixed in range(min(need, count - suited) + 1):
                    options.append((suited, mixed, mixed, 0, specials))
            elif 0 <= need - fill <= count - suited:
                options.append((suited, need - fill, 0, 0, specials))

        # Runs that must take a card here, that may, and that may start here.
        forced_new = [n for n in news if n < 3]
        optional: list[tuple[str, int, int]] = [("n", n, 0) for n in news if n >= 3]
        forced_tab: list[tuple[int, int]] = []
        passive: list[tuple[int, int]] = []
        present = set()
        for index, added in tabs:
            present.add(index)
            lo, hi = tables[index][0], tables[index][1]
            if r < lo:
                forced_tab.append((index, added))
            elif r <= hi:
                passive.append((index, added))
            else:
                optional.append(("t", index, added))
        for index in self.starts.get((r, s), ()):
            if index not in present:
                optional.append(("t", index, 0))
        can_start = r + 2 < N_RANKS and h[r + 1][s] > 0 and h[r + 2][s] > 0
        next_open = r + 1 < N_RANKS and h[r + 1][s] > 0
        forced = len(forced_new) + len(forced_tab)

        moves = []
        for suited, mixed, new_fill, special_points, new_specials in options:
            free = count - suited - mixed - forced
            if free < 0:
                continue
            for k in range(min(free, len(optional)) + 1):
                for chosen in combinations(optional, k):
                    rest = free - k
                    for started in range(rest + 1 if can_start else 1):
                        uses = forced + k + started
                        if self.forbid and uses and self.cover[r][s] + uses > 1:
                            continue
                        tracks = self._advance(r, forced_new, forced_tab, passive, chosen, started, next_open)
                        if tracks is None:
                            continue
                        new_tracks, run_points = tracks
                        left = rest - started
                        for to_set in range(left + 1 if self.set_live[r] else 1):
                            points = special_points + run_points
                            cards = set_cards + to_set
                            if last:
                                gain = self.set_points[r][cards]
                                if gain is None:
                                    continue
                                points += gain
                                cards = 0
                            used = count - (left - to_set)
                            new_state = (*state[:s], new_tracks, *state[s + 1 : 4], cards, new_fill, new_specials)
                            chosen_tables = tuple(c[1] for c in chosen if c[0] == "t") + tuple(i for i, _ in forced_tab)
                            continued = tuple(forced_new) + tuple(c[1] for c in chosen if c[0] == "n")
                            choice = (r, s, continued, started, chosen_tables, suited, mixed, to_set)
                            moves.append((new_state, points * SCALE + self.sign * used, choice))
        return moves

    def _specials_fit(self, parity: int, colour: int, specials: tuple[int, ...]) -> bool:
        """Whether every rank of the parity holds enough cards of the colour for these specials."""
        base = 6 * parity
        first, second = 2 * colour, 2 * colour + 1
        one, two, mixed = specials[base + first], specials[base + second], specials[base + 4 + colour]
        h = self.h
        return all(
            one <= h[r][first] and two <= h[r][second] and one + two + mixed <= h[r][first] + h[r][second]
            for r in range(parity, N_RANKS, 2)
        )

    def _advance(
        self,
        r: int,
        forced_new: list[int],
        forced_tab: list[tuple[int, int]],
        passive: list[tuple[int, int]],
        chosen: tuple[tuple[str, int, int], ...],
        started: int,
        next_open: bool,
    ) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], int] | None:
        """A suit's tracks after rank r, and the run points scored at r; None if a run is stranded."""
        points = 0
        lengths = []
        for n in forced_new:
            lengths.append(n + 1)
            points += _run_card(n + 1)
        tables: list[tuple[int, int]] = list(passive)
        for kind, ident, added in chosen:
            if kind == "n":
                lengths.append(ident + 1)
                points += _run_card(ident + 1)
                continue
            lo, hi, size, above = self.tables[ident]
            points += 10 * (size + added + 1)
            if r < lo:
                if r + 1 < lo or above:
                    tables.append((ident, added + 1))
            elif r + 1 <= hi + above:
                tables.append((ident, added + 1))
        for index, added in forced_tab:
            lo, hi, size, above = self.tables[index]
            points += 10 * (size + added + 1)
            if r + 1 < lo or above:
                tables.append((index, added + 1))
        lengths.extend([1] * started)
        if next_open:
            new_runs = tuple(sorted(lengths))
        elif any(n < 3 for n in lengths):
            return None
        else:
            new_runs = ()
        return (new_runs, tuple(sorted(tables))), points

    def _replay(self, choices: list[tuple], play: Play) -> None:
        """Turn the chosen moves back into melds, lay-offs and leftover cards."""
        open_runs: dict[int, list[list[int]]] = {s: [] for s in range(N_SUITS)}
        finished: list[tuple[int, list[int]]] = []
        suited: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
        mixed: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
        for r, s, continued, started, chosen_tables, n_suited, n_mixed, to_set in choices:
            count = self.h[r][s]
            runs = open_runs[s]
            still_open = []
            for length in continued:
                run = next(x for x in runs if len(x) == length and x[-1] == r - 1)
                runs.remove(run)
                run.append(r)
                still_open.append(run)
            for run in runs:
                finished.append((s, run))
            still_open.extend([[r] for _ in range(started)])
            open_runs[s] = still_open
            for index in chosen_tables:
                below, above = play.extensions.setdefault(index, ([], []))
                (below if r < self.problem.runs[index].lo else above).append(r)
            parity = r & 1
            for key, n, store in (((parity, s), n_suited, suited), ((parity, s >> 1), n_mixed, mixed)):
                groups = store.setdefault(key, [])
                if r == parity:
                    groups.extend([[] for _ in range(n)])
                waiting = [g for g in groups if len(g) < (r >> 1) + 1]
                for group in waiting[:n]:
                    group.append((r, s))
            if to_set:
                play.sets.setdefault(r, []).extend([s] * to_set)
            used = len(continued) + started + len(chosen_tables) + n_suited + n_mixed + to_set
            play.unplayed.extend([(r, s)] * (count - used))
        for s, runs in open_runs.items():
            finished.extend((s, run) for run in runs)
        for s, run in finished:
            play.new_runs.append((s, run[0], run[-1]))
            play.points += meld_value(len(run))
        for store, points in ((suited, SUITED_POINTS), (mixed, COLOUR_POINTS)):
            for (parity, _), groups in store.items():
                play.specials.extend(groups)
                play.points += points[parity] * len(groups)
        for r in {c[0] for c in choices if c[7]}:
            added = sum(c[7] for c in choices if c[0] == r)
            play.points += set_gain(added, self.problem.set_sizes[r], self.problem.decks) or 0
        for index in {i for c in choices for i in c[4]}:
            added = sum(1 for c in choices for i in c[4] if i == index)
            size = self.problem.runs[index].size
            play.points += meld_value(size + added) - meld_value(size)


@cache
def _run_bonus(length: int, ahead: int) -> int:
    """Correction for a new run of ``length`` cards that can take ``ahead`` more (see _prepare_bounds)."""
    final = min(N_RANKS, length + ahead)
    if final < 3:
        return 0
    paid = meld_value(length) if length >= 3 else 0
    return -(-length * meld_value(final) // final) - paid


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])
