"""Home, starting an evening, and the API documentation page."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from sqlalchemy import select

from referee.errors import InputError
from referee.rules.registry import GAMES
from referee.web import rights
from referee.web.db import db
from referee.web.forms import EveningForm, ImportForm, split_names
from referee.web.models import Evening, Player
from referee.web.transfer import import_evening

pages = Blueprint("pages", __name__)

RECENT = 10


@pages.route("/", methods=["GET", "POST"])
def home() -> Any:
    form = EveningForm()
    if form.validate_on_submit():
        names = split_names(form.players.data)
        problem = _player_problem(names)
        if problem:
            form.players.errors = [problem]
        else:
            evening = Evening(name=(form.name.data or "").strip() or f"Game night, {date.today():%d %B %Y}")
            evening.players = [Player(name=n, position=i) for i, n in enumerate(names)]
            db.session.add(evening)
            db.session.commit()
            rights.grant(evening)
            return redirect(url_for("sheets.evening", code=evening.code))
    recent = db.session.scalars(select(Evening).order_by(Evening.created_at.desc(), Evening.id.desc()).limit(RECENT))
    return render_template("home.html", form=form, recent=list(recent), games=list(GAMES.values()))


def _player_problem(names: list[str]) -> str | None:
    too_long = next((n for n in names if len(n) > 40), None)
    if too_long:
        return f"“{too_long[:20]}…” is longer than 40 characters"
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return f"{name} is listed twice"
        seen.add(name.casefold())
    return None


@pages.route("/import", methods=["GET", "POST"])
def import_page() -> Any:
    form = ImportForm()
    if form.validate_on_submit():
        try:
            data = json.loads(form.file.data.read().decode("utf-8"))
            evening = import_evening(data)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            form.file.errors = ["This file is not JSON: choose the .json file of an exported evening"]
        except InputError as error:
            db.session.rollback()
            form.file.errors = [error.message]
        else:
            rights.grant(evening)
            flash(f"“{evening.name}” imported, with new links.")
            return redirect(url_for("sheets.evening", code=evening.code))
    status = 400 if form.is_submitted() else 200
    return render_template("import.html", form=form), status


@pages.get("/api")
def api_docs() -> Any:
    return render_template("api_docs.html", games=list(GAMES.values()))
