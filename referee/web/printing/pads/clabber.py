"""Clabber's pad: per deal the makers (or the bidder) and the trump, and per side its card points, meld,
bell, the deal's score as the sheet writes it (``XX`` for a set, ``-`` for nothing) and the total."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from referee.cards import SUIT_SYMBOLS
from referee.rules.game import DealResult, Game, MatchSetup, Side
from referee.web.printing.grid import Cell, Column, Heading, Layout, suit_sign

#: How a blank pad names the sides, by the number of players: partners opposite, or two teams of three.
TEAMS = {4: (_l("North – South"), _l("East – West")), 6: (_l("Team 1"), _l("Team 2"))}
#: What the makers' box offers to circle, and how a filled one writes the makers.
MAKERS = {4: ("NS", "EW"), 6: ("1", "2")}


def points_of(values: Mapping[str, Any], side: str) -> str:
    """A side's meld or bell as the pad writes it: its points, or nothing for none."""
    value = values.get(side)
    return str(value) if value else ""


class ClabberPad(Layout):
    slug = "clabber"
    side = (
        Column(_l("Cards"), "cards"),
        Column(_l("Meld"), "meld"),
        Column(_l("Bell"), "bell"),
        Column(_l("Score"), "score"),
        Column(_l("Total"), "total"),
    )

    def lead_columns(self, players: int) -> tuple[Column, ...]:
        makers = _l("Makers") if players in MAKERS else _l("Bidder")
        return (Column(makers, "makers"), Column(_l("Trump"), "trump"))

    def landscape(self, players: int) -> bool:
        return players == 3

    def headings(self, game: Game, setup: MatchSetup, *, blank: bool) -> list[Heading]:
        teams = TEAMS.get(setup.count)
        sides = game.sides(setup)
        if teams is None:
            return [Heading("", side.members) for side in sides]
        return [Heading(team, side.members) for team, side in zip(teams, sides, strict=True)]

    def hints(self, players: int) -> tuple[Cell, ...]:
        makers = "   ".join(MAKERS.get(players, ()))
        suits = Markup(" ").join(suit_sign(suit) for suit in SUIT_SYMBOLS)
        return (
            Markup('<span class="circle">{}</span>').format(makers) if makers else "",
            Markup('<span class="circle">{}</span>').format(suits),
        )

    def lead_cells(self, setup: MatchSetup, deal: DealResult) -> tuple[Cell, ...]:
        details = deal.details
        if details.get("void"):
            return ("-", "-")
        makers = str(details.get("makers", ""))
        names = [str(side) for side in details.get("sides", [])]
        short = MAKERS.get(setup.count)
        if short and makers in names:
            makers = short[names.index(makers)]
        return (makers, suit_sign(str(details.get("trump", ""))))

    def side_cells(self, setup: MatchSetup, side: Side, deal: DealResult) -> tuple[Cell, ...]:
        details = deal.details
        if details.get("void"):
            return ("", "", "")
        return (
            str(details.get("points", {}).get(side.name, "")),
            points_of(details.get("melds", {}), side.name),
            points_of(details.get("bells", {}), side.name),
        )


LAYOUT = ClabberPad()
