"""What the browser tests do on a phone's page: start a match, read the words, check accessibility.

axe-core takes about half a second of CPU a call, and the flows reach the same kind of page again and
again (the sheet after every deal, the deal form of every deal). So :func:`check_accessibility` runs
it once per kind of page and language in a run: a kind is the page's route (its path with codes and
numbers as ``*``) and what is on show (the tags and classes of the visible elements, so a picker
opened, a verdict shown or the error summary is a kind of its own). The first flow to reach a kind
checks it; :data:`CHECKED` lists every kind checked, printed at the end of the run.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from referee.rules.registry import GAMES

#: A phone's screen, in CSS pixels.
PHONE = {"width": 390, "height": 844}

ENGLISH_WORD = re.compile(r"\b[A-Za-z][a-z]{2,}\b")


def english_words(text: str, allowed: Sequence[str] = ()) -> list[str]:
    """Words of three letters or more in ``text`` that are English (player names and ``allowed`` aside).

    Card codes (``10H``), clause ids (``paks-4.2``) and capitals (``API``, ``PDF``) are not words here.
    """
    skip = {word.casefold() for word in allowed}
    return [
        word for word in ENGLISH_WORD.findall(re.sub(r"\b[a-z]+-[\d.]+\b", " ", text)) if word.casefold() not in skip
    ]


#: What is on show: each visible element's tag and classes, and whether it is marked invalid.
_ON_SHOW = """() => {
  const seen = new Set();
  for (const element of (document.body || document.documentElement).querySelectorAll("*")) {
    if (!element.checkVisibility()) continue;
    const invalid = element.getAttribute("aria-invalid") === "true" ? "!" : "";
    seen.add(element.tagName + "." + [...element.classList].sort().join(".") + invalid);
  }
  return [document.documentElement.lang, [...seen].sort().join(" ")];
}"""

#: The kinds of page checked in this run: route, language, and a digest of what was on show.
CHECKED: dict[tuple[str, str, str], str] = {}
#: The routes and languages checked by the other test workers of the run (``route [language]``).
GATHERED: set[str] = set()


def route(url: str) -> str:
    """The path of ``url`` with its codes, tokens and numbers as ``*`` (``/e/*/matches/*/deals/new``)."""
    parts = urlsplit(url).path.split("/")
    return "/".join("*" if re.search(r"\d", part) or len(part) >= 16 else part for part in parts)


def check_accessibility(page: Any) -> None:
    """No serious or critical axe-core violation on the page as it stands, unless a page of its kind was
    checked already in this run."""
    page.wait_for_load_state()
    language, on_show = page.evaluate(_ON_SHOW)
    kind = (route(page.url), language, hashlib.blake2b(on_show.encode(), digest_size=6).hexdigest())
    if kind in CHECKED:
        return
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert bad == [], f"{page.url}: {bad}"
    CHECKED[kind] = page.url


def open_new_match(page: Any, server: str, evening: str, players: Sequence[str], game: str) -> None:
    """Start an evening of ``players`` on the home page and open the new-match page of ``game`` (its name),
    checking the accessibility of each page on the way."""
    slug = next(slug for slug, known in GAMES.items() if str(known.name) == game)
    PhoneTable(server).new_match(page, slug, players, evening=evening)


def pick(page: Any, card: str) -> None:
    """Tap a card on the open picker: the suit (unless already chosen), then the rank."""
    rank, suit = card[:-1], card[-1]
    suit_button = page.locator(f".picker:visible [data-suit='{suit}']")
    if suit_button.get_attribute("aria-pressed") != "true":
        suit_button.click()
    page.click(f".picker:visible [data-rank='{rank}']")


class PhoneTable:
    """Evenings and matches started on a phone's pages, as the score keeper taps them (in any language:
    the buttons are found by what they do, not by their words), each page checked for accessibility."""

    def __init__(self, server: str) -> None:
        self.server = server

    def new_match(self, page: Any, game: str, players: Sequence[str], *, evening: str = "Friday") -> None:
        """An evening of ``players`` started on the home page, and the new-match page of ``game`` (its slug)."""
        page.goto(self.server + "/")
        check_accessibility(page)
        page.fill("#name", evening)
        page.fill("#players", "\n".join(players))
        page.click("main form button[type=submit]")
        page.wait_for_url(re.compile(r"/e/[^/]+$"))
        check_accessibility(page)
        page.click(f"a[href$='/matches/new/{game}']")
        check_accessibility(page)

    def seat(self, page: Any, players: Sequence[str]) -> None:
        """``players`` seated in order on the new-match page, the other seats left empty."""
        for seat, name in enumerate(players):
            page.select_option(f"#seat_{seat}", name)
        for seat in range(len(players), page.locator("select[id^='seat_']").count()):
            page.select_option(f"#seat_{seat}", "")

    def match(
        self,
        page: Any,
        game: str,
        players: Sequence[str],
        *,
        evening: str = "Friday",
        house: Mapping[str, str] | None = None,
    ) -> str:
        """A match of ``game`` (its slug) started with ``players`` in the order the evening lists them, its
        ``house`` rules (field id to value) typed in, or chosen where the rule is a list: the sheet's address."""
        self.new_match(page, game, players, evening=evening)
        if house:
            page.click("main form details.options > summary")
            for field, value in house.items():
                box = page.locator(f"#{field}")
                if box.evaluate("e => e.tagName") == "SELECT":
                    box.select_option(value)
                else:
                    box.fill(value)
        page.click("main form button[type=submit]")
        page.wait_for_url(re.compile(r"/matches/\d+$"))
        check_accessibility(page)
        return str(page.url)
