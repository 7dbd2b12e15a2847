"""A programme's best play told back as melds, lay-offs and cards left over.

The sweep keeps, cell by cell, only what a move chose (runs continued by length, runs started,
table runs grown and joined, cards to colour specials and to the rank's set): new runs alike are
interchangeable (:mod:`.tracks`), so any run of the right length ending just below the rank is the
one continued, and the play told back scores what the sweep found. A table run that joins another
brings the cards it took below it to their chain; the cards it took above it filled the gap, which
the chain's members tell (:mod:`.joins`).
"""

from __future__ import annotations

from referee.rules.iceberg.optimiser.problem import N_RANKS, N_SUITS, JoinedRuns, Play, meld_value
from referee.rules.iceberg.optimiser.programme import Programme
from referee.rules.iceberg.optimiser.specials import colour_specials
from referee.rules.iceberg.optimiser.sweep import Choice


def replay(programme: Programme, choices: list[Choice], play: Play) -> None:
    """Turn the chosen moves back into melds, lay-offs and leftover cards."""
    chains = programme.component.chains
    problem = programme.component.problem
    #: Each table run or chain grown: (ranks added below, ranks added above).
    grown: dict[int, tuple[list[int], list[int]]] = {}
    open_runs: dict[int, list[list[int]]] = {s: [] for s in range(N_SUITS)}
    finished: list[tuple[int, list[int]]] = []
    first_suit: dict[tuple[int, int], int] = {}
    free_cells: list[tuple[int, int, int]] = []
    for r, s, mixed, free, (continued, started, chosen_tables, joins), to_set in choices:
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
            below, above = grown.setdefault(index, ([], []))
            lo = problem.runs[index].lo if chains is None else chains.span(index)[0]
            (below if r < lo else above).append(r)
        for index, _, chain in joins:
            grown[chain] = (grown.pop(index)[0], [])
        if programme.demand[r][s >> 1] and s & 1 == 0:
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
    for index, (below, above) in grown.items():
        members = (index,) if chains is None else chains.members(index)
        if len(members) > 1:
            play.chains.append(JoinedRuns(members, below, above))
        else:
            extension = play.extensions.setdefault(index, ([], []))
            extension[0].extend(below)
            extension[1].extend(above)
    for s, runs in open_runs.items():
        finished.extend((s, run) for run in runs)
    for s, run in finished:
        play.new_runs.append((s, run[0], run[-1]))
        play.points += meld_value(len(run))
    specials = programme.specials
    for parity in (0, 1):
        ranks = range(parity, N_RANKS, 2)
        for s in range(N_SUITS):
            for _ in range(specials.suited[parity][s]):
                play.specials.append([(r, s) for r in ranks])
        for colour in (0, 1):
            count = specials.colour[parity][colour]
            if count:
                firsts = [first_suit.get((r, colour), 0) for r in ranks]
                play.specials.extend(colour_specials(parity, colour, count, firsts))
    play.points += specials.points
