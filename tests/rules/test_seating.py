"""Finding players by the name typed, and teams of alternate seats."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import FieldError
from referee.rules.seating import alternate_teams, find_name, player_named, team_name

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
        player_named("Eve", PLAYERS, field="winner", location=("log", 3))
    assert refused.value.message == "'Eve' is not a player of this match (Ann, Bob, Cat, Dan)"
    assert refused.value.field == "winner" and refused.value.location == ("log", 3)


def test_teams_of_alternate_seats() -> None:
    assert alternate_teams(PLAYERS) == (("Ann", "Cat"), ("Bob", "Dan"))
    assert [team_name(team) for team in alternate_teams(PLAYERS)] == ["Ann & Cat", "Bob & Dan"]
    assert [team_name(team) for team in alternate_teams("NESW")] == ["NS", "EW"]


@given(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=6, unique=True))
def test_every_player_is_found_by_their_own_name(players: list[str]) -> None:
    for player in players:
        assert find_name(player, players) == player
