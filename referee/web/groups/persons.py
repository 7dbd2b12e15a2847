"""A group's people: renamed ("Annie" was always Ann) or merged (two names that are one person).

A group knows its persons by name across evenings; a typo in one evening ("Anne") makes a second
person. An editor of the group renames a person, or merges one into another: every evening's player
who was the one becomes the other, and the group's statistics are computed again. The names
written in each evening's sheets stay as they were entered.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import select, update
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length

from referee.web.http import rights
from referee.web.services.group_stats import forget
from referee.web.services.names import MAX_PLAYER_NAME, name_problem
from referee.web.store.db import db
from referee.web.store.models import Group, Person, Player

persons = Blueprint("persons", __name__)


class RenameForm(FlaskForm):
    name = StringField(
        _l("New name"), validators=[DataRequired(message=_l("Give the new name")), Length(max=MAX_PLAYER_NAME)]
    )


class MergeForm(FlaskForm):
    into = SelectField(_l("is the same person as"), choices=[], coerce=int)


def _person(code: str, person_id: int) -> tuple[Group, Person]:
    group = db.session.scalar(select(Group).where(Group.code == code))
    if group is None:
        abort(404)
    rights.require_editor(group)
    person = db.session.get(Person, person_id)
    if person is None or person.group_id != group.id:
        abort(404)
    return group, person


def merge_choices(group: Group, person: Person) -> list[tuple[int, str]]:
    return [(other.id, other.name) for other in group.persons if other.id != person.id]


@persons.route("/g/<code>/persons/<int:person_id>", methods=["GET", "POST"])
def person_page(code: str, person_id: int) -> Any:
    """Rename a person (the page, and its form's post)."""
    group, person = _person(code, person_id)
    rename = RenameForm(prefix="rename")
    merge = MergeForm(prefix="merge")
    merge.into.choices = merge_choices(group, person)
    if rename.validate_on_submit():
        name = " ".join(rename.name.data.split())
        problem = name_problem(name)
        taken = next((p for p in group.persons if p.id != person.id and p.name.casefold() == name.casefold()), None)
        if problem:
            rename.name.errors = [problem]
        elif taken is not None:
            rename.name.errors = [_("%(name)s is already a person of this group: merge them instead", name=taken.name)]
        else:
            old = person.name
            person.name = name
            forget(group)
            db.session.commit()
            flash(_("%(old)s is now called %(new)s in this group.", old=old, new=name))
            return redirect(url_for("groups.group", code=code))
        return render_template("person.html", group=group, person=person, rename=rename, merge=merge), 400
    if not rename.name.data:
        rename.name.data = person.name
    return render_template("person.html", group=group, person=person, rename=rename, merge=merge)


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
        old, new = person.name, into.name
        db.session.execute(
            update(Player).where(Player.person_id == person.id).values(person_id=into.id),
            execution_options={"synchronize_session": False},
        )
        db.session.delete(person)
        forget(group)
        db.session.commit()
        flash(_("%(old)s and %(new)s are one person now: %(new)s.", old=old, new=new))
        return redirect(url_for("groups.group", code=code))
    return render_template("person.html", group=group, person=person, rename=rename, merge=merge), 400
