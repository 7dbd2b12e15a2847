"""Zheng Fen on a phone: the places tapped in order, the counts of a pile, a deal scored."""

from __future__ import annotations

import re
from typing import Any


def set_order(page: Any, order: list[str]) -> None:
    """Tap each player's chip in their place's row (1st, 2nd, …, last)."""
    rows = page.locator(".zf-place")
    for index, name in enumerate(order):
        rows.nth(index).locator(".chip", has_text=name).click()
    for index, name in enumerate(order):
        assert rows.nth(index).locator(f"input[value='{name}']").is_checked()


def fill_counts(page: Any, seat: int, counts: dict[str, int]) -> None:
    for field, number in counts.items():
        page.fill(f"#{field}_{seat}", str(number))


def score_deal(page: Any, number: int) -> None:
    page.click(f"text=Score deal {number}")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    assert page.locator(f"#deal-{number}").count() == 1
