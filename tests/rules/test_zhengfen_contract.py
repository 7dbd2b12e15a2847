"""Every example of shared/contract/zhengfen.json, run against the Zheng Fen checks."""

from __future__ import annotations

import pytest

from referee.rules.checks import answer
from referee.rules.zhengfen import ZHENGFEN
from tests.contract import check_name, contract_params, mismatches


@pytest.mark.parametrize("example", contract_params("zhengfen"))
def test_contract_example(example: dict) -> None:
    status, result = answer(ZHENGFEN.checks[check_name(example)], example["request"])
    assert mismatches(status, result, example["expect"]) == []


def test_every_cited_clause_exists() -> None:
    """Explanations cite only clause ids of shared/rules/zhengfen.md."""
    import re

    from referee.cards import parse_cards
    from referee.rules.game import MatchSetup
    from referee.rules.zhengfen import Action, settle_trick
    from tests.contract import SHARED, load_contract

    clauses = set(re.findall(r"\*\*(zhengfen-\d+\.\d+)\*\*", (SHARED / "rules" / "zhengfen.md").read_text("utf-8")))
    cited: set[str] = set()
    for example in load_contract("zhengfen"):
        _, result = answer(ZHENGFEN.checks[check_name(example)], example["request"])
        cited |= {step["rule"] for step in result.get("explanation", []) + result.get("reasons", [])}
    setup = MatchSetup(players=("A", "B", "C"), options=ZHENGFEN.parse_options({}))
    entry = ZHENGFEN.check_entry(setup, {"order": ["A", "B", "C"], "captured": {"A": {"5": 4, "10": 4, "K": 4}}})
    match = ZHENGFEN.score_match(setup, [entry] * 6)
    cited |= set(match.deals[0].explanation.rules()) | set(match.bonus_explanation.rules())
    cited.add(ZHENGFEN.next_lead(setup, []).rule)
    trick = settle_trick("ABC", [Action("A", tuple(parse_cards("QS QH")), last_cards=True), Action("B"), Action("C")])
    cited |= set(trick.explanation.rules())
    assert cited
    assert cited <= clauses, cited - clauses
