"""A correction in words: what changed in the entry, and the points it moved."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.messages import msg, render
from referee.rules.changes import describe_change, describe_scores, entry_changes


def words(before: object, after: object) -> list[str]:
    return [str(describe_change(change)) for change in entry_changes(before, after)]


def test_a_changed_pak_names_the_player_and_the_cards() -> None:
    before = {"paks": {"Ann": ["9H 5H", "4C 4S"], "Bob": ["KD QD"]}, "thrown_off": {}}
    after = {"paks": {"Ann": ["9H 5H", "3D 4S"], "Bob": ["KD QD", "2H 3H"]}, "thrown_off": {}}
    assert words(before, after) == ["paks, Ann: `4C 4S` → `3D 4S`", "paks, Bob: nothing → `2H 3H`"]


def test_numbers_cards_and_numbered_items() -> None:
    before = {"played": {"Ann": 50}, "table": [["4H", "5H", "6H"]], "log": [{"player": "Ann", "cards": "4H"}]}
    after = {"played": {"Ann": 55}, "table": [["4H", "5H", "6H", "7H"]], "log": [{"player": "Bob", "cards": "4H"}]}
    assert words(before, after) == [
        "points played, Ann: 50 → 55",
        "table meld 1: nothing → `7H`",
        "play 1, player: Ann → Bob",
    ]


def test_an_order_that_changed_shows_both_orders() -> None:
    assert words({"order": ["Ann", "Bob", "Cat"]}, {"order": ["Bob", "Ann", "Cat"]}) == [
        "finishing order: Ann Bob Cat → Bob Ann Cat"
    ]


def test_added_and_removed_fields_and_yes_no() -> None:
    assert words({"bell": False}, {"bell": True}) == ["bell: no → yes"]
    assert words({}, {"trump": "H"}) == ["trump: H added"]
    assert words({"turn_up": "9S"}, {}) == ["turned-up card: `9S` removed"]


def test_the_scores_that_moved() -> None:
    moved = describe_scores({"Ann & Cat": 45, "Bob & Dan": 30}, {"Ann & Cat": 48, "Bob & Dan": 30})
    assert moved is not None and render(moved) == "Ann & Cat 45 → 48"
    assert describe_scores({"NS": 1}, {"NS": 1}) is None


entries = st.recursive(
    st.one_of(st.integers(-5, 5), st.sampled_from(["AS", "10H", "Ann", "x"]), st.booleans()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["paks", "Ann", "log", "z"]), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(entries, entries)
def test_equal_entries_have_no_change_and_different_ones_have_one(before: object, after: object) -> None:
    changes = entry_changes(before, after)
    assert (changes == []) == (before == after)
    for change in changes:
        assert str(describe_change(change))


def test_a_claimed_item_is_named_by_its_word() -> None:
    before = {"paks": {}, "claim": {"Ann": 60, "items": {"Ann": {"hearts": 60}}}}
    after = {"paks": {}, "claim": {"Ann": 50, "items": {"Ann": {"hearts": 50}}}}
    changes = entry_changes(before, after)
    words = {"hearts": msg("hearts ♥")}
    assert [str(describe_change(change, words)) for change in changes] == [
        "claim, Ann: 60 → 50",
        "claim, Ann, hearts ♥: 60 → 50",
    ]
