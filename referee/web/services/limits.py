"""The bounds on what one evening may hold, so no request can ask for unbounded work.

A real match runs to a few dozen deals; a printed match sheet has one row of its pad per deal (and at most
``printables.MAX_WORKED_DEALS`` deals worked out), so the deal limit also bounds the size (and the
render time) of a match's printout. Both are documented in
the README ("Limits"); the messages below are what a player reads when one is reached.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from referee.errors import InputError
from referee.messages import Message, msg

#: Deals in one match. With it, a match's printed sheet is at most this many deal lines.
MAX_DEALS_PER_MATCH = 100
#: Matches in one evening, which bounds the evening's record and exports.
MAX_MATCHES_PER_EVENING = 30
#: Evenings in one group: ten years of weekly evenings. It bounds the group's statistics (played again from
#: a changed match on) and its export.
MAX_EVENINGS_PER_GROUP = 520
#: Persons in one group: a circle of friends, with room for guests. It bounds each table of the group's page.
MAX_PERSONS_PER_GROUP = 200
#: The largest whole number an import may give for a version, a seat or a deal number.
MAX_STORED_INT = 2**31 - 1
#: How far ahead of this server's clock an imported time may be (clocks of phones differ a little).
CLOCK_SLACK = timedelta(days=1)


class LimitReached(InputError):
    """The change would pass a limit, as counted under the write lock of whoever owns the count."""


def deals_full(count: int) -> Message | None:
    """The message when a match that holds ``count`` deals can take no more, else None."""
    if count < MAX_DEALS_PER_MATCH:
        return None
    return msg(
        "This match has reached the limit of {limit} deals per match. Start a new match to go on: "
        "the totals so far stay on this one's sheet.",
        limit=MAX_DEALS_PER_MATCH,
    )


def matches_full(count: int) -> Message | None:
    if count < MAX_MATCHES_PER_EVENING:
        return None
    return msg(
        "This evening has reached the limit of {limit} matches. Start a new evening to go on.",
        limit=MAX_MATCHES_PER_EVENING,
    )


def group_full(evenings: int, persons: int) -> Message | None:
    """The message when a group would hold more evenings or persons than it may, else None."""
    if evenings > MAX_EVENINGS_PER_GROUP:
        return msg(
            "A group holds at most {limit} evenings; this would make {count}. Start a new group to go on.",
            limit=MAX_EVENINGS_PER_GROUP,
            count=evenings,
        )
    if persons > MAX_PERSONS_PER_GROUP:
        return msg(
            "A group holds at most {limit} persons; this would make {count}.",
            limit=MAX_PERSONS_PER_GROUP,
            count=persons,
        )
    return None


def utc_naive(moment: datetime) -> datetime:
    """``moment`` in UTC without its offset: how the database stores every time (SQLite keeps no offset).

    A time that carries no offset is taken to be in UTC already, as the app writes them.
    """
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def in_future(moment: datetime) -> bool:
    return utc_naive(moment) > datetime.now(UTC).replace(tzinfo=None) + CLOCK_SLACK
