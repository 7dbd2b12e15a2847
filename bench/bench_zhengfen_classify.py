"""Time Zheng Fen's ``classify`` on random legal and illegal plays of up to 18 cards.

Run by hand: ``PYTHONPATH=. .venv/bin/python bench/bench_zhengfen_classify.py``. Fixed seed, no
files written; prints the median, 99th percentile and worst time per call. Target: median at
most 2 ms, worst at most 20 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from referee.cards import SUITS, Card
from referee.rules.zhengfen import classify
from referee.rules.zhengfen.values import RANK_ORDER, ZHENGFEN_PACK

SEED = 20050604
CALLS = 10_000
MAX_CARDS = 18
STANDARD = RANK_ORDER[:13]
PACK = ZHENGFEN_PACK.cards()
JOKERS = [Card("SJ"), Card("BJ")]


def _with_jokers(rng: random.Random, cards: list[Card]) -> list[Card]:
    """Replace one or two natural cards by jokers, as often as not both."""
    cards = list(cards)
    count = rng.choice((0, 1, 2, 2)) if len(cards) > 1 else 0
    for joker, place in zip(JOKERS[:count], rng.sample(range(len(cards)), count), strict=True):
        cards[place] = joker
    rng.shuffle(cards)
    return cards


def _groups(rng: random.Random, ranks: list[str], size: int) -> list[Card]:
    return [Card(rank, suit) for rank in ranks for suit in rng.sample(SUITS, size)]


def legal_play(rng: random.Random) -> list[Card]:
    """A legal combination of a random type, jokers standing in for some of its cards."""
    kind = rng.choice(("single", "group", "pair_seq", "triple_seq", "four_seq", "suit_seq", "trio", "special"))
    if kind == "single":
        return [rng.choice(PACK)]
    if kind == "group":
        return _with_jokers(rng, _groups(rng, [rng.choice(STANDARD)], rng.randint(2, 4)))
    if kind == "special":
        return rng.choice(([Card("5", "S"), Card("10", "H"), Card("K", "D")], [Card("2", s) for s in SUITS]))
    if kind == "suit_seq":
        length = rng.randint(5, 13)
        low = rng.randint(0, 13 - length)
        suit = rng.choice(SUITS)
        return _with_jokers(rng, [Card(rank, suit) for rank in STANDARD[low : low + length]])
    if kind == "trio":
        trio, pair = rng.sample(STANDARD, 2)
        return _with_jokers(rng, _groups(rng, [trio], 3) + _groups(rng, [pair], 2))
    size = {"pair_seq": 2, "triple_seq": 3, "four_seq": 4}[kind]
    length = rng.randint(3, MAX_CARDS // size)
    low = rng.randint(0, 13 - length)
    return _with_jokers(rng, _groups(rng, list(STANDARD[low : low + length]), size))


def random_play(rng: random.Random) -> list[Card]:
    """Any 1 to 18 cards of the pack, both jokers among them half the time (mostly illegal)."""
    size = rng.randint(1, MAX_CARDS)
    if size >= 2 and rng.random() < 0.5:
        return [*rng.sample(PACK[:52], size - 2), *JOKERS]
    return rng.sample(PACK, size)


def timed(plays: list[list[Card]]) -> tuple[list[float], int]:
    times: list[float] = []
    legal = 0
    for cards in plays:
        start = time.perf_counter()
        result = classify(cards)
        times.append((time.perf_counter() - start) * 1000)
        legal += result.legal
    return times, legal


def report(name: str, times: list[float], legal: int) -> None:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(
        f"{name:<8} {len(times):>6} calls ({legal} legal): median {statistics.median(times):.3f} ms, "
        f"p99 {p99:.3f} ms, worst {ordered[-1]:.3f} ms"
    )


def main() -> int:
    rng = random.Random(SEED)
    legal_plays = [legal_play(rng) for _ in range(CALLS)]
    random_plays = [random_play(rng) for _ in range(CALLS)]
    timed(legal_plays[:200])
    legal_times, legal_count = timed(legal_plays)
    random_times, random_count = timed(random_plays)
    report("legal", legal_times, legal_count)
    report("random", random_times, random_count)
    every = legal_times + random_times
    report("all", every, legal_count + random_count)
    ok = statistics.median(every) <= 2 and max(every) <= 20
    print("target (median <= 2 ms, worst <= 20 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
