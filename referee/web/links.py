"""The address in links and QR codes (the view link, the editor link, a printed sheet's live link).

It comes from configuration, never from whatever Host header a request carried:

- ``PUBLIC_URL`` (environment or config), e.g. ``https://cards.example.org``: every link starts so;
- else ``TRUSTED_HOSTS`` (Flask's own setting; the environment gives it comma separated): Flask
  refuses a request for any other host, so the request's host may be used;
- else, as when serving phones on the same Wi-Fi, only a host that is an IP address or
  ``localhost`` is taken from the request; any other name falls back to the address the server
  itself listens on.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Any

from flask import Flask, current_app, has_request_context, request


def configure(app: Flask) -> None:
    """Read ``PUBLIC_URL`` and ``TRUSTED_HOSTS`` from the environment unless the config has them, and
    make every absolute link of the app (``url_for(…, _external=True)``, templates included) follow them."""
    public = app.config.get("PUBLIC_URL") or os.environ.get("PUBLIC_URL")
    app.config["PUBLIC_URL"] = public.rstrip("/") if public else None
    hosts = os.environ.get("TRUSTED_HOSTS")
    if not app.config.get("TRUSTED_HOSTS") and hosts:
        app.config["TRUSTED_HOSTS"] = [h.strip() for h in hosts.split(",") if h.strip()]
    relative_url_for = app.url_for

    def url_for(endpoint: str, *, _external: bool | None = None, **values: Any) -> str:
        if not _external or not has_request_context():
            return relative_url_for(endpoint, _external=_external, **values)
        return link_base() + relative_url_for(endpoint, _external=False, **values)

    app.url_for = url_for  # type: ignore[method-assign]
    app.jinja_env.globals["url_for"] = url_for


def link_base() -> str:
    """Scheme and host that absolute links start with, in this request."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return public
    if current_app.config.get("TRUSTED_HOSTS") or _plain_host(request.host):
        return request.host_url.rstrip("/")
    return f"{request.scheme}://{_server_address()}"


def _plain_host(host: str) -> bool:
    """An IP address or ``localhost`` (with or without a port): nothing a forged name can hide behind."""
    name = host[1:].split("]", 1)[0] if host.startswith("[") else host.split(":", 1)[0]
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _server_address() -> str:
    environ = request.environ
    name, port = environ.get("SERVER_NAME", "localhost"), str(environ.get("SERVER_PORT", ""))
    default = {"http": "80", "https": "443"}.get(request.scheme)
    return name if port in ("", default) else f"{name}:{port}"
