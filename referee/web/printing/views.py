"""Rule cards (HTML and PDF), blank score pads, filled match sheets and the evening's record.

A filled sheet prints its game's pad filled in, a row per deal; each deal worked out in full is a
choice on the match's print page, for at most :data:`MAX_WORKED_DEALS` deals per PDF, so a
printout's work stays bounded whatever the match's length. Sheets and records read the deals'
scores without their workings, and the workings of the deals worked out alone. Every PDF comes from
:data:`referee.web.printing.pdf_cache.pdfs`, its key its ETag; one that must be rendered while the
machine's render slots are all taken is answered 503 with ``Retry-After``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask_babel import gettext as _
from jinja2 import TemplateNotFound
from sqlalchemy import select
from sqlalchemy.orm.interfaces import LoaderOption

from referee.messages import Message, msg
from referee.rules.game import Game
from referee.rules.registry import GAMES, get_game
from referee.web.http.i18n import LANGUAGE_NAMES, language, say
from referee.web.presentation.helpers import option_rows
from referee.web.presentation.standings import standings_context
from referee.web.printing.admission import RETRY_AFTER, PrinterBusy
from referee.web.printing.grid import Grid, blank_grid, filled_grid
from referee.web.printing.pads import layout_of
from referee.web.printing.pdf_cache import pdfs
from referee.web.printing.render import paper_of, render_pdf
from referee.web.printing.share import picture_of, share_images
from referee.web.services import matches as svc
from referee.web.services.scoring import ALL_SHEETS, key_of, worked_out
from referee.web.store.db import db
from referee.web.store.models import Evening, Match

printables = Blueprint("printables", __name__)

MAX_NAMES = 8
#: Deals worked out in full in one PDF: a longer stretch is printed in parts. A deal worked out takes
#: about a tenth of a second to lay out (an Iceberg deal with two hands valued), so a PDF of them stays
#: within a few seconds.
MAX_WORKED_DEALS = 20


def _game(slug: str) -> Game:
    game = get_game(slug)
    if game is None:
        abort(404)
    return game


def _pdf(data: bytes, name: str) -> Response:
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


def _kept_pdf(
    name: str, variant: tuple[object, ...], render: Callable[[], bytes], *, on_disk: bool = True, public: bool = True
) -> Response:
    """A PDF that only its variant and the reader's language decide, from the cache; its key is its ETag
    (304 when the browser has it, asked for nothing). ``public=False``: a PDF of an evening, which only
    holders of its link may see, is kept by no shared cache."""
    key = pdfs.key(*variant, language())
    if key in request.if_none_match:
        response = Response(status=304)
    else:
        response = _pdf(pdfs.get(key, render, on_disk=on_disk), name)
    response.set_etag(key)
    response.headers["Cache-Control"] = f"{'public' if public else 'private'}, no-cache"
    return response


@printables.app_template_global()
def pad_grid(game: Game, names: Sequence[str], rows: int, *, first: int | None = 1, carried: bool = False) -> Grid:
    """A blank pad's grid of ``game`` for ``names`` (see :func:`referee.web.printing.grid.blank_grid`)."""
    return blank_grid(layout_of(game.slug), game, names, rows, first=first, carried=carried)


@printables.errorhandler(PrinterBusy)
def printer_busy(_error: PrinterBusy) -> Any:
    message = _("Other printouts are being made right now. Try again in a few seconds.")
    page = render_template("error.html", status=503, title=_("The printer is busy"), message=message)
    return page, 503, {"Retry-After": str(RETRY_AFTER)}


@printables.get("/print/")
def index() -> Any:
    """The printables, in the language the page is read in (``?lang=`` switches it); the PDF links carry it."""
    return render_template(
        "printables.html",
        games=list(GAMES.values()),
        print_language=language(),
        print_languages=list(LANGUAGE_NAMES.items()),
    )


@printables.get("/rules/<slug>")
def rulecard(slug: str) -> Any:
    return render_template("rulecard.html", game=_game(slug))


@printables.get("/rules/<slug>.pdf")
def rulecard_pdf(slug: str) -> Any:
    game = _game(slug)
    paper = paper_of(request.args.get("paper"))
    return _kept_pdf(
        f"{slug}-rules.pdf",
        ("rulecard", slug, paper),
        lambda: render_pdf("print/rulecard.html", paper=paper, game=game),
    )


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
        return _kept_pdf(
            f"{slug}-score-pad.pdf",
            ("pad", slug, paper, players, *names),
            lambda: render_pdf(f"pads/{slug}.html", paper=paper, game=game, names=names, players=players),
            on_disk=not any(names),
        )
    except TemplateNotFound:
        abort(404)


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


def _evening_match(code: str, match_id: int) -> tuple[Evening, Match]:
    evening = _evening(code)
    match = db.session.get(Match, match_id)
    if match is None or match.evening_id != evening.id or get_game(match.game) is None:
        abort(404)
    return evening, match


class WorkingsError(ValueError):
    """The stretch of deals to work out in full cannot be printed; the message says why."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def worked_deals(first: str | None, last: str | None, deals: int) -> range:
    """The deals to print worked out in full: ``first``–``last`` (1-based, inclusive), at most MAX_WORKED_DEALS."""
    try:
        start = int(first) if first else 1
        stop = int(last) if last else min(deals, start + MAX_WORKED_DEALS - 1)
    except ValueError as error:
        raise WorkingsError(msg("Deal numbers are whole numbers.")) from error
    if not 1 <= start <= stop <= deals:
        raise WorkingsError(msg("Choose deals between 1 and {deals}, the first not after the last.", deals=deals))
    if stop - start + 1 > MAX_WORKED_DEALS:
        raise WorkingsError(
            msg(
                "At most {most} deals print worked out at once: print deals {start} to {stop}, then the next ones.",
                most=MAX_WORKED_DEALS,
                start=start,
                stop=start + MAX_WORKED_DEALS - 1,
            )
        )
    return range(start, stop + 1)


@printables.get("/e/<code>/matches/<int:match_id>/print")
def match_print(code: str, match_id: int) -> Any:
    """The print page of a match: the sheet with a row per deal, or with deals worked out in full."""
    evening, match = _evening_match(code, match_id)
    return render_template(
        "match_print.html",
        evening=evening,
        match=match,
        game=svc.game_of(match),
        deals=len(svc.scored(match).deals),
        limit=MAX_WORKED_DEALS,
        error=None,
    )


@printables.get("/e/<code>/matches/<int:match_id>/sheet.pdf")
def match_pdf(code: str, match_id: int) -> Any:
    """The filled sheet; ``workings=1`` with ``first``/``last`` also works out those deals in full."""
    evening, match = _evening_match(code, match_id)
    game = svc.game_of(match)
    # The whole sheet: its pad's grid reads each game's own columns from the deals' details (a sheet read
    # without its workings keeps only what the sheet itself needs). The PDF is kept per version, and the
    # sheet is usually kept already from its page.
    result = svc.scored(match)
    worked: range = range(0)
    if request.args.get("workings"):
        try:
            worked = worked_deals(request.args.get("first"), request.args.get("last"), len(result.deals))
        except WorkingsError as error:
            page = render_template(
                "match_print.html",
                evening=evening,
                match=match,
                game=game,
                deals=len(result.deals),
                limit=MAX_WORKED_DEALS,
                error=say(error.message),
            )
            return page, 400
    paper = paper_of(request.args.get("paper"))
    live = url_for("sheets.match", code=code, match_id=match_id, _external=True)
    variant = ("sheet", evening.code, evening.name, match.id, match.created_at, match.version, paper, worked, live)
    setup = svc.setup_of(match)
    return _kept_pdf(
        f"{game.slug}-sheet.pdf",
        variant,
        lambda: render_pdf(
            "print/match.html",
            paper=paper,
            evening=evening,
            match=match,
            game=game,
            result=result,
            grid=filled_grid(layout_of(game.slug), game, setup, result),
            worked=worked_out(match, worked),
            options=option_rows(game, match.options, len(match.seats)),
            setup=setup,
            live_url=live,
        ),
        public=False,
    )


@printables.get("/e/<code>/matches/<int:match_id>/share.png")
def match_share_png(code: str, match_id: int) -> Any:
    """The sheet as a picture for the group chat (see :mod:`referee.web.printing.share`), for whoever
    holds the evening's view link; kept per match version and language, its key its ETag."""
    evening, match = _evening_match(code, match_id)
    key = share_images.key("share", *key_of(match), evening.name, language())
    if key in request.if_none_match:
        response = Response(status=304)
    else:

        def draw() -> bytes:
            pdf = render_pdf(
                "print/share.html", evening=evening, match=match, game=svc.game_of(match), result=svc.scored(match)
            )
            return picture_of(pdf)

        response = Response(share_images.get(key, draw, on_disk=False), mimetype="image/png")
        name = f"{svc.game_of(match).slug}-{match.id}.png"
        response.headers["Content-Disposition"] = f'inline; filename="{name}"'
    response.set_etag(key)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@printables.get("/e/<code>/record.pdf")
def evening_pdf(code: str) -> Any:
    evening = _evening(code, *ALL_SHEETS)
    paper = paper_of(request.args.get("paper"))
    live = url_for("sheets.evening", code=code, _external=True)
    variant = ("record", evening.code, evening.name, evening.created_at, *evening.player_names)
    variant += (svc.evening_version(evening), paper, live)

    def render() -> bytes:
        matches = [m for m in evening.matches if get_game(m.game)]
        rows = [
            {"match": m, "game": svc.game_of(m), "result": result}
            for m, result in zip(matches, svc.scored_all(matches, workings=False), strict=True)
        ]
        return render_pdf(
            "print/evening.html",
            paper=paper,
            evening=evening,
            rows=rows,
            live_url=live,
            **standings_context(evening, rows),
        )

    return _kept_pdf("evening-record.pdf", variant, render, public=False)
