"""Rule checks as served by the JSON API, and helpers to read their request objects.

A check takes the request body (already decoded JSON) and returns the answer object of
shared/API.md, ``explanation`` included. It raises :class:`~referee.errors.InputError` for
malformed input, which the API turns into a 400 with the error object. Being plain functions of
plain data, checks are pure rules code and are tested without Flask.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from referee.cards import Card, Pack
from referee.errors import FieldError, Location
from referee.messages import Message, join, msg
from referee.rules.claims import Ruling, Words, check_claim
from referee.rules.options import Options

OptionsT = TypeVar("OptionsT", bound=Options)

#: How a scoring check's answer reads as a ruling for claims: ``ruling(request, answer)``; it
#: returns the answer's ``claim`` object itself when the answer scores nothing.
RulingOf = Callable[[Mapping[str, Any], Mapping[str, Any]], Ruling | dict[str, Any]]


@dataclass(frozen=True)
class Check:
    """One API check; ``example`` is a request shown (and answered live) on the API docs page.

    A check that scores declares ``ruling``: then its request may carry a ``claim`` and its
    answer a ``claim`` verdict (:mod:`referee.rules.claims`). ``claim_items`` names the items a claim
    may give, with their words; ``claim_sides`` the words of the side names the check fixes itself
    (``queen``, ``value``; none where the caller names the sides).
    """

    name: str
    title: Message
    run: Callable[[Mapping[str, Any]], dict[str, Any]]
    example: Mapping[str, Any] | None = None
    ruling: RulingOf | None = None
    #: What the request holds and the answer says, for the API page (beyond shared/API.md).
    about: Message | None = None
    claim_items: Words = field(default_factory=dict)
    claim_sides: Words = field(default_factory=dict)

    def judge(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Run the check, then judge the request's ``claim`` against its answer when one is given."""
        result = self.run(data)
        claim = data.get("claim")
        if claim is None:
            return result
        if self.ruling is None:
            raise FieldError(
                msg("the `{check}` check scores nothing, so it takes no `claim`", check=self.name), field="claim"
            )
        ruling = self.ruling(data, result)
        if isinstance(ruling, Ruling):
            ruling = replace(ruling, item_words=self.claim_items, side_words=self.claim_sides)
            result["claim"] = check_claim(claim, ruling)
        else:
            result["claim"] = ruling
        return result


class Body:
    """Typed access to a request object, raising :class:`FieldError` that names the field."""

    def __init__(self, data: object) -> None:
        if not isinstance(data, Mapping):
            raise FieldError(msg("the request body must be a JSON object"), field=None)
        self.data: Mapping[str, Any] = data

    def has(self, name: str) -> bool:
        return name in self.data and self.data[name] is not None

    def raw(self, name: str, default: Any = ...) -> Any:
        if name not in self.data:
            if default is ...:
                raise FieldError(msg("`{name}` is missing", name=name), field=name)
            return default
        return self.data[name]

    def cards(self, name: str, pack: Pack) -> list[Card]:
        return pack.parse(self.raw(name), field=name)

    def card(self, name: str, pack: Pack) -> Card:
        return pack.parse_one(self.raw(name), field=name)

    def integer(self, name: str, *, default: int | None = None, minimum: int | None = None) -> int:
        """The whole number ``name``; ``default`` when it is absent (without one, an absent field is an error)."""
        if default is not None and name not in self.data:
            return default
        return as_int(self.raw(name), name, minimum=minimum)

    def mapping(self, name: str) -> Mapping[str, Any]:
        value = self.raw(name)
        if not isinstance(value, Mapping):
            raise FieldError(msg("`{name}` must be an object", name=name), field=name)
        return value

    def array(self, name: str) -> list[Any]:
        value = self.raw(name)
        if not isinstance(value, list):
            raise FieldError(msg("`{name}` must be a list", name=name), field=name)
        return value

    def decks(self, default: int, allowed: Sequence[int] = (1, 2)) -> int:
        decks = self.integer("decks", default=default)
        if decks not in allowed:
            listed = join(map(str, allowed), " or ")
            raise FieldError(msg("`decks` is {listed}, not {decks}", listed=listed, decks=decks), field="decks")
        return decks

    def options(self, typed: type[OptionsT]) -> OptionsT:
        """The request's house options, checked (see :meth:`Options.parse`) and typed."""
        return typed.parse(self.data.get("options"))


@dataclass(frozen=True)
class Numbered:
    """One object of a numbered list in a request: its number (from 1), its location for errors
    (``("moves", 2)``), its name in a sentence (``move 2``) and what it holds."""

    number: int
    location: Location
    name: Message
    item: Mapping[str, Any]


def numbered_objects(
    value: object, field: str, *, keys: Collection[str], shape: str, name: Callable[[int], Message]
) -> list[Numbered]:
    """The objects of ``value``, the list in request field ``field``, each holding only ``keys``.

    ``shape`` shows one object in the errors (``{"by", "cell", "card"}``) and ``name`` names the
    object of a number (``move 2``). A value that is not a list, an item that is not an object or
    one with another key is a :class:`FieldError` at ``field``, located at the item.
    """
    if not isinstance(value, list):
        raise FieldError(
            msg("`{field}` must be a list of {shape}", field=field, shape=shape), field=field, location=(field,)
        )
    found = []
    for number, item in enumerate(value, start=1):
        location = (field, number)
        if not isinstance(item, Mapping):
            raise FieldError(
                msg("{item} must be an object {shape}", item=name(number), shape=shape), field=field, location=location
            )
        unknown = sorted(set(item) - set(keys))
        if unknown:
            raise FieldError(
                msg("{item} has an unknown key `{key}`", item=name(number), key=unknown[0]),
                field=field,
                location=location,
            )
        found.append(Numbered(number, location, name(number), item))
    return found


def as_int(value: object, field: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(
            msg("`{field}` must be a whole number, not {value}", field=field, value=repr(value)), field=field
        )
    if minimum is not None and value < minimum:
        raise FieldError(
            msg("`{field}` must be at least {minimum}, not {value}", field=field, minimum=minimum, value=value),
            field=field,
        )
    return value


def answer(check: Check, body: object) -> tuple[int, dict[str, Any]]:
    """Run a check as the API does: ``(200, answer)`` or ``(400, {"error": …})`` for malformed input."""
    from referee.errors import InputError

    try:
        return 200, check.judge(Body(body).data)
    except InputError as error:
        return 400, {"error": error.as_dict()}
