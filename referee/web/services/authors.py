"""Who made a change: the name a phone gave itself ("Ann's phone"), asked once and kept in its session.

The deal forms carry an optional ``device`` field; a name typed there is remembered for the next
changes from that browser, and every revision of the match stores it, so the history can say who
entered or corrected a deal. A change from a phone that never gave a name is stored without one.
Control characters are left out of the name (a NUL cannot even be stored by PostgreSQL): it is a
label for the history, not something to refuse a deal for.
"""

from __future__ import annotations

from flask import has_request_context, request, session

from referee.web.services.names import without_control

SESSION_KEY = "device"
MAX_LENGTH = 40


def current_author() -> str:
    """The name of the phone making this request's change ("" when it has none)."""
    if not has_request_context():
        return ""
    typed = " ".join(without_control(str(request.form.get(SESSION_KEY, ""))).split())[:MAX_LENGTH]
    if typed:
        session[SESSION_KEY] = typed
        return typed
    return str(session.get(SESSION_KEY, ""))[:MAX_LENGTH]


def remembered_author() -> str:
    """The name this browser gave itself, to fill the form's field."""
    return str(session.get(SESSION_KEY, "")) if has_request_context() else ""
