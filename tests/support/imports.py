"""Evenings to import, and what an import answers."""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask

from tests.support.client import Browser
from tests.support.table import Table


def played_evening(app: Flask) -> tuple[Browser, str, str]:
    """An evening (its view path) with a Dracula match of one deal, as an editor's browser sees it."""
    browser = Browser(app.test_client())
    table = Table(browser)
    evening = table.evening(["Ann", "Bob", "Cat"], name="Bounds")
    match_url = table.match("dracula", ["Ann", "Bob"], evening=evening)
    cells = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    cards = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]
    assert browser.submit(f"{match_url}/deals/new", dict(zip(cells, cards, strict=True))).status_code == 302
    return browser, evening, match_url


def import_file(browser: Browser, data: Any) -> Any:
    """``data`` (bytes, or a document to write as JSON) uploaded on the import page: the answer."""
    browser.get("/import")
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return browser.client.post(
        "/import",
        data={"file": (io.BytesIO(body), "evening.json"), "csrf_token": browser.token},
        content_type="multipart/form-data",
    )


def assert_refused_import(response: Any, words: str) -> None:
    """The import was refused (400) and its page says ``words``."""
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert words in response.get_data(as_text=True)
