"""The app as gunicorn's workers serve it in the tests of ``test_served.py``, its slow parts slowed down.

gunicorn makes the app with ``tests.web.served_app:slowed_app(...)`` before its workers fork: a PDF render
then takes ``pdf_seconds`` longer, and each rendering of a match's sheet ``page_seconds`` longer and
leaves a line in ``instance/sheet-renderings.log``, so a test can tell how many renderings a burst cost.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from flask import Flask, template_rendered

from referee import create_app
from referee.web.store.db import db


def slowed_app(instance: str, database: str, *, pdf_seconds: float, page_seconds: float, renders: int) -> Flask:
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": instance, "SQLALCHEMY_DATABASE_URI": database, "PDF_RENDERS": renders}
    )
    from referee.web.printing import views

    render_pdf = views.render_pdf

    def slow_pdf(template: str, **context: Any) -> bytes:
        time.sleep(pdf_seconds)
        return render_pdf(template, **context)

    views.render_pdf = slow_pdf
    log = Path(instance) / "sheet-renderings.log"

    def rendered(_app: Flask, template: Any, context: dict[str, Any], **_extra: Any) -> None:
        if template.name == "match.html":
            time.sleep(page_seconds)
            with log.open("a") as out:
                out.write("match.html\n")

    template_rendered.connect(rendered, app, weak=False)
    with app.app_context():
        db.engine.dispose()  # the workers fork from here: each opens connections of its own
    return app
