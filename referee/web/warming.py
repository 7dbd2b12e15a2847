"""A new worker answers its first page as fast as its hundredth: what it would pay for once is paid at start.

A page's first rendering in a process compiles its templates (most of a cold sheet's time), loads
the reader's catalog and digests the code for the page's tag (:func:`referee.web.http.conditional.code_version`).
:func:`warm` does all of it while the app is made, before the worker takes a request. Compiled
templates are also kept as bytecode in ``instance/templates-cache/`` (Jinja's bytecode cache, written
atomically, keyed by each template's source), so the workers of one installation and its restarts
compile each template once.

Tests make many apps and render few pages each: an app made with ``TESTING`` is not warmed
(``WARM_ON_START`` decides, when given).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask_babel import force_locale, gettext
from jinja2 import FileSystemBytecodeCache

from referee.web.http.conditional import code_version
from referee.web.http.i18n import LANGUAGES


def keep_compiled_templates(app: Flask) -> None:
    """Jinja's compiled templates kept on disk under the instance folder (readable by the app's user only)."""
    folder = Path(app.instance_path) / "templates-cache"
    folder.mkdir(mode=0o700, exist_ok=True)
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(folder))


def warm(app: Flask) -> None:
    """Compile every template, load every catalog and digest the code, unless the app is told not to."""
    if not app.config.get("WARM_ON_START", not app.testing):
        return
    for name in app.jinja_env.list_templates(extensions=("html",)):
        app.jinja_env.get_template(name)
    code_version()
    with app.test_request_context():
        for code in LANGUAGES:
            with force_locale(code):
                gettext("Total")
