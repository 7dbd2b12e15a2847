"""The translation catalogs: which sources each one covers, and how they are extracted, updated, checked and compiled.

The Japanese catalogs live in ``referee/translations/<area>/ja/LC_MESSAGES/messages.po``, one area for
what every game shares (``core``) and one per game, so a game's sentences sit beside each other. The
app merges them all (Flask-Babel's translation directories). Compiled ``.mo`` files are built when the
app starts (:func:`compile_stale`) or by ``python -m referee.catalogs compile``; they are not kept in git.

    python -m referee.catalogs update [AREA …]   # new sentences from the sources into the .po files
    python -m referee.catalogs check [AREA …]    # untranslated, fuzzy, placeholders, glossary terms
    python -m referee.catalogs compile            # .po → .mo

Sentences are found under the keywords ``msg``/``msg_n`` (the rules layer, :mod:`referee.messages`),
``_``/``gettext``/``ngettext``/``lazy_gettext``/``_l`` (the web layer) and in the templates' ``{% trans %}``
and ``_()``.
"""

from __future__ import annotations

import csv
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from referee.messages import Join, Message

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
TRANSLATIONS = PACKAGE / "translations"
GLOSSARY = TRANSLATIONS / "glossary.tsv"
LANGUAGES = ("en", "ja")
TRANSLATED = ("ja",)
GAMES = ("paks", "clabber", "dracula", "zhengfen", "iceberg")

KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "msg": None,
    "msg_n": (1, 2),
    "lazy_gettext": None,
    "_l": None,
    "lazy_ngettext": (1, 2),
}
COMMENT_TAGS = ["Translators:"]


def _game_sources(game: str) -> tuple[str, ...]:
    return (
        f"referee/rules/{game}/**/*.py",
        f"referee/web/forms/entries/{game}.py",
        f"referee/web/referee_pages/{game}.py",
        f"templates/games/{game}/**/*.html",
        f"templates/referee/{game}_*.html",
        f"templates/rulecards/{game}.html",
        f"templates/pads/{game}.html",
    )


AREAS: dict[str, tuple[str, ...]] = {
    "core": (
        "referee/*.py",
        "referee/rules/*.py",
        "referee/web/**/*.py",
        "templates/**/*.html",
    ),
    **{game: _game_sources(game) for game in GAMES},
}
"""Each area's sources (globs under the project root); ``core`` takes whatever no game claims."""


def area_files(area: str) -> list[Path]:
    """The source files of ``area``, each file in exactly one area."""
    claimed = {path for game in GAMES for path in _glob(AREAS[game])}
    files = _glob(AREAS[area])
    if area == "core":
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


def po_path(area: str, language: str = "ja") -> Path:
    return TRANSLATIONS / area / language / "LC_MESSAGES" / "messages.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


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
            problems.append(Problem(area, _first(message.id), "not in the catalog"))
    glossary = list(read_glossary())
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
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


def _translated(message) -> bool:  # type: ignore[no-untyped-def]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def _first(message_id: str | tuple[str, ...]) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


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


def compile_stale(root: Path = TRANSLATIONS) -> list[Path]:
    """Compile every ``.po`` whose ``.mo`` is missing or older; returns the files written.

    Each ``.mo`` is written beside its ``.po`` through a temporary file and a rename, so workers
    starting together never read half a catalog.
    """
    written = []
    for po in sorted(root.glob("*/*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        catalog = read_catalog(po)
        handle, temporary = tempfile.mkstemp(dir=po.parent, suffix=".mo.tmp")
        with os.fdopen(handle, "wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        os.replace(temporary, mo)
        written.append(mo)
    return written


def translations(language: str = "ja") -> Translations:
    """Every area's compiled catalog of ``language``, merged, as the app merges them (for tests and tools)."""
    compile_stale()
    merged = Translations()
    for area in AREAS:
        loaded = Translations.load(str(TRANSLATIONS / area), [language])
        # The first catalog gives the language's plural rule, as in the app; an empty base would keep English's.
        merged = loaded if not merged._catalog else merged.merge(loaded)
    return merged


def untranslated(message: Message | Join | object, catalog: Translations) -> list[str]:
    """The ids of ``message`` and of the messages inside it that ``catalog`` has no translation for."""
    missing: list[str] = []
    if isinstance(message, Message):
        if message.id not in catalog._catalog and (message.id, 0) not in catalog._catalog:
            missing.append(message.id)
        for _name, value in message.params:
            missing.extend(untranslated(value, catalog))
    elif isinstance(message, Join):
        if message.separator.strip(" +=-×") and message.separator not in catalog._catalog:
            missing.append(message.separator)
        for item in message.items:
            missing.extend(untranslated(item, catalog))
    return missing


def directories() -> list[str]:
    """The translation directories the app merges, one per area that has any.

    An area without catalogs is left out: Flask-Babel would merge it as an empty catalog whose
    English plural rule replaces Japanese's.
    """
    return [str(TRANSLATIONS / area) for area in AREAS if (TRANSLATIONS / area).is_dir()]


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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
