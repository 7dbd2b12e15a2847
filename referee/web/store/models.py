"""What is stored: groups and their persons, evenings, their players, matches and the deals as entered,
with every revision.

Each deal also keeps its result as the rules layer scored it when it was written, stamped with the
version of the rules that scored it (see :mod:`referee.web.services.scoring`): pages read that instead of
scoring the whole match again, and a result stamped by older rules is scored again once.
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from referee.rules.standings import DEFAULT_SCHEME
from referee.web.store.db import db

if TYPE_CHECKING:  # Flask-SQLAlchemy makes ``db.Model`` at run time, from the declarative base it is given
    from referee.web.store.db import Base as Model
else:
    Model = db.Model


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_code() -> str:
    """An unguessable identifier for URLs."""
    return secrets.token_urlsafe(12)


def is_code(text: str) -> bool:
    """Whether ``text`` could be a code of :func:`new_code` (URL-safe base64, at most a code column long)."""
    return re.fullmatch(r"[A-Za-z0-9_-]{1,32}", text) is not None


class Group(Model):
    """A circle of friends across evenings: its own view and editor links, its persons, its season."""

    __tablename__ = "player_group"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True, default=new_code)
    editor_token: Mapped[str] = mapped_column(String(64), default=lambda: secrets.token_urlsafe(24))
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The running tally of the statistics (:mod:`referee.web.services.group_stats`), after the group's last
    #: match, and the key of the data it was brought up to date with: a view brings it up to date only when
    #: that key changed, and then plays again only the matches from the first one that changed.
    stats_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stats: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    persons: Mapped[list[Person]] = relationship(
        back_populates="group", order_by="Person.id", cascade="all, delete-orphan"
    )
    evenings: Mapped[list[Evening]] = relationship(back_populates="group", order_by="Evening.created_at")


class Person(Model):
    """One player of a group, the same person in every evening of it ("Ann" is Ann each time)."""

    __tablename__ = "person"
    __table_args__ = (UniqueConstraint("group_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))

    group: Mapped[Group] = relationship(back_populates="persons")


class Evening(Model):
    __tablename__ = "evening"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The view link's code: anyone holding it can follow the evening, never change it.
    code: Mapped[str] = mapped_column(String(32), unique=True, default=new_code)
    #: The editor link's token (see referee.web.http.rights).
    editor_token: Mapped[str] = mapped_column(String(64), default=lambda: secrets.token_urlsafe(24))
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: How finished matches give placing points for the standings (referee.rules.standings.SCHEMES).
    placing: Mapped[str] = mapped_column(String(20), default=DEFAULT_SCHEME, server_default=DEFAULT_SCHEME)
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("player_group.id", ondelete="SET NULL"), nullable=True, index=True
    )

    group: Mapped[Group | None] = relationship(back_populates="evenings")
    players: Mapped[list[Player]] = relationship(
        back_populates="evening", order_by="Player.position", cascade="all, delete-orphan"
    )
    matches: Mapped[list[Match]] = relationship(
        back_populates="evening", order_by="Match.id", cascade="all, delete-orphan"
    )

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]


class Player(Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("evening_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evening.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer, default=0)
    #: The group's person this player is, when the evening belongs to a group.
    person_id: Mapped[int | None] = mapped_column(ForeignKey("person.id", ondelete="SET NULL"), nullable=True)

    evening: Mapped[Evening] = relationship(back_populates="players")
    person: Mapped[Person | None] = relationship()


class Match(Model):
    __tablename__ = "match"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evening.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    #: Player names in seat order, clockwise; partners follow from the seats.
    seats: Mapped[list[str]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    roles: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: Bumped by every change to the match or its deals, so viewers and editors see staleness.
    version: Mapped[int] = mapped_column(Integer, default=1)

    evening: Mapped[Evening] = relationship(back_populates="matches")
    deals: Mapped[list[Deal]] = relationship(
        back_populates="match", order_by="Deal.number", cascade="all, delete-orphan"
    )
    revisions: Mapped[list[Revision]] = relationship(
        back_populates="match", order_by="Revision.id", cascade="all, delete-orphan"
    )


class Deal(Model):
    """One deal as the players entered it (the game's canonical entry)."""

    __tablename__ = "deal"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    #: The scored deal (``DealResult.as_dict()``), written with the entry; None until first scored.
    #: Loaded only where a sheet is built from it (``referee.web.services.scoring``), not with every deal.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, deferred=True, deferred_group="result")
    #: The rules version that scored ``result`` (``referee.web.services.scoring.RULES_VERSION``).
    rules_version: Mapped[str | None] = mapped_column(String(16), nullable=True)

    match: Mapped[Match] = relationship(back_populates="deals")


class Revision(Model):
    """Every change to a match's deals: added, edited or undone, with the entry and the deal's points
    before and after, and who made it."""

    __tablename__ = "revision"
    __table_args__ = (UniqueConstraint("match_id", "entry_key", name="uq_revision_match_entry_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(10))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    author: Mapped[str] = mapped_column(String(80), default="", server_default="")
    """The name of the phone that made the change (``referee/web/services/authors.py``), "" if it gave none."""
    scores_before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    scores_after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The key the phone gave the entry that made this change (a hidden field of the deal form), so a form
    #: sent again (its answer lost, or kept on the phone while offline) is answered with the change it made
    #: rather than made twice; None for changes without one. Unique within a match.
    entry_key: Mapped[str | None] = mapped_column(String(64), nullable=True)

    match: Mapped[Match] = relationship(back_populates="revisions")


class MatchSummary(Model):
    """What a group's statistics need of one match of its evenings, as of the match's ``version``.

    Rows are ordered as the matches were played: the evening's start, the
    evening, the match. Written when a group's statistics are brought up to date, never read by a sheet.
    """

    __tablename__ = "match_summary"
    __table_args__ = (Index("ix_match_summary_played", "group_id", "played_at", "evening_id", "match_id"),)

    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"))
    evening_id: Mapped[int] = mapped_column(ForeignKey("evening.id", ondelete="CASCADE"))
    #: The evening's start: the first key of the order matches were played in.
    played_at: Mapped[datetime] = mapped_column()
    version: Mapped[int] = mapped_column(Integer)
    #: The evening's placing scheme the summary was counted with.
    placing: Mapped[str] = mapped_column(String(20))
    #: How the summary was made (``group_stats.stored_form()``: the statistics' format and the rules).
    form: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(20))
    #: The season the match counts for: the year of its evening.
    season: Mapped[str] = mapped_column(String(8))
    #: The sides with their members as the group's person ids, totals, how the match ended, each side's deals.
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)


class GroupMove(Model):
    """What one match did to one person of the group: their place, their record before it, their rating after.

    Lets the statistics be taken back to just before any match, and tells a person's page how each
    match moved their rating.
    """

    __tablename__ = "group_move"

    match_id: Mapped[int] = mapped_column(ForeignKey("match_summary.match_id", ondelete="CASCADE"), primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("person.id", ondelete="CASCADE"), primary_key=True, index=True)
    side: Mapped[str] = mapped_column(String(120))
    #: None while the match is not finished.
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: ``referee.rules.season.Move.as_json()``.
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
