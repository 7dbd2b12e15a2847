"""Every kind of page the app shows, with data on it: what the page sweeps (a phone's width, a language,
an accessibility check) visit once each.

:func:`page_kinds` builds, in the app's database, an evening in a group with a match of every game
(three deals, the second with a claim that differs from the ruling), a finished Paks and Dracula match
for the standings, and answers each kind of page: its name, its path and, for a page that answers a
form (a referee page's verdict, a form refused at its fields), the form to post and what the answer
shows; and the pieces of pages that scripts fetch (:attr:`Pages.parts`) and every printable
(:attr:`Pages.printables`). Editor pages need the evening's and the group's
editor links opened first (:attr:`Pages.editors`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Flask

from referee.rules.dracula.layout import CELLS
from referee.rules.game import MatchSetup
from referee.rules.registry import GAMES
from referee.web.game_ui import game_ui
from referee.web.referee_pages import PAGES
from referee.web.store.db import db
from referee.web.store.models import Evening, Person
from tests.support import deals
from tests.support.table import Table

PLAYERS, TEAMS = deals.FOUR, deals.TEAMS
#: Two more players, for a sheet of six (the widest on a phone), one with a long name.
SIXTH = ("Eve", "Marie-Charlotte Delacroix")
EVENING, GROUP = "Friday at Ann's", "Thursday club"


@dataclass(frozen=True)
class PageKind:
    name: str
    path: str
    #: A form to post to ``action`` (by default ``path``), from the page ``path`` shows.
    form: Mapping[str, str] | None = None
    #: What the answer to the form shows, once (a CSS selector: ``.a.b``, ``#id`` or ``[attribute]``).
    shows: str | None = None
    #: Where the form posts, when not to ``path`` (a form of the page that posts elsewhere).
    action: str | None = None
    #: The status the page (or the answer to its form) comes with.
    status: int = 200

    @property
    def target(self) -> str:
        return self.action or self.path


@dataclass(frozen=True)
class Pages:
    #: The evening's and the group's editor links: opened first, they make the browser a score keeper of the
    #: evening and an editor of its group.
    editors: tuple[str, ...]
    kinds: list[PageKind] = field(default_factory=list)
    #: Everything typed into the evening in Latin letters (players, the evening's and the group's names).
    typed: tuple[str, ...] = ()
    #: Pieces of pages, fetched by a page's script into itself: a deal's workings, opened on the sheet.
    parts: list[PageKind] = field(default_factory=list)
    #: Every printable: rule cards, blank pads of every size, each sheet filled (its deals worked out) and
    #: as a picture, the evening's record.
    printables: list[PageKind] = field(default_factory=list)


_COFFIN = dict(zip(CELLS, ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"], strict=True))
#: A six-deal game of Dracula (E10 of the rules): the Queen wins 340 to 212.
_DRACULA_GAME = {
    f"{role}_{number}": str(points)
    for number, pair in enumerate([(120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150)], start=1)
    for role, points in zip(("queen", "king"), pair, strict=True)
}
_ZHENGFEN_DEAL = {
    "players": "4",
    **{f"player_{seat}": name for seat, name in enumerate("ABCD")},
    **{f"place_{place}": name for place, name in enumerate("BDAC")},
    "cards_0": "10S KH 5D",
    "cards_1": "KS 5C",
    "cards_2": "10H 10D KD",
    "cards_3": "10C KC",
    "hand_cards": "5S 5H 7C 2D",
}

#: Each referee page that takes a claim, and a form whose claim differs from the verdict.
CLAIMS: dict[str, dict[str, str]] = {
    "/referee/paks/pak": {"table_card": "9H", "played": "5H 4H", "decks": "2", "claim-value": "9"},
    "/referee/paks/steal": {
        **{"pak_suit": "S", "victim_1": "5H 4H KH", "played": "3H 2H", "player": "A", "owner": "B", "decks": "2"},
        "claim-value": "20",
    },
    "/referee/paks/deal": {
        **{"side_0": "Ann & Cat", "paks_0": "QH 2H KH\n7H 6H; AH 3H", "side_1": "Bob & Dan", "paks_1": "9H 4H"},
        **{"decks": "2", "claim-side0": "60", "claim-side1": "0"},
    },
    "/referee/clabber/melds": {"players": "4", "trump": "H", "hand_0": "KH QH JH 9S 9D 9C", "claim-NS": "20"},
    "/referee/clabber/trick": {
        **{"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "card_1": "AH", "last": "true"},
        "claim-EW": "15",
    },
    "/referee/clabber/deal": {
        **{"players": "4", "makers": "NS", "points_0": "100", "meld_1": "50", "bell": "NS"},
        **{"claim-NS": "120", "claim-EW": "62"},
    },
    "/referee/dracula/coffin": {**_COFFIN, "players": "2", "claim-queen": "120", "claim-king": "19"},
    "/referee/dracula/game": {**_DRACULA_GAME, "claim-queen": "100"},
    "/referee/zhengfen/classify": {"cards": "5S 10S KS", "claim-points": "20"},
    "/referee/zhengfen/deal": {**_ZHENGFEN_DEAL, "claim-B": "50"},
    "/referee/iceberg/leftover": {
        **{"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH", "decks": "1"},
        "claim-penalty": "-100",
    },
    "/referee/iceberg/meld": {"cards": "QH QH QS QD QC", "decks": "2", "claim-points": "100"},
    "/referee/iceberg/layoff": {"meld": "5H 6H 7H", "cards": "8H 4H", "decks": "1", "claim-points": "80"},
}

#: A 2-player Dracula deal placed in order around the centre's 7H: where each card goes, by turns.
_PLACED = [("r1c2", "2C"), ("r2c1", "3C"), ("r1c1", "4C"), ("r2c3", "5C"), ("r1c3", "6C"), ("r3c2", "7C")]
_PLACED += [("r3c1", "8C"), ("r3c3", "9C")]
_PLAYS = [("A", "6S"), ("B", ""), ("C", "9H"), ("D", ""), ("A", "")]
#: Each referee page that takes no claim, and a form it answers with a verdict.
VERDICTS: dict[str, dict[str, str]] = {
    "/referee/paks/turn": {"table": "9S 4D KC 3H", "drawn": "2D", "hand": "10S 6C 2D", "decks": "2"},
    "/referee/paks/end": {"side_0": "Ann & Cat", "total_0": "505", "side_1": "Bob & Dan", "total_1": "505"},
    "/referee/clabber/legal": {"players": "4", "trump": "H", "leader": "N", "trick": "KS", "hand": "10S JH AD 9C"},
    "/referee/clabber/end": {"side_0": "NS", "total_0": "520", "side_1": "EW", "total_1": "520"},
    "/referee/clabber/bid": {"players": "4", "turn_up": "10D", "round": "2", "hand": "AH KS QS 9C JC 10C", "suit": "H"},
    "/referee/dracula/placement": {**dict.fromkeys(CELLS, ""), "r2c2": "7H", "cell": "r1c1", "first_card_4p": "centre"},
    "/referee/dracula/order": {
        "centre": "7H",
        **{f"by_{n}": ("non-dealer", "dealer")[n % 2] for n in range(len(_PLACED))},
        **{f"cell_{n}": cell for n, (cell, _card) in enumerate(_PLACED)},
        **{f"card_{n}": card for n, (_cell, card) in enumerate(_PLACED)},
    },
    "/referee/zhengfen/beats": {"current": "8H 8C", "play": "9S 9D"},
    "/referee/zhengfen/trick": {
        "players": "4",
        **{f"who_{n}": who for n, (who, _cards) in enumerate(_PLAYS)},
        **{f"cards_{n}": cards for n, (_who, cards) in enumerate(_PLAYS)},
    },
}


def page_kinds(app: Flask) -> Pages:
    """Build the evening, its group and matches in ``app``'s database, and answer every kind of page."""
    table = Table.of(app)
    code = table.stored_evening((*PLAYERS, *SIXTH), name=EVENING, group=GROUP)
    sheets: dict[str, str] = {}
    first_sides: dict[str, str] = {}
    for slug, (seats, deal) in deals.TABLES.items():
        entries = [deal(n) for n in (1, 2, 3)]
        first_side = GAMES[slug].sides(MatchSetup(players=seats))[0].name
        entries[1] = {**entries[1], "claim": {first_side: 999}}
        first_sides[slug] = first_side
        sheets[slug] = table.stored_sheet(GAMES[slug], seats, entries, evening=code)
    six = (*PLAYERS, *SIXTH)
    six_deals = [deals.zhengfen(n, six) for n in (1, 2)]
    sheets["zhengfen of six"] = table.stored_sheet(GAMES["zhengfen"], six, six_deals, evening=code)
    table.stored_match(GAMES["paks"], PLAYERS, entries=[deals.paks_win(TEAMS) for _ in (1, 2)], evening=code)
    table.stored_match(GAMES["dracula"], PLAYERS[1:3], entries=[deals.dracula(n) for n in range(1, 7)], evening=code)
    with app.app_context():
        stored = db.session.scalar(db.select(Evening).where(Evening.code == code))
        assert stored is not None and stored.group is not None
        group, token, group_token = stored.group.code, stored.editor_token, stored.group.editor_token
        person = db.session.scalar(db.select(Person).where(Person.group_id == stored.group_id, Person.name == "Ann"))
        assert person is not None
        person_id = person.id

    kinds = [
        PageKind("home", "/"),
        PageKind("evening and its standings", f"/e/{code}"),
        PageKind("import", "/import"),
        PageKind("API", "/api"),
        PageKind("print", "/print/"),
        PageKind("referee", "/referee/"),
        PageKind("new group", "/g/new"),
        PageKind("group", f"/g/{group}"),
        PageKind("group's evenings", f"/g/{group}/evenings"),
        PageKind("person", f"/g/{group}/persons/{person_id}"),
        PageKind("offline", "/offline"),
    ]
    kinds.append(PageKind("sheet of six", sheets.pop("zhengfen of six")))
    for slug, sheet in sheets.items():
        modes = game_ui(slug).entry_form().modes
        kinds += [
            PageKind(f"{slug} sheet", sheet),
            PageKind(f"{slug} deal", f"{sheet}/deals/2"),
            PageKind(f"{slug} deal form", f"{sheet}/deals/new"),
            *(PageKind(f"{slug} deal form, {mode}", f"{sheet}/deals/new?mode={mode}") for mode in modes[1:]),
            PageKind(f"{slug} correction form", f"{sheet}/deals/2/edit"),
            PageKind(f"{slug} history", f"{sheet}/history"),
            PageKind(f"{slug} undo", f"{sheet}/undo"),
            PageKind(f"{slug} print", f"{sheet}/print"),
            PageKind(f"{slug} new match", f"/e/{code}/matches/new/{slug}"),
            PageKind(f"{slug} rule card", f"/rules/{slug}"),
        ]
    with app.test_request_context():
        from flask import url_for

        referee = [(slug, url_for(endpoint)) for slug, endpoint, _title in PAGES if slug in GAMES]
    for slug, path in referee:
        name = f"{slug} referee {path.rsplit('/', 1)[-1]}"
        kinds.append(PageKind(name, path))
        if path in CLAIMS:
            kinds.append(PageKind(f"{name}: the claim differs", path, CLAIMS[path], ".claim-verdict.differs"))
        if path in VERDICTS:
            kinds.append(PageKind(f"{name}: its verdict", path, VERDICTS[path], ".verdict"))
    kinds += refused_forms(group, {slug: (sheets[slug], side) for slug, side in first_sides.items()})
    typed = (*PLAYERS, *SIXTH, *TEAMS, EVENING, GROUP)
    editors = (f"/e/{code}/edit/{token}", f"/g/{group}/edit/{group_token}")
    parts = [PageKind(f"{slug} deal workings", f"{sheet}/deals/2?part=workings") for slug, sheet in sheets.items()]
    return Pages(editors, kinds, typed, parts, printables(code, sheets))


def printables(evening: str, sheets: Mapping[str, str]) -> list[PageKind]:
    """Every printable of every game, and of the evening of code ``evening`` with its ``sheets``."""
    kinds = [PageKind("evening's record", f"/e/{evening}/record.pdf")]
    for slug, game in GAMES.items():
        kinds.append(PageKind(f"{slug} rule card, printed", f"/rules/{slug}.pdf"))
        kinds += [PageKind(f"{slug} pad of {n}", f"/print/{slug}/pad.pdf?players={n}") for n in game.player_counts]
    for slug, sheet in sheets.items():
        kinds.append(PageKind(f"{slug} sheet, printed", f"{sheet}/sheet.pdf?workings=1"))
        kinds.append(PageKind(f"{slug} sheet's picture", f"{sheet}/share.png"))
    return kinds


def refused_forms(group: str, sheets: Mapping[str, tuple[str, str]]) -> list[PageKind]:
    """Pages that answer what cannot be done: a page that does not exist, a form refused at its fields (all
    its errors at once), among them an empty deal on each game's sheet (``sheets``: the sheet's path and its
    first side) claiming what is no number."""
    kinds = [
        PageKind("no such page", "/no/such/page", status=404),
        PageKind("no such deal", f"{sheets['paks'][0]}/deals/99", status=404),
        PageKind("home, refused", "/", {"players": "Ann, ann"}, "#players-error", status=400),
        PageKind("home, refused for its length", "/", {"players": "長" * 41}, "#players-error", status=400),
        PageKind("new group, refused", "/g/new", {"name": ""}, "#name-error", status=400),
        PageKind("import, refused", "/import", {}, "#file-error", status=400),
        PageKind("join, refused", f"/g/{group}", {"link": "x"}, "#link-error", f"/g/{group}/join", status=400),
        PageKind("print, refused", f"{sheets['paks'][0]}/sheet.pdf?workings=1&first=3&last=1", status=400),
    ]
    for slug, (sheet, side) in sheets.items():
        claim = {f"claim-{side}": "many"}
        kinds.append(PageKind(f"{slug} deal, refused", f"{sheet}/deals/new", claim, "#claim-1-error", status=400))
    return kinds
