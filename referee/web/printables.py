"""Rule cards (HTML and PDF), blank score pads, filled match sheets and the evening's record."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, render_template, request, url_for
from jinja2 import TemplateNotFound
from sqlalchemy import select
from sqlalchemy.orm.interfaces import LoaderOption

from referee.rules.game import Game
from referee.rules.registry import GAMES, get_game
from referee.web import matches as svc
from referee.web.db import db
from referee.web.models import Evening, Match
from referee.web.presentation import option_rows
from referee.web.printing import paper_of, render_pdf
from referee.web.scoring import ALL_SHEETS
from referee.web.standing_views import standings_context

printables = Blueprint("printables", __name__)

MAX_NAMES = 8


def _game(slug: str) -> Game:
    game = get_game(slug)
    if game is None:
        abort(404)
    return game


def _pdf(data: bytes, name: str) -> Response:
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


@printables.get("/print/")
def index() -> Any:
    return render_template("printables.html", games=list(GAMES.values()))


@printables.get("/rules/<slug>")
def rulecard(slug: str) -> Any:
    return render_template("rulecard.html", game=_game(slug))


@printables.get("/rules/<slug>.pdf")
def rulecard_pdf(slug: str) -> Any:
    game = _game(slug)
    paper = paper_of(request.args.get("paper"))
    return _pdf(render_pdf("print/rulecard.html", paper=paper, game=game), f"{slug}-rules.pdf")


@printables.get("/print/<slug>/pad.pdf")
def pad_pdf(slug: str) -> Any:
    """A blank score pad; ``names`` (comma separated) prints the players' names in the columns."""
    game = _game(slug)
    raw = request.args.get("names", "").strip()
    # Empty entries keep their seat blank: "Ann,,Cy" leaves seat 2 to be written in by hand.
    names = [n.strip()[:24] for n in raw.split(",")][:MAX_NAMES] if raw else []
    players = pad_players(game.player_counts, request.args.get("players"), len(names))
    names = (names + [""] * players)[:players]
    paper = paper_of(request.args.get("paper"))
    try:
        pdf = render_pdf(f"pads/{slug}.html", paper=paper, game=game, names=names, players=players, today=date.today())
    except TemplateNotFound:
        abort(404)
    return _pdf(pdf, f"{slug}-score-pad.pdf")


def pad_players(counts: Sequence[int], asked: str | None, names: int) -> int:
    """How many columns a blank pad gets: room for every name typed and at least the count asked
    for (four names on a pad left at "2" make a 4-player pad), as the game allows."""
    try:
        wanted = max(int(asked or 0), names)
    except ValueError:
        wanted = names
    fitting = [n for n in sorted(counts) if n >= wanted]
    return fitting[0] if fitting else max(counts)


def _evening(code: str, *options: LoaderOption) -> Evening:
    evening = db.session.scalar(select(Evening).where(Evening.code == code).options(*options))
    if evening is None:
        abort(404)
    return evening


@printables.get("/e/<code>/matches/<int:match_id>/sheet.pdf")
def match_pdf(code: str, match_id: int) -> Any:
    evening = _evening(code)
    match = db.session.get(Match, match_id)
    if match is None or match.evening_id != evening.id or get_game(match.game) is None:
        abort(404)
    game = svc.game_of(match)
    live = url_for("sheets.match", code=code, match_id=match_id, _external=True)
    pdf = render_pdf(
        "print/match.html",
        paper=paper_of(request.args.get("paper")),
        evening=evening,
        match=match,
        game=game,
        result=svc.scored(match),
        options=option_rows(game, match.options, len(match.seats)),
        setup=svc.setup_of(match),
        live_url=live,
    )
    return _pdf(pdf, f"{game.slug}-sheet.pdf")


@printables.get("/e/<code>/record.pdf")
def evening_pdf(code: str) -> Any:
    evening = _evening(code, *ALL_SHEETS)
    rows = [{"match": m, "game": svc.game_of(m), "result": svc.scored(m)} for m in evening.matches if get_game(m.game)]
    live = url_for("sheets.evening", code=code, _external=True)
    pdf = render_pdf(
        "print/evening.html",
        paper=paper_of(request.args.get("paper")),
        evening=evening,
        rows=rows,
        live_url=live,
        **standings_context(evening, rows),
    )
    return _pdf(pdf, "evening-record.pdf")
