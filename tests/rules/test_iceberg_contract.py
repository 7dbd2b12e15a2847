"""Every example of shared/contract/iceberg.json, run against the Iceberg checks."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.iceberg import ICEBERG
from tests.contract import check_name, contract_params, mismatches


@pytest.mark.parametrize("example", contract_params("iceberg"))
def test_contract_example(example: dict) -> None:
    status, result = answer(ICEBERG.checks[check_name(example)], example["request"])
    assert mismatches(status, result, example["expect"]) == []
