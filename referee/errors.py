"""Errors for input that cannot be judged: malformed cards, fields, layouts and totals.

They carry the API error code of shared/API.md (``bad_card``, ``card_not_in_pack``,
``too_many_copies``, ``bad_field``, ``bad_layout``, ``bad_total``) and the field they belong to,
so the JSON API answers 400 with them and a form shows the message at the field.
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that is malformed, as opposed to well formed but against the rules."""

    code = "bad_field"

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code

    def as_dict(self) -> dict[str, str]:
        error = {"code": self.code, "message": self.message}
        if self.field is not None:
            error["field"] = self.field
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
