"""No page is wider than a phone: every kind of page (tests/support/page_kinds.py), in English and Japanese,
light and dark, fits 360 CSS pixels with no sideways scrolling, neither of the page nor of a box in it."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from referee import create_app
from tests.conftest import empty_database
from tests.support.page_kinds import PageKind, Pages, page_kinds

WIDTH = 360
LANGUAGES = {"en": "en-GB,en", "ja": "ja-JP,ja"}

#: Whatever makes the page wider than the screen, and every box that scrolls sideways.
MEASURE = """(width) => {
  const named = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  const wider = [], scrolling = [];
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      scrolling.push(named(el) + " " + el.scrollWidth + ">" + el.clientWidth);
    }
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 && style.position !== "fixed" && !el.closest("[hidden]")) {
      wider.push(named(el) + " to " + Math.round(box.right));
    }
  }
  return {page: document.documentElement.scrollWidth, width: window.innerWidth, wider: wider.slice(-4),
          scrolling: scrolling, lang: document.documentElement.lang,
          dark: matchMedia("(prefers-color-scheme: dark)").matches};
}"""

#: Posts a form to the page's own address, with its form token: a referee page's verdict.
POST = """([action, fields]) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  const token = document.querySelector("input[name=csrf_token]");
  const all = Object.assign(token ? {csrf_token: token.value} : {}, fields);
  for (const [name, value] of Object.entries(all)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Pages]]:
    """One server for the module, its evening of every game built once."""
    folder: Path = tmp_path_factory.mktemp("phone-width")
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{folder / 'pages.sqlite3'}"
    app = create_app({"INSTANCE_PATH": str(folder), "SQLALCHEMY_DATABASE_URI": url})
    pages = page_kinds(app)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}", pages
    http.shutdown()
    thread.join(timeout=10)
    empty_database(app)


def visit(page: Any, server: str, kind: PageKind) -> None:
    response = page.goto(server + kind.path)
    assert response is not None and response.ok, (kind.name, response and response.status)
    if kind.form is not None:
        with page.expect_navigation():
            page.evaluate(POST, [kind.path, dict(kind.form)])
        assert page.locator(".claim-verdict.differs").count() == 1, kind.name


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_fits_a_phone(site: tuple[str, Pages], chromium: Any, language: str, scheme: str) -> None:
    server, pages = site
    context = chromium.new_context(
        viewport={"width": WIDTH, "height": 780},
        is_mobile=True,
        has_touch=True,
        locale=LANGUAGES[language].split(",")[0],
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
        color_scheme=scheme,
    )
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(server + pages.editor)
        too_wide = []
        for kind in pages.kinds:
            visit(page, server, kind)
            measured = page.evaluate(MEASURE, WIDTH)
            assert measured["lang"] == language and measured["dark"] == (scheme == "dark"), (kind.name, measured)
            if measured["page"] > WIDTH or measured["width"] != WIDTH or measured["scrolling"]:
                too_wide.append(f"{kind.name} {kind.path}: {measured}")
        assert too_wide == [], "\n".join(too_wide)
    finally:
        context.close()
