"""Benchmark of the Iceberg leftover valuation (iceberg-6.2): run by hand, prints its figures.

    PYTHONPATH=. .venv/bin/python bench/bench_iceberg_leftover.py

Random two-deck deals with a fixed seed: a hand drawn from what 8 random table melds (sets and
runs of 3 to 5 cards) leave of the 104 cards. Figures: the time of ``value_leftover`` on 1000
hands of 15 cards (targets: median ≤ 20 ms, worst ≤ 200 ms); 30-card stress hands (target: each
within 2 s); and the speed-up over the brute-force search of the tests at 10 and 12 cards, both
giving the same answers.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from referee.cards import Card
from referee.rules.iceberg.deck import MELD_RANKS
from referee.rules.iceberg.leftover import value_leftover
from referee.rules.iceberg.melds import Meld, classify_meld
from tests.rules.test_iceberg_bruteforce import brute_leftover

SEED = 20240611
OPTIONS = {
    "penalty": "unplayable",
    "ace_scoring": "plus_20",
    "leftover_tie": "fewest_unplayed",
    "parallel_melds": "allowed",
}


def deal(rng: random.Random, hand_size: int, melds: int = 8, decks: int = 2) -> tuple[list[Card], list[Meld]]:
    copies = Counter({Card(r, s): decks for r in (*MELD_RANKS, "A") for s in "SHDC"})
    table: list[Meld] = []
    while len(table) < melds:
        if rng.random() < 0.5:
            rank = rng.choice(MELD_RANKS)
            pool = [Card(rank, s) for s in "SHDC" for _ in range(copies[Card(rank, s)])]
            size = rng.randint(3, 5)
            if len(pool) < size:
                continue
            cards = rng.sample(pool, size)
        else:
            suit = rng.choice("SHDC")
            start = rng.randrange(10)
            end = min(11, start + rng.randint(2, 4))
            cards = [Card(MELD_RANKS[r], suit) for r in range(start, end + 1)]
            if any(copies[c] == 0 for c in cards):
                continue
        meld = classify_meld(cards, decks).meld
        if meld is None:
            continue
        copies.subtract(cards)
        table.append(meld)
    pool = [card for card, n in copies.items() for _ in range(n)]
    return rng.sample(pool, hand_size), table


def dense_deal(rng: random.Random, hand_size: int, decks: int = 2) -> tuple[list[Card], list[Meld]]:
    """A hand packed into 5 ranks of 2 suits, with up to 4 table melds in reach: every card interacts."""
    copies = Counter({Card(r, s): decks for r in MELD_RANKS for s in "SHDC"})
    low = rng.randrange(7)
    suits = rng.sample("SHDC", 2)
    table: list[Meld] = []
    for _ in range(40):
        if len(table) == 4:
            break
        if rng.random() < 0.5:
            rank = MELD_RANKS[rng.randrange(low, low + 5)]
            pool = [Card(rank, s) for s in "SHDC" for _ in range(copies[Card(rank, s)])]
            cards = rng.sample(pool, min(3, len(pool)))
        else:
            start = rng.choice([max(0, low - 3), min(9, low + 5)])
            cards = [Card(MELD_RANKS[r], rng.choice(suits)) for r in range(start, start + 3)]
        meld = classify_meld(cards, decks).meld
        if meld is None or any(copies[c] < n for c, n in Counter(cards).items()):
            continue
        copies.subtract(cards)
        table.append(meld)
    pool = [
        Card(MELD_RANKS[r], s)
        for r in range(low, low + 5)
        for s in suits
        for _ in range(copies[Card(MELD_RANKS[r], s)])
    ]
    return rng.sample(pool, hand_size), table


def timed(hand: list[Card], table: list[Meld], decks: int = 2) -> tuple[float, int, int]:
    start = time.perf_counter()
    result = value_leftover(hand, table, decks, OPTIONS)
    return time.perf_counter() - start, result.best_points, len(result.unplayed)


def main() -> None:
    rng = random.Random(SEED)

    times = [timed(*deal(rng, 15))[0] for _ in range(1000)]
    times.sort()
    print("15-card two-deck hands against 8 table melds, 1000 hands:")
    print(f"  median {statistics.median(times) * 1e3:.2f} ms, 99th percentile {times[989] * 1e3:.2f} ms,")
    print(f"  worst {times[-1] * 1e3:.2f} ms   (targets: median ≤ 20 ms, worst ≤ 200 ms)")

    stress = [timed(*deal(rng, 30))[0] for _ in range(50)]
    print("30-card stress hands:")
    print(
        f"  50 random two-deck deals: median {statistics.median(stress) * 1e3:.1f} ms, worst {max(stress) * 1e3:.1f} ms"
    )
    dense = {
        "one deck, 2 to 8 in three suits, the four queens, 9H 9D 10H JH KH": (
            [Card(r, s) for r in MELD_RANKS[:7] for s in "HDS"]
            + [Card(MELD_RANKS[10], s) for s in "HDSC"]
            + [Card("9", s) for s in "HD"]
            + [Card("10", "H"), Card("J", "H"), Card("K", "H")],
            1,
        ),
        "two decks, every heart and diamond 2 to K, with spades 2 to 7": (
            [Card(r, s) for r in MELD_RANKS for s in "HD"] + [Card(r, "S") for r in MELD_RANKS[:6]],
            2,
        ),
    }
    for name, (hand, decks) in dense.items():
        seconds, points, left = timed(hand, [], decks)
        print(f"  {len(hand)} cards, {name}: {seconds * 1e3:.1f} ms (V* = {points}, {left} left)   (target ≤ 2 s)")

    print("Speed-up over the brute force (same answers required):")
    for label, make in (("random deals as above", deal), ("dense hands (5 ranks × 2 suits)", dense_deal)):
        for size, count in ((10, 20), (12, 10)):
            fast: list[float] = []
            slow: list[float] = []
            for _ in range(count):
                hand, table = make(rng, size)
                seconds, points, left = timed(hand, table)
                start = time.perf_counter()
                expected = brute_leftover(hand, table, 2, OPTIONS)
                slow.append(time.perf_counter() - start)
                fast.append(seconds)
                if expected != (points, left):
                    raise SystemExit(f"disagreement on {hand} / {table}: {expected} against {(points, left)}")
            ratio = statistics.median(s / f for s, f in zip(slow, fast, strict=True))
            print(
                f"  {label}, {size} cards, {count} hands: brute force median {statistics.median(slow) * 1e3:.1f} ms, "
                f"optimiser {statistics.median(fast) * 1e3:.2f} ms; median speed-up ×{ratio:.0f}"
            )


if __name__ == "__main__":
    main()
