"""Which cards of a hand can do anything, and which can interact.

Cards interact only through melds that could hold them both. Cards that can join no meld are left
over at once; the others split into components (a rank's set, a suit's chain of neighbouring ranks,
a table run's two ends, a colour's special ranks) solved one by one: no meld holds cards of two
components, and table runs and sets, which two components could both reach, are scored once on
their final sizes after all components (:mod:`.problem`), so the best plays of the components
together make the best play of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.iceberg.optimiser.problem import N_RANKS, N_SUITS, Problem

#: A kind of special the counts could make: (parity, its suits), one suit or a colour's two.
SpecialType = tuple[int, tuple[int, ...]]


def special_types(counts: Sequence[Sequence[int]]) -> list[SpecialType]:
    """(parity, suits) of the specials the counts could make: each suit alone, then each colour."""
    found: list[SpecialType] = []
    for parity in (0, 1):
        rows = counts[parity::2]
        # A suited special needs the cards of a colour special too.
        colours = [c for c in (0, 1) if all(row[2 * c] or row[2 * c + 1] for row in rows)]
        found.extend((parity, (s,)) for c in colours for s in (2 * c, 2 * c + 1) if all(row[s] for row in rows))
        found.extend((parity, (2 * c, 2 * c + 1)) for c in colours)
    return found


def live_cells(problem: Problem, types: list[SpecialType]) -> list[list[bool]]:
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


def components(problem: Problem, live: list[list[bool]], types: list[SpecialType]) -> list[list[tuple[int, int]]]:
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
