"""The evening and its score sheets: players, matches, entering, editing and undoing deals."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import Blueprint, Response, abort, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from referee.errors import InputError
from referee.rules.game import CLAIM, Game
from referee.rules.registry import GAMES, get_game
from referee.web.evenings import outbox
from referee.web.forms.claims import ClaimInput
from referee.web.forms.common import (
    ConfirmForm,
    PlacingForm,
    PlayerForm,
    UndoForm,
    match_form_class,
    place_error,
    raw_options,
    seats_of,
)
from referee.web.forms.entries import EntryForm
from referee.web.game_ui import game_ui
from referee.web.http import rights
from referee.web.http.conditional import conditional
from referee.web.http.i18n import say
from referee.web.presentation.helpers import option_rows, picker_config
from referee.web.presentation.standings import standings_context
from referee.web.services import matches as svc
from referee.web.services import people
from referee.web.services.authors import remembered_author
from referee.web.services.history import history_lines
from referee.web.services.limits import LimitReached, deals_full, matches_full
from referee.web.services.scoring import ALL_SHEETS
from referee.web.services.transfer import export_evening, sheets_csv
from referee.web.store.db import db
from referee.web.store.models import Evening, Match

sheets = Blueprint("sheets", __name__, url_prefix="/e")


def _evening(code: str, *options: LoaderOption, edit: bool = False) -> Evening:
    """The evening of a view code; with ``edit``, only for a browser holding its editor token.

    ``options`` load more at once, such as :data:`ALL_SHEETS` for a page that shows every sheet.
    """
    evening = db.session.scalar(select(Evening).where(Evening.code == code).options(*options))
    if evening is None:
        abort(404)
    if edit:
        rights.require_editor(evening)
    rights.remember(evening)
    return evening


def _match(code: str, match_id: int, *options: LoaderOption, edit: bool = False) -> tuple[Evening, Match]:
    evening = _evening(code, *options, edit=edit)
    match = db.session.get(Match, match_id)
    if match is None or match.evening_id != evening.id or get_game(match.game) is None:
        abort(404)
    return evening, match


def standings(evening: Evening) -> list[dict[str, Any]]:
    """Each match of the evening with its totals and state, for the evening page."""
    results = svc.scored_all(evening.matches, workings=False)
    return [
        {"match": match, "game": svc.game_of(match), "result": result}
        for match, result in zip(evening.matches, results, strict=True)
    ]


@sheets.get("/<code>")
def evening(code: str) -> Any:
    evening = _evening(code, *ALL_SHEETS)
    # An editor's page offers the groups this browser may add the evening to: they are part of its tag.
    groups = "-".join(str(group.id) for group in rights.joinable_groups(evening)) if g.can_edit else ""
    return conditional(
        f"evening-{evening.id}-{evening.group_id}-{groups}",
        svc.evening_version(evening),
        lambda: _evening_page(evening, PlayerForm()),
        editor=g.can_edit,
        shared=evening.name,
    )


def _evening_page(evening: Evening, player_form: PlayerForm) -> str:
    rows = standings(evening)
    return render_template(
        "evening.html",
        evening=evening,
        player_form=player_form,
        rows=rows,
        games=list(GAMES.values()),
        version=svc.evening_version(evening),
        **standings_context(evening, rows),
        placing_form=PlacingForm.of(evening),
        joinable_groups=rights.joinable_groups(evening) if g.can_edit else [],
    )


@sheets.get("/<code>/export.json")
def export_json(code: str) -> Any:
    matches = selectinload(Evening.matches)
    evening = _evening(code, *ALL_SHEETS, matches.selectinload(Match.deals), matches.selectinload(Match.revisions))
    response = jsonify(export_evening(evening))
    response.headers["Content-Disposition"] = f'attachment; filename="{_file_name(evening)}.json"'
    return response


@sheets.get("/<code>/export.csv")
def export_csv(code: str) -> Any:
    evening = _evening(code, *ALL_SHEETS)
    return Response(
        sheets_csv(evening),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{_file_name(evening)}.csv"'},
    )


def _file_name(evening: Evening) -> str:
    return "evening-" + evening.created_at.strftime("%Y-%m-%d")


@sheets.get("/<code>/version")
def evening_version_json(code: str) -> Any:
    """What live.js polls on the evening page; a matching ETag answers 304 without a body."""
    version = svc.evening_version(_evening(code))
    return conditional("evening-version", version, lambda: jsonify(version=version), editor=False)


@sheets.get("/<code>/matches/<int:match_id>/version")
def match_version(code: str, match_id: int) -> Any:
    """What live.js polls on a sheet; a matching ETag answers 304 without a body."""
    version = _match(code, match_id)[1].version
    return conditional("match-version", version, lambda: jsonify(version=version), editor=False)


@sheets.get("/<code>/edit/<token>")
def editor_link(code: str, token: str) -> Any:
    """The editor link: grants this browser the right to change the evening."""
    return rights.follow_editor_link(_evening(code), token, "sheets.evening")


@sheets.post("/<code>/players")
def add_player(code: str) -> Any:
    evening = _evening(code, *ALL_SHEETS, edit=True)
    form = PlayerForm()
    if form.validate_on_submit():
        name = form.name.data.strip()
        if not name:
            form.name.errors = [_("Enter a name")]
        else:
            try:
                people.add_player(evening, name)
            except InputError as error:
                place_error(form, error)
            else:
                return redirect(url_for("sheets.evening", code=code))
    return _evening_page(evening, form), 400


@sheets.route("/<code>/matches/new/<game_slug>", methods=["GET", "POST"])
def new_match(code: str, game_slug: str) -> Any:
    evening = _evening(code, edit=True)
    game = get_game(game_slug)
    if game is None:
        abort(404)
    full = matches_full(len(evening.matches))
    if full and request.method == "GET":  # a post is refused with its form (see svc.create_match)
        flash(say(full))
        return redirect(url_for("sheets.evening", code=code))
    form = match_form_class(game, evening.player_names)()
    if request.method == "GET":
        for i, name in enumerate(evening.player_names[: max(game.player_counts)]):
            getattr(form, f"seat_{i}").data = name
        if evening.player_names:
            form.first_dealer.data = evening.player_names[0]
    elif form.validate_on_submit():
        try:
            new = svc.check_new_match(
                game,
                evening,
                seats_of(form, game),
                form.first_dealer.data,
                raw_options(form, game.options),
                raw_options(form, game.role_options),
            )
        except InputError as error:
            place_error(form, error, {"seats": "seat_0"})
        else:
            try:
                match = svc.create_match(evening, new)
            except LimitReached as full:  # another phone started the last match meanwhile
                place_error(form, full)
                return render_template("match_new.html", evening=evening, game=game, form=form), 409
            return redirect(url_for("sheets.match", code=code, match_id=match.id))
    status = 400 if request.method == "POST" else 200
    return render_template("match_new.html", evening=evening, game=game, form=form), status


def _shown_beside_version(evening: Evening, match: Match) -> Hashable:
    """What a match's pages show beyond its version: they are rendered once for all who read them."""
    return (evening.name, match.created_at)


@sheets.get("/<code>/matches/<int:match_id>")
def match(code: str, match_id: int) -> Any:
    """The sheet: the score table and the latest deal's workings; older deals link to their own page.

    The evening's players come with it: its chart draws each player in their place's style."""
    evening, match = _match(code, match_id, joinedload(Evening.players))

    def render() -> str:
        game = svc.game_of(match)
        setup = svc.setup_of(match)
        result = svc.scored(match)
        return render_template(
            "match.html",
            evening=evening,
            match=match,
            game=game,
            result=result,
            options=option_rows(game, match.options, len(match.seats)),
            setup=setup,
            limit=game.deals_in_match(setup),
            rematch_form=ConfirmForm() if result.finished else None,
        )

    return conditional(
        f"match-{match.id}", match.version, render, editor=g.can_edit, shared=_shown_beside_version(evening, match)
    )


@sheets.get("/<code>/matches/<int:match_id>/deals/<int:number>")
def deal(code: str, match_id: int, number: int) -> Any:
    """One deal's workings, on a page of its own (``?part=workings``: only the workings, for the sheet's script)."""
    evening, match = _match(code, match_id)
    part = request.args.get("part") == "workings"

    def render() -> str:
        result = svc.scored(match)
        if not 1 <= number <= len(result.deals):
            abort(404)
        return render_template(
            "deal_workings.html" if part else "deal.html",
            evening=evening,
            match=match,
            game=svc.game_of(match),
            result=result,
            deal=result.deals[number - 1],
            setup=svc.setup_of(match),
        )

    kind = f"deal-{match.id}-{number}" + ("-part" if part else "")
    return conditional(kind, match.version, render, editor=g.can_edit, shared=_shown_beside_version(evening, match))


@sheets.post("/<code>/matches/<int:match_id>/rematch")
def rematch(code: str, match_id: int) -> Any:
    """A finished match's "play again": a new match at the same table, the next player dealing first."""
    evening, match = _match(code, match_id, edit=True)
    if not ConfirmForm().validate_on_submit() or not svc.scored(match).finished:
        abort(400)
    full = matches_full(len(evening.matches))
    if full:
        flash(say(full))
        return redirect(url_for("sheets.match", code=code, match_id=match_id))
    try:
        again, started = svc.rematch(match)
    except LimitReached as reached:  # another phone started the last match meanwhile
        flash(say(reached))
        return redirect(url_for("sheets.match", code=code, match_id=match_id))
    if started:
        flash(
            _(
                "A new %(game)s match: %(name)s deals first.",
                game=say(svc.game_of(again).name),
                name=again.seats[again.first_dealer],
            )
        )
    else:
        flash(_("This match was played again on another phone meanwhile: here is the new match."))
    return redirect(url_for("sheets.match", code=code, match_id=again.id))


@sheets.route("/<code>/matches/<int:match_id>/deals/new", methods=["GET", "POST"])
def new_deal(code: str, match_id: int) -> Any:
    evening, match = _match(code, match_id, edit=True)
    game = svc.game_of(match)
    result = svc.scored(match)
    sheet = url_for("sheets.match", code=code, match_id=match_id)
    if result.finished:
        return _no_new_deal(sheet, _("The match is over: %(status)s.", status=say(result.status)))
    number = len(result.deals) + 1
    full = deals_full(number - 1)
    if full and (request.method == "GET" or outbox.from_queue()):
        return _no_new_deal(sheet, say(full))  # a form's post comes back with what was typed (svc.add_deal)
    if request.method == "GET":
        # A new deal opens in the game's quickest mode, or in the one this phone used last (``?mode=``, which
        # the sheet's link carries when the phone's script remembers one).
        opened = game_ui(game.slug).entry_form().mode_for(request.args.get("mode"))

        def render() -> str:
            form = game_ui(game.slug).entry_form()()
            form.open_in(opened)
            form.version.data = number
            claim = _claim_input(game, match, number)
            page, _status = _deal_page(evening, match, form, claim, number, result.next_dealer, editing=False)
            return page

        # The form asks a phone's name until the phone has given one: its page and tag say which.
        kind = f"new-deal-{match.id}-{'named' if remembered_author() else 'unnamed'}-{opened}"
        return conditional(kind, match.version, render, editor=True, shared=_shown_beside_version(evening, match))
    form = game_ui(game.slug).entry_form()(setup=svc.setup_of(match))
    claim = _claim_input(game, match, number)
    if form.ready_to_score(claim_valid=claim.valid):
        entered = None
        try:
            entry = claim.into(form.to_entry())
            entered = svc.add_deal(
                match, entry, expected_number=form.version.data, entry_key=form.entry_key.data
            ).number
        except svc.AlreadyEntered as repeat:
            entered = repeat.number
        except LimitReached as full:  # another phone entered the last deal the match takes meanwhile
            if outbox.from_queue():
                return outbox.refused([say(full)])
            form.place_error(full)
            return _deal_page(evening, match, form, claim, number, result.next_dealer, editing=False, status=409)
        except OperationalError:
            _not_stored(form)
            return _deal_page(evening, match, form, claim, number, result.next_dealer, editing=False, status=503)
        except svc.DealTakenError as taken:
            return _deal_taken(evening, match, form, claim, taken.number, number, result.next_dealer)
        except InputError as error:
            for one in error.each():
                form.place_error(one)
        if entered is not None:
            if outbox.from_queue():
                return outbox.accepted(entered, f"{sheet}#deal-{entered}")
            outbox.flash_change(_("Deal %(number)s entered.", number=entered), "entered", sheet, entered)
            return redirect(f"{sheet}#deal-{entered}")
    if outbox.from_queue():
        return outbox.refused_form(form, claim, svc.setup_of(match), result.next_dealer)
    return _deal_page(evening, match, form, claim, number, result.next_dealer, editing=False)


def _deal_taken(
    evening: Evening, match: Match, form: EntryForm, claim: ClaimInput, taken: int, number: int, dealer: str | None
) -> Any:
    """Another phone entered deal ``taken`` first: the sheet says so (or the answer to the phone's outbox). A
    deal that waited on this phone while offline is shown again as deal ``number``, the next: it may be."""
    sheet = url_for("sheets.match", code=evening.code, match_id=match.id)
    message = _(
        "Deal %(number)s was entered on another phone meanwhile: check the sheet before entering more.", number=taken
    )
    if outbox.from_queue():
        return outbox.refused([message])
    if not outbox.reopened():
        flash(message)
        return redirect(f"{sheet}#deal-{taken}")
    form.form_errors.append(
        _(
            "Deal %(number)s was entered on another phone while this one waited on this phone. "
            "If this is the next deal, save it as deal %(next)s; if it is the same deal, drop it.",
            number=taken,
            next=number,
        )
    )
    form.version.data = number
    return _deal_page(evening, match, form, claim, number, dealer, editing=False, status=409)


def _no_new_deal(sheet: str, message: str) -> Any:
    """The match takes no new deal: the sheet says why, or the answer to the phone's outbox does."""
    if outbox.from_queue():
        return outbox.refused([message])
    flash(message)
    return redirect(sheet)


def _claim_input(game: Game, match: Match, number: int) -> ClaimInput:
    """A box per side for the score it claims, and its items folded away; the claim is stored with deal
    ``number`` and judged on the sheet."""
    setup = svc.setup_of(match)
    sides = [(side.name, side.name) for side in game.sides(setup)]
    return ClaimInput.read(sides, game.claim_items(setup, number), game.claim_words)


def _deal_page(
    evening: Evening,
    match: Match,
    form: EntryForm,
    claim: ClaimInput,
    number: int,
    dealer: str | None,
    *,
    editing: bool,
    newer: Any = None,
    newer_result: Any = None,
    status: int | None = None,
) -> Any:
    """The deal entry page, new or correcting: 400 when a posted deal was refused, 409 for a stale edit,
    else ``status`` when given (409 for a deal another phone's change refused, 503 for one not stored)."""
    game = svc.game_of(match)
    setup = svc.setup_of(match)
    entries = svc.Entries(match)
    form.among(entries, number)
    form.prepare(setup, dealer)
    if status is None:
        status = 409 if newer else 400 if request.method == "POST" and not form.is_step() else 200
    return render_template(
        "deal_form.html",
        evening=evening,
        match=match,
        game=game,
        form=form,
        claim=claim,
        number=number,
        dealer=dealer,
        setup=setup,
        picker=picker_config(game, setup, entries, number),
        editing=editing,
        newer=newer,
        newer_result=newer_result,
    ), status


@sheets.route("/<code>/matches/<int:match_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(code: str, match_id: int, number: int) -> Any:
    evening, match = _match(code, match_id, edit=True)
    game = svc.game_of(match)
    try:
        deal = svc.deal_of(match, number)
    except LookupError:
        # A correction posted after its deal was undone: svc.edit_deal refuses it with the entry kept (409).
        if request.method == "GET" or not svc.was_undone(match, number):
            abort(404)
    form = game_ui(game.slug).entry_form()(setup=svc.setup_of(match))
    claim = _claim_input(game, match, number)
    newer = status = None
    if request.method == "GET":
        form.load(deal.entry)
        claim.load(deal.entry.get(CLAIM))
        form.version.data = deal.version
    elif form.ready_to_score(claim_valid=claim.valid):
        try:
            svc.edit_deal(match, number, claim.into(form.to_entry()), form.version.data, entry_key=form.entry_key.data)
        except svc.StaleEditError as stale:
            if stale.version is None:
                form.form_errors.append(
                    _(
                        "Deal %(number)s was undone on another phone while you were correcting it, so it cannot be "
                        "saved. Your entry is still in the form: enter it as a new deal if it belongs on the sheet.",
                        number=number,
                    )
                )
                return _deal_page(evening, match, form, claim, number, None, editing=True, status=409)
            newer = stale.version
            form.form_errors.append(
                _(
                    "Someone else changed this deal while you were editing it. Its newer entry is shown above; "
                    "your changes are still in the form: save again to replace it."
                )
            )
            form.version.data = stale.version
        except OperationalError:
            _not_stored(form)
            status = 503
        except InputError as error:
            for one in error.each():
                form.place_error(one)
        else:
            sheet = url_for("sheets.match", code=code, match_id=match_id)
            outbox.flash_change(_("Deal %(number)s corrected.", number=number), "corrected", sheet, number)
            return redirect(f"{sheet}#deal-{number}")
    result = svc.scored(match)
    dealer = result.deals[number - 1].dealer if number <= len(result.deals) else None
    newer_result = result.deals[number - 1] if newer else None
    return _deal_page(
        evening, match, form, claim, number, dealer, editing=True, newer=newer, newer_result=newer_result, status=status
    )


def _not_stored(form: EntryForm) -> None:
    """A deal the database could not store (locked past its busy timeout, or its disk full): nothing of
    the change was kept, and the form shows the entry again with why."""
    db.session.rollback()
    form.form_errors.append(
        _(
            "Not saved: the database is busy or its disk is full. What you typed is still in the form: "
            "save again in a moment."
        )
    )


@sheets.route("/<code>/matches/<int:match_id>/undo", methods=["GET", "POST"])
def undo(code: str, match_id: int) -> Any:
    evening, match = _match(code, match_id, edit=True)
    game = svc.game_of(match)
    form = UndoForm()
    if not match.deals:
        flash(_("There is no deal to undo."))
        return redirect(url_for("sheets.match", code=code, match_id=match_id))
    if request.method == "GET":
        form.number.data = match.deals[-1].number
        form.version.data = match.deals[-1].version
    if form.validate_on_submit():
        try:
            undone = svc.undo_last(match, form.number.data, form.version.data)
        except svc.StaleEditError as stale:
            flash(
                _(
                    "Nothing undone: deal %(number)s changed on another phone meanwhile. Check the sheet.",
                    number=stale.number,
                )
            )
        else:
            if undone is not None:
                outbox.flash_change(
                    _("Deal %(number)s removed. It is kept in the history.", number=undone),
                    "undone",
                    url_for("sheets.match", code=code, match_id=match_id),
                    undone,
                )
        return redirect(url_for("sheets.match", code=code, match_id=match_id))
    result = svc.scored(match)
    return render_template(
        "undo.html",
        evening=evening,
        match=match,
        game=game,
        form=form,
        last=result.deals[-1],
        result=result,
        setup=svc.setup_of(match),
    )


@sheets.get("/<code>/matches/<int:match_id>/history")
def history(code: str, match_id: int) -> Any:
    evening, match = _match(code, match_id)
    lines = history_lines(match)
    return render_template("history.html", evening=evening, match=match, game=svc.game_of(match), lines=lines)
