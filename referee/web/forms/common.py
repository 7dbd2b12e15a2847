"""Flask-WTF forms of the score sheet. Every form carries a CSRF token."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import request
from flask_babel import LazyString
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    Field,
    FieldList,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, Optional, StopValidation, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from referee.errors import InputError
from referee.messages import msg
from referee.rules.game import Game
from referee.rules.options import Option
from referee.rules.standings import SCHEMES
from referee.web.http.i18n import say
from referee.web.services.names import MAX_EVENING_NAME, name_problem, names_problem
from referee.web.store.models import Evening, Player


class EveningForm(FlaskForm):
    name = StringField(
        _l("Evening"),
        validators=[Optional(), Length(max=120, message=_l("At most %(max)d characters"))],
        description=_l("e.g. Friday at Ann's"),
    )
    players = TextAreaField(
        _l("Players"),
        validators=[Optional(), Length(max=2000, message=_l("At most %(max)d characters"))],
        description=_l("One name per line, or separated by commas"),
    )

    def evening(self, default_name: str) -> Evening | None:
        """The evening this posted form describes, or None with every problem placed at its field."""
        if not self.validate_on_submit():
            return None
        names = split_names(self.players.data)
        problem = names_problem(names)
        name_error = name_problem(self.name.data or "", MAX_EVENING_NAME)
        if problem:
            self.players.errors = [problem]
        if name_error:
            self.name.errors = [name_error]
        if problem or name_error:
            return None
        evening = Evening(name=(self.name.data or "").strip() or default_name)
        evening.players = [Player(name=n, position=i) for i, n in enumerate(names)]
        return evening


class GroupForm(FlaskForm):
    name = StringField(
        _l("Group"),
        validators=[
            DataRequired(message=_l("Name the group")),
            Length(max=120, message=_l("At most %(max)d characters")),
        ],
        description=_l("e.g. The Thursday table"),
    )


class JoinEveningForm(FlaskForm):
    link = StringField(
        _l("Evening link"),
        validators=[
            DataRequired(message=_l("Paste the evening's link")),
            Length(max=300, message=_l("At most %(max)d characters")),
        ],
        description=_l("The evening's view link; this phone must hold its editor link"),
    )


class PlacingForm(FlaskForm):
    """How an evening's finished matches give placing points: one of the schemes, in the reader's language."""

    placing = SelectField(_l("Placing points"), choices=[])

    @classmethod
    def of(cls, evening: Evening) -> PlacingForm:
        """The form of ``evening``'s setting: as it is on a GET, as posted otherwise."""
        form = cls(data={"placing": evening.placing} if request.method == "GET" else None)
        form.placing.choices = [
            (scheme.id, _("%(label)s: %(help)s", label=say(scheme.label), help=say(scheme.help)))
            for scheme in SCHEMES.values()
        ]
        return form


class ImportForm(FlaskForm):
    file = FileField(
        _l("Evening file (JSON)"),
        validators=[FileRequired(message=_l("Choose the .json file of an exported evening"))],
        description=_l("A file saved with “Export JSON” on an evening's page"),
    )


class PlayerForm(FlaskForm):
    name = StringField(
        _l("Name"),
        validators=[DataRequired(message=_l("Enter a name")), Length(max=40, message=_l("At most %(max)d characters"))],
    )


class ConfirmForm(FlaskForm):
    """A button that changes something: only its CSRF token is posted."""


class UndoForm(FlaskForm):
    """Confirms the undo of the deal the page showed (its number and version)."""

    number = HiddenField()
    version = HiddenField()

    def validate(self, extra_validators: Any = None) -> bool:
        if not super().validate(extra_validators):
            return False
        for field in (self.number, self.version):
            field.data = stored_int(field.data)
        return True


def stored_int(text: object) -> int | None:
    """A hidden number field's value: None when empty or garbled; 0 (matching no record) when out of
    an INTEGER column's range, so an altered form is refused as stale rather than reaching the database."""
    if text in (None, ""):
        return None
    try:
        value = int(str(text))
    except ValueError:
        return None
    return value if 0 <= value <= 2**31 - 1 else 0


class WholeNumberField(IntegerField):
    """A number box that keeps what was typed: a text box with the phone's digit keys, never a browser's
    number box, which sends a value it cannot read ("1e") as nothing at all. What is no whole number is
    shown back in the box with "Enter a whole number, such as 40".

    ``signed`` boxes take a minus sign too, so they keep the full keyboard (a digits-only one has none).
    The range is the validators' to check, with a message at the field; the box states no ``min`` or
    ``max`` (a text box has none).

    It also refuses, at the field, a number of more digits than any score has: WTForms turns any run of
    digits into an int, and its NumberRange then compares it with a float: hundreds of digits end in an
    OverflowError (a 500) instead of a message.
    """

    MAX_DIGITS = 12
    widget = TextInput()
    data: int | None

    def __init__(self, *args: Any, signed: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("invalid_value_message", _l("Enter a whole number, such as 40"))
        keys = {"pattern": "-?[0-9]*"} if signed else {"inputmode": "numeric", "pattern": "[0-9]*"}
        kwargs["render_kw"] = {**keys, "autocomplete": "off", **(kwargs.get("render_kw") or {})}
        super().__init__(*args, **kwargs)

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-")) > self.MAX_DIGITS:
            self.data = None
            raise ValueError(_l("Enter a whole number of at most %(digits)s digits", digits=self.MAX_DIGITS))
        super().process_formdata(valuelist)

    def pre_validate(self, form: Any) -> None:
        """A value that is no number is refused once, by what it is: its range is not checked as well
        (a blank box is left to the validators, ``Optional`` or ``InputRequired``)."""
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


#: The longest part of a refused value a message repeats.
_SHOWN = 30


def unknown_choice(value: object, field: Field) -> str:
    """Why ``value`` is refused at choice ``field``: it names the value and the choices the field offers."""
    offered = _(", ").join(str(choice.label) for choice in field.iter_choices() if choice.value not in ("", None))
    if value in (None, "", []):
        return _("Choose one of: %(choices)s", choices=offered)
    shown = str(value)
    shown = shown if len(shown) <= _SHOWN else shown[: _SHOWN - 1] + "…"
    return _("“%(value)s” is not one of the choices here: %(choices)s", value=shown, choices=offered)


class KnownChoice:
    """A choice field (select, radios, checkboxes) that refuses a value it does not offer with a message
    naming the value and the choices, never reading it as the default."""

    def pre_validate(self, form: FlaskForm) -> None:
        data = getattr(self, "data", None)
        validators = getattr(self, "validators", ())
        if data in (None, "") and any(isinstance(v, InputRequired | DataRequired) for v in validators):
            return  # the field's own validator says what to choose
        try:
            super().pre_validate(form)  # type: ignore[misc]
        except ValidationError:
            if isinstance(data, list):
                offered = {str(choice.value) for choice in self.iter_choices()}  # type: ignore[attr-defined]
                data = next((value for value in data if str(value) not in offered), data)
            raise ValidationError(unknown_choice(data, self)) from None


class ChoiceField(KnownChoice, SelectField):
    """A select that refuses an unknown value at the field (see :class:`KnownChoice`)."""


class RadioChoiceField(KnownChoice, RadioField):
    """Radio buttons that refuse an unknown value at the field (see :class:`KnownChoice`)."""


class MultiCheckboxField(KnownChoice, SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def choices(pairs: list[tuple[str, Any]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


def lazy_say(*values: Any, pattern: str = "{}") -> LazyString:
    """``values`` (rules-layer messages or plain text) in the reader's language when the page is drawn,
    put into ``pattern`` (labels are made before the language is known)."""
    return LazyString(lambda: pattern.format(*(say(value) for value in values)))


def split_names(text: str) -> list[str]:
    parts = [p.strip() for chunk in (text or "").splitlines() for p in chunk.split(",")]
    return [p for p in parts if p]


class WithinBounds:
    """A house option's number within its bounds, else refused at its box in words: "Enter a multiple of 50
    from 100 to 5000" (rather than the rules' message about the option's id)."""

    def __init__(self, option: Option) -> None:
        self.option = option

    def __call__(self, form: FlaskForm, field: Field) -> None:
        if field.data is not None and not self.option.allows(field.data):
            raise ValidationError(say(msg("Enter {bounds}", bounds=self.option.bounds())))


def option_field_name(option: Option, key: str | None = None) -> str:
    return f"opt_{option.id}" + (f"__{key}" if key else "")


def option_fields(options: tuple[Option, ...]) -> dict[str, Field]:
    fields: dict[str, Any] = {}
    for option in options:
        label = lazy_say(option.label, option.clause, pattern="{} ({})")
        if option.kind == "int_map":
            for key in option.choices:
                fields[option_field_name(option, key)] = WholeNumberField(
                    lazy_say(option.label, option.choice_label(key), pattern="{}: {}"),
                    default=option.default[key],
                    validators=[Optional(), WithinBounds(option)],
                )
        elif option.kind == "int":
            fields[option_field_name(option)] = WholeNumberField(
                label,
                default=option.default,
                validators=[Optional(), WithinBounds(option)],
                description=lazy_say(option.help or ""),
            )
        elif option.kind == "subset":
            fields[option_field_name(option)] = MultiCheckboxField(
                label,
                choices=choices([(str(c), lazy_say(option.choice_label(c))) for c in option.choices]),
                default=[str(c) for c in option.default],
                description=lazy_say(option.help or ""),
            )
        elif option.kind == "bool":
            fields[option_field_name(option)] = ChoiceField(
                label,
                choices=choices([("false", _l("no")), ("true", _l("yes"))]),
                default="true" if option.default else "false",
                description=lazy_say(option.help or ""),
            )
        else:
            fields[option_field_name(option)] = ChoiceField(
                label,
                choices=choices([(str(c), lazy_say(option.choice_label(c))) for c in option.choices]),
                default=str(option.default),
                description=lazy_say(option.help or ""),
            )
    return fields


def raw_options(form: FlaskForm, options: tuple[Option, ...]) -> dict[str, Any]:
    """The options as the rules layer parses them, read from the form's fields."""
    raw: dict[str, Any] = {}
    for option in options:
        if option.kind == "int_map":
            raw[option.id] = {
                key: getattr(form, option_field_name(option, key)).data
                for key in option.choices
                if getattr(form, option_field_name(option, key)).data is not None
            }
        elif option.kind == "subset":
            raw[option.id] = list(getattr(form, option_field_name(option)).data or [])
        else:
            value = getattr(form, option_field_name(option)).data
            if value is not None:
                raw[option.id] = value
    return raw


def match_form_class(game: Game, players: list[str]) -> type[FlaskForm]:
    """The form to start a match of ``game``: seats, first dealer, roles and house options."""
    seat_choices = choices([("", "—")] + [(p, p) for p in players])
    attrs: dict[str, Any] = {}
    for seat in range(max(game.player_counts)):
        attrs[f"seat_{seat}"] = SelectField(_l("Seat %(number)s", number=seat + 1), choices=seat_choices, default="")
    attrs["first_dealer"] = SelectField(_l("First dealer"), choices=seat_choices, default="")
    attrs.update(option_fields(game.role_options))
    attrs.update(option_fields(game.options))
    return type(f"{game.slug.capitalize()}MatchForm", (FlaskForm,), attrs)


def seats_of(form: FlaskForm, game: Game) -> list[str]:
    return [getattr(form, f"seat_{i}").data for i in range(max(game.player_counts)) if getattr(form, f"seat_{i}").data]


@dataclass(frozen=True)
class Problem:
    """One line of a refused form's summary: the message, and the field it links to (if it has one)."""

    message: Any
    field_id: str | None = None
    label: Any = None


@dataclass
class ErrorGroup:
    """Errors about several fields together, such as points that do not add up or a finishing order
    with a gap: shown with the group (the element whose id is ``anchor``) and listed in the form's
    summary just before the problems of the field named ``before``."""

    anchor: str
    label: Any
    before: str
    errors: list[Any] = dataclasses.field(default_factory=list)


_UNSHOWN = ("HiddenField", "CSRFTokenField", "VersionField")


def error_summary(form: FlaskForm, beside: Sequence[Problem] = ()) -> list[Problem]:
    """Every problem of a refused form, the form's own first, then each field's (and each group's,
    from the form's ``error_groups()``) in the order the fields are declared, then those of the
    inputs ``beside`` it on the page (the claim's boxes)."""
    problems = [Problem(message) for message in getattr(form, "form_errors", [])]
    groups = list(form.error_groups()) if hasattr(form, "error_groups") else []
    for leaf in leaf_fields(form):
        for group in groups:
            if group.before == leaf.name:
                problems.extend(Problem(message, group.anchor, group.label) for message in group.errors)
        if leaf.type in _UNSHOWN:
            continue
        problems.extend(Problem(message, leaf.id, leaf.label.text) for message in leaf.errors if message)
    names = {leaf.name for leaf in leaf_fields(form)}
    for group in groups:
        if group.before not in names:
            problems.extend(Problem(message, group.anchor, group.label) for message in group.errors)
    problems.extend(beside)
    return problems


def leaf_fields(form: Any) -> list[Field]:
    """Every field of a form, those of its lists and sub-forms included, in the page's order."""
    leaves: list[Field] = []
    for field in form:
        if isinstance(field, FieldList | FormField):
            leaves.extend(leaf_fields(field))
        else:
            leaves.append(field)
    return leaves


def add_error(field: Field, message: Any) -> None:
    """Show ``message`` at ``field``, after what it shows already.

    A field's ``errors`` is a tuple until the form is validated (WTForms), so it is replaced, not appended to.
    """
    field.errors = [*list(field.errors or []), message]


def place_error(form: FlaskForm, error: InputError, fields: dict[str, str] | None = None) -> None:
    """Show a rules-layer error at the form field it belongs to, else at the top of the form.

    ``fields`` maps the error's field (``options.target``, ``seats``) to a form field name.
    """
    name = (fields or {}).get(error.field or "", error.field or "")
    if name.startswith("options."):
        name = "opt_" + name.removeprefix("options.").split(".")[0]
    target = getattr(form, name, None) if name else None
    show_error(form, target if isinstance(target, Field) else None, error)


def show_error(form: FlaskForm, target: Field | None, error: InputError) -> None:
    """The error, in the reader's language, at ``target`` (a field of ``form``), or above the form."""
    if target is None:
        form.form_errors.append(say(error))
    else:
        add_error(target, say(error))


class VersionField(HiddenField):
    """The version of the record the form was loaded from, to refuse a stale save."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = stored_int(valuelist[0]) if valuelist else None
