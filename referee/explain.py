"""Worked explanations: each step of the arithmetic or reasoning, citing its rule clause.

Every result of the rules layer carries one, and the API serialises it as
``"explanation": [{"text": "…", "rule": "paks-4.2"}, …]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Step:
    text: str
    rule: str

    def as_dict(self) -> dict[str, str]:
        return {"text": self.text, "rule": self.rule}


@dataclass
class Explanation:
    """An ordered list of steps; ``add`` appends one and returns the explanation for chaining."""

    steps: list[Step] = field(default_factory=list)

    def add(self, text: str, rule: str) -> Explanation:
        self.steps.append(Step(text, rule))
        return self

    def extend(self, steps: Iterable[Step] | Explanation) -> Explanation:
        self.steps.extend(steps.steps if isinstance(steps, Explanation) else steps)
        return self

    def as_list(self) -> list[dict[str, str]]:
        return [s.as_dict() for s in self.steps]

    @classmethod
    def from_list(cls, steps: Iterable[Mapping[str, str]]) -> Explanation:
        """The explanation :meth:`as_list` wrote."""
        return cls([Step(step["text"], step["rule"]) for step in steps])

    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)
