"""The 3×3 coffin: cells, layouts and placement legality (dracula-3, dracula-10.4)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.cards import Card, CardError, CardLedger, CardNotInPackError, Pack, parse_card
from referee.errors import Gathering, InputError, LayoutError, Location
from referee.explain import Explanation, Judgement
from referee.messages import Param, join, msg

Layout = tuple[tuple[Card | None, ...], ...]
Cell = tuple[int, int]

CELLS: tuple[str, ...] = tuple(f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4))
CENTRE: Cell = (1, 1)
_CELL_NAME = re.compile(r"^r([1-3])c([1-3])$")


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def parse_cell(name: object, field: str = "cell", location: Location | None = None) -> Cell:
    """``r1c1`` … ``r3c3`` to zero-based (row, column)."""
    match = _CELL_NAME.match(name.strip().lower()) if isinstance(name, str) else None
    if match is None:
        raise LayoutError(
            msg("{name} is not a cell: cells are r1c1 … r3c3 (row, column)", name=repr(name)),
            field=field,
            location=location or (field,),
        )
    return int(match.group(1)) - 1, int(match.group(2)) - 1


def parse_layout(value: object, pack: Pack, *, field: str = "layout") -> Layout:
    """Three rows of three cells, top row first; ``null`` (or ``""``) is an empty cell.

    Checks each card against the pack and the copies within the layout (dracula-10.1); every
    mistake at once (see :func:`read_layout`).
    """
    reading = read_layout(value, pack, field=field)
    Gathering.of(reading.errors).check()
    return reading.layout


@dataclass(frozen=True)
class LayoutReading:
    """A layout read as far as it can be: the cards of its readable cells, and what is wrong with the others."""

    #: The cards; an empty cell and a cell whose card could not be read are both None.
    layout: Layout
    errors: list[InputError]
    #: The cells whose card could not be read (not a card, or not in the pack).
    unreadable: frozenset[str]

    def empty_cells(self) -> list[str]:
        """The cells left empty (not those holding something unreadable)."""
        return [name for name in empty_cells(self.layout) if name not in self.unreadable]

    def placed(self) -> list[tuple[str, Card]]:
        """Each readable card with its cell, in reading order."""
        return [(cell_name((r, c)), card) for r, row in enumerate(self.layout) for c, card in enumerate(row) if card]


def read_layout(value: object, pack: Pack, *, field: str = "layout") -> LayoutReading:
    """A layout as in :func:`parse_layout`, read leniently: a cell's bad card is kept as an error, and
    the copies within the layout are counted over the cards that could be read.

    An error's location is ``(field, cell)``: the cell holding the bad card (for a card given too
    often, its last cell), or ``(field, "r2")`` for a row that is not 3 cells, which stops the reading.
    """
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise LayoutError(msg("a layout is 3 rows of 3 cells, top row first"), field=field, location=(field,))
    rows: list[tuple[Card | None, ...]] = []
    ledger = CardLedger(pack)
    gathering = Gathering()
    cells_of: dict[Card, str] = {}
    unreadable: set[str] = set()
    for r, row in enumerate(value):
        if not isinstance(row, list | tuple) or len(row) != 3:
            where = (field, f"r{r + 1}")
            if isinstance(row, list | tuple):
                problem = msg("row {row} has {count} cells; a layout is 3 rows of 3 cells", row=r + 1, count=len(row))
            else:
                problem = msg("row {row} has no list of cells; a layout is 3 rows of 3 cells", row=r + 1)
            raise LayoutError(problem, field=field, location=where)
        cells: list[Card | None] = []
        for c, token in enumerate(row):
            name = f"r{r + 1}c{c + 1}"
            if token is None or (isinstance(token, str) and not token.strip()):
                cells.append(None)
                continue
            card = gathering.attempt(_cell_card, token, pack, field, name)
            if card is None:
                unreadable.add(name)
            else:  # in the pack (checked above), so the ledger takes it
                ledger.add(card, name, field=field)
                cells_of[card] = name
            cells.append(card)
        rows.append(tuple(cells))
    for error in ledger.errors():
        error.location = (field, cells_of[parse_card(error.token)])
        gathering.errors.append(error)
    return LayoutReading(tuple(rows), gathering.errors, frozenset(unreadable))


def _cell_card(token: object, pack: Pack, field: str, name: str) -> Card:
    """The card of cell ``name``: an error names the cell in its location (and, for a card the pack
    lacks, in its words too)."""
    try:
        card = parse_card(token, field=field)
    except CardError as error:
        error.location = (field, name)
        raise
    try:
        return pack.check_card(card, field=field)
    except CardNotInPackError as error:
        raise CardNotInPackError(
            msg("{reason} ({cell})", reason=error.msg, cell=name),
            token=error.token,
            field=field,
            location=(field, name),
        ) from None


def layout_strings(layout: Layout) -> list[list[str | None]]:
    return [[None if c is None else str(c) for c in row] for row in layout]


def occupied(layout: Layout) -> list[Cell]:
    return [(r, c) for r in range(3) for c in range(3) if layout[r][c] is not None]


def empty_cells(layout: Layout) -> list[str]:
    return [cell_name((r, c)) for r in range(3) for c in range(3) if layout[r][c] is None]


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 3 and 0 <= c + dc < 3]


def check_placement(layout: Layout, cell: Cell, *, first_card_anywhere: bool = False) -> Judgement:
    """May a card go on ``cell``? (dracula-3.2, dracula-8.3, dracula-10.4)."""
    name = cell_name(cell)
    judgement = Judgement()
    if layout[cell[0]][cell[1]] is not None:
        judgement.fault(
            msg("`{cell}` is taken (by `{card}`)", cell=name, card=str(layout[cell[0]][cell[1]])), "dracula-10.4"
        )
    elif not occupied(layout):
        if first_card_anywhere:
            judgement.step(
                msg("the coffin is empty: the first card may go on any cell, `{cell}` too", cell=name), "dracula-8.3"
            )
        elif cell == CENTRE:
            judgement.step(msg("the coffin is empty: the first card goes on the centre `r2c2`"), "dracula-8.3")
        else:
            judgement.fault(
                msg("the coffin is empty: the first card goes on the centre `r2c2`, not `{cell}`", cell=name),
                "dracula-8.3",
            )
    else:
        touching = [n for n in neighbours(cell) if layout[n[0]][n[1]] is not None]
        if touching:
            listed = join(f"`{cell_name(n)}`" for n in touching)
            judgement.step(
                msg("`{cell}` is empty and shares an edge with {cells}", cell=name, cells=listed), "dracula-3.2"
            )
        else:
            diagonal = [
                (cell[0] + dr, cell[1] + dc)
                for dr in (-1, 1)
                for dc in (-1, 1)
                if 0 <= cell[0] + dr < 3 and 0 <= cell[1] + dc < 3 and layout[cell[0] + dr][cell[1] + dc] is not None
            ]
            if diagonal:
                judgement.fault(
                    msg("`{cell}` touches only at a corner — no occupied cell shares an edge with it", cell=name),
                    "dracula-3.2",
                )
            else:
                judgement.fault(msg("`{cell}` touches no occupied cell", cell=name), "dracula-3.2")
    judgement.step(msg("legal placement") if judgement.legal else msg("illegal placement"), "dracula-3.2")
    return judgement


@dataclass(frozen=True)
class Move:
    """One placed card: who placed it (a 2-player deal's ``dealer`` or ``non_dealer``), where, which card."""

    by: str
    cell: Cell
    card: Card | None


def replay(
    start: Layout, moves: Sequence[Move], *, first_card_anywhere: bool = False
) -> tuple[Layout, list[Judgement]]:
    """Put the moves' cards down one by one on ``start``, each checked where it goes (dracula-3.2, 8.3).

    Returns the coffin at the end and each move's verdict; a card placed illegally stays off the coffin.
    A deal's entry replays its ``order`` with it, the ``order`` check a 2-player deal with who placed when.
    """
    grid = [list(row) for row in start]
    verdicts = []
    for move in moves:
        verdict = check_placement(tuple(tuple(row) for row in grid), move.cell, first_card_anywhere=first_card_anywhere)
        if verdict.legal:
            grid[move.cell[0]][move.cell[1]] = move.card
        verdicts.append(verdict)
    return tuple(tuple(row) for row in grid), verdicts


def centre_only(centre: Card | None) -> Layout:
    """The coffin of a 2-player deal before the first placement: the dealt centre card alone (dracula-1.5)."""
    return tuple(tuple(centre if (r, c) == CENTRE else None for c in range(3)) for r in range(3))


def check_moves(
    centre: Card, moves: Sequence[Move], dealer: str, non_dealer: str, titles: Mapping[str, Param] | None = None
) -> tuple[Layout, Explanation]:
    """Replay a 2-player deal card by card (dracula-1.5, 3.1, 3.2, 10.5); each move is by ``dealer`` or ``non_dealer``.

    Returns the layout and the reasons against it (empty when every move was legal). The reasons name each
    player by its ``titles`` (the words of players named by their roles), by default by its name.
    """
    title = dict(titles or {})
    layout, verdicts = replay(centre_only(centre), moves)
    reasons = Explanation()
    placed: Counter[str] = Counter()
    expected = non_dealer
    for number, (move, verdict) in enumerate(zip(moves, verdicts, strict=True), start=1):
        by = title.get(move.by, move.by)
        if number == 1 and move.by == dealer:
            reasons.add(
                msg(
                    "move 1: {dealer} deals and never places first; {non_dealer} does",
                    dealer=title.get(dealer, dealer),
                    non_dealer=title.get(non_dealer, non_dealer),
                ),
                "dracula-3.1",
            )
        elif move.by != expected:
            reasons.add(
                msg(
                    "move {number}: it is {expected}'s turn, not {by}'s",
                    number=number,
                    expected=title.get(expected, expected),
                    by=by,
                ),
                "dracula-3.1",
            )
        placed[move.by] += 1
        if placed[move.by] == 5:
            reasons.add(
                msg("move {number}: {by} places a 5th card; each places 4", number=number, by=by),
                "dracula-10.5",
            )
        for step in verdict.reasons:
            reasons.add(msg("move {number}: {reason}", number=number, reason=step.message), step.rule)
        expected = dealer if move.by == non_dealer else non_dealer
    return layout, reasons
