"""Paks on a phone: the players of the browser tests, the deal form's tabs and rows."""

from __future__ import annotations

from typing import Any

PLAYERS = ("Ann", "Bob")


def card_by_card(page: Any) -> None:
    """Tap the "Card by card" tab of the deal form (a new deal opens in quick mode)."""
    page.click(".mode-tab[value='cards']")
    page.wait_for_selector(".paks-entry:not([hidden])")


def fill_paks(page: Any, paks: dict[str, list[str]], skip: tuple[str, int] | None = None) -> None:
    """Type every pak into its row; rows past the first four sit in the "more paks" fold."""
    for seat, name in enumerate(PLAYERS):
        for row, cards in enumerate(paks.get(name, [])):
            if (name, row) == skip:
                continue
            field = page.locator(f"#paks_{seat}-{row}-cards")
            if not field.is_visible():
                page.click(f"summary:text('More paks for {name}')")
            field.fill(cards)
