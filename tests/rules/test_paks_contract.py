"""Every example of shared/contract/paks.json, run against the Paks checks."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.paks import PAKS
from tests.contract import check_name, contract_params, mismatches


@pytest.mark.parametrize("example", contract_params("paks"))
def test_contract_example(example: dict) -> None:
    status, result = answer(PAKS.checks[check_name(example)], example["request"])
    assert mismatches(status, result, example["expect"]) == []
