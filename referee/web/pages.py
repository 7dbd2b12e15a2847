"""Home, starting an evening, and the API documentation page."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, redirect, render_template, url_for
from sqlalchemy import select

from referee.rules.registry import GAMES
from referee.web import rights
from referee.web.db import db
from referee.web.forms import EveningForm, split_names
from referee.web.models import Evening, Player

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


@pages.get("/api")
def api_docs() -> Any:
    return render_template("api_docs.html", games=list(GAMES.values()))
