"""Scoring a deal: each side's total, made or set, and how the paper sheet writes it (clabber-8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.errors import FieldError, Gathering, TotalError
from referee.explain import Explanation
from referee.messages import Message, join, msg
from referee.rules.clabber.melds import BELL, MELD_POINTS
from referee.rules.clabber.values import (
    DEAL_POINTS,
    LAST_TRICK,
    PACK,
    PLAIN_POINTS,
    TRUMP_POINTS,
    VARIANT_CLAUSES,
)

SET_MARK = "XX"
ZERO_MARK = "-"


def _two_player_range() -> tuple[int, int]:
    """Least and most a 2-player deal can hold: 6 of the 24 cards stay undealt (clabber-10.2)."""
    values = sorted((TRUMP_POINTS if card.suit == "S" else PLAIN_POINTS)[card.rank] for card in PACK.cards())
    all_cards = sum(values)
    return all_cards - sum(values[-6:]) + LAST_TRICK, all_cards - sum(values[:6]) + LAST_TRICK


#: A 2-player deal holds 10 + the points of the 18 dealt cards: between these two.
TWO_PLAYER_RANGE = _two_player_range()
#: The most meld points one side can score in a deal: six fours use all 24 cards.
MAX_MELD_POINTS = MELD_POINTS["mule"] + 5 * MELD_POINTS["four_nines"]


def deal_limits(players: int) -> tuple[int, int]:
    """Least and most card points of a whole deal (both equal but for 2 players)."""
    if players == 2:
        return TWO_PLAYER_RANGE
    return DEAL_POINTS, DEAL_POINTS


def check_points(points: Mapping[str, int], players: int, field: str = "points") -> Explanation:
    """Card points of all sides must add up for the variant (clabber-11.5, clabber-10).

    3, 4 and 6 players: all 24 cards are dealt, so the sides hold 162 together. 2 players: six
    cards stay undealt, so the deal holds between 84 and 156 (10 + the 18 dealt cards, whose
    points the entry cannot know); each side then holds 0 to 156. Every side out of range is
    reported at once (at its own place); the total only when each side is in range.
    """
    low, high = deal_limits(players)
    clause = "clabber-2.3" if players == 4 else VARIANT_CLAUSES[players]
    check_sides(points, players, field)
    total = sum(points.values())
    sum_text = " + ".join(f"{side} {value}" for side, value in points.items())
    if low == high and total != low:
        raise TotalError(
            msg("{sum} = {total}, a deal holds {low} — {clause}", sum=sum_text, total=total, low=low, clause=clause),
            field=field,
        )
    if not low <= total <= high:
        raise TotalError(
            msg(
                "{sum} = {total}; with 2 players a deal holds 10 + the 18 dealt cards, between {low} and {high} — "
                "{clause}",
                sum=sum_text,
                total=total,
                low=low,
                high=high,
                clause=clause,
            ),
            field=field,
        )
    explanation = Explanation()
    if low == high:
        explanation.add(msg("Card points {sum} = {total}, the whole deal.", sum=sum_text, total=total), clause)
    else:
        explanation.add(
            msg(
                "Card points {sum} = {total}: within {low}–{high}, what 18 dealt cards and the last trick hold.",
                sum=sum_text,
                total=total,
                low=low,
                high=high,
            ),
            clause,
        )
    return explanation


def check_sides(points: Mapping[str, int | None], players: int, field: str = "points") -> None:
    """Each side's card points lie between 0 and the most a deal holds (clabber-11.5); a side left
    blank (``None``) is not checked. Every side out of range is one error, all raised together."""
    high = deal_limits(players)[1]
    clause = "clabber-2.3" if players == 4 else VARIANT_CLAUSES[players]
    gathering = Gathering()
    for side, value in points.items():
        if value is not None and not 0 <= value <= high:
            gathering.errors.append(
                TotalError(
                    msg(
                        "{side} {value}: a side holds between 0 and {high} card points — {clause}",
                        side=side,
                        value=value,
                        high=high,
                        clause=clause,
                    ),
                    field=f"{field}.{side}",
                    location=(field, side),
                )
            )
    gathering.check()


def deal_range_note(players: int) -> Message:
    """What the card points of a deal add up to, for the form that asks for them (clabber-2.3, clabber-10)."""
    low, high = deal_limits(players)
    if players == 2:
        return msg(
            "Enter both players: six cards stay undealt, so the two add up to between {low} and {high}.",
            low=low,
            high=high,
        )
    if players == 3:
        return msg("Leave one player blank: the app fills in {total} less the other two.", total=high)
    return msg("Leave one side blank: the app fills in {total} less the other.", total=high)


def fill_points(points: Mapping[str, int | None], players: int) -> dict[str, int]:
    """Complete the card points when exactly one side is left blank and the deal's total is fixed.

    3, 4 and 6 players: the blank side holds 162 less the others (clabber-2.3); with 2 players the
    total is not known, so nothing can be filled. Raises :class:`TotalError` when the given sides
    already hold more than the deal.
    """
    blank = [side for side, value in points.items() if value is None]
    if not blank:
        return {side: int(value or 0) for side, value in points.items()}
    if players == 2 or len(blank) > 1:
        raise FieldError(
            msg("card points are missing for {sides}", sides=join(blank)),
            field=f"points.{blank[0]}",
            location=("points", blank[0]),
        )
    given = sum(int(v) for v in points.values() if v is not None)
    rest = DEAL_POINTS - given
    if rest < 0:
        raise TotalError(
            msg("the other sides hold {given}, more than the {deal} of a deal", given=given, deal=DEAL_POINTS),
            field="points",
        )
    return {side: rest if value is None else int(value) for side, value in points.items()}


def other_side_points(points: int, players: int = 4) -> int:
    """The other team's card points in a 4- or 6-player deal: 162 less these (clabber-2.3)."""
    if players not in (4, 6):
        raise FieldError(msg("only a game of two teams has one other side to fill in"), field="points")
    if not 0 <= points <= DEAL_POINTS:
        raise TotalError(
            msg("a side holds between 0 and {deal} card points, not {points}", deal=DEAL_POINTS, points=points),
            field="points",
        )
    return DEAL_POINTS - points


def check_meld_points(melds: Mapping[str, int], scope: str, field: str = "melds") -> None:
    """Meld points entered per side (clabber-11.6): one side at most; one meld's value under the
    default scope, a sum of meld values when a team scores all its melds. Every side's bad value
    is reported at once."""
    allowed = sorted({0, *MELD_POINTS.values()})
    gathering = Gathering()
    for side, value in melds.items():
        if scope == "best_meld_only" and value not in allowed:
            text = msg(
                "{side}'s meld scores {allowed}, not {value} — clabber-6.1",
                side=side,
                allowed=join(map(str, allowed)),
                value=value,
            )
        elif scope != "best_meld_only" and not _meld_sum(value):
            text = msg(
                "{side}'s melds cannot add up to {value}: melds score 20, 50, 100 or 200 — clabber-6.1",
                side=side,
                value=value,
            )
        else:
            continue
        gathering.errors.append(FieldError(text, field=f"{field}.{side}", location=(field, side)))
    gathering.check()
    scoring = [side for side, value in melds.items() if value]
    if len(scoring) > 1:
        raise FieldError(
            msg(
                "{sides} both have meld points; only one side scores melds in a deal — clabber-6.3",
                sides=join(scoring, " and "),
            ),
            field=field,
            location=(field, scoring[-1]),
        )


def _meld_sum(value: int) -> bool:
    """Sums of 20, 50, 100 and 200: 0, 20 and every multiple of 10 from 40 up to the most a side can meld."""
    return 0 <= value <= MAX_MELD_POINTS and value % 10 == 0 and value not in (10, 30)


def check_bells(bells: Mapping[str, int], field: str = "bells") -> None:
    """Bells: 0 or 20, and at most one side has 20: there is one trump K and Q (clabber-11.6)."""
    gathering = Gathering()
    for side, value in bells.items():
        if value not in (0, BELL):
            gathering.errors.append(
                FieldError(
                    msg("{side}'s bell is 0 or {bell}, not {value} — clabber-7.1", side=side, bell=BELL, value=value),
                    field=f"{field}.{side}",
                    location=(field, side),
                )
            )
    gathering.check()
    ringing = [side for side, value in bells.items() if value]
    if len(ringing) > 1:
        raise FieldError(
            msg("{sides} both have a bell; there is one trump K and Q — clabber-7.1", sides=join(ringing, " and ")),
            field=field,
            location=(field, ringing[-1]),
        )


@dataclass
class DealScore:
    makers: str
    made: bool
    totals: dict[str, int]
    scores: dict[str, int]
    marks: dict[str, str]
    explanation: Explanation


def score_deal(
    makers: str,
    points: Mapping[str, int],
    melds: Mapping[str, int] | None = None,
    bells: Mapping[str, int] | None = None,
    *,
    players: int = 4,
) -> DealScore:
    """Score a deal from each side's card points (last trick included), meld and bell points.

    The makers make when their total beats every other side's; a tie is a set (clabber-8.2,
    clabber-10.1). Made: everyone records their own total; set: the makers record 0 (``XX``) and
    the others their own totals (clabber-8.3, 8.4). Any other zero is marked ``-`` (clabber-8.5).
    """
    melds = melds or {}
    bells = bells or {}
    explanation = Explanation()
    totals = _totals(points, melds, bells, explanation)
    others = {side: total for side, total in totals.items() if side != makers}
    made = all(totals[makers] > total for total in others.values())
    _verdict(makers, totals, others, made, players, explanation)
    # Set: the makers score nothing, the others their own totals (clabber-8.4).
    scores = {side: 0 if side == makers and not made else total for side, total in totals.items()}
    marks = _marks(makers, made, scores, explanation)
    return DealScore(makers, made, totals, scores, marks, explanation)


def _totals(
    points: Mapping[str, int], melds: Mapping[str, int], bells: Mapping[str, int], explanation: Explanation
) -> dict[str, int]:
    """Each side's cards + meld + bell (clabber-8.1)."""
    totals: dict[str, int] = {}
    for side, cards in points.items():
        meld, bell = melds.get(side, 0), bells.get(side, 0)
        totals[side] = cards + meld + bell
        if meld or bell:
            explanation.add(
                msg(
                    "{side}: cards {cards} + melds {meld} + bell {bell} = {total}.",
                    side=side,
                    cards=cards,
                    meld=meld,
                    bell=bell,
                    total=totals[side],
                ),
                "clabber-8.1",
            )
        else:
            explanation.add(msg("{side}: cards {cards}.", side=side, cards=cards), "clabber-8.1")
    return totals


def _verdict(
    makers: str,
    totals: Mapping[str, int],
    others: Mapping[str, int],
    made: bool,
    players: int,
    explanation: Explanation,
) -> None:
    """Made or set: the makers must beat every other side (clabber-8.2 to 8.4; with 3 players 10.1)."""
    against = join(f"{side} {total}" for side, total in others.items())
    beat_rule = "clabber-10.1" if players == 3 else "clabber-8.2"
    if made:
        explanation.add(
            msg("Makers {makers} {total} beat {against}: made.", makers=makers, total=totals[makers], against=against),
            beat_rule,
        )
        explanation.add(msg("Each side records its own total."), "clabber-8.3")
        return
    if max(others.values()) == totals[makers]:
        text = msg(
            "Makers {makers} {total} do not beat {against}: a tie is a set.",
            makers=makers,
            total=totals[makers],
            against=against,
        )
    else:
        text = msg(
            "Makers {makers} {total} do not beat {against}: they are set.",
            makers=makers,
            total=totals[makers],
            against=against,
        )
    explanation.add(text, beat_rule)
    explanation.add(
        msg("{makers} record 0, marked {mark}; the others record their own totals.", makers=makers, mark=SET_MARK),
        "clabber-10.1" if players == 3 else "clabber-8.4",
    )


def _marks(makers: str, made: bool, scores: Mapping[str, int], explanation: Explanation) -> dict[str, str]:
    """How the paper sheet writes each score: ``XX`` for a set, ``-`` for any other zero (clabber-8.4, 8.5)."""
    marks: dict[str, str] = {}
    for side, score in scores.items():
        if side == makers and not made:
            marks[side] = SET_MARK
        elif score == 0:
            marks[side] = ZERO_MARK
            explanation.add(msg("{side} score 0, written `{mark}`.", side=side, mark=ZERO_MARK), "clabber-8.5")
        else:
            marks[side] = str(score)
    return marks
