"""Clabber in Japanese: every step of the worked examples of shared/rules/clabber.md, and every input
error the Clabber tests provoke, has a translation, and uses the glossary's Japanese term where the
English uses the English one."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from referee import catalogs
from referee.cards import parse_card
from referee.catalogs import tooling
from referee.errors import InputError
from referee.explain import Step
from referee.messages import Join, Message
from referee.rules.clabber import CLABBER, FOUR, judge_bid, judge_melds, judge_trick, legal_play, score_deal
from referee.rules.game import DealContext, MatchSetup
from tests.rules.clabber_worked import DEALS, LEGAL, TRICKS, cards, plays

GLOSSARY = list(tooling.read_glossary())


@cache
def japanese() -> Any:
    return catalogs.translations("ja")


def example_steps() -> Iterator[tuple[str, Step]]:
    """Every step of the worked examples E1–E24, named by its example."""
    for name, trump, trick, _winner, _points in TRICKS:
        yield from ((name, step) for step in judge_trick(FOUR, plays(*trick), trump, last=True).explanation)
    for name, trump, seat, hand, trick, options, _legal in LEGAL:
        for card in (None, *cards(hand)):
            verdict = legal_play(FOUR, seat, cards(hand), plays(*trick), trump, **options, card=card)
            yield from ((name, step) for step in verdict.explanation)
            yield from ((name, reason) for reason in verdict.reasons)
    meld_examples = {
        "E12": ({"N": "JS JH JD JC QH KH"}, "H"),
        "E13": ({"N": "AS KS QS JS 10S 9D"}, "D"),
        "E14": ({"N": "KH QH JH 9S 9D 9C", "E": "AD KD QD JD 10C AC"}, "H"),
        "E15": ({"N": "9S 9H 9D 9C AS 10H", "E": "AD KD QD JD 10D KS"}, "C"),
        "E16": ({"N": "QH JH 10H", "E": "KD QD JD"}, "S"),
        "E16 dead tie": ({"N": "QH JH 10H", "E": "QD JD 10D"}, "S"),
        "E17": ({"N": "KH QH JH", "S": "KC QC JC"}, "S"),
        "E7.4": ({"N": "KH JH", "S": "QH 9C"}, "H"),
    }
    for name, (hands, trump) in meld_examples.items():
        for scope in ("best_meld_only", "team_all_melds"):
            verdict = judge_melds(FOUR, {seat: cards(hand) for seat, hand in hands.items()}, trump, scope=scope)
            yield from ((name, step) for step in verdict.explanation)
    for name, points, melds, bells, *_ in DEALS:
        yield from ((name, step) for step in score_deal("NS", points, melds, bells).explanation)
    turn_up = parse_card("10D")
    bids = [
        (cards("AS KH QC 9S JH 10C"), 1, None, False),
        (cards("AS KH QC 9S JH 9D"), 1, None, False),
        (cards("AS KH QC 9S JH"), 1, None, True),
        (cards("AD KD QC 9S JH 9D"), 2, "D", False),
        (cards("AS KS QC 9S JC 9D"), 2, "H", False),
        (cards("AS KS QC 9S JH 9D"), 2, "H", False),
        (cards("AS KS QC 9S JH 9D"), 1, "H", False),
    ]
    for hand, bidding_round, suit, dealer in bids:
        verdict = judge_bid(hand, turn_up, bidding_round, suit, dealer=dealer)
        yield from (("E24", step) for step in [*verdict.explanation, *verdict.reasons])
    yield from (("deal", step) for step in deal_steps())


def deal_steps() -> Iterator[Step]:
    """Deals on the sheet: the bid, a blank side filled in, melds from cards or types, a passed deal; and
    each deal's line on the sheet (as a step, to be read like one)."""
    setup = MatchSetup(players=("Ann", "Bo", "Cy", "Di"), options=CLABBER.parse_options({}))
    entries = [
        {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "meld_cards": {"Ann": "KH QH JH 10H"}},
        {"makers": "Bo", "round": 2, "trump": "S", "turn_up": "10D", "points": {"Ann & Cy": 90, "Bo & Di": 72}},
        {"makers": "Cy", "trump": "C", "points": {"Ann & Cy": 100, "Bo & Di": 62}, "melds": {"Bo & Di": "fifty"}},
        {"makers": None},
    ]
    for number, given in enumerate(entries, start=1):
        entry = CLABBER.check_entry(setup, given)
        deal = CLABBER.score_deal(setup, entry, DealContext(number=number, dealer="Ann"))
        yield from deal.explanation
        assert isinstance(deal.summary, Message)
        yield Step(deal.summary, "clabber-8.1")


BAD_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("trick", {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "S", "card": "AH"}]}),
    ("trick", {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "E", "card": "KH"}]}),
    ("trick", {"trump": "X", "plays": [{"seat": "N", "card": "KH"}]}),
    ("trick", {"trump": "S", "plays": [{"seat": "Q", "card": "KH"}]}),
    ("trick", {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "N", "card": "AH"}]}),
    ("legal", {"trump": "H", "seat": "E", "hand": "KS", "trick": [{"seat": "N", "card": "KS"}]}),
    ("legal", {"trump": "H", "seat": "S", "hand": "KS", "trick": [{"seat": "N", "card": "AS"}]}),
    ("legal", {"trump": "H", "seat": "E", "hand": "AS KS QS JS 10S 9S AH", "trick": []}),
    ("melds", {"trump": "H", "hands": {"N": "KH QH", "E": "QH"}}),
    ("melds", {"trump": "H", "hands": {"N": "KH QH 8H"}}),
    ("melds", {"trump": "H", "seats": "A B C", "players": 4, "hands": {}}),
    ("melds", {"trump": "H", "players": 5, "hands": {}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 60}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67}, "melds": {"NS": 30}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67}, "melds": {"NS": 20, "EW": 50}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67}, "bells": {"NS": 20, "EW": 20}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67}, "bells": {"NS": 10}}),
    ("deal", {"makers": "XY", "points": {"NS": 95, "EW": 67}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67, "X": 0, "Y": 0}}),
    ("deal", {"makers": "NS", "points": {"NS": 95, "EW": 67}, "players": 3}),
    ("deal", {"makers": "NS", "points": {"NS": 40, "EW": 30}, "players": 2}),
    ("deal", {"makers": "NS", "points": {"NS": 200, "EW": None}}),
    ("bid", {"turn_up": "10D", "round": 3, "hand": "AS"}),
    ("bid", {"turn_up": "10D", "round": 2, "hand": "AS"}),
    ("bid", {"turn_up": "10D", "round": 1, "hand": "AS KS QS JS 10S 9S AH", "players": 2}),
    ("bid", {"turn_up": "10D", "round": 1, "hand": "10D AS"}),
    ("bid", {"turn_up": "10D", "round": 1, "hand": "AS AS"}),
    ("bid", {"turn_up": "10D", "round": 1, "hand": "AS", "dealer": "yes"}),
]

BAD_ENTRIES: list[dict[str, Any]] = [
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95, "Bo & Di": 60}},
    {"makers": "Ann", "round": 3, "trump": "H", "points": {"Ann & Cy": 95}},
    {"makers": "Ann", "trump": "H", "turn_up": "10D", "points": {"Ann & Cy": 95}},
    {"makers": "Ann", "round": 2, "trump": "D", "turn_up": "10D", "points": {"Ann & Cy": 95}},
    {"makers": "Ann", "trump": "H"},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "melds": {"Ann & Cy": "x"}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "melds": {"Ann & Cy": "fifty", "Bo & Di": "fifty"}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "melds": {"Ann & Cy": "mule", "Bo & Di": "mule"}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "melds": {"A": "x"}, "meld_cards": {"Ann": "KH"}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "meld_cards": {"Ann": "KH QH", "Bo": "QH"}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "meld_cards": {"Bo": "KH"}, "bell": "Ann"},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "meld_cards": {"Cy": "KH"}, "bell": "Ann"},
    {"makers": "Zed", "trump": "H", "points": {"Ann & Cy": 95}},
    {"makers": "Ann", "trump": "H", "points": {"Ann & Cy": 95}, "seats": 1},
]


def input_errors() -> Iterator[InputError]:
    for check, body in BAD_REQUESTS:
        try:
            CLABBER.checks[check].judge(body)
        except InputError as error:
            yield error
        else:  # pragma: no cover - every request above is malformed
            pytest.fail(f"{check} {body} was accepted")
    setup = MatchSetup(players=("Ann", "Bo", "Cy", "Di"), options=CLABBER.parse_options({}))
    for entry in BAD_ENTRIES:
        with pytest.raises(InputError) as raised:
            CLABBER.check_entry(setup, entry)
        yield raised.value
    six = MatchSetup(players=tuple("ABCDEF"), options=CLABBER.parse_options({}))
    with pytest.raises(InputError) as raised:
        CLABBER.check_entry(six, {"makers": "A", "trump": "H", "points": {"ACE": 95}, "melds": {"ACE": "hundred"}})
    yield raised.value


def assert_japanese(message: Message, where: str = "") -> None:
    catalog = japanese()
    english = message.render()
    assert catalogs.untranslated(message, catalog) == [], f"{where} {english}"
    text = message.render(catalog)
    for term in GLOSSARY:
        if any(term.found_in(sentence) for sentence in _sentences(message)):
            assert term.japanese in text, f"{where} {english!r} → {text!r}: {term.english!r} is {term.japanese!r}"


def _sentences(value: object) -> Iterator[str]:
    """The message ids inside a message (its own and its parameters'): the words to translate, not the
    names and numbers it shows."""
    if isinstance(value, Message):
        yield value.id
        for _name, param in value.params:
            yield from _sentences(param)
    elif isinstance(value, Join):
        for item in value.items:
            yield from _sentences(item)


def test_every_step_of_the_examples_reads_in_japanese() -> None:
    steps = list(example_steps())
    assert len(steps) > 200
    for name, step in steps:
        assert_japanese(step.message, name)


def test_the_examples_render_in_japanese_with_the_same_numbers() -> None:
    result = judge_trick(FOUR, plays("N AS", "E 9H", "S 10S", "W JH"), "H")
    english, text = result.explanation.steps[-1].text, result.explanation.steps[-1].render(japanese())
    assert english == "Card points: `AS` 11, `9H` 14, `10S` 10, `JH` 20; 11 + 14 + 10 + 20 = 55."
    assert text == "カードの点数：`AS` 11、`9H` 14、`10S` 10、`JH` 20。11 + 14 + 10 + 20 = 55。"
    deal = score_deal("NS", {"NS": 81, "EW": 81})
    assert [step.render(japanese()) for step in deal.explanation][2:] == [
        "プレイ側NS 81はEW 81より多くありません。同点はセットです。",
        "NSは0点でXXと書き、ほかは自分の合計を書き入れます。",
    ]


def test_every_input_error_reads_in_japanese() -> None:
    errors = list(input_errors())
    assert len(errors) == len(BAD_REQUESTS) + len(BAD_ENTRIES) + 1
    for error in errors:
        assert_japanese(error.msg)


def test_errors_name_their_place() -> None:
    """The web forms place an error by its field and location, never by reading its words."""
    by_message = {error.message: error for error in input_errors()}
    twice = next(e for m, e in by_message.items() if m.startswith("`QH` is in both N's hand and E's hand"))
    assert (twice.field, twice.location) == ("hands", ("hands", "E"))
    bad_card = next(e for m, e in by_message.items() if "8H" in m)
    assert (bad_card.field, bad_card.location) == ("hands.N", ("hands", "N"))
    cards_twice = next(e for m, e in by_message.items() if m.startswith("`QH` is in both Ann's cards"))
    assert (cards_twice.field, cards_twice.location) == ("meld_cards", ("meld_cards", "Bo"))
    fifty = next(e for m, e in by_message.items() if "both declared a fifty" in m)
    assert (fifty.field, fifty.location) == ("melds", ("melds", "Bo & Di"))
    order = next(e for m, e in by_message.items() if m.startswith("after N comes E, not S"))
    assert order.location == ("plays", 2)
