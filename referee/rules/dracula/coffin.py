"""Scoring a full coffin: line scores and the deal score for 2, 3 and 4 players (dracula-4 to 8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.explain import Explanation
from referee.messages import Message, Param, join, msg, msg_n
from referee.rules.dracula.layout import Layout, empty_cells
from referee.rules.dracula.options import DraculaOptions
from referee.rules.dracula.values import card_value, multiplier

ROW_NAMES = ("r1", "r2", "r3")
COLUMN_NAMES = ("c1", "c2", "c3")

#: Who scores, at the head of a sentence or a line of the sheet: the 2-player roles (dracula-1.4)
#: and the 3-player seats (dracula-7.4).
SEAT_TITLES: dict[str, Message] = {
    "queen": msg("Queen"),
    "king": msg("King"),
    "dealer": msg("Dealer"),
    "left": msg("Left"),
    "right": msg("Right"),
}
_PARTNERSHIPS = (msg("the rows partnership"), msg("the columns partnership"))


@dataclass(frozen=True)
class LineScore:
    name: str
    direction: str
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    total: int
    factor: int
    reason: Message
    vampire_factor: int
    score: int
    text: Message
    rule: str

    @property
    def label(self) -> Message:
        return line_label(self.name)


def line_label(name: str) -> Message:
    """``row 1`` for ``r1``, ``column 3`` for ``c3``."""
    return msg("row {n}", n=name[1]) if name.startswith("r") else msg("column {n}", n=name[1])


def score_line(
    name: str, cards: Sequence[Card], players: int, options: DraculaOptions | Mapping[str, Any]
) -> LineScore:
    """One row or column under the variant's vampire rule (dracula-4.2 to 4.5, dracula-7.5)."""
    opts = DraculaOptions.of(options)
    direction = "row" if name.startswith("r") else "column"
    values = tuple(card_value(c, direction) for c in cards)
    total = sum(values)
    shown = " ".join(c.symbol for c in cards)
    label = line_label(name)
    sum_text = " + ".join(map(str, values)) + f" = {total}"
    vampires = sum(1 for c in cards if c.is_joker)
    if vampires and players != 3:
        return LineScore(
            name,
            direction,
            tuple(cards),
            values,
            total,
            0,
            msg("holds a Vampire"),
            0,
            0,
            msg("{line}: {cards} holds a Vampire, so it scores 0", line=label, cards=shown),
            "dracula-4.5",
        )
    wild = players == 3 and opts.vampire_suit_3p == "wild"
    found = multiplier(cards, opts.multipliers, wild_vampires=wild)
    vampire_factor = 1
    if vampires:
        vampire_factor = 2**vampires if opts.vampire_double_3p == "per_vampire" else 2
    score = total * found.factor * vampire_factor
    parts: dict[str, Any] = {"line": label, "cards": shown, "sum": sum_text, "reason": found.reason, "score": score}
    rule = "dracula-7.5" if vampire_factor > 1 else "dracula-4.3"
    if vampire_factor > 1 and found.factor > 1:
        text = msg(
            "{line}: {cards}: {sum}; {reason} ×{factor}; Vampire doubles ×{double} → {score}",
            factor=found.factor,
            double=vampire_factor,
            **parts,
        )
    elif vampire_factor > 1:
        text = msg(
            "{line}: {cards}: {sum}; {reason}, ×1; Vampire doubles ×{double} → {score}", double=vampire_factor, **parts
        )
    elif found.factor > 1:
        text = msg("{line}: {cards}: {sum}; {reason} ×{factor} → {score}", factor=found.factor, **parts)
    else:
        text = msg("{line}: {cards}: {sum}; {reason}, ×1 → {score}", **parts)
    return LineScore(
        name, direction, tuple(cards), values, total, found.factor, found.reason, vampire_factor, score, text, rule
    )


def lines(layout: Layout) -> tuple[list[tuple[str, list[Card]]], list[tuple[str, list[Card]]]]:
    rows = [(ROW_NAMES[r], [c for c in layout[r] if c is not None]) for r in range(3)]
    columns = [(COLUMN_NAMES[c], [card for row in layout if (card := row[c]) is not None]) for c in range(3)]
    return rows, columns


@dataclass(frozen=True)
class Cascade:
    """The 2-player tie cascade (dracula-5): which level decided, and each side's score."""

    scores: tuple[int, int]
    level: int | None
    explanation: Explanation


_LEVELS = (msg("best"), msg("second-best"), msg("third-best"))


def cascade(first: Sequence[int], second: Sequence[int], names: tuple[Param, Param], all_tied: str) -> Cascade:
    """Compare two players' sorted line scores level by level (dracula-5.1 to 5.4)."""
    a = sorted(first, reverse=True)
    b = sorted(second, reverse=True)
    steps = Explanation()
    steps.add(
        msg(
            "{first}'s lines high to low: {first_lines}; {second}'s: {second_lines}",
            first=names[0],
            first_lines=join(map(str, a)),
            second=names[1],
            second_lines=join(map(str, b)),
        ),
        "dracula-5.1",
    )
    for level in range(3):
        if a[level] != b[level]:
            rule = "dracula-5.2" if level == 0 else "dracula-5.3"
            steps.add(
                msg(
                    "{level} lines {a} and {b} differ: {first} scores {a}, {second} scores {b}",
                    level=_LEVELS[level],
                    a=a[level],
                    b=b[level],
                    first=names[0],
                    second=names[1],
                ),
                rule,
            )
            return Cascade((a[level], b[level]), level, steps)
        steps.add(msg("{level} lines tie at {score}", level=_LEVELS[level], score=a[level]), "dracula-5.3")
    if all_tied == "score_third":
        steps.add(
            msg("all three levels tie: both score their third line, {score} (house rule `all_tied`)", score=a[2]),
            "dracula-5.4",
        )
        return Cascade((a[2], b[2]), 2, steps)
    steps.add(msg("all three levels tie: neither player scores"), "dracula-5.4")
    return Cascade((0, 0), None, steps)


@dataclass(frozen=True)
class CoffinScore:
    rows: tuple[LineScore, ...]
    columns: tuple[LineScore, ...]
    scores: dict[str, int]
    explanation: Explanation


def score_coffin(layout: Layout, players: int, options: DraculaOptions | Mapping[str, Any]) -> CoffinScore:
    """Score a full coffin; raises nothing, the caller checks fullness (see :func:`incomplete_reason`).

    Scores are keyed ``queen``/``king`` (2 players), ``dealer``/``left``/``right`` (3 players,
    dracula-7.4) or ``rows``/``columns`` (4 players, dracula-8.4).
    """
    row_cards, column_cards = lines(layout)
    opts = DraculaOptions.of(options)
    rows = tuple(score_line(n, cs, players, opts) for n, cs in row_cards)
    columns = tuple(score_line(n, cs, players, opts) for n, cs in column_cards)
    explanation = Explanation()
    for line in (*rows, *columns):
        explanation.add(line.text, line.rule)
    if players == 3:
        scores = {}
        for seat, r, c in (("dealer", 1, 1), ("left", 0, 0), ("right", 2, 2)):
            best = max(rows[r].score, columns[c].score)
            scores[seat] = best
            explanation.add(
                msg(
                    "{seat} scores the better of row {row} ({row_score}) and column {column} ({column_score}): {best}",
                    seat=SEAT_TITLES[seat],
                    row=r + 1,
                    row_score=rows[r].score,
                    column=c + 1,
                    column_score=columns[c].score,
                    best=best,
                ),
                "dracula-7.4",
            )
        return CoffinScore(rows, columns, scores, explanation)
    keys = ("queen", "king") if players == 2 else ("rows", "columns")
    names = (SEAT_TITLES["queen"], SEAT_TITLES["king"]) if players == 2 else _PARTNERSHIPS
    if players == 4:
        explanation.add(
            msg("partnerships score as two players: one takes the rows, the other the columns"), "dracula-8.4"
        )
    else:
        explanation.add(msg("the Queen player scores rows, the King player columns"), "dracula-4.1")
    result = cascade([r.score for r in rows], [c.score for c in columns], names, opts.all_tied)
    explanation.extend(result.explanation)
    return CoffinScore(rows, columns, dict(zip(keys, result.scores, strict=True)), explanation)


def incomplete_reason(layout: Layout) -> Message | None:
    return empty_reason(empty_cells(layout))


def empty_reason(empty: list[str]) -> Message | None:
    """Why a coffin whose cells ``empty`` hold no card is not scored yet (None when none is empty)."""
    if not empty:
        return None
    return msg_n(
        "{cells} is empty: a coffin is scored when all 9 cells are full",
        "{cells} are empty: a coffin is scored when all 9 cells are full",
        len(empty),
        cells=join(f"`{c}`" for c in empty),
    )
