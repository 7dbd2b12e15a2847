"""Iceberg explanation lines read true and cite the clause they rest on (issue 20, deliverable 2)."""

from __future__ import annotations

import pytest

from referee.cards import Card
from referee.rules.iceberg.deck import pack_for
from referee.rules.iceberg.leftover import value_leftover
from referee.rules.iceberg.melds import classify_meld
from referee.rules.iceberg.table import read_table


def cards(text: str, decks: int = 1) -> list[Card]:
    return pack_for(decks).parse(text)


def reasons(text: str, decks: int = 1) -> list[tuple[str, str]]:
    verdict = classify_meld(cards(text, decks), decks)
    assert not verdict.legal
    return [(step.text, step.rule) for step in verdict.reasons]


@pytest.mark.parametrize(
    ("text", "decks", "expected"),
    [
        (
            "3S 5S 7S 9S JS KS 2S",
            1,
            [
                (
                    "Not a special: a special is exactly 6 cards, one each of 3 5 7 9 J K; these are 7: "
                    "`2S` is not one of those ranks",
                    "iceberg-3.5",
                ),
                ("`5S` does not follow `3S`: a run is consecutive", "iceberg-3.3"),
            ],
        ),
        (
            "2H 4H 6H 8H 10H KH",
            1,
            [
                (
                    "Not a special: a special is exactly 6 cards, one each of 2 4 6 8 10 Q: "
                    "`KH` is not one of those ranks; no Q",
                    "iceberg-3.5",
                ),
                ("`4H` does not follow `2H`: a run is consecutive", "iceberg-3.3"),
            ],
        ),
        (
            "3H 5H 7H 9H JH JH",
            2,
            [
                ("Not a special: a special is exactly 6 cards, one each of 3 5 7 9 J K: J twice; no K", "iceberg-3.5"),
                ("`JH` twice: a run holds each rank once", "iceberg-4.3"),
            ],
        ),
        (
            "3H 5H 7H 9H JH",
            1,
            [
                (
                    "Not a special: a special is exactly 6 cards, one each of 3 5 7 9 J K; these are 5: no K",
                    "iceberg-3.5",
                ),
                ("`5H` does not follow `3H`: a run is consecutive", "iceberg-3.3"),
            ],
        ),
        (
            "3H 5H 7H 9H JH KS",
            1,
            [
                ("Not a special: `KS` is black; the other cards are red", "iceberg-3.5"),
                ("`3H 5H 7H 9H JH KS` are no run either: a run is one suit in consecutive ranks", "iceberg-3.3"),
            ],
        ),
    ],
)
def test_a_failed_special_says_why_it_is_no_special_and_no_run(
    text: str, decks: int, expected: list[tuple[str, str]]
) -> None:
    assert reasons(text, decks) == expected


def test_a_failed_run_is_not_read_as_a_special() -> None:
    assert reasons("4H 5H 6H 8H") == [("`8H` does not follow `6H`: a run is consecutive", "iceberg-3.3")]


def test_a_failed_special_laid_on_the_table_says_why() -> None:
    _, illegal = read_table([cards("2H 4H 6H 8H 10H KH")], 1)
    [(number, verdict)] = illegal
    assert number == 1 and verdict.reasons.rules() == ["iceberg-3.5", "iceberg-3.3"]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("4H 5H 6H 7H", "4 cards laid at once score as 3 cards plus 1 lay-off: 30 + 40 = 70"),
        ("4H 5H 6H 7H 8H", "5 cards laid at once score as 3 cards plus 2 lay-offs: 30 + 40 + 50 = 120"),
    ],
)
def test_a_long_meld_counts_its_lay_offs(text: str, line: str) -> None:
    verdict = classify_meld(cards(text), 1)
    assert (line, "iceberg-3.4") in [(step.text, step.rule) for step in verdict.explanation]


@pytest.mark.parametrize(
    ("hand", "penalty", "line", "rule"),
    [
        ("QS KS 2S 3D 9C", "unplayable", "Penalty = −10 × 5 cards unplayed = −50", "iceberg-6.4"),
        ("QS KS 2S 3D 9C", "every_card", "Penalty = −10 × 5 cards in hand = −50", "iceberg-8.3"),
        ("4H 5H 6H 7H 9C", "unplayable", "Penalty = −70 − 10 × 1 card unplayed = −80", "iceberg-6.4"),
        ("4H 5H 6H 7H 9C", "every_card", "Penalty = −70 − 10 × 5 cards in hand = −120", "iceberg-8.3"),
        ("4H 5H 6H 7H 8H", "unplayable", "Penalty = −120 − 10 × 0 cards unplayed = −120", "iceberg-6.4"),
        ("9C", "every_card", "Penalty = −10 × 1 card in hand = −10", "iceberg-8.3"),
    ],
)
def test_the_penalty_line_reads_right(hand: str, penalty: str, line: str, rule: str) -> None:
    result = value_leftover(cards(hand), [], 1, {"penalty": penalty})
    last = result.explanation.steps[-1]
    assert (last.text, last.rule) == (line, rule)
    assert "−0 " not in last.text
