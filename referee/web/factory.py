"""The Flask application factory: configuration, database, CSRF, blueprints."""

from __future__ import annotations

import os
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_compress import Compress
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFError, CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import MethodNotAllowed, SecurityError
from werkzeug.routing import IntegerConverter, UnicodeConverter

from referee.web.http import bodylimit, health, i18n, links, logmask, proxy
from referee.web.printing.admission import default_renders
from referee.web.store.backup import backup_command, restore_command
from referee.web.store.db import db
from referee.web.store.upgrading import logging_kept, upgrade_lock
from referee.web.warming import keep_compiled_templates, warm

ROOT = Path(__file__).resolve().parents[2]
csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        "referee",
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    config = dict(config or {})
    instance = config.pop("INSTANCE_PATH", None) or os.environ.get("INSTANCE_PATH")
    if instance:
        app.instance_path = str(instance)
    private_folder(Path(app.instance_path))
    app.config.update(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # The session cookie is sent again only when the session changes: a follower's poll, answered
        # while the same browser saves a deal, must not put back the session from before the save
        # (its one-time message, or editor rights just granted). A remembered evening lasts 400 days
        # from its last change, as long as browsers keep a cookie.
        SESSION_REFRESH_EACH_REQUEST=False,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # Pages, JSON and scripts go out compressed (brotli where the browser takes it, else gzip).
        COMPRESS_ALGORITHM=["br", "gzip"],
        # How often a follower's sheet asks whether it changed (static/js/live.js).
        LIVE_POLL_MS=4000,
        # PDFs rendered at once on this machine, by all its workers together; more are refused (503).
        PDF_RENDERS=default_renders(),
        # Megabytes of PDFs kept on disk in instance/pdf-cache, shared by the workers.
        PDF_CACHE_MB=256,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]  # answers keep the order of shared/API.md
    app.config.from_pyfile("config.py", silent=True)
    app.config.update(config)
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {
        **_engine_options(app.config["SQLALCHEMY_DATABASE_URI"]),
        **app.config["SQLALCHEMY_ENGINE_OPTIONS"],
    }
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or instance_secret(Path(app.instance_path))
    private_sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
    links.configure(app)
    proxy.install(app)
    logmask.install(app)
    bodylimit.install(app)

    db.init_app(app)
    _register_request_limits(app)
    csrf.init_app(app)
    app.url_map.converters["int"] = RowNumberConverter
    app.url_map.converters["default"] = app.url_map.converters["string"] = PrintableConverter
    compress.init_app(app)
    i18n.init_app(app)
    _register_blueprints(app)
    _register_errors(app)
    _register_template_helpers(app)
    app.after_request(_security_headers)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    health.install(app)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    if app.config.get("UPGRADE_ON_START", True):
        with app.app_context():
            upgrade_database()
    keep_compiled_templates(app)
    warm(app)
    return app


class RowNumberConverter(IntegerConverter):
    """``<int:…>`` in every route: ids and deal numbers up to 2**31 - 1, the range of an INTEGER
    column on every database, so a larger number in a URL is a 404 rather than a database error."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


class PrintableConverter(UnicodeConverter):
    """``<…>`` in every route (codes, tokens, game slugs): a part of the path without control characters.

    No code or token holds one, and PostgreSQL cannot even compare a text holding a NUL with a column:
    a link with one is simply not found, rather than a database error.
    """

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(map, *args, **kwargs)
        self.regex = self.regex.replace("[^/]", r"[^/\x00-\x1f\x7f]", 1)


def upgrade_database() -> None:
    """Bring the database to the newest schema through the Alembic migrations in ``migrations/``.

    Under the database's upgrade lock, so workers starting together upgrade it once, one at a time, and
    with the server's logging kept as it was (the migrations set up logging for the command line).
    """
    from flask_migrate import upgrade

    with upgrade_lock(db.engine), logging_kept():
        upgrade()


#: Seconds a SQLite writer waits for another's write lock before giving up ("database is locked"): well
#: below a server's worker timeout (gunicorn's is 30 s by default), so a request on a database that stays
#: locked is answered 503 with what was typed, rather than its worker being killed without an answer.
SQLITE_BUSY_SECONDS = 10


def _engine_options(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        # Wait for a concurrent writer instead of failing at once with "database is locked".
        return {"connect_args": {"timeout": SQLITE_BUSY_SECONDS}}
    return {"pool_pre_ping": True}


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the driver "postgres"; SQLAlchemy wants psycopg's dialect.
        if url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgres://")
        elif url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        return url
    return f"sqlite:///{Path(app.instance_path) / 'referee.sqlite3'}"


def private_folder(folder: Path) -> None:
    """``instance/`` readable by the app's user only (0700): it holds the key and the database."""
    created = not folder.exists()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if created or folder.stat().st_mode & 0o077:
        folder.chmod(0o700)


def private_file(path: Path) -> None:
    """Create ``path`` (empty) with mode 0600 unless it exists; an existing one is narrowed to 0600."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)


def private_sqlite_file(url: str) -> None:
    """The SQLite database file made 0600 before SQLite creates it (its -wal and -shm files take its mode)."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and url != prefix + ":memory:" and len(url) > len(prefix):
        path = Path(url.removeprefix(prefix))
        if path.parent.is_dir():
            private_file(path)


def instance_secret(instance: Path) -> str:
    """A secret key generated once per installation and kept in ``instance/secret_key`` (0600 from the start).

    Workers starting together agree on one key: the first creates the file exclusively, the others
    read it. A key file that stays empty (a full disk, a truncated copy) is replaced by a new key
    rather than leaving the app without one: sessions signed with the old key simply end.
    """
    path = instance / "secret_key"
    for _attempt in range(20):
        key = path.read_text(encoding="utf-8").strip() if path.exists() else ""
        if key:
            private_file(path)
            return key
        if not path.exists():
            try:
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            return _write_key(descriptor)
        time.sleep(0.05)  # another worker may be writing it just now
    fresh = path.with_name(f".secret_key.{secrets.token_hex(4)}")
    key = _write_key(os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.replace(fresh, path)
    return key


def _write_key(descriptor: int) -> str:
    key = secrets.token_hex(32)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(key)
    return key


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys, and WAL so a reader never blocks the writer."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()


def _register_request_limits(app: Flask) -> None:
    """Per-page request limits, set before CSRF protection reads any form."""
    from referee.web.evenings.home import allow_import_files

    app.before_request(allow_import_files)


def _register_blueprints(app: Flask) -> None:
    from referee.web.api.openapi import openapi
    from referee.web.api.views import api
    from referee.web.evenings.home import pages
    from referee.web.evenings.sheets import sheets
    from referee.web.groups.persons import persons
    from referee.web.groups.views import groups
    from referee.web.offline import views as offline_views
    from referee.web.printing.views import printables
    from referee.web.referee_pages import referee_pages

    csrf.exempt(api)
    for blueprint in (pages, sheets, groups, persons, referee_pages, printables, api, openapi):
        app.register_blueprint(blueprint)
    offline_views.init_app(app)


#: No inline script or style anywhere: every script and style is a file the app serves itself.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


#: Answers that hold what only their browser should keep: exports, the editor link, the browser's own list.
PRIVATE_ENDPOINTS = frozenset(
    {
        "sheets.export_json",
        "sheets.export_csv",
        "groups.export_json",
        "sheets.editor_link",
        "groups.editor_link",
        "pages.home",
    }
)


def _security_headers(response: Any) -> Any:
    headers = response.headers
    if g.get("can_edit") or request.endpoint in PRIVATE_ENDPOINTS:
        # A page seen by an editor shows the editor link: no cache, shared or on disk, may keep it.
        headers["Cache-Control"] = "no-store"
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    # Evening links carry their tokens in the path: never send them to another site.
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    return response


def _wants_json() -> bool:
    """The API, and a deal sent from a phone's outbox (``referee/web/evenings/outbox.py``), are answered in JSON."""
    return request.path.startswith("/api/") or request.headers.get("X-Referee-Outbox") == "1"


def _register_errors(app: Flask) -> None:
    def error_page(status: int, title: str, message: str) -> Any:
        if _wants_json():
            code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(status, "error")
            return jsonify(error={"code": code, "message": message}), status
        return render_template("error.html", status=status, title=title, message=message), status

    @app.errorhandler(403)
    def forbidden(_error: Exception) -> Any:
        if request.path.startswith("/g/"):
            return error_page(
                403,
                _("View only"),
                _(
                    "This is the group's view link: it shows the season but cannot change the group. "
                    "Ask whoever keeps the group for its editor link."
                ),
            )
        return error_page(
            403,
            _("View only"),
            _(
                "This is the evening's view link: it shows the sheets but cannot change them. "
                "Ask whoever keeps the score for the editor link."
            ),
        )

    @app.errorhandler(400)
    def bad_request(error: Exception) -> Any:
        if _wants_json() or isinstance(error, SecurityError):
            return error  # the API answers its own 400s (shared/API.md); an untrusted host gets no page
        return error_page(400, _("Bad request"), _("The app could not read this request: go back and try again."))

    @app.errorhandler(404)
    def not_found(_error: Exception) -> Any:
        return error_page(404, _("Not found"), _("There is no such page, evening, match or deal."))

    @app.errorhandler(405)
    def not_allowed(error: MethodNotAllowed) -> Any:
        page, status = error_page(405, _("Not allowed"), _("%(method)s is not accepted here.", method=request.method))
        # The methods the address does take (RFC 9110): Werkzeug's own answer would carry them.
        return page, status, [(name, value) for name, value in error.get_headers() if name == "Allow"]

    @app.errorhandler(413)
    def too_large(_error: Exception) -> Any:
        if request.endpoint == "pages.import_page":
            from referee.web.evenings.home import file_too_large

            return file_too_large()
        return error_page(413, _("Too large"), _("The request is larger than 256 KB."))

    @app.errorhandler(CSRFError)
    def csrf_error(_error: CSRFError) -> Any:
        return error_page(
            400,
            _("Form expired"),
            _("The form's security token is missing or stale: go back, reload the page and try again."),
        )

    @app.errorhandler(OperationalError)
    def database_unavailable(_error: OperationalError) -> Any:
        """The database could not do it now: locked past its busy timeout, its disk full, its server gone.

        Nothing of the request's change was kept (its transaction is rolled back); the deal forms answer
        this themselves, with what was typed (see ``evenings.sheets``).
        """
        db.session.rollback()
        return error_page(
            503,
            _("Try again in a moment"),
            _("The database is busy or its disk is full, so nothing was saved. Go back and try again in a moment."),
        )

    @app.errorhandler(500)
    def server_error(_error: Exception) -> Any:
        return error_page(
            500,
            _("Something went wrong"),
            _("The app failed to answer this request; nothing was changed by it. Go back and try again."),
        )


def _register_template_helpers(app: Flask) -> None:
    from referee.web.presentation import standings as standing_views
    from referee.web.presentation.helpers import register

    register(app)
    standing_views.register(app)

    @app.context_processor
    def rights() -> dict[str, Any]:
        return {"can_edit": g.get("can_edit", False)}
