"""Backups of the database while it serves, and their restoration.

``flask --app referee backup FILE`` writes one consistent copy of every row, as of one moment:

- SQLite: a SQLite file, copied page by page by SQLite's online backup API in one step (writers carry
  on meanwhile; the copy is the database as it was when the step began);
- PostgreSQL: ``pg_dump``'s archive (custom format), taken in a snapshot whose rows are counted;
- with ``--json``, or on PostgreSQL without ``pg_dump``: a portable archive, a zip of every table's
  rows as JSON lines (read in one snapshot) and the schema revision they fit. It restores into either
  database: the way to move a laptop's evenings to a club's PostgreSQL.

``flask --app referee restore FILE`` brings one back into the configured database, the links and
every row as they were: refused when that database holds any evening or group, unless ``--force``
(which replaces them). A copy from an older release is upgraded after. The server processes of the
database keep copies of pages they made (kept by the versions in the rows, which a restore sets back):
restart them after a restore.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Connection, MetaData, Table, create_engine, inspect, select, text
from sqlalchemy.engine import URL, Engine
from sqlalchemy.sql import sqltypes

from referee.web.store.db import db
from referee.web.store.upgrading import upgrade_lock

ARCHIVE_FORMAT = "table-referee/backup"
ARCHIVE_VERSION = 1
_SQLITE_MAGIC = b"SQLite format 3\x00"
_PG_DUMP_MAGIC = b"PGDMP"
_ZIP_MAGIC = b"PK\x03\x04"
#: What the summaries count, in this order (the other tables hang off these).
COUNTED = {
    "player_group": ("group", "groups"),
    "evening": ("evening", "evenings"),
    "match": ("match", "matches"),
    "deal": ("deal", "deals"),
}
#: Rows inserted per statement when a portable archive is restored.
BATCH = 500


class BackupError(Exception):
    """A backup or restore that cannot be done, with the reason in words for whoever runs it."""


@dataclass(frozen=True)
class Outcome:
    """What a backup wrote or a restore brought back."""

    kind: str
    rows: dict[str, int]
    revision: str | None = None

    def counted(self) -> str:
        return ", ".join(_counted(self.rows.get(table, 0), table) for table in COUNTED)


# --- backing up ---


def backup(engine: Engine, file: Path, *, portable: bool = False) -> Outcome:
    """Write a consistent copy of the database of ``engine`` to ``file`` (replaced whole, or left as it was)."""
    dialect = engine.dialect.name
    if dialect == "sqlite" and not portable:
        return _written(file, lambda path: _sqlite_copy(_sqlite_path(engine), path))
    if dialect == "postgresql" and not portable and shutil.which("pg_dump"):
        return _written(file, lambda path: _pg_dump(engine, path))
    if dialect == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            snapshot = Path(folder) / "snapshot.sqlite3"
            _sqlite_copy(_sqlite_path(engine), snapshot)
            source = create_engine(URL.create("sqlite", database=str(snapshot)))
            try:
                return _written(file, lambda path: _archive(source, path))
            finally:
                source.dispose()
    return _written(file, lambda path: _archive(engine, path))


def _written(file: Path, write: Callable[[Path], Outcome]) -> Outcome:
    """``write(path)`` into a private file beside ``file``, which then takes its place."""
    file.parent.mkdir(parents=True, exist_ok=True)
    descriptor, name = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".part")
    os.close(descriptor)  # created 0600: the copy holds every editor link
    try:
        outcome = write(Path(name))
        os.replace(name, file)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return outcome


def _sqlite_path(engine: Engine) -> str:
    path = engine.url.database
    if not path or path == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return path


def _sqlite_copy(source_path: str, target: Path) -> Outcome:
    """SQLite's online backup of the whole database in one step, left as one self-contained file."""
    source = sqlite3.connect(source_path, timeout=30)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
        rows, revision = _sqlite_census(copy)
    finally:
        copy.close()
        source.close()
    return Outcome("SQLite copy", rows, revision)


def _sqlite_census(connection: sqlite3.Connection) -> tuple[dict[str, int], str | None]:
    tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    rows = {
        table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
        for table in COUNTED
        if table in tables
    }
    revision = None
    if "alembic_version" in tables:
        found = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = found[0] if found else None
    return rows, revision


def _pg_dump(engine: Engine, target: Path) -> Outcome:
    """``pg_dump`` of the snapshot in which the rows are counted, so the counts are those of the archive."""
    with engine.connect().execution_options(isolation_level="REPEATABLE READ") as connection, connection.begin():
        snapshot = connection.execute(text("SELECT pg_export_snapshot()")).scalar_one()
        rows, revision = _census(connection)
        _run_pg("pg_dump", engine.url, "--format=custom", f"--snapshot={snapshot}", f"--file={target}")
    return Outcome("PostgreSQL dump (pg_dump)", rows, revision)


def _census(connection: Connection) -> tuple[dict[str, int], str | None]:
    rows = {table: connection.execute(text(f'SELECT count(*) FROM "{table}"')).scalar_one() for table in COUNTED}
    revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return rows, revision


def _archive(engine: Engine, target: Path) -> Outcome:
    """Every table's rows as JSON lines in a zip, read in one snapshot, with the schema revision they fit."""
    options = {"isolation_level": "REPEATABLE READ"} if engine.dialect.name == "postgresql" else {}
    metadata = MetaData()
    with engine.connect().execution_options(**options) as connection, connection.begin():
        metadata.reflect(connection, only=lambda name, _metadata: name in db.metadata.tables)
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        counts: dict[str, int] = {}
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for table in metadata.sorted_tables:
                with archive.open(f"tables/{table.name}.jsonl", "w") as out:
                    order = list(table.primary_key.columns) or list(table.columns)
                    counts[table.name] = 0
                    for row in connection.execute(select(table).order_by(*order)).mappings():
                        out.write(json.dumps(dict(row), default=_jsonable, ensure_ascii=False).encode() + b"\n")
                        counts[table.name] += 1
            manifest = {
                "format": ARCHIVE_FORMAT,
                "version": ARCHIVE_VERSION,
                "revision": revision,
                "written_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "rows": counts,
            }
            archive.writestr("manifest.json", json.dumps(manifest, indent=1))
    return Outcome("portable JSON archive", counts, revision)


def _jsonable(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not kept in a backup archive")


# --- restoring ---


def restore(engine: Engine, file: Path, *, force: bool = False) -> Outcome:
    """Bring the backup ``file`` back into the database of ``engine`` (see the module's note)."""
    if not file.is_file():
        raise BackupError(f"{file} is not a file")
    with file.open("rb") as handle:
        start = handle.read(16)
    dialect = engine.dialect.name
    if start.startswith(_ZIP_MAGIC):
        kind = "portable JSON archive"
    elif start.startswith(_SQLITE_MAGIC) and dialect == "sqlite":
        kind = "SQLite copy"
    elif start.startswith(_PG_DUMP_MAGIC) and dialect == "postgresql":
        kind = "PostgreSQL dump (pg_dump)"
    elif start.startswith((_SQLITE_MAGIC, _PG_DUMP_MAGIC)):
        made = "SQLite" if start.startswith(_SQLITE_MAGIC) else "PostgreSQL"
        raise BackupError(
            f"{file} is a copy of a {made} database and restores only into one: "
            "to move data between databases, make the backup with --json"
        )
    else:
        raise BackupError(f"{file} is not a backup of Table Referee")
    held = holding(engine)
    if held and not force:
        raise BackupError(f"the database already holds {held}: restoring would replace them (add --force to do so)")
    if kind == "SQLite copy":
        _refuse_unknown(_sqlite_revision(file), file)
        _restore_sqlite(engine, file)
    elif kind == "PostgreSQL dump (pg_dump)":
        _restore_pg_dump(engine, file)
    else:
        _restore_archive(engine, file)
    try:
        _upgrade()
    except CommandError as error:
        raise BackupError(
            f"the copy was restored, but its schema cannot be upgraded by this release: {error}"
        ) from error
    with engine.connect() as connection:
        problems = _inconsistencies(connection)
        if problems:
            raise BackupError("the restored database is inconsistent: " + "; ".join(problems))
        rows, revision = _census(connection)
    return Outcome(kind, rows, revision)


def holding(engine: Engine) -> str:
    """What the database holds that a restore would replace, in words ("" when it holds none)."""
    names = set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        counts = {
            table: connection.execute(text(f'SELECT count(*) FROM "{table}"')).scalar_one()
            for table in ("player_group", "evening")
            if table in names
        }
    return " and ".join(_counted(count, table) for table, count in counts.items() if count)


def _counted(count: int, table: str) -> str:
    one, many = COUNTED[table]
    return f"{count} {one if count == 1 else many}"


def _restore_sqlite(engine: Engine, file: Path) -> None:
    """SQLite's backup API from the copy onto the database, whole (the app's open connections see it)."""
    engine.dispose()
    source = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    target = sqlite3.connect(_sqlite_path(engine), timeout=30)
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode=WAL")
    finally:
        target.close()
        source.close()


def _restore_pg_dump(engine: Engine, file: Path) -> None:
    _drop_tables(engine)
    _run_pg(
        "pg_restore",
        engine.url,
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        str(file),
    )


def _restore_archive(engine: Engine, file: Path) -> None:
    """The archive's rows into tables made by the migrations up to the archive's revision."""
    try:
        archive = zipfile.ZipFile(file)
        manifest = json.loads(archive.read("manifest.json"))
    except (zipfile.BadZipFile, KeyError, ValueError) as error:
        raise BackupError(f"{file} is not a backup archive of Table Referee ({error})") from error
    with archive:
        if manifest.get("format") != ARCHIVE_FORMAT or manifest.get("version") != ARCHIVE_VERSION:
            raise BackupError(f"{file} is not a backup archive this release reads")
        revision = manifest.get("revision")
        _refuse_unknown(revision, file)
        _drop_tables(engine)
        _upgrade(revision)
        held = set(archive.namelist())
        metadata = MetaData()
        with engine.begin() as connection:
            metadata.reflect(connection, only=lambda name, _metadata: f"tables/{name}.jsonl" in held)
            for table in metadata.sorted_tables:
                with archive.open(f"tables/{table.name}.jsonl") as lines:
                    _insert(connection, table, lines)
            if engine.dialect.name == "postgresql":
                _follow_sequences(connection, metadata)


def _insert(connection: Connection, table: Table, lines: Any) -> None:
    times = {c.name for c in table.columns if isinstance(c.type, sqltypes.DateTime)}
    batch: list[dict[str, Any]] = []
    for line in lines:
        row = json.loads(line)
        for name in times & row.keys():
            if row[name] is not None:
                row[name] = datetime.fromisoformat(row[name])
        batch.append(row)
        if len(batch) == BATCH:
            connection.execute(table.insert(), batch)
            batch = []
    if batch:
        connection.execute(table.insert(), batch)


def _follow_sequences(connection: Connection, metadata: MetaData) -> None:
    """PostgreSQL: each id sequence continues after the largest id restored."""
    for table in metadata.sorted_tables:
        for column in table.primary_key.columns:
            if isinstance(column.type, sqltypes.Integer):
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence(:table, :column), "
                        f'coalesce(max("{column.name}"), 1), max("{column.name}") IS NOT NULL) FROM "{table.name}"'
                    ),
                    {"table": f'"{table.name}"', "column": column.name},
                )


def _drop_tables(engine: Engine) -> None:
    """Drop the app's tables and its migration stamp (nothing else the database may hold)."""
    engine.dispose()
    ours = {*db.metadata.tables, "alembic_version"}
    metadata = MetaData()
    with engine.begin() as connection:
        metadata.reflect(connection, only=lambda name, _metadata: name in ours)
        metadata.drop_all(connection)


def _sqlite_revision(file: Path) -> str | None:
    copy = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        return _sqlite_census(copy)[1]
    except sqlite3.Error as error:
        raise BackupError(f"{file} is not a readable SQLite copy ({error})") from error
    finally:
        copy.close()


def _refuse_unknown(revision: object, file: Path) -> None:
    """Refuse a copy whose schema revision these migrations do not know (written by a newer release)."""
    try:
        known = isinstance(revision, str) and ScriptDirectory(_migrations()).get_revision(revision) is not None
    except CommandError:
        known = False
    if not known:
        raise BackupError(
            f"{file} was written at schema revision {revision!r}, which this release does not know: "
            "restore it with the release that wrote it, or a newer one"
        )


def _migrations() -> str:
    return str(current_app.extensions["migrate"].directory)


def _upgrade(revision: str = "head") -> None:
    from flask_migrate import upgrade

    with upgrade_lock(db.engine):
        upgrade(revision=revision)


def _inconsistencies(connection: Connection) -> list[str]:
    """SQLite: a damaged file, or rows whose foreign keys lead nowhere (PostgreSQL refuses those as they come)."""
    if connection.dialect.name != "sqlite":
        return []
    problems = [row[0] for row in connection.exec_driver_sql("PRAGMA integrity_check") if row[0] != "ok"]
    dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    return problems + [f"a row of {row[0]} refers to a missing row of {row[2]}" for row in dangling]


# --- PostgreSQL's own tools ---


def _run_pg(tool: str, url: URL, *arguments: str) -> None:
    """Run ``pg_dump`` or ``pg_restore`` on the database of ``url``; the password goes by the environment."""
    if shutil.which(tool) is None:
        raise BackupError(f"{tool} is not installed (Debian: apt-get install postgresql-client)")
    environment = {**os.environ, **({"PGPASSWORD": url.password} if url.password else {})}
    finished = subprocess.run(
        [tool, f"--dbname={_conninfo(url)}", *arguments], env=environment, capture_output=True, text=True
    )
    if finished.returncode != 0:
        raise BackupError(f"{tool} failed: {finished.stderr.strip()}")


def _conninfo(url: URL) -> str:
    """libpq's connection string for ``url``, without its password."""
    parts = {"host": url.host, "port": url.port, "user": url.username, "dbname": url.database}
    parts.update({key: value for key, value in url.query.items() if isinstance(value, str)})
    return " ".join(f"{key}='{_quoted(str(value))}'" for key, value in parts.items() if value is not None)


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "\\'")


# --- the commands ---


def _database(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "portable", is_flag=True, help="Write a portable archive, which restores into either database.")
@with_appcontext
def backup_command(file: Path, portable: bool) -> None:
    """Write a consistent copy of the database to FILE while the server runs."""
    engine = db.engine
    try:
        outcome = backup(engine, file, portable=portable)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    size = file.stat().st_size
    click.echo(
        f"Backed up {outcome.counted()} of {_database(engine)} into {file}: "
        f"a {outcome.kind}, schema {outcome.revision}, {size / 1024:.0f} KB."
    )


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace the evenings and groups the database holds.")
@with_appcontext
def restore_command(file: Path, force: bool) -> None:
    """Bring the backup FILE back into the database (refused if it holds data, unless --force)."""
    engine = db.engine
    replaced = holding(engine)
    try:
        outcome = restore(engine, file, force=force)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"Restored {outcome.counted()} from {file} (a {outcome.kind}) into {_database(engine)}.")
    if replaced:
        click.echo(f"They replace the {replaced} it held.")
    click.echo(f"Its schema is at revision {outcome.revision}.")
    click.echo("Restart the servers of this database: pages they kept from before the restore may be shown.")
