"""House-rule options: their declaration, the checking of given values, and their typed form.

Each game declares its options (id, allowed values, default, clause) as in the Options table of
its rule file. ``parse_options`` turns a request's or a form's ``options`` object into a complete
dict of values, defaults filled in, and raises :class:`FieldError` naming the bad option. That dict
is what a match stores. The rules read the typed form, a frozen dataclass per game (an
:class:`Options` subclass) whose fields are the declared ids, built from the dict by
:meth:`Options.of` with each default taken from its declaration: a default is written once, in the
declaration, and :func:`declaration_problems` checks that the dataclass and the declarations agree.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Self

from referee.errors import FieldError
from referee.messages import Join, Message, join, msg

#: A whole number as a form sends it: ASCII digits only, and few enough for any integer column.
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")


def _whole(value: Any) -> Any:
    """A JSON number without a fractional part (``84.0``) is the whole number it equals, as JSON Schema's
    ``integer`` reads it; anything else is left as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


@dataclass(frozen=True)
class Option:
    """One house option.

    ``kind``: ``choice`` (one of ``choices``), ``subset`` (a list drawn from ``choices``),
    ``bool``, ``int`` (a whole number from ``minimum`` to ``maximum``, a multiple of ``step`` when
    it is given) or ``int_map`` (an object whose keys are ``choices`` and whose values are whole
    numbers from 0 to ``maximum``, such as Dracula's multipliers). ``maximum`` keeps the work a
    match can ask for bounded. ``choices`` keep the value types of the rule file (``3`` and ``13``, not strings).
    """

    id: str
    label: Message
    default: Any
    clause: str
    kind: str = "choice"
    choices: tuple[Any, ...] = ()
    help: Message | None = None
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    labels: Mapping[Any, Message] = field(default_factory=dict)
    #: The player counts the option matters for; empty means all.
    players: tuple[int, ...] = ()

    def applies_to(self, count: int) -> bool:
        return not self.players or count in self.players

    def bounds(self) -> Message:
        """What a number of an ``int`` or ``int_map`` option may be, in words: "a multiple of 50 from 100 to
        5000" (an ``int_map``'s numbers start at 0)."""
        lowest = 0 if self.kind == "int_map" else self.minimum
        if lowest is None or self.maximum is None:
            return msg("a whole number")
        if self.step is not None:
            return msg(
                "a multiple of {step} from {lowest} to {highest}", step=self.step, lowest=lowest, highest=self.maximum
            )
        return msg("a whole number from {lowest} to {highest}", lowest=lowest, highest=self.maximum)

    def allows(self, number: int) -> bool:
        """Whether ``number`` is within :meth:`bounds`."""
        lowest = 0 if self.kind == "int_map" else self.minimum
        return (
            (lowest is None or number >= lowest)
            and (self.maximum is None or number <= self.maximum)
            and (self.step is None or number % self.step == 0)
        )

    def choice_label(self, value: Any) -> str | Message:
        return self.labels.get(value, str(value).replace("_", " "))

    def describe(self, value: Any) -> str | Message | Join:
        """The value as a person reads it on a sheet."""
        if self.kind == "subset":
            return join(self.choice_label(v) for v in value) if value else msg("none")
        if self.kind == "int_map":
            return join(msg("{label} ×{factor}", label=self.choice_label(k), factor=v) for k, v in value.items())
        if self.kind == "bool":
            return msg("yes") if value else msg("no")
        return self.choice_label(value)

    def parse(self, value: Any) -> Any:
        where = f"options.{self.id}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if value in ("true", "false"):
                return value == "true"
            raise FieldError(
                msg("option `{id}` is true or false, not {value}", id=self.id, value=repr(value)), field=where
            )
        if self.kind == "int":
            if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
                value = int(value)
            value = _whole(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise FieldError(
                    msg("option `{id}` is a whole number, not {value}", id=self.id, value=repr(value)), field=where
                )
            if self.minimum is not None and value < self.minimum:
                raise FieldError(
                    msg("option `{id}` is at least {minimum}", id=self.id, minimum=self.minimum), field=where
                )
            if self.maximum is not None and value > self.maximum:
                raise FieldError(
                    msg("option `{id}` is at most {maximum}", id=self.id, maximum=self.maximum), field=where
                )
            if self.step is not None and value % self.step:
                raise FieldError(msg("option `{id}` is a multiple of {step}", id=self.id, step=self.step), field=where)
            return value
        if self.kind == "subset":
            if not isinstance(value, list):
                raise FieldError(
                    msg("option `{id}` is a list drawn from {choices}", id=self.id, choices=self._choices()),
                    field=where,
                )
            chosen = [self._one(v, where) for v in value]
            if len(set(map(str, chosen))) != len(chosen):
                raise FieldError(msg("option `{id}` names a value twice", id=self.id), field=where)
            return [c for c in self.choices if c in chosen]
        if self.kind == "int_map":
            if not isinstance(value, dict):
                raise FieldError(
                    msg("option `{id}` is an object with keys {keys}", id=self.id, keys=self._choices()), field=where
                )
            merged = dict(self.default)
            for key, given in value.items():
                number = _whole(given)
                if key not in self.choices:
                    raise FieldError(
                        msg(
                            "option `{id}` has no key {key}; keys are {keys}",
                            id=self.id,
                            key=repr(key),
                            keys=self._choices(),
                        ),
                        field=where,
                    )
                if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                    raise FieldError(
                        msg(
                            "option `{id}.{key}` is a whole number ≥ 0, not {value}",
                            id=self.id,
                            key=key,
                            value=repr(number),
                        ),
                        field=where,
                    )
                if self.maximum is not None and number > self.maximum:
                    raise FieldError(
                        msg("option `{id}.{key}` is at most {maximum}", id=self.id, key=key, maximum=self.maximum),
                        field=where,
                    )
                merged[key] = number
            return merged
        return self._one(value, where)

    def typed(self, value: Any) -> Any:
        """A checked or stored value as the typed options hold it: a subset as a tuple, a map as a new dict."""
        if self.kind == "subset":
            return tuple(c for c in self.choices if c in value)
        if self.kind == "int_map":
            return dict(value)
        return value

    def values(self) -> tuple[Any, ...]:
        """Every value the option may take that a type can name: its choices and its default."""
        if self.kind == "subset":
            return (self.typed(self.default), tuple(self.choices))
        if self.kind == "choice":
            return (*self.choices, self.default)
        return (self.typed(self.default),)

    def _one(self, value: Any, where: str) -> Any:
        value = _whole(value)
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
            if isinstance(value, str) and str(choice) == value.strip():
                return choice
        raise FieldError(
            msg(
                "option `{id}` is one of {choices}, not {value}", id=self.id, choices=self._choices(), value=repr(value)
            ),
            field=where,
        )

    def _choices(self) -> Join:
        return join(f"`{c}`" for c in self.choices)


def parse_options(declared: Sequence[Option], given: object) -> dict[str, Any]:
    """Complete and check an ``options`` object; unknown ids are an error, not ignored."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise FieldError(msg("options must be an object of option ids and values"), field="options")
    by_id = {o.id: o for o in declared}
    for key in given:
        if key not in by_id:
            known = join(f"`{o.id}`" for o in declared) if declared else msg("none")
            raise FieldError(
                msg("unknown option `{key}`; this game's options are {known}", key=key, known=known),
                field=f"options.{key}",
            )
    values: dict[str, Any] = {}
    for option in declared:
        values[option.id] = option.parse(given[option.id]) if option.id in given else _copy(option.default)
    return values


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value


class Options:
    """A game's house options, typed: the base of a frozen dataclass per game.

    The subclass sets :attr:`declared` and has one field per declared option, of the type its values
    take (a ``Literal`` of the choices, ``int``, ``bool``, ``tuple[str, ...]`` for a subset, ``dict[str,
    int]`` for a map), with no default of its own: :meth:`of` takes each from the declaration.
    """

    declared: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def of(cls, values: Self | Mapping[str, Any] | None = None) -> Self:
        """The typed options of a complete options dict (as :func:`parse_options` makes and a match
        stores); an option the dict lacks (a match stored before the option existed) takes its default.
        Typed options are taken as they are."""
        if isinstance(values, cls):
            return values
        given: Mapping[str, Any] = values if isinstance(values, Mapping) else {}
        typed = {o.id: o.typed(given.get(o.id, o.default)) for o in cls.declared}
        return cls(**typed)

    @classmethod
    def parse(cls, given: object) -> Self:
        """Check a request's ``options`` object (see :func:`parse_options`) and type it."""
        return cls.of(parse_options(cls.declared, given))


def declaration_problems(options: type[Options]) -> list[str]:
    """Where an options dataclass and its declarations disagree: an option without a field, a field
    without an option, or a declared value (a choice, the default) that the field's type does not take."""
    hints = typing.get_type_hints(options)
    declared = {o.id: o for o in options.declared}
    names: list[str] = [f.name for f in fields(options)] if is_dataclass(options) else []
    problems = [f"{options.__name__}: option `{key}` has no field" for key in declared if key not in names]
    problems += [f"{options.__name__}: field `{name}` declares no option" for name in names if name not in declared]
    for name in names:
        option = declared.get(name)
        if option is None:
            continue
        problems += [
            f"{options.__name__}.{name}: {value!r} is not a {hints[name]}"
            for value in option.values()
            if not _fits(value, hints[name])
        ]
    return problems


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` (the few kinds an options field is)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if origin is tuple:
        return isinstance(value, tuple) and all(_fits(item, args[0]) for item in value)
    if origin in (dict, Mapping):
        return isinstance(value, dict) and all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)
