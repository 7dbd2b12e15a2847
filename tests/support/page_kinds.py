"""Every kind of page the app shows, with data on it: what the page sweeps (a phone's width, a language,
an accessibility check) visit once each.

:func:`page_kinds` builds, in the app's database, an evening in a group with a match of every game
(three deals, the second with a claim that differs from the ruling), a finished Paks and Dracula match
for the standings, and answers each kind of page: its name, its path and, for a referee page's
verdict, the form to post. Editor pages need the evening's editor link opened first (:attr:`Pages.editor`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Flask

from referee.rules.dracula.layout import CELLS
from referee.rules.game import MatchSetup
from referee.rules.registry import GAMES
from referee.web.referee_pages import PAGES
from referee.web.store.db import db
from referee.web.store.models import Evening, Person
from tests.support import deals
from tests.support.table import Table

PLAYERS, TEAMS = deals.FOUR, deals.TEAMS
#: Two more players, for a sheet of six (the widest on a phone), one with a long name.
SIXTH = ("Eve", "Marie-Charlotte Delacroix")


@dataclass(frozen=True)
class PageKind:
    name: str
    path: str
    #: A form to post to ``path`` (a referee page's verdict), from the page ``path`` shows.
    form: Mapping[str, str] | None = None


@dataclass(frozen=True)
class Pages:
    #: The evening's editor link: opened first, it makes the browser a score keeper of the evening.
    editor: str
    kinds: list[PageKind] = field(default_factory=list)


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


def page_kinds(app: Flask) -> Pages:
    """Build the evening, its group and matches in ``app``'s database, and answer every kind of page."""
    table = Table.of(app)
    code = table.stored_evening((*PLAYERS, *SIXTH), name="Friday at Ann's", group="Thursday club")
    sheets: dict[str, str] = {}
    for slug, (seats, deal) in deals.TABLES.items():
        entries = [deal(n) for n in (1, 2, 3)]
        first_side = GAMES[slug].sides(MatchSetup(players=seats))[0].name
        entries[1] = {**entries[1], "claim": {first_side: 999}}
        sheets[slug] = table.stored_sheet(GAMES[slug], seats, entries, evening=code)
    six = (*PLAYERS, *SIXTH)
    six_deals = [deals.zhengfen(n, six) for n in (1, 2)]
    sheets["zhengfen of six"] = table.stored_sheet(GAMES["zhengfen"], six, six_deals, evening=code)
    table.stored_match(GAMES["paks"], PLAYERS, entries=[deals.paks_win(TEAMS) for _ in (1, 2)], evening=code)
    table.stored_match(GAMES["dracula"], PLAYERS[1:3], entries=[deals.dracula(n) for n in range(1, 7)], evening=code)
    with app.app_context():
        stored = db.session.scalar(db.select(Evening).where(Evening.code == code))
        assert stored is not None and stored.group is not None
        group, token = stored.group.code, stored.editor_token
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
    ]
    kinds.append(PageKind("sheet of six", sheets.pop("zhengfen of six")))
    for slug, sheet in sheets.items():
        kinds += [
            PageKind(f"{slug} sheet", sheet),
            PageKind(f"{slug} deal", f"{sheet}/deals/2"),
            PageKind(f"{slug} deal form", f"{sheet}/deals/new"),
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
        kinds.append(PageKind(f"{slug} referee {path.rsplit('/', 1)[-1]}", path))
        if path in CLAIMS:
            kinds.append(PageKind(f"{slug} referee {path.rsplit('/', 1)[-1]}: the claim differs", path, CLAIMS[path]))
    return Pages(f"/e/{code}/edit/{token}", kinds)
