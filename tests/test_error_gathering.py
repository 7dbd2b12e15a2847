"""Independent parts of an entry are all read before it is refused, so every error is reported at once."""

from __future__ import annotations

import pytest

from referee.errors import FieldError, Gathering, InputError, InputErrors
from referee.messages import msg


def read(value: str) -> int:
    if not value.isdigit():
        raise FieldError(msg("{value} is not a number", value=value), field="cells", location=("cells", value))
    return int(value)


def test_every_error_is_kept_and_raised_together() -> None:
    gathering = Gathering()
    values = [gathering.attempt(read, v) for v in ("1", "x", "2", "y")]
    assert values == [1, None, 2, None]
    with pytest.raises(InputErrors) as refused:
        gathering.check()
    assert [e.location for e in refused.value.each()] == [("cells", "x"), ("cells", "y")]
    assert refused.value.message == "x is not a number"
    answer = refused.value.as_dict()
    assert answer["field"] == "cells" and [e["message"] for e in answer["errors"]] == [
        "x is not a number",
        "y is not a number",
    ]


def test_one_error_is_raised_as_itself_and_none_raises_nothing() -> None:
    gathering = Gathering()
    gathering.attempt(read, "z")
    with pytest.raises(FieldError) as refused:
        gathering.check()
    assert not isinstance(refused.value, InputErrors) and refused.value.each() == [refused.value]
    Gathering().check()


def test_gatherings_nest() -> None:
    inner = Gathering()
    inner.attempt(read, "a")
    inner.attempt(read, "b")
    outer = Gathering()
    outer.attempt(inner.check)
    outer.attempt(read, "c")
    with pytest.raises(InputError) as refused:
        outer.check()
    assert len(refused.value.each()) == 3
