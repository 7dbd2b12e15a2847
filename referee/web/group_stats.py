"""A group's statistics, computed from its matches' stored results and kept with the group.

The statistics are recomputed only when the data they come from changed: :func:`stats_key` is a
digest of every match's id and version, every evening's placing setting and the group's persons,
read in one query each; a view whose key equals the stored one reads the stored statistics.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import func, select

from referee.rules.game import Side
from referee.rules.season import GroupMatch, GroupStats, group_stats
from referee.rules.standings import MatchOutcome
from referee.web import matches as svc
from referee.web.db import db
from referee.web.models import Evening, Group, Match, Person, Player
from referee.web.standing_views import outcome_of

#: Raised when the way statistics are computed changes, so stored ones are recomputed once.
STATS_FORMAT = "2"


def stats_key(group: Group) -> str:
    """A digest that changes with any match, evening or person of the group, in three small queries.

    A match's version rises with every change to it or its deals and matches are never renumbered,
    so per evening the count of matches with the sums of their ids and versions changes whenever a
    match is added or changed.
    """
    digest = hashlib.sha256(STATS_FORMAT.encode())
    evenings = db.session.execute(
        select(Evening.id, Evening.placing, func.count(Match.id), func.sum(Match.id), func.sum(Match.version))
        .join(Match, Match.evening_id == Evening.id, isouter=True)
        .where(Evening.group_id == group.id)
        .group_by(Evening.id, Evening.placing)
        .order_by(Evening.id)
    )
    persons = db.session.execute(
        select(Person.id, Person.name, func.count(Player.id), func.sum(Player.id))
        .join(Player, Player.person_id == Person.id, isouter=True)
        .where(Person.group_id == group.id)
        .group_by(Person.id, Person.name)
        .order_by(Person.id)
    )
    for row in [*evenings, *persons]:
        digest.update(repr(tuple(row)).encode())
    return digest.hexdigest()


def statistics(group: Group) -> GroupStats:
    """The group's statistics: stored ones while nothing changed, else computed again and stored.

    Computing again reads only the matches that changed: each match's summary (sides, totals, how
    it ended, each deal's scores) is kept with the statistics under the match's version.
    """
    key = stats_key(group)
    stored = group.stats or {}
    if group.stats_key == key and "games" in stored:
        return GroupStats.from_json(stored)
    known = stored.get("matches", {}) if stored.get("format") == STATS_FORMAT else {}
    matches, summaries = group_matches(group, known)
    stats = group_stats(matches)
    group.stats = {**stats.as_json(), "format": STATS_FORMAT, "matches": summaries}
    group.stats_key = key
    db.session.commit()
    return stats


def group_matches(group: Group, known: dict[str, Any]) -> tuple[list[GroupMatch], dict[str, Any]]:
    """Every match of the group's evenings in the order played, seats named as the group's persons;
    and the summaries of the matches, those in ``known`` at the same version taken as they are."""
    found = []
    summaries: dict[str, Any] = {}
    for evening in sorted(group.evenings, key=lambda e: (e.created_at, e.id)):
        person_of = {p.name: (p.person.name if p.person else p.name) for p in evening.players}
        for match in evening.matches:
            summary = known.get(str(match.id))
            if summary is None or summary["version"] != match.version:
                summary = _summary(match)
            summaries[str(match.id)] = summary
            sides = tuple(
                Side(name, tuple(person_of.get(m, m) for m in members), role)
                for name, members, role in summary["sides"]
            )
            outcome = MatchOutcome(
                key=match.id,
                game=match.game,
                sides=sides,
                totals=summary["totals"],
                finished=summary["finished"],
                winner=summary["winner"],
                drawn=summary["drawn"],
                clause=summary["clause"],
            )
            found.append(
                GroupMatch(
                    outcome=outcome,
                    season=str(evening.created_at.year),
                    evening=evening.id,
                    scheme=evening.placing,
                    deals=summary["deals"],
                )
            )
    return found, summaries


def _summary(match: Match) -> dict[str, Any]:
    """What the statistics need of one match, as plain JSON, from its scored sheet."""
    result = svc.sheet(match)
    outcome = outcome_of(match, result)
    return {
        "version": match.version,
        "sides": [[side.name, list(side.members), side.role] for side in outcome.sides],
        "totals": dict(outcome.totals),
        "finished": outcome.finished,
        "winner": outcome.winner,
        "drawn": outcome.drawn,
        "clause": outcome.clause,
        "deals": [dict(deal.scores) for deal in result.deals],
    }
