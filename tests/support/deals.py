"""Deals of every game as a match's entries, for matches the table stores (``Table.stored_match``).

What the printing and page tests build their evenings from: valid entries in each game's own form
(``Game.check_entry``), varied so that every column of a score pad gets numbers, and long ones (a
Paks match of 100 deals that nobody wins before its last deal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from referee.rules.dracula import DRACULA_PACK

Entry = dict[str, Any]
SUITS = ("spades", "hearts", "diamonds", "clubs")


def paks_quick(number: int, sides: Sequence[str]) -> Entry:
    """Paks deal ``number`` (from 1) in quick mode: every side holds one club pak, thrown off (m = 1), and on
    odd deals one side in turn keeps a pak of a suit of its own (10, 15 or 20 points): so a match of two
    sides lasts its 100 deals."""
    held = {side: {"clubs": 1} for side in sides}
    kept = {side: 0 for side in sides}
    if number % 2:
        keeper = (number // 2) % len(sides)
        held[sides[keeper]] |= {SUITS[keeper % 3]: 1}
        kept[sides[keeper]] = 10 + 5 * (number % 3)
    return {"mode": "quick", "held": held, "kept": kept}


def paks_win(sides: Sequence[str]) -> Entry:
    """A Paks deal in which the first side keeps 250 in suits the second lacks: two of them win a match."""
    held = {sides[0]: {"spades": 6, "hearts": 6}, sides[1]: {"clubs": 1}}
    return {"mode": "quick", "held": held, "kept": {sides[0]: 250, sides[1]: 10}}


def clabber(number: int, sides: Sequence[str], players: Sequence[str]) -> Entry:
    """A Clabber deal of the 4- or 6-player game: the makers alternate, every third deal is set, the
    makers' first player rings the bell on even deals, and deal 3 has a dad for the defenders."""
    makers, defenders = sides[number % 2], sides[(number + 1) % 2]
    points = 62 if number % 3 == 0 else 100
    entry: Entry = {"makers": makers, "trump": "SHDC"[number % 4], "points": {makers: points, defenders: 162 - points}}
    if number % 2 == 0:
        entry["bell"] = players[number % 2]
    if number == 3:
        entry["melds"] = {defenders: "dad"}
    return entry


def zhengfen(number: int, players: Sequence[str]) -> Entry:
    """A Zheng Fen deal: the order turns, the 1st captures 40, the 2nd 35 and the last 25 (given to the 1st)."""
    order = [players[(number + i) % len(players)] for i in range(len(players))]
    captured = {
        order[0]: ["10S", "KH", "10D", "5D", "5C"],
        order[1]: ["KS", "10C", "10H", "5S"],
        order[-1]: ["KD", "KC", "5H"],
    }
    return {"order": order, "captured": captured, "hand": []}


def dracula(number: int) -> Entry:
    """Deal ``number`` (1 to 6) of a 2-player Dracula game: nine cards of the pack in turn."""
    cards = [str(c) for c in DRACULA_PACK.cards()][(number - 1) * 9 : number * 9]
    return {"layout": [cards[0:3], cards[3:6], cards[6:9]]}


#: Two hands of five cards the leftover valuation finds a plan for, and three melds on the table.
_ICEBERG_TABLE = [["4H", "5H", "6H"], ["QS", "QD", "QC"], ["9C", "10C", "JC"]]
_ICEBERG_HANDS = (["7H", "8H", "KS", "2D", "KC"], ["QH", "8C", "3S", "5D", "7C"])


def iceberg(number: int, players: Sequence[str]) -> Entry:
    """An Iceberg deal of 3 players: the player going out turns; the others keep five cards each."""
    out = players[(number - 1) % 3]
    first, second = (p for p in players if p != out)
    return {
        "mode": "quick",
        "played": {out: 50, first: 40},
        "aces": {first: 1} if number % 2 else {},
        "table": _ICEBERG_TABLE,
        "hands": {out: [], first: list(_ICEBERG_HANDS[0]), second: list(_ICEBERG_HANDS[1])},
    }


def iceberg_counted(number: int, players: Sequence[str]) -> Entry:
    """An Iceberg deal of any table as the players count it (``scored``): the player going out turns, the
    others score 30 in play and leave three cards (an ace exposed by one of them on odd deals)."""
    out = players[(number - 1) % len(players)]
    others = [p for p in players if p != out]
    return {
        "mode": "scored",
        "played": {out: 60, **{p: 30 for p in others}},
        "aces": {others[0]: 1} if number % 2 else {},
        "hands": {out: []},
        "counted": {p: {"left": 3, "could_score": 0} for p in others},
    }


FOUR = ("Ann", "Bob", "Cat", "Dan")
TEAMS = ("Ann & Cat", "Bob & Dan")

#: A match of each game at a usual table: its seats, and its deal ``n`` (from 1).
TABLES: dict[str, tuple[tuple[str, ...], Callable[[int], Entry]]] = {
    "paks": (FOUR, lambda n: paks_quick(n, TEAMS)),
    "clabber": (FOUR, lambda n: clabber(n, TEAMS, FOUR)),
    "dracula": (FOUR[:2], dracula),
    "zhengfen": (FOUR, lambda n: zhengfen(n, FOUR)),
    "iceberg": (FOUR[:3], lambda n: iceberg(n, FOUR[:3])),
}
