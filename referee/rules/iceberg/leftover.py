"""What a hand left at the end of a deal costs (iceberg-6.2–6.7, iceberg-8.1, 8.3).

The holder imagines one more turn on the final table: V* is the most that hand can score, U the
cards left by the play that reaches V* (the fewest, unless the house says the most), and the
penalty is −V* − 10 × |U| (or −10 for every card held, Bower's rule).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cards import Card
from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Message, msg
from referee.rules.iceberg.deck import ACE_POINTS, card_at, cell_of, is_ace, quoted, run_key, set_key
from referee.rules.iceberg.joining import lay_off_joining
from referee.rules.iceberg.melds import KIND_NAMES, Meld, grow, layoff_points, meld_clause, melded
from referee.rules.iceberg.optimiser import N_RANKS, N_SUITS, JoinedRuns, Play, Problem, TableRun, solve
from referee.rules.iceberg.optimiser.joins import gap_fill, shape_of
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.wording import penalty_text, total

#: No hand at the end of a deal comes near this: 7 dealt cards and one more per turn make at
#: most 28. The search is exact for any hand, but its time grows quickly with the hand's size.
MAX_HAND = 32


@dataclass(frozen=True)
class PlanStep:
    """One step of the imagined turn: expose aces, lay a new meld, or lay off on a table meld."""

    action: str
    cards: tuple[Card, ...]
    points: int
    steps: tuple[int, ...]
    text: Message
    rule: str
    kind: str | None = None
    #: For a lay-off: the number of the meld in the table as given (1 = first), and that meld.
    onto: int | None = None
    target: Meld | None = None
    #: For a lay-off that joins two runs: the number of the table meld joined to ``onto``.
    joins: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "action": self.action,
            "cards": [str(c) for c in self.cards],
            "points": self.points,
            "steps": list(self.steps),
            "text": self.text.render(),
            "rule": self.rule,
            "message": self.text.as_json(),
        }
        if self.kind is not None:
            data["kind"] = self.kind
        if self.onto is not None and self.target is not None:
            data["onto"] = self.onto
            data["meld"] = self.target.strings()
        if self.joins is not None:
            data["joins"] = self.joins
        return data


@dataclass
class Leftover:
    hand: tuple[Card, ...]
    best_points: int
    unplayed: tuple[Card, ...]
    penalty: int
    plan: list[PlanStep] = field(default_factory=list)
    explanation: Explanation = field(default_factory=Explanation)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hand": [str(c) for c in self.hand],
            "best_points": self.best_points,
            "unplayed": [str(c) for c in self.unplayed],
            "penalty": self.penalty,
            "plan": [step.as_dict() for step in self.plan],
        }


def value_leftover(
    hand: Sequence[Card], table: Sequence[Meld], decks: int, options: IcebergOptions | Mapping[str, Any] | None = None
) -> Leftover:
    """The leftover penalty of ``hand`` against the final ``table`` (iceberg-6.2–6.4).

    ``table`` holds legal melds (see :func:`~referee.rules.iceberg.melds.classify_meld`);
    ``options`` are the Iceberg house options (``penalty``, ``ace_scoring``, ``leftover_tie``,
    ``parallel_melds``, ``merge_runs``), defaults where absent. Cards are not checked against the deck here.
    """
    opts = IcebergOptions.of(options)
    if len(hand) > MAX_HAND:
        raise FieldError(
            msg(
                "a hand at the end of a deal holds at most {most} cards, not {count} (7 dealt and one more per turn)",
                most=MAX_HAND,
                count=len(hand),
            ),
            field="hand",
            location=("hand",),
        )
    hand = tuple(hand)
    explanation = Explanation()
    if not hand:
        explanation.add(msg("No cards left in hand: no penalty"), "iceberg-5.3")
        return Leftover(hand, 0, (), 0, [], explanation)
    multiplier = opts.ace_scoring == "multiplier"
    aces = [c for c in hand if is_ace(c)]
    meldable = [c for c in hand if not is_ace(c)]
    explanation.add(
        msg(
            "One more turn is imagined for {cards} on the final table "
            "(no pick-up, no draw, no face-down card): V* is the most it can score",
            cards=quoted(hand),
        ),
        "iceberg-6.2",
    )
    play = solve(_problem(meldable, table, decks, opts))
    plan: list[PlanStep] = []
    if aces and not multiplier:
        points = ACE_POINTS * len(aces)
        text = msg(
            "Expose {cards}: {count} × {each} = {points}; an ace is never left over",
            cards=quoted(aces),
            count=len(aces),
            each=ACE_POINTS,
            points=points,
        )
        plan.append(PlanStep("ace", tuple(aces), points, (ACE_POINTS,) * len(aces), text, "iceberg-6.7"))
    plan.extend(_steps(play, table, decks))
    for step in plan:
        explanation.add(step.text, step.rule)
    best = sum(step.points for step in plan)
    unplayed = [card_at(r, s) for r, s in play.unplayed]
    unplayed.sort(key=lambda c: (run_key(c), set_key(c)))
    if aces and multiplier:
        unplayed = aces + unplayed
        explanation.add(
            msg("{cards}: with the ace multiplier an unexposed ace is an ordinary unplayable card", cards=quoted(aces)),
            "iceberg-8.1",
        )
    best_text = (
        msg("V* = {best}", best=best) if plan else msg("V* = {best}: nothing in this hand can be played", best=best)
    )
    explanation.add(best_text, "iceberg-6.2")
    tie = opts.leftover_tie
    shown = quoted(unplayed) if unplayed else msg("none")
    if tie == "most_unplayed":
        left = msg(
            "U = {cards} ({count}): of the plays scoring V*, the one leaving the most cards",
            cards=shown,
            count=len(unplayed),
        )
    else:
        left = msg(
            "U = {cards} ({count}): of the plays scoring V*, the one leaving the fewest cards",
            cards=shown,
            count=len(unplayed),
        )
    explanation.add(left, "iceberg-6.3")
    if opts.penalty == "every_card":
        penalty = -best - 10 * len(hand)
        explanation.add(penalty_text(best, len(hand), in_hand=True), "iceberg-8.3")
    else:
        penalty = -best - 10 * len(unplayed)
        explanation.add(penalty_text(best, len(unplayed), in_hand=False), "iceberg-6.4")
    return Leftover(hand, best, tuple(unplayed), penalty, plan, explanation)


def _problem(
    hand: Sequence[Card], table: Sequence[Meld], decks: int, options: IcebergOptions | Mapping[str, Any]
) -> Problem:
    opts = IcebergOptions.of(options)
    counts = [[0] * N_SUITS for _ in range(N_RANKS)]
    for card in hand:
        r, s = cell_of(card)
        counts[r][s] += 1
    set_sizes = [0] * N_RANKS
    runs = []
    for meld in table:
        if meld.kind in ("pair", "set"):
            r = cell_of(meld.cards[0])[0]
            set_sizes[r] = max(set_sizes[r], meld.size)
        elif meld.kind == "run":
            lo, hi = meld.span
            runs.append(TableRun(cell_of(meld.cards[0])[1], lo, hi))
    return Problem(
        counts=tuple(tuple(row) for row in counts),
        decks=decks,
        set_sizes=tuple(set_sizes),
        runs=tuple(runs),
        parallel=opts.parallel_melds != "forbidden",
        fewest=opts.leftover_tie != "most_unplayed",
        merge=opts.merge_runs,
    )


def _steps(play: Play, table: Sequence[Meld], decks: int) -> list[PlanStep]:
    """The best play as steps a player could take: new melds first, then lay-offs by table meld.

    Runs a play joins (iceberg-4.4) take their gaps' cards one by one, in the order that scores
    most, then the cards below and above the joined run: they come at the first of their melds.
    """
    steps: list[PlanStep] = []
    for cells in sorted(play.specials):
        steps.append(_new_meld([card_at(r, s) for r, s in cells], decks))
    for s, lo, hi in sorted(play.new_runs, key=lambda run: (run[1], run[0])):
        steps.append(_new_meld([card_at(r, s) for r in range(lo, hi + 1)], decks))
    largest: dict[int, int] = {}
    for index, meld in enumerate(table):
        if meld.kind in ("pair", "set"):
            r = cell_of(meld.cards[0])[0]
            if r not in largest or meld.size > table[largest[r]].size:
                largest[r] = index
    laid: list[tuple[int, list[PlanStep]]] = []
    for r in sorted(play.sets):
        cards = [card_at(r, s) for s in play.sets[r]]
        if r in largest:
            laid.append((largest[r] + 1, [_layoff(largest[r] + 1, table[largest[r]], cards)]))
        else:
            steps.append(_new_meld(cards, decks))
    #: The table melds that are runs, by their place among the runs (the optimiser's indices).
    runs = [index for index, meld in enumerate(table) if meld.kind == "run"]
    for position, (below, above) in play.extensions.items():
        index = runs[position]
        laid.append((index + 1, [_run_layoff(index + 1, table[index], below, above)]))
    for chain in play.chains:
        numbers = [runs[position] + 1 for position in chain.members]
        laid.append((min(numbers), _chain_steps(chain, numbers, table, decks)))
    return steps + [step for _, chain_steps in sorted(laid, key=lambda x: x[0]) for step in chain_steps]


def _run_layoff(number: int, run: Meld, below: Sequence[int], above: Sequence[int]) -> PlanStep:
    """Lay the cards of ranks ``below`` and ``above`` on ``run``, table meld ``number``."""
    suit = cell_of(run.cards[0])[1]
    cards = [card_at(r, suit) for r in sorted(below, reverse=True)] + [card_at(r, suit) for r in sorted(above)]
    return _layoff(number, run, cards)


def _chain_steps(chain: JoinedRuns, numbers: list[int], table: Sequence[Meld], decks: int) -> list[PlanStep]:
    """Join the runs of ``chain`` (table melds ``numbers``, bottom to top) card by card, in the
    order that scores most (iceberg-4.4), then lay the cards below and above the joined run.

    A joined run goes by the number of the run its joining card was laid on.
    """
    melds = [table[number - 1] for number in numbers]
    spans = [meld.span for meld in melds]
    suit = cell_of(melds[0].cards[0])[1]
    sizes, gaps = shape_of([TableRun(suit, lo, hi) for lo, hi in spans], range(len(spans)))
    #: Each member's run as it grows, by the number of the run it has joined (its own at first).
    name = list(numbers)
    current = dict(zip(numbers, melds, strict=True))
    laid = [0] * (2 * len(gaps))
    steps = []
    for g, side in gap_fill(sizes, gaps)[1]:
        rank = spans[g][1] + laid[2 * g] + 1 if side == 0 else spans[g + 1][0] - laid[2 * g + 1] - 1
        card = card_at(rank, suit)
        laid[2 * g + side] += 1
        onto, far = name[g + side], name[g + 1 - side]
        target = current[onto]
        if laid[2 * g] + laid[2 * g + 1] < gaps[g]:
            steps.append(_layoff(onto, target, [card]))
            current[onto] = grow(target, card)
            continue
        other = current.pop(far)
        verdict = lay_off_joining(target, [card], decks, {far: other}, joins={far}).verdict
        steps.append(_join(card, onto, target, far, other, verdict.meld.size, verdict.points))
        current[onto] = verdict.meld
        name = [onto if n == far else n for n in name]
    if chain.below or chain.above:
        steps.append(_run_layoff(name[0], current[name[0]], chain.below, chain.above))
    return steps


def _join(card: Card, onto: int, target: Meld, joined: int, other: Meld, size: int, points: int) -> PlanStep:
    """Lay ``card`` on ``target``, table meld ``onto``, joining it to ``other``, meld ``joined``."""
    text = msg(
        "Lay off {card} on {target} (table meld {onto}): it joins {other} (meld {joined}), one run of {size}: {points}",
        card=quoted([card]),
        target=target.label(),
        onto=onto,
        other=other.label(),
        joined=joined,
        size=size,
        points=points,
    )
    return PlanStep("layoff", (card,), points, (points,), text, "iceberg-4.4", "run", onto, target, joined)


def _new_meld(cards: list[Card], decks: int) -> PlanStep:
    found = melded(cards, decks)
    assert found is not None, "the best play lays legal melds only"
    meld, points = found
    text = msg("Meld {cards} ({kind}): {total}", cards=quoted(cards), kind=KIND_NAMES[meld.kind], total=total(points))
    return PlanStep("meld", meld.cards, sum(points), tuple(points), text, meld_clause(meld), meld.kind)


def _layoff(number: int, meld: Meld, cards: list[Card]) -> PlanStep:
    """Lay ``cards`` on ``meld``, table meld ``number`` (counting from 1): the best play lays only
    cards that fit, in an order a player could lay them."""
    points = layoff_points(meld, len(cards))
    text = msg(
        "Lay off {cards} on {meld} (table meld {number}): {total}",
        cards=quoted(cards),
        meld=meld.label(),
        number=number,
        total=total(points),
    )
    rule = "iceberg-4.5" if len(points) > 1 else "iceberg-4.2"
    return PlanStep("layoff", tuple(cards), sum(points), tuple(points), text, rule, meld.kind, number, meld)
