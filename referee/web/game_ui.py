"""What the web layer shows of each game, declared in one place.

A game's rules live in ``referee/rules/<slug>/`` and are registered in ``referee/rules/registry.py``;
its pages are registered here: the deal entry form, the referee pages (optional: a game may have
none) and the templates the shared pages include for it. :mod:`referee.web.game_parts` walks both
registries and names any part a game lacks, so a sixth game cannot be half there.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.rules.registry import GAMES

if TYPE_CHECKING:
    from referee.web.forms.entries import EntryForm


@dataclass(frozen=True)
class GameUI:
    slug: str
    entry_module: str
    """The module whose ``FORM`` is the game's deal entry form."""
    referee_module: str | None = None
    """The module that registers the game's referee pages, if it has any."""

    @property
    def deal_template(self) -> str:
        """One deal's entry and workings, included by the sheet, the deal page and the undo page."""
        return f"games/{self.slug}/deal.html"

    @property
    def rulecard_template(self) -> str:
        return f"rulecards/{self.slug}.html"

    @property
    def pad_template(self) -> str:
        return f"pads/{self.slug}.html"

    @property
    def pad_module(self) -> str:
        """The module whose ``LAYOUT`` is the game's pad grid, blank on the pad and filled on a match's sheet."""
        return f"referee.web.printing.pads.{self.slug}"

    @property
    def stylesheet(self) -> str:
        """The game's own styles (``static/``), loaded only on the pages that show the game."""
        return f"css/games/{self.slug}.css"

    def entry_form(self) -> type[EntryForm]:
        return importlib.import_module(self.entry_module).FORM

    def templates(self) -> list[str]:
        """Every template of the game's own, the entry form's included."""
        return [self.entry_form().template, self.deal_template, self.rulecard_template, self.pad_template]


def _ui(slug: str, *, referee_pages: bool = True) -> GameUI:
    pages = f"referee.web.referee_pages.{slug}" if referee_pages else None
    return GameUI(slug, f"referee.web.forms.entries.{slug}", pages)


GAME_UI: dict[str, GameUI] = {
    ui.slug: ui for ui in (_ui("paks"), _ui("clabber"), _ui("dracula"), _ui("zhengfen"), _ui("iceberg"))
}


def game_ui(slug: str) -> GameUI:
    return GAME_UI[slug]


def missing_games() -> list[str]:
    """Games of the rules registry that have no pages registered here."""
    return [slug for slug in GAMES if slug not in GAME_UI]
