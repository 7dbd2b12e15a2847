"""Iceberg's worked examples and input errors: the English unchanged, and every sentence in Japanese.

``iceberg_worked_english.json`` holds the English of every step of the worked examples E1–E23 of
shared/rules/iceberg.md and of the input errors of :mod:`tests.rules.iceberg_worked`, as the app wrote
them before its sentences became messages: they must stay byte for byte.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import catalogs
from referee.cards import TooManyCopiesError
from referee.catalogs import tooling
from referee.messages import Message
from tests.rules.iceberg_worked import ERRORS, EXAMPLES, PLAYERS

ENGLISH = json.loads((Path(__file__).parent / "iceberg_worked_english.json").read_text(encoding="utf-8"))
GLOSSARY = list(tooling.read_glossary())
#: Words a Japanese sentence may still show: player names, V* and U, card codes and clause ids,
#: the JSON fields an API error names in backticks.
_ALLOWED = re.compile(
    r"`[^`]*`|iceberg-[\d.]+|(?<![A-Za-z])(?:(?:10|[2-9JQKA])[SHDC]|V\*|U|"
    + "|".join((*PLAYERS, "Dan"))
    + r")(?![A-Za-z])"
)


@pytest.fixture(scope="module")
def japanese():  # type: ignore[no-untyped-def]
    return catalogs.translations("ja")


def assert_japanese(message: Message, japanese) -> str:  # type: ignore[no-untyped-def]
    """``message`` is translated whole, uses the glossary's words where the English has them, and
    leaves no English word; returns the Japanese."""
    assert catalogs.untranslated(message, japanese) == []
    english, text = message.render(), message.render(japanese)
    for term in GLOSSARY:
        if term.found_in(english):
            assert term.japanese in text, (term.english, text)
    left = re.findall(r"[A-Za-z]{2,}", _ALLOWED.sub(" ", text))
    assert not left, (left, text)
    return text


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_worked_examples_keep_their_english_explanations(name: str) -> None:
    assert [[step.text, step.rule] for step in EXAMPLES[name]()] == ENGLISH["examples"][name]


@pytest.mark.parametrize("name", list(ERRORS))
def test_input_errors_keep_their_english(name: str) -> None:
    error = ERRORS[name]()
    assert [error.message, error.field] == ENGLISH["errors"][name]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_step_of_the_worked_examples_reads_in_japanese(name: str, japanese) -> None:  # type: ignore[no-untyped-def]
    steps = EXAMPLES[name]()
    assert steps
    for step in steps:
        assert_japanese(step.message, japanese)


@pytest.mark.parametrize("name", list(ERRORS))
def test_every_input_error_reads_in_japanese_and_is_located(name: str, japanese) -> None:  # type: ignore[no-untyped-def]
    error = ERRORS[name]()
    assert_japanese(error.msg, japanese)
    # A card used too often is placed by its card (the ledger knows no location); every other error by its location.
    assert error.location[:1] == (error.field,) or isinstance(error, TooManyCopiesError)


def test_a_step_reads_in_the_words_of_the_source(japanese) -> None:  # type: ignore[no-untyped-def]
    """E8: a lay-off on a run, in the seed's words (シークエンス, レイオフ)."""
    [step] = [s for s in EXAMPLES["E8"]() if s.text.startswith("`8H` on")][:1]
    assert step.message.render(japanese) == "`8H`を`5H`–`7H`に付け加えて4枚：40点"
    lay_off = next(s for s in EXAMPLES["E12"]() if s.rule == "iceberg-4.5")
    assert lay_off.message.render(japanese).startswith("`8H 7H 6H 5H 4H`を`9H`–`JH`（テーブルのメルド1）にレイオフ")


def test_a_refused_play_keeps_its_reason_apart_from_its_number() -> None:
    """The entry form shows a refused play's reason at the play's own fields, without "play 3 (Cid): "."""
    error = ERRORS["E20 no melding after the last ace"]()
    assert error.location == ("log", 3)
    reason = error.msg.param("reason")
    assert isinstance(reason, Message)
    assert reason.render() == "the last ace, exposed by Cid, ended the deal (iceberg-5.2)"
