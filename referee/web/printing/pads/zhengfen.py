"""Zheng Fen's pad: each player alone, written by a letter; per deal the finishing order in letters,
what the last gives the 1st (zhengfen-6.3), and per player the deal's points and the total."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from referee.rules.game import DealResult, MatchSetup
from referee.web.printing.grid import Cell, Column, Layout, letter_of

ORDER = _l("Finishing order (letters)")


def place_word(index: int, count: int) -> Any:
    """1st, 2nd, 3rd, 4th … last: the place ``index`` (from 0) of ``count`` players."""
    if index == count - 1:
        return _l("last")
    words = (_l("1st"), _l("2nd"), _l("3rd"))
    return words[index] if index < len(words) else _l("%(place)sth", place=index + 1)


class ZhengFenPad(Layout):
    slug = "zhengfen"
    letters = True
    side = (Column(_l("deal"), "score"), Column(_l("total"), "total"))

    def lead_columns(self, players: int) -> tuple[Column, ...]:
        places = tuple(Column(place_word(i, players), "place", group=ORDER) for i in range(players))
        return (*places, Column(_l("Last gives 1st"), "transfer"))

    def lead_cells(self, setup: MatchSetup, deal: DealResult) -> tuple[Cell, ...]:
        order = [letter_of(setup, player) for player in deal.details.get("order", [])]
        places = (*order, *("",) * (setup.count - len(order)))[: setup.count]
        transfer = deal.details.get("transfer", {}).get("points")
        return (*places, "" if transfer is None else str(transfer))


LAYOUT = ZhengFenPad()
