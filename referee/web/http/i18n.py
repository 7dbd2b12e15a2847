"""English and Japanese: the reader's language, the switch between them, and messages shown in it.

The language is, in order: a ``lang`` query parameter (a printed page's choice, an API call), the
``lang`` cookie the switch sets, then the browser's ``Accept-Language``. Messages of the rules layer
(:mod:`referee.messages`) are rendered with the merged catalogs of :mod:`referee.catalogs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, g, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations
from markupsafe import Markup
from werkzeug.wrappers import Response

from referee import catalogs
from referee.errors import InputError
from referee.messages import Join, Message, from_json, render
from referee.web.http.proxy import served_securely

LANGUAGES = catalogs.LANGUAGES
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
"""Each language named in itself, so the switch reads right whatever the page's language."""
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600

babel = Babel()
bp = Blueprint("language", __name__)


def init_app(app: Flask) -> None:
    catalogs.compile_stale()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(catalogs.directories()))
    babel.init_app(app, locale_selector=select_language)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # the i18n extension's
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
    )
    app.register_blueprint(bp)
    app.jinja_env.filters["say"] = say
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.context_processor(_language_context)
    app.after_request(_vary_by_language)


def catalog() -> Any:
    """The catalog of this request's language, looked up once per request.

    Flask-Babel finds it anew at every call (the locale, the domain, its cache: a page says a few
    hundred words). It is kept where Flask-Babel's own ``force_locale`` and ``refresh`` clear it, so
    an API answer given in another language still gets that language's catalog.
    """
    state = getattr(g, "_flask_babel", None)
    kept = getattr(state, "babel_translations", None)
    if kept is None:
        kept = get_translations()
        state = getattr(g, "_flask_babel", None)
        if state is not None:
            state.babel_translations = kept
    return kept


def select_language() -> str:
    chosen = request.args.get(COOKIE) or request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=LANGUAGES[0]) or LANGUAGES[0]


def language() -> str:
    """The language of this request (``en`` or ``ja``)."""
    locale = get_locale()
    return locale.language if locale is not None else LANGUAGES[0]


def say(value: Any) -> str:
    """A message, an explanation step, an input error or a plain value, in the reader's language."""
    if isinstance(value, Markup):
        return value
    if isinstance(value, Mapping):  # a step or an error as an answer of a check holds it: {"text", "message", …}
        stored = value.get("message")
        message = from_json(stored) if isinstance(stored, Mapping) else value.get("text", "")
    else:
        message = value.msg if isinstance(value, InputError) else getattr(value, "message", value)
    if isinstance(message, Message | Join):
        return render(message, catalog())
    return str(message)


@bp.get("/lang/<code>")
def switch(code: str) -> Response:
    """Switch the language and go back to the page the switch was on (a path of this site only)."""
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True, secure=served_securely())
    return response


def _language_context() -> dict[str, Any]:
    current = language()
    if "language_links" not in g:
        path = request.full_path if request.query_string else request.path
        g.language_links = [
            (code, LANGUAGE_NAMES[code], url_for("language.switch", code=code, next=path)) for code in LANGUAGES
        ]
    return {"current_language": current, "language_links": g.language_links}


def _vary_by_language(response: Response) -> Response:
    """Caches keep one copy per language: the page depends on the cookie and ``Accept-Language``.

    A page says its language (the phone's service worker keeps its offline page in the reader's language)."""
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    if response.mimetype == "text/html":
        response.headers.setdefault("Content-Language", language())
    return response
