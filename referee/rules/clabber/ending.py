"""End of the game: the target (500 unless a house rule sets it) after a deal, the higher total wins;
equal totals draw (clabber-9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.rules.ending import DEFAULT_TARGET, DRAW, PLAY_ON, Clauses, Ending, judge_target
from referee.rules.game import Side

CLAUSES = Clauses(totals="clabber-9.1", target="clabber-9.1", tie="clabber-9.2")


def judge_end(
    totals: Mapping[str, int], game_tie: str = DRAW, sides: Sequence[Side] = (), target: int = DEFAULT_TARGET
) -> Ending:
    """Decide the game from the totals after a deal; ``game_tie = play_on`` plays another deal.
    ``sides`` tells a team from a player, so that "NS win" while "Ann wins"."""
    return judge_target(totals, target, CLAUSES, on_tie=PLAY_ON if game_tie == PLAY_ON else DRAW, sides=sides)
