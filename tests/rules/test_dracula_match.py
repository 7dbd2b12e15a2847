"""Dracula as a match: seats and roles, dealers and starters, the game's end, several games to 1000."""

from __future__ import annotations

import pytest

from referee.cards import TooManyCopiesError
from referee.errors import FieldError, InputErrors, LayoutError
from referee.rules.dracula import DRACULA, DRACULA_PACK
from referee.rules.game import MatchSetup

DECK = [str(c) for c in DRACULA_PACK.cards()]


def layout(cards: list[str]) -> dict:
    return {"layout": [cards[0:3], cards[3:6], cards[6:9]]}


def six_deals(offset: int = 0) -> list[dict]:
    deck = DECK[offset:] + DECK[:offset]
    return [layout(deck[i * 9 : i * 9 + 9]) for i in range(6)]


def setup(players: str, **options: object) -> MatchSetup:
    names = tuple(players.split())
    roles = {k: options.pop(k) for k in ("first_dealer_role", "first_dealer_team") if k in options}
    return MatchSetup(names, 0, DRACULA.parse_options(options), DRACULA.parse_roles(roles))


def test_two_players_alternate_the_deal_and_the_winner_adds_the_difference() -> None:
    two = setup("Ann Bob")
    result = DRACULA.score_match(two, six_deals())
    assert [d.dealer for d in result.deals] == ["Ann", "Bob"] * 3
    assert result.finished and result.winner in ("Ann", "Bob")
    loser = "Bob" if result.winner == "Ann" else "Ann"
    raw = result.running[-1]
    assert result.totals[result.winner] == 2 * raw[result.winner] - raw[loser]
    assert result.totals[loser] == raw[loser]
    assert result.bonus == {result.winner: raw[result.winner] - raw[loser]}
    assert "dracula-6.1" in result.bonus_explanation.rules()


def test_roles_follow_the_first_dealers_choice() -> None:
    queen = DRACULA.score_match(setup("Ann Bob"), six_deals()[:1])
    king = DRACULA.score_match(setup("Ann Bob", first_dealer_role="king"), six_deals()[:1])
    assert {s.name: s.role for s in queen.sides} == {"Ann": "Queen", "Bob": "King"}
    assert {s.name: s.role for s in king.sides} == {"Ann": "King", "Bob": "Queen"}
    assert queen.deals[0].scores == {"Ann": king.deals[0].scores["Bob"], "Bob": king.deals[0].scores["Ann"]}


def test_a_card_used_in_two_deals_of_a_game_is_named_with_both_places() -> None:
    deals = six_deals()[:2]
    deals[1]["layout"][0][0] = deals[0]["layout"][2][2]
    with pytest.raises(TooManyCopiesError) as raised:
        DRACULA.check_entries(setup("Ann Bob"), deals)
    assert "deal 1 r3c3" in raised.value.message and "deal 2 r1c1" in raised.value.message


def test_three_players_reshuffle_for_the_sixth_deal() -> None:
    three = setup("Ann Bob Cat")
    deals = six_deals()
    deals[5] = layout(DECK[:9])  # deal 6 reuses deal 1's cards after the reshuffle (dracula-7.7)
    DRACULA.check_entries(three, deals)
    deals[4] = layout(DECK[:9])
    with pytest.raises(TooManyCopiesError):
        DRACULA.check_entries(three, deals)
    result = DRACULA.score_match(three, six_deals())
    assert [d.dealer for d in result.deals] == ["Ann", "Bob", "Cat", "Ann", "Bob", "Cat"]
    first = result.deals[0]
    assert set(first.scores) == {"Ann", "Bob", "Cat"}
    assert first.details["seats"] == {"Dealer": "Ann", "Left": "Bob", "Right": "Cat"}
    assert result.finished and not result.bonus


def test_four_players_starters_and_partnerships() -> None:
    four = setup("Ann Bob Cat Dan")
    result = DRACULA.score_match(four, six_deals())
    assert [d.dealer for d in result.deals] == ["Bob", "Cat", "Dan", "Ann", "Bob", "Cat"]  # L, O, R, D, L, O
    assert [(s.name, s.role) for s in result.sides] == [("Ann & Cat", "rows"), ("Bob & Dan", "columns")]
    assert result.finished and not result.bonus
    with_bonus = DRACULA.score_match(setup("Ann Bob Cat Dan", bonus_4p=True), six_deals())
    (winner, high), (loser, low) = sorted(result.totals.items(), key=lambda item: -item[1])
    assert high > low and with_bonus.winner == winner and not with_bonus.drawn
    assert with_bonus.bonus == {winner: high - low} and with_bonus.totals == {winner: 2 * high - low, loser: low}


def test_four_players_placement_order_is_checked() -> None:
    four = setup("Ann Bob Cat Dan")
    entry = layout(DECK[:9]) | {"order": ["r2c2", "r1c2", "r1c1", "r2c1", "r3c1", "r3c2", "r3c3", "r2c3", "r1c3"]}
    assert DRACULA.check_entry(four, entry)["order"][0] == "r2c2"
    entry["order"] = ["r1c1", "r1c2", "r2c2", "r2c1", "r3c1", "r3c2", "r3c3", "r2c3", "r1c3"]
    with pytest.raises(FieldError) as raised:
        DRACULA.check_entry(four, entry)
    assert "placement 1" in raised.value.message
    anywhere = setup("Ann Bob Cat Dan", first_card_4p="any_cell")
    assert DRACULA.check_entry(anywhere, entry)["order"][0] == "r1c1"


def test_target_1000_plays_whole_games_until_someone_passes_it() -> None:
    match = setup("Ann Bob", target=1000)
    result = DRACULA.score_match(match, six_deals())
    assert not result.finished and "playing to 1000" in str(result.status)
    deals = six_deals()
    rounds = 1
    while not result.finished and rounds < 12:
        deals += six_deals(offset=rounds * 5)
        rounds += 1
        result = DRACULA.score_match(match, deals)
    assert result.finished and max(result.totals.values()) >= 1000
    assert len(result.deals) % 6 == 0
    assert "dracula-6.3" in result.bonus_explanation.rules()


def test_incomplete_coffin_is_refused_at_entry() -> None:
    entry = layout(DECK[:9])
    entry["layout"][1][1] = None
    with pytest.raises(LayoutError) as raised:
        DRACULA.check_entry(setup("Ann Bob"), entry)
    assert "`r2c2`" in raised.value.message and "dracula-3.3" in raised.value.message


def test_a_deal_with_every_kind_of_mistake_is_refused_once_with_all_of_them() -> None:
    """A bad card, a card twice, an empty cell, a card of deal 1, an illegal order: each read on its own;
    the order depends on the cells alone, so it is judged whatever their cards."""
    deals = six_deals()[:1]
    entry = layout(["ZZ", "9H", "9H", "", DECK[0], *DECK[9:13]])
    entry["order"] = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"]
    with pytest.raises(InputErrors) as raised:
        DRACULA.read_deal(setup("Ann Bob"), deals, 2, entry)
    found = [(e.code, e.location) for e in raised.value.each()]
    assert found == [
        ("bad_card", ("layout", "r1c1")),
        ("too_many_copies", ("layout", "r1c3")),
        ("bad_layout", ("layout", "r2c1")),
        ("too_many_copies", ("layout", "r2c2")),
        ("bad_field", ("order", 1)),
    ]
    assert "deal 1 r1c1" in raised.value.each()[3].message
    # On its own (no other deal), the same entry has one mistake fewer.
    with pytest.raises(InputErrors) as alone:
        DRACULA.check_entry(setup("Ann Bob"), entry)
    assert len(alone.value.each()) == 4


def test_correcting_a_deal_does_not_clash_with_its_own_old_entry() -> None:
    deals = six_deals()[:2]
    assert DRACULA.read_deal(setup("Ann Bob"), deals, 2, deals[1]) == deals[1]
