"""The service worker (``/sw.js``), the offline page, and the version every asset URL carries.

The worker is ``static/js/service-worker.js`` served from the root, so its scope is the whole app, with
the app's version and its shell (what it keeps to start without the network) written before it. The
version is the digest of the app's code, templates and static files: any change to them changes the
worker's bytes, so browsers install the new worker, which keeps the new shell and drops the old one.
Every asset URL carries the same version (``/static/js/live.js?v=…``): a page always asks for the
scripts of its own version, whichever worker is running, and a browser may keep such a file for good.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, render_template, request, url_for

from referee.web.http.conditional import code_version

offline = Blueprint("offline", __name__)

#: What the worker keeps of ``static/`` to start without the network (the PDF fonts and print styles stay out).
SHELL_FILES = ("css/app.css", "css/games/*.css", "js/*.js", "icons/*")
#: The worker itself, served as ``/sw.js``, never as part of the shell.
WORKER_FILE = "js/service-worker.js"
#: How long a browser may keep an asset whose URL names the current version.
A_YEAR = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    app.register_blueprint(offline)
    app.url_defaults(_versioned_assets)
    app.after_request(_kept_for_good)


def asset_version() -> str:
    """The version asset URLs and the worker carry: the app's code digest (``ASSET_VERSION`` overrides it)."""
    return str(current_app.config.get("ASSET_VERSION") or code_version())


def _versioned_assets(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static":
        values.setdefault("v", asset_version())


def _kept_for_good(response: Response) -> Response:
    """An asset asked for under the current version never changes under that URL."""
    if request.endpoint == "static" and response.status_code == 200 and request.args.get("v") == asset_version():
        response.headers["Cache-Control"] = f"public, max-age={A_YEAR}, immutable"
    return response


def shell_files(static: Path) -> list[str]:
    """The static files of the shell, as paths under ``static/``."""
    found = {path.relative_to(static).as_posix() for pattern in SHELL_FILES for path in static.glob(pattern)}
    return sorted(found - {WORKER_FILE})


@offline.get("/sw.js")
def service_worker() -> Response:
    static = Path(str(current_app.static_folder))
    shell = [url_for("static", filename=name) for name in shell_files(static)]
    settings = {
        "VERSION": asset_version(),
        "SHELL": [*shell, url_for("offline.page"), url_for("pages.manifest")],
        "HOME": url_for("pages.home"),
        "OFFLINE": url_for("offline.page"),
        "OUTBOX": [url_for("static", filename=f"js/{name}.js") for name in ("outbox", "outbox-send")],
    }
    prelude = "".join(f"var {name} = {json.dumps(value)};\n" for name, value in settings.items())
    response = current_app.response_class(
        prelude + (static / WORKER_FILE).read_text(encoding="utf-8"), mimetype="text/javascript"
    )
    # Browsers check the worker at every start of the app; it must never be answered from an HTTP cache.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@offline.get("/offline")
def page() -> str:
    """What the worker shows for a page this phone never kept, when the server cannot be reached."""
    return render_template("offline.html")
