"""Schema upgrades that run once, however many worker processes start together on one database.

Every process runs the Alembic upgrade when it starts (``create_app``); :func:`upgrade_lock` makes
them take turns: the first upgrades, the others then find the schema at its newest and do nothing.
PostgreSQL: a session-level advisory lock. SQLite: an exclusive ``flock`` on a file beside the database.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text
from sqlalchemy.engine import Engine

#: The advisory lock's key on PostgreSQL: any 64-bit number that no other lock of the database uses.
ADVISORY_KEY = int.from_bytes(b"referee\x01", "big")


@contextmanager
def upgrade_lock(engine: Engine) -> Iterator[None]:
    """Hold the database's upgrade lock for the block; other processes wait for it at the start of theirs."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
    elif engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        descriptor = os.open(f"{engine.url.database}.upgrade-lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)  # closing releases the lock
    else:
        yield
