"""The 3×3 coffin: cells, layouts and placement legality (dracula-3, dracula-10.4)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import Card, CardLedger, CardNotInPackError, Pack, parse_card
from referee.errors import LayoutError
from referee.explain import Explanation

Layout = tuple[tuple[Card | None, ...], ...]
Cell = tuple[int, int]

CELLS: tuple[str, ...] = tuple(f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4))
CENTRE: Cell = (1, 1)
_CELL_NAME = re.compile(r"^r([1-3])c([1-3])$")


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def parse_cell(name: object, field: str = "cell") -> Cell:
    """``r1c1`` … ``r3c3`` to zero-based (row, column)."""
    match = _CELL_NAME.match(name.strip().lower()) if isinstance(name, str) else None
    if match is None:
        raise LayoutError(f"{name!r} is not a cell: cells are r1c1 … r3c3 (row, column)", field=field)
    return int(match.group(1)) - 1, int(match.group(2)) - 1


def parse_layout(value: object, pack: Pack, *, field: str = "layout", allow_empty: bool = True) -> Layout:
    """Three rows of three cells, top row first; ``null`` (or ``""``) is an empty cell.

    Checks each card against the pack and the copies within the layout (dracula-10.1).
    """
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise LayoutError("a layout is 3 rows of 3 cells, top row first", field=field)
    rows: list[tuple[Card | None, ...]] = []
    ledger = CardLedger(pack)
    for r, row in enumerate(value):
        if not isinstance(row, list | tuple) or len(row) != 3:
            got = len(row) if isinstance(row, list | tuple) else "no list of"
            raise LayoutError(f"row {r + 1} has {got} cells; a layout is 3 rows of 3 cells", field=field)
        cells: list[Card | None] = []
        for c, token in enumerate(row):
            name = f"r{r + 1}c{c + 1}"
            if token is None or (isinstance(token, str) and not token.strip()):
                if not allow_empty:
                    raise LayoutError(f"`{name}` is empty — dracula-3.3", field=field)
                cells.append(None)
                continue
            card = parse_card(token, field=field)
            try:
                pack.check_card(card, field=field)
            except CardNotInPackError as error:
                error.message = f"{error.message} ({name})"
                error.args = (error.message,)
                raise
            ledger.add(card, name, field=field)
            cells.append(card)
        rows.append(tuple(cells))
    ledger.check()
    return tuple(rows)


def layout_strings(layout: Layout) -> list[list[str | None]]:
    return [[None if c is None else str(c) for c in row] for row in layout]


def occupied(layout: Layout) -> list[Cell]:
    return [(r, c) for r in range(3) for c in range(3) if layout[r][c] is not None]


def empty_cells(layout: Layout) -> list[str]:
    return [cell_name((r, c)) for r in range(3) for c in range(3) if layout[r][c] is None]


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 3 and 0 <= c + dc < 3]


@dataclass(frozen=True)
class PlacementVerdict:
    legal: bool
    explanation: Explanation
    reasons: Explanation


def check_placement(layout: Layout, cell: Cell, *, first_card_anywhere: bool = False) -> PlacementVerdict:
    """May a card go on ``cell``? (dracula-3.2, dracula-8.3, dracula-10.4)."""
    name = cell_name(cell)
    steps = Explanation()
    reasons = Explanation()
    if layout[cell[0]][cell[1]] is not None:
        reasons.add(f"`{name}` is taken (by `{layout[cell[0]][cell[1]]}`)", "dracula-10.4")
    elif not occupied(layout):
        if first_card_anywhere:
            steps.add(f"the coffin is empty: the first card may go on any cell, `{name}` too", "dracula-8.3")
        elif cell == CENTRE:
            steps.add("the coffin is empty: the first card goes on the centre `r2c2`", "dracula-8.3")
        else:
            reasons.add(f"the coffin is empty: the first card goes on the centre `r2c2`, not `{name}`", "dracula-8.3")
    else:
        touching = [n for n in neighbours(cell) if layout[n[0]][n[1]] is not None]
        if touching:
            listed = ", ".join(f"`{cell_name(n)}`" for n in touching)
            steps.add(f"`{name}` is empty and shares an edge with {listed}", "dracula-3.2")
        else:
            diagonal = [
                (cell[0] + dr, cell[1] + dc)
                for dr in (-1, 1)
                for dc in (-1, 1)
                if 0 <= cell[0] + dr < 3 and 0 <= cell[1] + dc < 3 and layout[cell[0] + dr][cell[1] + dc] is not None
            ]
            if diagonal:
                reasons.add(
                    f"`{name}` touches only at a corner — no occupied cell shares an edge with it", "dracula-3.2"
                )
            else:
                reasons.add(f"`{name}` touches no occupied cell", "dracula-3.2")
    legal = not reasons.steps
    explanation = Explanation().extend(steps if legal else reasons)
    explanation.add("legal placement" if legal else "illegal placement", "dracula-3.2")
    return PlacementVerdict(legal, explanation, reasons)


@dataclass(frozen=True)
class Move:
    """One placed card of a 2-player deal: who placed it, where, which card."""

    by: str
    cell: Cell
    card: Card


def check_moves(centre: Card, moves: Sequence[Move], dealer: str, non_dealer: str) -> tuple[Layout, Explanation]:
    """Replay a 2-player deal card by card (dracula-1.5, 3.1, 3.2, 10.5).

    Returns the layout and the reasons against it (empty when every move was legal).
    """
    grid: list[list[Card | None]] = [[None] * 3 for _ in range(3)]
    grid[1][1] = centre
    reasons = Explanation()
    placed = {dealer: 0, non_dealer: 0}
    expected = non_dealer
    for number, move in enumerate(moves, start=1):
        if move.by not in placed:
            reasons.add(f"move {number}: `{move.by}` is not in this deal", "dracula-3.1")
            continue
        if number == 1 and move.by == dealer:
            reasons.add(f"move 1: {dealer} deals and never places first; {non_dealer} does", "dracula-3.1")
        elif move.by != expected:
            reasons.add(f"move {number}: it is {expected}'s turn, not {move.by}'s", "dracula-3.1")
        placed[move.by] += 1
        if placed[move.by] == 5:
            reasons.add(f"move {number}: {move.by} places a 5th card; each places 4", "dracula-10.5")
        verdict = check_placement(tuple(tuple(row) for row in grid), move.cell)
        if not verdict.legal:
            for step in verdict.reasons:
                reasons.add(f"move {number}: {step.text}", step.rule)
        else:
            grid[move.cell[0]][move.cell[1]] = move.card
        expected = dealer if move.by == non_dealer else non_dealer
    return tuple(tuple(row) for row in grid), reasons
