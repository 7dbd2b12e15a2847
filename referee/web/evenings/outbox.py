"""What a phone's scripts hear of the deals it sends: answers to its outbox, and the changes its drafts follow.

A deal form submitted while the server cannot be reached is kept on the phone and sent again later, in
order, by ``static/js/outbox.js`` (from the page, or from the service worker). Such a send says so in a
header, and is answered in JSON rather than with a page: ``accepted`` with the deal's number, or
``refused`` with every problem in the reader's language. The phone then opens a refused deal's form by
posting it once more as a plain form, marked ``reopened``: the page that answers shows everything typed
and every problem at once, as for any refused deal.

A change saved from a form is announced with a message whose category names it (``entered``,
``corrected`` or ``undone``, the sheet and the deal's number): the phone's drafts (``static/js/drafts.js``)
then drop what they kept for that deal, and its outbox learns that a reopened deal was saved.
"""

from __future__ import annotations

from typing import Any

from flask import flash, jsonify, request
from flask_babel import gettext as _

from referee.rules.game import MatchSetup
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import error_summary
from referee.web.forms.entries import EntryForm
from referee.web.http.i18n import say

#: The header of a send from the phone's outbox.
HEADER = "X-Referee-Outbox"
#: The field of a refused deal posted again to open its form.
REOPENED = "reopened"


def from_queue() -> bool:
    """Whether this request is a deal sent from the phone's outbox (answered in JSON)."""
    return request.method == "POST" and request.headers.get(HEADER) == "1"


def reopened() -> bool:
    """Whether this request opens the form of a deal that the outbox sent and the server refused."""
    return request.method == "POST" and request.form.get(REOPENED) == "1"


def accepted(number: int, sheet: str) -> Any:
    return jsonify(outcome="accepted", number=number, sheet=sheet)


def refused(messages: list[str], status: int = 409) -> Any:
    return jsonify(outcome="refused", messages=messages), status


def refused_form(form: EntryForm, claim: ClaimInput, setup: MatchSetup, dealer: str | None) -> Any:
    """A refused deal's problems, every one of them, as its page would list them."""
    form.prepare(setup, dealer)
    messages = []
    for problem in error_summary(form, claim.problems()):
        said = say(problem.message)
        messages.append(_("%(field)s: %(problem)s", field=str(problem.label), problem=said) if problem.label else said)
    return refused(messages, 400)


def flash_change(message: str, change: str, sheet: str, number: int) -> None:
    """Show ``message`` on the next page, marked with the change it tells of for the phone's scripts."""
    flash(message, f"{change} {sheet} {number}")
