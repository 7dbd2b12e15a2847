"""A game that declares its entry type reads every canonical entry it makes, and writes it back unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from referee.cards import Card
from referee.rules.clabber import CLABBER
from referee.rules.clabber.entry import Played
from referee.rules.dracula import DRACULA
from referee.rules.dracula.entry import DraculaEntry
from referee.rules.game import MatchSetup
from referee.rules.paks import PAKS
from referee.rules.paks.entry import PaksCards, PaksQuick
from referee.rules.zhengfen import ZHENGFEN
from referee.rules.zhengfen.entry import ZhengFenEntry
from referee.rules.zhengfen.scoring import Haul
from tests.support.paks import DEALS, E10, HELD, KEPT

COFFIN = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]]
ORDER = ["r2c2", "r1c2", "r1c1", "r2c1", "r3c1", "r3c2", "r3c3", "r2c3", "r1c3"]  # 4 players: all nine
FOUR = ("Ann", "Bob", "Cat", "Dan")
CLABBER_FOUR = ("Ann", "Bo", "Cy", "Di")
ANN_CY, BO_DI = "Ann & Cy", "Bo & Di"
PAKS_SEATS = {2: FOUR[:2], 3: FOUR[:3], 4: FOUR, 6: (*FOUR, "Eve", "Fay")}
E31 = {
    "order": ["B", "D", "A", "C"],
    "captured": {"A": ["10S", "KH", "5D"], "B": ["KS", "5C"], "C": ["10H", "10D", "KD"], "D": ["10C", "KC"]},
    "hand": ["5S", "5H", "7C", "2D"],
}


@pytest.mark.parametrize(
    ("game", "players", "given"),
    [
        (DRACULA, ("Ann", "Bob"), {"layout": COFFIN}),
        (DRACULA, ("Ann", "Bob", "Cat", "Dan"), {"layout": COFFIN, "order": ORDER}),
        (DRACULA, ("Ann", "Bob", "Cy"), {"layout": COFFIN}),
        (ZHENGFEN, ("A", "B", "C", "D"), E31),
        (ZHENGFEN, ("A", "B", "C", "D"), {"order": ["A", "B", "C", "D"], "captured": {"C": {"5": 4, "10": 4, "K": 4}}}),
        *((PAKS, PAKS_SEATS[count], {"paks": paks}) for count, paks in DEALS.items()),
        (PAKS, ("Ann", "Bob"), {"paks": E10, "thrown_off": {"Ann": [2], "Bob": [1]}}),
        (
            PAKS,
            FOUR,
            {"held": {side: dict(zip("SHDC", counts, strict=True)) for side, counts in HELD.items()}, "kept": KEPT},
        ),
        (CLABBER, CLABBER_FOUR, {"makers": None}),
        (CLABBER, CLABBER_FOUR, {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95, BO_DI: None}}),
        (
            CLABBER,
            CLABBER_FOUR,
            {
                "makers": "Bo",
                "round": 2,
                "trump": "S",
                "turn_up": "10D",
                "points": {ANN_CY: 90, BO_DI: 72},
                "bell": "di",
            },
        ),
        (
            CLABBER,
            CLABBER_FOUR,
            {"makers": "Cy", "trump": "C", "points": {ANN_CY: 100, BO_DI: 62}, "melds": {BO_DI: "fifty"}},
        ),
        (
            CLABBER,
            CLABBER_FOUR,
            {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95}, "meld_cards": {"Ann": "KH QH JH 10H"}},
        ),
        (CLABBER, ("Ann", "Bo", "Cy"), {"makers": "Ann", "trump": "D", "points": {"Ann": 70, "Bo": 50}, "bell": "Ann"}),
    ],
)
def test_a_canonical_entry_round_trips(game: Any, players: tuple[str, ...], given: dict[str, Any]) -> None:
    options = {"throw_off": "manual"} if "thrown_off" in given else {}
    setup = MatchSetup(players, options=game.parse_options(options))
    canonical = game.check_entry(setup, given)
    assert game.entry_type is not None
    assert game.entry_type.of(canonical).as_json() == canonical


def test_the_typed_entries_hold_typed_values() -> None:
    coffin = DraculaEntry.of({"layout": COFFIN})
    assert coffin.layout[1] == ("2C", "QS", "5D") and coffin.order == ()
    deal = ZhengFenEntry.of(E31)
    assert deal.order == ("B", "D", "A", "C")
    assert isinstance(deal.captured["A"], Haul) and deal.captured["A"].points == 25
    assert deal.hand.points == 10
    paks = PAKS.entry_type.of({"paks": {"Ann": [["QH", "2H", "KH"], ["7H", "6H"]], "Bob": []}})
    assert isinstance(paks, PaksCards) and paks.held("Ann")[1].cards == (Card("7", "H"), Card("6", "H"))
    assert paks.held("Ann")[1].number == 2 and paks.held("Bob") == () and paks.thrown("Ann") == ()
    quick = PAKS.entry_type.of({"mode": "quick", "held": {"A": {"spades": 2}}, "kept": {"A": 30}})
    assert isinstance(quick, PaksQuick) and quick.sides[0].held == {"S": 2, "H": 0, "D": 0, "C": 0}
    played = CLABBER.entry_type.of({"makers": "NS", "trump": "H", "points": {"NS": 95, "EW": 67}, "turn_up": "10H"})
    assert isinstance(played, Played) and played.round == 1 and played.turn_up == Card("10", "H")
