"""Which programmes of a component are swept, in what order, and how: the search for its best play.

Small components sweep every programme whole. Big ones are pruned without losing the optimum:

* Narrow beams through the programmes of highest ceiling find good plays (if every one loses
  every play, wider ones look again): each play found is a real one, so its value is a floor.
* The exact sweeps then drop every state whose bound falls below the best play found, and skip
  every programme whose ceiling does: bounds and ceilings are admissible (:mod:`.lanes`,
  :mod:`.pairs`), so nothing dropped could beat the best play. A sweep only ever replaces the
  best play by a better one, and none can pass its ceiling.
* The programmes of highest tight ceiling are swept first: their best plays are likely the best,
  and raise the floor for the others.
* A sweep far below its ceiling first looks from floors nearer the ceiling: a play found at or
  above a sweep's floor is the programme's best (:mod:`.sweep`).
"""

from __future__ import annotations

from referee.rules.iceberg.optimiser.component import Component
from referee.rules.iceberg.optimiser.components import special_types
from referee.rules.iceberg.optimiser.problem import SCALE, Play
from referee.rules.iceberg.optimiser.programme import Programme
from referee.rules.iceberg.optimiser.replay import replay
from referee.rules.iceberg.optimiser.specials import NO_SPECIALS, special_choices
from referee.rules.iceberg.optimiser.sweep import Choice, Swept, sweep

#: Components of at least this many cards first look for good plays with narrow beams (this many
#: states per cell), whose points then let the exact sweeps drop every state that cannot reach
#: them; smaller ones sweep every programme whole.
PRUNE_FROM = 8
_BEAM = 4
_WIDEST_BEAM = 256
#: An exact sweep whose ceiling is more than this above the floor (150 points, in the objective's
#: units) first looks from floors nearer the ceiling, this far below it at first, then for a
#: higher floor with a beam this wide.
_WIDE_GAP = 150 * SCALE
_FIRST_STEP = 50 * SCALE
_WIDE_BEAM = 16

#: The best play found so far: its objective, its programme and the programme's choices.
Found = tuple[int, Programme, list[Choice]]


def solve_component(component: Component, play: Play) -> None:
    """Add the best play of ``component``'s cards to ``play``, over every choice of specials.

    Each choice of specials leaves a hand for runs and sets, solved by a sweep of its
    :class:`~.programme.Programme`. A component that can only make one set is laid at once.
    """
    rank = component.lone_set()
    if rank is not None:
        component.lay_set(rank, play)
        return
    choices = special_choices(component.h) if special_types(component.h) else [NO_SPECIALS]
    programmes = [Programme(component, c) for c in choices]
    if component.size < PRUNE_FROM:
        # Small enough to sweep every programme whole, without bounds.
        best = None
        for programme in programmes:
            best = _better(best, programme, sweep(programme, None, None))
    else:
        programmes.sort(key=lambda p: p.ceiling, reverse=True)
        best = _best_above(programmes, _floor(programmes))
    # Every programme has a play (its specials, every other card left), and every floor is
    # the value of a real play whose states all stay above it, so some sweep finds a play.
    assert best is not None
    replay(best[1], best[2], play)


def _better(best: Found | None, programme: Programme, found: Swept | None) -> Found | None:
    """The better of ``best`` and what a sweep of ``programme`` ``found``; ``best`` on a tie."""
    if found is not None and (best is None or found[0] > best[0]):
        return found[0], programme, found[1]
    return best


def _floor(programmes: list[Programme]) -> Found | None:
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
        best = _better(best, programme, sweep(programme, None, _BEAM))
    width = _BEAM * 4
    while best is None and width <= _WIDEST_BEAM:
        for programme in programmes:
            best = _better(best, programme, sweep(programme, None, width))
            if best is not None:
                break
        width *= 4
    return best


def _best_above(programmes: list[Programme], best: Found | None) -> Found | None:
    """The best play of all the programmes, exactly, sweeping those that might beat ``best``."""
    if best is not None:
        programmes = [p for p in programmes if p.ceiling > best[0]]
    programmes.sort(key=lambda p: p.tight_ceiling, reverse=True)
    for programme in programmes:
        if best is not None and programme.tight_ceiling <= best[0]:
            break
        found = _sweep_from_top(programme, best[0]) if best is not None else sweep(programme, None, None)
        best = _better(best, programme, found)
    return best


def _sweep_from_top(programme: Programme, floor: int) -> Swept | None:
    """The programme's best play, as :func:`~.sweep.sweep` with ``floor`` finds it, found sooner.

    Far below the ceiling, the floor lets many states through: sweeps with floors nearer the
    ceiling, each cheap, look first, the step down doubling each time, as long as they stay in
    the upper three quarters of the gap (a floor near the given one costs about as much as it);
    then a beam above the floor looks for a better one to sweep from.
    """
    top = programme.tight_ceiling
    if top - floor > _WIDE_GAP:
        step = _FIRST_STEP
        while step <= (top - floor) * 3 // 4:
            found = sweep(programme, top - step, None)
            if found is not None:
                return found
            step *= 2
        rough = sweep(programme, floor, _WIDE_BEAM)
        if rough is not None and rough[0] > floor:
            floor = rough[0]
    return sweep(programme, floor, None)
