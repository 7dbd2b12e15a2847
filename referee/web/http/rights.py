"""Who may change an evening or a group, and which evenings a browser knows: both kept in the session.

An evening has two unguessable links: the view link (``/e/<code>``), which can never change
anything, and the editor link (``/e/<code>/edit/<editor_token>``), which grants editing to the
browser that opens it. Tokens come from :mod:`secrets` and are compared in constant time.

The session (a signed cookie, readable by whoever holds it) keeps one short entry per evening
the browser made or opened, newest first and at most :data:`MAX_REMEMBERED` of them, so its size
never grows with use: ``[evening id, proof]``, where the proof of editor rights is an HMAC of the
editor token (empty for a view-only visit). The token itself is never in the cookie. The home page
lists exactly these evenings, so nobody sees an evening they were not given a link to.

A group's links work the same way; its entries are kept in a list of their own (ids of groups and
of evenings are separate sequences), bounded in the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Protocol

from flask import abort, g, redirect, request, session, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from referee.web.store.db import db
from referee.web.store.models import Evening, Group

_SESSION_KEY = "evenings"
_GROUPS_KEY = "groups"
#: The session of older versions, which held every editor token in full; read once, then dropped.
_LEGACY_KEY = "editor_tokens"
#: Evenings a browser remembers; the oldest drops out (its links still work when opened again).
MAX_REMEMBERED = 30
_PROOF_LENGTH = 16

Entry = tuple[int, str]


class Shared(Protocol):
    """An evening or a group: what its links and rights are made of."""

    id: int
    code: str
    editor_token: str


def _key(item: Shared) -> str:
    return _GROUPS_KEY if isinstance(item, Group) else _SESSION_KEY


def _proof(evening: Shared) -> str:
    """Shows the browser was given the editor token, without being the token."""
    digest = hmac.new(evening.editor_token.encode(), b"table-referee editor", hashlib.sha256).hexdigest()
    return digest[:_PROOF_LENGTH]


def _entries(key: str = _SESSION_KEY) -> list[Entry]:
    entries: list[Entry] = []
    for item in session.get(key, []) if isinstance(session.get(key), list) else []:
        if isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], str):
            entries.append((item[0], item[1]))
    if key == _SESSION_KEY and _LEGACY_KEY in session:
        entries = _from_legacy(session.pop(_LEGACY_KEY), entries)
        _store(entries)
    return entries


def _from_legacy(tokens: object, entries: list[Entry]) -> list[Entry]:
    if not isinstance(tokens, dict):
        return entries
    codes = [code for code, token in tokens.items() if isinstance(code, str) and isinstance(token, str)]
    for evening in db.session.scalars(select(Evening).where(Evening.code.in_(codes[:MAX_REMEMBERED]))):
        if secrets.compare_digest(str(tokens[evening.code]), evening.editor_token):
            entries.append((evening.id, _proof(evening)))
    return entries


def _store(entries: Sequence[Entry], key: str = _SESSION_KEY) -> None:
    session[key] = [list(entry) for entry in entries[:MAX_REMEMBERED]]
    session.permanent = True


def _put_first(evening: Shared, proof: str) -> None:
    key = _key(evening)
    entries = _entries(key)
    if entries and entries[0] == (evening.id, proof):
        return
    _store([(evening.id, proof), *(e for e in entries if e[0] != evening.id)], key)


def grant(evening: Shared) -> None:
    """This browser made the evening (or group) or opened its editor link: it may edit."""
    _put_first(evening, _proof(evening))


def can_edit(evening: Shared) -> bool:
    proof = next((p for i, p in _entries(_key(evening)) if i == evening.id), "")
    return bool(proof) and secrets.compare_digest(proof, _proof(evening))


def token_matches(evening: Shared, token: str) -> bool:
    """Whether ``token`` is the editor token, in a link requested as the app writes it.

    A server decodes percent-escapes before routing, so ``/e/<code>/edit%2F<token>`` reaches the editor
    link too, while the request line is logged as sent. Codes and tokens never need an escape: a link
    holding one is refused, so only links as written grant editing.
    """
    raw = str(request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or "")
    return "%" not in raw.partition("?")[0] and secrets.compare_digest(token.encode(), evening.editor_token.encode())


def follow_editor_link(shared: Shared, token: str, page: str) -> Response:
    """The answer to an editor link: the browser may now edit ``shared`` and is sent to its page (the
    endpoint ``page``); a token that is not its editor token, or is spelt with escapes, is a 404."""
    if not token_matches(shared, token):
        abort(404)
    grant(shared)
    return redirect(url_for(page, code=shared.code))


def require_editor(evening: Shared) -> None:
    """Refuse (403) a change from a browser that holds only the view link."""
    if not can_edit(evening):
        abort(403)


def remember(evening: Shared) -> None:
    """Note the evening as opened by this browser, and make ``can_edit`` available to the templates."""
    g.can_edit = can_edit(evening)
    _put_first(evening, _proof(evening) if g.can_edit else "")


def known_groups() -> list[Group]:
    """The groups this browser made or opened, the most recently opened first."""
    ids = [i for i, _ in _entries(_GROUPS_KEY)]
    if not ids:
        return []
    found = {group.id: group for group in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
    return [found[i] for i in ids if i in found]


def joinable_groups(evening: Evening) -> list[Group]:
    """The groups this browser may edit that the evening could join (none once it belongs to one)."""
    if evening.group_id is not None:
        return []
    return [group for group in known_groups() if can_edit(group)]


def known_evenings() -> list[Evening]:
    """The evenings this browser made or opened, the most recently opened first."""
    ids = [i for i, _ in _entries()]
    if not ids:
        return []
    found = {e.id: e for e in db.session.scalars(select(Evening).where(Evening.id.in_(ids)))}
    return [found[i] for i in ids if i in found]
