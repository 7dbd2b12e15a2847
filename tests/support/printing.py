"""Reading what the app prints: a PDF's pages and text, or the HTML a PDF is made from.

WeasyPrint takes about a second of CPU for a page; the tests render a PDF once per template and
language, and check the other variants (a pad's other player counts) on the HTML the PDF would be
made from: :func:`print_html_instead` makes the app answer that HTML where it would print it.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import render_template
from pypdf import PdfReader

from referee.web.printing import views
from referee.web.printing.pdf_cache import PdfCache
from referee.web.printing.share import BUDGET


def pdf_text(data: bytes) -> tuple[int, str]:
    """The number of pages of a PDF and its text."""
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


class InMemory(PdfCache):
    """A cache that keeps nothing on disk (where a real PDF may be kept already)."""

    def get(self, key: str, render: Callable[[], bytes], *, on_disk: bool) -> bytes:
        return super().get(key, render, on_disk=False)


def print_html_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on in this test, the printing pages answer the HTML they would print (rendered just as for
    the PDF) in place of the PDF. The PDFs' cache is one of the test's own meanwhile, in memory: no HTML
    is ever kept where a PDF is read, nor a PDF kept before read as HTML."""

    def html_of(template: str, *, paper: str = "a4", landscape: bool = False, **context: Any) -> bytes:
        return render_template(template, paper=paper, **context).encode()

    monkeypatch.setattr(views, "render_pdf", html_of)
    monkeypatch.setattr(views, "pdfs", InMemory())


def pictures_as_html(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on in this test a printing page answers the HTML it would print, and a picture is the HTML
    page it would be drawn from (no PDF, no PNG), kept apart from the pictures (no other test is answered
    this HTML as a picture)."""
    print_html_instead(monkeypatch)
    monkeypatch.setattr(views, "picture_of", lambda page: page)
    monkeypatch.setattr(views, "share_images", PdfCache(BUDGET))


def count_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates the printing pages lay out from now on in this test (for a PDF or a picture), in order."""
    done: list[str] = []
    real = views.render_pdf

    def counting(template: str, **context: Any) -> bytes:
        done.append(template)
        return real(template, **context)

    monkeypatch.setattr(views, "render_pdf", counting)
    return done


def html_text(page: bytes | str) -> str:
    """The text of an HTML page as a PDF made from it holds: tags dropped, entities decoded."""
    text = page.decode() if isinstance(page, bytes) else page
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))
