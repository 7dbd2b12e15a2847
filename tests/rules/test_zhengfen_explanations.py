"""Zheng Fen explanation lines read true and cite the clause they rest on (issue 20, deliverable 1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card
from referee.rules.zhengfen import ZHENGFEN_PACK, beats, classify, readings
from referee.rules.zhengfen.combinations import SEQUENCE_TYPES, Reading
from referee.rules.zhengfen.options import Rules
from referee.rules.zhengfen.values import RANK_INDEX

PACK = ZHENGFEN_PACK.cards()
STANDARD = [card for card in PACK if not card.is_joker]
JOKERS = [Card("SJ"), Card("BJ")]


def cards(text: str) -> list[Card]:
    return ZHENGFEN_PACK.parse(text)


def steps(explanation) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(step.text, step.rule) for step in explanation]


def plain(notes: list[dict]) -> list[dict]:  # type: ignore[type-arg]
    """Joker notes as text and clause (each also carries its message for other languages)."""
    return [{"text": note["text"], "rule": note["rule"]} for note in notes]


def test_two_fours_with_both_jokers_cite_the_four_sequence_clause() -> None:
    result = classify(cards("AS AH AD 2S 2H 2D SJ BJ"))
    assert not result.legal
    assert steps(result.reasons) == [
        (
            "no combination: `AS AH AD 2S 2H 2D SJ BJ` is a four of aces and a four of 2s with SJ = A, BJ = 2, each "
            "a combination on its own but not one play together",
            "zhengfen-9.2",
        ),
        ("only 2 fours: a sequence needs 3 or more", "zhengfen-3.7"),
        (
            "with the house rule `triple_four_sequence_min` set otherwise it would be a four sequence A–2 (2 fours)",
            "zhengfen-3.7",
        ),
    ]


def test_two_triples_cite_the_triple_sequence_clause() -> None:
    hints = steps(classify(cards("8S 8H 8D 9S 9H 9D")).reasons)[1:]
    assert hints == [
        ("only 2 triples: a sequence needs 3 or more", "zhengfen-3.6"),
        (
            "with the house rule `triple_four_sequence_min` set otherwise it would be "
            "a triple sequence 8–9 (2 triples)",
            "zhengfen-3.6",
        ),
    ]


def test_a_trio_with_both_jokers_is_a_trio_plus_a_pair_of_big_jokers() -> None:
    """Outside a sequence's top a joker is wild (4.1, 4.3): SJ stands for BJ, as in ``SJ BJ`` (E5)."""
    result = classify(cards("9S 9H 9D SJ BJ"))
    answer = result.as_dict()
    assert (answer["type"], answer["key"], answer["form"], answer["jokers"]) == (
        "trio_plus_two",
        "9",
        "pair",
        {"SJ": "BJ"},
    )
    assert steps(result.explanation)[:3] == [
        (
            "`9S 9H 9D SJ BJ` is a trio of 9s plus two (a pair): 3 cards of one rank plus 2 others; "
            "key the trio's rank, the extra cards never count",
            "zhengfen-3.8",
        ),
        ("SJ stands for a big joker", "zhengfen-4.1"),
        ("BJ counts at its own rank, the rank SJ stands for", "zhengfen-4.1"),
    ]
    assert plain(answer["joker_notes"]) == [
        {"text": "SJ stands for a big joker", "rule": "zhengfen-4.1"},
        {"text": "BJ counts at its own rank, the rank SJ stands for", "rule": "zhengfen-4.1"},
    ]
    assert all(r["form"] != "consecutive" or len(r["jokers"]) == 2 for r in answer["readings"])


def test_with_standard_only_jokers_the_trio_takes_a_pair_of_twos() -> None:
    answer = classify(cards("9S 9H 9D SJ BJ"), {"wild_range": "standard_only"}).as_dict()
    assert (answer["form"], answer["jokers"]) == ("pair", {"SJ": "2", "BJ": "2"})
    assert plain(answer["joker_notes"]) == [
        {"text": "SJ stands for a 2", "rule": "zhengfen-4.1"},
        {"text": "BJ stands for a 2", "rule": "zhengfen-4.1"},
    ]


def test_one_joker_beside_a_trio_is_wild() -> None:
    answer = classify(cards("9S 9H 9D 2C SJ")).as_dict()
    assert (answer["form"], answer["jokers"]) == ("pair", {"SJ": "2"})
    assert plain(answer["joker_notes"]) == [{"text": "SJ stands for a 2", "rule": "zhengfen-4.1"}]


def test_a_joker_at_the_top_of_a_sequence_cites_4_3() -> None:
    notes = classify(cards("KS AS 2S SJ BJ")).as_dict()["joker_notes"]
    assert plain(notes) == [
        {"text": "SJ counts at its own rank at the top of the sequence, as a spade", "rule": "zhengfen-4.3"},
        {"text": "BJ counts at its own rank at the top of the sequence, as a spade", "rule": "zhengfen-4.3"},
    ]


def _own_rank_allowed(reading: Reading, joker: str) -> bool:
    """At the top of a sequence (4.3), or with the other joker standing for the same rank (4.1, E5)."""
    own = RANK_INDEX[joker]
    ranks = [rank for _, rank in reading.jokers]
    if reading.type == "single":
        return True
    if reading.type in SEQUENCE_TYPES:
        return reading.key - 1 <= own <= reading.key
    return ranks.count(own) == 2


@st.composite
def trio_and_extras(draw: st.DrawFn) -> list[Card]:
    """Three or two cards of one rank and at most one other natural card, for the jokers to join."""
    rank = draw(st.sampled_from(sorted({card.rank for card in STANDARD})))
    trio = [card for card in STANDARD if card.rank == rank][: draw(st.integers(2, 3))]
    extra = draw(st.lists(st.sampled_from([c for c in STANDARD if c.rank != rank]), max_size=1))
    return trio + extra


@given(
    naturals=st.one_of(trio_and_extras(), st.lists(st.sampled_from(STANDARD), min_size=1, max_size=10, unique=True)),
    jokers=st.sampled_from([JOKERS[:1], JOKERS[1:], JOKERS]),
    standard_only=st.booleans(),
)
def test_a_joker_keeps_its_own_rank_only_where_the_rules_allow(
    naturals: list[Card], jokers: list[Card], standard_only: bool
) -> None:
    rules = Rules.of(
        {"wild_range": "standard_only" if standard_only else "any_card", "triple_four_sequence_min": 2}
    )
    for reading in readings([*naturals, *jokers], rules):
        for joker, rank in reading.jokers:
            if rank == RANK_INDEX[joker]:
                assert _own_rank_allowed(reading, joker), reading


def test_beats_gives_the_reasons_of_classify_for_two_triples() -> None:
    play = cards("8S 8H 8D 9S 9H 9D")
    verdict = beats(cards("5S 5H 5D 6S 6H 6D 7S 7H 7D"), play)
    assert not verdict.beats
    assert steps(verdict.reasons) == steps(classify(play).reasons)
    assert ("only 2 triples: a sequence needs 3 or more", "zhengfen-3.6") in steps(verdict.reasons)


@given(
    play=st.lists(st.sampled_from(PACK), min_size=2, max_size=9, unique=True),
    current=st.sampled_from(["7S", "8S 8H", "6S 6H 6D 7S 7H 7D 8C 8D 8H", "5S 10H KD"]),
)
def test_beats_gives_the_reasons_of_classify_for_any_play_that_is_no_combination(
    play: list[Card], current: str
) -> None:
    top = cards(current)
    if set(top) & set(play) or classify(play).legal:
        return
    assert steps(beats(top, play).reasons) == steps(classify(play).reasons)


def test_beats_names_every_reason_a_top_play_is_no_combination() -> None:
    top = cards("8S 8H 8D 9S 9H 9D")
    verdict = beats(top, cards("8C 9C"))
    assert steps(verdict.reasons) == [
        ("the top play `8S 8H 8D 9S 9H 9D` must itself be a combination", "zhengfen-9.3"),
        *steps(classify(top).reasons),
    ]


def test_both_jokers_as_two_adjacent_ranks_stand_for_each_other() -> None:
    """SJ and BJ are adjacent ranks (1.3), but outside a sequence's top neither counts as itself (4.3): as
    the two extra cards of adjacent ranks, each stands for the other joker (4.1), which the reader is told
    in words."""
    result = classify(cards("9S 9H 9D SJ BJ"))
    adjacent = next(r for r in result.readings if r.form == "consecutive")
    assert adjacent.wild == {"SJ": "BJ", "BJ": "SJ"}
    assert [(note.text, note.rule) for note in adjacent.joker_notes()] == [
        ("SJ stands for a big joker and BJ for a small joker: either joker may stand for the other", "zhengfen-4.1"),
        ("a joker counts at its own rank only at the top of a sequence, so here neither is itself", "zhengfen-4.3"),
    ]
    listed = next(text for text, rule in steps(result.explanation) if text.startswith("4 readings"))
    assert "a trio of 9s plus two (two adjacent ranks) with SJ as a big joker, BJ as a small joker" in listed
    assert "SJ = BJ" not in listed and "BJ = SJ" not in listed


def test_two_fours_are_named_as_two_fours_not_as_types_they_have_nothing_to_do_with() -> None:
    result = classify(cards("4S 4H 4D 4C 5S 5H 5D 5C"))
    assert not result.legal
    assert steps(result.reasons) == [
        (
            "no combination: `4S 4H 4D 4C 5S 5H 5D 5C` is a four of 4s and a four of 5s, each a combination on its "
            "own but not one play together",
            "zhengfen-9.2",
        ),
        ("only 2 fours: a sequence needs 3 or more", "zhengfen-3.7"),
        (
            "with the house rule `triple_four_sequence_min` set otherwise it would be a four sequence 4–5 (2 fours)",
            "zhengfen-3.7",
        ),
    ]


def test_groups_of_ranks_that_are_not_consecutive_say_so() -> None:
    assert steps(classify(cards("4S 4H 4D 4C 6S 6H 6D SJ")).reasons) == [
        (
            "no combination: `4S 4H 4D 4C 6S 6H 6D SJ` is a four of 4s and a four of 6s with SJ = 6, each a "
            "combination on its own but not one play together",
            "zhengfen-9.2",
        ),
        ("4 and 6 are not consecutive: a four sequence takes groups of consecutive ranks", "zhengfen-3.7"),
    ]
    assert steps(classify(cards("3S 3H 5S 5H 7S 7H")).reasons)[1] == (
        "3, 5 and 7 are not consecutive: a pair sequence takes groups of consecutive ranks",
        "zhengfen-3.5",
    )
