"""``GET /healthz``: whether this server can serve, for a reverse proxy, a load balancer or an orchestrator.

200 when the database answers and its schema is at the newest revision of the migrations this code
carries; else 503 (the database unreachable, its schema missing, behind, or of a newer release). The
answer is a small JSON object, never cached, and costs one query.

It is answered before the app sees the request: no session, no language, no form token, and no
``TRUSTED_HOSTS`` check, since a probe asks by the server's own address rather than the public name.
It says nothing but the states above and the schema revisions; why the database could not be reached
goes to the error log, for whoever runs the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import Flask
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from referee.web.store.db import db

PATH = "/healthz"


@cache
def _script(migrations: str) -> ScriptDirectory:
    return ScriptDirectory(migrations)


def health(app: Flask) -> tuple[int, dict[str, Any]]:
    """The status and the answer of a health check of ``app``'s database."""
    script = _script(app.extensions["migrate"].directory)
    head = script.get_current_head()
    with app.app_context():
        try:
            connection = db.engine.connect()
        except SQLAlchemyError as error:
            app.logger.error("Health check: the database is unreachable: %s", error)
            return 503, {"status": "unavailable", "database": "unreachable"}
        with connection:
            try:
                revisions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
            except SQLAlchemyError:
                return 503, {"status": "unavailable", "database": "reachable", "schema": "missing", "head": head}
    revision = revisions[0] if len(revisions) == 1 else None
    answer = {"database": "reachable", "schema": "current", "revision": revision, "head": head}
    if revision == head:
        return 200, {"status": "ok", **answer}
    known = revision is not None and _known(script, revision)
    return 503, {"status": "unavailable", **answer, "schema": "behind" if known else "unknown"}


def _known(script: ScriptDirectory, revision: str) -> bool:
    """A revision of these migrations (an older schema), not one of a newer release's."""
    try:
        return script.get_revision(revision) is not None
    except CommandError:
        return False


def install(app: Flask) -> None:
    """Answer :data:`PATH` in front of the app (and of any proxy fix: the probe's address does not matter)."""
    inner = app.wsgi_app

    def wsgi_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != PATH or environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return inner(environ, start_response)
        status, answer = health(app)
        body = json.dumps(answer).encode()
        start_response(
            f"{status} {'OK' if status == 200 else 'Service Unavailable'}",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(body))),
                ("Cache-Control", "no-store"),
            ],
        )
        return [b""] if environ["REQUEST_METHOD"] == "HEAD" else [body]

    app.wsgi_app = wsgi_app  # type: ignore[method-assign]
