"""Conditional GETs: sheet pages and version polls answer ``304 Not Modified`` to a matching ETag.

A follower's phone polls the version of what it shows and reloads when it changes (static/js/live.js).
The ETag of a page is known before anything is rendered: it is made of the match's (or evening's)
version, what the viewer may do there (an editor sees other buttons than a follower), and the code
version (so a new release never serves an old page as current), and the reader's language.
A 304 then costs two small queries.

A page holds nothing of its reader but the form token of an editor's forms: every follower of one
version sees the same page, and so does every editor. Such a page is rendered once per tag, role,
address and language and kept for all of them (``shared``), the editor's token standing in it as a
slot filled per request. A room of phones reloading after a deal costs one rendering, not one each,
and so do the score keepers' phones.

The tags are weak: the compressed and the plain body of one version are the same page.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable, Hashable
from functools import cache
from pathlib import Path
from typing import Any

from cachetools import LRUCache
from flask import Response, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf

from referee.web.http.i18n import language

ROOT = Path(__file__).resolve().parents[3]
#: What a page is made from: a change of any file under these changes every ETag and cached PDF.
_SOURCES = ("referee", "templates", "static")


@cache
def code_version() -> str:
    """A short digest of the app's code, templates and static files (names, sizes and contents).

    Every worker of one installation computes the same value, so a tag given by one is honoured by another.
    """
    digest = hashlib.blake2b(digest_size=8)
    for folder in _SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix not in (".pyc", ".mo") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def page_tag(kind: str, version: object) -> str:
    """What one page or poll answer is made from: its kind, its version, the code and the language."""
    return ".".join((kind, str(version), code_version(), language()))


def etag_for(kind: str, version: object, *, editor: bool) -> str:
    """The tag of one page or poll answer as this viewer sees it.

    An editor's page carries a form token bound to the browser's session, so the session's raw
    token takes part in the tag: a browser whose session changed never reuses an old form.
    """
    tag = page_tag(kind, version)
    if editor:
        raw = str(session.get(_token_name(), ""))
        tag += ".edit-" + hashlib.blake2b(raw.encode(), digest_size=6).hexdigest()
    return tag


def _token_name() -> str:
    return str(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def _flashes_pending() -> bool:
    """A message waits to be shown once: the page that shows it is never answered from a cache."""
    return bool(session.get("_flashes"))


#: How many characters of followers' pages each app keeps, in all (a sheet is 10 to 40 thousand).
SHARED_PAGE_CHARACTERS = 16_000_000
#: Seconds a reader waits for another thread's rendering of the same page before rendering it itself.
RENDER_WAIT = 10.0
_SHARED = "referee.shared_pages"


def _shared_pages() -> tuple[LRUCache[Hashable, str], threading.Lock, dict[Hashable, threading.Event]]:
    """The kept pages, their lock, and the renderings under way (each key's, set when it is done)."""
    kept = current_app.extensions.get(_SHARED)
    if kept is None:
        kept = current_app.extensions.setdefault(
            _SHARED, (LRUCache(maxsize=SHARED_PAGE_CHARACTERS, getsizeof=len), threading.Lock(), {})
        )
    return kept


#: Stands in a kept page for the form token of whoever reads it: a word no page holds otherwise.
_TOKEN_SLOT = "form-token-" + secrets.token_hex(16)


def _render_for_all(render: Callable[[], str]) -> tuple[str, bool]:
    """``render()`` with the slot in place of the reader's form token, and whether the page may be kept.

    It may not when a form made before the rendering already holds the reader's own token: the page
    is then this reader's alone.
    """
    name = _token_name()
    own = g.pop(name, None)
    setattr(g, name, _TOKEN_SLOT)
    try:
        page = render()
    finally:
        g.pop(name, None)
        if own is not None:
            setattr(g, name, own)
    return page, own is None or own not in page


def _rendered_once(key: Hashable, render: Callable[[], str]) -> str:
    """The page kept under ``key`` with this reader's form token, rendered now if it is not kept.

    Rendered once however many readers ask at the same moment (a room of phones after a deal): the
    first renders, the others wait for its page (at most :data:`RENDER_WAIT` seconds; then, or when
    its page could not be kept, they render their own).
    """
    pages, lock, rendering = _shared_pages()
    with lock:
        page = pages.get(key)
        under_way = rendering.get(key) if page is None else None
        mine = page is None and under_way is None
        if mine:
            under_way = rendering[key] = threading.Event()
    if page is None and not mine and under_way is not None and under_way.wait(RENDER_WAIT):
        with lock:
            page = pages.get(key)
    if page is None:
        try:
            page, keep = _render_for_all(render)
            if keep and len(page) <= SHARED_PAGE_CHARACTERS // 8:
                with lock:
                    pages[key] = page
        finally:
            if mine and under_way is not None:
                with lock:
                    rendering.pop(key, None)
                under_way.set()
    return page.replace(_TOKEN_SLOT, generate_csrf()) if _TOKEN_SLOT in page else page


def conditional(
    kind: str, version: object, render: Callable[[], Any], *, editor: bool, shared: Hashable | None = None
) -> Response:
    """``304 Not Modified`` when the browser already holds this version of ``kind``; else ``render()``
    it, tagged (:func:`etag_for`).

    Browsers revalidate a tagged page at every use (``no-cache``); a page showing a one-time message
    is neither answered from nor kept in a cache. ``shared``, given for a page that holds nothing of
    its reader but an editor's form token, names what it shows beside its version (the evening's
    name, the match's creation time): the page is then rendered once for every reader of one role
    who asks for it at one address (the share box's links and QR codes use it).
    """
    if _flashes_pending():
        response = make_response(render())
        response.headers["Cache-Control"] = "no-store"
        return response
    etag = etag_for(kind, version, editor=editor)
    if request.if_none_match.contains_weak(etag):
        response = current_app.response_class(status=304)
    elif shared is not None:
        key = (page_tag(kind, version), editor, request.host_url, request.full_path, shared)
        response = make_response(_rendered_once(key, render))
    else:
        response = make_response(render())
        if response.status_code != 200:
            return response
    response.set_etag(etag, weak=True)
    response.headers.setdefault("Cache-Control", "private, no-cache")
    return response
