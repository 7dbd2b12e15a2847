"""Tricks: who wins one, what it is worth, and which cards a seat may play to it (clabber-4, 5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from referee.cards import Card
from referee.errors import FieldError
from referee.explain import Explanation, Step
from referee.rules.clabber.values import (
    LAST_TRICK,
    PLAIN_ORDER,
    TRUMP_ORDER,
    Table,
    by_rank,
    card_points,
    cards_text,
    plain_strength,
    suit_name,
    trump_beats,
    trump_strength,
)

UNDERTRUMP_RULES = ("any_card", "must_undertrump", "only_if_nothing_else")


@dataclass(frozen=True)
class Play:
    seat: str
    card: Card


def check_order(table: Table, plays: Sequence[Play], field: str) -> None:
    """One play per seat, clockwise from the leader, at most one per seat (clabber-11.3)."""
    if len(plays) > table.count:
        raise FieldError(
            f"a trick has at most {table.count} plays, one per seat, not {len(plays)} (clabber-11.3)", field=field
        )
    for before, play in pairwise(plays):
        expected = table.next_seat(before.seat)
        if play.seat != expected:
            raise FieldError(
                f"after {before.seat} comes {expected}, not {play.seat}: "
                "a trick is played clockwise from the leader (clabber-11.3)",
                field=field,
            )


def winning_index(cards: Sequence[Card], trump: str) -> int:
    """Index of the card that wins (or is winning) the trick: the highest trump, else the
    highest card of the led suit; a discard never wins (clabber-4.2)."""
    led = cards[0].suit

    def strength(card: Card) -> tuple[int, int]:
        if card.suit == trump:
            return (2, trump_strength(card))
        if card.suit == led:
            return (1, plain_strength(card))
        return (0, 0)

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def trick_points(cards: Sequence[Card], trump: str) -> int:
    return sum(card_points(c, trump) for c in cards)


@dataclass
class TrickResult:
    winner: str
    card: Card
    points: int
    complete: bool
    last: bool
    explanation: Explanation


def judge_trick(table: Table, plays: Sequence[Play], trump: str, *, last: bool = False) -> TrickResult:
    """Who wins the trick (or is winning it so far) and its points, with the reasons.

    ``plays`` are in play order, the lead first; ``last`` adds the 10 for the last trick.
    """
    if not plays:
        raise FieldError("a trick needs at least the lead", field="plays")
    check_order(table, plays, "plays")
    cards = [p.card for p in plays]
    explanation = Explanation()
    lead = plays[0]
    led = lead.card.suit or ""
    trump_word = f"{suit_name(trump)} are trump"
    if led == trump:
        explanation.add(f"{lead.seat} leads `{lead.card}`, a trump ({trump_word}).", "clabber-4.1")
    else:
        explanation.add(f"{lead.seat} leads `{lead.card}`: {suit_name(led)} are led; {trump_word}.", "clabber-4.1")
    index = winning_index(cards, trump)
    best = plays[index]
    trumps = [c for c in cards if c.suit == trump]
    if trumps:
        if len(trumps) > 1:
            ranked = by_rank(trumps, trump)
            order = " > ".join(f"`{c}`" for c in ranked)
            explanation.add(f"In trump the order is {' '.join(TRUMP_ORDER)}: {order}.", "clabber-2.1")
        explanation.add(f"A trump was played, so the highest trump wins: `{best.card}`.", "clabber-4.2")
    else:
        followed = [c for c in cards if c.suit == led]
        if len(followed) > 1:
            ranked = by_rank(followed, trump)
            order = " > ".join(f"`{c}`" for c in ranked)
            explanation.add(f"In a plain suit the order is {' '.join(PLAIN_ORDER)}: {order}.", "clabber-2.2")
        explanation.add(
            f"No trump was played, so the highest {suit_name(led)[:-1]} wins: `{best.card}`.", "clabber-4.2"
        )
    discards = [c for c in cards if c.suit not in (led, trump)]
    if discards:
        verb = "is a discard" if len(discards) == 1 else "are discards"
        explanation.add(f"{cards_text(discards)} {verb} of another suit and cannot win.", "clabber-4.2")
    complete = len(plays) == table.count
    if complete:
        explanation.add(f"{best.seat} wins the trick with `{best.card}`.", "clabber-4.2")
    else:
        explanation.add(
            f"The trick is not complete ({len(plays)} of {table.count} plays): {best.seat} is winning it so far.",
            "clabber-4.2",
        )
    parts = " + ".join(str(card_points(c, trump)) for c in cards)
    points = trick_points(cards, trump)
    detail = ", ".join(f"`{c}` {card_points(c, trump)}" for c in cards)
    explanation.add(f"Card points: {detail}; {parts} = {points}.", "clabber-4.3")
    if last:
        points += LAST_TRICK
        explanation.add(f"The last trick scores {LAST_TRICK} more: {points}.", "clabber-2.3")
    return TrickResult(best.seat, best.card, points, complete, last, explanation)


@dataclass
class PlayVerdict:
    """The legal cards of a seat, and, when a card was asked about, whether it may be played."""

    seat: str
    legal_cards: list[Card]
    explanation: Explanation
    card: Card | None = None
    legal: bool | None = None
    reasons: list[Step] = field(default_factory=list)


@dataclass
class _Duty:
    """The cards a duty allows and, for any other card, why it is refused."""

    allowed: list[Card]
    steps: list[Step]
    refuse: dict[Card, Step]


def legal_play(
    table: Table,
    seat: str,
    hand: Sequence[Card],
    trick: Sequence[Play],
    trump: str,
    *,
    undertrump: str = "any_card",
    partner_exemption: bool = False,
    card: Card | None = None,
) -> PlayVerdict:
    """The cards ``seat`` may play from ``hand`` to the trick so far (clabber-5).

    ``trick`` is in play order; ``seat`` must be the next to play. With ``card`` the verdict also
    says whether that card may be played and, if not, names the duty it breaks (clabber-11.4).
    """
    if not hand:
        raise FieldError("the hand is empty: there is nothing to play", field="hand")
    if undertrump not in UNDERTRUMP_RULES:
        raise FieldError(f"unknown undertrump rule {undertrump!r}", field="options.undertrump")
    check_order(table, trick, "trick")
    if any(p.seat == seat for p in trick):
        raise FieldError(f"{seat} has already played to this trick", field="seat")
    if trick and table.next_seat(trick[-1].seat) != seat:
        expected = table.next_seat(trick[-1].seat)
        raise FieldError(
            f"after {trick[-1].seat} comes {expected}, not {seat}: play goes clockwise (clabber-11.3)", field="seat"
        )
    duty = _duty(table, seat, list(hand), trick, trump, undertrump, partner_exemption)
    explanation = Explanation().extend(duty.steps)
    legal_cards = [c for c in hand if c in duty.allowed]
    explanation.add(f"Legal: {cards_text(legal_cards)}.", duty.steps[-1].rule)
    verdict = PlayVerdict(seat, legal_cards, explanation)
    if card is not None:
        verdict.card = card
        if card not in hand:
            reason = Step(f"`{card}` is not in {seat}'s hand ({cards_text(hand)}).", "clabber-11.4")
            verdict.legal, verdict.reasons = False, [reason]
        elif card in duty.allowed:
            verdict.legal = True
        else:
            verdict.legal, verdict.reasons = False, [duty.refuse[card]]
        if verdict.legal:
            explanation.add(f"`{card}` may be played.", duty.steps[-1].rule)
        else:
            explanation.add(f"`{card}` may not be played: {verdict.reasons[0].text}", verdict.reasons[0].rule)
    return verdict


def _duty(
    table: Table,
    seat: str,
    hand: list[Card],
    trick: Sequence[Play],
    trump: str,
    undertrump: str,
    partner_exemption: bool,
) -> _Duty:
    if not trick:
        return _Duty(hand, [Step(f"{seat} leads: any card may be led.", "clabber-4.1")], {})
    cards = [p.card for p in trick]
    led = cards[0].suit or ""
    winner = trick[winning_index(cards, trump)]
    partner_winning = table.partners(seat, winner.seat)
    trick_trumps = [c for c in cards if c.suit == trump]
    top = by_rank(trick_trumps, trump)[0] if trick_trumps else None
    trumps = [c for c in hand if c.suit == trump]
    beaters = [c for c in trumps if top is None or trump_beats(c, top)]
    if led == trump:
        steps = [
            Step(
                f"{trick[0].seat} led `{cards[0]}`, a trump; {winner.seat} is winning with `{winner.card}`.",
                "clabber-4.1",
            )
        ]
    else:
        steps = [
            Step(
                f"{trick[0].seat} led `{cards[0]}` ({suit_name(led)}; {suit_name(trump)} are trump); "
                f"{winner.seat} is winning with `{winner.card}`.",
                "clabber-4.2",
            )
        ]
    exempt = partner_exemption and partner_winning
    partner_note = (
        Step(
            f"Your partner {winner.seat} is winning with `{winner.card}`, but the duty holds all the same.",
            "clabber-5.5",
        )
        if partner_winning and not partner_exemption
        else None
    )

    def refuse_others(allowed: list[Card], why: Step) -> _Duty:
        if partner_note is not None and why.rule != "clabber-5.1":
            steps.append(partner_note)
        steps.append(Step(why.text[0].upper() + why.text[1:], why.rule))
        return _Duty(allowed, steps, {c: why for c in hand if c not in allowed})

    if led == trump:
        if not trumps:
            steps.append(Step("Trump was led and you hold no trump: any card may be played.", "clabber-5.4"))
            return _Duty(hand, steps, {})
        if exempt:
            steps.append(
                Step(
                    f"Your partner {winner.seat} is winning with `{winner.card}`: with the partner exemption you "
                    "need not over-trump, but trump was led and must be followed.",
                    "clabber-5.5",
                )
            )
            why = Step(f"trump was led and you hold {cards_text(trumps)}: you must play a trump.", "clabber-5.4")
            return _Duty(trumps, steps, {c: why for c in hand if c not in trumps})
        assert top is not None
        if beaters:
            why = Step(
                f"trump was led and you hold {cards_text(beaters)}, which beat `{top}`: you must play higher.",
                "clabber-5.4",
            )
            return refuse_others(beaters, why)
        why = Step(
            f"trump was led; you cannot beat `{top}`, so any trump, but you hold {cards_text(trumps)}: "
            "you must play a trump.",
            "clabber-5.4",
        )
        return refuse_others(trumps, why)

    follow = [c for c in hand if c.suit == led]
    if follow:
        why = Step(
            f"you hold {cards_text(follow)}: {suit_name(led)} must be followed (with any of them; "
            "there is no need to beat).",
            "clabber-5.1",
        )
        return refuse_others(follow, why)
    steps.append(Step(f"You hold no {suit_name(led)}.", "clabber-5.2"))
    if exempt:
        steps.append(
            Step(
                f"Your partner {winner.seat} is winning with `{winner.card}`: with the partner exemption there "
                "is no duty to trump or over-trump, so any card may be played.",
                "clabber-5.5",
            )
        )
        return _Duty(hand, steps, {})
    if beaters:
        if top is None:
            why = Step(
                f"you have no {suit_name(led)} and hold trump {cards_text(beaters)}: with no trump in the trick "
                "yet any trump beats, and you must trump.",
                "clabber-5.2",
            )
        else:
            why = Step(
                f"you have no {suit_name(led)}; the highest trump so far is `{top}` and you hold "
                f"{cards_text(beaters)}, which beat it: you must over-trump.",
                "clabber-5.2",
            )
        return refuse_others(beaters, why)
    if not trumps:
        steps.append(Step("You hold no trump either: any card may be played.", "clabber-5.3"))
        return _Duty(hand, steps, {})
    assert top is not None
    others = [c for c in hand if c.suit != trump]
    cannot = f"you cannot beat `{top}` with {cards_text(trumps)}"
    if undertrump == "must_undertrump":
        why = Step(
            f"{cannot}, but you must still play a (lower) trump (under-trump rule: must under-trump).",
            "clabber-5.3",
        )
        return refuse_others(trumps, why)
    if undertrump == "only_if_nothing_else" and others:
        why = Step(
            f"{cannot}; you hold {cards_text(others)} of another suit, and a lower trump may be played only "
            "when holding nothing else (under-trump rule: only if nothing else).",
            "clabber-5.3",
        )
        return refuse_others(others, why)
    if undertrump == "only_if_nothing_else":
        steps.append(
            Step(
                f"{cannot[0].upper()}{cannot[1:]}, and you hold nothing but trumps: a lower trump is allowed "
                "because nothing else is held (under-trump rule: only if nothing else).",
                "clabber-5.3",
            )
        )
        return _Duty(hand, steps, {})
    steps.append(Step(f"{cannot[0].upper()}{cannot[1:]}: any card may be played.", "clabber-5.3"))
    return _Duty(hand, steps, {})
