"""What the phone's service worker is made of: /sw.js with the app's version and shell, the offline page in
the reader's language, and asset URLs that carry the version."""

from __future__ import annotations

import html
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from referee.web.http.conditional import code_version


def settings(worker: str) -> dict[str, object]:
    """The values written before the worker's own file."""
    prelude = worker.split("/* The service worker")[0]
    return {name: json.loads(value) for name, value in re.findall(r"^var (\w+) = (.*);$", prelude, re.M)}


def test_the_worker_is_served_from_the_root_with_the_version_and_the_shell(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/" and response.headers["Cache-Control"] == "no-cache"
    worker = response.get_data(as_text=True)
    found = settings(worker)
    version = code_version()
    assert found["VERSION"] == version
    shell = found["SHELL"]
    assert isinstance(shell, list)
    assert f"/static/css/app.css?v={version}" in shell and f"/static/js/live.js?v={version}" in shell
    assert "/offline" in shell and "/manifest.webmanifest" in shell
    assert not any("service-worker" in url or "fonts" in url or "print.css" in url for url in shell)
    for url in shell:
        assert client.get(url).status_code == 200, url
    assert "importScripts.apply(self, OUTBOX)" in worker and found["OUTBOX"] == [
        f"/static/js/outbox.js?v={version}",
        f"/static/js/outbox-send.js?v={version}",
    ]


def test_a_new_version_changes_the_worker(app: Flask, client: FlaskClient) -> None:
    before = client.get("/sw.js").get_data()
    app.config["ASSET_VERSION"] = "another"
    after = client.get("/sw.js").get_data(as_text=True)
    assert after.encode() != before and settings(after)["VERSION"] == "another"
    assert "/static/js/live.js?v=another" in client.get("/").get_data(as_text=True)


def test_assets_of_this_version_are_kept_for_good(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    script = re.search(r'src="(/static/js/offline\.js\?v=\w+)"', page)
    assert script, "the page asks for its version's scripts"
    assert "immutable" in client.get(script.group(1)).headers["Cache-Control"]
    assert "immutable" not in client.get("/static/js/offline.js?v=old").headers.get("Cache-Control", "")


def test_the_offline_page_speaks_the_readers_language(client: FlaskClient) -> None:
    english = client.get("/offline")
    assert english.status_code == 200 and english.headers["Content-Language"] == "en"
    assert "The server cannot be reached" in english.get_data(as_text=True)
    japanese = client.get("/offline", headers={"Accept-Language": "ja"})
    assert japanese.headers["Content-Language"] == "ja"
    assert "サーバーに接続できません" in japanese.get_data(as_text=True)


def test_every_page_offers_the_worker_and_the_offline_words(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert 'data-service-worker="/sw.js"' in page and 'id="connection"' in page
    found = re.search(r"data-words='([^']*)'", page)
    assert found
    words = json.loads(html.unescape(found.group(1)))
    assert words["offline_copy"].startswith("オフライン")  # the banner's words, in the page's language
