"""Benchmark of the Iceberg leftover valuation (iceberg-6.2): run by hand, prints its figures.

    PYTHONPATH=. .venv/bin/python bench/bench_iceberg_leftover.py

Every time is also given as a ratio against a baseline measured in the same run: a bare call of
the JSON API's ``leftover`` check (an empty hand, so the optimiser has nothing to do), through
the app's test client. Times are the CPU time of the process (``time.process_time``): on a
machine shared with other work, waiting for a processor would count in a wall-clock time.

Figures and targets:

* the worst 32-card two-deck deals that ``bench/search_iceberg_worst.py`` found (``WORST``, the
  hand and the table as given): each ≤ 50 ms, with the house option ``merge_runs`` too (a card
  closing the gap between two runs may join them, iceberg-4.4); and the worst deals its search
  with ``--merge-runs`` found (``WORST_JOINING``), valued with ``merge_runs``: each ≤ 50 ms;
* random two-deck deals with a fixed seed, a hand drawn from what 8 random table melds (sets and
  runs of 3 to 5 cards) leave of the 104 cards: 30-card hands, median ≤ 2 ms; 15-card hands,
  median ≤ 20 ms and worst ≤ 200 ms; the dense stress hands below;
* the speed-up over the brute-force search of the tests at 10 and 12 cards, both giving the
  same answers.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections import Counter

from referee import create_app
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

#: The worst deals (hand, table melds) that bench/search_iceberg_worst.py found, each of 32 cards,
#: two decks. The search maximises the optimiser's work; the first six are of its latest runs
#: (counting the lanes' work too), the third one on which a narrow beam finds no play. The next
#: three came later: the first of them then the slowest of all (its programme with a colour
#: special was cut down only once the colour's two lanes bounded a sweep's states together),
#: the other two the slowest after that. The two after those: narrow beams lost every play of
#: their programmes with colour specials, and the bounds of a colour's lanes together gave up.
#: The last three: bounds far above the best play (the lanes credit a card left to sets at its
#: rank's best set per card, however few cards go to it), which sweeps from near the ceiling only
#: slowed.
WORST: list[tuple[str, list[str]]] = [
    (
        "3C 5C 9H 10H 2C QD 4D 6H 4S 5S 8D JH 8H 3H 6C 6S 5D 4C 3S 5H 3D 9D 5D 7D 7H 3H 6D 2H 7C 4H 6D KD",
        [
            "JS JS JH JD JC",
            "4H 5H 6H",
            "4C 5C 6C",
            "7S 7D 7C",
            "2S 2H 2D",
            "10S 10S 10H 10D 10D 10C",
            "2S 3S 4S",
            "9C 10C JC QC",
        ],
    ),
    (
        "8D 5S JH 6S 9H 2D 4S 3D 4H 9C KD 6C QH 7S 6D 7C KH 5H 2S 10C 6H 8C 9D JD 8S QD 7D 8H 9S 10H QS 10D",
        [
            "10H JH QH KH",
            "2S 2H 2H 2D 2C",
            "10D JD QD KD",
            "3H 3D 3C",
            "KS KS KC",
            "4D 4D 4C 4C",
            "8C 9C 10C",
            "6S 7S 8S 9S 10S",
            "3H 4H 5H 6H",
        ],
    ),
    (
        "9D 10D 9H 8D 9C 7H JC 9S 8S 7C KC 9H 4H 10H 7C 2H 8D 8C 8S 3H 6D 9S 10S 8H 8H 3C 7S JS JD 9D 5S 7D",
        [
            "4H 5H 6H",
            "5H 6H 7H",
            "10H JH QH KH",
            "10S JS QS KS",
            "4S 4S 4D 4D 4C 4C",
            "10C JC QC KC",
            "JH QH KH",
            "2S 2H 2D 2D 2C 2C",
            "6S 6D 6C 6C",
            "10D JD QD",
        ],
    ),
    (
        "9D 2S 9H 7C 9C 7H 8H 3D 10H 8S 3D 9H 4H 6S 10D 2H 8D 8C JH 3H 6C 9S 10S 6D 8H 10C 7S 3S 10C 9D 5S 7D",
        [
            "3H 4H 5H 6H",
            "5H 6H 7H",
            "10H JH QH KH",
            "4S 5S 6S 7S 8S 9S",
            "5D 5D 5C 5C",
            "4S 4D 4D 4C 4C",
            "6D 7D 8D",
            "2S 2D 2D 2C",
        ],
    ),
    (
        "6D JD 4D 10C 8C 9H 8D 9S 8S 4S 5D 4S 6H 3H QC 10D 6C 5S 7S 2H 7C KD 6S 5H 4H 2C 3D 7D 7H QS 5D QD",
        ["9S 9H 9D 9D", "JS JH JH JD JC JC", "6S 7S 8S", "10S 10D 10C", "QS QD QC", "8H 8H 8D", "5H 5C 5C", "KH KD KC"],
    ),
    (
        "2H 5D 5H 2D 2D 4H 6H 8H 5H 7H 3H JH 6D 3D QD 9D 3H JD 10H QH 3D 9H 4H 10D 7H 6H 8H KD 4D KH 2H 5D",
        ["9H 10H JH QH", "6D 7D 8D", "7D 8D 9D 10D", "7S 7S 7C 7C", "3S 3C 3C", "JC QC KC", "4S 4S 4D 4C"],
    ),
    (
        "4D 9C 9H QD 8C 4H 2C 10D 10C 5H 10H 2H QC KC JD 6S 3H 10S 4C 2C 3D 9D JD QH KH 9S 8S JH 8D 6H QS JC",
        [
            "4S 5S 6S 7S",
            "8H 9H 10H",
            "5D 6D 7D 8D 9D 10D",
            "8S 8H 8C",
            "10S JS QS KS",
            "4S 4D 4C",
            "3S 3H 3D 3C 3C",
            "9C 10C JC QC",
        ],
    ),
    (
        "5D 8D JS 9H 6C 5S 4C KS 8S 9D 2C JC KC 3S QS 7C 9S 10S 9S QC 4D 2D 10C 5C 10D 10H 6D QH 6C 9C 8H 6H",
        [
            "4S 5S 6S 7S 8S",
            "3S 3H 3H 3D 3D 3C",
            "7C 8C 9C 10C",
            "JD QD KD",
            "9H 10H JH",
            "5H 6H 7H",
            "JH QH KH",
            "7D 8D 9D",
            "JD QD KD",
            "10S JS QS KS",
        ],
    ),
    (
        "3D 7H 6H 5S 7S 5H 8H 9S 4S 5S 5D QS 7C 8S KH KS JD 6C 6D 6S 5C 2C 6H JS 3C 2H 10S 5D 3H 4D 4H 9H",
        [
            "3H 4H 5H",
            "7D 8D 9D 10D",
            "7D 8D 9D 10D",
            "10S 10H 10H 10C",
            "9S 9C 9C",
            "8H 8C 8C",
            "QS QH QC QC",
            "JS JH JH JD JC JC",
        ],
    ),
    (
        "5C 3C 7S 4S 5D 2S 6C 5H QC 9S QH 8H 7H 8D 4H 9H 2C 7C 3S 4C 5C 7S 8S 9C 8C 10S 8S 6H 6C 5S 6S 4C",
        ["JS QS KS", "4S 5S 6S", "2S 2H 2C", "2D 3D 4D 5D 6D 7D", "3S 3H 3H 3D 3C", "9C 10C JC QC KC", "10H JH QH KH"],
    ),
    ("7C 4S QS 6C 6H 6D 7S 10C 2S 3C 7H JS KC 4D 6S 9C 6S 5H 3S 8S 7D 5S 6H 5D 4H 8H 8C 10D 7H 4C 5C 5C", []),
    (
        "7D KD KD 10S 9S 8S 2D JD 8C 10C QD 9H 5D 9D 8D 6D 10D 8H JH 9C JC 10D 4H KS KH QH 7C 6H JH 9S JD 10H",
        [
            "7H 8H 9H 10H",
            "10S JS QS",
            "7D 8D 9D",
            "5S 6S 7S",
            "5S 5H 5H 5D 5C 5C",
            "7S 7H 7C",
            "JS QS KS",
            "6S 6H 6D 6C 6C",
            "8C 9C 10C",
        ],
    ),
    (
        "2S 7C 6S 9S JC 8S KS 7C 9C 5S 7S 6S 8C 3C 9D 9S 8D 8H 8C 10S 4S 8S 7S 6C 10C 9H 4C 9H QC JS 5C QC",
        [
            "10H JH QH KH",
            "4H 4D 4C",
            "5S 5D 5D 5C",
            "9C 10C JC",
            "2H 2D 2C",
            "6H 6D 6D",
            "3S 3S 3D",
            "2D 4H 6H 8H 10H QH",
            "8D 9D 10D",
        ],
    ),
    (
        "10H 4H KH 6C 7D 2S 8C 8D 4D JH 7H QS 10S 6H 4D 2D 6D QH 5D 10D 3D 10C 6D 9D 4S 9C 7D 9H 8D 5D 6H 5H",
        [
            "8S 8H 8H",
            "10D JD QD KD",
            "5S 6S 7S 8S 9S",
            "2H 3H 4H 5H",
            "5S 6S 7S",
            "JH QH KH",
            "QS QC QC",
            "KS KS KC",
            "JD QD KD",
            "2S 2H 2D 2C",
        ],
    ),
    (
        "6H 8D 2C 10H 5S 3C 4H QH 8H 10C 9D 6D 5H KD 3H 5D 6D 2H 6H 6S 3D 4D 7H 9H 5S 4C 2D 5D 7H 7D JH 7S",
        [
            "10H JH QH KH",
            "10S 10S 10C",
            "10D JD QD KD",
            "2S 3S 4S",
            "3H 4H 5H",
            "5C 6C 7C 8C 9C",
            "10D JD QD",
            "6S 7S 8S 9S",
            "3C 4C 5C 6C",
        ],
    ),
    (
        "9C 3C 10S 6S 2C 7C 9S QS JS 7C 6C 8D 4S 2S 5C 8C QC 8C 6S 9S 10C 7S 5S 8S 3S 4C 4C 8S 10S KC 2S 6C",
        [
            "JS QS KS",
            "JC QC KC",
            "3S 3H 3C",
            "2D 3D 4D 5D 6D 7D",
            "JH QH KH",
        ],
    ),
    (
        "3C 2S 10H 9C JD 7D 8H 6D 8D 8C QH 7S 9D 9H 8S 10S 5H 9S 3C 7C 8C 8H KS 4D 5C 2D 10D 10C JS 6S 7S 8S",
        [
            "5D 6D 7D 8D 9D 10D",
            "3S 4S 5S 6S",
            "9H 10H JH",
            "3S 4S 5S",
            "4H 4H 4D",
            "4C 5C 6C 7C",
            "10S JS QS KS",
            "3H 3H 3D",
            "10C JC QC KC",
            "JH JD JC",
        ],
    ),
    (
        "8H 9C KH 8C 7C 5H JD 9S 10S 6S 5S 7H 6H 6S JC 5D 6C 8S KS JC 6D KD 8C 7S JH 8D 8S 9D 9H 4D 3C 7D",
        [
            "10S JS QS",
            "6D 7D 8D 9D 10D",
            "2S 3S 4S",
            "4C 5C 6C",
            "3S 3H 3D 3C",
            "6H 7H 8H 9H 10H",
            "5S 5H 5D 5C",
            "4S 4H 4D",
            "JS QS KS",
        ],
    ),
    (
        "9S 3S 8C 8H 4S 8D 9H 8D 6C 7D 9C QH 9C 8H 2C 10S 8C 7D 9S 6S 3H 6D 10H 10H 7C 3C 10C 8S QD QC 7S 9H",
        [
            "9D 10D JD",
            "4C 5C 6C 7C",
            "2D 3D 4D 5D",
            "2S 2S 2H 2C",
            "3H 3D 3C",
            "4S 5S 6S 7S 8S",
            "4D 5D 6D",
            "9D 10D JD",
            "4H 5H 6H",
        ],
    ),
]


#: The worst deals (hand, table melds) that bench/search_iceberg_worst.py --merge-runs found, each
#: of 32 cards, two decks, valued with merge_runs: its search lays most new table runs a gap of one
#: to three ranks from a run of their suit, so that cards may join them. The first two it found
#: against the valuation that solved the programme again for each choice of runs to join (it took
#: 0.35 s and 0.14 s on them, and valued the first below its value without merge_runs); the
#: others against the sweep that takes joining as one more move.
WORST_JOINING: list[tuple[str, list[str]]] = [
    (
        "6H 10H 10C 3C 2H 5D 8D 5C 4D QD 6H 4H 6S 6S 3D 2S 3H 4S 7H 7S 8H 2C 7C 2H 7D 4C 8S 6C 6D 5S 5H 6D",
        [
            "3C 4C 5C",
            "8C 9C 10C JC QC",
            "2S 2D 2D 2C",
            "3S 4S 5S",
            "7C 8C 9C",
            "JC QC KC",
            "9S 10S JS QS",
            "7S 7H 7D",
            "JH JD JD",
        ],
    ),
    (
        "5C 8D 5D 7S 10S 8S 5H 10H 7C 10C 8H 10D 7H 5H 8C 9D 6H 10C 6S 9H 8D 5C 7S 6C 2S 8S 9S 5S 4C QC 10D 9C",
        [
            "10S JS QS",
            "2S 3S 4S 5S 6S",
            "6C 7C 8C 9C",
            "7H 8H 9H",
            "4S 4H 4H 4D 4D 4C",
            "JC QC KC",
            "KS KH KD",
            "3S 3H 3D 3D 3C",
        ],
    ),
    (
        "2S 8H 8C 7S 4D 6C 7H QS 4S 7S 6S 7D 7H 7C 7C 2C 4S 3D 6S 5D 6C 6H 6H 5C 6D 8S 8D 8H 2D 10C 3S 5S",
        [
            "2H 2H 2D",
            "3C 4C 5C",
            "8C 9C 10C",
            "4D 5D 6D",
            "3H 3H 3C",
            "10S 10S 10H 10H 10D 10D",
            "3D 5H 7D 9D JH KH",
            "9S 9H 9D 9C",
        ],
    ),
    (
        "7S QC 7H 8C KC 8S 10C QH 3S 9C 10C 9S 4C 8C 7D 9D QD 6S 5S 6S JC 8S 6C 7S 10S 7C 9S 9H QS 2C JS 9C",
        ["JC QC KC", "3C 4C 5C 6C 7C", "KS KS KH KD", "5H 5D 5C", "4S 4H 4D", "2S 2H 2H 2D"],
    ),
    (
        "7C 10H 9S 10D JS QH 8C QD QC KS JD 5S QS 10C JC 5C 9H JC QD QS JD 8S 10S 3S 4C KC JH 9C KD KD QC KH",
        ["6C 7C 8C 9C 10C", "6S 7S 8S 9S 10S JS", "2C 3C 4C", "JH QH KH", "5S 5H 5H 5C", "7S 7H 7H 7D", "2S 2D 2C"],
    ),
    (
        "9C 10D 6S 5C JH QH 8S JD 6D 10C 9D JC QC 2C JC 7S 6D QH 3S 5S 4C QS KC 10S 7S 8C 6S JS 9S QC QD JD",
        ["4S 4H 4H 4D 4C", "6C 7C 8C 9C 10C", "8S 9S 10S JS", "6H 6H 6C", "7H 7D 7C"],
    ),
    ("5D 4D 10D QD 6D 7D 8H 8C 9H 4D 4H 2H 7H 8D QD JD 7H 10H 7D 9D 8D 5H 6D 3D 5H 2H 3H KH 6H 6H 8H 10D", []),
    (
        "8S 7H 4H 5H 8D KD 7D 8C 9S 5D 5C 8H JH 6D 2D 4D 7C QH 7H 10H 6C 9H 7S 2D 9H 6H 7D 3D 8D 8H 8S 3H",
        ["4D 5D 6D", "9D 10D JD QD", "9D 10D JD QD KD", "3S 3S 3H 3D 3C 3C", "2S 2S 2H 2H 2C", "4S 4S 4H 4C"],
    ),
    (
        "KH QD 10H QH 10H QS 9H JC JS JC 8D 6D 10D JH 10D 7D 3D 6D 8D QH QC KC 7D JD 9D 9D 5H 9S JH 5D JD 10S",
        ["6H 7H 8H 9H", "KS KH KD KD", "6S 6S 6H 6C 6C", "5S 5S 5H 5D 5C 5C", "7S 7S 7H"],
    ),
    ("10D 4D 8D JH 6H 6D 8H KH 4H 7D 8H 2D QH 10D 5H 2D 9D 9H 5D JH 3H 7H 3D 9D 4D 6H 10H 8C 8D JD QD 10H", []),
]


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


JOINING = {**OPTIONS, "merge_runs": True}


def timed(hand: list[Card], table: list[Meld], decks: int = 2, options: dict | None = None) -> tuple[float, int, int]:
    start = time.process_time()
    result = value_leftover(hand, table, decks, options or OPTIONS)
    return time.process_time() - start, result.best_points, len(result.unplayed)


def parsed(deals: list[tuple[str, list[str]]]) -> list[tuple[list[Card], list[Meld]]]:
    """The deals of a list like ``WORST``: two decks, every table meld legal."""
    found = []
    for hand_text, melds in deals:
        hand = [Card.parse(t) for t in hand_text.split()]
        table = [classify_meld([Card.parse(t) for t in m.split()], 2).meld for m in melds]
        found.append((hand, [m for m in table if m is not None]))
    return found


def baseline(repeat: int = 200) -> float:
    """The median time of a bare call of the JSON API's ``leftover`` check (an empty hand)."""
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-")})
    client = app.test_client()
    body = {"hand": [], "table": [], "decks": 2}
    times = []
    for _ in range(repeat):
        start = time.process_time()
        response = client.post("/api/v1/iceberg/leftover", json=body)
        times.append(time.process_time() - start)
        assert response.status_code == 200, response.data
    return statistics.median(times)


def best_of(hand: list[Card], table: list[Meld], runs: int = 3, options: dict | None = None) -> float:
    """The least of a few timings: the machine's other work only ever adds to a time."""
    return min(timed(hand, table, options=options)[0] for _ in range(runs))


def figure(seconds: float, unit: float) -> str:
    return f"{seconds * 1e3:.2f} ms ({seconds / unit:.0f}× baseline)"


def main() -> None:
    rng = random.Random(SEED)
    unit = baseline()
    print(f"Baseline, a bare call of the JSON API's leftover check: {unit * 1e3:.2f} ms")

    for title, deals, options in (
        ("Worst deals of the adversarial search", WORST, OPTIONS),
        ("The same deals with merge_runs", WORST, JOINING),
        ("Worst deals of the adversarial search with merge_runs, valued with it", WORST_JOINING, JOINING),
    ):
        times = [best_of(hand, table, options=options) for hand, table in parsed(deals)]
        if times:
            print(f"{title}, {len(times)} of 32 cards against up to 10 table melds:")
            print(f"  slowest {figure(max(times), unit)}, median {figure(statistics.median(times), unit)}")
            print("  (target: each ≤ 50 ms)")

    thirty = [best_of(*deal(rng, 30), runs=1) for _ in range(300)]
    print("30-card two-deck hands against 8 table melds, 300 hands:")
    print(f"  median {figure(statistics.median(thirty), unit)}, worst {figure(max(thirty), unit)}")
    print("  (target: median ≤ 2 ms)")

    times = [timed(*deal(rng, 15))[0] for _ in range(1000)]
    times.sort()
    print("15-card two-deck hands against 8 table melds, 1000 hands:")
    print(f"  median {statistics.median(times) * 1e3:.2f} ms, 99th percentile {times[989] * 1e3:.2f} ms,")
    print(f"  worst {times[-1] * 1e3:.2f} ms   (targets: median ≤ 20 ms, worst ≤ 200 ms)")

    print("Dense stress hands, no table:")
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
        print(f"  {len(hand)} cards, {name}: {figure(seconds, unit)} (V* = {points}, {left} left)")

    print("Speed-up over the brute force (same answers required):")
    for label, make in (("random deals as above", deal), ("dense hands (5 ranks × 2 suits)", dense_deal)):
        for size, count in ((10, 20), (12, 10)):
            fast: list[float] = []
            slow: list[float] = []
            for _ in range(count):
                hand, table = make(rng, size)
                seconds, points, left = timed(hand, table)
                start = time.process_time()
                expected = brute_leftover(hand, table, 2, OPTIONS)
                slow.append(time.process_time() - start)
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
