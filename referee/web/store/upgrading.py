"""Schema upgrades that run once, however many worker processes start together on one database.

Every process runs the Alembic upgrade when it starts (``create_app``); :func:`upgrade_lock` makes
them take turns: the first upgrades, the others then find the schema at its newest and do nothing.
PostgreSQL: a session-level advisory lock. SQLite: an exclusive ``flock`` on a file beside the database.
The server's logging is left as it was (:func:`logging_kept`).
"""

from __future__ import annotations

import fcntl
import logging
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


@contextmanager
def logging_kept() -> Iterator[None]:
    """Leave the process's logging as it was before the block, whatever the block configures.

    The migrations' ``env.py`` sets up logging from ``alembic.ini`` for the ``flask db`` command line:
    Python's ``fileConfig`` closes every handler already set up and gives the root logger its own. In
    a gunicorn worker that closes the error log's file, which gunicorn hands the app as its error
    stream: every traceback the app logged then failed ("--- Logging error ---") and never reached
    the log. So each logger gets its handlers, level and switches back, and a file handler closed
    meanwhile opens its file again.
    """
    loggers = [
        logging.getLogger(),
        *(x for x in logging.Logger.manager.loggerDict.values() if isinstance(x, logging.Logger)),
    ]
    saved = [(logger, list(logger.handlers), logger.level, logger.propagate, logger.disabled) for logger in loggers]
    try:
        yield
    finally:
        for logger, handlers, level, propagate, disabled in saved:
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate, logger.disabled = propagate, disabled
            for handler in handlers:
                if isinstance(handler, logging.FileHandler) and handler.stream is None:
                    handler.stream = handler._open()
