"""Errors for input that cannot be judged: malformed cards, fields, layouts and totals.

They carry the API error code of shared/API.md (``bad_card``, ``card_not_in_pack``,
``too_many_copies``, ``bad_field``, ``bad_layout``, ``bad_total``), the field they belong to, a
machine-readable location inside that field's value (``("paks", "Ann", 2)``: Ann's second pak;
``("table", 3)``; ``("log", 5)``), and the sentence as a message (:mod:`referee.messages`), so the JSON
API answers 400 with them and a form shows the message at the field, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from referee.messages import ENGLISH, Message, Translations, as_message

Location = tuple[str | int, ...]
T = TypeVar("T")


class InputError(ValueError):
    """Input that is malformed, as opposed to well formed but against the rules."""

    code = "bad_field"

    def __init__(
        self,
        message: Message,
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

    def each(self) -> list[InputError]:
        """The errors this one stands for: itself (:class:`InputErrors` lists several)."""
        return [self]

    def as_dict(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            error["field"] = self.field
        if self.location:
            error["location"] = list(self.location)
        error["message_id"] = self.msg.id
        error["params"] = self.msg.as_json()["params"]
        return error


class InputErrors(InputError):
    """Several input errors found in one entry, all reported at once (a form shows each at its field).

    It reads as its first error (code, field, message), and lists them all in ``errors``.
    """

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = list(errors)
        ValueError.__init__(self, errors[0].message)

    # It reads as its first error, even once that error is changed (a caller placing every error it caught).
    msg = property(lambda self: self.errors[0].msg, lambda self, value: setattr(self.errors[0], "msg", value))
    message = property(
        lambda self: self.errors[0].message, lambda self, value: setattr(self.errors[0], "message", value)
    )
    field = property(lambda self: self.errors[0].field, lambda self, value: setattr(self.errors[0], "field", value))
    location = property(
        lambda self: self.errors[0].location, lambda self, value: setattr(self.errors[0], "location", value)
    )
    code = property(lambda self: self.errors[0].code, lambda self, value: setattr(self.errors[0], "code", value))

    def each(self) -> list[InputError]:
        return list(self.errors)

    def as_dict(self) -> dict[str, Any]:
        return {**self.errors[0].as_dict(), "errors": [error.as_dict() for error in self.errors]}


class Gathering:
    """Collects the input errors of independent parts of an entry, to refuse the entry once with all of them.

    ``value = gathering.attempt(read, part)`` returns what ``read`` returned, or None after keeping its
    error; :meth:`check` then raises the one error, or :class:`InputErrors` for several.
    """

    def __init__(self) -> None:
        self.errors: list[InputError] = []

    @classmethod
    def of(cls, errors: list[InputError]) -> Gathering:
        """A gathering of the ``errors`` a reader that keeps going has found (its :meth:`check` raises them)."""
        gathering = cls()
        gathering.errors.extend(errors)
        return gathering

    def attempt(self, read: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        try:
            return read(*args, **kwargs)
        except InputErrors as errors:
            self.errors.extend(errors.errors)
        except InputError as error:
            self.errors.append(error)
        return None

    def check(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise InputErrors(self.errors)


class FieldError(InputError):
    """A field is missing, of the wrong type, or names an unknown seat, side or option."""

    code = "bad_field"


class LayoutError(InputError):
    """A Dracula layout that is not 3×3, or an unknown cell name."""

    code = "bad_layout"


class TotalError(InputError):
    """Entered points that cannot add up for the game and variant."""

    code = "bad_total"
