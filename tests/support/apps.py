"""Apps shared by the tests of a module: made once, their state put back before each test.

An app keeps more than its database: the scored sheets and the pages kept for followers
(``app.extensions``), the static PDFs in ``pdf-cache/`` in its instance folder, and its configuration,
which a test may change. :func:`fresh_state` puts all of it back, so no test sees what another left:
a kept page or sheet of another test's match never answers.

The PDFs kept in memory (``pdf_cache.pdfs``) stay from test to test: they are keyed by the code's
version and everything that changes the PDF (game, paper, players, names and language; for a sheet
or a record its evening's random code, its creation time and version), so a kept one is the very
PDF the test would render, only without the second of CPU it costs. The tests of that cache empty it
first.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from referee import create_app


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept in memory for every app of the process: a template is compiled once per
    run, not once per app (a bucket whose source changed is compiled again: its checksum differs)."""

    def __init__(self) -> None:
        self._codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._codes[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = MemoryBytecodeCache()

#: What an app keeps per app in ``app.extensions`` (scored sheets; pages kept for followers).
KEPT = ("referee.scored", "referee.shared_pages")


def app_on(url: str, instance: Path, **config: Any) -> Flask:
    """An app for tests on ``url``, a database already at the newest schema (no upgrade at start)."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(instance),
            "SQLALCHEMY_DATABASE_URI": url,
            "UPGRADE_ON_START": False,
            **config,
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


def fresh_state(app: Flask, config: dict[str, Any]) -> None:
    """Put back the app's ``config`` and forget everything it kept."""
    app.config.clear()
    app.config.update(config)
    for name in KEPT:
        app.extensions.pop(name, None)
    shutil.rmtree(Path(app.instance_path) / "pdf-cache", ignore_errors=True)
