"""Dracula's pad: per side the deal's score and the running total; under a game's six deals, its sum,
the bonus and the final totals (dracula-5, dracula-6)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from referee.rules.game import Game, MatchSetup
from referee.web.printing.grid import Column, Heading, Layout

#: A blank pad names the seats as the players take them, game by game.
BLANK_SEATS = {
    2: (_l("Queen (rows)"), _l("King (columns)")),
    4: (_l("Dealer's partnership"), _l("Other partnership")),
}


class DraculaPad(Layout):
    slug = "dracula"
    side = (Column(_l("Deal"), "score"), Column(_l("running"), "total"))
    blank_totals = True

    def headings(self, game: Game, setup: MatchSetup, *, blank: bool) -> list[Heading]:
        found = super().headings(game, setup, blank=blank)
        seats = BLANK_SEATS.get(setup.count)
        if blank and seats:
            return [Heading(seat, heading.names) for seat, heading in zip(seats, found, strict=True)]
        return found


LAYOUT = DraculaPad()
