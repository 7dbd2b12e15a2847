"""The exact optimum of the imagined extra turn (iceberg-6.2, 6.3), on card counts: :func:`solve`.

Why it is exact, part by part (each module argues its own part):

* A play is scored by its final melds alone, and a rank's cards for sets all go to one set
  (:mod:`.problem`).
* Cards that can join no meld are left over; the others split into components that no meld
  spans, solved one by one; table runs and sets are scored once, after all components
  (:mod:`.components`).
* Each component is solved over every choice of specials, a *programme* each (:mod:`.specials`),
  by a sweep over the runs and sets of the hand the programme leaves (:mod:`.programme`,
  :mod:`.sweep`), whose moves at a rank enumerate every final table (:mod:`.tracks`).
* With ``merge_runs``, joining table runs is one more move of the sweep (:mod:`.joins`).
* Bounds (:mod:`.lanes`, :mod:`.pairs`) and the search order (:mod:`.order`) only skip states
  and programmes that cannot beat a play already found.
"""

from __future__ import annotations

from referee.rules.iceberg.optimiser.component import Component
from referee.rules.iceberg.optimiser.components import components, live_cells, special_types
from referee.rules.iceberg.optimiser.joins import chain_points
from referee.rules.iceberg.optimiser.order import solve_component
from referee.rules.iceberg.optimiser.problem import N_RANKS, N_SUITS, Play, Problem, meld_value, set_gain


def solve(problem: Problem) -> Play:
    """The play of greatest points, ties broken by cards used (see :class:`~.problem.Problem`)."""
    counts = problem.counts
    types = special_types(counts)
    live = live_cells(problem, types)
    play = Play()
    for r in range(N_RANKS):
        for s in range(N_SUITS):
            if counts[r][s] and not live[r][s]:
                play.unplayed.extend([(r, s)] * counts[r][s])
    for cells in components(problem, live, types):
        solve_component(Component(problem, cells), play)
    # Sets and table runs grow by the cards of every component that reaches them: scored once,
    # on their final sizes, after all components (iceberg-3.4, 4.2).
    for r, suits in play.sets.items():
        play.points += set_gain(len(suits), problem.set_sizes[r], problem.decks) or 0
    for index, (below, above) in play.extensions.items():
        size = problem.runs[index].size
        play.points += meld_value(size + len(below) + len(above)) - meld_value(size)
    for chain in play.chains:
        play.points += chain_points(problem.runs, chain)
    return play
