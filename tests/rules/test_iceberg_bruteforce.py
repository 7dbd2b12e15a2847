"""The leftover optimiser against a brute-force search of every imagined turn (iceberg-6.2, 6.3).

The brute force knows nothing of the optimiser: it tries every sequence of single legal actions
— lay a pair (one deck), a set of three, a run of three or a special from the hand, or lay one
card on any meld, including melds made earlier in the same turn — memoised on the state
(hand left, table). A bigger meld laid at once scores the same as such a sequence (iceberg-3.4).
With ``merge_runs`` a card laid at a run's end next to another run of its suit may join the two
(any one of them, if several), and then scores 10 × the joined run's cards, or may go on the run
alone, as without the option: both choices are tried (iceberg-4.4). A meld joins nothing.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from referee.cards import Card
from referee.rules.iceberg import optimiser
from referee.rules.iceberg.deck import MELD_RANKS, cell_of
from referee.rules.iceberg.joining import lay_off_joining
from referee.rules.iceberg.leftover import _problem, value_leftover
from referee.rules.iceberg.melds import Meld, classify_meld, lay_off
from referee.rules.iceberg.optimiser import components, order
from referee.rules.iceberg.optimiser.component import Component
from referee.rules.iceberg.optimiser.programme import Programme
from referee.rules.iceberg.optimiser.specials import special_choices
from referee.rules.iceberg.optimiser.sweep import sweep
from referee.rules.iceberg.table import parallel_conflict

RANKS = MELD_RANKS
RED = {"H", "D"}
ODD = [1, 3, 5, 7, 9, 11]
EVEN = [0, 2, 4, 6, 8, 10]

# --- the brute force ------------------------------------------------------------------------------

# A card is (rank index 0…11, suit letter); a meld is (kind, sorted cards).
BCard = tuple[int, str]
BMeld = tuple[str, tuple[BCard, ...]]


def _special_points(cards: tuple[BCard, ...]) -> int | None:
    ranks = sorted(r for r, _ in cards)
    if ranks not in (ODD, EVEN):
        return None
    suits = {s for _, s in cards}
    odd = ranks == ODD
    if len(suits) == 1:
        return 700 if odd else 500
    if suits <= RED or not suits & RED:
        return 300 if odd else 200
    return None


def _run_covers(table: tuple[BMeld, ...], suit: str, rank: int, skip: int | None = None) -> bool:
    return any(
        kind == "run" and i != skip and cards[0][1] == suit and cards[0][0] <= rank <= cards[-1][0]
        for i, (kind, cards) in enumerate(table)
    )


def _canon(table: list[BMeld]) -> tuple[BMeld, ...]:
    return tuple(sorted((kind, tuple(sorted(cards))) for kind, cards in table))


def _without(hand: tuple[BCard, ...], cards: tuple[BCard, ...]) -> tuple[BCard, ...]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _touching(table: tuple[BMeld, ...], skip: int, suit: str, rank: int, grown: tuple[BCard, ...]) -> list[int]:
    """Runs other than ``skip`` that a card of ``rank`` laid at an end of ``grown`` now touches."""
    lo, hi = grown[0][0], grown[-1][0]
    found = []
    for i, (kind, cards) in enumerate(table):
        if i == skip or kind != "run" or cards[0][1] != suit:
            continue
        if (rank == hi and cards[0][0] == rank + 1) or (rank == lo and cards[-1][0] == rank - 1):
            found.append(i)
    return found


def brute_force(
    hand: list[BCard],
    table: list[BMeld],
    decks: int,
    *,
    parallel: bool = True,
    fewest: bool = True,
    join: bool = False,
) -> tuple[int, int]:
    """(most points, cards used by the play reaching them, fewest or most as asked)."""
    sign = 1 if fewest else -1

    def new_melds(hand_t: tuple[BCard, ...], table_t: tuple[BMeld, ...]) -> set[tuple[str, tuple[BCard, ...], int]]:
        found = set()
        for size in (2, 3):
            for combo in combinations(hand_t, size):
                if len({r for r, _ in combo}) == 1 and (size == 3 or decks == 1):
                    rank = combo[0][0]
                    if parallel or not any(k in ("pair", "set") and c[0][0] == rank for k, c in table_t):
                        found.add(("pair" if size == 2 else "set", tuple(sorted(combo)), 10 if size == 2 else 30))
                ranks = sorted(r for r, _ in combo)
                if size == 3 and len({s for _, s in combo}) == 1 and ranks == list(range(ranks[0], ranks[0] + 3)):
                    suit = combo[0][1]
                    if parallel or not any(_run_covers(table_t, suit, r) for r in ranks):
                        found.add(("run", tuple(sorted(combo)), 30))
        if len(hand_t) >= 6:
            for combo in combinations(hand_t, 6):
                points = _special_points(combo)
                if points is not None:
                    found.add(("special", tuple(sorted(combo)), points))
        return found

    @cache
    def best(hand_t: tuple[BCard, ...], table_t: tuple[BMeld, ...]) -> tuple[int, int]:
        result = (0, 0)
        moves = []
        for kind, cards, points in new_melds(hand_t, table_t):
            moves.append((points, len(cards), _without(hand_t, cards), _canon([*table_t, (kind, cards)])))
        for card in set(hand_t):
            rank, suit = card
            for i, (kind, cards) in enumerate(table_t):
                if kind in ("pair", "set"):
                    if cards[0][0] != rank or len(cards) >= 4 * decks:
                        continue
                    points = 20 if kind == "pair" else 10 * (len(cards) + 1)
                elif kind == "run":
                    if cards[0][1] != suit or rank not in (cards[0][0] - 1, cards[-1][0] + 1):
                        continue
                    if not parallel and _run_covers(table_t, suit, rank, skip=i):
                        continue
                    points = 10 * (len(cards) + 1)
                else:
                    continue
                grown = list(table_t)
                grown[i] = ("set" if kind == "pair" else kind, tuple(sorted((*cards, card))))
                # Joining is the player's choice (iceberg-4.4): the card may always go on run i alone.
                moves.append((points, 1, _without(hand_t, (card,)), _canon(grown)))
                partners = _touching(table_t, i, suit, rank, grown[i][1]) if join and kind == "run" else []
                for j in partners:
                    both = tuple(sorted((*grown[i][1], *table_t[j][1])))
                    joined = [m for k, m in enumerate(grown) if k not in (i, j)] + [("run", both)]
                    moves.append((10 * len(both), 1, _without(hand_t, (card,)), _canon(joined)))
        for points, used, hand_after, table_after in moves:
            more, more_used = best(hand_after, table_after)
            candidate = (points + more, used + more_used)
            if (candidate[0], sign * candidate[1]) > (result[0], sign * result[1]):
                result = candidate
        return result

    return best(tuple(sorted(hand)), _canon(table))


def _bcard(card: Card) -> BCard:
    return RANKS.index(card.rank), str(card.suit)


def brute_leftover(hand: list[Card], table: list[Meld], decks: int, options: dict) -> tuple[int, int]:
    """(V*, |U|) by brute force, aces counted as iceberg-6.7 and 8.1 say."""
    aces = [c for c in hand if c.rank == "A"]
    others = [_bcard(c) for c in hand if c.rank != "A"]
    melds = [(m.kind, tuple(sorted(_bcard(c) for c in m.cards))) for m in table]
    points, used = brute_force(
        others,
        melds,
        decks,
        parallel=options["parallel_melds"] == "allowed",
        fewest=options["leftover_tie"] == "fewest_unplayed",
        join=bool(options.get("merge_runs")),
    )
    if options["ace_scoring"] == "plus_20":
        return points + 20 * len(aces), len(others) - used
    return points, len(others) - used + len(aces)


# --- random deals -------------------------------------------------------------------------------


def _hand_of(picked: list[Card], copies: Counter[Card], most: int) -> list[Card]:
    """The cards picked that the copies left allow, in order, at most ``most`` of them."""
    hand: list[Card] = []
    for card in picked:
        if len(hand) < most and copies[card] > 0:
            copies[card] -= 1
            hand.append(card)
    return hand


@st.composite
def deals(draw: st.DrawFn, max_hand: int = 8) -> tuple[list[Card], list[Meld], int, dict]:
    """A table of legal melds and a hand, within the copies of D decks, and a set of options."""
    decks = draw(st.sampled_from([1, 2]))
    copies = Counter({Card(r, s): decks for r in RANKS for s in "SHDC"})
    low = draw(st.integers(0, 9))
    high = min(11, low + draw(st.integers(2, 7)))
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=4, unique=True))
    table: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["set", "run", "run", "pair", "special"]))
        if kind in ("set", "pair"):
            rank = RANKS[draw(st.integers(max(0, low - 1), min(11, high + 1)))]
            pool = [Card(rank, s) for s in "SHDC" for _ in range(copies[Card(rank, s)])]
            size = 2 if kind == "pair" and decks == 1 else draw(st.integers(3, 5))
            if len(pool) < size:
                continue
            cards = draw(st.permutations(pool))[:size]
        elif kind == "run":
            suit = draw(st.sampled_from(suits))
            start = draw(st.integers(max(0, low - 2), min(9, high)))
            end = min(11, start + draw(st.integers(2, 5)))
            cards = [Card(RANKS[r], suit) for r in range(start, end + 1)]
        else:
            parity = draw(st.sampled_from([EVEN, ODD]))
            colour = draw(st.sampled_from(["HD", "SC"]))
            cards = [Card(RANKS[r], draw(st.sampled_from(colour))) for r in parity]
        verdict = classify_meld(cards, decks)
        if verdict.meld is None or any(copies[c] < n for c, n in Counter(cards).items()):
            continue
        copies.subtract(cards)
        table.append(verdict.meld)
    shape = draw(st.sampled_from(["window", "window", "special", "anything"]))
    if shape == "window":
        pool = [Card(RANKS[r], s) for r in range(low, high + 1) for s in suits]
    elif shape == "special":
        colour = draw(st.sampled_from(["HD", "SC"]))
        pool = [Card(RANKS[r], s) for r in draw(st.sampled_from([EVEN, ODD])) for s in colour]
    else:
        pool = [Card(r, s) for r in RANKS for s in "SHDC"]
    pool += [Card("A", s) for s in "SHDC"]
    picked = draw(st.lists(st.sampled_from(pool), max_size=max_hand * 2))
    copies.update({Card("A", s): decks for s in "SHDC"})
    hand = _hand_of(picked, copies, max_hand)
    options = {
        "penalty": draw(st.sampled_from(["unplayable", "every_card"])),
        "ace_scoring": draw(st.sampled_from(["plus_20", "multiplier"])),
        "leftover_tie": draw(st.sampled_from(["fewest_unplayed", "most_unplayed"])),
        "parallel_melds": draw(st.sampled_from(["allowed", "forbidden"])),
        "merge_runs": draw(st.booleans()),
    }
    return hand, table, decks, options


#: What a run joined to another leaves in its place in the replayed table: an inert meld.
JOINED = Meld("special", ())


def check_plan(hand: list[Card], table: list[Meld], decks: int, options: dict, result) -> None:  # type: ignore[no-untyped-def]
    """Replay the plan on the table: every step legal, its points as stated, the cards all accounted."""
    current = list(table)
    spent: Counter[Card] = Counter()
    total = 0
    for step in result.plan:
        cards = list(step.cards)
        spent.update(cards)
        total += step.points
        if step.action == "ace":
            assert all(c.rank == "A" for c in cards)
            assert step.points == 20 * len(cards)
        elif step.action == "meld":
            verdict = classify_meld(cards, decks)
            assert verdict.legal and verdict.points == step.points
            if options["parallel_melds"] == "forbidden":
                assert parallel_conflict(current, verdict.meld, cards, None) is None
            current.append(verdict.meld)
        else:
            index = step.onto - 1
            assert current[index] == step.target
            if step.joins is not None:
                assert options.get("merge_runs")
                partner = current[step.joins - 1]
                assert partner is not JOINED
                verdict = lay_off_joining(current[index], cards, decks, {step.joins: partner}, {step.joins}).verdict
                assert verdict.meld.size == step.target.size + len(cards) + partner.size
                current[step.joins - 1] = JOINED
            else:
                verdict = lay_off(current[index], cards, decks)
            assert verdict.legal and verdict.points == step.points
            if options["parallel_melds"] == "forbidden":
                assert parallel_conflict(current, verdict.meld, cards, index) is None
            current[index] = verdict.meld
    assert total == result.best_points
    assert spent + Counter(result.unplayed) == Counter(hand)


# --- the properties -----------------------------------------------------------------------------


@pytest.mark.parametrize("prune_from", [order.PRUNE_FROM, 0], ids=["as_shipped", "bounds_always"])
@given(case=deals())
def test_optimiser_equals_brute_force(prune_from: int, case: tuple) -> None:
    hand, table, decks, options = case
    shipped = order.PRUNE_FROM
    order.PRUNE_FROM = prune_from
    try:
        result = value_leftover(hand, table, decks, options)
    finally:
        order.PRUNE_FROM = shipped
    best, unplayed = brute_leftover(hand, table, decks, options)
    assert (result.best_points, len(result.unplayed)) == (best, unplayed)
    counted = len(hand) if options["penalty"] == "every_card" else unplayed
    assert result.penalty == -best - 10 * counted
    check_plan(hand, table, decks, options, result)


def assert_pruned_equals_plain(hand: list[Card], table: list[Meld], decks: int, options: dict) -> None:
    """The search with every bound on equals the plain programme, and its plan is sound."""
    shipped = order.PRUNE_FROM
    try:
        order.PRUNE_FROM = 0
        pruned = value_leftover(hand, table, decks, options)
        order.PRUNE_FROM = 10**6
        plain = value_leftover(hand, table, decks, options)
    finally:
        order.PRUNE_FROM = shipped
    assert (pruned.best_points, len(pruned.unplayed)) == (plain.best_points, len(plain.unplayed))
    check_plan(hand, table, decks, options, pruned)


@given(case=deals(max_hand=22))
def test_bounds_never_cut_the_best_play(case: tuple) -> None:
    """On hands too big for the brute force: the pruned search equals the plain programme."""
    assert_pruned_equals_plain(*case)


def test_brute_force_knows_the_worked_examples() -> None:
    """The brute force itself, on E12 and E16 (iceberg.md)."""
    hearts = [(r, "H") for r in range(2, 7)]
    assert brute_force(hearts, [("run", ((7, "H"), (8, "H"), (9, "H")))], 1) == (300, 5)
    hand = [(5, "H"), (5, "C"), (5, "D"), (6, "H"), (7, "H"), (8, "H")]
    assert brute_force(hand, [], 2) == (70, 4)


#: The house options' defaults (iceberg.md, Options).
DEFAULT_OPTIONS = {
    "penalty": "unplayable",
    "ace_scoring": "plus_20",
    "leftover_tie": "fewest_unplayed",
    "parallel_melds": "allowed",
}

#: Deals that bench/search_iceberg_worst.py found hard for the optimiser, small enough for the
#: brute force (hand, table melds, decks), and a colour special sharing its ranks with a run.
HARD_DEALS = [
    (
        "6S 5S 5S 7S 9S 4S 3C 6C 9D 9H 4S",
        ["5H 5H 5D 5D 5C 5C", "2C 3C 4C", "8S 8S 8H 8D 8D 8C", "8C 9C 10C", "3S 3S 3H 3H 3D 3D"],
        2,
    ),
    ("2S 4C 6C 8C 10C QS 3S 4S 5S 3C", [], 2),
    ("2S 4C 6C 8C 10C QS 2C 4S 6S 8S 10S QC", [], 1),
]


@pytest.mark.parametrize(("hand", "melds", "decks"), HARD_DEALS)
@pytest.mark.parametrize("tie", ["fewest_unplayed", "most_unplayed"])
def test_hard_deals_equal_brute_force(hand: str, melds: list[str], decks: int, tie: str) -> None:
    cards = [Card.parse(t) for t in hand.split()]
    table = [classify_meld([Card.parse(t) for t in meld.split()], decks).meld for meld in melds]
    options = {"penalty": "unplayable", "ace_scoring": "plus_20", "leftover_tie": tie, "parallel_melds": "allowed"}
    result = value_leftover(cards, table, decks, options)
    assert (result.best_points, len(result.unplayed)) == brute_leftover(cards, table, decks, options)
    check_plan(cards, table, decks, options, result)


def test_a_deal_whose_narrow_beam_finds_no_play_is_valued_exactly() -> None:
    """A worst deal of bench/search_iceberg_worst.py (32 cards): the narrowest beam loses every play
    of its best programme (a black colour special), so a wider one looks again. Its value is the one
    the plain programme, without any bound or beam, finds (8 s: too slow to run here)."""
    hand = "9D 10D 9H 8D 9C 7H JC 9S 8S 7C KC 9H 4H 10H 7C 2H 8D 8C 8S 3H 6D 9S 10S 8H 8H 3C 7S JS JD 9D 5S 7D"
    melds = [
        "4H 5H 6H", "5H 6H 7H", "10H JH QH KH", "10S JS QS KS", "4S 4S 4D 4D 4C 4C",
        "10C JC QC KC", "JH QH KH", "2S 2H 2D 2D 2C 2C", "6S 6D 6C 6C", "10D JD QD",
    ]  # fmt: skip
    cards = [Card.parse(t) for t in hand.split()]
    table = [classify_meld([Card.parse(t) for t in meld.split()], 2).meld for meld in melds]
    options = DEFAULT_OPTIONS
    result = value_leftover(cards, table, 2, options)
    assert (result.best_points, len(result.unplayed)) == (1520, 3)
    check_plan(cards, table, 2, options, result)


@st.composite
def crowded_deals(draw: st.DrawFn) -> tuple[list[Card], list[Meld], int, dict]:
    """Two decks; sets and runs of a few neighbouring ranks on the table, and a hand of 12 to 18
    cards of those ranks in two to four suits: most cards could go to a run or to a set, so what
    the bounds credit a card left to sets decides what they cut."""
    copies = Counter({Card(r, s): 2 for r in RANKS for s in "SHDC"})
    low = draw(st.integers(0, 7))
    window = range(low, low + 5)
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=2, max_size=4, unique=True))
    table: list[Meld] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            rank = RANKS[draw(st.sampled_from(window))]
            pool = [Card(rank, s) for s in "SHDC" for _ in range(copies[Card(rank, s)])]
            cards = draw(st.permutations(pool))[: draw(st.integers(3, 4))]
        else:
            start = draw(st.sampled_from([max(0, low - 3), min(9, low + 5)]))
            cards = [Card(RANKS[r], draw(st.sampled_from(suits))) for r in range(start, start + 3)]
        verdict = classify_meld(cards, 2)
        if verdict.meld is None or any(copies[c] < n for c, n in Counter(cards).items()):
            continue
        copies.subtract(cards)
        table.append(verdict.meld)
    pool = [Card(RANKS[r], s) for r in window for s in suits for _ in range(2)]
    hand = _hand_of(draw(st.permutations(pool)), copies, draw(st.integers(12, 18)))
    options = {**DEFAULT_OPTIONS, "leftover_tie": draw(st.sampled_from(["fewest_unplayed", "most_unplayed"]))}
    return hand, table, 2, options


#: Sets of 3s and of 4s (70 + 70) beat runs of spades and of clubs: a bound crediting a card left
#: to sets even a tenth less than its rank's best set per card cuts them, and finds 130.
SETS_BEAT_RUNS = "2S 2C 3S 3S 3C 3C 4S 4S 4C 4C 5S 5S"


@given(case=crowded_deals())
@example(case=([Card.parse(t) for t in SETS_BEAT_RUNS.split()], [], 2, DEFAULT_OPTIONS))
def test_the_credit_of_cards_left_to_sets_never_cuts_the_best_play(case: tuple) -> None:
    """Every programme credits a card left to sets its rank's best set over all the component's
    cards, per card (optimiser.component.Component._free_worth): the pruned search equals the plain one."""
    assert_pruned_equals_plain(*case)


@st.composite
def colour_special_deals(draw: st.DrawFn) -> tuple[list[Card], list[Meld], int, dict]:
    """A hand holding a colour special's ranks in both suits of the colour, and more cards of
    that colour around them, 10 to 16 in all, with runs of those suits and sets on the table:
    its best plays weigh colour specials against runs and sets of the same cards."""
    decks = draw(st.sampled_from([1, 2]))
    copies = Counter({Card(r, s): decks for r in RANKS for s in "SHDC"})
    colour = draw(st.sampled_from(["HD", "SC"]))
    table: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            rank = RANKS[draw(st.integers(0, 11))]
            pool = [Card(rank, s) for s in "SHDC" for _ in range(copies[Card(rank, s)])]
            cards = draw(st.permutations(pool))[: draw(st.integers(3, 4))]
        else:
            start = draw(st.integers(0, 9))
            cards = [Card(RANKS[r], draw(st.sampled_from(colour))) for r in range(start, start + 3)]
        verdict = classify_meld(cards, decks)
        if verdict.meld is None or any(copies[c] < n for c, n in Counter(cards).items()):
            continue
        copies.subtract(cards)
        table.append(verdict.meld)
    special = [Card(RANKS[r], draw(st.sampled_from(colour))) for r in draw(st.sampled_from([EVEN, ODD]))]
    around = draw(st.permutations([Card(r, s) for r in RANKS for s in colour] * decks))
    hand = _hand_of(special + around, copies, draw(st.integers(10, 16)))
    options = {
        **DEFAULT_OPTIONS,
        "leftover_tie": draw(st.sampled_from(["fewest_unplayed", "most_unplayed"])),
        "parallel_melds": draw(st.sampled_from(["allowed", "forbidden"])),
    }
    return hand, table, decks, options


@given(case=st.one_of(colour_special_deals(), crowded_deals()))
def test_a_sweep_whose_floor_is_its_best_play_finds_it(case: tuple) -> None:
    """The bounds a sweep drops states by are admissible: the lanes' own, and at the end of each
    rank a colour's two lanes together where the programme holds that colour's specials
    (optimiser.pairs.Pair). Every programme of every component, swept with its best play's value
    (found by the plain sweep) as its floor, still finds that play's value."""
    hand, table, decks, options = case
    problem = _problem([c for c in hand if c.rank != "A"], table, decks, options)
    types = components.special_types(problem.counts)
    for cells in components.components(problem, components.live_cells(problem, types), types):
        component = Component(problem, cells)
        for specials in special_choices(component.h):
            plain = sweep(Programme(component, specials), None, None)
            if plain is not None:
                pruned = sweep(Programme(component, specials), plain[0], None)
                assert pruned is not None and pruned[0] == plain[0]


@st.composite
def joinable_deals(draw: st.DrawFn) -> tuple[list[Card], list[Meld], int, dict]:
    """Runs of one suit with gaps between them, and a hand holding cards of those gaps and around."""
    decks = draw(st.sampled_from([1, 2]))
    suit = draw(st.sampled_from("SHDC"))
    copies = Counter({Card(r, s): decks for r in RANKS for s in "SHDC"})
    table: list[Meld] = []
    start = draw(st.integers(0, 3))
    while start + 2 < len(RANKS) and len(table) < 3:
        end = min(len(RANKS) - 1, start + draw(st.integers(2, 3)))
        cards = [Card(RANKS[r], suit) for r in range(start, end + 1)]
        copies.subtract(cards)
        table.append(classify_meld(cards, decks).meld)
        start = end + 1 + draw(st.integers(1, 3))
    twins = decks == 2 and draw(st.booleans())
    if twins:
        twin = table[0].cards
        copies.subtract(twin)
        table.append(classify_meld(list(twin), decks).meld)
    other = draw(st.sampled_from([s for s in "SHDC" if s != suit]))
    pool = [Card(r, suit) for r in RANKS] * decks + [Card(r, other) for r in RANKS[:6]]
    hand = _hand_of(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=16)), copies, 8)
    options = {
        "penalty": "unplayable",
        "ace_scoring": "plus_20",
        "leftover_tie": draw(st.sampled_from(["fewest_unplayed", "most_unplayed"])),
        "parallel_melds": "allowed" if twins else draw(st.sampled_from(["allowed", "forbidden"])),
        "merge_runs": draw(st.booleans()),
    }
    return hand, table, decks, options


def _joining_deal(hand: str, melds: list[str]) -> tuple[list[Card], list[Meld], int, dict]:
    """Two decks, merge_runs on, parallel melds allowed, fewest cards left on a tie."""
    cards = [Card.parse(t) for t in hand.split()]
    table = [classify_meld([Card.parse(t) for t in meld.split()], 2).meld for meld in melds]
    return cards, table, 2, {**DEFAULT_OPTIONS, "merge_runs": True}


#: Deals with merge_runs valued wrongly once, when joining was read as compulsory or a lay-off
#: was counted twice: (hand, table, tie, V*, |U|, V* with merge_runs off).
MERGE_DEALS = [
    # 2S on a 3S–5S (40), 10S 9S on JS–KS (40 + 50): 130, leaving JS. 10S joining 7S–9S and JS–KS
    # (70) with 2S makes only 110; the run 9S 10S JS (30) with 2S plays every card for 70.
    ("2S 9S 10S JS", ["3S 4S 5S", "7S 8S 9S", "JS QS KS", "3S 4S 5S"], "fewest_unplayed", 130, 1, 130),
    # 7S … JS on a 3S–6S (50 + … + 90), the other 7S on its twin (50): 400. Joining 10S–QS with 9S
    # would have made 260, with two cards left.
    ("7S 7S 8S 9S 10S JS", ["3S 4S 5S 6S", "3S 4S 5S 6S", "10S JS QS"], "fewest_unplayed", 400, 0, 400),
    # 7S on 3S–6S joins 8S–JS (90); 2S QS KS then on the joined run (100 + 110 + 120): 420. Apart,
    # the runs take 2S and QS KS (40 + 50 + 60) and 7S (50): 230.
    ("2S KS QS 7S 2S", ["3S 4S 5S 6S", "5S 6S 7S 8S", "8S 9S 10S JS", "9S 10S JS"], "most_unplayed", 420, 1, 230),
    # 6S 7S on 2S–5S (50 + 60), 8S joins it to 9S–QS (110), KS on top (120): 340, leaving 9S JS.
    ("8S 6S 9S 7S KS JS", ["3S 4S 5S 6S", "9S 10S JS QS", "2S 3S 4S 5S"], "fewest_unplayed", 340, 2, 310),
    # 6S 5S 4S 3S 2S down 7S–9S (40 + … + 80) and 6S on 2S–5S (50): 350; no join pays.
    ("5S 3S 9S 4S 2S 6S 6S", ["7S 8S 9S", "2S 3S 4S 5S"], "most_unplayed", 350, 1, 350),
    # 7S on 2S–6S (60), 6S … QS up the other 2S–5S (50 + … + 110), past JS–KS without joining: 620.
    ("10S 8S QS 6S 7S 9S 7S JS", ["2S 3S 4S 5S 6S", "2S 3S 4S 5S", "JS QS KS"], "fewest_unplayed", 620, 0, 620),
    # 10S down to 4S on JS–KS (40 + … + 100), past 6S–9S and onto 2S–4S's ranks without joining: 490.
    ("JS 9S 6S 7S 10S 5S 4S 8S", ["JS QS KS", "2S 3S 4S", "6S 7S 8S 9S"], "most_unplayed", 490, 1, 490),
    # 5S … QS up 2S–4S (40 + … + 110) without joining JS–KS, and 10S on JS–KS (40): 640.
    ("10S 5S 7S JS 8S QS 6S 9S 10S", ["2S 3S 4S", "JS QS KS"], "fewest_unplayed", 640, 0, 640),
    # 10S down to 4S on JS–KS (40 + … + 100) and 6S 7S on 3S–5S (40 + 50): 580.
    ("7S 9S 6S 5S 6S 4S 8S 10S 7S", ["9S 10S JS QS KS", "JS QS KS", "3S 4S 5S"], "fewest_unplayed", 580, 0, 580),
    # The run 2S 3S 4S (30) and 6S … JS up 2S–5S past 7S–9S (50 + … + 100): 480, leaving 6H.
    ("6S 3S 7S 2S 8S 9S JS 4S 10S 6H", ["2S 3S 4S 5S", "JS QS KS", "7S 8S 9S"], "fewest_unplayed", 480, 1, 480),
]


#: A twin run lies across the gap that 7S closes.
OVERLAPPING_EXAMPLE = _joining_deal("7S", ["8S 9S 10S", "3S 4S 5S 6S", "3S 4S 5S 6S 7S"])


def _merge_deal(hand: str, melds: list[str], tie: str) -> tuple[list[Card], list[Meld], int, dict]:
    cards, table, decks, options = _joining_deal(hand, melds)
    return cards, table, decks, {**options, "leftover_tie": tie}


def assert_equals_brute_force(hand: list[Card], table: list[Meld], decks: int, options: dict) -> tuple[int, int]:
    """The optimiser's (V*, |U|) equals the brute force's, and its plan is sound; returns them."""
    result = value_leftover(hand, table, decks, options)
    found = (result.best_points, len(result.unplayed))
    assert found == brute_leftover(hand, table, decks, options)
    check_plan(hand, table, decks, options, result)
    return found


@given(case=joinable_deals())
@example(case=_merge_deal(*MERGE_DEALS[0][:3]))
@example(case=_merge_deal(*MERGE_DEALS[1][:3]))
def test_runs_that_may_join_equal_brute_force(case: tuple) -> None:
    assert_equals_brute_force(*case)


@pytest.mark.parametrize(("hand", "melds", "tie", "best", "left", "apart"), MERGE_DEALS)
def test_merge_deals(hand: str, melds: list[str], tie: str, best: int, left: int, apart: int) -> None:
    cards, table, decks, options = _merge_deal(hand, melds, tie)
    assert assert_equals_brute_force(cards, table, decks, options) == (best, left)
    assert value_leftover(cards, table, decks, {**options, "merge_runs": False}).best_points == apart


@pytest.mark.parametrize(("parallel", "expected"), [("allowed", (220, 0)), ("forbidden", (80, 3))])
def test_a_card_joins_runs_only_where_it_pays(parallel: str, expected: tuple[int, int]) -> None:
    """Two decks, 3H–5H and 7H–10H, hand 6H 7H 8H 9H with merge_runs. Parallel melds allowed, the
    four cards go up 3H–5H beside 7H–10H (40 + 50 + 60 + 70 = 220) without joining it: 6H joining
    the runs (80) would leave 7H 8H 9H only a run of their own (30). Forbidden, nothing may lie
    beside 7H–10H, and 6H joins the runs (80) rather than going on one (50) (iceberg-3.7, 4.4)."""
    table = [classify_meld([Card.parse(x) for x in t.split()], 2).meld for t in ("3H 4H 5H", "7H 8H 9H 10H")]
    hand = [Card.parse(x) for x in ["6H", "7H", "8H", "9H"]]
    options = {**DEFAULT_OPTIONS, "parallel_melds": parallel, "merge_runs": True}
    assert assert_equals_brute_force(hand, table, 2, options) == expected


#: iceberg-4.4's example: table 7S–9S and JS–KS, hand 10S JS, two decks.
RULED_EXAMPLE = ("10S JS", ["7S 8S 9S", "JS QS KS"])


@pytest.mark.parametrize("merge", [False, True])
def test_the_ruled_example_is_90_with_and_without_merge_runs(merge: bool) -> None:
    """10S on 7S–9S (40), then JS on 7S–10S (50) = 90; 10S joining the runs first (70) would leave
    JS nowhere to go. Joining is the player's choice, so the value is 90 under both settings."""
    hand, table, decks, options = _joining_deal(*RULED_EXAMPLE)
    options = {**options, "merge_runs": merge}
    result = value_leftover(hand, table, decks, options)
    assert (result.best_points, result.unplayed, result.penalty) == (90, (), -90)
    assert [(step.cards, step.points, step.joins) for step in result.plan] == [(tuple(hand), 90, None)]
    assert assert_equals_brute_force(hand, table, decks, options) == (90, 0)


@given(case=deals(max_hand=12))
@example(case=_joining_deal(*RULED_EXAMPLE))
def test_merge_runs_never_lowers_a_hands_value(case: tuple) -> None:
    """Joining is a choice (iceberg-4.4): with merge_runs a hand's best play is never worth less,
    and with the same points never leaves more cards on the fewest-cards tie (iceberg-6.3)."""
    hand, table, decks, options = case
    joined = value_leftover(hand, table, decks, {**options, "merge_runs": True})
    apart = value_leftover(hand, table, decks, {**options, "merge_runs": False})
    assert joined.best_points >= apart.best_points
    if joined.best_points == apart.best_points and options["leftover_tie"] == "fewest_unplayed":
        assert len(joined.unplayed) <= len(apart.unplayed)


def test_three_runs_join_in_the_order_that_scores_most() -> None:
    """2H–4H, 6H–8H, 10H–QH and hand 5H 9H, one deck: 5H joins the first two (70), 9H the third to
    them (110): 180; joined the other way round, 70 then 110 too, and no order scores more."""
    table = [classify_meld([Card.parse(x) for x in t.split()], 1).meld for t in ("2H 3H 4H", "6H 7H 8H", "10H JH QH")]
    hand = [Card.parse("5H"), Card.parse("9H")]
    options = {**DEFAULT_OPTIONS, "merge_runs": True}
    result = value_leftover(hand, table, 1, options)
    assert result.best_points == 180 and [step.joins for step in result.plan] == [2, 3]
    assert assert_equals_brute_force(hand, table, 1, options) == (180, 0)


def test_the_optimiser_counts_each_lay_off_once_over_several_components() -> None:
    """2S on one of twin runs 3S–5S (40) and the new run 9S 10S JS (30) are two components:
    the play scores 70, however many components come after the lay-off (iceberg-4.2, 6.2)."""
    counts = [[0] * optimiser.N_SUITS for _ in range(optimiser.N_RANKS)]
    for token in ("2S", "9S", "10S", "JS"):
        r, s = cell_of(Card.parse(token))
        counts[r][s] += 1
    lo, suit = cell_of(Card.parse("3S"))
    twin = optimiser.TableRun(suit, lo, lo + 2)
    play = optimiser.solve(optimiser.Problem(tuple(map(tuple, counts)), 2, runs=(twin, twin)))
    assert (play.points, play.unplayed) == (70, [])
    assert play.extensions == {0: ([lo - 1], [])}


def test_a_join_beside_a_twin_run_overlapping_the_gap() -> None:
    """7S on 3S–6S touches 8S–10S and joins them: 8 cards, 80 (iceberg-4.4); the twin 3S–7S
    overlapping the gap does not stop it."""
    assert assert_equals_brute_force(*OVERLAPPING_EXAMPLE) == (80, 0)


@st.composite
def overlapping_runs(draw: st.DrawFn) -> tuple[list[Card], list[Meld], int, dict]:
    """Two decks, runs of one suit laid anywhere, so that they overlap, twin, touch or leave gaps,
    and a hand mostly of that suit; runs may join or not, parallel melds are mostly allowed."""
    suit = draw(st.sampled_from("SHDC"))
    copies = Counter({Card(r, s): 2 for r in RANKS for s in "SHDC"})
    table: list[Meld] = []
    for _ in range(draw(st.integers(1, 6))):
        lo = draw(st.integers(0, 9))
        hi = min(11, lo + draw(st.sampled_from([2, 2, 3, 4, 6])))
        cards = [Card(RANKS[r], suit) for r in range(lo, hi + 1)]
        if all(copies[c] for c in cards):
            copies.subtract(cards)
            table.append(classify_meld(cards, 2).meld)
    if draw(st.booleans()):
        rank = RANKS[draw(st.integers(0, 11))]
        cards = [c for c in (Card(rank, s) for s in "SHDC") if copies[c]][:3]
        if len(cards) == 3:
            copies.subtract(cards)
            table.append(classify_meld(cards, 2).meld)
    pool = [Card(r, suit) for r in RANKS] * 2 + [Card(r, s) for r in RANKS for s in "SHDC" if s != suit]
    # Mostly cards of the runs' suit: each of its 24 copies is six times as likely as another card.
    hand = _hand_of(draw(st.lists(st.sampled_from(pool[:24] * 6 + pool[24:]), min_size=1, max_size=18)), copies, 9)
    options = {
        "penalty": "unplayable",
        "ace_scoring": "plus_20",
        "leftover_tie": draw(st.sampled_from(["fewest_unplayed", "most_unplayed"])),
        "parallel_melds": draw(st.sampled_from(["allowed", "allowed", "allowed", "forbidden"])),
        "merge_runs": draw(st.sampled_from([True, True, False])),
    }
    return hand, table, 2, options


@given(case=overlapping_runs())
@example(case=OVERLAPPING_EXAMPLE)
@example(case=_merge_deal(*MERGE_DEALS[3][:3]))
def test_overlapping_runs_of_one_suit_equal_brute_force(case: tuple) -> None:
    assert_equals_brute_force(*case)
