"""A group's people: each one's page (their record per game, how each match moved their rating, whom they
beat and lose to), renamed ("Annie" was always Ann) or merged (two names that are one person).

Anyone with the group's link reads a person's page; only its editors rename or merge.

A group knows its persons by name across evenings; a typo in one evening ("Anne") makes a second
person. An editor of the group renames a person, or merges one into another: every evening's player
who was the one becomes the other, and the group's statistics are computed again. The names
written in each evening's sheets stay as they were entered.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import select
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length

from referee.errors import InputError
from referee.rules.registry import GAMES
from referee.rules.season import RATING_PARAMETERS
from referee.web.groups.views import person_names
from referee.web.http import rights
from referee.web.services import people
from referee.web.services.group_stats import census, head_to_head, rating_moves, statistics
from referee.web.services.names import MAX_PLAYER_NAME
from referee.web.store.db import db
from referee.web.store.models import Group, Person

persons = Blueprint("persons", __name__)

#: How many of a person's latest finished matches their page lists with the rating each one left.
LATEST_MOVES = 30


class RenameForm(FlaskForm):
    name = StringField(
        _l("New name"), validators=[DataRequired(message=_l("Give the new name")), Length(max=MAX_PLAYER_NAME)]
    )


class MergeForm(FlaskForm):
    into = SelectField(_l("is the same person as"), choices=[], coerce=int)


def _person(code: str, person_id: int, *, edit: bool = True) -> tuple[Group, Person]:
    group = db.session.scalar(select(Group).where(Group.code == code))
    if group is None:
        abort(404)
    if edit:
        rights.require_editor(group)
    rights.remember(group)
    person = db.session.get(Person, person_id)
    if person is None or person.group_id != group.id:
        abort(404)
    return group, person


def merge_choices(group: Group, person: Person) -> list[tuple[int, str]]:
    return [(other.id, other.name) for other in group.persons if other.id != person.id]


def _page(group: Group, person: Person, rename: RenameForm, merge: MergeForm) -> str:
    tally = statistics(group, census(group))
    names = person_names(group)
    key = str(person.id)
    records = {game: records[key] for game, records in tally.games.items() if key in records and records[key].played}
    return render_template(
        "person.html",
        group=group,
        person=person,
        rename=rename,
        merge=merge,
        records=records,
        moves=rating_moves(person, LATEST_MOVES),
        rivals=head_to_head(person),
        names=names,
        games=GAMES,
        rating=RATING_PARAMETERS,
        latest=LATEST_MOVES,
    )


@persons.route("/g/<code>/persons/<int:person_id>", methods=["GET", "POST"])
def person_page(code: str, person_id: int) -> Any:
    """A person's page for anyone with the group's link; its rename form's post for the group's editors."""
    group, person = _person(code, person_id, edit=request.method == "POST")
    rename = RenameForm(prefix="rename")
    merge = MergeForm(prefix="merge")
    merge.into.choices = merge_choices(group, person)
    if rename.validate_on_submit():
        name = " ".join(rename.name.data.split())
        try:
            old = people.rename_person(group, person, name)
        except InputError as error:
            rename.name.errors = [error.msg]
        except people.NameTaken as taken:
            rename.name.errors = [_("%(name)s is already a person of this group: merge them instead", name=taken.taken)]
        except people.Gone:
            return _gone(group)
        else:
            flash(_("%(old)s is now called %(new)s in this group.", old=old, new=name))
            return redirect(url_for("groups.group", code=code))
        return _page(group, person, rename, merge), 400
    if not rename.name.data:
        rename.name.data = person.name
    return _page(group, person, rename, merge)


@persons.post("/g/<code>/persons/<int:person_id>/merge")
def merge_person(code: str, person_id: int) -> Any:
    """Merge a person into another: their evenings' players become the other person's."""
    group, person = _person(code, person_id)
    rename = RenameForm(prefix="rename", data={"name": person.name})
    merge = MergeForm(prefix="merge")
    merge.into.choices = merge_choices(group, person)
    if merge.validate_on_submit():
        into = db.session.get(Person, merge.into.data)
        if into is None or into.group_id != group.id or into.id == person.id:
            abort(400)
        try:
            old, new = people.merge_persons(group, person, into)
        except people.Gone:
            return _gone(group)
        flash(_("%(old)s and %(new)s are one person now: %(new)s.", old=old, new=new))
        return redirect(url_for("groups.group", code=code))
    return _page(group, person, rename, merge), 400


def _gone(group: Group) -> Any:
    """A change to a person another phone merged meanwhile (this one, or the one it was merged into)."""
    flash(_("Nothing changed: another phone merged one of these persons meanwhile. Check the group's persons."))
    return redirect(url_for("groups.group", code=group.code))
