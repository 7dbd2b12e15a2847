"""Worked examples E1–E29 of shared/rules/zhengfen.md, and the readings behind them."""

from __future__ import annotations

import pytest

from referee.cards import parse_cards
from referee.rules.zhengfen import Declaration, beats, classify, readings, rules_from
from referee.rules.zhengfen.options import Rules


def cards(text: str):
    return parse_cards(text)


def shape(text: str, options: dict | None = None) -> tuple | None:
    """(type, key, length) of the recorded reading, or None when illegal."""
    result = classify(cards(text), options)
    if result.reading is None:
        return None
    return (result.reading.type, result.reading.key_name, result.reading.length)


# --- what a play is --------------------------------------------------------------------------

CLASSIFY = [
    ("E1", "7H", None, ("single", "7", None)),
    ("E2", "BJ", None, ("single", "BJ", None)),
    ("E3", "SJ", None, ("single", "SJ", None)),
    ("E4", "8S SJ", None, ("pair", "8", None)),
    ("E5", "SJ BJ", None, ("pair", "BJ", None)),
    ("E5 standard_only", "SJ BJ", {"wild_range": "standard_only"}, ("pair", "2", None)),
    ("E6", "QS QH BJ", None, ("triple", "Q", None)),
    ("E7", "4S 4H 4D 4C", None, ("four", "4", None)),
    ("E8", "2S 2H 2D SJ", None, ("four", "2", None)),
    ("E9", "5S 5H 6S 6H 7D 7C", None, ("pair_sequence", "7", 3)),
    ("E10", "3S 3H 4S 4H", None, None),
    ("E11", "KS KH AS AH 2S 2H", None, ("pair_sequence", "2", 3)),
    ("E12", "AS AH 2S 2H 3S 3H", None, None),
    ("E14", "6S 6H 6D 7S 7H 7D 8S 8H 8D", None, ("triple_sequence", "8", 3)),
    ("E15", "6S 6H 6D 7S 7H 7D", None, None),
    ("E15 min 2", "6S 6H 6D 7S 7H 7D", {"triple_four_sequence_min": 2}, ("triple_sequence", "7", 2)),
    ("E16", "10S JS QS KS AS", None, ("suit_sequence", "A", 5)),
    ("E17", "10S JH QS KS AS", None, None),
    ("E18", "9H 10H JH QH KH AH", None, ("suit_sequence", "A", 6)),
    ("E19", "JD QD KD AD 2D", None, ("suit_sequence", "2", 5)),
    ("E20", "AS 2S 3S 4S 5S", None, None),
    ("E21", "8S 8H 8D 4C 4D", None, ("trio_plus_two", "8", None)),
    ("E22 adjacent", "9S 9H 9D 4C 5D", None, ("trio_plus_two", "9", None)),
    ("E22 one suit", "9S 9H 9D 4C JC", None, ("trio_plus_two", "9", None)),
    ("E22 point cards", "9S 9H 9D 5C KD", None, ("trio_plus_two", "9", None)),
    ("E23", "5S 10H KD", None, ("special", "510k_mixed", None)),
    ("E24", "5C 10C KC", None, ("special", "510k_suited", None)),
    ("E26", "2S 2H 2D 2C", None, ("special", "four_twos", None)),
    ("E28", "5S 10H SJ", None, None),
    ("E29", "8S 8H 9D", None, None),
]


@pytest.mark.parametrize(("example", "played", "options", "expected"), CLASSIFY, ids=[c[0] for c in CLASSIFY])
def test_worked_example_classify(example: str, played: str, options: dict | None, expected: tuple | None) -> None:
    assert shape(played, options) == expected


BEATS = [
    ("E2", "SJ", "BJ", True),
    ("E3", "2S", "SJ", True),
    ("E4", "8H 8C", "8S SJ", False),
    ("E6", "JS JH JD", "QS QH BJ", True),
    ("E7", "KS KH", "4S 4H 4D 4C", False),
    ("E8", "KS KH KD KC", "2S 2H 2D SJ", True),
    ("E13", "3D 3C 4D 4C 5D 5C 6D 6C", "9S 9H 10S 10H JS JH", True),
    ("E18", "10S JS QS KS AS", "9H 10H JH QH KH AH", True),
    ("E19", "9H 10H JH QH KH AH", "JD QD KD AD 2D", True),
    ("E21", "7S 7H 7D KC KD", "8S 8H 8D 4C 4D", True),
    ("E23", "2S 2H 2D", "5S 10H KD", True),
    ("E24", "5S 10H KD", "5C 10C KC", True),
    ("E25", "5C 10C KC", "5D 10D KD", False),
    ("E26", "5H 10H KH", "2S 2H 2D 2C", True),
    ("E27", "5S 10H KD", "BJ", False),
]


@pytest.mark.parametrize(("example", "current", "play", "expected"), BEATS, ids=[b[0] for b in BEATS])
def test_worked_example_beats(example: str, current: str, play: str, expected: bool) -> None:
    verdict = beats(cards(current), cards(play))
    assert verdict.beats is expected
    assert verdict.explanation.steps, "every verdict is explained"
    if not expected:
        assert verdict.reasons.steps


# --- how the jokers were read ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "options", "jokers"),
    [
        ("8S SJ", None, {"SJ": "8"}),
        ("SJ BJ", None, {"SJ": "BJ"}),
        ("SJ BJ", {"wild_range": "standard_only"}, {"SJ": "2", "BJ": "2"}),
        ("QS QH BJ", None, {"BJ": "Q"}),
        ("2S 2H 2D SJ", None, {"SJ": "2"}),
        ("KS AS 2S SJ BJ", None, {}),
        ("QS KS AS 2S BJ", None, {"BJ": "SJ"}),
        ("QS KS AS 2S BJ", {"wild_range": "standard_only"}, {"BJ": "J"}),
        ("7S 8S 9S SJ BJ", None, {"SJ": "10", "BJ": "J"}),
        ("9S 9H 9D 2C SJ", None, {"SJ": "2"}),
        ("9S 9H 9D SJ BJ", None, {"SJ": "BJ"}),
        ("9S 9H 9D SJ BJ", {"wild_range": "standard_only"}, {"SJ": "2", "BJ": "2"}),
    ],
)
def test_jokers_stand_for(played: str, options: dict | None, jokers: dict) -> None:
    assert classify(cards(played), options).reading.wild == jokers


@pytest.mark.parametrize(
    ("played", "form"),
    [
        ("8S 8H 8D 4C 4D", "pair"),
        ("9S 9H 9D 4C 5D", "consecutive"),
        ("9S 9H 9D 4C JC", "same_suit"),
        ("9S 9H 9D 5C KD", "point_cards"),
        ("9S 9H 9D 2C SJ", "pair"),
        ("9S 9H 9D SJ BJ", "pair"),
    ],
)
def test_e22_trio_forms(played: str, form: str) -> None:
    assert classify(cards(played)).reading.form == form


def test_jokers_at_their_own_rank_top_a_pair_sequence() -> None:
    result = classify(cards("AS AH 2S 2H SJ BJ"))
    assert shape("AS AH 2S 2H SJ BJ") == ("pair_sequence", "SJ", 3)
    assert result.reading.wild == {"BJ": "SJ"}
    standard = classify(cards("AS AH 2S 2H SJ BJ"), {"wild_range": "standard_only"})
    assert (standard.reading.key_name, standard.reading.wild) == ("2", {"SJ": "K", "BJ": "K"})


def test_joker_at_its_own_rank_tops_a_suit_sequence() -> None:
    result = classify(cards("KS AS 2S SJ BJ"))
    assert shape("KS AS 2S SJ BJ") == ("suit_sequence", "BJ", 5)
    assert result.reading.suit == "S"
    rules = [step.rule for step in result.explanation]
    assert "zhengfen-4.3" in rules


def test_every_reading_is_listed() -> None:
    found = readings(cards("SJ BJ"))
    assert [r.key_name for r in found][:3] == ["BJ", "SJ", "2"]
    assert len(found) == 15
    assert all(r.type == "pair" for r in found)
    assert len(readings(cards("SJ BJ"), Rules.of({"wild_range": "standard_only"}))) == 13


def test_readings_of_two_types_prefer_the_later_type() -> None:
    found = readings(cards("7S 8S 9S SJ BJ"))
    types = {r.type for r in found}
    assert types == {"suit_sequence", "trio_plus_two"}
    assert found[0].type == "suit_sequence"
    assert {r.key_name for r in found if r.type == "trio_plus_two"} == {"7", "8", "9"}


def test_special_preferred_over_four_when_leading() -> None:
    found = readings(cards("2S 2H 2D 2C"))
    assert [r.type for r in found] == ["special", "four"]


def test_declared_reading_is_honoured() -> None:
    result = classify(cards("2S 2H 2D 2C"), declared=Declaration("four"))
    assert (result.reading.type, result.reading.key_name) == ("four", "2")
    refused = classify(cards("2S 2H 2D 2C"), declared=Declaration("pair"))
    assert not refused.legal
    assert refused.reasons.steps[0].rule == "zhengfen-4.5"


def test_no_jokers_in_specials() -> None:
    assert shape("5S 10H SJ") is None
    assert shape("2S 2H 2D SJ") == ("four", "2", None)
    assert "zhengfen-4.4" in classify(cards("5S 10H SJ")).reasons.rules()


def test_illegal_message_names_the_cards() -> None:
    result = classify(cards("8S 8H 9D"))
    assert result.reasons.steps[0].rule == "zhengfen-9.2"
    assert result.reasons.steps[0].text.startswith("no combination: `8S 8H 9D` is")


@pytest.mark.parametrize(
    ("played", "rule"),
    [
        ("3S 3H 4S 4H", "zhengfen-3.5"),
        ("AS AH 2S 2H 3S 3H", "zhengfen-1.3"),
        ("6S 6H 6D 7S 7H 7D", "zhengfen-3.6"),
        ("10S JH QS KS AS", "zhengfen-3.9"),
        ("JS JH SJ 3C 9D", "zhengfen-3.8"),
    ],
)
def test_illegal_reasons_cite_the_deciding_clause(played: str, rule: str) -> None:
    assert rule in classify(cards(played)).reasons.rules()


# --- house options -----------------------------------------------------------------------------


def test_trio_forms_option() -> None:
    assert shape("9S 9H 9D 4C 5D", {"trio_forms": ["pair"]}) is None
    assert shape("9S 9H 9D 4C 4D", {"trio_forms": ["pair"]}) == ("trio_plus_two", "9", None)
    assert shape("9S 9H 9D 4C 4D", {"trio_forms": []}) is None
    assert shape("9S 9H 9D 5C KD", {"trio_forms": ["point_cards"]}) == ("trio_plus_two", "9", None)
    assert shape("JS JH SJ 3C 9D") is None


def test_trio_extras_are_never_of_the_trio_rank() -> None:
    assert shape("8S 8H 8D 8C SJ") is None
    assert shape("8S 8H 8D 8C 9C") is None


def test_specials_option() -> None:
    assert shape("5S 10H KD", {"specials": ["510k_suited", "four_twos"]}) is None
    assert shape("5C 10C KC", {"specials": ["510k_mixed"]}) is None
    assert shape("2S 2H 2D 2C", {"specials": []}) == ("four", "2", None)
    assert beats(cards("2S 2H 2D"), cards("5S 10H KD"), {"specials": ["four_twos"]}).beats is False


def test_sequence_minimum_option() -> None:
    two_fours = "6S 6H 6D 6C 7S 7H 7D 7C"
    assert shape(two_fours) is None
    assert shape(two_fours, {"triple_four_sequence_min": 2}) == ("four_sequence", "7", 2)
    assert shape("3S 3H 4S 4H", {"triple_four_sequence_min": 2}) is None


def test_options_are_checked() -> None:
    from referee.errors import FieldError

    with pytest.raises(FieldError):
        rules_from({"wild_range": "jokers_only"})
    with pytest.raises(FieldError):
        rules_from({"sequence": 3})


# --- comparing ---------------------------------------------------------------------------------


def test_following_counts_only_the_tricks_type() -> None:
    verdict = beats(cards("8H 8C 8D 3C 3D"), cards("7S 8S 9S SJ BJ"))
    assert verdict.beats
    assert (verdict.recorded.type, verdict.recorded.key_name) == ("trio_plus_two", "9")


def test_strongest_beating_reading_is_recorded() -> None:
    verdict = beats(cards("2S 2H"), cards("SJ BJ"))
    assert verdict.recorded.key_name == "BJ"
    special = beats(cards("KS KH KD KC"), cards("2S 2H 2D 2C"))
    assert special.recorded.type == "special"
    assert not beats(cards("2S 2H 2D 2C"), cards("SJ BJ")).beats


def test_declared_play_reading() -> None:
    verdict = beats(cards("KS KH KD KC"), cards("2S 2H 2D 2C"), declared=Declaration("four", "2"))
    assert verdict.beats
    assert verdict.recorded.type == "four"
    weak = beats(cards("2S 2H"), cards("SJ BJ"), declared=Declaration("pair", "2"))
    assert not weak.beats
    assert beats(cards("2S 2H"), cards("SJ BJ"), declared=Declaration("pair", "SJ")).recorded.key_name == "SJ"


def test_declared_current_reading() -> None:
    on_four = beats(cards("2S 2H 2D 2C"), cards("SJ BJ 3S 3H"), current_declared=Declaration("four", "2"))
    assert on_four.beats is False
    assert beats(cards("2S 2H 2D 2C"), cards("5S 10H KD"), current_declared=Declaration("four")).beats


def test_sequences_compare_top_then_length() -> None:
    assert beats(cards("10S JS QS KS AS"), cards("9H 10H JH QH KH AH")).beats
    assert not beats(cards("9H 10H JH QH KH AH"), cards("10S JS QS KS AS")).beats
    assert not beats(cards("9H 10H JH QH KH AH"), cards("9S 10S JS QS KS AS")).beats
    assert beats(cards("3D 3C 4D 4C 5D 5C 6D 6C"), cards("5S 5H 6S 6H 7S 7H")).beats


def test_natural_never_beats_equal_wild() -> None:
    verdict = beats(cards("8S SJ"), cards("8H 8C"))
    assert not verdict.beats
    assert "zhengfen-4.2" in verdict.reasons.rules()


def test_current_must_be_a_combination() -> None:
    verdict = beats(cards("8S 8H 9D"), cards("2S 2H 2D"))
    assert not verdict.beats
    assert verdict.reasons.steps[0].rule == "zhengfen-9.3"


def test_other_type_cannot_follow() -> None:
    verdict = beats(cards("KS KH"), cards("4S 4H 4D 4C"))
    assert verdict.reasons.steps[0].text == "a `four` cannot follow a `pair`"
    assert verdict.reasons.steps[0].rule == "zhengfen-5.2"


def test_a_card_twice_within_a_play_is_malformed() -> None:
    from referee.cards import TooManyCopiesError

    with pytest.raises(TooManyCopiesError):
        beats(cards("8H 8C"), cards("8D 8D"))
    with pytest.raises(TooManyCopiesError):
        classify(cards("BJ BJ"))
