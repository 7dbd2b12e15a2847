"""The Flask application factory: configuration, database, CSRF, blueprints."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFError, CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.routing import IntegerConverter

from referee.web.db import db

ROOT = Path(__file__).resolve().parents[2]
csrf = CSRFProtect()
migrate = Migrate()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        "referee",
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    config = dict(config or {})
    if "INSTANCE_PATH" in config:
        app.instance_path = str(config.pop("INSTANCE_PATH"))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.update(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=256 * 1024,
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
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or _instance_secret(Path(app.instance_path))

    db.init_app(app)
    csrf.init_app(app)
    app.url_map.converters["int"] = RowNumberConverter
    _register_blueprints(app)
    _register_errors(app)
    _register_template_helpers(app)
    app.after_request(_security_headers)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    if app.config.get("UPGRADE_ON_START", True):
        with app.app_context():
            upgrade_database()
    return app


class RowNumberConverter(IntegerConverter):
    """``<int:…>`` in every route: ids and deal numbers up to 2**31 - 1, the range of an INTEGER
    column on every database, so a larger number in a URL is a 404 rather than a database error."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


def upgrade_database() -> None:
    """Bring the database to the newest schema through the Alembic migrations in ``migrations/``."""
    from flask_migrate import upgrade

    upgrade()


def _engine_options(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        # Wait for a concurrent writer instead of failing at once with "database is locked".
        return {"connect_args": {"timeout": 30}}
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


def _instance_secret(instance: Path) -> str:
    """A secret key generated once per installation and kept in ``instance/secret_key``."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys, and WAL so a reader never blocks the writer."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()


def _register_blueprints(app: Flask) -> None:
    from referee.web.api import api
    from referee.web.pages import pages
    from referee.web.printables import printables
    from referee.web.referee_pages import referee_pages
    from referee.web.sheets import sheets

    csrf.exempt(api)
    for blueprint in (pages, sheets, referee_pages, printables, api):
        app.register_blueprint(blueprint)


#: No inline script or style anywhere: every script and style is a file the app serves itself.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


def _security_headers(response: Any) -> Any:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    # Evening links carry their tokens in the path: never send them to another site.
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    return response


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _register_errors(app: Flask) -> None:
    def error_page(status: int, title: str, message: str) -> Any:
        if _wants_json():
            code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(status, "error")
            return jsonify(error={"code": code, "message": message}), status
        return render_template("error.html", status=status, title=title, message=message), status

    @app.errorhandler(403)
    def forbidden(_error: Exception) -> Any:
        return error_page(
            403,
            "View only",
            "This is the evening's view link: it shows the sheets but cannot change them. "
            "Ask whoever keeps the score for the editor link.",
        )

    @app.errorhandler(404)
    def not_found(_error: Exception) -> Any:
        return error_page(404, "Not found", "There is no such page, evening, match or deal.")

    @app.errorhandler(405)
    def not_allowed(_error: Exception) -> Any:
        return error_page(405, "Not allowed", f"{request.method} is not accepted here.")

    @app.errorhandler(413)
    def too_large(_error: Exception) -> Any:
        return error_page(413, "Too large", "The request is larger than 256 KB.")

    @app.errorhandler(CSRFError)
    def csrf_error(_error: CSRFError) -> Any:
        return error_page(
            400,
            "Form expired",
            "The form's security token is missing or stale: go back, reload the page and try again.",
        )


def _register_template_helpers(app: Flask) -> None:
    from flask import g

    from referee.web import standing_views
    from referee.web.presentation import register

    register(app)
    standing_views.register(app)

    @app.context_processor
    def rights() -> dict[str, Any]:
        return {"can_edit": g.get("can_edit", False)}
