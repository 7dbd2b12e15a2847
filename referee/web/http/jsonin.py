"""JSON from outside (API bodies, imported files, the play log a form carries), read within bounds.

Python's own decoder takes any depth of nesting, numbers of any size, and any ``\\u`` escape: a NUL
(which PostgreSQL cannot store in text) or a lone surrogate (half of a character, which no encoding
can write: storing it, or an error message that repeats it, fails). The code that reads the result
then fails deep inside (RecursionError, OverflowError, UnicodeEncodeError, a database error) and the
request ends in a 500. Here such input is refused up front with a message, so every caller answers
it as bad input.

The checks cost little beside the parsing itself (an imported evening at the limits is 7 MB): a
number is read digit by digit only when the text holds a run of more digits than any allowed number,
and the parsed value's texts are searched one by one only when the text holds what could stand for a
NUL or a surrogate (the character, or its escape); otherwise a walk of its lists and objects checks
their depth alone.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from referee.errors import FieldError
from referee.messages import Message, msg

#: Deeper than any request, export or play log the app writes (an export nests about 7 levels).
MAX_DEPTH = 32
#: Whole numbers in JSON input: far beyond any score, yet within a database's 64-bit integer.
MAX_DIGITS = 15
#: What no text from outside may hold, in a key or a value: NUL, and a surrogate left alone (a valid
#: pair of ``\\u`` escapes is decoded to its one character, so any surrogate left is alone).
_UNWRITABLE = re.compile("[\x00\ud800-\udfff]")
#: What JSON text holds wherever its value holds a NUL or a surrogate: the character itself, or its escape.
#: (A surrogate pair's escapes match too: the value is then searched text by text.)
_MAYBE_UNWRITABLE = re.compile(r"[\x00\ud800-\udfff]|\\u(?:0000|[dD][89a-fA-F])")
#: What JSON text holds wherever its value holds a whole number of more than MAX_DIGITS digits (JSON's digits
#: are ASCII; the pattern is written out, which Python's engine searches faster than ``[0-9]{16}``).
_LONG_DIGITS = re.compile("[0-9]" * (MAX_DIGITS + 1))


class JSONInputError(FieldError):
    """Text that is not JSON, or JSON beyond the bounds above."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JSONInputError(msg("the number {text}… has more than {limit} digits", text=text[:20], limit=MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > 10**MAX_DIGITS:
        raise JSONInputError(msg("the number {text} is out of range", text=text[:20]))
    return value


def _constant(name: str) -> Any:
    raise JSONInputError(msg("{name} is not a JSON number", name=name))


def decode_json(raw: bytes | str, *, field: str | None = None) -> Any:
    """The JSON value of ``raw``; raises :class:`JSONInputError` (with ``field``) for anything else."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        parse_int = _int if _LONG_DIGITS.search(text) else None
        value = json.loads(text, parse_int=parse_int, parse_float=_float, parse_constant=_constant)
    except JSONInputError as error:
        raise JSONInputError(error.msg, field=field) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise JSONInputError(msg("this is not JSON: {reason}", reason=_reason(error)), field=field) from None
    problem = _problem(value) if _MAYBE_UNWRITABLE.search(text) else _too_deep(value)
    if problem is not None:
        raise JSONInputError(problem, field=field)
    return value


def _reason(error: Exception) -> Message | str:
    """Why the text is not JSON: Python's own words for a syntax error (a record of where it failed)."""
    if isinstance(error, RecursionError):
        return msg("it is nested more than {limit} levels deep", limit=MAX_DEPTH)
    return str(error).splitlines()[0][:200]


def _problem(value: Any) -> Message | None:
    """Why the decoded ``value`` is refused: lists and objects nested too deep, or a text (key or value)
    holding what no text may hold. Walked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            found = _UNWRITABLE.search(item)
            if found is not None:
                return _unwritable(found.group())
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return _deep()
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return None


def _too_deep(value: Any) -> Message | None:
    """What :func:`_problem` finds in a value whose texts are all writable: lists and objects nested too
    deep. Only lists and objects are walked (``json.loads`` makes no other kind of either)."""
    stack = [(value, 1)] if type(value) in (dict, list) else []
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return _deep()
        children = item.values() if type(item) is dict else item
        stack.extend((child, depth + 1) for child in children if type(child) in (dict, list))
    return None


def _deep() -> Message:
    return msg("the JSON is nested more than {limit} levels deep", limit=MAX_DEPTH)


def _unwritable(character: str) -> Message:
    if character == "\x00":
        return msg("the JSON holds a NUL character (\\u0000), which no text may hold")
    return msg(
        "the JSON holds {escape}, half of a character (a lone surrogate), which no text may hold",
        escape=f"\\u{ord(character):04x}",
    )
