"""End of the match: 500 points, checked after each deal; equal highest totals play on (paks-7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.explain import Explanation
from referee.rules.game import Side, win_verb
from referee.rules.paks.values import TARGET


@dataclass(frozen=True)
class Ending:
    """Whether the match is over after a deal, and who won."""

    finished: bool
    winner: str | None
    #: The sides sharing the highest total at or over the target (then another deal is played).
    tied: tuple[str, ...]
    status: str
    explanation: Explanation


def judge_end(totals: Mapping[str, int], target: int = TARGET, sides: Sequence[Side] = ()) -> Ending:
    """Decide the match from the running totals after a deal (paks-7.1 to paks-7.3).

    ``sides`` tells a team from a player, so that "Ann & Cat win" while "Ann wins".
    """
    explanation = Explanation()
    shown = ", ".join(f"{side} {total}" for side, total in totals.items())
    explanation.add(f"Totals after the deal: {shown}", "paks-7.1")
    best = max(totals.values(), default=0)
    if best < target:
        explanation.add(f"Nobody has {target} yet: the match goes on", "paks-7.2")
        return Ending(False, None, (), f"Playing to {target}", explanation)
    leaders = tuple(side for side, total in totals.items() if total == best)
    if len(leaders) > 1:
        names = " and ".join(leaders)
        explanation.add(f"{names} share the highest total, {best}: every side plays another deal", "paks-7.3")
        return Ending(False, None, leaders, f"{names} tie on {best}: another deal is played", explanation)
    winner = leaders[0]
    verb = win_verb(winner, sides)
    has = "have" if verb == "win" else "has"
    explanation.add(f"{winner} {has} the highest total, {best}, at or over {target}: {winner} {verb}", "paks-7.2")
    return Ending(True, winner, (), f"{winner} {verb} with {best}", explanation)
