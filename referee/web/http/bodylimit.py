"""Request bodies without a Content-Length (chunked) held to ``MAX_CONTENT_LENGTH`` as well.

Werkzeug reads such a body only up to the limit and then stops quietly, so the app would see a
cut body (and answer as if the JSON were broken, or store half a file). This WSGI middleware reads
a chunked body first; over the limit, the request goes on with no body and a mark that makes the
app answer 413 (its own page, or the JSON error under ``/api/``); within it, the app gets the
whole body with its length.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, abort, request

TOO_LARGE = "referee.body_too_large"


class ChunkedBodyLimit:
    def __init__(self, app: Flask) -> None:
        self.app = app
        self.wsgi_app = app.wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        if environ.get("PATH_INFO") == "/import":
            from referee.web.services.transfer import (
                MAX_UPLOAD_BYTES,
            )  # an evening or group file, see pages.allow_import_files

            limit = MAX_UPLOAD_BYTES
        if limit is not None and _is_chunked(environ):
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                body, environ[TOO_LARGE] = b"", True
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.wsgi_app(environ, start_response)


def _is_chunked(environ: dict[str, Any]) -> bool:
    return not environ.get("CONTENT_LENGTH") and (
        "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower() or bool(environ.get("wsgi.input_terminated"))
    )


def install(app: Flask) -> None:
    app.wsgi_app = ChunkedBodyLimit(app)  # type: ignore[method-assign]

    @app.before_request
    def refuse_too_large() -> None:
        if request.environ.get(TOO_LARGE):
            abort(413)
