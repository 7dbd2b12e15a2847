"""The ``target`` house option of Paks, Clabber and Zheng Fen, and every game's status as a message.

The rule files give the three games one option: a whole number from 100 to 5000, a multiple of 50,
500 by default (Zheng Fen's 1000 is its long game). A match stored before the option existed has no
``target`` among its options and must end exactly as before, at 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from referee import catalogs
from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Message
from referee.rules.checks import answer
from referee.rules.game import DealResult, MatchResult, MatchSetup
from referee.rules.registry import GAMES
from referee.web.api import schema as api_schema

JAPANESE = catalogs.translations()
TARGET_GAMES = ("paks", "clabber", "zhengfen")

#: A setup of each game at its smallest table; the sides' names follow from it.
SETUPS: dict[str, MatchSetup] = {
    "paks": MatchSetup(("Ann", "Bob")),
    "clabber": MatchSetup(("Ann", "Bob", "Cy", "Di")),
    "zhengfen": MatchSetup(("Ann", "Bob", "Cy")),
    "dracula": MatchSetup(("Ann", "Bob")),
    "iceberg": MatchSetup(("Ann", "Bob")),
}


def with_options(slug: str, **options: Any) -> MatchSetup:
    setup = SETUPS[slug]
    return MatchSetup(setup.players, setup.first_dealer, options)


def sheet(slug: str, setup: MatchSetup, totals: list[int]) -> MatchResult:
    """The sheet after deals that give the first side ``totals[i]`` more at deal i, the others nothing."""
    game = GAMES[slug]
    sides = [side.name for side in game.sides(setup)]
    deals = [
        DealResult(
            number=number,
            dealer=setup.players[0],
            scores={side: points if side == sides[0] else 0 for side in sides},
            explanation=Explanation(),
            details={"first": sides[0], "last": sides[-1], "void": False},
        )
        for number, points in enumerate(totals, start=1)
    ]
    return game.match_result(setup, deals)


def english(status: object) -> str:
    assert isinstance(status, Message), f"the status {status!r} is plain text, not a message"
    return status.render()


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_the_target_option_is_declared_as_the_rule_files_give_it(slug: str) -> None:
    option = next(option for option in GAMES[slug].options if option.id == "target")
    assert (option.kind, option.default, option.minimum, option.maximum, option.step) == ("int", 500, 100, 5000, 50)
    game = GAMES[slug]
    assert game.parse_options({"target": 750})["target"] == 750
    assert game.parse_options({"target": "1000"})["target"] == 1000
    assert game.parse_options({})["target"] == 500
    for bad in (760, 50, 5050, 0, "7½", True):
        with pytest.raises(FieldError) as refused:
            game.parse_options({"target": bad})
        assert refused.value.field == "options.target"
    with pytest.raises(FieldError) as refused:
        game.parse_options({"target": 760})
    assert refused.value.msg.id == "option `{id}` is a multiple of {step}"
    assert "50" in refused.value.msg.render(JAPANESE) and refused.value.msg.render(JAPANESE) != refused.value.message


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_a_match_played_to_750_goes_on_past_500_and_ends_at_750(slug: str) -> None:
    setup = with_options(slug, target=750)
    first = GAMES[slug].sides(setup)[0].name
    going = sheet(slug, setup, [300, 300])
    assert not going.finished and english(going.status) == "Playing to 750"
    assert going.status.render(JAPANESE) == "750点まで"
    won = sheet(slug, setup, [300, 300, 200])
    assert won.finished and won.winner == first
    assert "800" in english(won.status)
    assert any("750" in step.text for step in won.bonus_explanation)


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_a_match_stored_without_a_target_ends_at_500_as_before(slug: str) -> None:
    setup = MatchSetup(SETUPS[slug].players, 0, {})
    assert GAMES[slug].target(setup) == 500
    assert english(sheet(slug, setup, []).status) == "Playing to 500"
    assert english(sheet(slug, setup, [450]).status) == "Playing to 500"
    won = sheet(slug, setup, [450, 60])
    assert won.finished and won.winner == GAMES[slug].sides(setup)[0].name


def test_zhengfen_keeps_its_long_game_of_1000() -> None:
    setup = with_options("zhengfen", target=1000)
    assert not sheet("zhengfen", setup, [600]).finished
    assert sheet("zhengfen", setup, [600, 400]).finished
    assert GAMES["zhengfen"].parse_options({"target": 1000})["target"] == 1000


def test_a_clabber_tie_at_the_target_is_a_draw_or_another_deal() -> None:
    clabber = GAMES["clabber"]
    setup = with_options("clabber", target=1000)
    sides = [side.name for side in clabber.sides(setup)]
    deals = [DealResult(1, "Ann", {sides[0]: 1000, sides[1]: 1000}, Explanation(), details={"void": False})]
    drawn = clabber.match_result(setup, deals)
    assert drawn.finished and drawn.drawn and english(drawn.status) == "Ann & Cy and Bob & Di draw on 1000"
    below = clabber.match_result(
        setup, [DealResult(1, "Ann", {sides[0]: 900, sides[1]: 900}, Explanation(), details={"void": False})]
    )
    assert not below.finished and english(below.status) == "Playing to 1000"
    play_on = clabber.match_result(with_options("clabber", target=1000, game_tie="play_on"), deals)
    assert not play_on.finished and "another deal" in english(play_on.status)


@pytest.mark.parametrize(
    ("slug", "totals"),
    [("paks", {"A": 760, "B": 700}), ("clabber", {"NS": 760, "EW": 700})],
)
def test_the_end_checks_take_the_target(slug: str, totals: Mapping[str, int]) -> None:
    check = GAMES[slug].checks["end"]
    status, result = answer(check, {"totals": totals, "options": {"target": 800}})
    assert status == 200 and result["finished"] is False and result["target"] == 800
    assert english(result["status"]) == "Playing to 800"
    assert any("800" in step["text"] for step in result["explanation"])
    status, result = answer(check, {"totals": totals, "options": {"target": 750}})
    assert status == 200 and result["finished"] is True and result["target"] == 750
    status, result = answer(check, {"totals": totals})
    assert status == 200 and result["finished"] is True and result["target"] == 500


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_the_api_schema_describes_the_target(slug: str) -> None:
    schema = api_schema.options_schema(GAMES[slug].options)["properties"]["target"]
    assert (schema["type"], schema["minimum"], schema["maximum"], schema["multipleOf"]) == ("integer", 100, 5000, 50)


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_games_status_is_a_message_that_reads_in_japanese(slug: str) -> None:
    setup = SETUPS[slug]
    for result in (sheet(slug, setup, []), sheet(slug, setup, [10])):
        assert isinstance(result.status, Message), (slug, result.status)
        assert catalogs.untranslated(result.status, JAPANESE) == []
        assert result.status.render(JAPANESE) != result.status.render()


@pytest.mark.parametrize("slug", [slug for slug in GAMES if GAMES[slug].target(SETUPS[slug]) is not None])
def test_before_the_first_deal_every_game_played_to_a_target_says_so(slug: str) -> None:
    target = GAMES[slug].target(SETUPS[slug])
    assert english(sheet(slug, SETUPS[slug], []).status) == f"Playing to {target}"


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_the_target_says_its_bounds_in_words_and_holds_to_them(slug: str) -> None:
    option = next(o for o in GAMES[slug].options if o.id == "target")
    assert option.bounds().render() == "a multiple of 50 from 100 to 5000"
    assert option.bounds().render(JAPANESE) == "100から5000までの50の倍数"
    assert [n for n in (50, 100, 125, 750, 5000, 5050) if option.allows(n)] == [100, 750, 5000]
    for number in range(0, 5200, 25):  # the words and the check agree with the rules' own parsing
        try:
            option.parse(number)
        except FieldError:
            assert not option.allows(number), number
        else:
            assert option.allows(number), number


def test_a_map_of_numbers_counts_from_0_and_a_number_without_a_step_has_none() -> None:
    multipliers = next(o for o in GAMES["dracula"].options if o.id == "multipliers")
    assert multipliers.bounds().render() == "a whole number from 0 to 100"
    iceberg = next(o for o in GAMES["iceberg"].options if o.id == "target")
    assert iceberg.bounds().render() == "a whole number from 1 to 50000"
