"""The score grid of a paper pad: blank on the printed pad, filled in on a match's printed sheet.

Both are one :class:`Grid` drawn by one template macro (``print/_grid.html``): a row per deal (its
number, the dealer, the game's own columns, then per side the game's working columns, the deal's
score and the running total), then the totals. A game's columns and how a scored deal fills them are
its :class:`Layout` (``referee/web/printing/pads/<game>.py``); a blank pad has the same rows, empty.

The filled grid is read from the match's sheet as scored (``MatchResult``): nothing is scored again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from referee.cards import SUIT_SYMBOLS
from referee.rules.game import DealResult, Game, MatchResult, MatchSetup, Side

#: What a cell holds: plain text (escaped when drawn) or markup (a red suit sign).
Cell = str | Markup

#: Players named by a letter on the pads that have one per player (Iceberg, Zheng Fen).
LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Column:
    """One column of the grid: its heading, and the key its cells are styled by (``g-<key>``)."""

    label: Any
    key: str
    #: A heading over several neighbouring columns of the game's own ("Finishing order").
    group: Any = None


@dataclass(frozen=True)
class Heading:
    """A side's heading: what the game calls it ("North – South", the Queen) and who plays it."""

    label: Any
    names: tuple[str, ...]
    #: The letter a player is written by on this pad, if it has them.
    letter: str = ""


@dataclass(frozen=True)
class Row:
    """One line of the grid. ``kind``: ``""`` a deal (``fifth`` every fifth, ruled under), ``carried`` the
    totals carried from an earlier sheet, ``total``/``bonus``/``final`` the rows under the deals."""

    number: str
    dealer: Cell = ""
    lead: tuple[Cell, ...] = ()
    sides: tuple[tuple[Cell, ...], ...] = ()
    kind: str = ""
    #: A claim entered with the deal differed from the ruling: the row is marked, the claim listed under.
    flagged: bool = False


class Layout:
    """A game's grid: its own columns before the sides (``lead``) and each side's (``side``, ending with
    the deal's score and the running total), and how a scored deal fills them. The default is the
    plainest pad: per side the deal's score and the total."""

    slug: str = ""
    lead: tuple[Column, ...] = ()
    side: tuple[Column, ...] = (Column(_l("Deal"), "score"), Column(_l("Total"), "total"))
    #: Players are written by a letter (in the headings, the dealer and the game's own columns).
    letters: bool = False
    #: A blank pad of this game has rows to add up under its deals (a game of a fixed number of deals).
    blank_totals: bool = False

    def lead_columns(self, players: int) -> tuple[Column, ...]:
        return self.lead

    def side_columns(self, players: int) -> tuple[Column, ...]:
        return self.side

    def landscape(self, players: int) -> bool:
        """Whether the grid needs a landscape page (many sides, many columns)."""
        return False

    def headings(self, game: Game, setup: MatchSetup, *, blank: bool) -> list[Heading]:
        """The sides' headings (on a ``blank`` pad, the players' names may be empty); by default each side's
        role, if it has one, and its players."""
        return [Heading(game.role_label(side.role) if side.role else "", side.members) for side in game.sides(setup)]

    def hints(self, players: int) -> tuple[Cell, ...]:
        """What a blank row prints in the game's own columns (choices to circle)."""
        return ("",) * len(self.lead_columns(players))

    def lead_cells(self, setup: MatchSetup, deal: DealResult) -> tuple[Cell, ...]:
        return ()

    def side_cells(self, setup: MatchSetup, side: Side, deal: DealResult) -> tuple[Cell, ...]:
        """The side's working columns for ``deal`` (those before its score and total)."""
        return ()


@dataclass(frozen=True)
class Grid:
    layout: Layout
    players: int
    lead: tuple[Column, ...]
    side: tuple[Column, ...]
    headings: tuple[Heading, ...]
    rows: tuple[Row, ...]
    filled: bool
    #: Deals whose claim differed, in order: listed under a filled grid.
    flagged: tuple[DealResult, ...] = field(default=())

    @property
    def landscape(self) -> bool:
        return self.layout.landscape(self.players)

    @property
    def lead_groups(self) -> list[tuple[Any, list[Column]]]:
        """The game's own columns in runs under one heading (a column alone has none: None)."""
        runs: list[tuple[Any, list[Column]]] = []
        for column in self.lead:
            if column.group is not None and runs and runs[-1][0] == column.group:
                runs[-1][1].append(column)
            else:
                runs.append((column.group, [column]))
        return runs


def suit_sign(suit: str) -> Markup:
    """A suit's sign as the pads print it, hearts and diamonds in red."""
    sign = SUIT_SYMBOLS.get(suit, suit)
    return Markup('<span class="red">{}</span>').format(sign) if suit in ("H", "D") else Markup(sign)


def letter_of(setup: MatchSetup, player: str) -> str:
    return LETTERS[setup.players.index(player)] if player in setup.players else player


def blank_grid(
    layout: Layout, game: Game, names: Sequence[str], rows: int, *, first: int | None = 1, carried: bool = False
) -> Grid:
    """A blank pad's grid for ``names`` (one per seat, ``""`` to be written in): ``rows`` deals numbered from
    ``first`` (None: unnumbered, for a sheet printed again as often as needed), after a row of totals
    ``carried`` from the sheet before."""
    players = len(names)
    placeholders = tuple(f"\x00{seat}" for seat in range(players))
    written = dict(zip(placeholders, names, strict=True))
    setup = MatchSetup(players=placeholders)
    headings = [
        Heading(h.label, tuple(written[n] for n in h.names), _letter(layout, setup, h.names))
        for h in layout.headings(game, setup, blank=True)
    ]
    lead, side = layout.lead_columns(players), layout.side_columns(players)
    empty = tuple(("",) * len(side) for _ in headings)
    body = [Row("→", kind="carried", sides=empty)] if carried else []
    hints = layout.hints(players)
    for n in range(rows):
        number = "" if first is None else str(first + n)
        body.append(Row(number, lead=hints, sides=empty, kind="fifth" if (n + 1) % 5 == 0 else ""))
    if layout.blank_totals:
        body += [Row(mark, word, ("",) * len(lead), empty, kind) for mark, word, kind in _TOTAL_ROWS]
    return Grid(layout, players, lead, side, tuple(headings), tuple(body), filled=False)


#: The rows under a game's deals when it ends with a bonus: the deals' sum, the bonus, the final totals.
_TOTAL_ROWS = (("Σ", _l("Total"), "total"), ("+", _l("Bonus"), "bonus"), ("=", _l("Final"), "final"))


def filled_grid(layout: Layout, game: Game, setup: MatchSetup, result: MatchResult) -> Grid:
    """The match's grid: every deal of its sheet as scored, then its totals (with the bonus, if any)."""
    players = setup.count
    sides = result.sides
    headings = [
        Heading(h.label, h.names, _letter(layout, setup, h.names)) for h in layout.headings(game, setup, blank=False)
    ]
    lead, side = layout.lead_columns(players), layout.side_columns(players)
    body: list[Row] = []
    flagged: list[DealResult] = []
    for deal, running in zip(result.deals, result.running, strict=True):
        differs = bool(deal.claim) and not deal.claim.get("agreed", True)  # type: ignore[union-attr]
        if differs:
            flagged.append(deal)
        dealer = letter_of(setup, deal.dealer) if layout.letters else deal.dealer
        cells = tuple((*layout.side_cells(setup, s, deal), deal.mark(s.name), str(running[s.name])) for s in sides)
        kind = "fifth" if deal.number % 5 == 0 else ""
        body.append(Row(str(deal.number), dealer, layout.lead_cells(setup, deal), cells, kind, differs))
    blank_lead = ("",) * len(lead)
    if result.bonus:
        before = result.running[-1] if result.running else {s.name: 0 for s in sides}
        for (mark, word, kind), values in zip(_TOTAL_ROWS, (before, result.bonus, result.totals), strict=True):
            cells = tuple(_total_cells(side, values.get(s.name, 0)) for s in sides)
            body.append(Row(mark, word, blank_lead, cells, kind))
    else:
        mark, word, _kind = _TOTAL_ROWS[0]
        cells = tuple(_total_cells(side, result.totals[s.name]) for s in sides)
        body.append(Row(mark, word, blank_lead, cells, "final"))
    return Grid(layout, players, lead, side, tuple(headings), tuple(body), filled=True, flagged=tuple(flagged))


def _total_cells(columns: Sequence[Column], value: int) -> tuple[Cell, ...]:
    """A side's cells on a row of totals: its total in the last column, the others empty."""
    return (*("",) * (len(columns) - 1), str(value))


def _letter(layout: Layout, setup: MatchSetup, names: Sequence[str]) -> str:
    return letter_of(setup, names[0]) if layout.letters and len(names) == 1 else ""
