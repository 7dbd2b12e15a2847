"""Babel tooling for the catalogs: which sources each area covers, and extracting, updating and checking them.

Each area's sources come from the registries: ``core`` is what every game shares, and each game's
area (:attr:`Game.catalog_area <referee.rules.game.Game.catalog_area>`) takes its rules package and
the parts :data:`~referee.web.game_ui.GAME_UI` declares for it (entry form, referee pages, templates).

    python -m referee.catalogs update [AREA …]   # new sentences from the sources into the .po files
    python -m referee.catalogs check [AREA …]    # untranslated, fuzzy, placeholders, glossary terms
    python -m referee.catalogs compile            # .po → .mo (the app does it when it starts)

Sentences are found under the keywords ``msg``/``msg_n`` (the rules layer, :mod:`referee.messages`),
``_``/``gettext``/``ngettext``/``lazy_gettext``/``lazy_pgettext``/``_l`` (the web layer) and in the
templates' ``{% trans %}`` and ``_()``.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as CatalogMessage
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import write_po

from referee.catalogs import AREAS, CORE, ROOT, TRANSLATIONS, compile_stale, po_path, read_catalog
from referee.rules.game import Game
from referee.rules.registry import GAMES
from referee.web.game_ui import GAME_UI, GameUI

GLOSSARY = TRANSLATIONS / "glossary.tsv"

KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "msg": None,
    "msg_n": (1, 2),
    "lazy_gettext": None,
    "_l": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
}
COMMENT_TAGS = ["Translators:"]

CORE_SOURCES = (
    "referee/*.py",
    "referee/rules/*.py",
    "referee/web/**/*.py",
    "templates/**/*.html",
)


def _module_file(module: str) -> str:
    return module.replace(".", "/") + ".py"


def game_sources(game: Game[Any], ui: GameUI | None) -> tuple[str, ...]:
    """A game's sources (globs under the project root): its rules package and the web parts of its own."""
    package = Path(sys.modules[type(game).__module__].__file__ or "").parent.relative_to(ROOT).as_posix()
    sources = [f"{package}/**/*.py"]
    if ui is not None:
        sources += [_module_file(ui.entry_module), f"templates/games/{ui.slug}/**/*.html"]
        sources += [f"templates/{ui.rulecard_template}", f"templates/{ui.pad_template}"]
        sources += [_module_file(ui.pad_module)]
        if ui.referee_module is not None:
            sources += [_module_file(ui.referee_module), f"templates/referee/{ui.slug}_*.html"]
    return tuple(sources)


def area_sources() -> dict[str, tuple[str, ...]]:
    """Each area's sources (globs under the project root); ``core`` takes whatever no game claims."""
    sources: dict[str, tuple[str, ...]] = {CORE: CORE_SOURCES}
    for slug, game in GAMES.items():
        area = game.catalog_area
        sources[area] = sources.get(area, ()) + game_sources(game, GAME_UI.get(slug))
    return sources


def area_files(area: str) -> list[Path]:
    """The source files of ``area``, each file in exactly one area."""
    sources = area_sources()
    claimed = {path for name, globs in sources.items() if name != CORE for path in _glob(globs)}
    files = _glob(sources[area])
    if area == CORE:
        files = [path for path in files if path not in claimed]
    return sorted(files)


def _glob(patterns: Iterable[str]) -> list[Path]:
    found: list[Path] = []
    for pattern in patterns:
        found.extend(path for path in ROOT.glob(pattern) if path.is_file())
    return found


def extract(area: str) -> Catalog:
    """Every sentence of ``area``'s sources, as a catalog template."""
    template = Catalog(project="Table Referee", fuzzy=False)
    for path in area_files(area):
        method = "python" if path.suffix == ".py" else "jinja2"
        options = {"extensions": "jinja2.ext.do", "trimmed": "true"} if method == "jinja2" else {}
        for lineno, message, comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, options=options
        ):
            location = (str(path.relative_to(ROOT)), lineno)
            template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=0, ignore_obsolete=True, include_lineno=False, sort_output=True)


def update(area: str, language: str = "ja") -> int:
    """Bring ``area``'s catalog in line with its sources; returns how many sentences still need a translation."""
    template = extract(area)
    path = po_path(area, language)
    if path.exists():
        catalog = read_catalog(path)
        template.creation_date = catalog.creation_date  # the header stays put: no churn between updates
    else:
        catalog = Catalog(
            locale=language,
            project="Table Referee",
            version="1",
            header_comment=f"# {language} translations of Table Referee ({area}); the words follow {GLOSSARY.name}.",
            fuzzy=False,
        )
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    write_catalog(catalog, path)
    return sum(1 for message in catalog if message.id and not _translated(message))


@dataclass(frozen=True)
class Problem:
    area: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.area}: {self.what}: {self.message!r}"


def check(area: str, language: str = "ja") -> list[Problem]:
    """What keeps ``area`` from reading whole in ``language``: a sentence missing, untranslated or fuzzy,
    a placeholder lost or invented, a glossary term not used."""
    path = po_path(area, language)
    if not path.exists():
        return [Problem(area, str(path), "no catalog")]
    catalog = read_catalog(path)
    problems: list[Problem] = []
    for message in extract(area):
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        if entry is None:
            problems.append(Problem(area, _texts(message.id)[0], "not in the catalog"))
    glossary = list(read_glossary())
    for message in catalog:
        if not message.id:
            continue
        ids, strings = _texts(message.id), _texts(message.string)
        if not _translated(message):
            problems.append(Problem(area, ids[0], "untranslated"))
            continue
        if message.fuzzy:
            problems.append(Problem(area, ids[0], "fuzzy"))
        wanted = placeholders(ids[0])
        for string in strings:
            if placeholders(string) != wanted:
                problems.append(Problem(area, ids[0], f"placeholders differ: {sorted(placeholders(string))}"))
            if language == "ja" and ascii_full_stop(string):
                problems.append(Problem(area, ids[0], "a sentence ends with an ASCII period: write 。"))
        for term in glossary:
            if term.found_in(ids[0]) and not any(term.japanese in s for s in strings):
                problems.append(Problem(area, ids[0], f"glossary: {term.english!r} is {term.japanese!r}"))
    return problems


def _translated(message: CatalogMessage) -> bool:
    return all(_texts(message.string))


def _texts(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """A catalog entry's id or translation as its forms: one, or singular and plurals."""
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


#: A full stop after Japanese, not a dot inside a word (``.json``) nor an ellipsis.
_JAPANESE_THEN_PERIOD = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）」]\.(?![\w.])")
_TRAILING = re.compile(r"(?:\s|</\w+>|[)）」\]])+$")


def ascii_full_stop(text: str) -> bool:
    """Whether a Japanese ``text`` ends a sentence with an ASCII period ("Bobがディーラー.") instead of 。:
    at its end (markup and closing brackets aside), or right after a Japanese word."""
    trimmed = _TRAILING.sub("", text)
    return (trimmed.endswith(".") and not trimmed.endswith("..")) or bool(_JAPANESE_THEN_PERIOD.search(text))


_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}|%\((\w+)\)[sd]")


def placeholders(text: str) -> set[str]:
    """The named parameters a sentence shows: ``{name}`` (rules layer) and ``%(name)s`` (templates)."""
    return {a or b for a, b in _PLACEHOLDER.findall(text)}


@dataclass(frozen=True)
class Term:
    """One line of the glossary: an English word of the app and the Japanese word of the source texts."""

    english: str
    japanese: str
    source: str

    def found_in(self, text: str) -> bool:
        plain = re.sub(r"\{\w+[^{}]*\}|%\(\w+\)[sd]|`[^`]*`", " ", text)
        return re.search(rf"(?<![\w-]){re.escape(self.english)}(?![\w-])", plain, re.IGNORECASE) is not None


def read_glossary(path: Path = GLOSSARY) -> Iterator[Term]:
    """The glossary's terms: a tab-separated file (english, japanese, source), ``#`` lines are comments."""
    if not path.exists():
        return
    with path.open(encoding="utf-8", newline="") as file:
        rows = csv.reader((line for line in file if line.strip() and not line.startswith("#")), delimiter="\t")
        for row in rows:
            english, japanese, *rest = row
            yield Term(english.strip(), japanese.strip(), rest[0].strip() if rest else "")


def main(argv: list[str]) -> int:
    command, *areas = argv or ["check"]
    areas = areas or list(AREAS)
    if command == "update":
        for area in areas:
            print(f"{area}: {update(area)} to translate")
        return 0
    if command == "check":
        problems = [problem for area in areas for problem in check(area)]
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problems")
        return 1 if problems else 0
    if command == "compile":
        for path in compile_stale():
            print(path.relative_to(ROOT))
        return 0
    print(__doc__)
    return 2
