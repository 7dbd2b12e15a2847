"""Evenings at real length, as export files (format version 1): what the length tests and bench/ import.

An Iceberg deal here is a realistic one: three melds on the table, the player who went out, and
two hands of five cards that each have a leftover plan (lay-offs, a meld) and cards left unplayed.
The player going out rotates and the penalties keep every total below the target, so a match of
any length is still being played.
"""

from __future__ import annotations

from typing import Any

from referee.rules.dracula import DRACULA_PACK

ICEBERG_PLAYERS = ("Ann", "Bob", "Cat")
_TABLE = [["4H", "5H", "6H"], ["QS", "QD", "QC"], ["9C", "10C", "JC"]]
_HANDS = (["7H", "8H", "KS", "2D", "KC"], ["QH", "8C", "3S", "5D", "7C"])
_TIME = "2026-11-20T20:00:00.000000"


def iceberg_entry(number: int) -> dict[str, Any]:
    """Deal ``number`` (1-based) of a 3-player Iceberg match."""
    out = ICEBERG_PLAYERS[(number - 1) % 3]
    first, second = (p for p in ICEBERG_PLAYERS if p != out)
    return {
        "mode": "quick",
        "played": {out: 50, first: 40},
        "aces": {},
        "table": _TABLE,
        "hands": {out: [], first: list(_HANDS[0]), second: list(_HANDS[1])},
    }


def iceberg_log_entry(number: int) -> dict[str, Any]:
    """Deal ``number`` (1-based) of a 3-player Iceberg match entered as a play log: eight plays, and two
    hands of six and seven cards left (the largest kind of entry an export holds)."""
    out = ICEBERG_PLAYERS[(number - 1) % 3]
    first, second = (p for p in ICEBERG_PLAYERS if p != out)
    log = [
        {"player": out, "meld": ["4H", "5H", "6H"]},
        {"player": first, "meld": ["QS", "QD", "QC"]},
        {"player": second, "meld": ["9C", "10C", "JC"]},
        {"player": out, "layoff": ["7H"], "onto": 1},
        {"player": first, "layoff": ["8C"], "onto": 3},
        {"player": second, "layoff": ["7C"], "onto": 3},
        {"player": out, "meld": ["2S", "3S", "4S"]},
        {"player": first, "layoff": ["5S"], "onto": 4},
    ]
    hands = {out: [], first: ["8H", "KS", "2D", "JD", "KH", "AD"], second: ["QH", "3C", "5D", "KC", "9D", "10D", "KD"]}
    return {"mode": "log", "log": log, "hands": hands}


def dracula_entry(number: int) -> dict[str, Any]:
    """Deal ``number`` (1-based, at most 6) of a 2-player Dracula game: nine cards of the pack in turn."""
    cards = [str(c) for c in DRACULA_PACK.cards()][(number - 1) * 9 : number * 9]
    return {"layout": [cards[0:3], cards[3:6], cards[6:9]]}


def exported_match(
    game: str, seats: list[str], entries: list[dict[str, Any]], *, corrected: bool = False
) -> dict[str, Any]:
    """A match as exported; ``corrected``: each deal was entered, then corrected once (two revisions)."""
    deals = [
        {"number": n, "entry": entry, "created_at": _TIME, "updated_at": _TIME, "version": 2 if corrected else 1}
        for n, entry in enumerate(entries, start=1)
    ]
    revisions = []
    for n, entry in enumerate(entries, start=1):
        added = {"number": n, "action": "add", "before": None, "after": entry, "note": "", "created_at": _TIME}
        revisions.append(added)
        if corrected:
            revisions.append(added | {"action": "edit", "before": entry})
    return {
        "game": game,
        "seats": seats,
        "first_dealer": 0,
        "options": {},
        "roles": {},
        "created_at": _TIME,
        "version": len(entries) + 1,
        "deals": deals,
        "revisions": revisions,
    }


def iceberg_match(deals: int, *, corrected: bool = False) -> dict[str, Any]:
    entries = [iceberg_entry(n) for n in range(1, deals + 1)]
    return exported_match("iceberg", list(ICEBERG_PLAYERS), entries, corrected=corrected)


def iceberg_log_match(deals: int, *, corrected: bool = False) -> dict[str, Any]:
    entries = [iceberg_log_entry(n) for n in range(1, deals + 1)]
    return exported_match("iceberg", list(ICEBERG_PLAYERS), entries, corrected=corrected)


def dracula_match() -> dict[str, Any]:
    return exported_match("dracula", ["Ann", "Bob"], [dracula_entry(n) for n in range(1, 7)])


def evening_export(matches: list[dict[str, Any]], name: str = "A long evening") -> dict[str, Any]:
    """An export file (format version 1) of an evening with these matches."""
    return {
        "format": "table-referee/evening",
        "version": 1,
        "evening": {"name": name, "created_at": _TIME, "players": list(ICEBERG_PLAYERS)},
        "matches": matches,
    }


def evening_at_limits() -> dict[str, Any]:
    """The largest evening the limits allow, as its export: 30 matches of 100 Iceberg deals entered as
    play logs, each corrected once (7.4 MB of JSON, near ``transfer.MAX_IMPORT_BYTES``)."""
    from referee.web.services.limits import MAX_DEALS_PER_MATCH, MAX_MATCHES_PER_EVENING

    matches = [iceberg_log_match(MAX_DEALS_PER_MATCH, corrected=True) for _ in range(MAX_MATCHES_PER_EVENING)]
    return evening_export(matches, name="At the limits")
