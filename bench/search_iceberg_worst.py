"""Adversarial search for the Iceberg leftover optimiser's worst case (iceberg-6.2).

    PYTHONPATH=. .venv/bin/python bench/search_iceberg_worst.py [--seconds 300] [--size 32] [--seed 1] [--merge-runs]

Hill-climbs over two-deck deals: a hand of ``--size`` cards and a table of up to 10 legal melds,
together within the 104 cards. A step changes one hand card, or puts, replaces or removes one
table meld; a step is kept when it makes the optimiser do at least as much work. Work is the
optimiser's deterministic count of the states it visits (``optimiser.effort.EFFORT``), so a search
does not depend on the machine's load; the time of the worst deal is printed beside it.
Restarts from a fresh random deal when a climb stalls. Prints the worst deals found, as the
lines to paste into ``bench/bench_iceberg_leftover.py`` (``WORST``, or ``WORST_JOINING`` for the
deals found with ``--merge-runs``, which values every deal with the house option ``merge_runs``:
a card closing the gap between two runs may join them, iceberg-4.4). With that option a new
table run is most often laid in a suit already on the table, a gap of one to three ranks from
one of its runs, so that the deals offer runs to join.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from referee.cards import Card
from referee.rules.iceberg.deck import MELD_RANKS
from referee.rules.iceberg.leftover import value_leftover
from referee.rules.iceberg.melds import Meld, classify_meld
from referee.rules.iceberg.optimiser.effort import EFFORT

DECKS = 2
MAX_MELDS = 10
SUITS = "HDSC"
ALL_CARDS = [Card(r, s) for r in MELD_RANKS for s in SUITS]
STALL = 300

Deal = tuple[list[Card], list[Meld]]


def random_meld(rng: random.Random, free: Counter[Card], table: list[Meld], joining: bool = False) -> Meld | None:
    """A legal set, run or special that the free copies can still make, or None; ``joining``, a run
    is most often laid a gap away from a run of ``table``."""
    kind = rng.choice(["set", "run", "run", "special"])
    runs = [meld for meld in table if meld.kind == "run"]
    if kind == "run" and joining and runs and rng.random() < 0.7:
        near = rng.choice(runs)
        lo, hi = near.span
        length = rng.randint(3, 5)
        gap = rng.randint(1, 3)
        start = hi + 1 + gap if rng.random() < 0.5 else lo - gap - length
        if start < 0 or start + length > len(MELD_RANKS):
            return None
        cards = [Card(MELD_RANKS[r], near.suit) for r in range(start, start + length)]
    elif kind == "set":
        rank = rng.choice(MELD_RANKS)
        pool = [Card(rank, s) for s in SUITS for _ in range(free[Card(rank, s)])]
        size = rng.randint(3, 6)
        if len(pool) < size:
            return None
        cards = rng.sample(pool, size)
    elif kind == "run":
        suit = rng.choice(SUITS)
        start = rng.randrange(10)
        end = min(11, start + rng.randint(2, 5))
        cards = [Card(MELD_RANKS[r], suit) for r in range(start, end + 1)]
    else:
        colour = rng.choice(["HD", "SC"])
        cards = [Card(MELD_RANKS[r], rng.choice(colour)) for r in range(rng.randrange(2), 12, 2)]
    if any(free[c] < n for c, n in Counter(cards).items()):
        return None
    return classify_meld(cards, DECKS).meld


def free_copies(hand: list[Card], table: list[Meld]) -> Counter[Card]:
    free = Counter({card: DECKS for card in ALL_CARDS})
    free.subtract(hand)
    for meld in table:
        free.subtract(meld.cards)
    return free


def random_deal(rng: random.Random, size: int, joining: bool = False) -> Deal:
    table: list[Meld] = []
    for _ in range(rng.randint(0, MAX_MELDS)):
        meld = random_meld(rng, free_copies([], table), table, joining)
        if meld is not None:
            table.append(meld)
    free = free_copies([], table)
    pool = [card for card, n in free.items() for _ in range(n)]
    # Hands that crowd a few suits and ranks make the most melds interact.
    suits = rng.sample(SUITS, rng.randint(1, 4))
    crowded = [c for c in pool if str(c.suit) in suits]
    source = crowded if len(crowded) >= size else pool
    return rng.sample(source, size), table


def mutate(rng: random.Random, deal: Deal, joining: bool = False) -> Deal:
    hand, table = list(deal[0]), list(deal[1])
    move = rng.random()
    if move < 0.7 or (not table and move < 0.85):
        free = free_copies(hand, table)
        near = [c for c in free.elements() if rng.random() < 0.5]
        if near:
            hand[rng.randrange(len(hand))] = rng.choice(near)
        return hand, table
    if move < 0.85 and len(table) < MAX_MELDS:
        meld = random_meld(rng, free_copies(hand, table), table, joining)
        if meld is not None:
            table.append(meld)
        return hand, table
    if table:
        index = rng.randrange(len(table))
        removed = table.pop(index)
        if rng.random() < 0.5:
            meld = random_meld(rng, free_copies(hand, table), table, joining)
            table.insert(index, meld if meld is not None else removed)
    return hand, table


def options_for(joining: bool) -> dict[str, bool]:
    return {"merge_runs": True} if joining else {}


def work_of(deal: Deal, joining: bool = False) -> int:
    EFFORT.done = 0
    value_leftover(deal[0], deal[1], DECKS, options_for(joining))
    return EFFORT.done


def timed(deal: Deal, joining: bool = False) -> float:
    start = time.perf_counter()
    value_leftover(deal[0], deal[1], DECKS, options_for(joining))
    return time.perf_counter() - start


def search(
    rng: random.Random, size: int, seconds: float, keep: int, verbose: bool = False, joining: bool = False
) -> list[tuple[int, Deal]]:
    deadline = time.monotonic() + seconds
    found: list[tuple[int, Deal]] = []
    while time.monotonic() < deadline:
        deal = random_deal(rng, size, joining)
        work = work_of(deal, joining)
        stall = 0
        while stall < STALL and time.monotonic() < deadline:
            candidate = mutate(rng, deal, joining)
            effort = work_of(candidate, joining)
            if effort > work:
                deal, work, stall = candidate, effort, 0
                if verbose:
                    print(f"  work {work}, {timed(deal, joining) * 1e3:.1f} ms", flush=True)
                    print(as_source(deal), flush=True)
            else:
                if effort == work:
                    deal = candidate
                stall += 1
        found.append((work, deal))
        found.sort(key=lambda item: -item[0])
        del found[keep:]
        print(f"climb ended at work {work}; best so far {found[0][0]}", flush=True)
    return found


def as_source(deal: Deal) -> str:
    hand = " ".join(map(str, deal[0]))
    table = ", ".join(f'"{" ".join(map(str, meld.cards))}"' for meld in deal[1])
    return f'    ("{hand}", [{table}]),'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=5)
    parser.add_argument("--verbose", action="store_true", help="print every improvement")
    parser.add_argument("--merge-runs", action="store_true", help="value the deals with the house option merge_runs")
    args = parser.parse_args()
    joining = args.merge_runs
    found = search(random.Random(args.seed), args.size, args.seconds, args.keep, args.verbose, joining)
    print(f"\nWorst {len(found)} deals of {args.size} cards (work, time):")
    for work, deal in found:
        print(f"  work {work}, {timed(deal, joining) * 1e3:.1f} ms")
    print("\nWORST_JOINING = [" if joining else "\nWORST = [")
    for _, deal in found:
        print(as_source(deal))
    print("]")


if __name__ == "__main__":
    main()
