"""The skeleton every referee page stands on: a page is declared (:class:`RefereePage`), its form says how to
read what was typed (:class:`RefereeForm`), and one view answers them all.

On a post the view reads the form and the optional claim, runs the game's check on them (the same request
the JSON API takes, so a page and the API can never disagree) and shows the verdict with its explanation
and clause links. A form or claim it cannot read, or input the check refuses, is answered 400 with every
problem at its field at once, and everything typed stays in the boxes.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import render_template
from flask_wtf import FlaskForm
from wtforms import Field
from wtforms.form import FormMeta

from referee.errors import InputError
from referee.rules.checks import Check
from referee.rules.game import Game
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import add_error, place_error
from referee.web.http.i18n import say

#: A page's verdict: its check's answer as the API gives it (or the rules' own, where no check asks it);
#: None when there is no verdict to show.
Result = Any


class _FormMeta(FormMeta, ABCMeta):
    """WTForms' form class, whose abstract methods a subclass must write."""


class RefereeForm(FlaskForm, metaclass=_FormMeta):
    """A referee page's form: what was typed, read as the request of the page's check (:meth:`body`).

    A subclass says how it judges (:meth:`judge`: by the page's check, :class:`CheckedForm`); where its page
    differs, it says which sides may claim
    (:meth:`claim_sides`), what it checks beyond its fields (:meth:`ready`), where a refused input goes
    (:meth:`place_error`) and what else its template shows of it (:meth:`shown`).
    """

    def claim_sides(self) -> list[tuple[str, Any]] | None:
        """The claim's boxes: (side in the check's scores, its label on the page); None for a page without a claim."""
        return None

    def claim(self, check: Check) -> ClaimInput | None:
        """The claim typed beside the form, every item the check scores claimable by each side."""
        sides = self.claim_sides()
        return None if sides is None else ClaimInput.of_check(check, sides)

    def claim_names(self) -> Mapping[str, str] | None:
        """The names the claim's sides go to the check under, when its boxes stand for sides named in the form."""
        return None

    def ready(self) -> bool:
        """Whether the form, its fields read, goes to the check: not on a step, and not when a check of the
        form's own (marking its field) refuses it."""
        return not self.is_step()

    def is_step(self) -> bool:
        """Whether this post only changed the form (more rows) and wants no verdict: answered 200."""
        return False

    @abstractmethod
    def judge(self, check: Check | None, claim: ClaimInput | None) -> Result:
        """The verdict on the form as typed and the claim (None when input is refused: its errors go to the
        fields); ``check`` is the page's check, None for a page no check of the API asks."""

    def place_errors(self, error: InputError) -> None:
        """Every one of the errors at its field (:meth:`place_error`)."""
        for one in error.each():
            self.place_error(one)

    def place_error(self, error: InputError) -> None:
        """At the field the error names, else above the form."""
        place_error(self, error)

    def place_at(self, target: Field | None, error: InputError) -> None:
        """At ``target``, a field of the form; without one, at the field the error names, else above the form."""
        if target is None:
            place_error(self, error)
        else:
            add_error(target, say(error))

    def status(self, result: Result) -> int:
        """400 for a post that got no verdict (its problems are at their fields), else 200."""
        return 400 if self.is_submitted() and result is None and not self.is_step() else 200

    def shown(self, result: Result) -> dict[str, Any]:
        """What the page's template shows of the form beyond the form itself (the seats, the cards read)."""
        return {}


class CheckedForm(RefereeForm):
    """A referee page's form whose verdict is the page's check's answer to the request it reads (:meth:`body`):
    the same request the JSON API takes, so a page and the API can never disagree."""

    @abstractmethod
    def body(self) -> dict[str, Any]:
        """The check's request as typed; an :class:`InputError` it raises is shown as the check's are."""

    def judge(self, check: Check | None, claim: ClaimInput | None) -> Result:
        """The check's answer to the form's request with the claim; input it refuses goes to the fields."""
        assert check is not None, "a RefereePage with a CheckedForm has a check (checked when declared)"
        try:
            body = self.body()
            return check.judge(body if claim is None else claim.into(body, self.claim_names()))
        except InputError as error:
            self.place_errors(error)
            return None


@dataclass(frozen=True)
class RefereePage:
    """One referee page, declared: the game and the check it asks (``/referee/<game>/<name>``, the check of
    that name), the question it answers (its title on the index), its form and its template (by default
    ``referee/<game>_<name>.html``). ``shows`` is what else the template is given, the same on every request.
    """

    game: Game[Any]
    name: str
    question: Any
    form: type[RefereeForm]
    template: str = ""
    shows: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if issubclass(self.form, CheckedForm) and self.check is None:
            raise LookupError(f"{self.game.slug} has no check {self.name!r} for the page's {self.form.__name__}")

    @property
    def endpoint(self) -> str:
        return f"{self.game.slug}_{self.name}"

    @property
    def path(self) -> str:
        return f"/{self.game.slug}/{self.name}"

    @property
    def check(self) -> Check | None:
        """The game's check of the page's name; None for a page whose form judges by other rules."""
        return self.game.checks.get(self.name)

    def answer(self) -> tuple[str, int]:
        """The page: the form as typed, and for a post the verdict, or every problem at its field."""
        form = self.form()
        check = self.check
        claim = form.claim(check) if check is not None else None
        result = None
        if form.validate_on_submit() and form.ready() and (claim is None or claim.valid):
            result = form.judge(check, claim)
        return render_template(
            self.template or f"referee/{self.endpoint}.html",
            form=form,
            claim=claim,
            result=result,
            game=self.game,
            question=self.question,
            **self.shows,
            **form.shown(result),
        ), form.status(result)
