"""One trick, action by action: turns, passes, who takes the cards and who leads next (zhengfen-5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, format_cards
from referee.explain import Explanation, Judgement
from referee.messages import Message, msg
from referee.rules.zhengfen.combinations import Reading
from referee.rules.zhengfen.options import Rules, rules_from
from referee.rules.zhengfen.plays import Declaration, beats, classify
from referee.rules.zhengfen.values import card_points


@dataclass(frozen=True)
class Action:
    """A turn in a trick: ``cards`` played, or ``None`` for a pass.

    ``last_cards`` marks a play of the player's last cards: they leave the turn order but may
    still win the trick (zhengfen-5.7). ``declared`` is a reading the player names (zhengfen-4.5).
    """

    player: str
    cards: tuple[Card, ...] | None = None
    last_cards: bool = False
    declared: Declaration | None = None


@dataclass
class TrickResult(Judgement):
    """The trick as judged, up to the first action against the rules (its fault)."""

    winner: str | None
    cards: tuple[Card, ...]
    top: Reading | None
    next_leader: str | None
    out: tuple[str, ...]
    finished: bool = False

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)

    @property
    def deal_over(self) -> bool:
        """At most one player still holds cards after the trick (zhengfen-6.1)."""
        return self.finished and self.next_leader is None


def _after(turn_order: Sequence[str], player: str, holding: Sequence[str]) -> str | None:
    """The next player in turn after ``player`` who still holds cards (zhengfen-1.4)."""
    start = turn_order.index(player)
    for step in range(1, len(turn_order) + 1):
        candidate = turn_order[(start + step) % len(turn_order)]
        if candidate in holding:
            return candidate
    return None


def settle_trick(
    turn_order: Sequence[str],
    actions: Sequence[Action],
    *,
    out: Sequence[str] = (),
    options: Rules | Mapping[str, Any] | None = None,
) -> TrickResult:
    """Judge one trick.

    ``turn_order`` lists the players in turn order (the right-hand neighbour next, zhengfen-1.4);
    ``out`` those who ran out of cards in earlier tricks. The first action is the lead.
    """
    rules = rules_from(options)
    holding = [p for p in turn_order if p not in out]
    explanation = Explanation()
    played: list[Card] = []
    ran_out: list[str] = []
    top: Reading | None = None
    top_cards: tuple[Card, ...] = ()
    winner: str | None = None
    passes = 0
    expected = actions[0].player if actions else None

    def stop(text: Message, rule: str) -> TrickResult:
        result = TrickResult(winner, tuple(played), top, None, tuple(ran_out), explanation=explanation)
        result.fault(text, rule)
        return result

    for number, action in enumerate(actions, start=1):
        if winner is not None and passes >= len([p for p in holding if p != winner]):
            return stop(
                msg("action {number}: the trick was over before {player} acted", number=number, player=action.player),
                "zhengfen-5.5",
            )
        if action.player not in holding:
            return stop(
                msg("action {number}: {player} holds no cards and has no turn", number=number, player=action.player),
                "zhengfen-5.7",
            )
        if action.player != expected:
            return stop(
                msg(
                    "action {number}: it is {expected}'s turn, not {player}'s",
                    number=number,
                    expected=str(expected),
                    player=action.player,
                ),
                "zhengfen-1.4",
            )
        if action.cards is None:
            if top is None:
                return stop(msg("{player} leads and must play a combination", player=action.player), "zhengfen-5.1")
            passes += 1
            explanation.add(msg("{player} passes", player=action.player), "zhengfen-5.2")
        else:
            shown = format_cards(action.cards)
            if top is None:
                lead = classify(action.cards, rules, declared=action.declared)
                if lead.reading is None:
                    why = lead.reasons.steps[0].message
                    return stop(
                        msg("{player} leads `{cards}`: {why}", player=action.player, cards=shown, why=why),
                        "zhengfen-5.1",
                    )
                reading = lead.reading
                explanation.add(
                    msg(
                        "{player} leads `{cards}`: {reading}",
                        player=action.player,
                        cards=shown,
                        reading=reading.describe(),
                    ),
                    "zhengfen-5.1",
                )
            else:
                recorded = Declaration(top.type, top.key_name, top.length)
                verdict = beats(top_cards, action.cards, rules, declared=action.declared, current_declared=recorded)
                if verdict.recorded is None:
                    why = verdict.reasons.steps[0].message
                    return stop(
                        msg("{player} plays `{cards}`: {why}", player=action.player, cards=shown, why=why),
                        "zhengfen-5.2",
                    )
                reading = verdict.recorded
                explanation.add(
                    msg(
                        "{player} plays `{cards}`: {reading}, beating the top play",
                        player=action.player,
                        cards=shown,
                        reading=reading.describe(),
                    ),
                    "zhengfen-5.3",
                )
            top, top_cards, winner, passes = reading, tuple(action.cards), action.player, 0
            played.extend(action.cards)
            if action.last_cards:
                ran_out.append(action.player)
                explanation.add(
                    msg("{player} has played their last card and leaves the turn order", player=action.player),
                    "zhengfen-5.7",
                )
        if action.last_cards and action.cards is not None:
            holding.remove(action.player)
        expected = _after(turn_order, action.player, holding)
    if winner is None or passes < len([p for p in holding if p != winner]):
        return TrickResult(winner, tuple(played), top, None, tuple(ran_out), explanation=explanation)
    explanation.add(
        msg(
            "every other player holding cards passed: {winner} takes `{cards}` = {sum} = {points} points",
            winner=winner,
            cards=format_cards(played),
            sum=" + ".join(str(card_points(c)) for c in played),
            points=sum(card_points(c) for c in played),
        ),
        "zhengfen-5.5",
    )
    if len(holding) <= 1:
        explanation.add(msg("at most one player holds cards: the deal ends"), "zhengfen-6.1")
        return TrickResult(winner, tuple(played), top, None, tuple(ran_out), finished=True, explanation=explanation)
    leader = winner if winner in holding else _after(turn_order, winner, holding)
    if leader == winner:
        explanation.add(msg("{leader} leads next", leader=str(leader)), "zhengfen-5.6")
    else:
        explanation.add(
            msg("{leader} leads next ({winner} is out of cards)", leader=str(leader), winner=winner), "zhengfen-5.6"
        )
    return TrickResult(winner, tuple(played), top, leader, tuple(ran_out), finished=True, explanation=explanation)
