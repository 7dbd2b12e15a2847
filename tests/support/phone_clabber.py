"""Clabber on a phone: the players of the browser tests and the tiles they tap."""

from __future__ import annotations

from typing import Any

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def tap(page: Any, name: str, value: str) -> None:
    """Tap one of the big radio tiles (the radio itself is visually hidden inside its label)."""
    page.click(f"label.clabber-tile:has(input[name='{name}'][value='{value}'])")
