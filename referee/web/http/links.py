"""The address in links and QR codes (the view link, the editor link, a printed sheet's live link).

It comes from configuration, never from whatever Host header a request carried:

- ``PUBLIC_URL`` (environment or config), e.g. ``https://cards.example.org``: every link starts so;
- else ``TRUSTED_HOSTS`` (Flask's own setting; the environment gives it comma separated): Flask
  refuses a request for any other host, so the request's host may be used;
- else, as when serving phones on the same Wi-Fi, only a host that is an IP address or
  ``localhost`` is taken from the request; any other name falls back to the address the server
  itself listens on.

A page opened on the laptop itself (``127.0.0.1``, ``localhost``) would hand the other phones a
link to *their own* loopback: links then carry the machine's address on the local network instead,
and :func:`sharing` tells the share box what happened (or that the server listens on loopback only,
so no other phone can reach it until it is started with ``HOST=0.0.0.0``).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g, has_request_context, request


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
    app.jinja_env.globals["sharing"] = sharing


def link_base() -> str:
    """Scheme and host that absolute links start with, in this request."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return public
    sharing_state = sharing()
    if sharing_state.lan_base:
        return sharing_state.lan_base
    if current_app.config.get("TRUSTED_HOSTS") or _plain_host(request.host):
        return request.host_url.rstrip("/")
    return f"{request.scheme}://{_server_address()}"


@dataclass(frozen=True)
class Sharing:
    """How this request's page reaches the other phones."""

    loopback: str | None = None
    """The loopback host the page was opened on (``127.0.0.1:5000``), if it was."""
    lan_base: str | None = None
    """The machine's address on the local network that links use instead, if the server listens there."""
    loopback_only: bool = False
    """The server listens on loopback only: no other phone can reach it, whatever the link."""


def sharing() -> Sharing:
    """Whether the page was opened on loopback, and what the links use instead (kept for the request)."""
    if "sharing" in g:
        return g.sharing
    state = Sharing()
    if not current_app.config.get("PUBLIC_URL") and _is_loopback(request.host):
        listening = str(request.environ.get("SERVER_NAME", ""))
        if _is_loopback(listening):
            state = Sharing(loopback=request.host, loopback_only=True)
        else:
            address = lan_address()
            port = str(request.environ.get("SERVER_PORT", ""))
            default = {"http": "80", "https": "443"}.get(request.scheme)
            host = address if port in ("", default) else f"{address}:{port}"
            state = Sharing(loopback=request.host, lan_base=f"{request.scheme}://{host}" if address else None)
    g.sharing = state
    return state


def lan_address() -> str | None:
    """This machine's address on the local network: the source address of a route outwards.

    Connecting a UDP socket sends nothing; it only asks the system which interface would be used.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, any default route will do
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_loopback else address


def _is_loopback(host: str) -> bool:
    name = (
        host[1:].split("]", 1)[0] if host.startswith("[") else host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    )
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


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
