"""Home, starting an evening, and the API documentation page."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from referee.errors import InputError
from referee.messages import Message, msg
from referee.rules.registry import GAMES
from referee.web.collection import collector_held_off
from referee.web.forms.common import EveningForm, ImportForm
from referee.web.http import rights
from referee.web.http.i18n import language, say
from referee.web.http.jsonin import JSONInputError, decode_json
from referee.web.presentation.helpers import long_date
from referee.web.services.transfer import (
    MAX_GROUP_IMPORT_BYTES,
    MAX_IMPORT_BYTES,
    MAX_UPLOAD_BYTES,
    import_file,
    is_group_file,
)
from referee.web.store.db import db
from referee.web.store.models import Group

pages = Blueprint("pages", __name__)


@pages.route("/", methods=["GET", "POST"])
def home() -> Any:
    form = EveningForm()
    evening = form.evening(_("Game night, %(date)s", date=long_date(date.today())))
    if evening is not None:
        db.session.add(evening)
        db.session.commit()
        rights.grant(evening)
        return redirect(url_for("sheets.evening", code=evening.code))
    status = 400 if form.is_submitted() else 200
    return (
        render_template(
            "home.html",
            form=form,
            recent=rights.known_evenings(),
            groups=rights.known_groups(),
            games=list(GAMES.values()),
        ),
        status,
    )


@pages.route("/import", methods=["GET", "POST"])
def import_page() -> Any:
    form = ImportForm()
    if form.validate_on_submit():
        raw = form.file.data.read()
        try:
            with collector_held_off():
                data = decode_json(raw, field="file")
                if len(raw) > MAX_IMPORT_BYTES and not is_group_file(data):
                    raise InputError(evening_too_large(), field="file")
                imported = import_file(data)
        except JSONInputError as error:
            form.file.errors = [
                say(evening_too_large())
                if len(raw) > MAX_IMPORT_BYTES
                else _("This file cannot be read (%(reason)s): choose an exported evening's .json", reason=say(error))
            ]
        except InputError as error:
            db.session.rollback()
            form.file.errors = [say(error)]
        else:
            rights.grant(imported)
            flash(_("“%(name)s” imported, with new links.", name=imported.name))
            if isinstance(imported, Group):
                for evening in imported.evenings:
                    rights.grant(evening)
                return redirect(url_for("groups.group", code=imported.code))
            return redirect(url_for("sheets.evening", code=imported.code))
    status = 400 if form.is_submitted() else 200
    return render_template("import.html", form=form), status


#: The claim shown on the API page: Clabber E21 with the makers' bell forgotten.
CLAIM_EXAMPLE = {
    "makers": "NS",
    "points": {"NS": 100, "EW": 62},
    "melds": {"NS": 0, "EW": 50},
    "bells": {"NS": 20, "EW": 0},
    "claim": {"NS": 100, "EW": 112},
}


def allow_import_files() -> None:
    """Let ``/import`` read a file up to MAX_UPLOAD_BYTES (other requests keep the app's limit).

    A group file may take all of it; an evening file is refused above MAX_IMPORT_BYTES once read.
    Registered on the app before CSRF protection, which reads the form first.
    """
    if request.endpoint == "pages.import_page":
        request.max_content_length = MAX_UPLOAD_BYTES


def evening_too_large() -> Message:
    return msg(
        "This file is larger than {size} MB, the most an exported evening holds: is it the .json file of an evening?",
        size=f"{MAX_IMPORT_BYTES / 1024 / 1024:.1f}",
    )


def file_too_large() -> Any:
    """The import form again (413), with why the file was refused at its field."""
    form = ImportForm(formdata=None)
    form.file.errors = [
        _(
            "This file is larger than %(size)s MB, the most an exported group holds: "
            "is it the .json file of an evening or a group?",
            size=f"{MAX_GROUP_IMPORT_BYTES / 1024 / 1024:.1f}",
        )
    ]
    return render_template("import.html", form=form), 413


@pages.get("/api")
def api_docs() -> Any:
    claim = GAMES["clabber"].checks["deal"].judge(CLAIM_EXAMPLE)["claim"]
    return render_template(
        "api_docs.html",
        games=list(GAMES.values()),
        claim_example={"request": CLAIM_EXAMPLE, "answer": claim},
    )


@cache
def _manifest_file(static_folder: str) -> dict[str, Any]:
    return json.loads((Path(static_folder) / "manifest.webmanifest").read_text(encoding="utf-8"))


@pages.get("/manifest.webmanifest")
def manifest() -> Any:
    """The web app manifest in the reader's language: the phone's home screen names the app in it.

    ``static/manifest.webmanifest`` holds the rest (colours, icons); its icons are served from ``static/``.
    """
    stored = _manifest_file(str(current_app.static_folder))
    answer = {
        **stored,
        "name": _("Table Referee"),
        "short_name": _("Referee"),
        "description": _(
            "Checks, scores and explains each deal of a real card table, and keeps the evening's score sheets."
        ),
        "lang": language(),
        "icons": [{**icon, "src": url_for("static", filename=icon["src"]).lstrip("/")} for icon in stored["icons"]],
    }
    return current_app.response_class(json.dumps(answer, ensure_ascii=False), mimetype="application/manifest+json")
