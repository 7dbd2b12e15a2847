"""End of the game: 500 points after a deal, the higher total wins; equal totals draw (clabber-9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.rules.clabber.values import TARGET
from referee.rules.ending import DRAW, PLAY_ON, Clauses, Ending, judge_target
from referee.rules.game import Side

CLAUSES = Clauses(totals="clabber-9.1", target="clabber-9.1", tie="clabber-9.2")


def judge_end(totals: Mapping[str, int], game_tie: str = DRAW, sides: Sequence[Side] = ()) -> Ending:
    """Decide the game from the totals after a deal; ``game_tie = play_on`` plays another deal.
    ``sides`` tells a team from a player, so that "NS win" while "Ann wins"."""
    return judge_target(totals, TARGET, CLAUSES, on_tie=PLAY_ON if game_tie == PLAY_ON else DRAW, sides=sides)
