"""Who may change an evening: whoever holds its editor token, remembered in the session.

An evening has two unguessable links: the view link (``/e/<code>``), which can never change
anything, and the editor link (``/e/<code>/edit/<editor_token>``), which grants editing to the
browser that opens it. Tokens come from :mod:`secrets` and are compared in constant time.
"""

from __future__ import annotations

import secrets

from flask import abort, g, session

from referee.web.models import Evening

_SESSION_KEY = "editor_tokens"


def grant(evening: Evening) -> None:
    tokens = dict(session.get(_SESSION_KEY, {}))
    tokens[evening.code] = evening.editor_token
    session[_SESSION_KEY] = tokens
    session.permanent = True


def can_edit(evening: Evening) -> bool:
    token = session.get(_SESSION_KEY, {}).get(evening.code)
    return isinstance(token, str) and secrets.compare_digest(token, evening.editor_token)


def token_matches(evening: Evening, token: str) -> bool:
    return secrets.compare_digest(token.encode(), evening.editor_token.encode())


def require_editor(evening: Evening) -> None:
    """Refuse (403) a change from a browser that holds only the view link."""
    if not can_edit(evening):
        abort(403)


def remember(evening: Evening) -> None:
    """Make ``can_edit`` available to the templates of this request."""
    g.can_edit = can_edit(evening)
