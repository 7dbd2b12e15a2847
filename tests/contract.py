"""The request/answer examples of shared/contract/<game>.json, and how an answer is compared.

An example's ``expect`` lists the fields the answer must have (more are allowed): ``status``
when it is not 200; ``error`` compared as a subset; ``unplayed_count`` is the length of
``unplayed``; card lists compare as multisets (so do lists of card lists).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from referee.cards import parse_card
from referee.errors import InputError

SHARED = Path(os.environ.get("REFEREE_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def load_contract(game: str) -> list[dict[str, Any]]:
    """The examples of one game; none when shared/ is not beside the checkout (CI requires it)."""
    path = SHARED / "contract" / f"{game}.json"
    if not path.exists():
        if os.environ.get("REFEREE_REQUIRE_SHARED"):
            raise FileNotFoundError(f"{path} is missing: CI needs shared/ beside the checkout")
        return []
    return json.loads(path.read_text(encoding="utf-8"))


def contract_params(game: str) -> list[Any]:
    """``pytest.mark.parametrize`` arguments: one case per example, named by its id."""
    import pytest

    return [pytest.param(example, id=example["id"]) for example in load_contract(game)]


def check_name(example: dict[str, Any]) -> str:
    return example["endpoint"].rstrip("/").rsplit("/", 1)[-1]


def _is_card(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_card(value)
    except InputError:
        return False
    return True


def normalise(value: Any) -> Any:
    """Card strings canonical; lists of cards (or of card lists) as multisets."""
    if isinstance(value, str) and _is_card(value):
        return str(parse_card(value))
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    if isinstance(value, list):
        items = [normalise(v) for v in value]
        if items and all(isinstance(v, str) and _is_card(v) for v in value):
            return ("cards", tuple(sorted(Counter(items).items())))
        if items and all(isinstance(v, tuple) and v and v[0] == "cards" for v in items):
            return ("card lists", tuple(sorted(Counter(items).items(), key=repr)))
        return items
    return value


def mismatches(status: int, answer: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """What in ``answer`` differs from ``expect``; empty when the answer conforms."""
    problems: list[str] = []
    want_status = expect.get("status", 200)
    if status != want_status:
        problems.append(f"status {status}, expected {want_status}: {answer}")
        return problems
    for key, wanted in expect.items():
        if key == "status":
            continue
        if key == "error":
            got = answer.get("error", {})
            for k, v in wanted.items():
                if got.get(k) != v:
                    problems.append(f"error.{k} is {got.get(k)!r}, expected {v!r} ({got})")
            continue
        if key == "unplayed_count":
            got_count = len(answer.get("unplayed", []))
            if got_count != wanted:
                problems.append(f"unplayed has {got_count} cards, expected {wanted}: {answer.get('unplayed')}")
            continue
        if key not in answer:
            problems.append(f"answer has no `{key}`")
        elif normalise(answer[key]) != normalise(wanted):
            problems.append(f"`{key}` is {answer[key]!r}, expected {wanted!r}")
    if want_status == 200:
        explanation = answer.get("explanation")
        if not explanation or not all(isinstance(s, dict) and s.get("text") and s.get("rule") for s in explanation):
            problems.append("answer has no explanation of {text, rule} steps")
    return problems
