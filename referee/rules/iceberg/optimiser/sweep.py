"""The sweep: a programme's best play, by a dynamic programme over its cells.

The cells are visited rank by rank, suit by suit (:class:`~.programme.Cell`). A state holds, per
suit, the tracks (:mod:`.tracks`), the cards of this rank not given to runs (the rank's set takes
the best number of them when the rank is done) and the colour split under way. Every final table a
play can reach is the end of one path of moves, and of two paths to the same state only the better
can lead to a best play, so the best state at the end is the programme's optimum.

Why its cuts keep that optimum: a sweep with a ``floor`` (the objective of a play known to exist)
drops only states whose bound, admissible (:mod:`.lanes`, :mod:`.pairs`), falls below the floor:
none of them leads to a play at or above it. So a play the sweep finds at or above its floor is the
programme's best, and it finds none only when none reaches the floor. A ``beam`` keeps only the
states of most hope at each cell: it finds a good play quickly, not always the best, and only ever
serves to set a floor (:mod:`.order`).
"""

from __future__ import annotations

from typing import Any

from referee.rules.iceberg.optimiser.effort import EFFORT
from referee.rules.iceberg.optimiser.lanes import ID_MASK, LOW_MASK
from referee.rules.iceberg.optimiser.pairs import short_of
from referee.rules.iceberg.optimiser.problem import NOWHERE
from referee.rules.iceberg.optimiser.programme import Programme
from referee.rules.iceberg.optimiser.tracks import NO_CHOICE

#: A cell's move as the play's replay reads it: (rank, suit, cards given to colour specials, cards
#: left free, the lane's choice, cards given to the rank's set).
Choice = tuple[int, int, int, int, tuple[Any, ...], int]
#: What a sweep finds: the objective of its best play (specials included) and the play's moves.
Swept = tuple[int, list[Choice]]


def sweep(programme: Programme, floor: int | None, beam: int | None) -> Swept | None:
    """Run the programme; return the best objective (specials included) and its choices.

    ``floor`` is the objective of a play known to exist: states whose bound falls below it
    are dropped. ``beam`` keeps only that many states per cell, best bound first, which finds
    a good play quickly but not always the best: it only serves to set the floor.

    Each state keeps beside its value the sum of its suits' bounds, which a move changes for
    one suit only. A state is one integer (see :data:`~.lanes.LOW_BITS`): a move rewrites the
    fields of its suit's tracks, the rank's free cards and the colour's fill.
    """
    limit = floor if floor is not None else NOWHERE + 1
    bounded = floor is not None or beam is not None
    # A state's entry: (value, its suits' bounds, the state before, the move, the cards given
    # to colour specials, the cards given to the rank's set).
    base = programme.base
    layer: dict[int, tuple[Any, ...]] = {0: (base, programme.ceiling - base if bounded else 0, None, None, 0, 0)}
    history = []
    tried = 0
    id_mask, low_mask = ID_MASK, LOW_MASK
    after_rank, cells = programme.after, programme.cells
    for r, s, last, position, count, live, worth, best_set, splits, lane, tables, pairs in cells:
        cut = limit + after_rank[r] if bounded else limit
        shift = lane.shift
        scored, bounds = tables[bounded], tables[2]
        checks = pairs if bounded else None
        nxt: dict[int, tuple[Any, ...]] = {}
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
            for mixed, fill in splits if splits is not None else programme.splits(r, s, low >> 8):
                avail = count - mixed
                if position is None:
                    moves = [(t << shift, 0, 0, NO_CHOICE, ahead)] if avail == 0 else []
                else:
                    kept = scored.get(t) if mixed == 0 else None
                    moves = lane.scored_moves(position, t, avail, bounded) if kept is None else kept
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
                    if checks and short_of(checks, new_state, total + others + ahead, limit):
                        continue
                    known = nxt.get(new_state)
                    if known is None or total > known[0]:
                        nxt[new_state] = (total, others + ahead, state, move, mixed, to_set)
        if beam is not None and len(nxt) > beam:
            nxt = _narrowed(nxt, beam, worth, splits is not None and len(splits) > 1)
        history.append(nxt)
        layer = nxt
    EFFORT.done += tried
    if not layer:
        return None
    state = max(layer, key=lambda st: layer[st][0])
    return layer[state][0], _backtrack(programme, history, state)


def _narrowed(states: dict[int, tuple[Any, ...]], beam: int, worth: int, by_split: bool) -> dict[int, tuple[Any, ...]]:
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


def _backtrack(programme: Programme, history: list[dict[int, tuple[Any, ...]]], state: int) -> list[Choice]:
    """The moves that led to ``state``, cell by cell (see :data:`Choice`)."""
    choices = []
    for cell, nxt in zip(reversed(programme.cells), reversed(history), strict=True):
        _, _, previous, move, mixed, to_set = nxt[state]
        choices.append((cell.rank, cell.suit, mixed, cell.cards - mixed - move[2], move[3], to_set))
        state = previous
    choices.reverse()
    return choices
