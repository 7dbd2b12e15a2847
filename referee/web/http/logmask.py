"""Editor tokens never reach a log line.

The editor link (``/e/<code>/edit/<token>``) grants editing to whoever opens it, so the request
lines that werkzeug (``flask run``) and gunicorn print, and the app's own error log, show it as
``/edit/…`` instead. The filter rewrites the formatted message, whatever shape its arguments have
(werkzeug passes a tuple, gunicorn's access log a dict of atoms).
"""

from __future__ import annotations

import logging
import re

from flask import Flask

_EDITOR_LINK = re.compile(r"(/edit/)[^/\s?#\"']+")
MASK = r"\1…"

#: Loggers that print request paths: the dev server's, gunicorn's access and error logs.
REQUEST_LOGGERS = ("werkzeug", "gunicorn.access", "gunicorn.error")


def mask_tokens(text: str) -> str:
    return _EDITOR_LINK.sub(MASK, text)


class EditorTokenFilter(logging.Filter):
    """Masks editor tokens in every record that passes; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def install(app: Flask) -> None:
    """Put the filter on the request loggers and the app's logger (once each)."""
    for logger in (*(logging.getLogger(name) for name in REQUEST_LOGGERS), app.logger):
        if not any(isinstance(f, EditorTokenFilter) for f in logger.filters):
            logger.addFilter(EditorTokenFilter())
