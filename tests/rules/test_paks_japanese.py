"""Paks in Japanese: the worked examples of shared/rules/paks.md, in English as always and whole in Japanese.

Every step of every worked example keeps its English text word for word, and renders through the
Japanese catalogs with no sentence left untranslated and with the seed text's word wherever the
English uses a glossary term; so do the input errors the Paks tests provoke.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from referee import catalogs
from referee.cards import parse_card, parse_cards
from referee.catalogs import tooling
from referee.errors import InputError
from referee.explain import Step
from referee.messages import Message
from referee.rules.checks import answer
from referee.rules.game import MatchSetup
from referee.rules.paks import (
    PAKS,
    HeldPak,
    PakClaim,
    StealClaim,
    VictimPak,
    judge_pak,
    judge_steal,
    judge_turn,
    score_paks,
)

JAPANESE = catalogs.translations()
GLOSSARY = list(tooling.read_glossary())


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def _pak(table: str, played: str) -> list[Step]:
    return list(judge_pak(parse_card(table), cards(played)).explanation)


def _steal(pak_suit: str | None, stolen: str, victims: list[tuple[str, str]], played: str) -> list[Step]:
    verdict = judge_steal(pak_suit, stolen.split(), [VictimPak(cards(c), o) for c, o in victims], cards(played))
    return list(verdict.explanation)


def _deal(sides: dict[str, list[str]]) -> list[Step]:
    held = {side: [HeldPak(side, n, cards(p)) for n, p in enumerate(paks, start=1)] for side, paks in sides.items()}
    return list(score_paks(held).explanation)


def _turn(table: str, drawn: str, hand: str | None = None, paks: tuple[PakClaim, ...] = ()) -> list[Step]:
    verdict = judge_turn(paks, table=cards(table), drawn=parse_card(drawn), hand=None if hand is None else cards(hand))
    return list(verdict.explanation)


#: Each worked example of shared/rules/paks.md that the rules layer explains, as its explanation steps.
EXAMPLES: dict[str, Callable[[], list[Step]]] = {
    "E2": lambda: _pak("9H", "5H 4H"),
    "E3 9H": lambda: _pak("9H", "9H"),
    "E3 6H 4H": lambda: _pak("9H", "6H 4H"),
    "E4 spades": lambda: _pak("7S", "5S 4H"),
    "E4 hearts": lambda: _pak("10H", "5H 5D"),
    "E5": lambda: _pak("AH", "5H 5H"),
    "E6": lambda: _pak("AC", "5C 3C QC"),
    "E7 10H 9H": lambda: _steal("S", "", [("5H 4H KH", "B")], "10H 9H"),
    "E7 3H 2H": lambda: _steal("S", "", [("5H 4H KH", "B")], "3H 2H"),
    "E8 spade": lambda: _steal("S", "", [("KS 2S", "B")], "AS"),
    "E8 heart": lambda: _steal("S", "", [("KH 2H", "B")], "AH"),
    "E8 club": lambda: _steal("S", "H", [("KC 2C", "C")], "AC"),
    "E8 second heart": lambda: _steal("S", "H C", [("QH 3H", "C")], "AH"),
    "E9 no pak": lambda: _steal(None, "", [("KH 2H", "B")], "AH"),
    "E9 to the table": lambda: list(
        judge_turn(
            [],
            [StealClaim((VictimPak(cards("KH 2H"), "B"),), cards("AH"))],
            table=cards("9S 4D KC"),
            drawn=parse_card("7H"),
        ).explanation
    ),
    "E10": lambda: _deal({"A": ["QH 2H KH", "7H 6H", "AH 3H"], "B": ["9H 4H"]}),
    "E11": lambda: _deal({"A": ["10S 4S", "JS 5S"], "B": []}),
    "E12": lambda: _deal({"A": ["QC 2C", "KC 3C"], "B": ["4C 2C"], "C": ["AC 2C", "9C 3C", "8C 7C"]}),
    "E13": lambda: _deal({"A": ["AH KH 9H 7H 2H"], "B": []}),
    "E15 7H": lambda: _turn("9S 4D KC", "7H"),
    "E15 2D": lambda: _turn("9S 4D KC", "2D"),
    "E15 hidden": lambda: _turn("9S 4D KC 3H", "2D", "6C 2D"),
    "E15 missed": lambda: _turn("9S 4D KC 3H", "2D", "10S 6C 2D 7H 5H QH"),
    "E16 two table cards": lambda: _turn("4S 3S", "2S", "10S 9S 2S", (PakClaim(cards("4S 3S"), cards("10S")),)),
    "E16 two paks": lambda: _turn(
        "4S 3S",
        "2S",
        "10S 9S 2S",
        (PakClaim(cards("4S"), cards("10S")), PakClaim(cards("3S"), cards("9S"))),
    ),
}


ENGLISH: dict[str, list[str]] = {
    "E2": [
        "`9H` on the table is worth 9 at play value",
        "Every played card is a heart",
        "`5H` and `4H` played together make the special pair 54",
        "Best split of the played cards: 54",
        "Without special pairs they would be worth only 5 + 4 = 9",
        "54 is greater than 9, the value of `9H`",
        "Legal: the pak {5H 4H 9H} goes face up before the player, apart from earlier paks",
    ],
    "E3 9H": [
        "`9H` on the table is worth 9 at play value",
        "Every played card is a heart",
        "Single cards count their play value: `9H` 9",
        "Best split of the played cards: 9",
        "value 9 is not greater than `9H`'s 9",
    ],
    "E3 6H 4H": [
        "`9H` on the table is worth 9 at play value",
        "Every played card is a heart",
        "Single cards count their play value: `6H` 6, `4H` 4",
        "Best split of the played cards: 6 + 4 = 10",
        "10 is greater than 9, the value of `9H`",
        "Legal: the pak {6H 4H 9H} goes face up before the player, apart from earlier paks",
    ],
    "E4 spades": [
        "`7S` on the table is worth 7 at play value",
        "`4H` is not a spade; a pak on `7S` uses spades only",
        "Only the spades played count toward the value: 5S",
        "Single cards count their play value: `5S` 5",
        "Best split of the played cards: 5",
        "value 5 is not greater than `7S`'s 7",
    ],
    "E4 hearts": [
        "`10H` on the table is worth 10 at play value",
        "`5D` is not a heart; a pak on `10H` uses hearts only",
        "Only the hearts played count toward the value: 5H",
        "Single cards count their play value: `5H` 5",
        "Best split of the played cards: 5",
        "value 5 is not greater than `10H`'s 10",
    ],
    "E5": [
        "`AH` on the table is worth 20 at play value",
        "Every played card is a heart",
        "`5H` and `5H` played together make the special pair 55",
        "Best split of the played cards: 55",
        "Without special pairs they would be worth only 5 + 5 = 10",
        "55 is greater than 20, the value of `AH`",
        "Legal: the pak {5H 5H AH} goes face up before the player, apart from earlier paks",
    ],
    "E6": [
        "`AC` on the table is worth 20 at play value",
        "Every played card is a club",
        "`5C` and `3C` played together make the special pair 53",
        "Single cards count their play value: `QC` 10",
        "Best split of the played cards: 53 + 10 = 63",
        "Without special pairs they would be worth only 5 + 3 + 10 = 18",
        "63 is greater than 20, the value of `AC`",
        "Legal: the pak {5C 3C QC AC} goes face up before the player, apart from earlier paks",
    ],
    "E7 10H 9H": [
        "A spade pak was made this turn, so steals are allowed",
        "Hearts differ from the suit of this turn's pak (spades)",
        "The pak belongs to B",
        "The victim pak {5H 4H KH} is worth 5 + 4 + 10 = 19 at plain play value; special pairs never count "
        "in a pak that lies on the table",
        "Every played card is a heart",
        "Single cards count their play value: `10H` 10, `9H` 9",
        "Best split of the played cards: 10 + 9 = 19",
        "value 19 is not greater than the stolen paks' 19",
    ],
    "E7 3H 2H": [
        "A spade pak was made this turn, so steals are allowed",
        "Hearts differ from the suit of this turn's pak (spades)",
        "The pak belongs to B",
        "The victim pak {5H 4H KH} is worth 5 + 4 + 10 = 19 at plain play value; special pairs never count "
        "in a pak that lies on the table",
        "Every played card is a heart",
        "`3H` and `2H` played together make the special pair 32",
        "Best split of the played cards: 32",
        "Without special pairs they would be worth only 3 + 2 = 5",
        "32 is greater than 19, the value of what is stolen",
        "Legal: the stolen and played cards become one new pak {5H 4H KH 3H 2H}",
    ],
    "E8 spade": [
        "A spade pak was made this turn, so steals are allowed",
        "The pak made this turn is a spade pak: a spade steal may not follow it",
        "The pak belongs to B",
        "The victim pak {KS 2S} is worth 10 + 2 = 12 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a spade",
        "Single cards count their play value: `AS` 20",
        "Best split of the played cards: 20",
        "20 is greater than 12, the value of what is stolen",
    ],
    "E8 heart": [
        "A spade pak was made this turn, so steals are allowed",
        "Hearts differ from the suit of this turn's pak (spades)",
        "The pak belongs to B",
        "The victim pak {KH 2H} is worth 10 + 2 = 12 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a heart",
        "Single cards count their play value: `AH` 20",
        "Best split of the played cards: 20",
        "20 is greater than 12, the value of what is stolen",
        "Legal: the stolen and played cards become one new pak {KH 2H AH}",
    ],
    "E8 club": [
        "A spade pak was made this turn, so steals are allowed",
        "Clubs differ from the suit of this turn's pak (spades) and from the suits already stolen (hearts)",
        "The pak belongs to C",
        "The victim pak {KC 2C} is worth 10 + 2 = 12 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a club",
        "Single cards count their play value: `AC` 20",
        "Best split of the played cards: 20",
        "20 is greater than 12, the value of what is stolen",
        "Legal: the stolen and played cards become one new pak {KC 2C AC}",
    ],
    "E8 second heart": [
        "A spade pak was made this turn, so steals are allowed",
        "Hearts were already stolen this turn: each steal is of a different suit",
        "The pak belongs to C",
        "The victim pak {QH 3H} is worth 10 + 3 = 13 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a heart",
        "Single cards count their play value: `AH` 20",
        "Best split of the played cards: 20",
        "20 is greater than 13, the value of what is stolen",
    ],
    "E9 no pak": [
        "No pak was made this turn: a steal is allowed only right after a pak",
        "The pak belongs to B",
        "The victim pak {KH 2H} is worth 10 + 2 = 12 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a heart",
        "Single cards count their play value: `AH` 20",
        "Best split of the played cards: 20",
        "20 is greater than 12, the value of what is stolen",
    ],
    "E9 to the table": [
        "No table card is a heart: `7H` goes face up onto the table and the turn ends, with no pak and no steal",
        "`7H` went to the table, so this turn has no pak and no steal",
        "No pak was made this turn: a steal is allowed only right after a pak",
        "The pak belongs to B",
        "The victim pak {KH 2H} is worth 10 + 2 = 12 at plain play value; special pairs never count in a pak "
        "that lies on the table",
        "Every played card is a heart",
        "Single cards count their play value: `AH` 20",
        "Best split of the played cards: 20",
        "20 is greater than 12, the value of what is stolen",
    ],
    "E10": [
        "Hearts: paks held A 3, B 1; m = min(3, 1) = 1",
        "A, thrown off: {7H 6H} (score 10), the lowest by score value",
        "B, thrown off: {9H 4H} (score 15), the lowest by score value",
        "A, remaining paks: {QH 2H KH} 10 + 5 + 10 = 25; {AH 3H} 20 + 5 = 25: 25 + 25 = 50",
        "B, no paks left: 0",
    ],
    "E11": [
        "Spades: paks held A 2, B 0; with B holding none, m = 0 and nobody throws off spades",
        "A, remaining paks: {10S 4S} 10 + 5 = 15; {JS 5S} 10 + 5 = 15: 15 + 15 = 30",
        "B, no paks left: 0",
    ],
    "E12": [
        "Clubs: paks held A 2, B 1, C 3; m = min(2, 1, 3) = 1",
        "A, thrown off: {QC 2C} (score 15), the lowest by score value; paks of equal value are interchangeable",
        "B, thrown off: {4C 2C} (score 10), the lowest by score value",
        "C, thrown off: {9C 3C} (score 15), the lowest by score value; paks of equal value are interchangeable",
        "A, remaining paks: {KC 3C} 10 + 5 = 15",
        "B, no paks left: 0",
        "C, remaining paks: {AC 2C} 20 + 5 = 25; {8C 7C} 10 + 5 = 15: 25 + 15 = 40",
    ],
    "E13": [
        "Hearts: paks held A 1, B 0; with B holding none, m = 0 and nobody throws off hearts",
        "A, remaining paks: {AH KH 9H 7H 2H} 20 + 10 + 10 + 5 + 5 = 50",
        "B, no paks left: 0",
    ],
    "E15 7H": [
        "No table card is a heart: `7H` goes face up onto the table and the turn ends, with no pak and no steal",
    ],
    "E15 2D": [
        "The table has diamonds: `2D` joins the hand, and the player may end the turn or make one pak",
    ],
    "E15 hidden": [
        "The table shows all four suits: `2D` stays hidden in the hand and a pak is compulsory; a player who "
        "cannot make one shows the whole hand",
        "No pak is possible from the shown hand: the turn ends",
    ],
    "E15 missed": [
        "The table shows all four suits: `2D` stays hidden in the hand and a pak is compulsory; a player who "
        "cannot make one shows the whole hand",
        "A pak was compulsory and the hand can make one: `10S` takes `9S` (10 > 9)",
        "A pak was compulsory and the hand can make one: `5H` takes `3H` (5 > 3)",
    ],
    "E16 two table cards": [
        "The table has spades: `2S` joins the hand, and the player may end the turn or make one pak",
        "A pak takes exactly one table card, not 2 (`4S`, `3S`)",
    ],
    "E16 two paks": [
        "The table has spades: `2S` joins the hand, and the player may end the turn or make one pak",
        "2 paks in one turn: a turn has at most one pak",
        "`4S` on the table is worth 4 at play value",
        "Every played card is a spade",
        "Single cards count their play value: `10S` 10",
        "Best split of the played cards: 10",
        "10 is greater than 4, the value of `4S`",
        "Legal: the pak {10S 4S} goes face up before the player, apart from earlier paks",
        "`3S` on the table is worth 3 at play value",
        "Every played card is a spade",
        "Single cards count their play value: `9S` 9",
        "Best split of the played cards: 9",
        "9 is greater than 3, the value of `3S`",
        "Legal: the pak {9S 3S} goes face up before the player, apart from earlier paks",
    ],
}


def assert_japanese(message: Message) -> None:
    """``message`` renders whole in Japanese, with the seed text's word for every glossary term of its English."""
    assert catalogs.untranslated(message, JAPANESE) == []
    japanese = message.render(JAPANESE)
    for term in GLOSSARY:
        if term.found_in(message.id):
            assert term.japanese in japanese, (message.id, term.english, japanese)
    assert japanese != message.render(), japanese


def test_every_worked_example_is_explained() -> None:
    assert set(EXAMPLES) == set(ENGLISH)


@pytest.mark.parametrize("example", list(EXAMPLES))
def test_worked_example_keeps_its_english_text(example: str) -> None:
    assert [step.text for step in EXAMPLES[example]()] == ENGLISH[example]


@pytest.mark.parametrize("example", list(EXAMPLES))
def test_worked_example_reads_whole_in_japanese(example: str) -> None:
    for step in EXAMPLES[example]():
        assert_japanese(step.message)


def test_japanese_keeps_the_numbers_and_cards() -> None:
    steps = EXAMPLES["E10"]()
    japanese = [step.render(JAPANESE) for step in steps]
    assert "min(3, 1) = 1" in japanese[0]
    assert "{QH 2H KH} 10 + 5 + 10 = 25" in japanese[3] and japanese[3].endswith("25 + 25 = 50")
    e4 = EXAMPLES["E4 spades"]()[1].render(JAPANESE)
    assert "`4H`" in e4 and "`7S`" in e4


SETUP = MatchSetup(("Ann", "Bob", "Cat"), 0, {"throw_off": "manual"})

#: Requests and deal entries that the Paks tests refuse, each with the field its error names.
BAD_REQUESTS: list[tuple[str, Mapping[str, Any], str]] = [
    ("pak", {"table_card": "7S", "played": ["KS"], "players": 5}, "players"),
    ("pak", {"table_card": "7S", "played": ["KS"], "decks": 1, "players": 3}, "decks"),
    ("pak", {"table_card": "7S", "played": ["5H", "5H", "5H"]}, "played"),
    ("steal", {"pak_suit": "Q", "victim_paks": [["5D", "4D"]], "played": ["3D"]}, "pak_suit"),
    (
        "steal",
        {"pak_suit": "S", "stolen_suits": ["H", "H"], "victim_paks": [["5D", "4D"]], "played": []},
        "stolen_suits",
    ),
    ("steal", {"pak_suit": "S", "stolen_suits": ["S"], "victim_paks": [["5D", "4D"]], "played": []}, "stolen_suits"),
    ("steal", {"pak_suit": "S", "victim_paks": [], "played": ["3D"]}, "victim_paks"),
    ("steal", {"pak_suit": "S", "victim_paks": [{"who": 1}], "played": ["3D"]}, "victim_paks"),
    ("steal", {"pak_suit": "S", "victim_paks": [["5D", "4D"]], "played": ["3D"], "partners": "B"}, "partners"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC 2C"]}]}, "sides"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC 2C"]}, {"name": "a"}]}, "sides"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC 2D"]}, {"name": "B"}]}, "sides"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC"]}, {"name": "B"}]}, "sides"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC QC"]}, {"name": "B"}]}, "sides"),
    ("deal", {"sides": [{"name": "A", "paks": ["QC 2C"], "thrown_off": [["QC", "2C"]]}, {"name": "B"}]}, "sides"),
    (
        "deal",
        {
            "options": {"throw_off": "manual"},
            "sides": [{"name": "A", "paks": ["QC 2C", "KC 3C"], "thrown_off": []}, {"name": "B", "paks": ["4C 2C"]}],
        },
        "sides",
    ),
    ("deal", {"players": 6, "sides": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}, "sides"),
    ("deal", {"players": 3, "sides": [{"name": "A"}, {"name": "B"}]}, "sides"),
    ("deal", {"decks": 1, "sides": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}, "sides"),
    ("turn", {"table": [], "drawn": "2S"}, "table"),
    ("turn", {"table": ["4S"], "drawn": "2S", "paks": [{"played": []}]}, "paks"),
    ("turn", {"table": ["4S"], "drawn": "2S", "steals": [{"x": 5}]}, "steals"),
    ("end", {"totals": {"A": 480}}, "totals"),
]

BAD_ENTRIES: list[tuple[Mapping[str, Any], str, tuple]] = [
    ({"paks": {"Zed": ["QH 2H"]}}, "paks", ("paks", "Zed")),
    ({"paks": {"Ann": ["QH 2H", "KH 2D"]}}, "paks", ("paks", "Ann", 2)),
    ({"paks": {"Ann": ["QH 2H", "QH QH"]}}, "paks", ("paks", "Ann", 2)),
    ({"paks": {"Ann": ["QH 2H", "QH XH"]}}, "paks", ("paks", "Ann", 2, 2)),
    ({"paks": {"Ann": ["QH 2H"], "ann": ["3H 2H"]}}, "paks", ("paks", "Ann")),
    ({"paks": {"Ann": ["QH 2H"]}, "x": 1}, "x", ()),
    ({"paks": {"Ann": ["QH 2H"]}, "thrown_off": {"Ann": [5]}}, "thrown_off", ("thrown_off", "Ann", 5)),
    ({"paks": {"Ann": ["QH 2H"]}, "thrown_off": {"Ann": "x"}}, "thrown_off", ("thrown_off", "Ann")),
    (
        {"paks": {"Ann": ["QH 2H"], "Bob": ["KH 3H"]}, "thrown_off": {"Ann": [1]}},
        "thrown_off",
        ("thrown_off", "Ann", "H"),
    ),
]


@pytest.mark.parametrize(("check", "request_", "field"), BAD_REQUESTS)
def test_input_errors_of_the_checks_read_whole_in_japanese(check: str, request_: Mapping[str, Any], field: str) -> None:
    with pytest.raises(InputError) as refused:
        PAKS.checks[check].judge(request_)
    assert refused.value.field == field
    assert_japanese(refused.value.msg)


@pytest.mark.parametrize(("entry", "field", "location"), BAD_ENTRIES)
def test_input_errors_of_a_deal_entry_are_located_and_read_whole_in_japanese(
    entry: Mapping[str, Any], field: str, location: tuple
) -> None:
    with pytest.raises(InputError) as refused:
        PAKS.check_entry(SETUP, entry)
    assert (refused.value.field, refused.value.location) == (field, location)
    assert_japanese(refused.value.msg)


def test_the_api_answers_in_japanese_with_the_same_numbers() -> None:
    status, result = answer(PAKS.checks["pak"], {"table_card": "9H", "played": ["5H", "4H"]})
    assert status == 200 and (result["value"], result["target"]) == (54, 9)
    for step in result["explanation"]:
        assert_japanese(catalogs_message(step))


def catalogs_message(step: Mapping[str, Any]) -> Message:
    from referee.messages import from_json

    return from_json(step["message"])


def test_option_labels_and_the_tagline_read_in_japanese() -> None:
    for option in PAKS.options:
        assert_japanese(option.label)
        assert_japanese(option.help)
        for label in option.labels.values():
            assert_japanese(label)
    assert_japanese(PAKS.tagline)
