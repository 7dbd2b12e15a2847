"""Each game's score pad grid (:class:`referee.web.printing.grid.Layout`): one module per game, named by
the game's :attr:`GameUI.pad_module <referee.web.game_ui.GameUI.pad_module>`. Their words are in the
game's catalog, beside its pad's."""

from __future__ import annotations

import importlib

from referee.web.game_ui import game_ui
from referee.web.printing.grid import Layout


def layout_of(slug: str) -> Layout:
    """The grid of game ``slug``'s pad (``referee/web/printing/pads/<slug>.py``, its ``LAYOUT``)."""
    layout: Layout = importlib.import_module(game_ui(slug).pad_module).LAYOUT
    return layout
