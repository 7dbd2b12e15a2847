"""House options read numbers as JSON Schema's ``integer`` does: ``84.0`` is 84, ``84.5`` is no whole number."""

from __future__ import annotations

import pytest

from referee.errors import FieldError
from referee.rules.dracula.options import OPTIONS as DRACULA
from referee.rules.iceberg.options import OPTIONS as ICEBERG
from referee.rules.options import parse_options


def test_a_whole_number_written_with_a_fraction_of_zero_is_that_number() -> None:
    assert parse_options(ICEBERG, {"target": 300.0})["target"] == 300
    assert parse_options(DRACULA, {"multipliers": {"suit": 3.0}})["multipliers"]["suit"] == 3
    assert parse_options(DRACULA, {"target": 1000.0})["target"] == 1000  # one of the choices "none", 1000


@pytest.mark.parametrize("options", [{"target": 300.5}, {"target": True}, {"target": "3e2"}])
def test_anything_else_is_no_whole_number(options: dict[str, object]) -> None:
    with pytest.raises(FieldError, match="whole number"):
        parse_options(ICEBERG, options)


def test_a_multiplier_with_a_fraction_is_refused() -> None:
    with pytest.raises(FieldError, match="whole number"):
        parse_options(DRACULA, {"multipliers": {"suit": 2.5}})
