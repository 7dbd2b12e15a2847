"""JSON from outside (API bodies, imported files, the play log a form carries), read within bounds.

Python's own decoder takes any depth of nesting and numbers of any size; the code that reads the
result then fails deep inside (RecursionError, OverflowError) and the request ends in a 500. Here
such input is refused up front with a message, so every caller answers it as bad input.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

from referee.errors import FieldError
from referee.messages import Message, msg

#: Deeper than any request, export or play log the app writes (an export nests about 7 levels).
MAX_DEPTH = 32
#: Whole numbers in JSON input: far beyond any score, yet within a database's 64-bit integer.
MAX_DIGITS = 15


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
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except JSONInputError as error:
        raise JSONInputError(error.msg, field=field) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise JSONInputError(msg("this is not JSON: {reason}", reason=_reason(error)), field=field) from None
    if _depth(value) > MAX_DEPTH:
        raise JSONInputError(msg("the JSON is nested more than {limit} levels deep", limit=MAX_DEPTH), field=field)
    return value


def _reason(error: Exception) -> Message | str:
    """Why the text is not JSON: Python's own words for a syntax error (a record of where it failed)."""
    if isinstance(error, RecursionError):
        return msg("it is nested more than {limit} levels deep", limit=MAX_DEPTH)
    return str(error).splitlines()[0][:200]


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value``, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest
