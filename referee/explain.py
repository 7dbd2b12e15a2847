"""Worked explanations: each step of the arithmetic or reasoning, citing its rule clause.

Every result of the rules layer carries one, and the API serialises it as
``"explanation": [{"text": "…", "rule": "paks-4.2", "message": {"id": …, "params": …}}, …]``:
``text`` in the reader's language, ``message`` the sentence's id and parameters (see
:mod:`referee.messages`), from which any language can render it again. A ruling on whether
something done at the table keeps the rules is a :class:`Judgement`: its explanation and its
faults, each fault a step citing the clause it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

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

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    def __len__(self) -> int:
        return len(self.steps)


@dataclass(kw_only=True)
class Judgement:
    """Whether a play, a bid or a placement keeps the rules, worked out step by step.

    ``explanation`` is the whole reasoning as the reader follows it, each fault worded there as
    the check words it; ``reasons`` are the faults alone, each citing the clause it breaks. It is
    legal when nothing is at fault. Each check's verdict subclasses it with what is its own (a
    pak's value, a bid's trump); a ruling that can find no fault (where a drawn card goes) is
    simply always legal.
    """

    explanation: Explanation = field(default_factory=Explanation)
    reasons: Explanation = field(default_factory=Explanation)

    @property
    def legal(self) -> bool:
        return not self.reasons

    def step(self, text: str | Message, rule: str) -> None:
        self.explanation.add(text, rule)

    def fault(self, text: str | Message, rule: str) -> None:
        """A fault, stated in the explanation in the same words."""
        self.explanation.add(text, rule)
        self.reasons.add(text, rule)

    def include(self, other: Judgement) -> None:
        """Another judgement's steps and faults as part of this one (a pak's within its turn)."""
        self.explanation.extend(other.explanation)
        self.reasons.extend(other.reasons)

    @classmethod
    def refusal(cls, reasons: Explanation, **fields: Any) -> Self:
        """Illegal with nothing more to explain than the faults themselves; ``fields`` are a subclass's own."""
        return cls(**fields, explanation=Explanation().extend(reasons), reasons=reasons)

    def answer(self, **fields: Any) -> dict[str, Any]:
        """The API answer: ``legal``, the check's own ``fields``, the ``explanation`` and, when illegal,
        the ``reasons``."""
        answer: dict[str, Any] = {"legal": self.legal, **fields, "explanation": self.explanation.as_list()}
        if not self.legal:
            answer["reasons"] = self.reasons.as_list()
        return answer


def _stored_message(step: Mapping[str, Any]) -> Message:
    stored = step.get("message")
    return from_json(stored) if isinstance(stored, Mapping) else Message(str(step["text"]))
