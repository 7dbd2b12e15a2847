"""Errors for input that cannot be judged: malformed cards, fields, layouts and totals.

They carry the API error code of shared/API.md (``bad_card``, ``card_not_in_pack``,
``too_many_copies``, ``bad_field``, ``bad_layout``, ``bad_total``), the field they belong to, a
machine-readable location inside that field's value (``("paks", "Ann", 2)``: Ann's second pak;
``("table", 3)``; ``("log", 5)``), and the sentence as a message (:mod:`referee.messages`), so the JSON
API answers 400 with them and a form shows the message at the field, in the reader's language.
"""

from __future__ import annotations

from typing import Any

from referee.messages import ENGLISH, Message, Translations, as_message

Location = tuple[str | int, ...]


class InputError(ValueError):
    """Input that is malformed, as opposed to well formed but against the rules."""

    code = "bad_field"

    def __init__(
        self,
        message: str | Message,
        *,
        field: str | None = None,
        code: str | None = None,
        location: Location | None = None,
    ) -> None:
        self.msg = as_message(message)
        self.message = self.msg.render()
        super().__init__(self.message)
        self.field = field
        self.location: Location = tuple(location or ())
        if code is not None:
            self.code = code

    def render(self, translations: Translations = ENGLISH) -> str:
        """The message in the language of ``translations``."""
        return self.msg.render(translations)

    def as_dict(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            error["field"] = self.field
        if self.location:
            error["location"] = list(self.location)
        error["message_id"] = self.msg.id
        error["params"] = self.msg.as_json()["params"]
        return error


class FieldError(InputError):
    """A field is missing, of the wrong type, or names an unknown seat, side or option."""

    code = "bad_field"


class LayoutError(InputError):
    """A Dracula layout that is not 3×3, or an unknown cell name."""

    code = "bad_layout"


class TotalError(InputError):
    """Entered points that cannot add up for the game and variant."""

    code = "bad_total"
