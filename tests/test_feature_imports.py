"""No module of ``referee/web/`` reaches into another feature's internals.

``referee/web/`` is split into folders that show the app. A *feature folder* holds the views of one part
of it (``evenings/``, ``groups/``, ``referee_pages/``, ``printing/``, ``api/``, ``offline/``) or the deal
entry forms (``forms/entries/``). The other folders are *shared*: the work behind the views
(``services/``, ``store/``), the forms every feature uses (``forms/``), what templates show
(``presentation/``) and the HTTP plumbing (``http/``). The modules at the top (``factory.py``,
``game_ui.py``, …) assemble the app.

The rule, for every module, counting imports inside functions too (modules are parsed, not imported):

1. A name or module starting with ``_`` is private to its folder: no other folder imports it.
2. A feature folder imports from another feature folder only the modules that folder declares public
   (:data:`FEATURES`), and out of one with an ``__all__`` only the names it lists. Whatever two features
   both need goes to a shared folder.
3. A shared folder imports no feature folder: shared code serves the features, it never reaches into one.

The modules at the top may import anything.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

from tests.support.import_graph import Import, imports, modules

WEB = "referee.web"

#: Each feature folder and its public modules: what the other feature folders may import of it.
FEATURES: dict[str, tuple[str, ...]] = {
    "referee.web.evenings": (),
    "referee.web.groups": (),
    "referee.web.referee_pages": (),
    "referee.web.printing": (),
    "referee.web.api": (),
    "referee.web.offline": (),
    "referee.web.forms.entries": (
        # The base of the entry forms, which the sheet's views drive.
        "referee.web.forms.entries",
        # The coffin's boxes and Zheng Fen's deal entry, on which referee pages build the same boxes.
        "referee.web.forms.entries.dracula",
        "referee.web.forms.entries.zhengfen",
    ),
}


def folder_of(module: str, path: Path, features: Mapping[str, object]) -> str:
    """The folder a module belongs to: the feature folder it lies in, else its package."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    inside = [feature for feature in features if package == feature or package.startswith(f"{feature}.")]
    return max(inside, key=len) if inside else package


def declared_names(path: Path) -> set[str] | None:
    """The names a module lists in its ``__all__``, or None when it has none."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return None


def private(one: Import, web: str) -> bool:
    """Whether ``one`` imports a private name or a module whose own name (below ``web``) is private."""
    parts = one.module.removeprefix(f"{web}.").split(".")
    return (one.name or "").startswith("_") or any(part.startswith("_") for part in parts)


def crossings(
    known: Mapping[str, Path],
    features: Mapping[str, tuple[str, ...]],
    web: str = WEB,
) -> list[str]:
    """Every import of a module under ``web`` that breaks the rule, said as ``module:line imports …: why``."""
    found = []
    names = set(known)
    for module, path in known.items():
        if not module.startswith(f"{web}."):
            continue
        home = folder_of(module, path, features)
        for one in imports(path, module, names):
            if not one.module.startswith(f"{web}."):
                continue
            there = folder_of(one.module, known[one.module], features)
            if there == home:
                continue
            what = f"{module}:{one.line} imports {one.module}" + (f".{one.name}" if one.name else "")
            if private(one, web):
                found.append(f"{what}: a private name of {there}")
            elif there in features and home in features:
                listed = declared_names(known[one.module]) if one.name else None
                if one.module not in features[there]:
                    found.append(f"{what}: not a public module of the feature {there}")
                elif listed is not None and one.name not in listed:
                    found.append(f"{what}: not in the __all__ of {one.module}")
            elif there in features and home != web:
                found.append(f"{what}: the shared {home} reaches into the feature {there}")
    return found


def test_no_module_of_the_web_layer_reaches_into_another_features_internals() -> None:
    assert crossings(modules(), FEATURES) == []


def test_the_features_and_their_public_modules_exist() -> None:
    known = modules()
    assert [feature for feature in FEATURES if feature not in known] == []
    assert [public for publics in FEATURES.values() for public in publics if public not in known] == []


def test_the_rule_finds_each_kind_of_crossing(tmp_path: Path) -> None:
    sources = {
        "web.shop.views": "from web.cart.views import basket\nfrom web.cart import Cart, _helper, loose\n",
        "web.cart": "__all__ = ['Cart']\nclass Cart: ...\ndef _helper(): ...\ndef loose(): ...\n",
        "web.cart.views": "def basket(): ...\n",
        "web.cart.pay": "from web.cart import loose\nfrom web.money.coins import _round\n",
        "web.money.coins": "from web.cart import Cart\ndef _round(): ...\n",
        "web.factory": "from web.cart.views import basket\n",
    }
    known = {}
    for name, text in sources.items():
        path = tmp_path / (name.replace(".", "_") + ("/__init__.py" if name == "web.cart" else ".py"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        known[name] = path
    features = {"web.shop": (), "web.cart": ("web.cart",)}
    assert crossings(known, features, web="web") == [
        "web.shop.views:1 imports web.cart.views.basket: not a public module of the feature web.cart",
        "web.shop.views:2 imports web.cart._helper: a private name of web.cart",
        "web.shop.views:2 imports web.cart.loose: not in the __all__ of web.cart",
        "web.cart.pay:2 imports web.money.coins._round: a private name of web.money",
        "web.money.coins:1 imports web.cart.Cart: the shared web.money reaches into the feature web.cart",
    ]
