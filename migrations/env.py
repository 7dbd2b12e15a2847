from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from logging.config import fileConfig

from alembic import context
from flask import current_app
from sqlalchemy.engine import Connection

# this is the Alembic Config object, which provides
# access to the values within the .ini file in use.
config = context.config

# Interpret the config file for Python logging.
# This line sets up loggers basically.
fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")


def get_engine():
    return current_app.extensions["migrate"].db.engine


def get_engine_url():
    try:
        return get_engine().url.render_as_string(hide_password=False).replace("%", "%%")
    except AttributeError:
        return str(get_engine().url).replace("%", "%%")


# add your model's MetaData object here
# for 'autogenerate' support
# from myapp import mymodel
# target_metadata = mymodel.Base.metadata
config.set_main_option("sqlalchemy.url", get_engine_url())
target_db = current_app.extensions["migrate"].db

# other values from the config, defined by the needs of env.py,
# can be acquired:
# my_important_option = config.get_main_option("my_important_option")
# ... etc.


def get_metadata():
    if hasattr(target_db, "metadatas"):
        return target_db.metadatas[None]
    return target_db.metadata


def run_migrations_offline():
    """Run migrations in 'offline' mode.

    This configures the context with just a URL
    and not an Engine, though an Engine is acceptable
    here as well.  By skipping the Engine creation
    we don't even need a DBAPI to be available.

    Calls to context.execute() here emit the given string to the
    script output.

    """
    url = config.get_main_option("sqlalchemy.url")
    context.configure(url=url, target_metadata=get_metadata(), literal_binds=True)

    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online():
    """Run migrations in 'online' mode.

    In this scenario we need to create an Engine
    and associate a connection with the context.

    """

    # this callback is used to prevent an auto-migration from being generated
    # when there are no changes to the schema
    # reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, "autogenerate", False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info("No changes in schema detected.")

    conf_args = current_app.extensions["migrate"].configure_args
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    connectable = get_engine()

    with connectable.connect() as connection, sqlite_foreign_keys_off(connection), connection.begin():
        if connection.dialect.name == "sqlite":
            # The driver begins no transaction before DDL: begin one, so the whole upgrade commits or none of it.
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        # Alembic runs every migration inside this transaction and commits nothing itself.
        context.configure(connection=connection, target_metadata=get_metadata(), **conf_args)
        migration = context.get_context()
        before = migration.get_current_heads()
        context.run_migrations()
        # Only after a migration: a start at the newest schema reads no table.
        if migration.get_current_heads() != before:
            check_foreign_keys(connection)


class ForeignKeyViolation(Exception):
    """An upgrade left rows whose foreign key names no row: it is rolled back, nothing of it is kept."""


@contextmanager
def sqlite_foreign_keys_off(connection: Connection) -> Iterator[None]:
    """SQLite: foreign keys off while the migrations run, back on after (PRAGMA foreign_keys is a no-op
    inside a transaction, so it is set before the migrations' transaction begins and after it ends).

    Batch migrations rebuild a table by copying it and dropping the old one; with foreign keys on,
    the drop deletes the old table's rows first, and ON DELETE CASCADE every row that refers to them.
    """
    if connection.dialect.name != "sqlite":
        yield
        return
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    connection.commit()
    try:
        yield
    finally:
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()


def check_foreign_keys(connection: Connection) -> None:
    """Raise :class:`ForeignKeyViolation` if any row refers to a row that is not there (SQLite, whose
    foreign keys were off; PostgreSQL checks every statement itself)."""
    if connection.dialect.name != "sqlite":
        return
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
    if broken:
        shown = "; ".join(f"{table} row {rowid} names no {parent}" for table, rowid, parent, _key in broken[:20])
        more = f"; and {len(broken) - 20} more" if len(broken) > 20 else ""
        raise ForeignKeyViolation(f"the upgrade is rolled back, for it leaves rows that refer to no row: {shown}{more}")


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
