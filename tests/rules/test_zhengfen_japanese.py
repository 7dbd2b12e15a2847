"""The worked examples of shared/rules/zhengfen.md in English and in Japanese.

Each example's explanation is pinned in English (the text the rules gave before they spoke in
messages), and every step, and every input error the Zheng Fen tests provoke, reads whole in
Japanese: no sentence left untranslated, and the seed text's word wherever the English uses a
glossary term.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from referee import catalogs
from referee.cards import CardError, parse_cards
from referee.catalogs import tooling
from referee.errors import InputError
from referee.explain import Explanation
from referee.messages import Message
from referee.rules.game import MatchSetup
from referee.rules.zhengfen import ZHENGFEN, Action, Haul, beats, classify, score_deal, settle_trick
from referee.rules.zhengfen.order import check_places

JAPANESE = catalogs.translations()
GLOSSARY = list(tooling.read_glossary())


def c(text: str) -> tuple:
    return tuple(parse_cards(text))


def act(player: str, cards: str | None = None, last: bool = False) -> Action:
    return Action(player, c(cards) if cards else None, last_cards=last)


def haul(text: str) -> Haul:
    return Haul.of_cards(parse_cards(text))


CLASSIFY = [
    ("E1", "7H", None),
    ("E5", "SJ BJ", None),
    ("E5 standard_only", "SJ BJ", {"wild_range": "standard_only"}),
    ("E9", "5S 5H 6S 6H 7D 7C", None),
    ("E10", "3S 3H 4S 4H", None),
    ("E11", "KS KH AS AH 2S 2H", None),
    ("E12", "AS AH 2S 2H 3S 3H", None),
    ("E14", "6S 6H 6D 7S 7H 7D 8S 8H 8D", None),
    ("E15", "6S 6H 6D 7S 7H 7D", None),
    ("E15 min 2", "6S 6H 6D 7S 7H 7D", {"triple_four_sequence_min": 2}),
    ("E16", "10S JS QS KS AS", None),
    ("E17", "10S JH QS KS AS", None),
    ("E20", "AS 2S 3S 4S 5S", None),
    ("E22 adjacent", "9S 9H 9D 4C 5D", None),
    ("E22 one suit", "9S 9H 9D 4C JC", None),
    ("E22 point cards", "9S 9H 9D 5C KD", None),
    ("E28", "5S 10H SJ", None),
    ("E29", "8S 8H 9D", None),
]
BEATS = [
    ("E2", "SJ", "BJ"),
    ("E3", "2S", "SJ"),
    ("E4", "8H 8C", "8S SJ"),
    ("E6", "JS JH JD", "QS QH BJ"),
    ("E7", "KS KH", "4S 4H 4D 4C"),
    ("E8", "KS KH KD KC", "2S 2H 2D SJ"),
    ("E13", "3D 3C 4D 4C 5D 5C 6D 6C", "9S 9H 10S 10H JS JH"),
    ("E18", "10S JS QS KS AS", "9H 10H JH QH KH AH"),
    ("E19", "9H 10H JH QH KH AH", "JD QD KD AD 2D"),
    ("E21", "7S 7H 7D KC KD", "8S 8H 8D 4C 4D"),
    ("E23", "2S 2H 2D", "5S 10H KD"),
    ("E24", "5S 10H KD", "5C 10C KC"),
    ("E25", "5C 10C KC", "5D 10D KD"),
    ("E26", "5H 10H KH", "2S 2H 2D 2C"),
    ("E27", "5S 10H KD", "BJ"),
]


def examples() -> dict[str, Explanation]:
    """Every worked example's explanation, E1–E32."""
    found: dict[str, Explanation] = {}
    for name, cards, options in CLASSIFY:
        found[name] = classify(c(cards), options).explanation
    for name, current, play in BEATS:
        found[name] = beats(c(current), c(play)).explanation
    actions = [act("A", "6S"), act("B"), act("C", "9H"), act("D"), act("A", "KS"), act("B", "2D")]
    found["E30"] = settle_trick("ABCD", [*actions, act("C"), act("D"), act("A")]).explanation
    found["E30 last cards"] = settle_trick("ABCD", [act("B", "QS QH", True), act("C"), act("D"), act("A")]).explanation
    captured = {"A": haul("10S KH 5D"), "B": haul("KS 5C"), "C": haul("10H 10D KD"), "D": haul("10C KC")}
    found["E31"] = score_deal(["B", "D", "A", "C"], captured, haul("5S 5H 7C 2D")).explanation
    captured = {"A": haul("KS KH 10S 10H"), "B": haul("KD 10D 10C 5S"), "C": haul("KC 5H 5D 5C")}
    found["E32"] = score_deal(["A", "B", "C"], captured).explanation
    return found


ENGLISH: dict[str, list[tuple[str, str]]] = {
    "E1": [
        ("`7H` is a single 7: any one card; key its rank", "zhengfen-3.1"),
    ],
    "E5": [
        ("`SJ BJ` is a pair of big jokers: 2 cards of one rank", "zhengfen-3.2"),
        ("SJ stands for a big joker", "zhengfen-4.1"),
        ("BJ counts at its own rank, the rank SJ stands for", "zhengfen-4.1"),
        (
            "15 readings: a pair of big jokers with SJ as a big joker; a pair of small jokers with BJ as a small "
            "joker; a pair of 2s with SJ = 2, BJ = 2; a pair of aces with SJ = A, BJ = A; a pair of kings with "
            "SJ = K, BJ = K; a pair of queens with SJ = Q, BJ = Q; and 9 more",
            "zhengfen-4.5",
        ),
        (
            "leading, a pair of big jokers is recorded: a special first, then the type listed later, then "
            "the higher key, then the longer",
            "zhengfen-4.5",
        ),
    ],
    "E5 standard_only": [
        ("`SJ BJ` is a pair of 2s: 2 cards of one rank", "zhengfen-3.2"),
        ("SJ stands for a 2", "zhengfen-4.1"),
        ("BJ stands for a 2", "zhengfen-4.1"),
        (
            "13 readings: a pair of 2s with SJ = 2, BJ = 2; a pair of aces with SJ = A, BJ = A; a pair of "
            "kings with SJ = K, BJ = K; a pair of queens with SJ = Q, BJ = Q; a pair of jacks with SJ = J, "
            "BJ = J; a pair of 10s with SJ = 10, BJ = 10; and 7 more",
            "zhengfen-4.5",
        ),
        (
            "leading, a pair of 2s is recorded: a special first, then the type listed later, then the "
            "higher key, then the longer",
            "zhengfen-4.5",
        ),
    ],
    "E9": [
        (
            "`5S 5H 6S 6H 7D 7C` is a pair sequence 5–7 (3 pairs): 3 or more pairs of consecutive ranks; "
            "key the top rank",
            "zhengfen-3.5",
        ),
        ("card points in the play: `5S 5H` = 10", "zhengfen-2.1"),
    ],
    "E10": [
        (
            "no combination: `3S 3H 4S 4H` is a pair of 3s and a pair of 4s, each a combination on its own but "
            "not one play together",
            "zhengfen-9.2",
        ),
        ("only 2 pairs: a sequence needs 3 or more", "zhengfen-3.5"),
    ],
    "E11": [
        (
            "`KS KH AS AH 2S 2H` is a pair sequence K–2 (3 pairs): 3 or more pairs of consecutive ranks; "
            "key the top rank",
            "zhengfen-3.5",
        ),
        ("card points in the play: `KS KH` = 20", "zhengfen-2.1"),
    ],
    "E12": [
        (
            "no combination: `AS AH 2S 2H 3S 3H` is a pair of 3s, a pair of aces and a pair of 2s, each a "
            "combination on its own but not one play together",
            "zhengfen-9.2",
        ),
        ("2 and 3 are not consecutive: sequences do not wrap", "zhengfen-1.3"),
    ],
    "E14": [
        (
            "`6S 6H 6D 7S 7H 7D 8S 8H 8D` is a triple sequence 6–8 (3 triples): 3 or more triples of "
            "consecutive ranks; key the top rank",
            "zhengfen-3.6",
        ),
    ],
    "E15": [
        (
            "no combination: `6S 6H 6D 7S 7H 7D` is a triple of 6s and a triple of 7s, each a combination on its "
            "own but not one play together",
            "zhengfen-9.2",
        ),
        ("only 2 triples: a sequence needs 3 or more", "zhengfen-3.6"),
        (
            "with the house rule `triple_four_sequence_min` set otherwise it would be a triple sequence 6–7 "
            "(2 triples)",
            "zhengfen-3.6",
        ),
    ],
    "E15 min 2": [
        (
            "`6S 6H 6D 7S 7H 7D` is a triple sequence 6–7 (2 triples): 2 or more triples of consecutive "
            "ranks; key the top rank",
            "zhengfen-3.6",
        ),
    ],
    "E16": [
        (
            "`10S JS QS KS AS` is a suit sequence of spades 10–A (5 cards): 5 or more cards of one suit in "
            "consecutive ranks; key the top rank",
            "zhengfen-3.9",
        ),
        ("card points in the play: `10S KS` = 20", "zhengfen-2.1"),
    ],
    "E17": [
        ("no combination: `10S JH QS KS AS` is neither a trio plus two nor a suit sequence", "zhengfen-9.2"),
        ("a straight of mixed suits is not a combination", "zhengfen-3.9"),
    ],
    "E20": [
        ("no combination: `AS 2S 3S 4S 5S` is neither a trio plus two nor a suit sequence", "zhengfen-9.2"),
        ("2 and 3 are not consecutive: sequences do not wrap", "zhengfen-1.3"),
    ],
    "E22 adjacent": [
        (
            "`9S 9H 9D 4C 5D` is a trio of 9s plus two (two adjacent ranks): 3 cards of one rank plus 2 "
            "others; key the trio's rank, the extra cards never count",
            "zhengfen-3.8",
        ),
        ("card points in the play: `5D` = 5", "zhengfen-2.1"),
    ],
    "E22 one suit": [
        (
            "`9S 9H 9D 4C JC` is a trio of 9s plus two (two cards of one suit): 3 cards of one rank plus 2 "
            "others; key the trio's rank, the extra cards never count",
            "zhengfen-3.8",
        ),
    ],
    "E22 point cards": [
        (
            "`9S 9H 9D 5C KD` is a trio of 9s plus two (two point cards): 3 cards of one rank plus 2 "
            "others; key the trio's rank, the extra cards never count",
            "zhengfen-3.8",
        ),
        ("card points in the play: `5C KD` = 15", "zhengfen-2.1"),
    ],
    "E28": [
        ("no combination: `5S 10H SJ` is none of a pair, a triple or a 5-10-K", "zhengfen-9.2"),
        ("jokers are never part of a special: a 5-10-K is three natural cards", "zhengfen-4.4"),
    ],
    "E29": [
        ("no combination: `8S 8H 9D` is none of a pair, a triple or a 5-10-K", "zhengfen-9.2"),
    ],
    "E2": [
        ("top play `SJ`: a single small joker", "zhengfen-3.1"),
        ("following a single, only readings as a single and specials count", "zhengfen-4.5"),
        ("a single big joker beats a single small joker: key BJ against SJ", "zhengfen-5.3"),
        ("recorded for the next player to beat: a single big joker (the strongest reading that beats)", "zhengfen-4.5"),
    ],
    "E3": [
        ("top play `2S`: a single 2", "zhengfen-3.1"),
        ("following a single, only readings as a single and specials count", "zhengfen-4.5"),
        ("a single small joker beats a single 2: key SJ against 2", "zhengfen-5.3"),
        (
            "recorded for the next player to beat: a single small joker (the strongest reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E4": [
        ("top play `8H 8C`: a pair of 8s", "zhengfen-3.2"),
        ("following a pair, only readings as a pair and specials count", "zhengfen-4.5"),
        ("a pair of 8s with SJ = 8 only equals a pair of 8s: equal strength never beats", "zhengfen-5.3"),
        ("a wild joker does not weaken a play: natural cards never beat an equal wild play", "zhengfen-4.2"),
    ],
    "E6": [
        ("top play `JS JH JD`: a triple of jacks", "zhengfen-3.3"),
        ("following a triple, only readings as a triple and specials count", "zhengfen-4.5"),
        ("a triple of queens with BJ = Q beats a triple of jacks: key Q against J", "zhengfen-5.3"),
        ("recorded for the next player to beat: a triple of queens (the strongest reading that beats)", "zhengfen-4.5"),
    ],
    "E7": [
        ("top play `KS KH`: a pair of kings", "zhengfen-3.2"),
        ("following a pair, only readings as a pair and specials count", "zhengfen-4.5"),
        ("a `four` cannot follow a `pair`", "zhengfen-5.2"),
    ],
    "E8": [
        ("top play `KS KH KD KC`: a four of kings", "zhengfen-3.4"),
        ("following a four, only readings as a four and specials count", "zhengfen-4.5"),
        ("a four of 2s with SJ = 2 beats a four of kings: key 2 against K", "zhengfen-5.3"),
        ("recorded for the next player to beat: a four of 2s (the strongest reading that beats)", "zhengfen-4.5"),
    ],
    "E13": [
        ("top play `3D 3C 4D 4C 5D 5C 6D 6C`: a pair sequence 3–6 (4 pairs)", "zhengfen-3.5"),
        ("following a pair sequence, only readings as a pair sequence and specials count", "zhengfen-4.5"),
        ("a pair sequence 9–J (3 pairs) beats a pair sequence 3–6 (4 pairs): top J against top 6", "zhengfen-5.3"),
        (
            "recorded for the next player to beat: a pair sequence 9–J (3 pairs) (the strongest reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E18": [
        ("top play `10S JS QS KS AS`: a suit sequence of spades 10–A (5 cards)", "zhengfen-3.9"),
        ("following a suit sequence, only readings as a suit sequence and specials count", "zhengfen-4.5"),
        (
            "a suit sequence of hearts 9–A (6 cards) beats a suit sequence of spades 10–A (5 cards): same "
            "top A, length 6 against 5",
            "zhengfen-5.3",
        ),
        (
            "recorded for the next player to beat: a suit sequence of hearts 9–A (6 cards) (the strongest "
            "reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E19": [
        ("top play `9H 10H JH QH KH AH`: a suit sequence of hearts 9–A (6 cards)", "zhengfen-3.9"),
        ("following a suit sequence, only readings as a suit sequence and specials count", "zhengfen-4.5"),
        (
            "a suit sequence of diamonds J–2 (5 cards) beats a suit sequence of hearts 9–A (6 cards): top 2 "
            "against top A",
            "zhengfen-5.3",
        ),
        (
            "recorded for the next player to beat: a suit sequence of diamonds J–2 (5 cards) (the strongest "
            "reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E21": [
        ("top play `7S 7H 7D KC KD`: a trio of 7s plus two (a pair)", "zhengfen-3.8"),
        ("following a trio plus two, only readings as a trio plus two and specials count", "zhengfen-4.5"),
        ("a trio of 8s plus two (a pair) beats a trio of 7s plus two (a pair): key 8 against 7", "zhengfen-5.3"),
        (
            "recorded for the next player to beat: a trio of 8s plus two (a pair) (the strongest reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E23": [
        ("top play `2S 2H 2D`: a triple of 2s", "zhengfen-3.3"),
        ("following a triple, only readings as a triple and specials count", "zhengfen-4.5"),
        ("the special 5-10-K of mixed suits is a special and beats a triple of 2s", "zhengfen-5.4"),
        (
            "recorded for the next player to beat: the special 5-10-K of mixed suits (the strongest reading "
            "that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E24": [
        ("top play `5S 10H KD`: the special 5-10-K of mixed suits", "zhengfen-3.10"),
        ("after a special only a stronger special may follow", "zhengfen-5.4"),
        (
            "the special 5-10-K of one suit beats the special 5-10-K of mixed suits: 510k_suited against "
            "510k_mixed (510k_mixed < 510k_suited < four_twos)",
            "zhengfen-5.3",
        ),
        (
            "recorded for the next player to beat: the special 5-10-K of one suit (the strongest reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E25": [
        ("top play `5C 10C KC`: the special 5-10-K of one suit", "zhengfen-3.10"),
        ("after a special only a stronger special may follow", "zhengfen-5.4"),
        (
            "the special 5-10-K of one suit ties with the special 5-10-K of one suit: specials of the same kind tie",
            "zhengfen-5.4",
        ),
    ],
    "E26": [
        ("top play `5H 10H KH`: the special 5-10-K of one suit", "zhengfen-3.10"),
        ("after a special only a stronger special may follow", "zhengfen-5.4"),
        (
            "the special four 2s beats the special 5-10-K of one suit: four_twos against 510k_suited "
            "(510k_mixed < 510k_suited < four_twos)",
            "zhengfen-5.3",
        ),
        (
            "recorded for the next player to beat: the special four 2s (the strongest reading that beats)",
            "zhengfen-4.5",
        ),
    ],
    "E27": [
        ("top play `5S 10H KD`: the special 5-10-K of mixed suits", "zhengfen-3.10"),
        ("after a special only a stronger special may follow", "zhengfen-5.4"),
        ("a `single` is no special and cannot follow the special 5-10-K of mixed suits", "zhengfen-5.4"),
    ],
    "E30": [
        ("A leads `6S`: a single 6", "zhengfen-5.1"),
        ("B passes", "zhengfen-5.2"),
        ("C plays `9H`: a single 9, beating the top play", "zhengfen-5.3"),
        ("D passes", "zhengfen-5.2"),
        ("A plays `KS`: a single king, beating the top play", "zhengfen-5.3"),
        ("B plays `2D`: a single 2, beating the top play", "zhengfen-5.3"),
        ("C passes", "zhengfen-5.2"),
        ("D passes", "zhengfen-5.2"),
        ("A passes", "zhengfen-5.2"),
        ("every other player holding cards passed: B takes `6S 9H KS 2D` = 0 + 0 + 10 + 0 = 10 points", "zhengfen-5.5"),
        ("B leads next", "zhengfen-5.6"),
    ],
    "E30 last cards": [
        ("B leads `QS QH`: a pair of queens", "zhengfen-5.1"),
        ("B has played their last card and leaves the turn order", "zhengfen-5.7"),
        ("C passes", "zhengfen-5.2"),
        ("D passes", "zhengfen-5.2"),
        ("A passes", "zhengfen-5.2"),
        ("every other player holding cards passed: B takes `QS QH` = 0 + 0 = 0 points", "zhengfen-5.5"),
        ("C leads next (B is out of cards)", "zhengfen-5.6"),
    ],
    "E31": [
        ("finishing order: 1st B, 2nd D, 3rd A, last C", "zhengfen-6.2"),
        ("B captured KS 5C: 10 + 5 = 15", "zhengfen-2.1"),
        ("D captured 10C KC: 10 + 10 = 20", "zhengfen-2.1"),
        ("A captured 10S KH 5D: 10 + 10 + 5 = 25", "zhengfen-2.1"),
        ("C captured 10H 10D KD: 10 + 10 + 10 = 30", "zhengfen-2.1"),
        (
            "C, last, gives B, 1st, the 30 points captured and the 10 points left in hand (5S 5H: 5 + 5 = 10): 40",
            "zhengfen-6.3",
        ),
        ("B scores 15 + 40 = 55", "zhengfen-6.4"),
        ("the middle places keep what they captured: D 20, A 25", "zhengfen-6.4"),
        ("C, last, scores 0", "zhengfen-6.4"),
        ("55 + 20 + 25 + 0 = 100", "zhengfen-6.5"),
    ],
    "E32": [
        ("finishing order: 1st A, 2nd B, last C", "zhengfen-6.2"),
        ("A captured KS KH 10S 10H: 10 + 10 + 10 + 10 = 40", "zhengfen-2.1"),
        ("B captured KD 10D 10C 5S: 10 + 10 + 10 + 5 = 35", "zhengfen-2.1"),
        ("C captured KC 5H 5D 5C: 10 + 5 + 5 + 5 = 25", "zhengfen-2.1"),
        ("C, last, gives A, 1st, the 25 points captured and no cards in hand: 25", "zhengfen-6.3"),
        ("A scores 40 + 25 = 65", "zhengfen-6.4"),
        ("the middle places keep what they captured: B 35", "zhengfen-6.4"),
        ("C, last, scores 0", "zhengfen-6.4"),
        ("65 + 35 + 0 = 100", "zhengfen-6.5"),
    ],
}


def test_every_worked_example_explains_itself_in_the_same_english() -> None:
    found = {name: [(step.text, step.rule) for step in explanation] for name, explanation in examples().items()}
    assert found == ENGLISH


def reads_whole_in_japanese(message: Message) -> list[str]:
    """What keeps ``message`` from reading whole in Japanese: ids untranslated, glossary terms not used."""
    problems = catalogs.untranslated(message, JAPANESE)
    english, japanese = message.render(), message.render(JAPANESE)
    problems += [term.english for term in GLOSSARY if term.found_in(english) and term.japanese not in japanese]
    return problems


@pytest.mark.parametrize("name", list(ENGLISH))
def test_every_step_of_a_worked_example_reads_in_japanese(name: str) -> None:
    steps = examples()[name]
    assert [
        (step.text, reads_whole_in_japanese(step.message)) for step in steps if reads_whole_in_japanese(step.message)
    ] == []
    assert all(step.render(JAPANESE) != step.text for step in steps if not step.text[:1].isdigit())


ORDER = ["Ann", "Bob", "Cat"]
SETUP = MatchSetup(players=("Ann", "Bob", "Cat", "Dan"), options=ZHENGFEN.parse_options({}))

#: Input the Zheng Fen tests refuse, each raising an input error with its place.
ERRORS: dict[str, Callable[[], object]] = {
    "no card": lambda: ZHENGFEN.checks["classify"].judge({"cards": []}),
    "joker of another pack": lambda: ZHENGFEN.checks["classify"].judge({"cards": ["JO"]}),
    "card twice": lambda: ZHENGFEN.checks["beats"].judge({"current": ["5H"], "play": ["5H"]}),
    "bad declaration": lambda: ZHENGFEN.checks["classify"].judge({"cards": ["8S"], "declared": "pair"}),
    "declared type": lambda: ZHENGFEN.checks["classify"].judge({"cards": ["8S"], "declared": {"type": "flush"}}),
    "declared key": lambda: ZHENGFEN.checks["classify"].judge(
        {"cards": ["8S"], "declared": {"type": "pair", "key": "Z"}}
    ),
    "declared length": lambda: ZHENGFEN.checks["classify"].judge(
        {"cards": ["8S"], "declared": {"type": "pair", "length": "3"}}
    ),
    "two players": lambda: ZHENGFEN.checks["deal"].judge({"order": ["A", "B"], "captured": {}}),
    "named twice": lambda: ZHENGFEN.checks["deal"].judge({"order": ["A", "B", "A"], "captured": {}}),
    "stranger": lambda: ZHENGFEN.checks["deal"].judge({"order": ["A", "B", "C"], "captured": {"Z": []}}),
    "hand not last": lambda: ZHENGFEN.checks["deal"].judge(
        {"order": ["A", "B", "C"], "captured": {}, "hands": {"A": ["7C"]}}
    ),
    "missing point card": lambda: ZHENGFEN.checks["deal"].judge({"order": ["A", "B", "C"], "captured": {"A": ["5S"]}}),
    "counts short": lambda: ZHENGFEN.check_entry(
        SETUP, {"order": ORDER, "captured": {"Ann": {"5": 3, "10": 4, "K": 4}}}
    ),
    "count too big": lambda: ZHENGFEN.check_entry(SETUP, {"order": ORDER, "captured": {"Ann": {"5": 9}}}),
    "count key": lambda: ZHENGFEN.check_entry(SETUP, {"order": ORDER, "captured": {"Ann": {"Q": 1}}}),
    "captured not an object": lambda: ZHENGFEN.check_entry(SETUP, {"order": ORDER, "captured": []}),
    "order not a list": lambda: ZHENGFEN.check_entry(SETUP, {"order": "Ann", "captured": {}}),
    "order leaves out two": lambda: ZHENGFEN.check_entry(SETUP, {"order": ["Ann", "Bob"], "captured": {}}),
    "order twice": lambda: ZHENGFEN.check_entry(SETUP, {"order": ["Ann", "Ann"], "captured": {}}),
    "hand too big": lambda: ZHENGFEN.check_entry(
        SETUP,
        {
            "order": ["Ann", "Bob", "Cat"],
            "captured": {"Ann": {"5": 4, "10": 4, "K": 4}},
            "hand": "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 6S 6H 6D",
        },
    ),
    "place tapped twice": lambda: check_places(["Ann", "Bob", "Cat"], ["Bob", "", "Bob"]),
    "place left empty": lambda: check_places(["Ann", "Bob", "Cat", "Dan"], ["", "Bob", "", ""]),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_every_input_error_reads_in_japanese(name: str) -> None:
    with pytest.raises(InputError) as caught:
        ERRORS[name]()
    raised = caught.value
    assert raised.field is not None, name
    assert raised.location or isinstance(raised, CardError), name
    assert reads_whole_in_japanese(raised.msg) == []
    assert raised.render(JAPANESE) != raised.message
