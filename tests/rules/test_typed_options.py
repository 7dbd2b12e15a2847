"""A game's typed options are built from the options dict a match stores, defaults from the declarations."""

from __future__ import annotations

import pytest

from referee.errors import FieldError
from referee.rules.clabber.options import ClabberOptions
from referee.rules.dracula.options import DraculaOptions
from referee.rules.game import MatchSetup
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.paks import PAKS
from referee.rules.paks.options import PaksOptions
from referee.rules.registry import GAMES
from referee.rules.zhengfen.options import Rules


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_defaults_are_the_declarations(slug: str) -> None:
    game = GAMES[slug]
    typed = game.option_type.of({})
    for option in game.options:
        assert getattr(typed, option.id) == option.typed(option.default)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_stored_dict_reads_as_it_was_parsed(slug: str) -> None:
    game = GAMES[slug]
    stored = game.parse_options({})
    typed = game.option_type.of(stored)
    assert {option.id: getattr(typed, option.id) for option in game.options} == {
        option.id: option.typed(value) for option, value in zip(game.options, stored.values(), strict=True)
    }
    assert game.option_type.of(typed) is typed


def test_a_match_stored_before_an_option_existed_takes_its_default() -> None:
    stored = {"partner_steal": False, "throw_off": "manual", "throw_off_min": "all_sides"}  # no target yet
    setup = MatchSetup(("Ann", "Bob"), options=stored)
    expected = PaksOptions(partner_steal=False, throw_off="manual", throw_off_min="all_sides", target=500)
    assert PAKS.opts(setup) == expected
    assert PAKS.target(setup) == 500
    assert setup.options == stored  # the stored dict is read, never changed


def test_an_option_the_game_no_longer_declares_is_left_aside() -> None:
    assert ClabberOptions.of({"meld_scope": "team_all_melds", "retired": 1}).meld_scope == "team_all_melds"


def test_a_subset_is_a_tuple_in_the_declared_order_and_a_map_a_copy() -> None:
    rules = Rules.of({"specials": ["four_twos", "510k_mixed"]})
    assert rules.specials == ("510k_mixed", "four_twos")
    multipliers = {"suit": 4, "colour": 3, "two_suit": 2}
    typed = DraculaOptions.of({"multipliers": multipliers})
    assert typed.multipliers == multipliers and typed.multipliers is not multipliers


def test_parse_checks_a_request_as_parse_options_does() -> None:
    assert IcebergOptions.parse({"merge_runs": "true"}).merge_runs is True
    with pytest.raises(FieldError) as raised:
        IcebergOptions.parse({"target": 0})
    assert raised.value.field == "options.target"
