"""Served behind a reverse proxy, over HTTPS: forwarded headers trusted by configuration, cookies ``Secure``.

- ``PROXY_COUNT`` (environment or config, 0 by default): how many proxies stand in front of the app.
  With 1 or more, the address, scheme, host and port a client used are read from the last that many
  ``X-Forwarded-For``, ``-Proto``, ``-Host`` and ``-Port`` values (Werkzeug's ``ProxyFix``); without it
  those headers are ignored, since any client could send them. The proxy must set (not append to) each
  of them, so that no value a client sent is taken for the proxy's.
- Cookies (the session, which also holds the form tokens, and the language) are ``Secure`` whenever the
  request came over HTTPS or ``PUBLIC_URL`` is an ``https://`` address: a browser then never sends
  them over plain HTTP.
- ``HSTS_SECONDS`` (environment or config, off by default): answers over HTTPS carry
  ``Strict-Transport-Security: max-age=<seconds>``, so browsers use HTTPS only from then on.
- Flask-WTF's check that a form posted over HTTPS names this site as its referrer is off: the pages
  tell browsers to send no referrer at all (``Referrer-Policy: no-referrer``, which keeps evening links
  from other sites), and the form token bound to the session, with a ``SameSite=Lax`` session cookie,
  already proves the form came from this site.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix


def install(app: Flask) -> None:
    """Trust ``PROXY_COUNT`` proxies, make cookies Secure over HTTPS, and send HSTS when asked to."""
    count = _whole_number(app, "PROXY_COUNT")
    app.config["PROXY_COUNT"] = count
    if count:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=count, x_proto=count, x_host=count, x_port=count
        )
    app.config["HSTS_SECONDS"] = _whole_number(app, "HSTS_SECONDS")
    app.config.setdefault("WTF_CSRF_SSL_STRICT", False)
    app.session_interface = SessionCookies()
    app.after_request(_strict_transport)


def _whole_number(app: Flask, name: str) -> int:
    value = app.config.get(name)
    if value is None:
        value = os.environ.get(name, "").strip() or 0
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise ValueError(f"{name} must be a whole number (0 or more), not {value!r}")
    return number


def served_securely() -> bool:
    """The reader reaches the app over HTTPS: this request came so, or the app's public address is https."""
    public = current_app.config.get("PUBLIC_URL") or ""
    return public.startswith("https://") or (has_request_context() and request.is_secure)


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed session cookie, ``Secure`` when served over HTTPS (or as configured)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or served_securely()


def _strict_transport(response: Any) -> Any:
    seconds = current_app.config["HSTS_SECONDS"]
    if seconds and request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", f"max-age={seconds}")
    return response
