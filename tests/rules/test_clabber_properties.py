"""Properties of the Clabber rules: legal play never leaves a hand stuck, a full deal holds 162,
meld priority is a total order but for the dead tie, and no request can crash a check."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from referee.cards import SUITS, Card
from referee.errors import InputError
from referee.rules.checks import answer
from referee.rules.clabber import (
    CLABBER,
    PACK,
    Meld,
    Play,
    Table,
    best_meld,
    best_meld_set,
    check_points,
    compare_melds,
    judge_melds,
    judge_trick,
    legal_play,
    score_deal,
)
from referee.rules.clabber.melds import sequence_kind
from referee.rules.clabber.values import SEQUENCE_ORDER
from referee.rules.game import MatchSetup
from tests.contract import load_contract

ALL_CARDS = PACK.cards()
TABLES = {n: Table(tuple("ABCDEF"[:n])) for n in (2, 3, 4, 6)}
UNDERTRUMP = ("any_card", "must_undertrump", "only_if_nothing_else")
suits = st.sampled_from(SUITS)


def _all_melds() -> list[Meld]:
    melds = [Meld(kind, tuple(Card(rank, s) for s in SUITS)) for rank, kind in
             (("J", "mule"), ("9", "four_nines"), ("A", "four_aces"), ("10", "four_tens"),
              ("K", "four_kings"), ("Q", "four_queens"))]  # fmt: skip
    for suit in SUITS:
        for length in range(3, 7):
            for start in range(len(SEQUENCE_ORDER) - length + 1):
                ranks = SEQUENCE_ORDER[start : start + length]
                melds.append(Meld(sequence_kind(length), tuple(Card(r, suit) for r in ranks)))
    return melds


ALL_MELDS = _all_melds()


# --- legal play --------------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[Table, str, list[Card], list[Play]]:
    """A table, the seat to play, its hand and the trick so far, all cards distinct."""
    table = TABLES[draw(st.sampled_from((2, 3, 4, 6)))]
    deck = draw(st.permutations(ALL_CARDS))
    leader = draw(st.integers(0, table.count - 1))
    played = draw(st.integers(0, table.count - 1))
    trick = [Play(table.seats[(leader + i) % table.count], deck[i]) for i in range(played)]
    seat = table.seats[(leader + played) % table.count]
    size = draw(st.integers(1, table.hand_size))
    return table, seat, list(deck[played : played + size]), trick


@given(positions(), suits, st.sampled_from(UNDERTRUMP), st.booleans())
def test_a_hand_always_has_a_legal_card(position, trump: str, undertrump: str, exemption: bool) -> None:
    table, seat, hand, trick = position
    verdict = legal_play(table, seat, hand, trick, trump, undertrump=undertrump, partner_exemption=exemption)
    assert verdict.legal_cards
    assert set(verdict.legal_cards) <= set(hand)
    for card in hand:
        asked = legal_play(
            table, seat, hand, trick, trump, undertrump=undertrump, partner_exemption=exemption, card=card
        )
        assert asked.legal is (card in verdict.legal_cards)
        assert asked.legal or (asked.reasons and asked.reasons[0].rule.startswith("clabber-5"))


@given(positions(), suits)
def test_following_suit_is_always_allowed_when_held(position, trump: str) -> None:
    table, seat, hand, trick = position
    if not trick:
        return
    led = trick[0].card.suit
    follow = [c for c in hand if c.suit == led]
    verdict = legal_play(table, seat, hand, trick, trump)
    if follow and led != trump:
        assert set(verdict.legal_cards) == set(follow)


# --- a whole deal holds 162 --------------------------------------------------------------------


def _play_out(table: Table, trump: str, rng: random.Random, undertrump: str) -> dict[str, int]:
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    size = 24 // table.count if table.count != 2 else 9
    hands = {seat: deck[i * size : (i + 1) * size] for i, seat in enumerate(table.seats)}
    points = dict.fromkeys(table.team_names, 0)
    leader = table.seats[0]
    tricks = size
    for number in range(1, tricks + 1):
        trick: list[Play] = []
        seat = leader
        for _ in range(table.count):
            verdict = legal_play(table, seat, hands[seat], trick, trump, undertrump=undertrump)
            card = rng.choice(verdict.legal_cards)
            hands[seat].remove(card)
            trick.append(Play(seat, card))
            seat = table.next_seat(seat)
        result = judge_trick(table, trick, trump, last=number == tricks)
        points[table.team_of(result.winner)] += result.points
        leader = result.winner
    return points


@given(st.sampled_from((3, 4, 6)), suits, st.sampled_from(UNDERTRUMP), st.integers(0, 2**32))
def test_a_full_deal_holds_152_plus_10(players: int, trump: str, undertrump: str, seed: int) -> None:
    table = TABLES[players]
    points = _play_out(table, trump, random.Random(seed), undertrump)
    assert sum(points.values()) == 152 + 10
    check_points(points, players)


@given(suits, st.integers(0, 2**32))
def test_a_two_player_deal_fits_its_range(trump: str, seed: int) -> None:
    points = _play_out(TABLES[2], trump, random.Random(seed), "any_card")
    assert 84 <= sum(points.values()) <= 156
    check_points(points, 2)


@given(
    st.integers(0, 162),
    st.sampled_from((0, 20, 50, 100, 200)),
    st.booleans(),
    st.booleans(),
    st.sampled_from(("NS", "EW")),
)
def test_deal_scores_follow_made_or_set(ns: int, meld: int, meld_ns: bool, bell_ns: bool, makers: str) -> None:
    points = {"NS": ns, "EW": 162 - ns}
    melds = {"NS" if meld_ns else "EW": meld}
    bells = {"NS" if bell_ns else "EW": 20}
    result = score_deal(makers, points, melds, bells)
    other = "EW" if makers == "NS" else "NS"
    assert result.made is (result.totals[makers] > result.totals[other])
    assert result.scores[other] == result.totals[other]
    assert result.scores[makers] == (result.totals[makers] if result.made else 0)
    assert result.marks[makers] == (str(result.totals[makers]) if result.made else "XX")


# --- meld priority -----------------------------------------------------------------------------


def _dead_tie(a: Meld, b: Meld, trump: str) -> bool:
    return (
        a.is_sequence
        and b.is_sequence
        and a.kind == b.kind
        and a.top is not None
        and b.top is not None
        and a.top.rank == b.top.rank
        and a.suit != trump
        and b.suit != trump
    )


@pytest.mark.parametrize("trump", SUITS)
def test_meld_priority_is_total_but_for_the_dead_tie(trump: str) -> None:
    """Melds two hands can hold together (no card shared) tie only as equal plain sequences; melds
    sharing cards tie only as the same sequence (A-K-Q-J-10 and A-K-Q-J-10-9 are both a hundred
    topped by A, clabber-6.2)."""
    for a, b in itertools.product(ALL_MELDS, repeat=2):
        assert compare_melds(a, b, trump) == -compare_melds(b, a, trump)
        if compare_melds(a, b, trump) == 0:
            if set(a.cards).isdisjoint(b.cards):
                assert _dead_tie(a, b, trump), (a, b)
            else:
                assert (a.kind, a.top, a.suit) == (b.kind, b.top, b.suit), (a, b)
        elif _dead_tie(a, b, trump):
            pytest.fail(f"{a} and {b} should tie")


def scoring_meld(melds: tuple[Meld, ...], trump: str) -> Meld | None:
    """The meld that scores, as :func:`judge_melds` decides, when each seat of a table holds the cards of
    one of ``melds`` (in seat order); ``None`` for a dead tie."""
    table = TABLES[len(melds)]
    held = dict(zip(table.seats, melds, strict=True))
    verdict = judge_melds(table, {seat: list(meld.cards) for seat, meld in held.items()}, trump)
    return None if verdict.winner is None else held[verdict.winner.seat]


@given(st.sampled_from(ALL_MELDS), st.sampled_from(ALL_MELDS), st.sampled_from(ALL_MELDS), suits)
def test_meld_priority_is_transitive(a: Meld, b: Meld, c: Meld, trump: str) -> None:
    """The judging of whose meld scores is an order: of three melds held by three players, one that beats a
    second (at a table of two) which beats the third also beats the third, and the meld beating both
    others scores at the table of three whichever seat holds it (none when the strongest two tie)."""
    assume(set(a.cards).isdisjoint(b.cards) and set(b.cards).isdisjoint(c.cards) and set(a.cards).isdisjoint(c.cards))
    melds = (a, b, c)
    beats = {(x, y): scoring_meld((x, y), trump) == x for x, y in itertools.permutations(melds, 2)}
    for x, y, z in itertools.permutations(melds):
        if beats[x, y] and beats[y, z]:
            assert beats[x, z], (x, y, z)
    strongest = [x for x in melds if all(beats[x, y] for y in melds if y is not x)]
    for seated in itertools.permutations(melds):
        assert scoring_meld(seated, trump) == (strongest[0] if strongest else None), seated


@st.composite
def deals(draw: st.DrawFn) -> tuple[Table, dict[str, list[Card]]]:
    table = TABLES[draw(st.sampled_from((2, 3, 4, 6)))]
    deck = draw(st.permutations(ALL_CARDS))
    size = table.hand_size
    return table, {seat: list(deck[i * size : (i + 1) * size]) for i, seat in enumerate(table.seats)}


@given(deals(), suits, st.sampled_from(("best_meld_only", "team_all_melds")))
def test_one_side_scores_melds(deal, trump: str, scope: str) -> None:
    table, hands = deal
    verdict = judge_melds(table, hands, trump, scope=scope)
    scoring = [team for team, points in verdict.meld_points.items() if points]
    assert len(scoring) <= 1
    assert sum(verdict.bells.values()) in (0, 20)
    if verdict.dead_tie:
        assert not scoring
    if verdict.winner is not None:
        assert scoring == [verdict.winner.team]
        for declaration in verdict.declarations:
            assert compare_melds(verdict.winner.best, declaration.best, trump) >= 0


@given(deals(), suits)
def test_a_meld_set_uses_each_card_once(deal, trump: str) -> None:
    _, hands = deal
    for hand in hands.values():
        chosen = best_meld_set(hand, trump)
        used = [c for m in chosen for c in m.cards]
        assert len(used) == len(set(used)) and set(used) <= set(hand)
        single = best_meld(hand, trump)
        assert sum(m.points for m in chosen) >= (single.points if single else 0)
        if single is not None:
            assert compare_melds(chosen[0], single, trump) == 0 or chosen[0] == single


# --- no request crashes a check ----------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=6) | st.sampled_from(["N", "KH", "S", "NS"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)
EXAMPLES = [e for e in load_contract("clabber")]


@given(st.sampled_from(EXAMPLES), st.data())
def test_mutated_requests_answer_200_or_400(example: dict, data: st.DataObject) -> None:
    request = dict(example["request"])
    key = data.draw(st.sampled_from([*request, "options", "seats", "players", "card", "last"]))
    request[key] = data.draw(json_values)
    check = CLABBER.checks[example["endpoint"].rsplit("/", 1)[-1]]
    try:
        status, result = answer(check, request)
    except InputError:  # pragma: no cover - answer() turns these into a 400
        pytest.fail("answer() let an InputError through")
    assert status in (200, 400)
    if status == 200:
        assert result["explanation"]


@given(st.sampled_from(sorted(CLABBER.checks)), json_values)
def test_any_body_answers_200_or_400(name: str, body: object) -> None:
    status, _ = answer(CLABBER.checks[name], body)
    assert status in (200, 400)


ENTRY_KEYS = ["makers", "round", "trump", "turn_up", "points", "melds", "meld_cards", "bell", "other"]
entry_values = json_values | st.sampled_from(
    ["Ann", "Ann & Cy", "Bo & Di", "H", "2", "10H", "fifty", ["dad", "mule"], {"Ann & Cy": 81}, {"Bo": "KH QH JH"}]
)


@given(st.dictionaries(st.sampled_from(ENTRY_KEYS), entry_values, max_size=8))
def test_any_entry_is_refused_or_scored(raw: dict) -> None:
    match = MatchSetup(players=("Ann", "Bo", "Cy", "Di"), options=CLABBER.parse_options({}))
    try:
        entry = CLABBER.check_entry(match, raw)
    except InputError:
        return
    result = CLABBER.score_match(match, [entry])
    assert set(result.totals) == {"Ann & Cy", "Bo & Di"}
    assert CLABBER.check_entry(match, entry) == entry
