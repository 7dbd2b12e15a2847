"""The leftover optimum when runs may join (iceberg-4.4 with ``merge_runs``, iceberg-6.2).

A card that closes the gap between two runs of its suit joins them, whether the player wants it
or not. So for each pair of table runs whose gap the hand could fill there are two kinds of
play: those that fill it, joining the runs, and those that leave at least one of its ranks
empty. This module tries each: it joins the chosen pairs, and walls the others (the runs may not
grow past a chosen empty rank), then solves what is left with :func:`optimiser.solve`.

Why that is the optimum:

* Joining is only worth it, and only forced, between table runs: the imagined turn can always
  meld its new runs after its lay-offs, and a new run joined to another run scores less than the
  same cards laid on that run one by one.
* Cards laid at the outer ends of runs being joined score most when laid after the joins, so a
  joined run is extended like any table run of its size; only the order of the gap cards
  matters, and :func:`join_order` finds the best one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations, pairwise, product

from referee.rules.iceberg.optimiser import N_RANKS, Join, Play, Problem, TableRun, solve


@dataclass(frozen=True)
class _Pair:
    """Two table runs of a suit whose gap the hand holds every card of: ``lower`` below ``upper``."""

    lower: int
    upper: int

    def gap(self, runs: tuple[TableRun, ...]) -> range:
        return range(runs[self.lower].hi + 1, runs[self.upper].lo)


def solve_joining(problem: Problem) -> Play:
    """The best play when runs join (see the module's docstring); :func:`optimiser.solve` otherwise."""
    pairs = _pairs(problem)
    if not pairs:
        return solve(problem)
    sign = 1 if problem.fewest else -1
    held = sum(map(sum, problem.counts))
    best: tuple[tuple[int, int], Play] | None = None
    for size in range(len(pairs) + 1):
        for chosen in combinations(pairs, size):
            for play in _plays(problem, pairs, chosen):
                key = (play.points, sign * (held - len(play.unplayed)))
                if best is None or key > best[0]:
                    best = (key, play)
    assert best is not None
    return best[1]


def _pairs(problem: Problem) -> list[_Pair]:
    """The pairs of table runs that the hand could join: same suit, a gap it holds all of, and no
    other run of the suit in the gap."""
    runs = problem.runs
    found = []
    for i, lower in enumerate(runs):
        for j, upper in enumerate(runs):
            if i == j or lower.suit != upper.suit or lower.hi + 1 >= upper.lo:
                continue
            gap = range(lower.hi + 1, upper.lo)
            if any(problem.counts[r][lower.suit] == 0 for r in gap):
                continue
            between = [o for k, o in enumerate(runs) if k not in (i, j) and o.suit == lower.suit]
            if any(o.lo < upper.lo and o.hi > lower.hi for o in between):
                continue
            found.append(_Pair(i, j))
    return found


def _plays(problem: Problem, pairs: list[_Pair], chosen: tuple[_Pair, ...]) -> Iterator[Play]:
    """The best plays that join exactly the ``chosen`` pairs, one per way of walling the others."""
    runs = problem.runs
    lowers = [p.lower for p in chosen]
    uppers = [p.upper for p in chosen]
    if len(set(lowers)) < len(lowers) or len(set(uppers)) < len(uppers):
        return
    counts = [list(row) for row in problem.counts]
    for pair in chosen:
        for r in pair.gap(runs):
            counts[r][runs[pair.lower].suit] -= 1
    if any(n < 0 for row in counts for n in row):
        return
    # Chains of joined runs, from a run joined to none below.
    above = {p.lower: p.upper for p in chosen}
    chains = []
    for start in range(len(runs)):
        if start in uppers:
            continue
        chain = [start]
        while chain[-1] in above:
            chain.append(above[chain[-1]])
        chains.append(chain)
    chain_of = {index: n for n, chain in enumerate(chains) for index in chain}
    # Pairs left apart: one rank of their gap stays empty and each run stops short of it, or
    # the card of that rank joins one of them to a new run on the far side (two decks).
    apart = [p for p in pairs if p not in chosen and p.lower not in lowers and p.upper not in uppers]
    # (A new run beside a table run is a parallel meld: never when those are forbidden.)
    modes = (None, _UP, _DOWN) if problem.parallel else (None,)
    choices = [[(k, mode) for k in p.gap(runs) for mode in modes] for p in apart]
    for walls in product(*choices):
        ends = _chain_ends(runs, chains, chain_of, apart, walls)
        if ends is None:
            continue
        spare = [list(row) for row in counts]
        for end in ends:
            for r in end.consumed:
                spare[r][end.suit] -= 1
        if any(n < 0 for row in spare for n in row):
            continue
        joined = tuple(TableRun(e.suit, e.lo, e.hi, e.floor, e.ceiling) for e in ends)
        play = solve(replace(problem, counts=tuple(tuple(row) for row in spare), runs=joined))
        yield _restore(play, runs, chains, ends)


_UP, _DOWN = "up", "down"


@dataclass
class _End:
    """A chain of joined table runs as the joined problem sees it, with its walls and its joins to
    new runs: ``news`` maps a key (-1, -2) to the new run's (lo, hi) and ``moves`` are the cards
    laid for those joins, as in :class:`Join`."""

    suit: int
    lo: int
    hi: int
    size: int
    name: int
    floor: int = 0
    ceiling: int = N_RANKS - 1
    points: int = 0
    consumed: list[int] = field(default_factory=list)
    moves: list[tuple[int, int, int | None]] = field(default_factory=list)
    news: dict[int, tuple[int, int]] = field(default_factory=dict)


def _chain_ends(
    runs: tuple[TableRun, ...],
    chains: list[list[int]],
    chain_of: dict[int, int],
    apart: list[_Pair],
    walls: tuple[tuple[int, str | None], ...],
) -> list[_End] | None:
    """Each chain's end state for one choice of walls, or None if the choices clash."""
    ends = []
    for chain in chains:
        first, last = runs[chain[0]], runs[chain[-1]]
        name = chain[0] if len(chain) == 1 else _moves(_chain_order(runs, chain)[1], _segments(runs, chain))[1]
        ends.append(_End(first.suit, first.lo, last.hi, last.hi - first.lo + 1, name))
    # How many walls each chain meets above and below, and whether one of them joins a new run.
    sides: dict[tuple[int, str], list[str | None]] = {}
    for pair, (_, mode) in zip(apart, walls, strict=True):
        sides.setdefault((chain_of[pair.lower], _UP), []).append(mode if mode == _UP else None)
        sides.setdefault((chain_of[pair.upper], _DOWN), []).append(mode if mode == _DOWN else None)
    if any(len(modes) > 1 and any(modes) for modes in sides.values()):
        return None
    for pair, (k, mode) in zip(apart, walls, strict=True):
        low, high = ends[chain_of[pair.lower]], ends[chain_of[pair.upper]]
        if mode == _UP:
            if k + 3 >= N_RANKS:
                return None
            high.floor = max(high.floor, k + 1)
            ranks = list(range(low.hi + 1, k))
            new = (k + 1, k + 3)
            low.consumed += [*ranks, k, k + 1, k + 2, k + 3]
            low.hi = k + 3
        elif mode == _DOWN:
            if k - 3 < 0:
                return None
            low.ceiling = min(low.ceiling, k - 1)
            ranks = list(range(high.lo - 1, k, -1))
            new = (k - 3, k - 1)
            high.consumed += [*ranks, k, k - 3, k - 2, k - 1]
            high.lo = k - 3
        else:
            low.ceiling = min(low.ceiling, k - 1)
            high.floor = max(high.floor, k + 1)
            continue
        end = low if mode == _UP else high
        key = -1 - len(end.news)
        end.news[key] = new
        end.moves += [(r, end.name, None) for r in ranks] + [(k, end.name, key)]
        grown = end.size + len(ranks)
        end.points += sum(10 * (end.size + i) for i in range(1, len(ranks) + 1)) + 30 + 10 * (grown + 4)
        end.size = end.hi - end.lo + 1
    return ends


def _segments(runs: tuple[TableRun, ...], chain: list[int]) -> list[tuple[int, int, int]]:
    return [(runs[i].lo, runs[i].hi, i) for i in chain]


def _chain_order(runs: tuple[TableRun, ...], chain: list[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
    sizes = tuple(runs[i].size for i in chain)
    gaps = tuple(runs[b].lo - runs[a].hi - 1 for a, b in pairwise(chain))
    return join_order(sizes, gaps)


def _restore(play: Play, runs: tuple[TableRun, ...], chains: list[list[int]], ends: list[_End]) -> Play:
    """The play of the joined problem told in the table's own runs."""
    extensions = play.extensions
    play.extensions = {}
    for n, (chain, end) in enumerate(zip(chains, ends, strict=True)):
        below, above = extensions.get(n, ([], []))
        if len(chain) == 1 and not end.news:
            if below or above:
                play.extensions[chain[0]] = (below, above)
            continue
        points, order = _chain_order(runs, chain)
        moves, _ = _moves(order, _segments(runs, chain))
        play.points += points + end.points
        join = Join(end.suit, tuple(chain), moves + end.moves, end.name, below, above, end.news)
        play.joins.append(join)
    return play


@cache
def join_order(sizes: tuple[int, ...], gaps: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The most the gap cards between runs of these sizes score, and the order that scores it.

    Each move lays one card into gap i, on the run below it (side 0) or above it (side 1); the
    last card of a gap joins the two runs and scores 10 × the joined run's cards (iceberg-4.2,
    4.4); any other card scores 10 × the size of the run it grows.
    """
    if not gaps:
        return 0, ()
    best: tuple[int, tuple[tuple[int, int], ...]] | None = None
    for i, gap in enumerate(gaps):
        for side in (0, 1):
            if gap == 1:
                size = sizes[i] + sizes[i + 1] + 1
                points = 10 * size
                after = join_order((*sizes[:i], size, *sizes[i + 2 :]), (*gaps[:i], *gaps[i + 1 :]))
            else:
                grown = i + side
                points = 10 * (sizes[grown] + 1)
                after = join_order(
                    (*sizes[:grown], sizes[grown] + 1, *sizes[grown + 1 :]), (*gaps[:i], gap - 1, *gaps[i + 1 :])
                )
            if best is None or points + after[0] > best[0]:
                best = (points + after[0], ((i, side), *after[1]))
            if gap == 1:
                break
    assert best is not None
    return best


def _moves(
    order: tuple[tuple[int, int], ...], segments: list[tuple[int, int, int]]
) -> tuple[list[tuple[int, int, int | None]], int]:
    """The cards of a join order as (rank, run laid on, run joined or None), and the joined run's name."""
    segments = list(segments)
    moves: list[tuple[int, int, int | None]] = []
    for i, side in order:
        (lo, hi, low_name), (up_lo, up_hi, up_name) = segments[i], segments[i + 1]
        rank = hi + 1 if side == 0 else up_lo - 1
        onto = low_name if side == 0 else up_name
        if up_lo - hi == 2:
            other = up_name if side == 0 else low_name
            moves.append((rank, onto, other))
            segments[i : i + 2] = [(lo, up_hi, onto)]
        elif side == 0:
            moves.append((rank, onto, None))
            segments[i] = (lo, hi + 1, low_name)
        else:
            moves.append((rank, onto, None))
            segments[i + 1] = (up_lo - 1, up_hi, up_name)
    return moves, segments[0][2]
