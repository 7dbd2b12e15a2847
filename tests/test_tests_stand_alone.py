"""The test suite's own rules: a test module imports no other test module (what several share lives in
``tests/support`` or beside them in a module not named ``test_*``), and no test writes Hypothesis
settings of its own (the profiles of ``tests/support/examples.py`` set them for a run)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
MODULES = sorted(TESTS.rglob("test_*.py"))


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imported_modules(tree: ast.Module) -> list[str]:
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def is_test_module(name: str) -> bool:
    return name.startswith("tests.") and (name.rsplit(".", 1)[-1].startswith("test_") or name.endswith("conftest"))


def test_a_test_module_imports_no_other_test_module() -> None:
    imports = {
        str(path.relative_to(TESTS)): [name for name in imported_modules(parse(path)) if is_test_module(name)]
        for path in MODULES
    }
    assert {path: names for path, names in imports.items() if names} == {}


def test_no_test_writes_its_own_hypothesis_settings() -> None:
    written = [
        f"{path.relative_to(TESTS)}:{node.lineno}"
        for path in MODULES
        for node in ast.walk(parse(path))
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "settings" and node.args == [] and node.keywords)
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "settings")
        )
        and any(keyword.arg == "max_examples" for keyword in node.keywords)
    ]
    assert written == [], f"Hypothesis settings written at {written}: use a profile of tests/support/examples.py"


def test_the_checks_see_the_suite() -> None:
    assert len(MODULES) > 150
    assert is_test_module("tests.web.test_races") and is_test_module("tests.conftest")
    assert not is_test_module("tests.support.table") and not is_test_module("tests.rules.clabber_worked")
