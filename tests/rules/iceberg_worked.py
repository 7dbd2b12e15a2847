"""The worked examples E1–E23 of shared/rules/iceberg.md as explanation steps (E21 and E22 also entered fast),
and input errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.cards import Card, parse_cards
from referee.errors import InputError
from referee.rules.game import DealContext, MatchSetup
from referee.rules.iceberg import ICEBERG, classify_meld, lay_off, value_leftover
from referee.rules.iceberg.checks import CHECKS
from referee.rules.iceberg.joining import lay_off_joining
from referee.rules.iceberg.melds import Meld

PLAYERS = ("Ann", "Bob", "Cid")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def meld(text: str, decks: int = 1) -> Meld:
    found = classify_meld(cards(text), decks).meld
    assert found is not None
    return found


def melds(text: str, decks: int = 1) -> list[Any]:
    verdict = classify_meld(cards(text), decks)
    return [*verdict.explanation]


def layoff(on: str, laid: str, decks: int = 1) -> list[Any]:
    return [*lay_off(meld(on, decks), cards(laid), decks).explanation]


def leftover(hand: str, table: list[str], decks: int, **options: str) -> list[Any]:
    steps = []
    for penalty in ("unplayable", "every_card"):
        result = value_leftover(cards(hand), [meld(m, decks) for m in table], decks, {**options, "penalty": penalty})
        steps += [*result.explanation]
    return steps


def deal(entry: dict[str, Any], **options: object) -> list[Any]:
    setup = MatchSetup(PLAYERS, first_dealer=2, options={**ICEBERG.parse_options({}), **options})
    canonical = ICEBERG.check_entry(setup, entry)
    return [*ICEBERG.score_deal(setup, canonical, DealContext(number=1, dealer="Cid")).explanation]


E20 = {
    "mode": "log",
    "log": [{"player": "Ann", "aces": ["AD"]}, {"player": "Cid", "aces": ["AS", "AC", "AH"]}],
    "hands": {"Ann": ["2S", "7C"], "Bob": ["QD"], "Cid": ["KS", "4H", "5H", "6H", "9C", "2D"]},
}
E21 = {
    "mode": "log",
    "log": [*E20["log"], {"player": "Cid", "meld": ["4H", "5H", "6H"]}],
    "hands": {"Ann": ["2S", "7C"], "Bob": ["QD"], "Cid": ["9C", "2D"]},
}
E22 = {
    "mode": "quick",
    "played": {"Ann": 150},
    "aces": {"Ann": 2},
    "table": [["2H", "3H", "4H", "5H", "6H"], ["QS", "QD", "QC"]],
    "hands": {"Ann": ["KS", "9C", "2D", "6D"], "Bob": [], "Cid": ["8S"]},
}
E23 = {
    "mode": "log",
    "log": [
        {"player": "Ann", "aces": ["AH"]},
        {"player": "Ann", "meld": ["4C", "5C", "6C"]},
        {"player": "Bob", "layoff": ["7C"], "onto": 1},
    ],
    "hands": {"Ann": [], "Bob": ["KD"], "Cid": ["2S", "3D"]},
}
RUN_OF_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
#: E21 entered fast: every hand counted at the table, by its cards in hand (Bower's penalty).
E21_COUNTED = {
    "mode": "scored",
    "played": {"Cid": 30},
    "aces": {"Ann": 1, "Cid": 3},
    "counted": {"Ann": {"left": 2}, "Bob": {"left": 1}, "Cid": {"left": 2}},
}
#: E22 entered fast: Ann's hand by its cards against the table, Cid's counted, Bob out.
E22_FAST = {
    "mode": "scored",
    "played": {"Ann": 150},
    "aces": {"Ann": 2},
    "table": E22["table"],
    "hands": {"Ann": E22["hands"]["Ann"], "Bob": []},
    "counted": {"Cid": {"left": 1}},
}

EXAMPLES: dict[str, Callable[[], list[Any]]] = {
    "E1": lambda: melds("QH QS") + melds("QH QS", 2),
    "E2": lambda: melds("7C 7D 7H") + melds("7H 7H 7C", 2),
    "E3": lambda: melds("9S 10S JS") + melds("QS KS AS") + melds("KH 2H 3H") + melds("9S 10S JD"),
    "E4": lambda: melds("QH QH QS QD QC", 2),
    "E5": lambda: melds(RUN_OF_HEARTS) + melds("3H 5H 7H 9H JH KH") + melds("2H 4H 6H 8H 10H QH"),
    "E6": lambda: (
        melds("3S 5S 7S 9S JS KS")
        + melds("2D 4D 6D 8D 10D QD")
        + melds("3H 5D 7H 9D JH KH")
        + melds("2C 4S 6C 8S 10C QC")
        + melds("3H 5H 7H 9H JH KS")
        + melds("3H 5H 7H 9H JH")
        + leftover("3H 5H 7H 9H JH KH 3D 5D 7D 9D JD KD", [], 2)
    ),
    "E7": lambda: layoff("5C 5D", "5H") + layoff("5H 5C 5D", "5S"),
    "E8": lambda: (
        layoff("5H 6H 7H", "8H")
        + layoff("5H 6H 7H 8H", "4H")
        + layoff("4H 5H 6H 7H 8H", "9H")
        + layoff("5H 6H 7H", "8H 4H")
        + layoff("5H 6H 7H", "9H 8H")
        + layoff("5H 6H 7H", "10H")
    ),
    "E9": lambda: layoff("8S 8D 8C", "8H 8H 8C", 2),
    "E10": lambda: (
        [
            *layoff("3H 4H 5H", "6H"),
            *lay_off_joining(meld("3H 4H 5H"), cards("6H"), 1, {2: meld("7H 8H 9H")}).verdict.explanation,
        ]
    ),
    "E11": lambda: leftover("4H 5H 6H 7H 8H", [], 1),
    "E12": lambda: leftover("4H 5H 6H 7H 8H", ["9H 10H JH"], 1),
    "E13": lambda: leftover("8H 9H", ["5H 6H 7H", "8S 8D 8C"], 1),
    "E14": lambda: leftover("7H 7H 8H 9H", [], 2),
    "E15": lambda: leftover("QH QS", [], 1) + leftover("QH QS", [], 2),
    "E16": lambda: leftover("7H 7C 7D 8H 9H 10H", [], 2),
    "E17": lambda: leftover("QS KS 2S", [], 1),
    "E18": lambda: leftover(RUN_OF_HEARTS, [], 1),
    "E19": lambda: (
        leftover("5H 6H 7H 8H", ["5H 6H 7H 8H 9H"], 2)
        + leftover("5H 6H 7H 8H", ["5H 6H 7H 8H 9H"], 2, parallel_melds="forbidden")
    ),
    "E20": lambda: deal(E20),
    "E21": lambda: deal(E21, ace_scoring="multiplier", last_ace="finish_turn", penalty="every_card"),
    "E22": lambda: (
        deal(E22, ace_scoring="multiplier") + deal(E22, ace_scoring="multiplier", multiplier_scope="positive_only")
    ),
    "E23": lambda: deal(E23),
    "E21 counted at the table": lambda: deal(
        E21_COUNTED, ace_scoring="multiplier", last_ace="finish_turn", penalty="every_card"
    ),
    "E22 fast, one hand by its cards": lambda: deal(E22_FAST, ace_scoring="multiplier"),
}


def entry_error(entry: dict[str, Any], players: tuple[str, ...] = PLAYERS, **options: object) -> InputError:
    setup = MatchSetup(players, first_dealer=2, options={**ICEBERG.parse_options({}), **options})
    try:
        ICEBERG.check_entry(setup, entry)
    except InputError as error:
        return error
    raise AssertionError("the entry was accepted")


def correction_error(log: list[dict[str, Any]], number: int) -> InputError:
    """The error of taking play ``number`` out of ``log``."""
    setup = MatchSetup(PLAYERS, first_dealer=2, options=ICEBERG.parse_options({}))
    try:
        ICEBERG.correct_log(setup, log, number, None)
    except InputError as error:
        return error
    raise AssertionError("the correction was accepted")


def refused_play(log: list[dict[str, Any]], number: int) -> InputError:
    """Why a lenient replay of ``log`` refuses play ``number``."""
    setup = MatchSetup(PLAYERS, first_dealer=2, options=ICEBERG.parse_options({}))
    return ICEBERG.replay_log(setup, log, lenient=True).refused[number]


def check_error(check: str, body: dict[str, Any]) -> InputError:
    try:
        CHECKS[check].run(body)
    except InputError as error:
        return error
    raise AssertionError("the request was accepted")


QUICK = {
    "mode": "quick",
    "played": {},
    "aces": {"Ann": 4},
    "table": [],
    "hands": {"Ann": [], "Bob": ["2C"], "Cid": ["3C"]},
}
ERRORS: dict[str, Callable[[], InputError]] = {
    "E20 no melding after the last ace": lambda: entry_error(
        {
            **E20,
            "log": [*E20["log"], {"player": "Cid", "meld": ["4H", "5H", "6H"]}],
            "hands": {**E20["hands"], "Cid": ["KS", "9C", "2D"]},
        }
    ),
    "E21 only the last ace's player finishes the turn": lambda: entry_error(
        {**E20, "log": [*E20["log"], {"player": "Ann", "meld": ["8D", "9D", "10D"]}]}, last_ace="finish_turn"
    ),
    "an illegal meld in the log": lambda: entry_error(
        {**E23, "log": [*E23["log"][:1], {"player": "Ann", "meld": ["4C", "5C", "7C"]}]}
    ),
    "a lay-off on no meld": lambda: entry_error(
        {**E23, "log": [*E23["log"][:2], {"player": "Bob", "layoff": ["7C"], "onto": 3}]}
    ),
    "a lay-off that does not fit": lambda: entry_error(
        {**E23, "log": [*E23["log"][:2], {"player": "Bob", "layoff": ["9C"], "onto": 1}]}
    ),
    "a play that is no ace": lambda: entry_error({**E23, "log": [{"player": "Ann", "aces": ["KH"]}]}),
    "an unknown player": lambda: entry_error({**E23, "log": [{"player": "Dan", "aces": ["AH"]}]}),
    "a play with two actions": lambda: entry_error(
        {**E23, "log": [{"player": "Ann", "aces": ["AH"], "meld": ["4C", "5C", "6C"]}]}
    ),
    "a lay-off without onto": lambda: entry_error(
        {**E23, "log": [*E23["log"][:2], {"player": "Bob", "layoff": ["7C"]}]}
    ),
    "a bad card in a play": lambda: entry_error({**E23, "log": [{"player": "Ann", "aces": ["XH"]}]}),
    "a card twice": lambda: entry_error({**E23, "hands": {**E23["hands"], "Cid": ["2S", "AH"]}}),
    "a bad card in a hand": lambda: entry_error({**E23, "hands": {**E23["hands"], "Cid": ["2S", "1D"]}}),
    "a hand missing": lambda: entry_error({**E23, "hands": {"Ann": [], "Bob": ["KD"]}}),
    "two hands empty": lambda: entry_error({**E23, "hands": {"Ann": [], "Bob": [], "Cid": ["2S"]}}),
    "the deal has not ended": lambda: entry_error({**E23, "hands": {"Ann": ["3S"], "Bob": ["KD"], "Cid": ["2S"]}}),
    "points that are no multiple of 10": lambda: entry_error({**QUICK, "played": {"Bob": 35}}),
    "points that do not add up": lambda: entry_error({**QUICK, "played": {"Bob": 30}}),
    "too many aces": lambda: entry_error(
        {**QUICK, "aces": {"Ann": 4}, "hands": {"Ann": [], "Bob": ["AC"], "Cid": ["3C"]}}
    ),
    "an illegal table meld": lambda: entry_error({**QUICK, "table": [["4C", "5C", "7C"]]}),
    "a parallel set": lambda: entry_error(
        {
            "mode": "quick",
            "played": {"Bob": 60},
            "aces": {"Ann": 8},
            "table": [["7C", "7D", "7H"], ["7S", "7D", "7H"]],
            "hands": {"Ann": [], "Bob": ["2C"], "Cid": ["3C"], "Dan": ["4C"]},
        },
        (*PLAYERS, "Dan"),
        parallel_melds="forbidden",
    ),
    "a bad mode": lambda: entry_error({**E23, "mode": "fast"}),
    "a counted hand that is empty": lambda: entry_error(
        {**E22_FAST, "counted": {"Cid": {"left": 0, "could_score": 0}}}
    ),
    "a counted hand's points no multiple of 10": lambda: entry_error(
        {**E22_FAST, "counted": {"Cid": {"left": 1, "could_score": 25}}}
    ),
    "a counted hand too long": lambda: entry_error({**E22_FAST, "counted": {"Cid": {"left": 33}}}),
    "a counted hand misshapen": lambda: entry_error({**E22_FAST, "counted": {"Cid": [1, 0]}}),
    "counted hands misshapen": lambda: entry_error({**E22_FAST, "counted": ["Cid"]}),
    "a counted hand holds a card with Bower's penalty": lambda: entry_error(
        {**E22_FAST, "counted": {"Cid": {"left": 0, "could_score": 30}}}, penalty="every_card"
    ),
    "cards without a table": lambda: entry_error({k: v for k, v in E22_FAST.items() if k != "table"}),
    "a hand given by its cards and counted": lambda: entry_error(
        {**E22_FAST, "counted": {"Ann": {"left": 4}, "Cid": {"left": 1}}}
    ),
    "a hand neither given nor counted": lambda: entry_error({**E22_FAST, "counted": {}}),
    "points beyond any deal": lambda: entry_error({**QUICK, "played": {"Bob": 200_000}}),
    "more aces than two decks": lambda: entry_error({**QUICK, "aces": {"Ann": 9}}),
    "a correction taking off a meld with lay-offs": lambda: correction_error(E23["log"], 2),
    "a lay-off on a refused meld": lambda: refused_play(
        [{"player": "Ann", "meld": ["4C", "5C", "7C"]}, {"player": "Bob", "layoff": ["6C"], "onto": 1}], 2
    ),
    "a meld check with a card twice": lambda: check_error("meld", {"cards": ["QH", "QH", "QS"], "decks": 1}),
    "a leftover hand too long": lambda: check_error("leftover", {"hand": ["2C"] * 33, "decks": 2}),
}
