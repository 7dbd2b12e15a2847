"""A group's statistics, computed from its matches' stored results and kept with the group.

The statistics are computed again only when the data they come from changed: :func:`census` reads,
in one query, a key of the group's matches and their versions; a view whose key equals the stored
one reads the stored statistics, and writes that change anything else clear the stored key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import selectinload

from referee.rules.game import Side
from referee.rules.season import GroupMatch, GroupStats, group_stats
from referee.rules.standings import MatchOutcome
from referee.web.presentation.standings import outcome_of
from referee.web.services import matches as svc
from referee.web.services.scoring import RULES_VERSION
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Match, Player

#: Raised when the way statistics are computed changes, so stored ones are recomputed once.
STATS_FORMAT = "1"


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
    (:func:`forget`): an evening joining, an evening's placing setting.
    """
    evenings, matches, ids, versions = db.session.execute(_CENSUS, {"group_id": group.id}).one()
    return Census(evenings, f"{stored_form()}:{evenings}:{matches}:{ids or 0}:{versions or 0}")


def forget(group: Group | None) -> None:
    """Have the next view compute the group's statistics again (the caller commits)."""
    if group is not None:
        group.stats_key = None


def statistics(group: Group, counted: Census) -> GroupStats:
    """The group's statistics: stored ones while nothing changed, else computed again and stored.

    Computing again reads only the matches that changed: each match's summary (sides, totals, how
    it ended, each deal's scores) is kept with the group under the match's version.
    """
    if group.stats_key == counted.key and group.stats is not None:
        return GroupStats.from_json(group.stats)
    known = group.summaries or {}
    matches, summaries = group_matches(group, known.get("matches", {}) if known.get("format") == stored_form() else {})
    stats = group_stats(matches)
    group.stats = stats.as_json()
    group.summaries = {"format": stored_form(), "matches": summaries}
    group.stats_key = counted.key
    db.session.commit()
    return stats


def group_matches(group: Group, known: dict[str, Any]) -> tuple[list[GroupMatch], dict[str, Any]]:
    """Every match of the group's evenings in the order played, seats named as the group's persons;
    and the summaries of the matches, those in ``known`` at the same version taken as they are."""
    found = []
    summaries: dict[str, Any] = {}
    evenings = db.session.scalars(
        select(Evening)
        .where(Evening.group_id == group.id)
        .order_by(Evening.created_at, Evening.id)
        .options(selectinload(Evening.players).selectinload(Player.person), selectinload(Evening.matches))
    )
    for evening in evenings:
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
    result = svc.scored(match)
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
