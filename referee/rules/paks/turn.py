"""A whole turn: the draw (paks-3.2 to paks-3.4), one pak at most, then steals (paks-9.7, paks-9.8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from referee.cards import SUIT_WORD, SUIT_WORDS, Card
from referee.explain import Explanation, Judgement
from referee.messages import join, msg
from referee.rules.paks.capture import PakVerdict, StealVerdict, VictimPak, judge_pak, judge_steal
from referee.rules.paks.values import best_split, play_value

TO_TABLE = "table"
TO_HAND = "hand"
HIDDEN = "hidden"


@dataclass
class DrawVerdict(Judgement):
    """Where the drawn card goes: ``table`` (turn over), ``hand`` (pak optional), ``hidden`` (pak compulsory).

    A draw cannot be wrong: the verdict is always legal.
    """

    outcome: str

    @property
    def pak_allowed(self) -> bool:
        return self.outcome != TO_TABLE

    @property
    def pak_compulsory(self) -> bool:
        return self.outcome == HIDDEN


def draw(table: Sequence[Card], drawn: Card) -> DrawVerdict:
    """What happens to the card drawn from the stock, given the table before the draw."""
    explanation = Explanation()
    suits = {c.suit for c in table}
    if len(suits) == 4:
        explanation.add(
            msg(
                "The table shows all four suits: `{card}` stays hidden in the hand and a pak is compulsory; "
                "a player who cannot make one shows the whole hand",
                card=str(drawn),
            ),
            "paks-3.4",
        )
        return DrawVerdict(HIDDEN, explanation=explanation)
    if drawn.suit not in suits:
        explanation.add(
            msg(
                "No table card is a {suit}: `{card}` goes face up onto the table "
                "and the turn ends, with no pak and no steal",
                suit=SUIT_WORD[str(drawn.suit)],
                card=str(drawn),
            ),
            "paks-3.2",
        )
        return DrawVerdict(TO_TABLE, explanation=explanation)
    explanation.add(
        msg(
            "The table has {suits}: `{card}` joins the hand, and the player may end the turn or make one pak",
            suits=SUIT_WORDS[str(drawn.suit)],
            card=str(drawn),
        ),
        "paks-3.3",
    )
    return DrawVerdict(TO_HAND, explanation=explanation)


def find_pak(table: Sequence[Card], hand: Sequence[Card]) -> list[PakVerdict]:
    """Every table card the hand can take, each with the smallest pak that takes it (paks-9.7).

    Smallest means fewest hand cards, then lowest value. Adding a card never lowers the best
    split, so a table card can be taken at all exactly when all the hand's cards of its suit beat it.
    """
    found: list[PakVerdict] = []
    for table_card in dict.fromkeys(table):
        target = play_value(table_card)
        suited = sorted((c for c in hand if c.suit == table_card.suit), key=play_value, reverse=True)
        if best_split(suited).value <= target:
            continue
        for size in range(1, len(suited) + 1):
            values = {combo: best_split(combo).value for combo in combinations(suited, size)}
            winners = {combo: value for combo, value in values.items() if value > target}
            if winners:
                cheapest = min(winners, key=lambda combo: winners[combo])
                found.append(judge_pak(table_card, cheapest))
                break
    return found


@dataclass(frozen=True)
class PakClaim:
    """A claimed pak: the table cards taken (legal only with exactly one) and the hand cards played."""

    table_cards: tuple[Card, ...]
    played: tuple[Card, ...]


@dataclass(frozen=True)
class StealClaim:
    victims: tuple[VictimPak, ...]
    played: tuple[Card, ...]


@dataclass
class TurnVerdict(Judgement):
    draw: DrawVerdict | None = None
    paks: tuple[PakVerdict, ...] = ()
    steals: tuple[StealVerdict, ...] = ()
    #: Paks the shown hand could have made when a pak was compulsory (paks-9.7).
    missed: tuple[PakVerdict, ...] = field(default=())


def _not_held(cards: Sequence[Card], pool: Counter[Card]) -> list[Card]:
    missing = []
    for card in cards:
        if pool[card]:
            pool[card] -= 1
        else:
            missing.append(card)
    return missing


def judge_turn(
    paks: Sequence[PakClaim],
    steals: Sequence[StealClaim] = (),
    *,
    table: Sequence[Card] | None = None,
    drawn: Card | None = None,
    hand: Sequence[Card] | None = None,
    player: str | None = None,
    partners: Collection[str] = (),
    partner_steal: bool = True,
) -> TurnVerdict:
    """Judge everything one player did in a turn.

    ``table`` is the table before the draw, ``drawn`` the card drawn, ``hand`` the hand after the
    draw; each is optional and, when given, adds its checks: where the drawn card goes, that the
    taken cards lie on the table, that the played cards are in the hand, and that a compulsory pak
    that was possible was made.
    """
    judgement = Judgement()
    drawing = draw(table, drawn) if table is not None and drawn is not None else None
    if drawing is not None:
        judgement.include(drawing)
        if drawing.outcome == TO_TABLE and (paks or steals):
            judgement.fault(
                msg("`{card}` went to the table, so this turn has no pak and no steal", card=str(drawn)), "paks-3.2"
            )
    on_table = list(table or ())
    if drawing is not None and drawing.outcome == TO_TABLE and drawn is not None:
        on_table.append(drawn)

    missed: list[PakVerdict] = []
    if drawing is not None and drawing.pak_compulsory and not paks and hand is not None:
        missed = find_pak(on_table, hand)
        for verdict in missed:
            judgement.fault(
                msg(
                    "A pak was compulsory and the hand can make one: {played} takes `{card}` ({comparison})",
                    played=join([f"`{c}`" for c in verdict.new_pak[:-1]], " "),
                    card=str(verdict.table_card),
                    comparison=f"{verdict.value} > {verdict.target}",
                ),
                "paks-9.7",
            )
        if not missed:
            judgement.step(msg("No pak is possible from the shown hand: the turn ends"), "paks-3.4")

    if len(paks) > 1:
        judgement.fault(msg("{n} paks in one turn: a turn has at most one pak", n=len(paks)), "paks-3.5")
    table_pool = Counter(on_table)
    hand_pool = Counter(hand or ())
    verdicts: list[PakVerdict] = []
    for claim in paks:
        if len(claim.table_cards) != 1:
            if claim.table_cards:
                taken = join([f"`{c}`" for c in claim.table_cards])
                text = msg(
                    "A pak takes exactly one table card, not {n} ({cards})", n=len(claim.table_cards), cards=taken
                )
            else:
                text = msg("A pak takes exactly one table card, not 0 (none)")
            judgement.fault(text, "paks-4.1")
            continue
        if table is not None:
            for card in _not_held(claim.table_cards, table_pool):
                judgement.fault(msg("`{card}` is not on the table", card=str(card)), "paks-4.1")
        if hand is not None:
            for card in _not_held(claim.played, hand_pool):
                judgement.fault(msg("`{card}` is not in the hand", card=str(card)), "paks-4.2")
        verdict = judge_pak(claim.table_cards[0], claim.played)
        verdicts.append(verdict)
        judgement.include(verdict)

    pak_suit = verdicts[0].table_card.suit if verdicts and (drawing is None or drawing.pak_allowed) else None
    stolen: list[str] = []
    steal_verdicts: list[StealVerdict] = []
    for steal in steals:
        if hand is not None:
            for card in _not_held(steal.played, hand_pool):
                judgement.fault(msg("`{card}` is not in the hand", card=str(card)), "paks-5.5")
        stealing = judge_steal(
            pak_suit,
            stolen,
            steal.victims,
            steal.played,
            player=player,
            partners=partners,
            partner_steal=partner_steal,
        )
        steal_verdicts.append(stealing)
        judgement.include(stealing)
        if stealing.suit is not None:
            stolen.append(stealing.suit)
    return TurnVerdict(
        explanation=judgement.explanation,
        reasons=judgement.reasons,
        draw=drawing,
        paks=tuple(verdicts),
        steals=tuple(steal_verdicts),
        missed=tuple(missed),
    )
