"""Hypothesis properties of the Paks rules: best split, steals, throw-off, and no crash on any input."""

from __future__ import annotations

import contextlib
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from referee.cards import RANKS, SUITS, Card
from referee.errors import InputError
from referee.rules.checks import answer
from referee.rules.game import MatchSetup
from referee.rules.paks import (
    PAKS,
    HeldPak,
    VictimPak,
    best_split,
    judge_steal,
    pair_value,
    pak_faults,
    plain_value,
    play_value,
    score_paks,
)

TWO_DECKS = [Card(rank, suit) for suit in SUITS for rank in RANKS] * 2
SMALL = [c for c in TWO_DECKS if c.rank in ("A", "K", "9", "6", "5", "4", "3", "2")]


def hands(pool: list[Card], max_size: int) -> st.SearchStrategy[list[Card]]:
    """Cards drawn from ``pool`` without using any copy twice."""
    return st.lists(st.integers(0, len(pool) - 1), max_size=max_size, unique=True).map(lambda ix: [pool[i] for i in ix])


def brute_force(cards: list[Card]) -> int:
    """The best value over every set of disjoint pairs, tried one by one."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = play_value(first) + brute_force(rest)
    for i, other in enumerate(rest):
        value = pair_value(first, other)
        if value is not None:
            best = max(best, value + brute_force(rest[:i] + rest[i + 1 :]))
    return best


@given(hands(SMALL, 9))
def test_best_split_is_at_least_the_plain_sum_and_optimal(cards: list[Card]) -> None:
    split = best_split(cards)
    assert split.value >= plain_value(cards)
    assert split.plain == plain_value(cards)
    assert split.value == brute_force(cards)
    used = [c for p in split.pairs for c in (p.high, p.low)] + list(split.singles)
    assert sorted(map(str, used)) == sorted(map(str, cards))


def test_best_split_is_not_greedy() -> None:
    cards = [Card("5", "H"), Card("5", "H"), Card("4", "H"), Card("2", "H")]
    assert best_split(cards).value == 54 + 52


def one_suit_paks(draw: st.DrawFn, owner: str, suit: str, count: int) -> list[HeldPak]:
    ranks = st.sampled_from(RANKS)
    paks = []
    for number in range(1, count + 1):
        size = draw(st.integers(2, 4))
        cards = tuple(Card(draw(ranks), suit) for _ in range(size))
        if pak_faults(cards, "pak"):
            cards = (Card("A", suit), Card("2", suit))
        paks.append(HeldPak(owner, number, cards))
    return paks


@st.composite
def deals(draw: st.DrawFn) -> dict[str, list[HeldPak]]:
    names = draw(st.sampled_from([("A", "B"), ("A", "B", "C")]))
    sides: dict[str, list[HeldPak]] = {}
    for name in names:
        paks: list[HeldPak] = []
        for suit in SUITS:
            for pak in one_suit_paks(draw, name, suit, draw(st.integers(0, 3))):
                paks.append(HeldPak(name, len(paks) + 1, pak.cards))
        sides[name] = paks
    return sides


@given(deals(), st.sampled_from(["lowest_score", "lowest_play"]), st.sampled_from(["all_sides", "sides_with_paks"]))
def test_throw_off_removes_the_same_number_from_every_side(
    sides: dict[str, list[HeldPak]], throw_off: str, throw_off_min: str
) -> None:
    result = score_paks(sides, throw_off=throw_off, throw_off_min=throw_off_min)
    for suit in SUITS:
        counts = {side: sum(p.suit == suit for p in paks) for side, paks in sides.items()}
        holders = list(counts.values()) if throw_off_min == "all_sides" else [n for n in counts.values() if n]
        # With sides_with_paks a suit held by one side only has nothing to compare (m = 0).
        m = min(holders, default=0) if throw_off_min == "all_sides" or len(holders) >= 2 else 0
        for side, paks in sides.items():
            out = [p for p in result.thrown_off[side] if p.suit == suit]
            assert len(out) == (m if counts[side] else 0)
            kept = [p for p in paks if p.suit == suit and p not in out]
            attribute = "score" if throw_off == "lowest_score" else "play"
            if out and kept:
                assert max(getattr(p, attribute) for p in out) <= min(getattr(p, attribute) for p in kept)
    for side in sides:
        assert result.scores[side] == sum(p.score for p in result.kept[side])


suits = st.sampled_from(SUITS)


@st.composite
def steals(draw: st.DrawFn) -> tuple:
    victim_suit = draw(suits)
    victims = []
    for _ in range(draw(st.integers(1, 2))):
        size = draw(st.integers(2, 4))
        cards = tuple(Card(draw(st.sampled_from(RANKS)), victim_suit) for _ in range(size))
        if pak_faults(cards, "pak"):
            cards = (Card("K", victim_suit), Card("3", victim_suit))
        victims.append(VictimPak(cards, draw(st.sampled_from(["B", "C"]))))
    played = draw(st.lists(st.builds(Card, st.sampled_from(RANKS), st.sampled_from([victim_suit, *SUITS])), max_size=4))
    pak_suit = draw(st.none() | suits)
    stolen = draw(st.lists(suits, max_size=2, unique=True))
    if pak_suit is not None:
        stolen = [s for s in stolen if s != pak_suit]
    return pak_suit, stolen, victims, played


@given(steals())
def test_steal_legal_iff_value_beats_plain_victims_and_suits_hold(case: tuple) -> None:
    pak_suit, stolen, victims, played = case
    verdict = judge_steal(pak_suit, stolen, victims, played)
    suit = victims[0].cards[0].suit
    target = sum(plain_value(v.cards) for v in victims)
    suit_rules = (
        pak_suit is not None
        and suit != pak_suit
        and suit not in stolen
        and bool(played)
        and all(c.suit == suit for c in played)
    )
    one_owner = len({v.owner for v in victims}) == 1
    assert verdict.target == target
    # Only cards of the stolen suit count toward the value (an off-suit card is a fault of its own).
    assert verdict.value == best_split([c for c in played if c.suit == suit]).value
    assert verdict.legal == (verdict.value > target and suit_rules and one_owner)
    if not verdict.legal:
        assert verdict.reasons


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4) | st.sampled_from(["5H", "S", "AH", "4H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
field_names = st.sampled_from(
    [
        "table_card",
        "played",
        "decks",
        "options",
        "pak_suit",
        "stolen_suits",
        "victim_paks",
        "player",
        "partners",
        "sides",
        "name",
        "paks",
        "thrown_off",
        "owner",
        "cards",
        "mode",
        "held",
        "kept",
    ]
)


@given(st.sampled_from(sorted(PAKS.checks)), st.dictionaries(field_names, json_values, max_size=5) | json_values)
def test_no_request_raises_anything_but_input_error(check: str, body: object) -> None:
    status, result = answer(PAKS.checks[check], body)
    assert status in (200, 400)
    if status == 200:
        assert result["explanation"]


@st.composite
def entries(draw: st.DrawFn) -> object:
    players = draw(st.sampled_from(["Ann", "Bob", "ann", "Zed", 3]))
    return {"paks": {players: draw(json_values)}, draw(st.sampled_from(["thrown_off", "x"])): draw(json_values)}


@st.composite
def quick_entries(draw: st.DrawFn) -> object:
    side = draw(st.sampled_from(["Ann", "bob", "Zed", 3]))
    counts = st.dictionaries(st.sampled_from(["S", "♥", "diamonds", "x", 1]), json_values, max_size=4)
    return {
        "mode": draw(st.sampled_from(["quick", None, "cards", 2])),
        "held": {side: draw(counts | json_values)},
        draw(st.sampled_from(["kept", "x"])): {side: draw(json_values)},
    }


@given(entries() | quick_entries() | json_values)
def test_no_entry_raises_anything_but_input_error(entry: object) -> None:
    setup = MatchSetup(players=("Ann", "Bob"), options=PAKS.parse_options({"throw_off": "manual"}))
    with contextlib.suppress(InputError):
        PAKS.check_entry(setup, entry)


def test_brute_force_agrees_on_all_small_hearts() -> None:
    hearts = [Card(r, "H") for r in ("5", "4", "3", "2")] * 2
    for size in range(5):
        for combo in combinations(hearts, size):
            assert best_split(list(combo)).value == brute_force(list(combo))
