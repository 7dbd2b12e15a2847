"""Finding English sentences left on a page read in Japanese.

A Japanese page legitimately keeps some Latin script: what the players typed (their names, the evening's,
as typed or cut short), card codes and seats (``10H``, ``BJ``, ``N E S W``, ``NS``), clause ids
(``paks-4.2``), numbers, host names, file types, and the names the seed texts keep in Latin letters
(:data:`KEPT_IN_LATIN`, and any Japanese term of ``referee/translations/glossary.tsv`` written in Latin
script). :func:`english_left` takes those out and reports each run of Latin words that still reads as
English: two or more words of which one is in the English dictionary (a sentence: ``Deal 2 of 3`` and
``Ann deals`` always leave one), or a lone word of three letters or more (an English word, or a game's
name left in Latin letters); and an English full stop ending a Japanese sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from spellchecker import SpellChecker

GLOSSARY = Path(__file__).resolve().parents[2] / "referee" / "translations" / "glossary.tsv"

#: What a Japanese page writes in Latin letters as the English one does: the people and the book the rule
#: cards credit (the seed texts write them in Latin letters too), the link to the English pages (named in
#: English), the rating model and the software it comes from, the functions of a formula, file types.
#: Matched as whole words in any case.
KEPT_IN_LATIN = (
    *("David", "Parlett", "Sid", "Sackson", "A Gamut of Games", "Phil", "Laurence", "Gordon", "Bower"),
    *("John", "McLeod", "Howard", "Fosdick", "Jass", "Pagat"),
    *("English", "Plackett", "Luce", "OpenSkill", "TrueSkill", "localhost"),
    *("min", "max", "JSON", "CSV", "PDF", "PNG"),
)

_HOST = r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:com|org|net|jp)"
_CLAUSE = r"[a-z]+-[A-Z]?\d+(?:\.\d+)*[a-z]?"
#: Latin the check never reads as words: clause ids, host names, numbers.
_NOT_WORDS = re.compile(rf"(?<![A-Za-z0-9_-])(?:{_CLAUSE}|{_HOST})(?![A-Za-z0-9_-])|[-+−]?\d[\d,.]*")
#: A word: two letters or more, only the first a capital. Single letters are ranks, seats and cells (``K``,
#: ``N E S W``, ``r1c2``); all capitals are seats and abbreviations (``NS``, ``ACE``, ``PDF``); inner capitals
#: are names of software (``OpenSkill``).
_WORD = r"(?<![A-Za-z'’])[A-Za-z][a-z'’]*[a-z](?![A-Za-z'’])"
#: A run of Latin words: only spaces and a sentence's punctuation between them.
_RUN = re.compile(rf"{_WORD}(?:[\s,;:!?.()\"“”&/–—-]+{_WORD})*")
#: An English full stop after Japanese (a Japanese sentence ends with 。).
_FULL_STOP = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）」](\.)(?![.\w])")
#: How much of the page a finding shows on each side of the words.
AROUND = 60


@dataclass(frozen=True)
class English:
    """An English sentence found on a page: the words and the text around them."""

    words: str
    context: str

    def __str__(self) -> str:
        return f"{self.words!r} in «{self.context}»"


@cache
def _dictionary() -> SpellChecker:
    return SpellChecker(distance=1)


def is_dictionary_word(word: str) -> bool:
    return word.casefold().strip("'’") in _dictionary().word_frequency


@cache
def glossary_latin() -> tuple[str, ...]:
    """The Japanese terms of the glossary that are written in Latin script."""
    terms = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if not line.startswith("#") and len(parts) >= 2 and re.search(r"[A-Za-z]", parts[1]):
            terms.append(parts[1])
    return tuple(terms)


@cache
def _kept(names: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``names`` (and what the app always keeps in Latin), as a whole word in any case (a name is
    typed as it comes: ``ann``), with a possessive, or cut short with an ellipsis (``Marie-Charl…``)."""
    kept = {*names, *KEPT_IN_LATIN, *glossary_latin()} - {""}
    cut = {f"{re.escape(name[:end])}…" for name in names for end in range(1, len(name))}
    pieces = "|".join(sorted({*cut, *map(re.escape, kept)}, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{pieces})(?:['’]s)?(?![A-Za-z])", re.IGNORECASE)


def reads_as_english(run: str) -> bool:
    """Whether a run of Latin words (legitimate Latin taken out) is English: two words or more of which one
    is in the dictionary (a sentence), or a lone word of three letters or more (an English word, or a name
    left untranslated: neither typed nor kept in Latin)."""
    words = re.findall(_WORD, run)
    if len(words) >= 2:
        return any(is_dictionary_word(word) for word in words)
    return len(words) == 1 and len(words[0]) >= 3


def _blank(found: re.Match[str]) -> str:
    return " " * len(found.group())


def english_left(text: str, names: Iterable[str] = ()) -> list[English]:
    """Each English sentence (or word) of ``text``, once legitimate Latin (``names`` that were typed, and
    :data:`KEPT_IN_LATIN`) is taken out: blanked, so the words on either side still meet."""
    blanked = _NOT_WORDS.sub(_blank, _kept(tuple(names)).sub(_blank, text))
    runs = [run.span() for run in _RUN.finditer(blanked) if reads_as_english(run.group())]
    stops = [stop.span(1) for stop in _FULL_STOP.finditer(text)]
    return [English(" ".join(text[start:end].split()), _around(text, start, end)) for start, end in runs + stops]


def _around(text: str, start: int, end: int) -> str:
    return " ".join(text[max(0, start - AROUND) : end + AROUND].split())
