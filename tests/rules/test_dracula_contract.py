"""Every example of shared/contract/dracula.json, run against the Dracula checks."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.dracula import DRACULA
from tests.contract import check_name, contract_params, mismatches


@pytest.mark.parametrize("example", contract_params("dracula"))
def test_contract_example(example: dict) -> None:
    status, result = answer(DRACULA.checks[check_name(example)], example["request"])
    assert mismatches(status, result, example["expect"]) == []
