"""No module of ``referee/`` imports itself round a cycle, counting imports inside functions too.

A cycle works only as long as the modules happen to be imported in one order; and a function-level
import that closes one (or ``import referee`` to find a path) hides it from the reader. Every module
is parsed, not imported: each ``import``/``from … import`` naming a ``referee`` module is an edge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.import_graph import imports, modules


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The ``referee`` modules that the module ``name`` at ``path`` imports, wherever in it."""
    return {one.module for one in imports(path, name, known)}


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, name, set(known)) for name, path in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_of_referee_has_no_cycle() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"b"}, "b": set()}, []),
    ],
)
def test_a_cycle_is_found(graph: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert cycles(graph) == expected


def test_function_level_imports_and_a_bare_package_import_are_edges(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("import referee\n\ndef f():\n    from referee.rules import registry\n    return registry\n")
    assert imported(source, "referee.web.mod", {"referee", "referee.rules", "referee.rules.registry"}) == {
        "referee",
        "referee.rules.registry",
    }
