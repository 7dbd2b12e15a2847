"""JSON from outside is refused exactly when a walk of every text, number and nesting level would refuse it.

``decode_json`` reads numbers digit by digit and searches texts one by one only when the raw text
could hold what it refuses; these tests cross-check it against that walk, done here on the plain
parse, for values drawn with NULs, lone surrogates, surrogate pairs, escaped backslashes, long
numbers and deep nesting, written with escapes (``ensure_ascii``) and without.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.web.http.jsonin import MAX_DEPTH, MAX_DIGITS, JSONInputError, decode_json

#: Texts made of what the checks look for: NUL, lone surrogates, a character outside the BMP (a
#: surrogate pair when escaped), backslashes and the letters of an escape, beside plain letters.
TEXTS = st.text(st.sampled_from(["\x00", "\ud800", "\udfff", "\U0001f600", "\\", "u", "0", "d", "8", "a", "é"]))
NUMBERS = st.one_of(
    st.integers(-(10**MAX_DIGITS) + 1, 10**MAX_DIGITS - 1),
    st.integers(10**MAX_DIGITS, 10 ** (MAX_DIGITS + 3)),
    st.integers(-(10 ** (MAX_DIGITS + 3)), -(10**MAX_DIGITS)),
)
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, TEXTS)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXTS, inner, max_size=3)),
    max_leaves=12,
)
_UNWRITABLE = re.compile("[\x00\ud800-\udfff]")


def nested(value: Any, depth: int) -> Any:
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


def problems(value: Any, depth: int = 1) -> set[str]:
    """Every kind of problem a full walk finds in a parsed value."""
    found: set[str] = set()
    if isinstance(value, str):
        for character in _UNWRITABLE.findall(value):
            found.add("nul" if character == "\x00" else "surrogate")
    elif isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > MAX_DIGITS:
        found.add("digits")
    elif isinstance(value, list | dict):
        if depth > MAX_DEPTH:
            found.add("deep")
        for key in value if isinstance(value, dict) else ():
            found |= problems(key, depth)
        for child in value.values() if isinstance(value, dict) else value:
            found |= problems(child, depth + 1)
    return found


def kind(error: JSONInputError) -> str:
    text = str(error.msg)
    for word, name in (("NUL", "nul"), ("surrogate", "surrogate"), ("digits", "digits"), ("levels deep", "deep")):
        if word in text:
            return name
    return text


@given(VALUES, st.integers(0, MAX_DEPTH + 3), st.booleans())
def test_decoding_refuses_exactly_what_a_full_walk_finds(value: Any, depth: int, ascii_only: bool) -> None:
    value = nested(value, depth)
    text = json.dumps(value, ensure_ascii=ascii_only)
    found = problems(json.loads(text))
    try:
        decoded = decode_json(text)
    except JSONInputError as error:
        assert found, f"refused without a problem: {error.msg}"
        assert kind(error) in found
        assert error.field is None
    else:
        assert not found
        assert decoded == json.loads(text)


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        (r'{"name": "Ann \\u0000"}', True),  # an escaped backslash, then the letters u0000: no NUL
        (r'{"name": "Ann \u0000"}', False),
        (r'{"name": "\ud83d\ude00"}', True),  # a surrogate pair: one character
        (r'{"name": "\uD83D"}', False),
        (r'{"name": "\udE00 alone"}', False),
        ('{"name": "9999999999999999"}', True),  # sixteen digits in a text are no number
        ('{"points": 9999999999999999}', False),
        ('{"points": -999999999999999}', True),
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, True),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), False),
    ],
)
def test_decoding_near_what_it_refuses(text: str, accepted: bool) -> None:
    try:
        decode_json(text.encode(), field="file")
    except JSONInputError as error:
        assert not accepted, error.msg
        assert error.field == "file"
    else:
        assert accepted
