"""Every clause an explanation cites exists in the game's rule file and is printed on its rule card."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

import referee
from referee.rules.checks import answer
from referee.rules.registry import GAMES
from tests.contract import SHARED, check_name, load_contract
from tests.support.pages import clauses_on_card

SOURCE = Path(referee.__file__).parent


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def clauses_in_code(slug: str) -> set[str]:
    """Clause ids written in the app's strings (explanation steps, reasons, messages), docstrings apart."""
    pattern = re.compile(rf"\b{slug}-\d+\.\d+\b")
    found: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found |= set(pattern.findall(node.value))
    return found


def _rules_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["rule"]} if isinstance(value.get("rule"), str) else set()
        return found.union(*(_rules_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_rules_in(v) for v in value))
    return set()


def clauses_in_answers(slug: str) -> set[str]:
    """Clause ids the checks cite answering the contract examples (ids built at run time included)."""
    checks = GAMES[slug].checks
    found: set[str] = set()
    for example in load_contract(slug):
        _, result = answer(checks[check_name(example)], example["request"])
        found |= _rules_in(result)
    return found


def clauses_in_rule_file(slug: str) -> set[str]:
    return set(re.findall(rf"\*\*({slug}-\d+\.\d+)\*\*", (SHARED / "rules" / f"{slug}.md").read_text("utf-8")))


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_cited_clause_exists_and_is_on_the_rule_card(client, slug: str) -> None:  # type: ignore[no-untyped-def]
    cited = clauses_in_code(slug) | clauses_in_answers(slug)
    assert len(cited) >= 10, cited
    if (SHARED / "rules").exists():
        assert cited <= clauses_in_rule_file(slug), sorted(cited - clauses_in_rule_file(slug))
    card = clauses_on_card(client.get(f"/rules/{slug}").get_data(as_text=True))
    assert cited <= card, f"cited but not on the {slug} rule card: {sorted(cited - card)}"


def test_house_defaults_and_lay_off_wording_are_on_the_cards(client) -> None:  # type: ignore[no-untyped-def]
    zhengfen = client.get("/rules/zhengfen").get_data(as_text=True)
    default = zhengfen.split('<span class="house-label">House default</span>')[1].split("</div>")[0]
    assert "“not of the trio's rank” is in no source" in default and "zhengfen-3.8" in default
    iceberg = client.get("/rules/iceberg").get_data(as_text=True)
    lay_off = iceberg.split("Several cards laid off at once")[1].split("</li>")[0]
    assert "in any order, and must extend the meld" in lay_off and "iceberg-9.4" in lay_off


def test_the_code_scan_finds_clauses_built_into_messages() -> None:
    assert {"zhengfen-9.4", "zhengfen-4.3"} <= clauses_in_code("zhengfen")
    assert {"dracula-3.3", "dracula-7.7"} <= clauses_in_code("dracula")
