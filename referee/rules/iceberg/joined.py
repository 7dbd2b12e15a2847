"""The leftover optimum when runs may join (iceberg-4.4 with ``merge_runs``, iceberg-6.2).

A card that closes the gap between two runs of its suit joins them, whether the player wants it
or not. So for each pair of table runs whose gap the hand could fill there are two kinds of
play: those that fill it, joining the runs, and those that leave at least one of its ranks
empty. This module tries each choice of pairs to join (a *joining*, whose runs make chains),
lays their gap cards first (the *join phase*), walls the gaps still open between chains (the
runs on either side may not grow past a chosen empty rank), then solves what is left with
:func:`optimiser.solve`.

Why that is the optimum (argued here; the tests cross-check it against a brute-force search):

* Joining is only forced between table runs: the imagined turn can meld its new runs after its
  lay-offs, and a meld joins nothing, however long (a run of eight melded beside another run).
* A new run joined to a run scores less than its cards laid on that run one by one, unless one
  of those cards would touch another run's end and so join it. The new run may then be melded
  first, beyond that end or just short of it, and joined to the chain's end by the card laid
  beside it; the other run may first be grown toward the chain, so that the chain, joined,
  lands beyond its end (a *layout*: a joining with such new runs at its chains' ends).
* Cards laid at the outer ends of chains score most when laid after the joins. Laid earlier,
  they make no join possible that was not but the one above: an end moving one card at a time
  toward another run's end must touch it, which joins them; only a join makes an end jump.
  So a chain is extended like any table run of its size, and only the order of the join phase
  matters.
* That order is found for a whole suit at once (:func:`_fill`). With two decks another run of the
  suit may lie across a gap (a twin run, or one overlapping it): a gap card laid beside that
  run's end would join it too, so the order must keep clear of it, and where runs of two chains
  lie across each other's gaps, one chain may have to join before the other can.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from itertools import combinations, product

from referee.rules.iceberg.optimiser import N_RANKS, JoinMove, Play, Problem, TableRun, meld_value, solve


@dataclass(frozen=True)
class _Pair:
    """Two table runs of a suit whose gap the hand holds every card of: ``lower`` below ``upper``."""

    lower: int
    upper: int

    def gap(self, runs: tuple[TableRun, ...]) -> range:
        return range(runs[self.lower].hi + 1, runs[self.upper].lo)


def solve_joining(problem: Problem) -> Play:
    """The best play when runs join (see the module's docstring); :func:`optimiser.solve` otherwise.

    Bounds skip most of the search without losing the best play. A choice of pairs to join is
    worth at most its gap cards in their best order regardless of other runs, plus the rest with
    no new run joined and no wall: every play of its layouts lays no more cards, each scoring no
    more. A layout is worth at most its play without walls. Choices and layouts whose bound does
    not beat the best play found are skipped.
    """
    pairs = _pairs(problem)
    if not pairs:
        return solve(problem)
    sign = 1 if problem.fewest else -1
    held = sum(map(sum, problem.counts))
    solved: dict[Problem, Play] = {}

    def key_of(reduced: Problem, points: int) -> tuple[tuple[int, int], Play]:
        if reduced not in solved:
            solved[reduced] = solve(reduced)
        play = solved[reduced]
        return (play.points + points, sign * (held - len(play.unplayed))), play

    joinings = [
        (joining, key_of(joining.relaxed(problem), joining.ceiling)[0]) for joining in _joinings(problem, pairs)
    ]
    joinings.sort(key=lambda entry: entry[1], reverse=True)
    best: tuple[tuple[int, int], Play] | None = None
    for joining, ceiling in joinings:
        if best is not None and ceiling <= best[0]:
            break
        layouts = [
            (layout, key_of(layout.problem(problem, ()), layout.phase.points)) for layout in joining.layouts(problem)
        ]
        layouts.sort(key=lambda entry: entry[1][0], reverse=True)
        for layout, (bound, play) in layouts:
            if best is not None and bound <= best[0]:
                break
            if not layout.gaps:
                best = (bound, _restore(play, layout.phase))
                continue
            for walls in product(*layout.gaps):
                key, play = key_of(layout.problem(problem, walls), layout.phase.points)
                if best is None or key > best[0]:
                    best = (key, _restore(play, layout.phase))
    assert best is not None
    return best[1]


def _pairs(problem: Problem) -> list[_Pair]:
    """The pairs of table runs that the hand could join: same suit, and a gap it holds all of.

    Where parallel melds are forbidden no card may be laid on a rank another run of the suit
    holds (iceberg-3.7), so no other run may lie across the gap; where they are allowed, one
    that does only limits the order of the gap cards (:func:`_fill`).
    """
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
            if not problem.parallel and any(o.lo < upper.lo and o.hi > lower.hi for o in between):
                continue
            found.append(_Pair(i, j))
    return found


@dataclass
class _End:
    """A chain of joined runs as the joined problem sees it: its suit and ends, the hand's cards
    its joins take (ranks), and its joins to new runs: for each, its key (negative, as in
    :class:`JoinMove`), its ranks (lo, hi), the table run it joins and the side of that run."""

    suit: int
    lo: int
    hi: int
    consumed: list[int] = field(default_factory=list)
    news: list[tuple[int, tuple[int, int], int, int]] = field(default_factory=list)


@dataclass
class _Layout:
    """A choice of joins: the chains' ends, the hand left, the join phase and the gaps between
    chains of a suit that the hand left could still fill, each as the ranks a wall could leave
    empty (the runs on its sides then stop short of that rank, joining nothing)."""

    ends: list[_End]
    spare: tuple[tuple[int, ...], ...]
    phase: _Phase
    gaps: list[range]
    sides: list[tuple[int, int]]

    def problem(self, problem: Problem, walls: tuple[int, ...]) -> Problem:
        """What is left to solve, with a wall at each gap's rank in ``walls``, or none at all."""
        floors = [0] * len(self.ends)
        ceilings = [N_RANKS - 1] * len(self.ends)
        for (low, high), k in zip(self.sides, walls, strict=False):
            ceilings[low] = min(ceilings[low], k - 1)
            floors[high] = max(floors[high], k + 1)
        runs = tuple(
            TableRun(e.suit, e.lo, e.hi, floor, ceiling)
            for e, floor, ceiling in zip(self.ends, floors, ceilings, strict=True)
        )
        return replace(problem, counts=self.spare, runs=runs)


@dataclass
class _Joining:
    """A choice of pairs to join: the chains of runs they make and the hand left by their gaps."""

    chosen: tuple[_Pair, ...]
    chains: list[list[int]]
    counts: list[list[int]]
    pairs: list[_Pair]
    runs: tuple[TableRun, ...]

    @cached_property
    def ceiling(self) -> int:
        """The most the gap cards can score: in their best order, as if no other run were there."""
        total = 0
        for chain in self.chains:
            if len(chain) > 1:
                spans = tuple((self.runs[i].lo, self.runs[i].hi, False) for i in chain)
                links = tuple((n, n + 1) for n in range(len(chain) - 1))
                found = _fill(spans, links, True)
                assert found is not None, "with no other run every order is open"
                total += found[0]
        return total

    def relaxed(self, problem: Problem) -> Problem:
        """The rest of the hand against the chains, with no new run joined and no wall."""
        runs = tuple(
            TableRun(self.runs[chain[0]].suit, self.runs[chain[0]].lo, self.runs[chain[-1]].hi) for chain in self.chains
        )
        return replace(problem, counts=tuple(tuple(row) for row in self.counts), runs=runs)

    def layouts(self, problem: Problem) -> Iterator[_Layout]:
        """This choice with every choice of new runs joined at the chains' ends (two decks), that
        the hand holds the cards of and can lay in some order."""
        options = [_new_runs(problem, self.pairs, chain, self.chains) for chain in self.chains]
        for news in product(*options):
            layout = _layout(problem, self.chosen, self.chains, self.counts, news)
            if layout is not None:
                yield layout


def _joinings(problem: Problem, pairs: list[_Pair]) -> Iterator[_Joining]:
    """Every choice of pairs to join whose gaps the hand holds, each run joined at most once
    above and once below; of choices alike but for which of two identical runs takes a part,
    only one."""
    runs = problem.runs
    twins = [(i, j) for i, j in combinations(range(len(runs)), 2) if runs[i] == runs[j]]
    for size in range(len(pairs) + 1):
        for chosen in combinations(pairs, size):
            lowers = [p.lower for p in chosen]
            uppers = [p.upper for p in chosen]
            if len(set(lowers)) < len(lowers) or len(set(uppers)) < len(uppers):
                continue
            order = sorted((p.lower, p.upper) for p in chosen)
            if any(_swapped(order, i, j) < order for i, j in twins):
                continue
            counts = [list(row) for row in problem.counts]
            for pair in chosen:
                for r in pair.gap(runs):
                    counts[r][runs[pair.lower].suit] -= 1
            if any(n < 0 for row in counts for n in row):
                continue
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
            yield _Joining(chosen, chains, counts, pairs, runs)


def _swapped(order: list[tuple[int, int]], i: int, j: int) -> list[tuple[int, int]]:
    swap = {i: j, j: i}
    return sorted((swap.get(a, a), swap.get(b, b)) for a, b in order)


@dataclass(frozen=True)
class _NewRun:
    """A new run joined at a chain's end: its ranks, and the run whose end it takes the chain past
    (``passed``), which may first be grown toward the chain by ``early`` cards."""

    lo: int
    hi: int
    passed: int
    early: int = 0


def _new_runs(
    problem: Problem, pairs: list[_Pair], chain: list[int], chains: list[list[int]]
) -> list[tuple[_NewRun | None, _NewRun | None]]:
    """The new runs a chain may join at its ends: (below, above), each None or a :class:`_NewRun`.

    A new run is melded from the hand and joined by the card laid on the chain's end beside it.
    That only pays where the cards laid one by one would touch a run the hand could join (and so
    join it): the new run then takes the chain beyond that run's end, or just short of it. That
    run's end may first be grown toward the chain (its cards score the same whenever laid), so
    that the chain, joined, passes it. The chain's end, the gap, the run grown and the new run are
    all of the hand's cards of one pair's gap. No new run lies beside a run of its suit where
    parallel melds are forbidden (iceberg-3.7).
    """
    runs = problem.runs
    first, last = runs[chain[0]], runs[chain[-1]]
    bottoms = {c[0] for c in chains}
    tops = {c[-1] for c in chains}
    below: list[_NewRun | None] = [None]
    above: list[_NewRun | None] = [None]
    for pair in pairs:
        if pair.lower == chain[-1]:
            far = runs[pair.upper].lo
            for early in range(far - last.hi - 1 if pair.upper in bottoms else 1):
                end = far - early
                above += [_NewRun(a, a + 2, pair.upper, early) for a in range(end - 3, end + 1) if a >= last.hi + 2]
        if pair.upper == chain[0]:
            far = runs[pair.lower].hi
            for early in range(first.lo - far - 1 if pair.lower in tops else 1):
                end = far + early
                below += [_NewRun(b - 2, b, pair.lower, early) for b in range(end, end + 4) if b <= first.lo - 2]
    suit = [run for run in runs if run.suit == first.suit]

    def fits(new: _NewRun | None) -> bool:
        if new is None:
            return True
        inside = new.lo >= 0 and new.hi < N_RANKS
        return inside and (problem.parallel or all(new.hi < r.lo or new.lo > r.hi for r in suit))

    below = [new for new in dict.fromkeys(below) if fits(new)]
    above = [new for new in dict.fromkeys(above) if fits(new)]
    return list(product(below, above))


def _layout(
    problem: Problem,
    chosen: tuple[_Pair, ...],
    chains: list[list[int]],
    counts: list[list[int]],
    news: tuple[tuple[_NewRun | None, _NewRun | None], ...],
) -> _Layout | None:
    """The layout of these joins, or None if the hand lacks their cards or cannot lay them."""
    runs = problem.runs
    ends = []
    key = -1
    #: Runs grown early: index → (cards below, cards above); one new run each way at the most.
    early: dict[int, list[int]] = {}
    for chain, (below, above) in zip(chains, news, strict=True):
        first, last = runs[chain[0]], runs[chain[-1]]
        end = _End(first.suit, first.lo, last.hi)
        for new, side in ((below, 1), (above, 0)):
            if new is None:
                continue
            if side:
                end.consumed += range(new.lo, first.lo)
                end.lo, joined = new.lo, chain[0]
            else:
                end.consumed += range(last.hi + 1, new.hi + 1)
                end.hi, joined = new.hi, chain[-1]
            end.news.append((key, (new.lo, new.hi), joined, side))
            key -= 1
            # The run passed grows toward the chain: up (1) toward one above it, else down (0).
            if new.early:
                grown = early.setdefault(new.passed, [0, 0])
                if grown[side]:
                    return None
                grown[side] = new.early
        ends.append(end)
    for index, (down, up) in early.items():
        n = next(n for n, chain in enumerate(chains) if index in chain)
        end, run = ends[n], runs[index]
        # Grown early at an end that is the chain's own and free of a new run, by one chain only.
        if (down and end.lo != run.lo) or (up and end.hi != run.hi):
            return None
        end.consumed += [*range(run.lo - down, run.lo), *range(run.hi + 1, run.hi + up + 1)]
        end.lo, end.hi = run.lo - down, run.hi + up
    spare = [list(row) for row in counts]
    for end in ends:
        for r in end.consumed:
            spare[r][end.suit] -= 1
    if any(n < 0 for row in spare for n in row):
        return None
    phase = _join_phase(problem, chosen, chains, ends, early)
    if phase is None:
        return None
    gaps, sides = [], []
    for i, low in enumerate(ends):
        for j, high in enumerate(ends):
            gap = range(low.hi + 1, high.lo)
            if low.suit == high.suit and len(gap) and all(spare[r][low.suit] for r in gap):
                gaps.append(gap)
                sides.append((i, j))
    return _Layout(ends, tuple(tuple(row) for row in spare), phase, gaps, sides)


@dataclass
class _Phase:
    """The joins of a play, laid before any other lay-off: their points, the cards in the order
    laid, the new runs they join (key → suit, lo, hi) and the name each chain's run goes by
    (the table run the last card joining it was laid on)."""

    points: int = 0
    moves: list[JoinMove] = field(default_factory=list)
    news: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    names: list[int] = field(default_factory=list)


def _join_phase(
    problem: Problem,
    chosen: tuple[_Pair, ...],
    chains: list[list[int]],
    ends: list[_End],
    early: dict[int, list[int]],
) -> _Phase | None:
    """The best order of the cards that join runs, suit by suit, after the runs grown ``early``
    (index → cards below, above); None if in some suit no order lays them all without joining a
    run the play leaves apart."""
    runs = problem.runs
    phase = _Phase()
    name_of = {index: index for index in range(len(runs))}
    for suit in sorted({runs[p.lower].suit for p in chosen} | {e.suit for e in ends if e.news}):
        keys = [i for i, run in enumerate(runs) if run.suit == suit]
        spans = [(runs[i].lo, runs[i].hi, False) for i in keys]
        for index, (down, up) in early.items():
            if runs[index].suit != suit:
                continue
            grown = _grow_early(spans, keys.index(index), down, up, problem.parallel)
            if grown is None:
                return None
            spans[keys.index(index)] = (runs[index].lo - down, runs[index].hi + up, False)
            size = runs[index].size
            phase.points += meld_value(size + down + up) - meld_value(size)
            phase.moves += [JoinMove(suit, rank, index, None) for rank in grown]
        links = []
        for pair in chosen:
            if runs[pair.lower].suit == suit:
                links.append((keys.index(pair.lower), keys.index(pair.upper)))
        for end in ends:
            if end.suit != suit:
                continue
            for key, (lo, hi), table_run, side in end.news:
                phase.news[key] = (suit, lo, hi)
                keys.append(key)
                spans.append((lo, hi, True))
                if side == 0:
                    links.append((keys.index(table_run), len(keys) - 1))
                else:
                    links.append((len(keys) - 1, keys.index(table_run)))
        found = _fill(tuple(spans), tuple(links), problem.parallel)
        if found is None:
            return None
        points, order = found
        phase.points += points
        for rank, onto, other in _replay(spans, links, order):
            onto, other = keys[onto], None if other is None else keys[other]
            if other is not None:
                for index, name in name_of.items():
                    if name == other:
                        name_of[index] = onto
            phase.moves.append(JoinMove(suit, rank, onto, other))
    phase.names = [name_of[chain[0]] for chain in chains]
    return phase


def _grow_early(spans: list[tuple[int, int, bool]], x: int, down: int, up: int, parallel: bool) -> list[int] | None:
    """The ranks laid one by one on run ``x`` of ``spans`` before any join, ``down`` below it and
    ``up`` above; None if one of them would touch another run's end, or lie beside another run
    where parallel melds are forbidden."""
    lo, hi, _ = spans[x]
    ranks = [*range(lo - 1, lo - down - 1, -1), *range(hi + 1, hi + up + 1)]
    others = [span for y, span in enumerate(spans) if y != x]
    for rank in ranks:
        touch = rank - 1 if rank < lo else rank + 1
        if any((other[1] if rank < lo else other[0]) == touch for other in others):
            return None
        if not parallel and any(other[0] <= rank <= other[1] for other in others):
            return None
    return ranks


def _restore(play: Play, phase: _Phase) -> Play:
    """The play of the joined problem told in the table's own runs: a chain's lay-offs go on the
    run it has become, which goes by its name."""
    return replace(
        play,
        points=play.points + phase.points,
        extensions={phase.names[n]: cards for n, cards in play.extensions.items()},
        joins=phase.moves,
        joined_news=phase.news,
    )


#: Runs of one suit as the join phase sees them: (lo, hi, whether it is a new run, melded just
#: before the first card laid on it or joining it).
Spans = tuple[tuple[int, int, bool], ...]
#: The gaps to fill, as (lower run, upper run) by their place in the spans: a card is laid on the
#: lower run's top (side 0) or on the upper run's bottom (side 1).
Links = tuple[tuple[int, int], ...]


@cache
def _fill(spans: Spans, links: Links, parallel: bool) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """The most the gap cards of one suit score (iceberg-4.2, 4.4), and their order as (link,
    side); None if no order fills every gap.

    A card laid at a run's end scores 10 × the run's cards after it; the last card of a gap joins
    the runs on its sides, and scores 10 × the joined run's cards; a new run scores its meld when
    it is melded. Any other card may not touch the end of a run of the suit (it would join it),
    nor, where parallel melds are forbidden, lie on a rank another run holds.
    """
    memo: dict[tuple[int, ...], tuple[int, tuple[tuple[int, int], ...]] | None] = {}

    def best(state: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]] | None:
        if state in memo:
            return memo[state]
        found: tuple[int, tuple[tuple[int, int], ...]] | None = None
        segments = _segments(spans, links, state)
        done = True
        for i, (lower, upper) in enumerate(links):
            top, bottom = spans[lower][1] + state[2 * i], spans[upper][0] - state[2 * i + 1]
            if bottom - top == 1:
                continue
            done = False
            closing = bottom - top == 2
            for side in (0, 1):
                rank, own, far = (top + 1, lower, upper) if side == 0 else (bottom - 1, upper, lower)
                mine, melded = _laid(spans, segments, own)
                if not _clear(segments, mine, rank, side, closing, parallel):
                    continue
                size = mine[1] - mine[0] + 2
                if closing:
                    other, more = _laid(spans, segments, far)
                    size += other[1] - other[0] + 1
                    melded += more
                points = 10 * size + melded
                after = best((*state[: 2 * i + side], state[2 * i + side] + 1, *state[2 * i + side + 1 :]))
                if after is not None and (found is None or points + after[0] > found[0]):
                    found = (points + after[0], ((i, side), *after[1]))
        if done:
            found = (0, ())
        memo[state] = found
        return found

    return best((0,) * (2 * len(links)))


def _laid(spans: Spans, segments: list[tuple[int, int, int] | None], x: int) -> tuple[tuple[int, int, int], int]:
    """Run ``x``'s current segment, and the points of its meld if it is a new run melded now."""
    found = segments[x]
    if found is not None:
        return found, 0
    lo, hi, _ = spans[x]
    return (lo, hi, x), meld_value(hi - lo + 1)


def _segments(spans: Spans, links: Links, state: tuple[int, ...]) -> list[tuple[int, int, int] | None]:
    """Each run's current segment (lo, hi, its first run), the runs joined so far making one; None
    for a new run not yet laid."""
    lo = [span[0] for span in spans]
    hi = [span[1] for span in spans]
    root = list(range(len(spans)))
    present = [not span[2] for span in spans]

    def find(x: int) -> int:
        while root[x] != x:
            x = root[x]
        return x

    for i, (lower, upper) in enumerate(links):
        hi[lower] += state[2 * i]
        lo[upper] -= state[2 * i + 1]
        present[lower] = present[lower] or state[2 * i] > 0
        present[upper] = present[upper] or state[2 * i + 1] > 0
        if lo[upper] - hi[lower] == 1:
            present[lower] = present[upper] = True
            root[find(upper)] = find(lower)
    bounds: dict[int, tuple[int, int]] = {}
    for x in range(len(spans)):
        if present[x]:
            r = find(x)
            a, b = bounds.get(r, (lo[x], hi[x]))
            bounds[r] = (min(a, lo[x]), max(b, hi[x]))
    return [(*bounds[find(x)], find(x)) if present[x] else None for x in range(len(spans))]


def _clear(
    segments: list[tuple[int, int, int] | None],
    mine: tuple[int, int, int],
    rank: int,
    side: int,
    closing: bool,
    parallel: bool,
) -> bool:
    """Whether a card of ``rank`` may be laid on ``mine``'s top (side 0) or bottom (side 1)."""
    for other in set(segments):
        if other is None or other == mine:
            continue
        if not closing and (other[0] == rank + 1 if side == 0 else other[1] == rank - 1):
            return False
        if not parallel and other[0] <= rank <= other[1]:
            return False
    return True


def _replay(spans: list, links: list, order: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int, int | None]]:
    """The cards of an order as (rank, run laid on, run joined or None), runs by their place in
    the spans and named as the joined run goes by (the run laid on)."""
    state = [0] * (2 * len(links))
    name = list(range(len(spans)))
    for i, side in order:
        lower, upper = links[i]
        top, bottom = spans[lower][1] + state[2 * i], spans[upper][0] - state[2 * i + 1]
        own, far = (lower, upper) if side == 0 else (upper, lower)
        rank = top + 1 if side == 0 else bottom - 1
        state[2 * i + side] += 1
        if bottom - top == 2:
            onto, other = name[own], name[far]
            name = [onto if n == other else n for n in name]
            yield rank, onto, other
        else:
            yield rank, name[own], None
