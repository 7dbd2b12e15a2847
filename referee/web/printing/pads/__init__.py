"""Each game's score pad grid (:class:`referee.web.printing.grid.Layout`): one module per game, registered
here by the game's slug. Their words are in the game's catalog, beside its pad's."""

from __future__ import annotations

import importlib

from referee.web.printing.grid import Layout


def layout_of(slug: str) -> Layout:
    """The grid of game ``slug``'s pad (``referee/web/printing/pads/<slug>.py``, its ``LAYOUT``)."""
    layout: Layout = importlib.import_module(f"{__name__}.{slug}").LAYOUT
    return layout
