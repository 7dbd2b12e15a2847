"""Paks's pad: per deal how many paks each side holds in each suit, the throw-off m of each suit (the
fewest any side holds, paks-6.3), and per side the points its remaining paks keep (paks-6.5) and the
total."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from referee.cards import SUITS
from referee.rules.game import DealResult, Game, MatchSetup, Side
from referee.web.printing.grid import Cell, Column, Heading, Layout, suit_sign

THROWN_OFF = _l("Thrown off (m)")


def _suits(deal: DealResult) -> dict[str, dict]:
    return {suit["suit"]: suit for suit in deal.details.get("suits", [])}


class PaksPad(Layout):
    slug = "paks"
    lead = tuple(Column(suit_sign(suit), "m", group=THROWN_OFF) for suit in SUITS)
    side = (
        *(Column(suit_sign(suit), "held") for suit in SUITS),
        Column(_l("Kept"), "score"),
        Column(_l("Total"), "total"),
    )

    def landscape(self, players: int) -> bool:
        return players == 3

    def headings(self, game: Game, setup: MatchSetup, *, blank: bool) -> list[Heading]:
        sides = game.sides(setup)
        teams = any(side.is_team for side in sides)
        return [Heading(_l("Team %(n)s", n=n) if teams else "", side.members) for n, side in enumerate(sides, 1)]

    def lead_cells(self, setup: MatchSetup, deal: DealResult) -> tuple[Cell, ...]:
        suits = _suits(deal)
        return tuple(str(suits[suit]["m"]) if suit in suits else "" for suit in SUITS)

    def side_cells(self, setup: MatchSetup, side: Side, deal: DealResult) -> tuple[Cell, ...]:
        suits = _suits(deal)
        return tuple(str(suits[suit]["counts"].get(side.name) or "") if suit in suits else "" for suit in SUITS)


LAYOUT = PaksPad()
