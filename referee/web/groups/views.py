"""Groups across evenings: their links, starting or joining evenings, persons, statistics, export."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup
from sqlalchemy import select

from referee.rules.registry import GAMES
from referee.rules.season import RATING_PARAMETERS
from referee.rules.standings import SCHEMES
from referee.web.forms.common import EveningForm, GroupForm, JoinEveningForm, PlacingForm
from referee.web.http import rights
from referee.web.http.i18n import language, say
from referee.web.services import people
from referee.web.services.group_stats import census, forget, statistics
from referee.web.services.limits import LimitReached
from referee.web.services.names import MAX_EVENING_NAME, name_problem
from referee.web.services.transfer import export_group
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, is_code

groups = Blueprint("groups", __name__)

#: How many of the latest evenings the group page lists (the rest are one link away).
LATEST = 10


def _group(code: str, *, edit: bool = False) -> Group:
    group = db.session.scalar(select(Group).where(Group.code == code))
    if group is None:
        abort(404)
    if edit:
        rights.require_editor(group)
    rights.remember(group)
    return group


@groups.route("/g/new", methods=["GET", "POST"])
def new_group() -> Any:
    form = GroupForm()
    problem = name_problem(form.name.data or "", MAX_EVENING_NAME) if form.is_submitted() else None
    if problem:
        form.name.errors = [problem]
    elif form.validate_on_submit():
        group = Group(name=form.name.data.strip())
        db.session.add(group)
        db.session.commit()
        rights.grant(group)
        return redirect(url_for("groups.group", code=group.code))
    return render_template("group_new.html", form=form), (400 if form.is_submitted() else 200)


@groups.get("/g/<code>")
def group(code: str) -> Any:
    group = _group(code)
    if not rights.can_edit(group):
        return _group_page(group, EveningForm(), JoinEveningForm())
    everyone = EveningForm(data={"players": "\n".join(person.name for person in group.persons)})
    return _group_page(group, everyone, JoinEveningForm())


def _group_page(group: Group, evening_form: EveningForm, join_form: JoinEveningForm) -> str:
    return render_template(
        "group.html",
        group=group,
        season_html=_season_html(group),
        evening_form=evening_form,
        join_form=join_form,
    )


#: The rendered statistics and evenings of recently viewed groups, by group, census key and language:
#: a view of an unchanged group renders only the page around them (two small queries in all).
_RENDERED: OrderedDict[tuple[str, str, str], Markup] = OrderedDict()
_RENDERED_KEEP = 64


def _season_html(group: Group) -> Markup:
    counted = census(group)
    key = (group.code, counted.key, language())
    html = _RENDERED.get(key)
    if html is None or group.stats_key != counted.key:
        names = person_names(group)
        html = Markup(
            render_template(
                "_group_season.html",
                group=group,
                evenings=_evenings(group, limit=LATEST),
                evening_count=counted.evenings,
                stats=statistics(group, counted).stats(names),
                names=names,
                games=GAMES,
                rating=RATING_PARAMETERS,
            )
        )
        _RENDERED[key] = html
        while len(_RENDERED) > _RENDERED_KEEP:
            _RENDERED.popitem(last=False)
    _RENDERED.move_to_end(key)
    return html


def person_names(group: Group) -> dict[str, str]:
    """The group's persons' names by the keys the statistics know them by."""
    return {str(person.id): person.name for person in group.persons}


def _evenings(group: Group, limit: int | None = None) -> list[Evening]:
    """The group's evenings, newest first."""
    query = (
        select(Evening)
        .where(Evening.group_id == group.id)
        .order_by(Evening.created_at.desc(), Evening.id.desc())
        .limit(limit)
    )
    return list(db.session.scalars(query))


@groups.get("/g/<code>/evenings")
def all_evenings(code: str) -> Any:
    group = _group(code)
    evenings = _evenings(group)
    return render_template("group_evenings.html", group=group, evenings=evenings, evening_count=len(evenings))


@groups.get("/g/<code>/edit/<token>")
def editor_link(code: str, token: str) -> Any:
    """The group's editor link: grants this browser the right to change the group."""
    return rights.follow_editor_link(_group(code), token, "groups.group")


@groups.post("/g/<code>/evenings")
def start_evening(code: str) -> Any:
    group = _group(code, edit=True)
    form = EveningForm()
    evening = form.evening(group.name)
    if evening is not None:
        try:
            people.start_in_group(group, evening)
        except LimitReached as full:
            form.players.errors = [full.msg]
        else:
            rights.grant(evening)
            return redirect(url_for("sheets.evening", code=evening.code))
    return _group_page(group, form, JoinEveningForm()), 400


@groups.post("/g/<code>/join")
def join_evening(code: str) -> Any:
    """Join an evening to the group by its link; this browser must be able to edit that evening."""
    group = _group(code, edit=True)
    form = JoinEveningForm()
    if form.validate_on_submit():
        evening = _evening_of_link(form.link.data)
        if evening is None:
            form.link.errors = [_("No evening has this link")]
        elif not rights.can_edit(evening):
            form.link.errors = [_("This phone cannot edit that evening: open its editor link first")]
        else:
            try:
                people.join_group(evening, group)
            except people.OtherGroup:
                form.link.errors = [_("That evening belongs to another group")]
            except LimitReached as full:
                form.link.errors = [full.msg]
            else:
                flash(_("“%(evening)s” joined %(group)s.", evening=evening.name, group=group.name))
                return redirect(url_for("groups.group", code=code))
    return _group_page(group, EveningForm(), form), 400


def _evening_of_link(link: str) -> Evening | None:
    """The evening of a view link (``…/e/<code>``, with or without more path), or of a bare code.

    Only what could be a code is looked up (PostgreSQL cannot even compare a text holding a NUL).
    """
    parts = [p for p in urlsplit(link.strip()).path.split("/") if p]
    code = parts[parts.index("e") + 1] if "e" in parts[:-1] else (parts[0] if len(parts) == 1 else "")
    return db.session.scalar(select(Evening).where(Evening.code == code)) if is_code(code) else None


@groups.get("/g/<code>/export.json")
def export_json(code: str) -> Any:
    group = _group(code)
    response = jsonify(export_group(group))
    response.headers["Content-Disposition"] = 'attachment; filename="group.json"'
    return response


@groups.post("/e/<code>/placing")
def evening_placing(code: str) -> Any:
    """The evening's house setting: how finished matches give placing points."""
    evening = db.session.scalar(select(Evening).where(Evening.code == code))
    if evening is None:
        abort(404)
    rights.require_editor(evening)
    form = PlacingForm.of(evening)
    if not form.validate_on_submit():
        abort(400)
    evening.placing = form.placing.data
    forget(evening.group)
    db.session.commit()
    flash(_("Placing points: %(scheme)s.", scheme=say(SCHEMES[evening.placing].label)))
    return redirect(url_for("sheets.evening", code=code, _anchor="standings"))


@groups.post("/e/<code>/group")
def evening_into_group(code: str) -> Any:
    """Add an evening to one of the groups this browser edits, from the evening's page."""
    evening = db.session.scalar(select(Evening).where(Evening.code == code))
    if evening is None:
        abort(404)
    rights.require_editor(evening)
    chosen = request.form.get("group", type=int)
    group = next((group for group in rights.joinable_groups(evening) if group.id == chosen), None)
    if group is None:
        abort(400)
    try:
        people.join_group(evening, group)
    except people.OtherGroup:
        flash(_("That evening belongs to another group"))
    except LimitReached as full:
        flash(say(full))
    else:
        flash(_("“%(evening)s” joined %(group)s.", evening=evening.name, group=group.name))
    return redirect(url_for("sheets.evening", code=code))
