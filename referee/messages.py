"""Words for the reader, as message ids with parameters, put into a language only where they are shown.

The rules layer knows no language. Every sentence it says (an explanation step, an input error, an
option's label) is a :class:`Message`: a gettext message id (the English sentence, with ``{name}``
placeholders) and its parameters. A page, a PDF or an API answer renders it with the catalogs of the
reader's language (``Message.render(translations)``); the English text is the id itself, so rendering
without a catalog gives English.

``msg`` and ``msg_n`` are the extraction keywords (see ``babel.cfg``): their first arguments must be
string literals, so the catalogs can list every sentence.

Parameters are plain values (names, numbers, card codes: never translated), other messages (a suit's
name, a clause of a sentence: translated too), or a :class:`Join` of parameters. A message round-trips
through JSON (:meth:`Message.as_json`, :func:`from_json`), so a stored result can be shown in any language.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, cast, overload


class Translations(Protocol):
    """What a catalog offers: the stdlib ``gettext.NullTranslations`` and Babel's ``Translations`` both fit."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str: ...


ENGLISH: Translations = _gettext.NullTranslations()
"""The message ids are English: without a catalog, a message renders as English."""


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence to translate (``id``, with ``plural`` and the count parameter ``n`` where it varies)."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None

    def render(self, translations: Translations = ENGLISH) -> str:
        values = {name: _render_param(value, translations) for name, value in self.params}
        if self.plural is None:
            pattern = translations.gettext(self.id)
        else:
            count = dict(self.params)["n"]
            pattern = translations.ngettext(self.id, self.plural, count if isinstance(count, int) else int(str(count)))
        return pattern.format(**values) if values else pattern

    def __str__(self) -> str:
        return self.render()

    def param(self, name: str) -> Param | None:
        """One parameter's value (as given, not rendered), or None."""
        return dict(self.params).get(name)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "params": {name: _param_json(v) for name, v in self.params}}
        if self.plural is not None:
            data["plural"] = self.plural
        return data


@dataclass(frozen=True, slots=True)
class Join:
    """Parameters shown one after the other with a separator, itself translated (``", "`` → ``"、"``)."""

    items: tuple[Param, ...]
    separator: str = ", "

    def render(self, translations: Translations = ENGLISH) -> str:
        separator = translations.gettext(self.separator)
        return separator.join(_render_param(item, translations) for item in self.items)

    def __str__(self) -> str:
        return self.render()


Param: TypeAlias = "str | int | float | Message | Join"


def msg(id: str, /, **params: Param) -> Message:
    """The sentence ``id`` (English, with ``{name}`` placeholders) and its parameters."""
    return Message(id, tuple(params.items()))


def msg_n(singular: str, plural: str, n: int, /, **params: Param) -> Message:
    """A sentence with a singular and a plural form chosen by ``n`` (available as ``{n}``)."""
    return Message(singular, (("n", n), *params.items()), plural)


def join(items: Iterable[Param], separator: str = ", ") -> Join:
    """``items`` joined by ``separator``: one of the translated separators ``", "``, ``"; "``,
    ``" and "``, ``" or "``, or a sign that reads the same in every language (``" + "``, ``" "``)."""
    return Join(tuple(items), separator)


#: The separators a join translates, marked for the catalogs (a join renders them with ``gettext``).
SEPARATORS = tuple(message.id for message in (msg(", "), msg("; "), msg(" and "), msg(" or ")))


@overload
def renamed(value: Message, names: Mapping[str, Param]) -> Message: ...


@overload
def renamed(value: Param, names: Mapping[str, Param]) -> Param: ...


def renamed(value: Param, names: Mapping[str, Param]) -> Param:
    """``value`` with every plain parameter that is a key of ``names`` replaced by its name there: an
    entry's key (``captured.Ann``, ``layout``) named as the form or the page names it."""
    if isinstance(value, Message):
        return Message(value.id, tuple((key, renamed(param, names)) for key, param in value.params), value.plural)
    if isinstance(value, Join):
        return Join(tuple(renamed(item, names) for item in value.items), value.separator)
    if isinstance(value, str):
        return names.get(value, value)
    return value


def as_message(text: str | Message) -> Message:
    """A message as it is; a plain string as a message of its own (shown as it is in every language)."""
    return text if isinstance(text, Message) else Message(text)


def from_json(data: Mapping[str, Any]) -> Message:
    """The message :meth:`Message.as_json` wrote."""
    params = tuple((name, _param_from_json(value)) for name, value in dict(data.get("params") or {}).items())
    return Message(str(data["id"]), params, data.get("plural"))


def render(value: Param, translations: Translations = ENGLISH) -> str:
    """Any parameter (a message, a join, a plain value) as text in the language of ``translations``."""
    return _render_param(value, translations)


def _render_param(value: Param, translations: Translations) -> str:
    if isinstance(value, Message | Join):
        return value.render(translations)
    return str(value)


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return {"message": value.as_json()}
    if isinstance(value, Join):
        return {"join": [_param_json(item) for item in value.items], "separator": value.separator}
    return value


def _param_from_json(value: Any) -> Param:
    if isinstance(value, dict):
        if "message" in value:
            return from_json(value["message"])
        if "join" in value:
            return Join(tuple(_param_from_json(item) for item in value["join"]), str(value.get("separator", ", ")))
    # A plain value as stored: a name, a number, a card (JSON gives nothing else where a message put one).
    return cast(Param, value)
