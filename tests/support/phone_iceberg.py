"""Iceberg on a phone: the picker, the play log's chips, a play added, the sheet's totals."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phones import pick


def close_picker(page: Any) -> None:
    if page.locator(".picker:visible").count():
        page.click(".picker:visible .tool.done")  # the picker says Done in the page's language


def tap(page: Any, chip: str) -> None:
    page.click(f".ib-next label.chip:has-text('{chip}')")


def add_play(page: Any, who: str, what: str, cards: list[str], *, picker: bool = False) -> None:
    """Tap who and what, enter the cards (on the picker or typed) and add the play."""
    tap(page, who)
    tap(page, what)
    if picker:
        page.click("#cards")
        for card in cards:
            pick(page, card)
        assert page.input_value("#cards") == " ".join(cards)
        close_picker(page)
    else:
        page.fill("#cards", " ".join(cards))
    page.click("button:text('Add play')")
    page.wait_for_load_state()
    assert page.locator("#cards-error").count() == 0, page.locator("#cards-error").inner_text()


def totals(page: Any) -> list[int]:
    return [int(cell) for cell in page.locator("tfoot td").all_inner_texts() if re.fullmatch(r"-?\d+", cell.strip())]
