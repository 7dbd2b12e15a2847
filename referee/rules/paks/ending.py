"""End of the match: the target (500 unless a house rule sets it), checked after each deal; equal highest
totals play on (paks-7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.rules.ending import DEFAULT_TARGET, Clauses, Ending, judge_target
from referee.rules.game import Side

CLAUSES = Clauses(totals="paks-7.1", target="paks-7.2", tie="paks-7.3")


def judge_end(totals: Mapping[str, int], target: int = DEFAULT_TARGET, sides: Sequence[Side] = ()) -> Ending:
    """Decide the match from the running totals after a deal (paks-7.1 to paks-7.3).

    ``sides`` tells a team from a player, so that "Ann & Cat win" while "Ann wins".
    """
    return judge_target(totals, target, CLAUSES, sides=sides)


__all__ = ["Ending", "judge_end"]
