"""The translation catalogs as the app reads them: which there are, compiled when the app starts.

The Japanese catalogs live in ``referee/translations/<area>/ja/LC_MESSAGES/messages.po``, one area for
what every game shares (``core``) and one per game's catalog area (:attr:`Game.catalog_area
<referee.rules.game.Game.catalog_area>`), so a game's sentences sit beside each other. The app merges
them all (Flask-Babel's translation directories). Compiled ``.mo`` files are built when the app starts
(:func:`compile_stale`); they are not kept in git.

Extracting, updating and checking the catalogs is Babel tooling, in :mod:`referee.catalogs.tooling`
(``python -m referee.catalogs update|check|compile``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from referee.messages import Join, Message
from referee.rules.registry import GAMES

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
TRANSLATIONS = PACKAGE / "translations"
LANGUAGES = ("en", "ja")
TRANSLATED = ("ja",)
CORE = "core"

AREAS: tuple[str, ...] = (CORE, *dict.fromkeys(game.catalog_area for game in GAMES.values()))
"""Every catalog area: ``core``, then each registered game's."""


def po_path(area: str, language: str = "ja") -> Path:
    return TRANSLATIONS / area / language / "LC_MESSAGES" / "messages.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


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


def directories() -> list[str]:
    """The translation directories the app merges, one per area that has any.

    An area without catalogs is left out: Flask-Babel would merge it as an empty catalog whose
    English plural rule replaces Japanese's.
    """
    return [str(TRANSLATIONS / area) for area in AREAS if (TRANSLATIONS / area).is_dir()]


def translations(language: str = "ja") -> Translations:
    """Every area's compiled catalog of ``language``, merged, as the app merges them (for tests and tools)."""
    compile_stale()
    merged = Translations()
    for area in AREAS:
        loaded = Translations.load(str(TRANSLATIONS / area), [language])
        if not isinstance(loaded, Translations):  # no catalog of the language in this area
            continue
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
