"""The end of a six-deal game: totals, the winner's bonus and the tie rules (dracula-6, 7.7, 8.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.explain import Explanation
from referee.messages import Param, join, msg

DEALS_PER_GAME = 6


@dataclass(frozen=True)
class Settlement:
    """``final`` is ``totals`` plus the bonus; ``winner`` is ``None`` for a drawn game."""

    totals: dict[str, int]
    final: dict[str, int]
    winner: str | None
    explanation: Explanation

    @property
    def bonus(self) -> dict[str, int]:
        return {k: self.final[k] - self.totals[k] for k in self.totals}


def settle_pair(
    names: tuple[str, str],
    deals: Sequence[tuple[int, int]],
    game_tie: str = "highest_line",
    titles: Mapping[str, Param] | None = None,
) -> Settlement:
    """Two sides after their six deals: the winner adds the difference (dracula-6.1, 6.2). The explanation
    names each side by its ``titles`` (the words of roles named by their ids), by default by its name."""
    a, b = names
    title = dict(titles or {})
    totals = {a: sum(d[0] for d in deals), b: sum(d[1] for d in deals)}
    steps = Explanation()
    steps.add(
        msg(
            "totals after {n} deals: {a} {total_a}, {b} {total_b}",
            n=len(deals),
            a=title.get(a, a),
            total_a=totals[a],
            b=title.get(b, b),
            total_b=totals[b],
        ),
        "dracula-6.1",
    )
    final = dict(totals)
    if totals[a] != totals[b]:
        winner, loser = (a, b) if totals[a] > totals[b] else (b, a)
        difference = totals[winner] - totals[loser]
        final[winner] += difference
        steps.add(
            msg(
                "{winner} wins by {difference} and adds it: {total} + {difference} = {final}; {loser} keeps {kept}",
                winner=title.get(winner, winner),
                difference=difference,
                total=totals[winner],
                final=final[winner],
                loser=title.get(loser, loser),
                kept=totals[loser],
            ),
            "dracula-6.1",
        )
        return Settlement(totals, final, winner, steps)
    if game_tie == "last_deal":
        last_a, last_b = deals[-1]
        steps.add(
            msg(
                "equal totals: the last deal decides ({a} {last_a}, {b} {last_b}), with no bonus "
                "(house rule `game_tie = last_deal`)",
                a=title.get(a, a),
                last_a=last_a,
                b=title.get(b, b),
                last_b=last_b,
            ),
            "dracula-6.2",
        )
        if last_a == last_b:
            steps.add(msg("the last deal is equal too: the game is drawn"), "dracula-6.2")
            return Settlement(totals, final, None, steps)
        winner = a if last_a > last_b else b
        steps.add(msg("{winner} wins", winner=winner), "dracula-6.2")
        return Settlement(totals, final, winner, steps)
    high_a = max((d[0] for d in deals), default=0)
    high_b = max((d[1] for d in deals), default=0)
    steps.add(
        msg(
            "equal totals: the highest single deal decides ({a} {high_a}, {b} {high_b})",
            a=title.get(a, a),
            high_a=high_a,
            b=title.get(b, b),
            high_b=high_b,
        ),
        "dracula-6.2",
    )
    if high_a == high_b:
        steps.add(msg("the highest deals are equal too: the game is drawn, with no bonus"), "dracula-6.2")
        return Settlement(totals, final, None, steps)
    winner, high = (a, high_a) if high_a > high_b else (b, high_b)
    final[winner] += high
    steps.add(
        msg(
            "{winner} wins and adds {high}: {total} + {high} = {final}",
            winner=title.get(winner, winner),
            high=high,
            total=totals[winner],
            final=final[winner],
        ),
        "dracula-6.2",
    )
    return Settlement(totals, final, winner, steps)


def settle_plain(totals: dict[str, int], clause: str) -> Settlement:
    """Higher total wins, no bonus (3 players dracula-7.7; 4 players dracula-8.5)."""
    steps = Explanation()
    steps.add(msg("totals after six deals: {totals}", totals=join(f"{k} {v}" for k, v in totals.items())), clause)
    best = max(totals.values())
    leaders = [k for k, v in totals.items() if v == best]
    if len(leaders) > 1:
        steps.add(
            msg("{sides} share the highest total, {best}: the game is drawn", sides=join(leaders, " and "), best=best),
            clause,
        )
        return Settlement(dict(totals), dict(totals), None, steps)
    steps.add(msg("{winner} has the higher total and wins, with no bonus", winner=leaders[0]), clause)
    return Settlement(dict(totals), dict(totals), leaders[0], steps)
