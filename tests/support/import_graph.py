"""The imports of ``referee``'s modules, read from their source (never by importing them), for the tests
that keep its import graph in shape (``test_import_cycles.py``, ``test_feature_imports.py``)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of ``referee/`` by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    """One name a module imports: a module of ``referee`` (``name`` None), or ``name`` out of it; at ``line``."""

    module: str
    name: str | None
    line: int


def imports(path: Path, name: str, known: set[str]) -> list[Import]:
    """What the module ``name`` at ``path`` imports of the ``known`` modules, wherever in it (inside functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(Import(alias.name, None, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                # `from a.b import c` imports the module a.b.c when there is one, else a name of a.b.
                whole = f"{base}.{alias.name}"
                found.append(
                    Import(whole, None, node.lineno) if whole in known else Import(base, alias.name, node.lineno)
                )
    return [one for one in found if one.module in known and one.module != name]
