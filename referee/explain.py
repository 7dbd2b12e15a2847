"""Worked explanations: each step of the arithmetic or reasoning, citing its rule clause.

Every result of the rules layer carries one, and the API serialises it as
``"explanation": [{"text": "…", "rule": "paks-4.2", "message": {"id": …, "params": …}}, …]``:
``text`` in the reader's language, ``message`` the sentence's id and parameters (see
:mod:`referee.messages`), from which any language can render it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.messages import ENGLISH, Message, Translations, as_message, from_json


@dataclass(frozen=True, slots=True)
class Step:
    message: Message
    rule: str

    def __post_init__(self) -> None:
        if not isinstance(self.message, Message):
            object.__setattr__(self, "message", as_message(self.message))

    @property
    def text(self) -> str:
        """The step in English (the message ids' language)."""
        return self.message.render()

    def render(self, translations: Translations = ENGLISH) -> str:
        return self.message.render(translations)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "rule": self.rule, "message": self.message.as_json()}


@dataclass
class Explanation:
    """An ordered list of steps; ``add`` appends one and returns the explanation for chaining."""

    steps: list[Step] = field(default_factory=list)

    def add(self, text: str | Message, rule: str) -> Explanation:
        self.steps.append(Step(as_message(text), rule))
        return self

    def extend(self, steps: Iterable[Step] | Explanation) -> Explanation:
        self.steps.extend(steps.steps if isinstance(steps, Explanation) else steps)
        return self

    def as_list(self) -> list[dict[str, Any]]:
        return [s.as_dict() for s in self.steps]

    @classmethod
    def from_list(cls, steps: Iterable[Mapping[str, Any]]) -> Explanation:
        """The explanation :meth:`as_list` wrote (a step stored before messages had ids keeps its text)."""
        return cls([Step(_stored_message(step), str(step["rule"])) for step in steps])

    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


def _stored_message(step: Mapping[str, Any]) -> Message:
    stored = step.get("message")
    return from_json(stored) if isinstance(stored, Mapping) else Message(str(step["text"]))
