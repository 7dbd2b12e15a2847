"""Finding players by the name typed, and teams of alternate seats."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import FieldError
from referee.messages import msg
from referee.rules.seating import (
    SEAT,
    SIDE,
    SIDE_OR_PLAYER,
    alternate_teams,
    find_name,
    named,
    repeated_name,
    same_name,
    team_name,
)

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def test_a_name_is_found_whatever_its_case_and_spaces() -> None:
    assert find_name(" ann ", PLAYERS) == "Ann"
    assert find_name("BOB", PLAYERS) == "Bob"
    assert find_name("Eve", PLAYERS) is None
    assert find_name(3, PLAYERS) is None


def test_case_alone_never_chooses_between_two_players() -> None:
    assert find_name("ann", ("Ann", "ANN")) is None
    assert find_name("ANN", ("Ann", "ANN")) == "ANN"


def test_an_unknown_player_is_refused_at_the_field_with_the_players_listed() -> None:
    with pytest.raises(FieldError) as refused:
        named("Eve", PLAYERS, field="winner", location=("log", 3))
    assert refused.value.message == "'Eve' is not a player here; the players are Ann, Bob, Cat, Dan"
    assert refused.value.field == "winner" and refused.value.location == ("log", 3)


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        (SEAT, "'X' is not a seat here; the seats are N, E, S, W"),
        (SIDE, "'X' is not a side here; the sides are N, E, S, W"),
        (SIDE_OR_PLAYER, "'X' is neither a side nor a player here; they are N, E, S, W"),
    ],
)
def test_an_unknown_name_says_what_it_should_have_named(kind: str, said: str) -> None:
    with pytest.raises(FieldError) as refused:
        named("X", ("N", "E", "S", "W"), kind=kind, field="seat")
    assert refused.value.message == said


def test_where_a_name_was_typed_begins_the_message() -> None:
    with pytest.raises(FieldError) as refused:
        named(None, PLAYERS, field="log", where=msg("play {number}", number=2))
    assert refused.value.message == "play 2: None is not a player here; the players are Ann, Bob, Cat, Dan"


def test_a_name_that_only_case_could_choose_is_refused_as_ambiguous() -> None:
    with pytest.raises(FieldError) as refused:
        named("ann", ("Ann", "ANN", "Bob"), field="winner")
    assert refused.value.message == "'ann' could be Ann or ANN, which differ only in case: write it as it is spelt"
    assert named("ANN", ("Ann", "ANN", "Bob"), field="winner") == "ANN"


def test_names_equal_but_for_case_and_spaces_are_one_name() -> None:
    assert same_name(" ann", "ANN ") and not same_name("Ann", "Anne")
    assert repeated_name(["Ann", "Bob", " bob"]) == " bob"
    assert repeated_name(["Ann", "Bob"]) is None


def test_teams_of_alternate_seats() -> None:
    assert alternate_teams(PLAYERS) == (("Ann", "Cat"), ("Bob", "Dan"))
    assert [team_name(team) for team in alternate_teams(PLAYERS)] == ["Ann & Cat", "Bob & Dan"]
    assert [team_name(team) for team in alternate_teams("NESW")] == ["NS", "EW"]


@given(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=6, unique=True))
def test_every_player_is_found_by_their_own_name(players: list[str]) -> None:
    for player in players:
        assert find_name(player, players) == player
