"""A group's statistics, kept up to date match by match: a running tally, each match's summary and moves.

The group keeps the tally of its statistics after its last match (``Group.stats``, see
:class:`referee.rules.season.Tally`); each match of its evenings has a summary row
(:class:`~referee.web.store.models.MatchSummary`, what the statistics need of it, as of the match's
version) and one row per person in it (:class:`~referee.web.store.models.GroupMove`: the record they
had before it, their place, their rating after).

A view first reads :func:`census`: one query giving a key of the group's matches and their versions.
While it equals the key stored with the tally, the tally is read as stored. Otherwise
:func:`statistics` brings it up to date, under the group's row lock: it finds the matches whose
summary is missing or out of date (a new match, a changed one, an evening joined, a placing setting
changed), summarises only those, takes the tally back to just before the first of them (from the
moves of the matches after it) and plays those matches again. A new match on tonight's evening is
therefore one match summarised and one played; a correction in an evening of three years ago plays
the three years since again, from stored summaries. Ratings are sequential (each match's update starts
from the ratings the matches before left), which is why the replay starts at the first change.

A summary is stamped with the version its match had before its deals were read, so a change
landing meanwhile leaves it older than its match, and the next view summarises the match again:
never the other way round. A summary is deleted with its match; an evening never leaves its group.

Merging two persons changes who played which match: :func:`forget` with ``everything`` then drops the
group's summaries, and the next view counts every match again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import Any

from sqlalchemy import and_, bindparam, case, delete, func, insert, or_, select, tuple_, update
from sqlalchemy.orm import aliased, selectinload

from referee.explain import Explanation
from referee.rules.game import DealResult, MatchResult, Side
from referee.rules.season import GroupMatch, Move, Played, SideDeals, Tally
from referee.rules.standings import MatchOutcome
from referee.web.presentation.standings import outcome_of
from referee.web.services import matches as svc
from referee.web.services.scoring import RULES_VERSION
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Group, GroupMove, Match, MatchSummary, Person

#: Raised when the way statistics are computed changes, so stored ones are made again once.
STATS_FORMAT = "2"


def stored_form() -> str:
    """What stored statistics and match summaries were made by: this format and these rules."""
    return f"{STATS_FORMAT}:{RULES_VERSION}"


@dataclass(frozen=True)
class Census:
    """How many evenings a group has, and the key of the data its statistics come from."""

    evenings: int
    key: str


#: Built once: the group page runs it on every view.
_CENSUS = (
    select(func.count(func.distinct(Evening.id)), func.count(Match.id), func.sum(Match.id), func.sum(Match.version))
    .select_from(Evening)
    .join(Match, Match.evening_id == Evening.id, isouter=True)
    .where(Evening.group_id == bindparam("group_id"))
)


def census(group: Group) -> Census:
    """One query: the group's evenings and a key that changes whenever a match of them is added or changed.

    A match's version rises with every change to it or its deals, and matches are neither renumbered
    nor moved between evenings, so the count of matches with the sums of their ids and versions
    changes with any of them; the rules version makes a corrected rule reach stored statistics too.
    The other inputs of the statistics change only by writes that clear the stored key themselves
    (:func:`forget`): an evening joining, an evening's placing setting, a person renamed or merged.
    """
    evenings, matches, ids, versions = db.session.execute(_CENSUS, {"group_id": group.id}).one()
    return Census(evenings, f"{stored_form()}:{evenings}:{matches}:{ids or 0}:{versions or 0}")


def forget(group: Group | None, *, everything: bool = False) -> None:
    """Have the next view bring the group's statistics up to date (the caller commits).

    ``everything``: who played which match changed (persons merged), so every match is counted again.
    """
    if group is None:
        return
    group.stats_key = None
    if everything:
        group.stats = None
        db.session.execute(delete(MatchSummary).where(MatchSummary.group_id == group.id))


def statistics(group: Group, counted: Census) -> Tally:
    """The group's tally: as stored while nothing changed, else brought up to date (and committed)."""
    stored = _tally_of(group.stats) if group.stats_key == counted.key else None
    if stored is not None:
        return stored
    group_id = group.id
    db.session.commit()  # the read transaction ends: a SQLite reader turning writer must start afresh
    db.session.execute(  # the group's row lock (PostgreSQL) or the database's write lock (SQLite), to the commit
        update(Group).where(Group.id == group_id).values(stats_key=None).execution_options(synchronize_session=False)
    )
    db.session.refresh(group)
    tally = _bring_up_to_date(group)
    group.stats = {"form": stored_form(), "tally": tally.as_json()}
    group.stats_key = counted.key
    db.session.commit()
    return tally


def _tally_of(stored: dict[str, Any] | None) -> Tally | None:
    if not stored or stored.get("form") != stored_form():
        return None
    return Tally.from_json(stored["tally"])


#: The order matches were played in, as columns of their summaries.
PLAYED_ORDER = (MatchSummary.played_at, MatchSummary.evening_id, MatchSummary.match_id)
Position = tuple[datetime, int, int]


def _bring_up_to_date(group: Group) -> Tally:
    """Summarise the matches that changed, rewind the tally to the first of them and play on from there."""
    tally = _tally_of(group.stats)
    if tally is None:  # nothing to start from: every match is played again
        db.session.execute(delete(MatchSummary).where(MatchSummary.group_id == group.id))
    form = stored_form()
    changed = db.session.execute(
        select(
            Match.id,
            Evening.id.label("evening_id"),
            Evening.created_at,
            MatchSummary.played_at.label("old_played_at"),
            MatchSummary.evening_id.label("old_evening_id"),
        )
        .join(Evening, Match.evening_id == Evening.id)
        .join(MatchSummary, MatchSummary.match_id == Match.id, isouter=True)
        .where(
            Evening.group_id == group.id,
            or_(
                MatchSummary.match_id.is_(None),
                MatchSummary.version != Match.version,
                MatchSummary.placing != Evening.placing,
                MatchSummary.form != form,
                MatchSummary.played_at != Evening.created_at,
            ),
        )
    ).all()
    if tally is not None and not changed:
        return tally
    starts: list[Position] = [(row.created_at, row.evening_id, row.id) for row in changed]
    starts += [(row.old_played_at, row.old_evening_id, row.id) for row in changed if row.old_played_at is not None]
    if not starts:
        return Tally()
    start = min(starts)
    if tally is None:
        tally = Tally()
    else:
        tally.rewind(_played_from(group.id, start))
    db.session.execute(delete(MatchSummary).where(MatchSummary.match_id.in_([row.id for row in changed])))
    db.session.execute(delete(GroupMove).where(GroupMove.match_id.in_(_from(group.id, start))))
    summaries = _summaries(group, [row.id for row in changed])
    if summaries:
        db.session.execute(insert(MatchSummary), summaries)
    moves = []
    for match_id, game, season, summary, evening_id in db.session.execute(
        select(
            MatchSummary.match_id, MatchSummary.game, MatchSummary.season, MatchSummary.summary, MatchSummary.evening_id
        )
        .where(MatchSummary.group_id == group.id, tuple_(*PLAYED_ORDER) >= start)
        .order_by(*PLAYED_ORDER)
    ):
        for move in tally.play(_group_match(match_id, game, season, summary, evening_id)):
            moves.append(
                {
                    "match_id": match_id,
                    "person_id": int(move.person),
                    "side": move.side,
                    "place": move.place,
                    "move": move.as_json(),
                }
            )
    if moves:
        db.session.execute(insert(GroupMove), moves)
    return tally


def _from(group_id: int, start: Position) -> Any:
    """The ids of the group's matches played at ``start`` or after, as a subquery."""
    return select(MatchSummary.match_id).where(MatchSummary.group_id == group_id, tuple_(*PLAYED_ORDER) >= start)


def _played_from(group_id: int, start: Position) -> Iterable[Played]:
    """What the group's matches played at ``start`` or after did, in the order played, as stored."""
    rows = db.session.execute(
        select(MatchSummary.match_id, MatchSummary.game, MatchSummary.season, GroupMove.move)
        .join(GroupMove, GroupMove.match_id == MatchSummary.match_id)
        .where(MatchSummary.group_id == group_id, tuple_(*PLAYED_ORDER) >= start)
        .order_by(*PLAYED_ORDER)
    )
    played = []
    for _match, of_match in groupby(rows, key=lambda row: row.match_id):
        moves = list(of_match)
        played.append(Played(moves[0].game, moves[0].season, [Move.from_json(row.move) for row in moves]))
    return played


def _summaries(group: Group, match_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Summary rows of these matches of the group, from their deals' stored scores."""
    if not match_ids:
        return []
    found = list(
        db.session.scalars(
            select(Match)
            .where(Match.id.in_(match_ids))
            .options(selectinload(Match.evening).selectinload(Evening.players))
        )
    )
    stored = _stored_scores(found)
    stale = [match for match in found if match.id not in stored]
    sheets = dict(zip((m.id for m in stale), svc.scored_all(stale, keep=False), strict=True))
    form = stored_form()
    rows = []
    for match in found:
        evening = match.evening
        rows.append(
            {
                "match_id": match.id,
                "group_id": group.id,
                "evening_id": evening.id,
                "played_at": evening.created_at,
                "version": match.version,
                "placing": evening.placing,
                "form": form,
                "game": match.game,
                "season": str(evening.created_at.year),
                "summary": stored.get(match.id) or _summary(match, sheets[match.id]),
            }
        )
    return rows


def _stored_scores(matches: Sequence[Match]) -> dict[int, dict[str, Any]]:
    """The summary of each match whose every deal has a result scored by these rules, from its deals' scores.

    The end of a match is decided from its deals' numbers and scores alone (:meth:`Game.match_ending`),
    so the rest of a stored result (its workings, most of it) is neither read nor decoded. A match with
    a deal scored by other rules is left out: its sheet is built as every page builds it
    (:func:`scoring.scored_all`).
    """
    by_id = {match.id: match for match in matches}
    query = (
        select(Deal.match_id, Deal.number, Deal.rules_version, Deal.result["scores"])
        .where(Deal.match_id.in_(by_id))
        .order_by(Deal.match_id, Deal.number)
    )
    summaries = {}
    seen = set()
    rows = groupby(db.session.execute(query), key=lambda row: row.match_id)
    for match_id, deals in rows:
        seen.add(match_id)
        results = []
        for _match, number, rules_version, scores in deals:
            if rules_version != RULES_VERSION or scores is None:
                break
            results.append(DealResult(number, "", dict(scores), Explanation()))
        else:
            match = by_id[match_id]
            summaries[match_id] = _summary(match, svc.game_of(match).match_ending(svc.setup_of(match), results))
    for match_id in by_id.keys() - seen:  # a match without deals
        match = by_id[match_id]
        summaries[match_id] = _summary(match, svc.game_of(match).match_ending(svc.setup_of(match), []))
    return summaries


def _summary(match: Match, result: MatchResult) -> dict[str, Any]:
    """What the statistics need of one match, as plain JSON: sides with their members as person ids."""
    evening = match.evening
    person_of = {p.name: str(p.person_id) for p in evening.players if p.person_id is not None}
    outcome = outcome_of(match, result)
    deals: dict[str, list[int | None]] = {}
    for side in outcome.sides:
        scores = [deal.scores.get(side.name, 0) for deal in result.deals]
        deals[side.name] = [len(scores), sum(scores), max(scores) if scores else None]
    return {
        "placing": evening.placing,
        "sides": [
            [side.name, [person_of.get(m) for m in side.members if m in person_of], side.role] for side in outcome.sides
        ],
        "totals": dict(outcome.totals),
        "finished": outcome.finished,
        "winner": outcome.winner,
        "drawn": outcome.drawn,
        "deals": deals,
    }


def _group_match(match_id: int, game: str, season: str, summary: dict[str, Any], evening_id: int) -> GroupMatch:
    sides = tuple(Side(name, tuple(members), role) for name, members, role in summary["sides"])
    outcome = MatchOutcome(
        key=match_id,
        game=game,
        sides=sides,
        totals=summary["totals"],
        finished=summary["finished"],
        winner=summary["winner"],
        drawn=summary["drawn"],
    )
    return GroupMatch(
        outcome=outcome,
        season=season,
        evening=evening_id,
        scheme=summary["placing"],
        deals={side: SideDeals(*counts) for side, counts in summary["deals"].items()},
    )


@dataclass(frozen=True)
class RatingMove:
    """How one finished match moved a person's rating in its game."""

    game: str
    played_at: datetime
    place: int
    tied: bool
    sides: int
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


def rating_moves(person: Person, limit: int) -> list[RatingMove]:
    """The person's latest finished matches, newest first, each with the rating it left (as last brought up to date)."""
    rows = db.session.execute(
        select(GroupMove.move, MatchSummary.game, MatchSummary.played_at)
        .join(MatchSummary, MatchSummary.match_id == GroupMove.match_id)
        .where(GroupMove.person_id == person.id, GroupMove.place.is_not(None))
        .order_by(*(column.desc() for column in PLAYED_ORDER))
        .limit(limit)
    )
    found = []
    for stored, game, played_at in rows:
        move = Move.from_json(stored)
        found.append(
            RatingMove(game, played_at, move.place or 0, move.tied, move.sides, move.record.rating, move.rating_after)
        )
    return found


@dataclass(frozen=True)
class Rival:
    """Another person of the group met in finished matches on another side: how often each placed above."""

    person: str
    beaten: int
    lost_to: int


def head_to_head(person: Person) -> list[Rival]:
    """Everyone the person met on another side of a finished match, the one they beat most first (one query)."""
    me, them = aliased(GroupMove), aliased(GroupMove)
    rows = db.session.execute(
        select(
            them.person_id,
            func.sum(case((me.place < them.place, 1), else_=0)),
            func.sum(case((me.place > them.place, 1), else_=0)),
        )
        .join(them, and_(them.match_id == me.match_id, them.side != me.side))
        .where(me.person_id == person.id, me.place.is_not(None), them.place.is_not(None))
        .group_by(them.person_id)
    )
    rivals = [Rival(str(other), int(beaten or 0), int(lost or 0)) for other, beaten, lost in rows]
    return sorted(rivals, key=lambda r: (-r.beaten, r.lost_to, int(r.person)))
