"""Bidding: may this player say "I play", and in which suit (clabber-3, clabber-10.2)?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import SUIT_WORD, SUIT_WORDS, Card
from referee.errors import FieldError
from referee.explain import Explanation, Judgement
from referee.messages import Message, msg
from referee.rules.clabber.values import BIDDING_HAND_SIZES, cards_text, players_message


@dataclass
class BidVerdict(Judgement):
    """May the player say "I play"; ``trump`` is the suit it would make trump."""

    trump: str


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
        raise FieldError(round_message(bidding_round), field="round")
    limit = BIDDING_HAND_SIZES.get(players)
    if limit is None:
        raise FieldError(players_message(players), field="players")
    if len(hand) > limit:
        if players == 2:
            text = msg(
                "a hand holds at most {limit} cards while bidding (in the 2-player game only the first 6 count), "
                "not {count}",
                limit=limit,
                count=len(hand),
            )
        else:
            text = msg("a hand holds at most {limit} cards while bidding, not {count}", limit=limit, count=len(hand))
        raise FieldError(text, field="hand")
    if turn_up in hand and not dealer:
        raise FieldError(
            msg("the turn-up `{card}` is in the dealer's hand, not in this one", card=str(turn_up)),
            field="hand",
            location=("hand", hand.index(turn_up) + 1),
        )
    turned = turn_up.suit or ""
    held = list(hand)
    explanation = Explanation()
    if players == 2:
        explanation.add(msg("Two players: only the first 6 cards are looked at while bidding."), "clabber-10.2")
    if dealer and turn_up not in held:
        held.append(turn_up)
        explanation.add(msg("The dealer's hand holds the turn-up `{card}`.", card=str(turn_up)), "clabber-1.4")
    reasons = Explanation()
    if bidding_round == 1:
        trump = turned
        explanation.add(
            msg('Round 1: "I play" makes the turn-up\'s suit trump: {suit}.', suit=SUIT_WORDS[trump]), "clabber-3.1"
        )
        if suit is not None and suit != turned:
            reasons.add(
                msg(
                    "in round 1 the trump is the turn-up's suit, {turned}; {suit} may be named only in round 2.",
                    turned=SUIT_WORDS[turned],
                    suit=SUIT_WORDS[suit],
                ),
                "clabber-3.1",
            )
    else:
        if suit is None:
            raise FieldError(msg("round 2: name the suit the bidder makes trump"), field="suit")
        trump = suit
        explanation.add(
            msg("Round 2: the bidder names the trump, any suit but the turn-up's ({suit}).", suit=SUIT_WORDS[turned]),
            "clabber-3.2",
        )
        if suit == turned:
            reasons.add(
                msg(
                    "{suit} was the turn-up's suit, refused in round 1: it may not be named in round 2.",
                    suit=SUIT_WORDS[suit],
                ),
                "clabber-3.2",
            )
    if not reasons:
        of_trump = [c for c in held if c.suit == trump]
        if dealer and bidding_round == 1:
            explanation.add(msg("The dealer always qualifies in round 1: the turn-up is in their hand."), "clabber-3.3")
        elif of_trump:
            explanation.add(
                msg(
                    "The player holds {cards}: they may play {suit}.",
                    cards=cards_text(of_trump),
                    suit=SUIT_WORDS[trump],
                ),
                "clabber-3.3",
            )
        else:
            reasons.add(
                msg(
                    "the player holds no {suit}: a player may only play a suit they hold a card of.",
                    suit=SUIT_WORD[trump],
                ),
                "clabber-3.3",
            )
    for reason in reasons:
        explanation.add(msg("Not allowed: {reason}", reason=reason.message), reason.rule)
    if not reasons:
        explanation.add(msg('"I play" is allowed; {suit} are trump.', suit=SUIT_WORDS[trump]), "clabber-3.4")
    return BidVerdict(trump, explanation=explanation, reasons=reasons)


def round_message(bidding_round: int | str) -> Message:
    """The error for a bidding round other than 1 or 2 (clabber-3); one of too many digits to read comes cut short."""
    return msg("the bidding round is 1 or 2, not {round}", round=bidding_round)
