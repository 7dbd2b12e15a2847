"""The end of a game played to a target, shared by the games that have one (Paks, Clabber).

After a deal, once any side has reached the target, the highest total wins; equal highest totals
either play another deal or draw, as the game (or its house rule) says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.explain import Explanation
from referee.rules.game import Side, win_verb

PLAY_ON = "play_on"
DRAW = "draw"

#: Every sentence a user reads from this module, in one place for translation.
TEXT = {
    "totals": "Totals after the deal: {shown}",
    "going_on": "Nobody has {target} yet: the match goes on",
    "play_on": "{names} share the highest total, {best}: every side plays another deal",
    "draw": "{names} share the highest total, {best}: the game is a draw",
    "wins": "{winner} {has} the highest total, {best}, at or over {target}: {winner} {verb}",
    "status_going_on": "Playing to {target}",
    "status_play_on": "{names} tie on {best}: another deal is played",
    "status_draw": "{names} draw on {best}",
    "status_wins": "{winner} {verb} with {best}",
}


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
    status: str
    explanation: Explanation
    drawn: bool = False


def judge_target(
    totals: Mapping[str, int], target: int, clauses: Clauses, *, on_tie: str = PLAY_ON, sides: Sequence[Side] = ()
) -> Ending:
    """Decide the match from the running totals after a deal; ``sides`` tells a team ("win") from a player."""
    explanation = Explanation()
    shown = ", ".join(f"{side} {total}" for side, total in totals.items())
    explanation.add(TEXT["totals"].format(shown=shown), clauses.totals)
    best = max(totals.values(), default=0)
    if best < target:
        explanation.add(TEXT["going_on"].format(target=target), clauses.target)
        return Ending(False, None, (), TEXT["status_going_on"].format(target=target), explanation)
    leaders = tuple(side for side, total in totals.items() if total == best)
    if len(leaders) > 1:
        names = " and ".join(leaders)
        if on_tie == DRAW:
            explanation.add(TEXT["draw"].format(names=names, best=best), clauses.tie)
            status = TEXT["status_draw"].format(names=names, best=best)
            return Ending(True, None, leaders, status, explanation, drawn=True)
        explanation.add(TEXT["play_on"].format(names=names, best=best), clauses.tie)
        return Ending(False, None, leaders, TEXT["status_play_on"].format(names=names, best=best), explanation)
    winner = leaders[0]
    verb = win_verb(winner, sides)
    has = "have" if verb == "win" else "has"
    explanation.add(TEXT["wins"].format(winner=winner, has=has, best=best, target=target, verb=verb), clauses.target)
    return Ending(True, winner, (), TEXT["status_wins"].format(winner=winner, verb=verb, best=best), explanation)
