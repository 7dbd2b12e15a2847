"""Every example of shared/contract/clabber.json, run against the Clabber checks."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.clabber import CLABBER
from tests.contract import check_name, contract_params, mismatches


@pytest.mark.parametrize("example", contract_params("clabber"))
def test_contract_example(example: dict) -> None:
    status, result = answer(CLABBER.checks[check_name(example)], example["request"])
    assert mismatches(status, result, example["expect"]) == []
