"""Iceberg's pad: each player alone, written by a letter; per deal and player the points of melds and
lay-offs, the aces, the leftover penalty, the deal's score and the total (iceberg-6.8)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from referee.rules.game import DealResult, MatchSetup, Side
from referee.rules.iceberg import ICEBERG
from referee.rules.iceberg.deck import ACE_POINTS
from referee.web.printing.grid import Cell, Column, Layout


class IcebergPad(Layout):
    slug = "iceberg"
    letters = True
    side = (
        Column(_l("Melds"), "melds"),
        Column(_l("Aces"), "aces"),
        Column(lazy_pgettext("leftover", "Left"), "left"),
        Column(_l("Deal"), "score"),
        Column(_l("Total"), "total"),
    )

    def landscape(self, players: int) -> bool:
        return players > 4

    def side_cells(self, setup: MatchSetup, side: Side, deal: DealResult) -> tuple[Cell, ...]:
        played = deal.details.get("players", {}).get(side.name)
        if not played:
            return ("", "", "")
        aces = played.get("aces", 0)
        # Bower's rules write the number of aces, which multiply the deal (iceberg-8.1).
        multiplied = ICEBERG.opts(setup).ace_scoring == "multiplier"
        return (
            str(played.get("in_play", "")),
            (str(aces) if multiplied else str(aces * ACE_POINTS)) if aces else "",
            str(played.get("penalty", "")) if played.get("penalty") else "",
        )


LAYOUT = IcebergPad()
