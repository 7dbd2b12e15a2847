"""The moves of one suit's cards at one rank: which runs they continue, start or leave.

Between two ranks, a suit's open melds are its *tracks*: the new runs that could still take a card
at the next rank (by length) and the table runs being grown (by the cards added so far). A move
at a rank gives some of the rank's cards of the suit to runs: every run that must go on (a new run
shorter than three, a table run grown downward and not yet back at its end) takes one, the others
may, and new runs may start. Every sequence of legal lay-offs and melds ends in a final table that
a sweep of such moves, rank by rank, enumerates; so the sweep's maximum is the optimum.

Why the moves can be cut down without losing it:

* Of the moves leading to the same tracks with the same cards used, only the best scoring is
  kept: what follows depends only on the tracks and the cards left.
* Runs alike (new runs of one length, or table runs with the same ends and cards added) are
  interchangeable, so only the first ones of a kind are ever chosen (a canonical form of the
  state): choosing others leads to the same tracks.
* A new run of one or two cards that cannot reach three (the next rank holds no card of the
  suit) is no meld: moves that leave one are dropped.

With ``merge_runs`` a table run grown through a gap, as it takes the card just below the next run
of its suit, may also join that run (:mod:`.joins`): the two go on as one track of their chain, and
each move that continues the run is kept both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

from referee.rules.iceberg.optimiser.effort import EFFORT
from referee.rules.iceberg.optimiser.joins import Chains, join_gain
from referee.rules.iceberg.optimiser.problem import N_RANKS, TableRun, run_card

#: A suit's open melds between two ranks: (new run lengths, ((table run, cards added), …)).
Tracks = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
NO_TRACKS: Tracks = ((), ())
#: A move of one suit's cards at one rank: (tracks after, run points, cards used by runs, choice).
LaneMove = tuple[Tracks, int, int, tuple[Any, ...]]
#: The choice of a move that gives no card to runs: (runs continued, runs started, table runs, joins).
#: One way to give cards of a rank to runs: (tracks number after, run points, cards used, choice).
RunMove = tuple[int, int, int, tuple[Any, ...]]
NO_CHOICE: tuple[Any, ...] = ((), 0, (), ())
#: The only choice of optional runs to continue when there are none.
_NOTHING_CHOSEN: list[tuple[tuple[str, int, int], ...]] = [()]


class Shape:
    """What the moves of one suit's cards at a rank depend on besides the rank, the tracks, the
    cards given and whether the next two ranks hold cards: the suit, and how far each of its
    table runs could grow down and up.

    Lanes of one shape share its moves, and number their tracks alike (:attr:`ids`): a sweep's
    state holds those small numbers, cheap to hash and compare, rather than the tracks. A table run
    in a track goes by its index, a chain of joined ones by its number (``chains``, whose runs are
    ``runs``; None when runs never join).
    """

    def __init__(
        self,
        runs: Sequence[TableRun],
        suit: int,
        reaches: tuple[tuple[int, int, int], ...],
        forbid: bool,
        chains: Chains | None,
    ) -> None:
        self.forbid = forbid
        self.chains = chains
        self.cover = [0] * N_RANKS
        for run in runs:
            if run.suit == suit:
                for r in range(run.lo, run.hi + 1):
                    self.cover[r] += 1
        #: Table runs of this suit that can grow: index → (lo, hi, size, cards above possible).
        self.tables: dict[int, tuple[int, int, int, int]] = {}
        self.starts: dict[int, list[int]] = {}
        for index, below, above in reaches:
            run = runs[index]
            self.tables[index] = (run.lo, run.hi, run.size, above)
            for r in range(run.lo - below, run.lo):
                self.starts.setdefault(r, []).append(index)
            if above:
                self.starts.setdefault(run.hi + 1, []).append(index)
        #: With ``chains``, the table runs a run grown to each rank may join: those just above it.
        self.partners: dict[int, list[int]] = {}
        if chains is not None:
            for index, below, _ in reaches:
                if below:
                    self.partners.setdefault(runs[index].lo - 1, []).append(index)
        self.ids: dict[Tracks, int] = {NO_TRACKS: 0}
        self.tracks: list[Tracks] = [NO_TRACKS]
        self._moves: dict[tuple[int, int, int, bool, bool], list[RunMove]] = {}

    def moves(self, r: int, t: int, avail: int, next_open: bool, can_start: bool) -> list[RunMove]:
        """Every way to give up to ``avail`` cards of rank r to runs from tracks number ``t``, the
        best of each outcome: (tracks number after, run points, cards used, choice)."""
        key = (r, t, avail, next_open, can_start)
        found = self._moves.get(key)
        if found is None:
            general = self._find_moves(r, self.tracks[t], avail, next_open, can_start)
            found = [(self._id(after), points, uses, choice) for after, points, uses, choice in general]
            self._moves[key] = found
            EFFORT.done += len(found)
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
        chains = self.chains
        if chains is None:
            return _lane_moves(r, tracks, avail, next_open, can_start, limit, self.tables, starts)
        # A table run joined into a chain starts no more on its own.
        joined = {i for index, _ in tracks[1] for i in chains.members(index)}
        starts = [index for index in starts if index not in joined]
        partners = [index for index in self.partners.get(r, ()) if index not in joined]
        join = partial(self._joins, r, dict(tracks[1]), partners, chains) if partners else None
        return _lane_moves(r, tracks, avail, next_open, can_start, limit, self.tables, starts, join)

    def _joins(
        self,
        r: int,
        added: dict[int, int],
        partners: list[int],
        chains: Chains,
        chosen_tables: tuple[int, ...],
        after: tuple[tuple[int, int], ...],
        value: int,
    ) -> list[tuple[tuple[tuple[int, int], ...], int, tuple[Any, ...]]]:
        """The outcomes of a move that grows the table runs ``chosen_tables`` to rank r, when some
        of those grown above their top join ``partners``, table runs whose bottom is r + 1
        (iceberg-4.4): (table tracks after, run points, joins as (run, partner, their chain)).

        ``added`` holds the cards each table track had before r; ``after`` and ``value`` are the
        move's table tracks and points with no join."""
        growing = [index for index in chosen_tables if r > self.tables[index][1]]
        free = [index for index in partners if index not in chosen_tables]
        found = []
        for joins in _pairings(growing, free, self.tables):
            tabs = list(after)
            gained = value
            made = []
            for index, partner in joins:
                laid = added.get(index, 0) + 1
                if (index, laid) in tabs:
                    tabs.remove((index, laid))
                chain = chains.number((*chains.members(index), partner))
                lo, hi = chains.span(chain)
                above = self.tables[partner][3]
                self.tables[chain] = (lo, hi, hi - lo + 1, above)
                if above:
                    tabs.append((chain, laid - (r - self.tables[index][1])))
                gained += join_gain(chains.runs, chains.members(index), laid, partner)
                made.append((index, partner, chain))
            found.append((tuple(sorted(tabs)), gained, tuple(made)))
        return found


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
    join: Callable[[tuple[int, ...], tuple[tuple[int, int], ...], int], list[tuple[Any, ...]]] | None = None,
) -> list[LaneMove]:
    """Every way to give up to ``avail`` cards of one suit at rank r to runs from ``tracks``, the
    best of each outcome: (tracks after, run points, cards used, choice).

    ``next_open`` and ``can_start``: whether the next rank, and the next two, hold cards of the
    suit; ``limit``: the most cards runs may take (one, none if a table run of the suit covers
    r, when parallel melds are forbidden); ``tables``: the suit's table runs that can grow, index
    → (lo, hi, size, cards above possible); ``starts``: those that can take a first card at r;
    ``join``: with ``merge_runs``, the outcomes of a choice with table runs joined
    (:meth:`Shape._joins`), each kept beside the choice's own.
    """
    news, tabs = tracks
    forced_new = [n for n in news if n < 3]
    if not next_open and any(n < 2 for n in forced_new):
        return []  # a new run of one or two cards could not reach three
    optional: list[tuple[str, int, int]] = [("n", n, 0) for n in news if n >= 3]
    # What the runs that must take a card bring, whatever else is chosen.
    lengths = [n + 1 for n in forced_new]
    points = sum(run_card(n) for n in lengths)
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
    best: dict[tuple[Tracks, int], tuple[int, tuple[Any, ...]]] = {}
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
        outcomes = [(after_tables, points + gained, ())]
        if join is not None:
            outcomes += join(chosen_tables, after_tables, points + gained)
        for started in range(free - k + 1 if can_start else 1):
            uses = forced + k + started
            if uses > limit and uses:
                continue
            for tables_after, value, joins in outcomes:
                # Runs started are one card long, shorter than any carried on (two or more).
                key = (((1,) * started + carried, tables_after), uses)
                known = best.get(key)
                if known is None or known[0] < value:
                    best[key] = (value, (continued, started, chosen_tables, joins))
    return [(tracks, value, uses, choice) for (tracks, uses), (value, choice) in best.items()]


def _pairings(
    growing: list[int], partners: list[int], tables: dict[int, tuple[int, int, int, int]]
) -> list[tuple[tuple[int, int], ...]]:
    """Every way for some of the ``growing`` runs to join a partner each, at least one joining:
    (run, partner) pairs. Partners alike (the same ends and reach) are interchangeable, so only
    the first ones free of a kind are ever joined."""
    found: list[tuple[tuple[int, int], ...]] = [()]
    for index in growing:
        more = []
        for pairs in found:
            taken = {partner for _, partner in pairs}
            kinds = set()
            for partner in partners:
                if partner not in taken and tables[partner] not in kinds:
                    kinds.add(tables[partner])
                    more.append((*pairs, (index, partner)))
        found += more
    return found[1:]


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
            points += run_card(ident + 1)
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
    kinds: dict[tuple[Any, ...], list[tuple[str, int, int]]] = {}
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
