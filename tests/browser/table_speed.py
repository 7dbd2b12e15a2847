"""Counting a deal's entry as a player's thumbs do it: taps and typed characters.

Issue 14's target is a typical 4-player deal in at most 20 taps and 12 typed characters in a game's
quick mode. A table-speed test drives the page only through a :class:`Thumbs`, so every action it
takes is counted: a tap is one tap (a button, a chip, a stepper, a field to type into, the save
button; a native list is two, one to open it and one to pick), typing is one character per key.
Reading the page is free.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The target for a typical 4-player deal in a game's quick mode (issue 14).
MAX_TAPS = 20
MAX_CHARACTERS = 12


@dataclass
class Thumbs:
    """A phone's page, driven only by counted taps and keys."""

    page: Any
    taps: int = 0
    characters: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, selector: str) -> None:
        """One tap on what ``selector`` finds (it must be one thing on the page)."""
        self.page.locator(selector).tap()
        self.taps += 1
        self.log.append(f"tap {selector}")

    def type_into(self, selector: str, text: str) -> None:
        """A tap on a field, then ``text`` typed key by key (a field already focused costs no tap)."""
        target = self.page.locator(selector)
        if not target.evaluate("element => element === document.activeElement"):
            target.tap()
            self.taps += 1
        self.page.keyboard.type(text)
        self.characters += len(text)
        self.log.append(f"type {text!r} into {selector}")

    def choose(self, selector: str, value: str) -> None:
        """An option of a native list (a ``select``): one tap opens the list, one picks the option."""
        self.page.locator(selector).select_option(value)
        self.taps += 2
        self.log.append(f"choose {value!r} in {selector}")

    def type_here(self, text: str) -> None:
        """``text`` typed into the field that has the focus already (after a tap or by the page's own move)."""
        self.page.keyboard.type(text)
        self.characters += len(text)
        self.log.append(f"type {text!r}")

    def within_target(self) -> bool:
        return self.taps <= MAX_TAPS and self.characters <= MAX_CHARACTERS

    def summary(self) -> str:
        return f"{self.taps} taps + {self.characters} characters: " + "; ".join(self.log)
