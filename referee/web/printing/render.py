"""PDF rendering with WeasyPrint: HTML templates with print CSS, fonts shipped in static/fonts.

Japanese pages (``<html lang="ja">``) are set in Noto Sans JP, shipped by the ``pylopdf-fonts-jp``
package (SIL Open Font License) and read from its folder: nothing is fetched. WeasyPrint embeds only
the glyphs a PDF uses, so a Japanese rule card stays small. Pango breaks Japanese lines by the
language's rules (no line starts with 、 or 。); the stylesheet turns hyphenation off for it.

The font configuration and the parsed print CSS are made once per process. A render holds off the
garbage collector (``referee.web.collection``): what WeasyPrint lays out lives until the PDF is
written. Every render runs
under a render slot of the machine, taken by the PDF cache (``referee.web.printing.admission``,
``referee.web.printing.pdf_cache``); each is bounded by what may be printed (see
``referee.web.printing.views``).
"""

from __future__ import annotations

import atexit
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import current_app, render_template
from flask_babel import gettext as _

from referee.web.collection import collector_held_off
from referee.web.http.i18n import language

PAPERS = {"a4": "A4", "letter": "letter"}


def paper_of(value: str | None) -> str:
    """``a4`` (default) or ``letter``; anything else is A4."""
    return value if value in PAPERS else "a4"


@dataclass(frozen=True)
class _Styles:
    fonts: Any
    print_css: Any
    japanese_css: Any
    base_url: str


def japanese_font() -> Path:
    """The Japanese font file (Noto Sans JP, OFL), as the ``pylopdf-fonts-jp`` package ships it."""
    import pylopdf_fonts_jp

    return pylopdf_fonts_jp.sans_path()


#: The family Japanese text is set in; DejaVu (``Referee Sans``) after it for any sign it lacks.
JAPANESE_FAMILY = "Referee Sans JP"


def japanese_stylesheet() -> str:
    return (
        f'@font-face {{ font-family: "{JAPANESE_FAMILY}"; src: url("{japanese_font().as_uri()}"); }}\n'
        f':lang(ja) {{ font-family: "{JAPANESE_FAMILY}", "Referee Sans", sans-serif; hyphens: manual; '
        "word-break: normal; }\n"
        ":lang(ja) .house-label { text-transform: none; letter-spacing: 0; }\n"
    )


@cache
def _styles(static_folder: str) -> _Styles:
    """The font configuration and print.css, parsed once (its @font-face fonts load into ``fonts``)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    static = Path(static_folder)
    fonts = FontConfiguration()
    return _Styles(
        fonts,
        CSS(filename=str(static / "css" / "print.css"), font_config=fonts),
        CSS(string=japanese_stylesheet(), font_config=fonts),
        str(static.parent) + "/",
    )


@atexit.register
def _forget_styles() -> None:
    """Drop the font configuration while the interpreter is whole: WeasyPrint's ``FontConfiguration.__del__``
    removes its temporary font folder, and run during the interpreter's teardown it fails (a TypeError)."""
    _page_css.cache_clear()
    _styles.cache_clear()


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def page_footer(text: str) -> str:
    """A footer sentence with ``{page}`` and ``{pages}`` as CSS content: strings and page counters."""
    parts = re.split(r"(\{pages?\})", text)
    tokens = [
        f"counter({part[1:-1]})" if part in ("{page}", "{pages}") else _css_string(part) for part in parts if part
    ]
    return " ".join(tokens)


@cache
def _page_css(static_folder: str, paper: str, landscape: bool, language: str) -> Any:
    """The paper size and the footers' words, in ``language`` (the request's: the cache key names it)."""
    from weasyprint import CSS

    numbers = page_footer(_("page {page} of {pages}"))
    cites = _css_string(_("Table Referee cites these rule numbers"))
    size = f"{PAPERS[paper]}{' landscape' if landscape else ''}"
    page = (
        f"@page {{ size: {size}; @bottom-right {{ content: {numbers}; }} }}\n"
        f"@page rulecard {{ @bottom-center {{ content: {cites}; }} }}"
    )
    if language == "ja":  # margin boxes take no :lang() selector: their font is set here
        family = f'font-family: "{JAPANESE_FAMILY}", "Referee Sans", sans-serif;'
        page += (
            f"\n@page {{ @bottom-left {{ {family} }} @bottom-right {{ {family} }} }}"
            f"\n@page rulecard {{ @bottom-center {{ {family} }} }}"
        )
    return CSS(string=page, font_config=_styles(static_folder).fonts)


def render_pdf(template: str, *, paper: str = "a4", landscape: bool = False, **context: object) -> bytes:
    """Render ``template`` (which extends ``print/base.html``) to PDF bytes (the caller holds a render slot)."""
    from weasyprint import HTML

    static = current_app.static_folder or "static"
    styles = _styles(static)
    stylesheets = [styles.print_css, styles.japanese_css, _page_css(static, paper, landscape, language())]
    with collector_held_off():
        html = render_template(template, paper=paper, **context)
        document = HTML(string=html, base_url=styles.base_url)
        return document.write_pdf(stylesheets=stylesheets, font_config=styles.fonts)
