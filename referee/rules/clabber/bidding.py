"""Bidding: may this player say "I play", and in which suit (clabber-3, clabber-10.2)?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import SUIT_SINGULAR, Card
from referee.errors import FieldError
from referee.explain import Explanation, Step
from referee.rules.clabber.values import BIDDING_HAND_SIZES, suit_name


@dataclass
class BidVerdict:
    legal: bool
    trump: str
    explanation: Explanation
    reasons: list[Step] = field(default_factory=list)


def judge_bid(
    hand: Sequence[Card],
    turn_up: Card,
    bidding_round: int,
    suit: str | None = None,
    *,
    dealer: bool = False,
    players: int = 4,
) -> BidVerdict:
    """May a player holding ``hand`` say "I play" in ``bidding_round`` (1 or 2)?

    Round 1 plays the turn-up's suit (``suit`` may be omitted); round 2 names ``suit``. ``hand``
    is what the player holds while bidding: in the 2-player game only the first 6 cards count
    (clabber-10.2). The dealer's hand holds the turn-up even when it is not listed.
    """
    if bidding_round not in (1, 2):
        raise FieldError(f"the bidding round is 1 or 2, not {bidding_round}", field="round")
    limit = BIDDING_HAND_SIZES.get(players)
    if limit is None:
        raise FieldError(f"Clabber is played by 2, 3, 4 or 6 players, not {players}", field="players")
    if len(hand) > limit:
        note = " (in the 2-player game only the first 6 count while bidding)" if players == 2 else ""
        raise FieldError(f"a hand holds at most {limit} cards while bidding{note}, not {len(hand)}", field="hand")
    if turn_up in hand and not dealer:
        raise FieldError(f"the turn-up `{turn_up}` is in the dealer's hand, not in this one", field="hand")
    turned = turn_up.suit or ""
    held = list(hand)
    explanation = Explanation()
    if players == 2:
        explanation.add("Two players: only the first 6 cards are looked at while bidding.", "clabber-10.2")
    if dealer and turn_up not in held:
        held.append(turn_up)
        explanation.add(f"The dealer's hand holds the turn-up `{turn_up}`.", "clabber-1.4")
    reasons: list[Step] = []
    if bidding_round == 1:
        trump = turned
        explanation.add(f'Round 1: "I play" makes the turn-up\'s suit trump: {suit_name(trump)}.', "clabber-3.1")
        if suit is not None and suit != turned:
            reasons.append(
                Step(
                    f"in round 1 the trump is the turn-up's suit, {suit_name(turned)}; "
                    f"{suit_name(suit)} may be named only in round 2.",
                    "clabber-3.1",
                )
            )
    else:
        if suit is None:
            raise FieldError("round 2: name the suit the bidder makes trump", field="suit")
        trump = suit
        explanation.add(
            f"Round 2: the bidder names the trump, any suit but the turn-up's ({suit_name(turned)}).", "clabber-3.2"
        )
        if suit == turned:
            reasons.append(
                Step(
                    f"{suit_name(suit)} was the turn-up's suit, refused in round 1: it may not be named in round 2.",
                    "clabber-3.2",
                )
            )
    if not reasons:
        of_trump = [c for c in held if c.suit == trump]
        if dealer and bidding_round == 1:
            explanation.add("The dealer always qualifies in round 1: the turn-up is in their hand.", "clabber-3.3")
        elif of_trump:
            listed = ", ".join(f"`{c}`" for c in of_trump)
            explanation.add(f"The player holds {listed}: they may play {suit_name(trump)}.", "clabber-3.3")
        else:
            reasons.append(
                Step(
                    f"the player holds no {SUIT_SINGULAR[trump]}: a player may only play a suit they hold a card of.",
                    "clabber-3.3",
                )
            )
    for reason in reasons:
        explanation.add(f"Not allowed: {reason.text}", reason.rule)
    if not reasons:
        explanation.add(f'"I play" is allowed; {suit_name(trump)} are trump.', "clabber-3.4")
    return BidVerdict(not reasons, trump, explanation, reasons)
