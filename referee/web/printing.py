"""PDF rendering with WeasyPrint: HTML templates with print CSS, fonts shipped in static/fonts.

The font configuration and the parsed print CSS are made once per process. Renders take turns,
one at a time per process (WeasyPrint is not made for threads sharing a font configuration), and
at most :data:`ADMITTED` PDF requests per process render or wait: the other threads of a worker
keep serving the sheets. A PDF request beyond that, or one whose turn does not come within
:data:`RENDER_WAIT` seconds, is refused with :class:`PrinterBusy` (503, try again). Each render
itself is bounded by what may be printed (see ``referee.web.printables``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import current_app, render_template

PAPERS = {"a4": "A4", "letter": "letter"}
#: PDF requests per process that may render or wait for their turn at once.
ADMITTED = 2
#: Seconds an admitted PDF request waits for the render before it; then it is told to try again.
RENDER_WAIT = 10.0

_admitted = threading.BoundedSemaphore(ADMITTED)
_render_turn = threading.Lock()


class PrinterBusy(Exception):
    """Other PDFs are being rendered in this process: try again in a moment."""


def paper_of(value: str | None) -> str:
    """``a4`` (default) or ``letter``; anything else is A4."""
    return value if value in PAPERS else "a4"


@dataclass(frozen=True)
class _Styles:
    fonts: Any
    print_css: Any
    base_url: str


@cache
def _styles(static_folder: str) -> _Styles:
    """The font configuration and print.css, parsed once (its @font-face fonts load into ``fonts``)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    static = Path(static_folder)
    fonts = FontConfiguration()
    return _Styles(fonts, CSS(filename=str(static / "css" / "print.css"), font_config=fonts), str(static.parent) + "/")


@cache
def _page_css(static_folder: str, paper: str, landscape: bool) -> Any:
    from weasyprint import CSS

    page = f"@page {{ size: {PAPERS[paper]}{' landscape' if landscape else ''}; }}"
    return CSS(string=page, font_config=_styles(static_folder).fonts)


def render_pdf(template: str, *, paper: str = "a4", landscape: bool = False, **context: object) -> bytes:
    """Render ``template`` (which extends ``print/base.html``) to PDF bytes; PrinterBusy if the turn never comes."""
    from weasyprint import HTML

    html = render_template(template, paper=paper, **context)
    static = current_app.static_folder or "static"
    if not _admitted.acquire(blocking=False):
        raise PrinterBusy
    try:
        if not _render_turn.acquire(timeout=RENDER_WAIT):
            raise PrinterBusy
        try:
            styles = _styles(static)
            document = HTML(string=html, base_url=styles.base_url)
            return document.write_pdf(
                stylesheets=[styles.print_css, _page_css(static, paper, landscape)], font_config=styles.fonts
            )
        finally:
            _render_turn.release()
    finally:
        _admitted.release()
