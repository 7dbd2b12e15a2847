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


def test_a_card_list_reports_every_bad_token_and_keeps_the_cards_it_could_read() -> None:
    from referee.cards import STANDARD, BadCardError, CardNotInPackError

    reading = STANDARD.read("AS ZZ 10H JO QQ", field="hand")
    assert [str(card) for card in reading.cards] == ["AS", "10H"]
    assert [(type(e), e.location) for e in reading.errors] == [
        (BadCardError, ("hand", 2)),
        (CardNotInPackError, ()),
        (BadCardError, ("hand", 5)),
    ]
    with pytest.raises(InputErrors) as refused:
        STANDARD.parse("AS ZZ 10H JO QQ", field="hand")
    assert len(refused.value.each()) == 3


def test_several_errors_read_as_their_first_even_once_it_is_placed() -> None:
    first = FieldError(msg("{value} is not a number", value="x"), field="cells", location=("cells", 1))
    errors = InputErrors([first, FieldError(msg("{value} is not a number", value="y"), field="other")])
    for error in errors.each():
        error.location = ("moved", *error.location)
    assert errors.location == ("moved", "cells", 1) and errors.field == "cells"
    assert errors.as_dict()["location"] == ["moved", "cells", 1]
