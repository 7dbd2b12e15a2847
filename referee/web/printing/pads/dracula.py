"""Dracula's pad: per side the deal's score and the running total; under a game's six deals, its sum,
the bonus and the final totals (dracula-5, dracula-6)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from referee.rules.game import Game, MatchSetup
from referee.web.printing.grid import Column, Heading, Layout

#: The two players' roles with the lines each scores (dracula-5).
ROLES = {"Queen": _l("Queen (rows)"), "King": _l("King (columns)")}
#: A blank 4-player pad names the partnerships by who deals, as the players take their seats.
BLANK_PARTNERSHIPS = (_l("Dealer's partnership"), _l("Other partnership"))


class DraculaPad(Layout):
    slug = "dracula"
    side = (Column(_l("Deal"), "score"), Column(_l("running"), "total"))
    blank_totals = True

    def headings(self, game: Game, setup: MatchSetup, *, blank: bool) -> list[Heading]:
        sides = game.sides(setup)
        if setup.count == 4 and blank:
            return [Heading(seat, side.members) for seat, side in zip(BLANK_PARTNERSHIPS, sides, strict=True)]
        if setup.count == 2:
            return [Heading(ROLES.get(side.role, side.role), side.members) for side in sides]
        return super().headings(game, setup, blank=blank)


LAYOUT = DraculaPad()
