"""Properties of the Zheng Fen rules: deal points, and the order that ``beats`` defines."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from referee.cards import SUITS, Card
from referee.rules.zhengfen import ZHENGFEN_PACK, Haul, beats, check_point_cards, classify, readings, score_deal
from referee.rules.zhengfen.options import Rules
from referee.rules.zhengfen.values import POINT_CARDS, RANK_ORDER

STANDARD = RANK_ORDER[:13]
PACK = ZHENGFEN_PACK.cards()
JOKERS = (Card("SJ"), Card("BJ"))
RULES = st.builds(
    lambda wild_range, least: Rules.of({"wild_range": wild_range, "triple_four_sequence_min": least}),
    st.sampled_from(["any_card", "standard_only"]),
    st.sampled_from([3, 2]),
)


@st.composite
def with_jokers(draw: st.DrawFn, natural: list[Card]) -> list[Card]:
    """Natural cards with up to two of them replaced by jokers, which may stand for them."""
    count = draw(st.integers(0, min(2, len(natural) - 1)))
    places = draw(st.lists(st.integers(0, len(natural) - 1), min_size=count, max_size=count, unique=True))
    cards = list(natural)
    for joker, place in zip(JOKERS[:count], places, strict=True):
        cards[place] = joker
    return draw(st.permutations(cards))


@st.composite
def groups(draw: st.DrawFn, ranks: list[str], size: int) -> list[Card]:
    return [Card(r, s) for r in ranks for s in draw(st.permutations(SUITS))[:size]]


@st.composite
def legal_plays(draw: st.DrawFn, kind: str | None = None) -> list[Card]:
    """A combination of ``kind`` (or any) that is legal under every option value drawn in RULES."""
    kind = kind or draw(
        st.sampled_from(["single", "group", "pair_seq", "triple_seq", "four_seq", "suit", "trio", "special"])
    )
    if kind == "special":
        suits = draw(st.permutations(SUITS))
        five_ten_king = [Card("5", suits[0]), Card("10", draw(st.sampled_from(suits))), Card("K", suits[0])]
        return draw(st.sampled_from([five_ten_king, [Card("2", s) for s in SUITS]]))
    if kind == "single":
        return [draw(st.sampled_from(PACK))]
    if kind == "group":
        rank = draw(st.sampled_from(STANDARD))
        return draw(with_jokers(draw(groups([rank], draw(st.integers(2, 4))))))
    if kind == "suit":
        length = draw(st.integers(5, 13))
        low = draw(st.integers(0, 13 - length))
        suit = draw(st.sampled_from(SUITS))
        return draw(with_jokers([Card(r, suit) for r in STANDARD[low : low + length]]))
    if kind == "trio":
        trio, pair = draw(st.lists(st.sampled_from(STANDARD), min_size=2, max_size=2, unique=True))
        return draw(with_jokers(draw(groups([trio], 3)) + draw(groups([pair], 2))))
    size = {"pair_seq": 2, "triple_seq": 3, "four_seq": 4}[kind]
    length = draw(st.integers(3, 13 if size == 2 else 6))
    low = draw(st.integers(0, 13 - length))
    return draw(with_jokers(draw(groups(list(STANDARD[low : low + length]), size))))


any_cards = st.lists(st.sampled_from(PACK), min_size=1, max_size=18, unique=True)


# --- deal scores ---------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[str], dict[str, Haul], Haul]:
    players = draw(st.integers(3, 6))
    order = draw(st.permutations([f"P{i}" for i in range(players)]))
    others = [c for c in PACK if c not in POINT_CARDS]
    extra = draw(st.lists(st.sampled_from(others), max_size=20, unique=True))
    piles: dict[str, list[Card]] = {p: [] for p in order}
    hand: list[Card] = []
    for card in [*POINT_CARDS, *extra]:
        owner = draw(st.sampled_from([*order, "hand"]))
        (hand if owner == "hand" else piles[owner]).append(card)
    as_counts = draw(st.booleans())
    captured = {p: Haul.of_cards(cards) for p, cards in piles.items()}
    hauled = Haul.of_cards(hand)
    if as_counts:
        captured = {p: Haul.of_counts(*h.counts) for p, h in captured.items()}
        hauled = Haul.of_counts(*hauled.counts)
    return order, captured, hauled


@given(deals())
def test_deal_scores_sum_to_100(deal: tuple[list[str], dict[str, Haul], Haul]) -> None:
    order, captured, hand = deal
    check_point_cards(captured, hand)
    result = score_deal(order, captured, hand)
    assert sum(result.scores.values()) == 100
    assert result.scores[order[-1]] == 0
    assert result.scores[order[0]] == captured[order[0]].points + captured[order[-1]].points + hand.points
    for middle in order[1:-1]:
        assert result.scores[middle] == captured[middle].points


# --- the order of plays --------------------------------------------------------------------------


@given(legal_plays(), RULES)
def test_generated_combinations_are_legal(play: list[Card], rules: Rules) -> None:
    assert classify(play, rules).legal


@given(st.one_of(legal_plays(), any_cards), RULES)
def test_a_play_never_beats_itself(play: list[Card], rules: Rules) -> None:
    assert not beats(play, play, rules).beats


@given(legal_plays(), RULES)
def test_an_equal_play_in_other_suits_never_beats(play: list[Card], rules: Rules) -> None:
    """``beats`` is irreflexive on combinations: the same ranks in other suits only equal the play."""
    swap = dict(zip(SUITS, SUITS[1:] + SUITS[:1], strict=True))
    other = [c if c.is_joker else Card(c.rank, swap[c.suit or "S"]) for c in play]
    top = classify(play, rules).reading
    again = classify(other, rules).reading
    assert top is not None and again is not None
    assert (again.type, again.strength()) == (top.type, top.strength())
    assert not beats(play, other, rules).beats
    assert not beats(other, play, rules).beats


@given(
    st.sampled_from(["single", "group", "pair_seq", "triple_seq", "suit", "trio"]).flatmap(
        lambda kind: st.tuples(legal_plays(kind), legal_plays(kind), legal_plays(kind))
    ),
    RULES,
)
def test_beats_is_transitive_within_a_type(plays: tuple[list[Card], ...], rules: Rules) -> None:
    a, b, c = plays
    kinds = {classify(p, rules).reading.type for p in plays}
    assume(len(kinds) == 1)
    if beats(b, a, rules).beats and beats(c, b, rules).beats:
        assert beats(c, a, rules).beats


@given(st.sampled_from(STANDARD), st.permutations(SUITS), st.integers(0, 1), RULES)
def test_a_joker_added_to_a_pair_makes_a_triple(rank: str, suits: list[str], wild: int, rules: Rules) -> None:
    pair = [Card(rank, suits[0]), Card(rank, suits[1])]
    if wild:
        pair[1] = JOKERS[0]
    assert classify(pair, rules).reading.type == "pair"
    spare = JOKERS[1] if wild else JOKERS[0]
    triple = classify([*pair, spare], rules)
    assert triple.legal
    assert (triple.reading.type, triple.reading.key_name) == ("triple", rank)


@given(any_cards, RULES)
def test_readings_are_ordered_and_legal_iff_read(play: list[Card], rules: Rules) -> None:
    found = readings(play, rules)
    assert [r.preference() for r in found] == sorted((r.preference() for r in found), reverse=True)
    result = classify(play, rules)
    assert result.legal == bool(found)
    assert result.explanation.steps
