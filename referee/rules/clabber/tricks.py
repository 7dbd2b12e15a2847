"""Tricks: who wins one, what it is worth, and which cards a seat may play to it (clabber-4, 5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from referee.cards import SUIT_WORD, SUIT_WORDS, Card
from referee.errors import FieldError
from referee.explain import Explanation, Judgement, Step
from referee.messages import Message, join, msg, msg_n
from referee.rules.clabber.values import (
    LAST_TRICK,
    PLAIN_ORDER,
    TRUMP_ORDER,
    Table,
    by_rank,
    card_points,
    cards_text,
    plain_strength,
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
        raise FieldError(too_many_plays(table.count, len(plays)), field=field)
    for number, (before, play) in enumerate(pairwise(plays), start=2):
        expected = table.next_seat(before.seat)
        if play.seat != expected:
            raise FieldError(
                msg(
                    "after {before} comes {expected}, not {seat}: a trick is played clockwise from the leader "
                    "(clabber-11.3)",
                    before=before.seat,
                    expected=expected,
                    seat=play.seat,
                ),
                field=field,
                location=(field, number),
            )


def too_many_plays(count: int, given: int) -> Message:
    return msg("a trick has at most {count} plays, one per seat, not {given} (clabber-11.3)", count=count, given=given)


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


def _ranked(cards: Sequence[Card], trump: str) -> str:
    """``J♥ > 9♥``: cards strongest first, as a formula."""
    return " > ".join(f"`{c}`" for c in by_rank(cards, trump))


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
        raise FieldError(msg("a trick needs at least the lead"), field="plays")
    check_order(table, plays, "plays")
    cards = [p.card for p in plays]
    explanation = Explanation()
    lead = plays[0]
    led = lead.card.suit or ""
    if led == trump:
        explanation.add(
            msg(
                "{seat} leads `{card}`, a trump ({trump} are trump).",
                seat=lead.seat,
                card=str(lead.card),
                trump=SUIT_WORDS[trump],
            ),
            "clabber-4.1",
        )
    else:
        explanation.add(
            msg(
                "{seat} leads `{card}`: {led} are led; {trump} are trump.",
                seat=lead.seat,
                card=str(lead.card),
                led=SUIT_WORDS[led],
                trump=SUIT_WORDS[trump],
            ),
            "clabber-4.1",
        )
    index = winning_index(cards, trump)
    best = plays[index]
    trumps = [c for c in cards if c.suit == trump]
    if trumps:
        if len(trumps) > 1:
            order = _ranked(trumps, trump)
            explanation.add(
                msg("In trump the order is {ranks}: {order}.", ranks=" ".join(TRUMP_ORDER), order=order), "clabber-2.1"
            )
        explanation.add(
            msg("A trump was played, so the highest trump wins: `{card}`.", card=str(best.card)), "clabber-4.2"
        )
    else:
        followed = [c for c in cards if c.suit == led]
        if len(followed) > 1:
            order = _ranked(followed, trump)
            explanation.add(
                msg("In a plain suit the order is {ranks}: {order}.", ranks=" ".join(PLAIN_ORDER), order=order),
                "clabber-2.2",
            )
        explanation.add(
            msg("No trump was played, so the highest {suit} wins: `{card}`.", suit=SUIT_WORD[led], card=str(best.card)),
            "clabber-4.2",
        )
    discards = [c for c in cards if c.suit not in (led, trump)]
    if discards:
        explanation.add(
            msg_n(
                "{cards} is a discard of another suit and cannot win.",
                "{cards} are discards of another suit and cannot win.",
                len(discards),
                cards=cards_text(discards),
            ),
            "clabber-4.2",
        )
    complete = len(plays) == table.count
    if complete:
        explanation.add(msg("{seat} wins the trick with `{card}`.", seat=best.seat, card=str(best.card)), "clabber-4.2")
    else:
        explanation.add(
            msg(
                "The trick is not complete ({played} of {count} plays): {seat} is winning it so far.",
                played=len(plays),
                count=table.count,
                seat=best.seat,
            ),
            "clabber-4.2",
        )
    parts = " + ".join(str(card_points(c, trump)) for c in cards)
    points = trick_points(cards, trump)
    detail = join(f"`{c}` {card_points(c, trump)}" for c in cards)
    explanation.add(
        msg("Card points: {detail}; {parts} = {points}.", detail=detail, parts=parts, points=points), "clabber-4.3"
    )
    if last:
        points += LAST_TRICK
        explanation.add(
            msg("The last trick scores {bonus} more: {points}.", bonus=LAST_TRICK, points=points), "clabber-2.3"
        )
    return TrickResult(best.seat, best.card, points, complete, last, explanation)


@dataclass
class PlayVerdict(Judgement):
    """The legal cards of a seat, and, when a card was asked about, whether it may be played (legal
    when none was asked)."""

    seat: str
    legal_cards: list[Card]
    card: Card | None = None


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
        raise FieldError(msg("the hand is empty: there is nothing to play"), field="hand")
    if undertrump not in UNDERTRUMP_RULES:
        raise FieldError(msg("unknown undertrump rule {rule}", rule=repr(undertrump)), field="options.undertrump")
    check_order(table, trick, "trick")
    if any(p.seat == seat for p in trick):
        raise FieldError(msg("{seat} has already played to this trick", seat=seat), field="seat")
    if trick and table.next_seat(trick[-1].seat) != seat:
        expected = table.next_seat(trick[-1].seat)
        raise FieldError(
            msg(
                "after {before} comes {expected}, not {seat}: play goes clockwise (clabber-11.3)",
                before=trick[-1].seat,
                expected=expected,
                seat=seat,
            ),
            field="seat",
        )
    if trick:
        duty = _duty(_Situation.of(table, seat, list(hand), trick, trump, undertrump, partner_exemption))
    else:
        duty = _Duty(list(hand), [Step(msg("{seat} leads: any card may be led.", seat=seat), "clabber-4.1")], {})
    explanation = Explanation().extend(duty.steps)
    legal_cards = [c for c in hand if c in duty.allowed]
    explanation.add(msg("Legal: {cards}.", cards=cards_text(legal_cards)), duty.steps[-1].rule)
    verdict = PlayVerdict(seat, legal_cards, card, explanation=explanation)
    if card is not None:
        if card not in hand:
            verdict.reasons.add(
                msg("`{card}` is not in {seat}'s hand ({hand}).", card=str(card), seat=seat, hand=cards_text(hand)),
                "clabber-11.4",
            )
        elif card not in duty.allowed:
            verdict.reasons.extend([duty.refuse[card]])
        if verdict.legal:
            explanation.add(msg("`{card}` may be played.", card=str(card)), duty.steps[-1].rule)
        else:
            reason = verdict.reasons[0]
            explanation.add(
                msg("`{card}` may not be played: {reason}", card=str(card), reason=reason.message), reason.rule
            )
    return verdict


# --- the duties of clabber-5, one function per clause ---------------------------------------------


@dataclass(frozen=True)
class _Why:
    """A duty that refuses every other card: the step stating it, and the reason a refused card gets
    (the same sentence, starting lower case as it follows "may not be played:")."""

    step: Message
    reason: Message
    rule: str


@dataclass(frozen=True)
class _Situation:
    """The trick so far (a card at least) as the seat to play sees it."""

    table: Table
    seat: str
    hand: list[Card]
    trick: Sequence[Play]
    trump: str
    undertrump: str
    exemption: bool
    winner: Play
    top: Card | None

    @classmethod
    def of(
        cls,
        table: Table,
        seat: str,
        hand: list[Card],
        trick: Sequence[Play],
        trump: str,
        undertrump: str,
        exemption: bool,
    ) -> _Situation:
        cards = [p.card for p in trick]
        winner = trick[winning_index(cards, trump)]
        trick_trumps = [c for c in cards if c.suit == trump]
        top = by_rank(trick_trumps, trump)[0] if trick_trumps else None
        return cls(table, seat, hand, trick, trump, undertrump, exemption, winner, top)

    @property
    def led(self) -> str:
        return self.trick[0].card.suit or ""

    @property
    def partner_winning(self) -> bool:
        return self.table.partners(self.seat, self.winner.seat)

    @property
    def exempt(self) -> bool:
        return self.exemption and self.partner_winning

    @property
    def trumps(self) -> list[Card]:
        return [c for c in self.hand if c.suit == self.trump]

    @property
    def beaters(self) -> list[Card]:
        return [c for c in self.trumps if self.top is None or trump_beats(c, self.top)]

    def partner_note(self) -> Step | None:
        """The duty holds while the partner is winning, unless the house rule exempts (clabber-5.5)."""
        if not self.partner_winning or self.exemption:
            return None
        return Step(
            msg(
                "Your partner {partner} is winning with `{card}`, but the duty holds all the same.",
                partner=self.winner.seat,
                card=str(self.winner.card),
            ),
            "clabber-5.5",
        )


def _refuse_others(s: _Situation, steps: list[Step], allowed: list[Card], why: _Why) -> _Duty:
    note = s.partner_note()
    if note is not None and why.rule != "clabber-5.1":
        steps.append(note)
    steps.append(Step(why.step, why.rule))
    refused = Step(why.reason, why.rule)
    return _Duty(allowed, steps, {c: refused for c in s.hand if c not in allowed})


def _any_card(s: _Situation, steps: list[Step], last: Step) -> _Duty:
    return _Duty(s.hand, [*steps, last], {})


def _duty(s: _Situation) -> _Duty:
    """What the seat must play to a trick led: follow a trump lead (clabber-5.4) or a plain lead
    (5.1), else trump (5.2), else anything, by the under-trump rule (5.3)."""
    steps = [_opening(s)]
    if s.led == s.trump:
        return _trump_led(s, steps)
    follow = [c for c in s.hand if c.suit == s.led]
    if follow:
        return _follow_suit(s, steps, follow)
    steps.append(Step(msg("You hold no {suit}.", suit=SUIT_WORDS[s.led]), "clabber-5.2"))
    if s.exempt:
        return _any_card(
            s,
            steps,
            Step(
                msg(
                    "Your partner {partner} is winning with `{card}`: with the partner exemption there is no duty to "
                    "trump or over-trump, so any card may be played.",
                    partner=s.winner.seat,
                    card=str(s.winner.card),
                ),
                "clabber-5.5",
            ),
        )
    if s.beaters:
        return _must_trump(s, steps)
    if not s.trumps:
        return _any_card(s, steps, Step(msg("You hold no trump either: any card may be played."), "clabber-5.3"))
    return _cannot_beat(s, steps)


def _opening(s: _Situation) -> Step:
    """Who led what, and who is winning (clabber-4.1, 4.2)."""
    lead, winner = s.trick[0], s.winner
    if s.led == s.trump:
        return Step(
            msg(
                "{leader} led `{card}`, a trump; {winner} is winning with `{best}`.",
                leader=lead.seat,
                card=str(lead.card),
                winner=winner.seat,
                best=str(winner.card),
            ),
            "clabber-4.1",
        )
    return Step(
        msg(
            "{leader} led `{card}` ({led}; {trump} are trump); {winner} is winning with `{best}`.",
            leader=lead.seat,
            card=str(lead.card),
            led=SUIT_WORDS[s.led],
            trump=SUIT_WORDS[s.trump],
            winner=winner.seat,
            best=str(winner.card),
        ),
        "clabber-4.2",
    )


def _trump_led(s: _Situation, steps: list[Step]) -> _Duty:
    """Trump led: a higher trump if you can, else any trump, else any card (clabber-5.4, 5.5)."""
    trumps, beaters = s.trumps, s.beaters
    if not trumps:
        return _any_card(
            s, steps, Step(msg("Trump was led and you hold no trump: any card may be played."), "clabber-5.4")
        )
    if s.exempt:
        steps.append(
            Step(
                msg(
                    "Your partner {partner} is winning with `{card}`: with the partner exemption you need not "
                    "over-trump, but trump was led and must be followed.",
                    partner=s.winner.seat,
                    card=str(s.winner.card),
                ),
                "clabber-5.5",
            )
        )
        refused = Step(
            msg("trump was led and you hold {cards}: you must play a trump.", cards=cards_text(trumps)), "clabber-5.4"
        )
        return _Duty(trumps, steps, {c: refused for c in s.hand if c not in trumps})
    top = str(s.top)
    if beaters:
        held = cards_text(beaters)
        why = _Why(
            msg("Trump was led and you hold {cards}, which beat `{top}`: you must play higher.", cards=held, top=top),
            msg("trump was led and you hold {cards}, which beat `{top}`: you must play higher.", cards=held, top=top),
            "clabber-5.4",
        )
        return _refuse_others(s, steps, beaters, why)
    held = cards_text(trumps)
    why = _Why(
        msg(
            "Trump was led; you cannot beat `{top}`, so any trump, but you hold {cards}: you must play a trump.",
            top=top,
            cards=held,
        ),
        msg(
            "trump was led; you cannot beat `{top}`, so any trump, but you hold {cards}: you must play a trump.",
            top=top,
            cards=held,
        ),
        "clabber-5.4",
    )
    return _refuse_others(s, steps, trumps, why)


def _follow_suit(s: _Situation, steps: list[Step], follow: list[Card]) -> _Duty:
    """A plain suit led: follow it, with any card of it (clabber-5.1)."""
    held, suit = cards_text(follow), SUIT_WORDS[s.led]
    why = _Why(
        msg(
            "You hold {cards}: {suit} must be followed (with any of them; there is no need to beat).",
            cards=held,
            suit=suit,
        ),
        msg(
            "you hold {cards}: {suit} must be followed (with any of them; there is no need to beat).",
            cards=held,
            suit=suit,
        ),
        "clabber-5.1",
    )
    return _refuse_others(s, steps, follow, why)


def _must_trump(s: _Situation, steps: list[Step]) -> _Duty:
    """Void in the suit led: trump, or over-trump the trump in the trick (clabber-5.2)."""
    held, suit = cards_text(s.beaters), SUIT_WORDS[s.led]
    if s.top is None:
        why = _Why(
            msg(
                "You have no {suit} and hold trump {cards}: with no trump in the trick yet any trump beats, and you "
                "must trump.",
                suit=suit,
                cards=held,
            ),
            msg(
                "you have no {suit} and hold trump {cards}: with no trump in the trick yet any trump beats, and you "
                "must trump.",
                suit=suit,
                cards=held,
            ),
            "clabber-5.2",
        )
    else:
        top = str(s.top)
        why = _Why(
            msg(
                "You have no {suit}; the highest trump so far is `{top}` and you hold {cards}, which beat it: you "
                "must over-trump.",
                suit=suit,
                top=top,
                cards=held,
            ),
            msg(
                "you have no {suit}; the highest trump so far is `{top}` and you hold {cards}, which beat it: you "
                "must over-trump.",
                suit=suit,
                top=top,
                cards=held,
            ),
            "clabber-5.2",
        )
    return _refuse_others(s, steps, s.beaters, why)


def _cannot_beat(s: _Situation, steps: list[Step]) -> _Duty:
    """Void and unable to over-trump: any card, unless the under-trump house rule says otherwise (clabber-5.3)."""
    top, trumps = str(s.top), cards_text(s.trumps)
    others = [c for c in s.hand if c.suit != s.trump]
    if s.undertrump == "must_undertrump":
        why = _Why(
            msg(
                "You cannot beat `{top}` with {trumps}, but you must still play a (lower) trump (under-trump rule: "
                "must under-trump).",
                top=top,
                trumps=trumps,
            ),
            msg(
                "you cannot beat `{top}` with {trumps}, but you must still play a (lower) trump (under-trump rule: "
                "must under-trump).",
                top=top,
                trumps=trumps,
            ),
            "clabber-5.3",
        )
        return _refuse_others(s, steps, s.trumps, why)
    if s.undertrump == "only_if_nothing_else" and others:
        held = cards_text(others)
        why = _Why(
            msg(
                "You cannot beat `{top}` with {trumps}; you hold {others} of another suit, and a lower trump may be "
                "played only when holding nothing else (under-trump rule: only if nothing else).",
                top=top,
                trumps=trumps,
                others=held,
            ),
            msg(
                "you cannot beat `{top}` with {trumps}; you hold {others} of another suit, and a lower trump may be "
                "played only when holding nothing else (under-trump rule: only if nothing else).",
                top=top,
                trumps=trumps,
                others=held,
            ),
            "clabber-5.3",
        )
        return _refuse_others(s, steps, others, why)
    if s.undertrump == "only_if_nothing_else":
        last = msg(
            "You cannot beat `{top}` with {trumps}, and you hold nothing but trumps: a lower trump is allowed because "
            "nothing else is held (under-trump rule: only if nothing else).",
            top=top,
            trumps=trumps,
        )
    else:
        last = msg("You cannot beat `{top}` with {trumps}: any card may be played.", top=top, trumps=trumps)
    return _any_card(s, steps, Step(last, "clabber-5.3"))
