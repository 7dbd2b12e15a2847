"""A match's history as people read it: what each change did, in words, by whom and when."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from referee.messages import Message, Param, join, msg
from referee.rules.changes import describe_change, describe_scores, entry_changes
from referee.rules.claims import ITEMS
from referee.web.services.scoring import game_of
from referee.web.store.models import Match, Revision

ACTIONS: dict[str, Message] = {
    "add": msg("Deal {number} entered"),
    "edit": msg("Deal {number} corrected"),
    "undo": msg("Deal {number} undone"),
}


@dataclass(frozen=True)
class HistoryLine:
    title: Message
    author: str
    moment: datetime
    """When, as an aware UTC time (pages show it in the reader's local time)."""
    changes: list[Message]
    scores: Param | None
    claim: Param | None
    """What a side claimed for the deal (kept with its entry), to read beside the points ruled."""


def history_lines(match: Match) -> list[HistoryLine]:
    """The match's revisions, newest first."""
    words = game_of(match).claim_words
    return [history_line(revision, words) for revision in reversed(match.revisions)]


def history_line(revision: Revision, words: Mapping[str, Param]) -> HistoryLine:
    """One revision; ``words`` name the items a claim may give (the game's)."""
    action = ACTIONS.get(revision.action, ACTIONS["edit"])
    title = Message(action.id, (("number", revision.number),))
    if revision.action == "edit":
        changes = [describe_change(change, words) for change in entry_changes(revision.before, revision.after)]
    else:
        changes = []
    return HistoryLine(
        title=title,
        author=revision.author,
        moment=revision.created_at.replace(tzinfo=UTC),
        changes=changes,
        scores=_scores(revision),
        claim=_claim(revision.after if revision.after is not None else revision.before, words),
    )


def _claim(entry: object, words: Mapping[str, Param]) -> Param | None:
    """The claim kept with an entry: each side's points, then the items it claimed ("Ann 75; Ann: hearts 50")."""
    claim = entry.get("claim") if isinstance(entry, dict) else None
    if not isinstance(claim, dict) or not claim:
        return None
    said: list[Param] = [
        msg("{side} {points}", side=str(side), points=str(points)) for side, points in claim.items() if side != ITEMS
    ]
    items = claim.get(ITEMS)
    for side, named in items.items() if isinstance(items, dict) else ():
        listed = join(
            [msg("{item} {points}", item=words.get(name, name), points=str(points)) for name, points in named.items()]
        )
        said.append(msg("{side}: {items}", side=str(side), items=listed))
    return join(said, "; ")


def _scores(revision: Revision) -> Param | None:
    """A correction's points before → after; an entered or undone deal's points."""
    if revision.action == "edit":
        return describe_scores(revision.scores_before, revision.scores_after)
    points = revision.scores_after if revision.action == "add" else revision.scores_before
    if not points:
        return None
    return join([msg("{side} {points}", side=side, points=value) for side, value in points.items()], "; ")
