"""The end of a game played to a target, shared by the games that have one (Paks, Clabber, Zheng Fen).

After a deal, once any side has reached the target, the highest total wins; equal highest totals
either play another deal or draw, as the game (or its house rule) says. The target is the house
option ``target`` of the three games (paks-7.2, clabber-9.1, zhengfen-7.1): 500 unless the table
agrees on another multiple of 50 from 100 to 5000.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.explain import Explanation
from referee.messages import Message, join, msg
from referee.rules.game import MatchResult, Side, is_team, playing_to, tie_plays_on, wins_with
from referee.rules.options import Option

PLAY_ON = "play_on"
DRAW = "draw"

#: The target of the rules, and the targets a house may set instead (the rule files' ``target`` option).
DEFAULT_TARGET = 500
LOWEST_TARGET, HIGHEST_TARGET, TARGET_STEP = 100, 5000, 50


def target_option(clause: str, help: Message | None = None) -> Option:
    """The ``target`` house option of a game whose rules play to 500, deciding at ``clause``."""
    return Option(
        "target",
        msg("Play to"),
        DEFAULT_TARGET,
        clause,
        kind="int",
        minimum=LOWEST_TARGET,
        maximum=HIGHEST_TARGET,
        step=TARGET_STEP,
        help=help
        or msg(
            "House rule: any multiple of {step} from {lowest} to {highest}; the rules play to {default}.",
            step=TARGET_STEP,
            lowest=LOWEST_TARGET,
            highest=HIGHEST_TARGET,
            default=DEFAULT_TARGET,
        ),
    )


@dataclass(frozen=True)
class Clauses:
    """The clause ids a game cites for its totals, its target and its ties."""

    totals: str
    target: str
    tie: str


@dataclass(frozen=True)
class Ending:
    """Whether the match is over after a deal, and who won."""

    finished: bool
    winner: str | None
    #: The sides sharing the highest total at or over the target (another deal, or a draw).
    tied: tuple[str, ...]
    status: Message
    explanation: Explanation
    drawn: bool = False

    def settle(self, result: MatchResult) -> None:
        """Write the ending onto a match's sheet: whether it is over, who won, its status, and once a
        side has reached the target, the step that decided the match (a win, a draw, another deal)."""
        result.finished = self.finished
        result.winner = self.winner
        result.drawn = self.drawn
        result.status = self.status
        if self.finished or self.tied:
            result.bonus_explanation.extend(self.explanation.steps[1:])


def judge_target(
    totals: Mapping[str, int], target: int, clauses: Clauses, *, on_tie: str = PLAY_ON, sides: Sequence[Side] = ()
) -> Ending:
    """Decide the match from the running totals after a deal; ``sides`` tells a team ("win") from a player."""
    explanation = Explanation()
    shown = join((f"{side} {total}" for side, total in totals.items()), ", ")
    explanation.add(msg("Totals after the deal: {shown}", shown=shown), clauses.totals)
    best = max(totals.values(), default=0)
    if best < target:
        explanation.add(msg("Nobody has {target} yet: the match goes on", target=target), clauses.target)
        return Ending(False, None, (), playing_to(target), explanation)
    leaders = tuple(side for side, total in totals.items() if total == best)
    if len(leaders) > 1:
        names = join(leaders, " and ")
        if on_tie == DRAW:
            explanation.add(
                msg("{names} share the highest total, {best}: the game is a draw", names=names, best=best), clauses.tie
            )
            status = msg("{names} draw on {best}", names=names, best=best)
            return Ending(True, None, leaders, status, explanation, drawn=True)
        explanation.add(
            msg("{names} share the highest total, {best}: every side plays another deal", names=names, best=best),
            clauses.tie,
        )
        return Ending(False, None, leaders, tie_plays_on(leaders, best), explanation)
    winner = leaders[0]
    if is_team(winner, sides):
        won = msg(
            "{winner} have the highest total, {best}, at or over {target}: {winner} win",
            winner=winner,
            best=best,
            target=target,
        )
    else:
        won = msg(
            "{winner} has the highest total, {best}, at or over {target}: {winner} wins",
            winner=winner,
            best=best,
            target=target,
        )
    explanation.add(won, clauses.target)
    return Ending(True, winner, (), wins_with(winner, sides, best), explanation)
