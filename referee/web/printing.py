"""PDF rendering with WeasyPrint: HTML templates with print CSS, fonts shipped in static/fonts."""

from __future__ import annotations

from pathlib import Path

from flask import current_app, render_template

PAPERS = {"a4": "A4", "letter": "letter"}


def paper_of(value: str | None) -> str:
    """``a4`` (default) or ``letter``; anything else is A4."""
    return value if value in PAPERS else "a4"


def render_pdf(template: str, *, paper: str = "a4", landscape: bool = False, **context: object) -> bytes:
    """Render ``template`` (which extends ``print/base.html``) to PDF bytes."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    html = render_template(template, paper=paper, **context)
    static = Path(current_app.static_folder or "static")
    fonts = FontConfiguration()
    page = f"@page {{ size: {PAPERS[paper]}{' landscape' if landscape else ''}; }}"
    document = HTML(string=html, base_url=str(static.parent) + "/")
    return document.write_pdf(
        stylesheets=[
            CSS(filename=str(static / "css" / "print.css"), font_config=fonts),
            CSS(string=page, font_config=fonts),
        ],
        font_config=fonts,
    )
