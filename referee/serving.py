"""gunicorn's settings for ``./run.sh`` (``gunicorn --config python:referee.serving``), read from the environment.

- ``HOST`` and ``PORT``: where it listens (``127.0.0.1:5000``; ``HOST=0.0.0.0`` for the phones on the Wi-Fi).
- ``WORKERS`` processes of ``THREADS`` threads each (2 × 8: an evening's phones, and the load benchmark's
  200 followers and 20 score keepers, with room to spare on two cores). A follower's poll costs a few
  milliseconds; a PDF holds one thread for a second or so (at most ``PDF_RENDERS`` at once on the machine).
- The app is loaded once, before the workers fork (``preload_app``): the database is upgraded, the
  catalogs compiled and the code read once, the workers share that memory, and an app that cannot start
  stops the server at once with its reason rather than workers failing one after another. Each worker
  then opens database connections of its own (:func:`when_ready`). Two workers take about 120 MB
  (proportional set size) so, against 165 MB when each loads the app itself.
- ``timeout``: a worker whose main loop is silent for 30 s is restarted. It stays at 30 s or more: a
  request waiting for SQLite's write lock gives up well before (its busy timeout is shorter).
- ``graceful_timeout``: on SIGTERM the server stops listening and the requests in flight have 30 s to
  finish (Ctrl-C, SIGINT, stops it at once).
- One access log line per request to stdout (editor links masked, :mod:`referee.web.http.logmask`),
  errors to stderr.
- Forwarded headers are never trusted by gunicorn itself: the app trusts them only when told how many
  proxies stand in front of it (``PROXY_COUNT``, :mod:`referee.web.http.proxy`).

Any other gunicorn setting can be given in ``GUNICORN_CMD_ARGS`` (gunicorn reads it itself).
"""

from __future__ import annotations

import os
from typing import Any


def _number(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"{name} must be a whole number of at least 1, not {value!r}")
    return int(value)


def _address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


wsgi_app = "referee:create_app()"
bind = [_address(os.environ.get("HOST") or "127.0.0.1", _number("PORT", 5000))]
workers = _number("WORKERS", 2)
worker_class = "gthread"
threads = _number("THREADS", 8)
preload_app = True
timeout = 30
graceful_timeout = 30
# A follower polls every 4 s (static/js/live.js): its connection stays open between two polls.
keepalive = 5
accesslog = "-"
# The client, the time, the worker's process id, the request, its status, size and duration, the browser.
access_log_format = '%(h)s %(t)s %(p)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
errorlog = "-"
forwarded_allow_ips = ""
secure_scheme_headers: dict[str, str] = {}
forwarder_headers = ""
# gunicorn 25 and later open a control socket at one path per user: two servers of one user would share it.
control_socket_disable = True


def when_ready(server: Any) -> None:
    """In the master, once the app is loaded and before any worker forks: the code's version is read
    (kept pages and PDFs are tagged with it: every worker then tags with the code it runs, even if
    files change on disk meanwhile), and the database connections of the start are closed, so that
    no worker inherits a connection it would share with the others; each opens its own."""
    from referee.web.http.conditional import code_version
    from referee.web.store.db import db

    code_version()
    with server.app.wsgi().app_context():
        for engine in db.engines.values():
            engine.dispose()
