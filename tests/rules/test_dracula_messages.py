"""Dracula's words: every worked example of shared/rules/dracula.md and every input error, in English
exactly as before and in Japanese from the catalogs, the glossary's terms included."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from referee import catalogs
from referee.cards import Card, parse_cards
from referee.catalogs import tooling
from referee.errors import InputError
from referee.explain import Step
from referee.messages import Message
from referee.rules.dracula import (
    DRACULA,
    DRACULA_PACK,
    check_moves,
    check_placement,
    parse_cell,
    parse_layout,
    score_coffin,
    score_line,
    settle_pair,
)
from referee.rules.dracula.layout import Move
from referee.rules.dracula.options import OPTIONS
from referee.rules.game import MatchSetup
from referee.rules.options import parse_options

DEFAULTS = parse_options(OPTIONS, {})
E3 = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]]
E9_CELLS = "r1c2 r2c1 r1c1 r2c3 r1c3 r3c2 r3c1 r3c3"
TIED_TOTALS = [(50, 45), (30, 35), (20, 25), (0, 10), (40, 35), (60, 50)]


def grid(text: str):  # type: ignore[no-untyped-def]
    """``"7H 8H 9H / 2C QS 5D / KD 4C 10S"``, with ``.`` for an empty cell."""
    return parse_layout([[None if t == "." else t for t in row.split()] for row in text.split("/")], DRACULA_PACK)


def moves(cells: str, by: list[str]) -> list[Move]:
    cards = iter(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C"))
    return [Move(who, parse_cell(cell), next(cards)) for cell, who in zip(cells.split(), by, strict=True)]


def examples() -> dict[str, list[Step]]:
    """Each worked example's steps (E2 lines, E3–E5 and E11–E12 coffins, E6–E8 placements, E9 orders,
    E10 and the dracula-6.2 ties)."""
    found: dict[str, list[Step]] = {}
    for cards, where in [
        ("8H 3H 8C", "r1"),
        ("8H 9H 10D", "r1"),
        ("8H 9H 10H", "c2"),
        ("2S 3C 4S", "r2"),
        ("QH 5H 9C", "r1"),
        ("QH 5H 9C", "c1"),
        ("KC KS 10C", "c3"),
        ("KC KS 10C", "r3"),
        ("JD QD KD", "r1"),
        ("JD QD KD", "c1"),
        ("5H 5D 5C", "r1"),
        ("JO 10H 10D", "r2"),
    ]:
        line = score_line(where, parse_cards(cards), 2, DEFAULTS)
        found[f"E2 {cards} {where}"] = [Step(line.text, line.rule)]
    for name, text, players in [
        ("E3", "7H 8H 9H / 2C QS 5D / KD 4C 10S", 2),
        ("E4", "10C 10S 10H / 10D 2C 3S / KH 4D 5C", 2),
        ("E5", "9D 10D JO / 5H 6H 7H / 2S 3C 4S", 2),
        ("E11", "7H 8H 9H / 2C QS 5D / KD 4C 10S", 4),
        ("E12", "9D 10D JO / 5H 6H 7H / 2S 3C 4S", 3),
    ]:
        found[name] = list(score_coffin(grid(text), players, DEFAULTS).explanation)
    for name, text, cells in [
        ("E6", ". . . / . 7H . / . . .", "r1c2 r2c1 r2c3 r3c2 r1c1 r2c2"),
        ("E7", ". 8S . / . 7H . / . . .", "r1c1 r1c3 r3c1"),
        ("E8", ". . . / . 7H 8S / . . 9D", "r3c2 r1c3 r1c1"),
    ]:
        for cell in cells.split():
            found[f"{name} {cell}"] = list(check_placement(grid(text), parse_cell(cell)).explanation)
    dealer_first = moves(E9_CELLS, ["D", "N"] * 4)
    fifth = moves(E9_CELLS + " r3c3", ["N", "D"] * 4 + ["N"])
    found["E9 dealer first"] = list(check_moves(Card("7", "H"), dealer_first, "D", "N")[1])
    found["E9 fifth card"] = list(check_moves(Card("7", "H"), fifth, "D", "N")[1])
    e10 = [(120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150)]
    found["E10"] = list(settle_pair(("Queen", "King"), e10).explanation)
    found["6.2 highest"] = list(settle_pair(("Queen", "King"), TIED_TOTALS).explanation)
    found["6.2 last"] = list(settle_pair(("Queen", "King"), TIED_TOTALS, "last_deal").explanation)
    draw = [(60, 20), (40, 60), (0, 20), (0, 0), (0, 0), (0, 0)]
    found["6.2 draw"] = list(settle_pair(("Queen", "King"), draw).explanation)
    return found


ENGLISH: dict[str, list[str]] = {
    "E2 8H 3H 8C r1": [
        "row 1: 8♥ 3♥ 8♣: 8 + 3 + 8 = 19; two hearts ×2 → 38",
    ],
    "E2 8H 9H 10D r1": [
        "row 1: 8♥ 9♥ 10♦: 8 + 9 + 10 = 27; all red ×3 → 81",
    ],
    "E2 8H 9H 10H c2": [
        "column 2: 8♥ 9♥ 10♥: 8 + 9 + 10 = 27; all hearts ×5 → 135",
    ],
    "E2 2S 3C 4S r2": [
        "row 2: 2♠ 3♣ 4♠: 2 + 3 + 4 = 9; all black ×3 → 27",
    ],
    "E2 QH 5H 9C r1": [
        "row 1: Q♥ 5♥ 9♣: 10 + 5 + 9 = 24; two hearts ×2 → 48",
    ],
    "E2 QH 5H 9C c1": [
        "column 1: Q♥ 5♥ 9♣: 0 + 5 + 9 = 14; two hearts ×2 → 28",
    ],
    "E2 KC KS 10C c3": [
        "column 3: K♣ K♠ 10♣: 10 + 10 + 10 = 30; all black ×3 → 90",
    ],
    "E2 KC KS 10C r3": [
        "row 3: K♣ K♠ 10♣: 0 + 0 + 10 = 10; all black ×3 → 30",
    ],
    "E2 JD QD KD r1": [
        "row 1: J♦ Q♦ K♦: 0 + 10 + 0 = 10; all diamonds ×5 → 50",
    ],
    "E2 JD QD KD c1": [
        "column 1: J♦ Q♦ K♦: 0 + 0 + 10 = 10; all diamonds ×5 → 50",
    ],
    "E2 5H 5D 5C r1": [
        "row 1: 5♥ 5♦ 5♣: 5 + 5 + 5 = 15; not all one suit or one colour; no two of a suit, ×1 → 15",
    ],
    "E2 JO 10H 10D r2": [
        "row 2: JO 10♥ 10♦ holds a Vampire, so it scores 0",
    ],
    "E3": [
        "row 1: 7♥ 8♥ 9♥: 7 + 8 + 9 = 24; all hearts ×5 → 120",
        "row 2: 2♣ Q♠ 5♦: 2 + 10 + 5 = 17; not all one suit or one colour; no two of a suit, ×1 → 17",
        "row 3: K♦ 4♣ 10♠: 0 + 4 + 10 = 14; not all one suit or one colour; no two of a suit, ×1 → 14",
        "column 1: 7♥ 2♣ K♦: 7 + 2 + 10 = 19; not all one suit or one colour; no two of a suit, ×1 → 19",
        "column 2: 8♥ Q♠ 4♣: 8 + 0 + 4 = 12; not all one suit or one colour; no two of a suit, ×1 → 12",
        "column 3: 9♥ 5♦ 10♠: 9 + 5 + 10 = 24; not all one suit or one colour; no two of a suit, ×1 → 24",
        "the Queen player scores rows, the King player columns",
        "Queen's lines high to low: 120, 17, 14; King's: 24, 19, 12",
        "best lines 120 and 24 differ: Queen scores 120, King scores 24",
    ],
    "E4": [
        "row 1: 10♣ 10♠ 10♥: 10 + 10 + 10 = 30; not all one suit or one colour; no two of a suit, ×1 → 30",
        "row 2: 10♦ 2♣ 3♠: 10 + 2 + 3 = 15; not all one suit or one colour; no two of a suit, ×1 → 15",
        "row 3: K♥ 4♦ 5♣: 0 + 4 + 5 = 9; not all one suit or one colour; no two of a suit, ×1 → 9",
        "column 1: 10♣ 10♦ K♥: 10 + 10 + 10 = 30; not all one suit or one colour; no two of a suit, ×1 → 30",
        "column 2: 10♠ 2♣ 4♦: 10 + 2 + 4 = 16; not all one suit or one colour; no two of a suit, ×1 → 16",
        "column 3: 10♥ 3♠ 5♣: 10 + 3 + 5 = 18; not all one suit or one colour; no two of a suit, ×1 → 18",
        "the Queen player scores rows, the King player columns",
        "Queen's lines high to low: 30, 15, 9; King's: 30, 18, 16",
        "best lines tie at 30",
        "second-best lines 15 and 18 differ: Queen scores 15, King scores 18",
    ],
    "E5": [
        "row 1: 9♦ 10♦ JO holds a Vampire, so it scores 0",
        "row 2: 5♥ 6♥ 7♥: 5 + 6 + 7 = 18; all hearts ×5 → 90",
        "row 3: 2♠ 3♣ 4♠: 2 + 3 + 4 = 9; all black ×3 → 27",
        "column 1: 9♦ 5♥ 2♠: 9 + 5 + 2 = 16; not all one suit or one colour; no two of a suit, ×1 → 16",
        "column 2: 10♦ 6♥ 3♣: 10 + 6 + 3 = 19; not all one suit or one colour; no two of a suit, ×1 → 19",
        "column 3: JO 7♥ 4♠ holds a Vampire, so it scores 0",
        "the Queen player scores rows, the King player columns",
        "Queen's lines high to low: 90, 27, 0; King's: 19, 16, 0",
        "best lines 90 and 19 differ: Queen scores 90, King scores 19",
    ],
    "E11": [
        "row 1: 7♥ 8♥ 9♥: 7 + 8 + 9 = 24; all hearts ×5 → 120",
        "row 2: 2♣ Q♠ 5♦: 2 + 10 + 5 = 17; not all one suit or one colour; no two of a suit, ×1 → 17",
        "row 3: K♦ 4♣ 10♠: 0 + 4 + 10 = 14; not all one suit or one colour; no two of a suit, ×1 → 14",
        "column 1: 7♥ 2♣ K♦: 7 + 2 + 10 = 19; not all one suit or one colour; no two of a suit, ×1 → 19",
        "column 2: 8♥ Q♠ 4♣: 8 + 0 + 4 = 12; not all one suit or one colour; no two of a suit, ×1 → 12",
        "column 3: 9♥ 5♦ 10♠: 9 + 5 + 10 = 24; not all one suit or one colour; no two of a suit, ×1 → 24",
        "partnerships score as two players: one takes the rows, the other the columns",
        "the rows partnership's lines high to low: 120, 17, 14; the columns partnership's: 24, 19, 12",
        "best lines 120 and 24 differ: the rows partnership scores 120, the columns partnership scores 24",
    ],
    "E12": [
        "row 1: 9♦ 10♦ JO: 9 + 10 + 0 = 19; two diamonds ×2; Vampire doubles ×2 → 76",
        "row 2: 5♥ 6♥ 7♥: 5 + 6 + 7 = 18; all hearts ×5 → 90",
        "row 3: 2♠ 3♣ 4♠: 2 + 3 + 4 = 9; all black ×3 → 27",
        "column 1: 9♦ 5♥ 2♠: 9 + 5 + 2 = 16; not all one suit or one colour; no two of a suit, ×1 → 16",
        "column 2: 10♦ 6♥ 3♣: 10 + 6 + 3 = 19; not all one suit or one colour; no two of a suit, ×1 → 19",
        "column 3: JO 7♥ 4♠: 0 + 7 + 4 = 11; not all one suit or one colour; no two of a suit, ×1; Vampire doubles ×2 → 22",  # noqa: E501
        "Dealer scores the better of row 2 (90) and column 2 (19): 90",
        "Left scores the better of row 1 (76) and column 1 (16): 76",
        "Right scores the better of row 3 (27) and column 3 (22): 27",
    ],
    "E6 r1c2": [
        "`r1c2` is empty and shares an edge with `r2c2`",
        "legal placement",
    ],
    "E6 r2c1": [
        "`r2c1` is empty and shares an edge with `r2c2`",
        "legal placement",
    ],
    "E6 r2c3": [
        "`r2c3` is empty and shares an edge with `r2c2`",
        "legal placement",
    ],
    "E6 r3c2": [
        "`r3c2` is empty and shares an edge with `r2c2`",
        "legal placement",
    ],
    "E6 r1c1": [
        "`r1c1` touches only at a corner — no occupied cell shares an edge with it",
        "illegal placement",
    ],
    "E6 r2c2": [
        "`r2c2` is taken (by `7H`)",
        "illegal placement",
    ],
    "E7 r1c1": [
        "`r1c1` is empty and shares an edge with `r1c2`",
        "legal placement",
    ],
    "E7 r1c3": [
        "`r1c3` is empty and shares an edge with `r1c2`",
        "legal placement",
    ],
    "E7 r3c1": [
        "`r3c1` touches only at a corner — no occupied cell shares an edge with it",
        "illegal placement",
    ],
    "E8 r3c2": [
        "`r3c2` is empty and shares an edge with `r2c2`, `r3c3`",
        "legal placement",
    ],
    "E8 r1c3": [
        "`r1c3` is empty and shares an edge with `r2c3`",
        "legal placement",
    ],
    "E8 r1c1": [
        "`r1c1` touches only at a corner — no occupied cell shares an edge with it",
        "illegal placement",
    ],
    "E9 dealer first": [
        "move 1: D deals and never places first; N does",
    ],
    "E9 fifth card": [
        "move 9: N places a 5th card; each places 4",
        "move 9: `r3c3` is taken (by `9C`)",
    ],
    "E10": [
        "totals after 6 deals: Queen 276, King 212",
        "Queen wins by 64 and adds it: 276 + 64 = 340; King keeps 212",
    ],
    "6.2 highest": [
        "totals after 6 deals: Queen 200, King 200",
        "equal totals: the highest single deal decides (Queen 60, King 50)",
        "Queen wins and adds 60: 200 + 60 = 260",
    ],
    "6.2 last": [
        "totals after 6 deals: Queen 200, King 200",
        "equal totals: the last deal decides (Queen 60, King 50), with no bonus (house rule `game_tie = last_deal`)",
        "Queen wins",
    ],
    "6.2 draw": [
        "totals after 6 deals: Queen 100, King 100",
        "equal totals: the highest single deal decides (Queen 60, King 60)",
        "the highest deals are equal too: the game is drawn, with no bonus",
    ],
}
ERRORS: dict[str, tuple[str, str]] = {
    "coffin players": ("`players` is 2, 3 or 4, not 5", "players"),
    "coffin rows": ("a layout is 3 rows of 3 cells, top row first", "layout"),
    "coffin row short": ("row 1 has 2 cells; a layout is 3 rows of 3 cells", "layout"),
    "coffin row not list": ("row 1 has no list of cells; a layout is 3 rows of 3 cells", "layout"),
    "coffin bad card": (
        "`9X` (in layout) is not a card: write a rank (A K Q J 10 9 … 2, or T for 10) and a suit (S H D C), e.g. `10H`",
        "layout",
    ),
    "coffin not in pack": ("`SJ` is not in the Dracula pack: its Vampires are written `JO` (r1c3)", "layout"),
    "coffin twice": ("`7H` appears twice (r1c1 and r3c3); one deck holds 1", "layout"),
    "placement cell": ("'r4c1' is not a cell: cells are r1c1 … r3c3 (row, column)", "cell"),
    "game count": ("a game has 6 deals, not 1 — dracula-6.1", "deals"),
    "game not object": ('deal 1 must be an object {"queen": …, "king": …}', "deals"),
    "order moves list": ('`moves` must be a list of {"by", "cell", "card"}', "moves"),
    "order moves many": ("`moves` lists 10 cards; a coffin has 8 cells around its centre", "moves"),
    "order move object": ('move 1 must be an object {"by", "cell", "card"}', "moves"),
    "order move key": ("move 1 has an unknown key `x`", "moves"),
    "order move by": ("move 1: 'Zed' is not a player here; the players are dealer, non-dealer", "moves"),
    "order move cell": ("'r9c1' is not a cell: cells are r1c1 … r3c3 (row, column)", "moves"),
    "order move card": (
        "`ZZ` (in moves) is not a card: write a rank (A K Q J 10 9 … 2, or T for 10) and a suit (S H D C), e.g. `10H`",
        "moves",
    ),
    "order twice": ("`QS` appears twice (r2c2 and move 1); one deck holds 1", "centre"),
    "order same players": ("the dealer and the non-dealer are two players", "non_dealer"),
    "order no name": ("`dealer` must be a non-empty name", "dealer"),
    "entry empty cell": ("`r1c3` is empty: a coffin is scored when all 9 cells are full — dracula-3.3", "layout"),
    "entry two empty": (
        "`r1c2`, `r1c3` are empty: a coffin is scored when all 9 cells are full — dracula-3.3",
        "layout",
    ),
    "entry order 3p": ("with 3 players cards are turned face up in any order; leave `order` empty", "order"),
    "entry order type": ("`order` is a list of cells such as r1c2", "order"),
    "entry order count": ("`order` names the 8 cells around the dealt centre, each once", "order"),
    "entry order centre": ("the centre `r2c2` is dealt, not placed: leave it out of `order`", "order"),
    "entry order corner": (
        "placement 1: `r1c1` touches only at a corner — no occupied cell shares an edge with it — dracula-3.2",
        "order",
    ),
    "entry order cell": ("'r1c9' is not a cell: cells are r1c1 … r3c3 (row, column)", "order"),
}


def _move(by: str = "dealer", cell: str = "r1c1", card: str = "2C", **more: Any) -> dict[str, Any]:
    return {"by": by, "cell": cell, "card": card, **more}


ORDER = ["r1c2", "r2c1", "r1c1", "r2c3", "r1c3", "r3c2", "r3c1", "r3c3"]
CHECK_INPUT: dict[str, tuple[str, dict[str, Any], tuple[Any, ...]]] = {
    "coffin players": ("coffin", {"layout": E3, "players": 5}, ("players",)),
    "coffin rows": ("coffin", {"layout": E3[:2]}, ("layout",)),
    "coffin row short": ("coffin", {"layout": [["7H", "8H"], *E3[1:]]}, ("layout", "r1")),
    "coffin row not list": ("coffin", {"layout": ["7H 8H 9H", *E3[1:]]}, ("layout", "r1")),
    "coffin bad card": ("coffin", {"layout": [["7H", "8H", "9X"], *E3[1:]]}, ("layout", "r1c3")),
    "coffin not in pack": ("coffin", {"layout": [["7H", "8H", "SJ"], *E3[1:]]}, ("layout", "r1c3")),
    "coffin twice": ("coffin", {"layout": [*E3[:2], ["KD", "4C", "7H"]]}, ("layout", "r3c3")),
    "placement cell": ("placement", {"layout": [[None] * 3] * 3, "cell": "r4c1"}, ("cell",)),
    "game count": ("game", {"deals": [{"queen": 1, "king": 2}]}, ("deals",)),
    "game not object": ("game", {"deals": [1] * 6}, ("deals", 1)),
    "order moves list": ("order", {"centre": "QS", "moves": "x"}, ("moves",)),
    "order moves many": ("order", {"centre": "QS", "moves": [_move()] * 10}, ("moves",)),
    "order move object": ("order", {"centre": "QS", "moves": [3]}, ("moves", 1)),
    "order move key": ("order", {"centre": "QS", "moves": [_move(x=1)]}, ("moves", 1)),
    "order move by": ("order", {"centre": "QS", "moves": [_move(by="Zed")]}, ("moves", 1, "by")),
    "order move cell": ("order", {"centre": "QS", "moves": [_move(cell="r9c1")]}, ("moves", 1, "cell")),
    "order move card": ("order", {"centre": "QS", "moves": [_move(card="ZZ")]}, ("moves", 1, "card")),
    "order twice": ("order", {"centre": "QS", "moves": [_move("non-dealer", "r1c2", "QS")]}, ("centre",)),
    "order same players": (
        "order",
        {"dealer": "Ann", "non_dealer": "ann", "centre": "QS", "moves": []},
        ("non_dealer",),
    ),
    "order no name": ("order", {"dealer": " ", "centre": "QS", "moves": []}, ("dealer",)),
}
TWO = MatchSetup(("Ann", "Bob"))
ENTRY_INPUT: dict[str, tuple[MatchSetup, dict[str, Any], tuple[Any, ...]]] = {
    "entry empty cell": (TWO, {"layout": [["7H", "8H", None], *E3[1:]]}, ("layout", "r1c3")),
    "entry two empty": (TWO, {"layout": [["7H", None, None], *E3[1:]]}, ("layout", "r1c2")),
    "entry order 3p": (MatchSetup(("Ann", "Bob", "Cat")), {"layout": E3, "order": ["r1c1"]}, ("order",)),
    "entry order type": (TWO, {"layout": E3, "order": [1]}, ("order",)),
    "entry order count": (TWO, {"layout": E3, "order": ["r1c2"]}, ("order",)),
    "entry order centre": (TWO, {"layout": E3, "order": ["r2c2", *ORDER[1:]]}, ("order", 1)),
    "entry order corner": (TWO, {"layout": E3, "order": ["r1c1", "r1c2", *ORDER[1:2], *ORDER[3:]]}, ("order", 1)),
    "entry order cell": (TWO, {"layout": E3, "order": ["r1c9", *ORDER[1:]]}, ("order", 1)),
}


def provoke(name: str) -> InputError:
    """The input error of case ``name``."""
    run: Callable[[], object]
    if name in CHECK_INPUT:
        check, body, _ = CHECK_INPUT[name]
        run = lambda: DRACULA.checks[check].judge(body)  # noqa: E731
    else:
        setup, entry, _ = ENTRY_INPUT[name]
        run = lambda: DRACULA.check_entry(setup, entry)  # noqa: E731
    with pytest.raises(InputError) as raised:
        run()
    return raised.value


def location(name: str) -> tuple[Any, ...]:
    return (CHECK_INPUT.get(name) or ENTRY_INPUT[name])[2]


@pytest.fixture(scope="module")
def japanese() -> Any:
    return catalogs.translations("ja")


GLOSSARY = list(tooling.read_glossary())


def assert_japanese(message: Message, japanese: Any, *, whole_text: bool = True) -> None:
    """Every sentence inside ``message`` translated (the shared ones too: suits, separators, card errors),
    each glossary term of a sentence written as the seed text writes it, and (``whole_text``) of the whole
    text too: an error's parameters may name an API field (``layout``, ``dealer``), which stays as it is."""
    assert catalogs.untranslated(message, japanese) == []
    english, text = message.render(), message.render(japanese)
    assert text != english
    for sentence in sentences(message):
        for term in GLOSSARY:
            if term.found_in(sentence.id):
                assert term.japanese in japanese.gettext(sentence.id), (term.english, sentence.id)
            if whole_text and term.found_in(english):
                assert term.japanese in text, (term.english, text)


def sentences(message: Message) -> list[Message]:
    """``message`` and the messages among its parameters."""
    inner = [value for _, value in message.params if isinstance(value, Message)]
    return [message, *(found for value in inner for found in sentences(value))]


EXAMPLES = examples()


@pytest.mark.parametrize("name", list(ENGLISH))
def test_every_worked_example_says_what_it_always_said_in_english(name: str) -> None:
    assert [step.text for step in EXAMPLES[name]] == ENGLISH[name]
    assert all(step.rule.startswith("dracula-") for step in EXAMPLES[name])


@pytest.mark.parametrize("name", list(ENGLISH))
def test_every_worked_example_reads_in_japanese(name: str, japanese: Any) -> None:
    for step in EXAMPLES[name]:
        assert_japanese(step.message, japanese)


def test_the_japanese_words_follow_the_seed_text(japanese: Any) -> None:
    e5 = [step.render(japanese) for step in EXAMPLES["E5"]]
    assert e5[0] == "横列1: 9♦ 10♦ JOはバンパイアを含むので0点"
    assert "クイーンのプレイヤーが横列、キングのプレイヤーが縦列を得点します" in e5
    assert EXAMPLES["E10"][1].render(japanese) == (
        "Queenが64点差で勝ち、差額をさらに得点します: 276 + 64 = 340。Kingは212のままです"
    )


@pytest.mark.parametrize("name", list(ERRORS))
def test_every_input_error_keeps_its_english_and_names_its_place(name: str) -> None:
    error = provoke(name)
    assert (error.message, error.field) == ERRORS[name]
    assert error.location == location(name)
    assert error.location[0] == error.field


@pytest.mark.parametrize("name", list(ERRORS))
def test_every_input_error_reads_in_japanese(name: str, japanese: Any) -> None:
    assert_japanese(provoke(name).msg, japanese, whole_text=False)


def test_the_options_and_the_match_speak_in_messages(japanese: Any) -> None:
    for option in (*DRACULA.options, *DRACULA.role_options):
        assert isinstance(option.label, Message) and not catalogs.untranslated(option.label, japanese)
        for label in option.labels.values():
            assert not catalogs.untranslated(label, japanese)
    result = DRACULA.score_match(MatchSetup(("Ann", "Bob"), options=DEFAULTS), [{"layout": E3}])
    assert isinstance(result.status, Message)
    assert result.status.render(japanese) == "6ディールで合計の高いほうが勝ち"
