"""Write locks on an evening, a group or a person: one writer at a time checks and changes what they hold.

A rule across rows (at most 30 matches in an evening, no two players or persons alike by name, one
"play again" per match) holds only if it is checked against the rows as they are when the change is
committed. So a change that must keep such a rule begins with :func:`write_lock` on the row that owns
the rule (the evening for its matches and players, the group for its persons), then reads what it
checks, then writes and commits: a second writer waits at the lock and reads what the first committed.

The lock is taken like a match's (:func:`referee.web.services.matches._lock`): the read transaction
that loaded the page's objects ends first, then the first statement of the write transaction takes
the lock, held to the commit or rollback. On PostgreSQL that is ``SELECT … FOR UPDATE`` on each row;
SQLite has no row locks, so there it is a write to the row (setting its id to itself), which takes the
database's write lock (and, on a busy database, waits its busy timeout for it).

Rows are always locked in one order (evenings, then groups, then persons, each by id), whoever
locks them, so two changes that lock the same rows (merging A into B while B is merged into A)
never wait on each other in a circle.
"""

from __future__ import annotations

from sqlalchemy import select, update

from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Person

Lockable = Evening | Group | Person
#: The order rows are locked in: a change that locks several always takes them in this order.
ORDER: tuple[type[Lockable], ...] = (Evening, Group, Person)


def write_lock(*rows: Lockable) -> bool:
    """End the read transaction, then hold each of ``rows``' write lock until the commit.

    Every object the session loaded is read again when next used, as the locks leave it. False when
    one of the rows is gone by then (another writer deleted it): the caller answers as if it had
    never been there; the locks of the rows still there stay held until its rollback or commit.
    """
    keys = sorted({(ORDER.index(type(row)), row.id) for row in rows})
    db.session.commit()
    return all([_lock(ORDER[rank], row_id) for rank, row_id in keys])


def lock_more(*rows: Lockable) -> bool:
    """In a change that holds :func:`write_lock` already, the write locks of ``rows`` too.

    They must come after every row it holds in :data:`ORDER` (an evening's group, once the evening's
    lock has fixed which group it is). False when one of them is gone.
    """
    keys = sorted({(ORDER.index(type(row)), row.id) for row in rows})
    return all([_lock(ORDER[rank], row_id) for rank, row_id in keys])


def _lock(model: type[Lockable], row_id: int) -> bool:
    if db.session.get_bind().dialect.name == "sqlite":
        statement = update(model).where(model.id == row_id).values(id=model.id).returning(model.id)
        found = db.session.execute(statement, execution_options={"synchronize_session": False})
    else:
        found = db.session.execute(select(model.id).where(model.id == row_id).with_for_update())
    return found.scalar_one_or_none() is not None
