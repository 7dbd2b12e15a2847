"""Where things land on the printed page, read from WeasyPrint's layout of the filled sheet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import current_app, render_template

from tests.support.client import Browser


def boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", []):
        yield from boxes(child)


def block_of(page: Any, css_class: str) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the first block box whose element has ``css_class``."""
    for box in boxes(page._page_box):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if type(box).__name__ == "BlockBox" and css_class in classes:
            x, y = box.border_box_x(), box.border_box_y()
            return x, y, x + box.border_width(), y + box.border_height()
    raise AssertionError(f"no .{css_class} on the page")


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_sheet_qr_code_stands_clear_of_the_status_box(browser: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    from weasyprint import CSS, HTML

    laid_out: list[Any] = []

    def layout(template: str, *, paper: str = "a4", **context: Any) -> bytes:
        html = render_template(template, paper=paper, **context)
        static = Path(current_app.static_folder or "static")
        css = CSS(filename=str(static / "css" / "print.css"))
        laid_out.append(HTML(string=html, base_url=str(static.parent) + "/").render(stylesheets=[css]))
        return b"%PDF-"

    monkeypatch.setattr("referee.web.printing.views.render_pdf", layout)
    evening = browser.submit("/", {"name": "Friday", "players": "Ann, Bob"}).headers["Location"]
    match = browser.submit(f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"})
    assert browser.client.get(f"{match.headers['Location']}/sheet.pdf").status_code == 200
    page = laid_out[0].pages[0]
    qr, banner = block_of(page, "qr"), block_of(page, "banner")
    assert qr[3] - qr[1] > 80  # the real QR code, about 28 mm
    assert not overlap(qr, banner), (qr, banner)
