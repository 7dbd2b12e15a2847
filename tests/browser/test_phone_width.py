"""No page is wider than a phone: every kind of page (tests/support/page_kinds.py), in English and Japanese,
light and dark, fits 360 CSS pixels with no sideways scrolling, neither of the page nor of a box in it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

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


@pytest.fixture
def site(server: str, live_app: tuple[Flask, str]) -> tuple[str, Pages]:
    """The module's server, and its evening of every game built for the test."""
    return server, page_kinds(live_app[0])


def visit(page: Any, server: str, kind: PageKind) -> None:
    response = page.goto(server + kind.path)
    expected = 200 if kind.form is not None else kind.status
    assert response is not None and response.status == expected, (kind.name, response and response.status)
    if kind.form is not None:
        with page.expect_navigation() as answered:
            page.evaluate(POST, [kind.target, dict(kind.form)])
        assert answered.value is not None and answered.value.status == kind.status, kind.name
        assert page.locator(kind.shows or "body").count() == 1, kind.name


#: The page kinds are measured in two halves (every other kind), each in light and dark on one visit.
HALVES = (0, 1)


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_fits_a_phone(site: tuple[str, Pages], chromium: Any, language: str, half: int) -> None:
    server, pages = site
    context = chromium.new_context(
        viewport={"width": WIDTH, "height": 780},
        is_mobile=True,
        has_touch=True,
        locale=LANGUAGES[language].split(",")[0],
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
        color_scheme="light",
    )
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        for link in pages.editors:
            page.goto(server + link)
        too_wide = []
        for kind in pages.kinds[half :: len(HALVES)]:
            visit(page, server, kind)
            for scheme in ("light", "dark"):  # the page as it stands, in each scheme: no second visit
                page.emulate_media(color_scheme=scheme)
                measured = page.evaluate(MEASURE, WIDTH)
                assert measured["lang"] == language and measured["dark"] == (scheme == "dark"), (kind.name, measured)
                if measured["page"] > WIDTH or measured["width"] != WIDTH or measured["scrolling"]:
                    too_wide.append(f"{kind.name} {kind.path} ({scheme}): {measured}")
            page.emulate_media(color_scheme="light")
        assert too_wide == [], "\n".join(too_wide)
    finally:
        context.close()
