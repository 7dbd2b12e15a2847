"""Every game reads its canonical entries typed, and writes them back unchanged: ``Entry.of(x).as_json() == x``.

Two ways: every worked example and stored test entry, as each game's ``check_entry`` makes it canonical;
and canonical entries of every shape drawn by Hypothesis (every optional part given or left out), which
need not be deals that could happen: the typed form is a reading of the stored JSON, not a check of it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import STANDARD, Card
from referee.rules.clabber import CLABBER
from referee.rules.clabber.entry import PassedOut, Played
from referee.rules.clabber.melds import MELD_KINDS
from referee.rules.dracula import DRACULA
from referee.rules.dracula.entry import DraculaEntry
from referee.rules.dracula.values import DRACULA_PACK
from referee.rules.game import Game, MatchSetup
from referee.rules.iceberg import ICEBERG
from referee.rules.iceberg.entry import CountedHand, LogEntry, QuickEntry, ScoredEntry
from referee.rules.paks import PAKS
from referee.rules.paks.entry import PaksCards, PaksQuick
from referee.rules.registry import GAMES
from referee.rules.zhengfen import ZHENGFEN
from referee.rules.zhengfen.entry import ZhengFenEntry
from referee.rules.zhengfen.scoring import Haul
from referee.rules.zhengfen.values import ZHENGFEN_PACK
from tests.long_evening import iceberg_entry, iceberg_log_entry
from tests.rules.iceberg_worked import E20, E21, E21_COUNTED, E22, E22_FAST, E23, QUICK
from tests.support.paks import DEALS, E10
from tests.support.played import PLAYED

COFFIN = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]]
ORDER = ["r2c2", "r1c2", "r1c1", "r2c1", "r3c1", "r3c2", "r3c3", "r2c3", "r1c3"]  # 4 players: all nine
E31 = {
    "order": ["B", "D", "A", "C"],
    "captured": {"A": ["10S", "KH", "5D"], "B": ["KS", "5C"], "C": ["10H", "10D", "KD"], "D": ["10C", "KC"]},
    "hand": ["5S", "5H", "7C", "2D"],
}
FOUR = ("Ann", "Bob", "Cat", "Dan")
CLABBER_FOUR = ("Ann", "Bo", "Cy", "Di")
ANN_CY, BO_DI = "Ann & Cy", "Bo & Di"
#: A 3-player Iceberg log whose lay-off closes the gap between two runs, joining them or not (iceberg-4.4).
JOINING = {
    "mode": "log",
    "log": [
        {"player": "Ann", "meld": ["4H", "5H", "6H"]},
        {"player": "Bob", "meld": ["8H", "9H", "10H"]},
        {"player": "Cid", "layoff": ["7H"], "onto": 1, "joins": [2]},
    ],
    "hands": {"Ann": [], "Bob": ["KS"], "Cid": ["2C"]},
}

#: (game, players, options, entry as given, the shape it is read as): every worked example and stored test entry.
EXAMPLES: list[tuple[Game[Any], tuple[str, ...], dict[str, Any], Any, type]] = [
    (DRACULA, ("Ann", "Bob"), {}, {"layout": COFFIN}, DraculaEntry),
    (DRACULA, FOUR, {}, {"layout": COFFIN, "order": ORDER}, DraculaEntry),
    (DRACULA, ("Ann", "Bob", "Cy"), {}, {"layout": COFFIN}, DraculaEntry),
    (ZHENGFEN, ("A", "B", "C", "D"), {}, E31, ZhengFenEntry),
    (
        ZHENGFEN,
        ("A", "B", "C", "D"),
        {},
        {"order": ["A", "B", "C", "D"], "captured": {"C": {"5": 4, "10": 4, "K": 4}}},
        ZhengFenEntry,
    ),
    *(
        (PAKS, FOUR[:count] if count < 6 else (*FOUR, "Eve", "Fay"), {}, {"paks": paks}, PaksCards)
        for count, paks in DEALS.items()
    ),
    (PAKS, ("Ann", "Bob"), {"throw_off": "manual"}, {"paks": E10, "thrown_off": {"Ann": [2], "Bob": [1]}}, PaksCards),
    (
        PAKS,
        FOUR,
        {},
        {
            "held": {"Ann & Cat": {"S": 2, "H": 2, "D": 1, "C": 2}, "Bob & Dan": {"S": 1, "H": 3, "D": 2, "C": 1}},
            "kept": {"Ann & Cat": 85, "Bob & Dan": 60},
        },
        PaksQuick,
    ),
    (CLABBER, CLABBER_FOUR, {}, {"makers": None}, PassedOut),
    (CLABBER, CLABBER_FOUR, {}, {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95, BO_DI: None}}, Played),
    (
        CLABBER,
        CLABBER_FOUR,
        {},
        {"makers": "Bo", "round": 2, "trump": "S", "turn_up": "10D", "points": {ANN_CY: 90, BO_DI: 72}, "bell": "di"},
        Played,
    ),
    (
        CLABBER,
        CLABBER_FOUR,
        {},
        {"makers": "Cy", "trump": "C", "points": {ANN_CY: 100, BO_DI: 62}, "melds": {BO_DI: "fifty"}},
        Played,
    ),
    (
        CLABBER,
        CLABBER_FOUR,
        {},
        {"makers": "Ann", "trump": "H", "points": {ANN_CY: 95}, "meld_cards": {"Ann": "KH QH JH 10H"}},
        Played,
    ),
    (
        CLABBER,
        ("Ann", "Bo", "Cy"),
        {},
        {"makers": "Ann", "trump": "D", "points": {"Ann": 70, "Bo": 50}, "bell": "Ann"},
        Played,
    ),
    (ICEBERG, ("Ann", "Bob", "Cid"), {}, E20, LogEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {"last_ace": "finish_turn", "penalty": "every_card"}, E21, LogEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {}, E22, QuickEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {}, E23, LogEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {}, QUICK, QuickEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {"penalty": "every_card"}, E21_COUNTED, ScoredEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {}, E22_FAST, ScoredEntry),
    (ICEBERG, ("Ann", "Bob", "Cid"), {"merge_runs": True}, JOINING, LogEntry),
    (
        ICEBERG,
        ("Ann", "Bob", "Cid"),
        {"merge_runs": True},
        {**JOINING, "log": [*JOINING["log"][:2], {**JOINING["log"][2], "joins": []}]},
        LogEntry,
    ),
    *(
        (ICEBERG, ("Ann", "Bob", "Cat"), {}, entry(n), shape)
        for n in (1, 2, 3)
        for entry, shape in ((iceberg_entry, QuickEntry), (iceberg_log_entry, LogEntry))
    ),
    *(
        (GAMES[slug], tuple(seats), {}, entry, GAMES[slug].entry_type)
        for slug, (seats, entries) in PLAYED.items()
        for entry in entries
    ),
]


@pytest.mark.parametrize(("game", "players", "options", "given", "shape"), EXAMPLES)
def test_a_canonical_entry_round_trips(
    game: Game[Any], players: tuple[str, ...], options: dict[str, Any], given: Any, shape: type
) -> None:
    setup = MatchSetup(players, options=game.parse_options(options))
    canonical = game.check_entry(setup, given)
    typed = game.entry_type.of(canonical)
    assert isinstance(typed, shape)
    assert typed.as_json() == canonical


def test_every_game_declares_its_entry() -> None:
    assert {slug: game.entry_type.__module__ for slug, game in GAMES.items()} == {
        slug: f"referee.rules.{slug}.entry" for slug in GAMES
    }


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
    scored = ICEBERG.entry_type.of(E21_COUNTED | {"hands": {}, "counted": {"Ann": {"left": 2, "could_score": 0}}})
    assert isinstance(scored, ScoredEntry) and scored.counted["Ann"] == CountedHand(2) and scored.table is None
    log = ICEBERG.entry_type.of(JOINING)
    assert isinstance(log, LogEntry) and log.log[2].joins == (2,) and log.log[0].joins is None


# --- canonical entries of every shape, drawn ---------------------------------------------------------------


def codes(cards: list[Card]) -> st.SearchStrategy[str]:
    return st.sampled_from([str(card) for card in cards])


NAMES = st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Ann & Cat", "Bob & Dan", "N", "EW"])
CARD = codes(STANDARD.cards())
CARDS = st.lists(CARD, max_size=6)
COUNT = st.integers(min_value=0, max_value=200)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


paks_cards = st.fixed_dictionaries(
    {"paks": st.dictionaries(NAMES, st.lists(st.lists(CARD, min_size=2, max_size=5), max_size=4))},
    optional={"thrown_off": st.dictionaries(NAMES, st.lists(st.integers(1, 9), max_size=3))},
)


@st.composite
def paks_quick(draw: st.DrawFn) -> dict[str, Any]:
    sides = draw(st.lists(NAMES, unique=True, max_size=3))
    held = {side: {suit: draw(st.integers(0, 9)) for suit in SUIT_NAMES} for side in sides}
    return {"mode": "quick", "held": held, "kept": {side: draw(COUNT) for side in sides}}


clabber_played = st.fixed_dictionaries(
    {
        "makers": NAMES,
        "round": st.sampled_from([1, 2]),
        "trump": st.sampled_from("SHDC"),
        "turn_up": st.none() | CARD,
        "points": st.dictionaries(NAMES, COUNT, min_size=1),
        "bell": st.none() | NAMES,
    },
    optional={
        "filled": NAMES,
        "melds": st.dictionaries(NAMES, st.lists(st.sampled_from(MELD_KINDS), max_size=3)),
        "meld_cards": st.dictionaries(NAMES, CARDS),
    },
)

dracula = st.fixed_dictionaries(
    {"layout": st.lists(st.lists(codes(DRACULA_PACK.cards()), min_size=3, max_size=3), min_size=3, max_size=3)},
    optional={"order": st.lists(st.sampled_from(ORDER), min_size=1, max_size=9)},
)

pile = st.lists(codes(ZHENGFEN_PACK.cards()), max_size=8) | st.fixed_dictionaries(
    {rank: st.integers(0, 4) for rank in ("5", "10", "K")}
)
zhengfen = st.fixed_dictionaries(
    {"order": st.lists(NAMES, unique=True, max_size=6), "captured": st.dictionaries(NAMES, pile), "hand": pile}
)

play = st.one_of(
    st.fixed_dictionaries({"player": NAMES, "aces": st.lists(CARD, min_size=1, max_size=4)}),
    st.fixed_dictionaries({"player": NAMES, "meld": st.lists(CARD, min_size=2, max_size=6)}),
    st.fixed_dictionaries(
        {"player": NAMES, "layoff": st.lists(CARD, min_size=1, max_size=3), "onto": st.integers(1, 20)},
        optional={"joins": st.lists(st.integers(1, 20), unique=True, max_size=2)},
    ),
)
hands = st.dictionaries(NAMES, CARDS)
table = st.lists(st.lists(CARD, min_size=2, max_size=6), max_size=5)
numbers = st.dictionaries(NAMES, COUNT)
iceberg = st.one_of(
    st.fixed_dictionaries({"mode": st.just("log"), "log": st.lists(play, max_size=8), "hands": hands}),
    st.fixed_dictionaries(
        {"mode": st.just("quick"), "played": numbers, "aces": numbers, "table": table, "hands": hands}
    ),
    st.fixed_dictionaries(
        {
            "mode": st.just("scored"),
            "played": numbers,
            "aces": numbers,
            "hands": hands,
            "counted": st.dictionaries(
                NAMES, st.fixed_dictionaries({"left": st.integers(0, 30), "could_score": COUNT})
            ),
        },
        optional={"table": table},
    ),
)

DRAWN: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "paks": paks_cards | paks_quick(),
    "clabber": st.just({"makers": None}) | clabber_played,
    "dracula": dracula,
    "zhengfen": zhengfen,
    "iceberg": iceberg,
}


def test_every_game_has_its_entries_drawn() -> None:
    assert set(DRAWN) == set(GAMES)


@pytest.mark.parametrize("slug", sorted(DRAWN))
@given(data=st.data())
def test_a_drawn_canonical_entry_round_trips(slug: str, data: st.DataObject) -> None:
    canonical = data.draw(DRAWN[slug])
    typed = GAMES[slug].entry_type.of(canonical)
    assert typed.as_json() == canonical
    assert type(typed).of(canonical) == typed
