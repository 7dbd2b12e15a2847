"""Every part a game needs, and which of them a registered game lacks.

A game is declared once in each layer: its rules package (a :class:`~referee.rules.game.Game` with its
options, checks and catalog area) and one line in ``referee/rules/registry.py``; its web parts in one line
of ``referee/web/game_ui.py``. The catalogs, the OpenAPI description, the rule cards and the pads read
those declarations. :data:`PARTS` names every part, as the README's checklist for a new game does, and
:func:`missing_parts` says which a game lacks, so that a game cannot be half there
(``tests/web/test_game_parts.py`` runs it on every game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.catalogs import ROOT, po_path
from referee.catalogs.tooling import check as check_catalog
from referee.rules.game import Game
from referee.rules.options import declaration_problems
from referee.rules.registry import GAMES
from referee.web.api.schema import missing_schemas
from referee.web.forms.entries import EntryForm
from referee.web.game_ui import GAME_UI, GameUI
from referee.web.printing.grid import Layout
from referee.web.referee_pages import PAGES

TEMPLATES = ROOT / "templates"


@dataclass(frozen=True)
class Part:
    """One part of a game: its name in the checklist, and what is wrong with it for one game (None: nothing)."""

    name: str
    problem: Callable[[Game[Any], GameUI | None, Path], str | None]


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _rules(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if GAMES.get(game.slug) is not game:
        return f"no line in referee/rules/registry.py registers `{game.slug}`"
    if not type(game).__module__.startswith(f"referee.rules.{game.slug}."):
        return f"its Game subclass is not in the package referee/rules/{game.slug}/"
    return None


def _entry_form(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if ui is None:
        return "no line in referee/web/game_ui.py registers its web parts"
    module = _module(ui.entry_module)
    form = getattr(module, "FORM", None)
    if not (isinstance(form, type) and issubclass(form, EntryForm) and form is not EntryForm):
        return f"{ui.entry_module} defines no FORM, an EntryForm"
    if form.game is not game:
        return f"{ui.entry_module}.FORM judges with another game's rules"
    return None


def _template(name: Callable[[GameUI], str]) -> Callable[[Game[Any], GameUI | None, Path], str | None]:
    def problem(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
        if ui is None:
            return "no web parts registered"
        path = name(ui)
        return None if (templates / path).is_file() else f"templates/{path} is missing"

    return problem


def _pad(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if ui is None:
        return "no web parts registered"
    if not (templates / ui.pad_template).is_file():
        return f"templates/{ui.pad_template} is missing"
    if not isinstance(getattr(_module(ui.pad_module), "LAYOUT", None), Layout):
        return f"{ui.pad_module} defines no LAYOUT, the pad's grid"
    return None


def _stylesheet(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if ui is None:
        return "no web parts registered"
    static = templates.parent / "static"
    return None if (static / ui.stylesheet).is_file() else f"static/{ui.stylesheet} is missing"


def _entry_template(ui: GameUI) -> str:
    form = getattr(_module(ui.entry_module), "FORM", None)
    return str(getattr(form, "template", f"games/{ui.slug}/entry.html"))


def _referee_pages(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if ui is None or ui.referee_module is None:
        return None  # a game may have no referee pages
    if _module(ui.referee_module) is None:
        return f"{ui.referee_module} cannot be imported"
    if not any(slug == game.slug for slug, _endpoint, _title in PAGES):
        return f"{ui.referee_module} registers no referee page"
    return None


def _catalog(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    path = po_path(game.catalog_area)
    return None if path.is_file() else f"catalog area `{game.catalog_area}` has no {path.relative_to(ROOT)}"


def _api_schemas(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    missing = missing_schemas(game.slug, game.checks)
    return f"no request or answer schema in referee/web/api/schema.py for {', '.join(missing)}" if missing else None


def _options(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    problems = declaration_problems(game.option_type)
    return "; ".join(problems) if problems else None


def _translations(game: Game[Any], ui: GameUI | None, templates: Path) -> str | None:
    if not po_path(game.catalog_area).is_file():
        return "no catalog to translate into"
    problems = check_catalog(game.catalog_area)
    return f"{len(problems)} sentences untranslated or wrong, first: {problems[0]}" if problems else None


PARTS: tuple[Part, ...] = (
    Part("rules package + registry line", _rules),
    Part("entry form module", _entry_form),
    Part("deal template", _template(lambda ui: ui.deal_template)),
    Part("entry template", _template(_entry_template)),
    Part("rule card template", _template(lambda ui: ui.rulecard_template)),
    Part("pad template", _pad),
    Part("stylesheet", _stylesheet),
    Part("referee pages (optional)", _referee_pages),
    Part("catalog area + its .po file", _catalog),
    Part("API schema for each check", _api_schemas),
    Part("options declared", _options),
    Part("Japanese translations complete", _translations),
)
"""Every part of a game, in the order of the README's checklist for a new game."""


def missing_parts(
    game: Game[Any], ui: GameUI | None = None, *, templates: Path = TEMPLATES, parts: tuple[Part, ...] = PARTS
) -> dict[str, str]:
    """The parts ``game`` lacks (by :data:`PARTS` name), each with what is wrong; ``ui`` defaults to its
    registered web parts."""
    ui = ui if ui is not None else GAME_UI.get(game.slug)
    found = {part.name: part.problem(game, ui, templates) for part in parts}
    return {name: problem for name, problem in found.items() if problem is not None}


def every_game_missing(games: Mapping[str, Game[Any]] = GAMES) -> dict[str, dict[str, str]]:
    """What each registered game lacks; empty when every game is whole."""
    report = {slug: missing_parts(game) for slug, game in games.items()}
    return {slug: missing for slug, missing in report.items() if missing}
