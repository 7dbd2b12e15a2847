"""Editor tokens never reach a log line.

The editor link (``/e/<code>/edit/<token>``) grants editing to whoever opens it, so the request
lines that werkzeug (``flask run``) and gunicorn print, and the app's own error log, show it as
``/edit/…`` instead, however the request spelt it (percent-escapes included). The filter rewrites
the formatted message, whatever shape its arguments have (werkzeug passes a tuple, gunicorn's
access log a dict of atoms), and the text of a record's traceback.
"""

from __future__ import annotations

import logging
import re

from flask import Flask


def _spelt(text: str) -> str:
    """A pattern for ``text`` as a request line may spell it: each character as itself or percent-escaped,
    the escape itself escaped any number of times (``e``, ``%65``, ``%2565``); letters in any case."""
    return "".join(f"(?:{re.escape(ch)}|%(?:25)*{ord(ch):02x})" for ch in text)


#: ``/edit/`` and the token after it, however the path spells them (``edit%2F…``, ``%65dit/…``): a server
#: decodes the escapes before routing, so any spelling may reach the editor link, and a log prints it as sent.
_EDITOR_LINK = re.compile(rf"({_spelt('/edit/')})[^/\s?#\"']+", re.IGNORECASE)
MASK = r"\1…"

#: Loggers that print request paths: the dev server's, gunicorn's access and error logs.
REQUEST_LOGGERS = ("werkzeug", "gunicorn.access", "gunicorn.error")


def mask_tokens(text: str) -> str:
    return _EDITOR_LINK.sub(MASK, text)


class EditorTokenFilter(logging.Filter):
    """Masks editor tokens in every record that passes, its traceback included; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            # Formatted here once, as a handler's formatter would (it reads exc_text when it is set).
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_tokens(record.exc_text)
        return True


def install(app: Flask) -> None:
    """Put the filter on the request loggers and the app's logger (once each)."""
    for logger in (*(logging.getLogger(name) for name in REQUEST_LOGGERS), app.logger):
        if not any(isinstance(f, EditorTokenFilter) for f in logger.filters):
            logger.addFilter(EditorTokenFilter())
