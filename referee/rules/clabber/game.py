"""Clabber as a match on the score sheet: 2, 3, 4 or 6 players, first to 500 (or the house's target)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cards import SUIT_WORDS, Card, Pack
from referee.errors import FieldError, Gathering
from referee.explain import Explanation
from referee.messages import Message, Param, from_json, join, msg
from referee.rules.checks import as_int
from referee.rules.clabber.bidding import round_message
from referee.rules.clabber.checks import CHECKS, DEAL_ITEMS, DEAL_WORDS, deal_ruling
from referee.rules.clabber.ending import judge_end
from referee.rules.clabber.entry import ClabberEntry, PassedOut, Played
from referee.rules.clabber.inputs import read_cards, read_side_numbers, readable_cards
from referee.rules.clabber.melds import (
    BELL,
    MELD_KINDS,
    MELD_NAMES,
    SEQUENCE_KINDS,
    judge_kinds,
    judge_melds,
    meld_kinds_for,
)
from referee.rules.clabber.options import ClabberOptions
from referee.rules.clabber.scoring import check_points, check_sides, fill_points, score_deal
from referee.rules.clabber.values import (
    DEAL_POINTS,
    PACK,
    VARIANT_CLAUSES,
    Place,
    Table,
    check_once,
    parse_suit,
)
from referee.rules.claims import Ruling
from referee.rules.game import DealContext, DealResult, Game, MatchResult, MatchSetup, Side, require_mapping
from referee.rules.seating import SIDE, SIDE_OR_PLAYER, named

_ENTRY_KEYS = ("makers", "round", "trump", "turn_up", "points", "filled", "melds", "meld_cards", "bell")
#: The clauses that decide which meld scores: the "why" of the meld winner on the sheet.
_MELD_DECIDING = ("clabber-6.4", "clabber-6.5", "clabber-6.6")


class Clabber(Game[ClabberOptions]):
    slug = "clabber"
    name = msg("Clabber")
    result_clause = "clabber-9.1"
    tagline = msg("Jack-Nine tricks: say “I play”, then beat the other side, melds and bell included. First to 500.")
    player_counts = (2, 3, 4, 6)
    score_clause = "clabber-8.1"
    partnership_note = msg("with 4, partners sit opposite; with 6, every other seat makes a team of three")
    option_type = ClabberOptions
    checks = CHECKS
    entry_type = ClabberEntry
    claim_words = DEAL_WORDS
    sheet_details = ("void",)

    # --- seats ----------------------------------------------------------------------------------

    def table(self, setup: MatchSetup) -> Table:
        """The players as seats, clockwise: partners opposite with 4, alternate with 6 (clabber-1.1, 10.3)."""
        return Table(tuple(setup.players))

    def sides(self, setup: MatchSetup) -> list[Side]:
        table = self.table(setup)
        return [Side(name, members) for name, members in zip(table.team_names, table.teams, strict=True)]

    def dealer(self, setup: MatchSetup, earlier: Sequence[DealResult]) -> str:
        """The deal passes to the left (clabber-1.3); with ``redeal = same_dealer`` a deal passed out
        twice is dealt again by the same dealer (clabber-3.5)."""
        moves = len(earlier)
        if self.opts(setup).redeal == "same_dealer":
            moves = sum(1 for deal in earlier if not deal.details.get("void"))
        return setup.players[(setup.first_dealer + moves) % setup.count]

    def target(self, setup: MatchSetup) -> int:
        return self.opts(setup).target

    def pack(self, setup: MatchSetup) -> Pack:
        """A K Q J 10 9 of each suit, each card once (clabber-1.2)."""
        return PACK

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """Check one deal's entry and return it in canonical form.

        The entry, as the players write it down after a deal::

            {
              "makers": "Ann & Cy",       # the side (or a player of it) who said "I play";
                                          # null: all passed twice, the deal is void (clabber-3.5);
                                          # required: an entry without it is refused
              "round": 1,                 # bidding round of the "I play": 1 (turn-up suit) or 2
              "trump": "H",               # the trump suit
              "turn_up": "10D",           # optional: checks round 1 = its suit, round 2 = another suit
              "points": {"Ann & Cy": 95, "Bo & Di": 67},
                                          # card points taken, the 10 for the last trick included;
                                          # with 3, 4 or 6 players one side may be left out or null
                                          # and is filled in from the 162 of the deal
              "filled": "Bo & Di",        # in the canonical entry: the side whose points were filled
                                          # in (given on input, it only keeps that note)
              "melds": {"Ann & Cy": "fifty"},
                                          # optional: the meld types each side declared (a type or a
                                          # list); the higher row scores (clabber-6.4)
              "meld_cards": {"Ann": ["AH", "KH", "QH", "JH"]},
                                          # optional, instead of "melds": each declarer's cards; the
                                          # app finds the melds and decides the priority (clabber-6)
              "bell": "Ann"               # optional: the player (or side) who announced the bell
            }

        Side names are those of :meth:`sides` (``Ann & Cy``; a player's own name with 2 or 3
        players); names match in any case. The canonical entry has every side in ``points``, the
        ``melds`` as lists, cards as canonical strings, ``makers`` as a side name and ``bell`` as
        the player's name (the side's when only the side was given).
        Bidding is checked as far as the entry allows: round 1 plays the turn-up's suit, round 2
        may not (clabber-3.1, 3.2). Points must add up (clabber-11.5): 162 with 3, 4 or 6 players;
        with 2 players six cards stay undealt, so the two sides must hold 84 to 156 together.
        Every independent mistake is reported in one :class:`InputErrors` (each at its field and
        location); a check that needs another part waits until that part is sound.
        """
        data = require_mapping(entry, "entry")
        unknown = [key for key in data if key not in _ENTRY_KEYS]
        if unknown:
            raise FieldError(msg("unknown entry field `{field}`", field=str(unknown[0])), field=str(unknown[0]))
        if "makers" in data and data["makers"] in (None, ""):
            return PassedOut().as_json()
        table = self.table(setup)
        # Each part is checked on its own, so one refusal names every mistake (a part that needs
        # another, such as the turn-up's suit against the trump, waits until that one is sound).
        gathering = Gathering()
        makers = gathering.attempt(self._makers, table, data)
        bidding_round = gathering.attempt(_bidding_round, data.get("round"))
        trump = gathering.attempt(_trump, data.get("trump"))
        turn_up = gathering.attempt(self._turn_up, data.get("turn_up"), bidding_round, trump)
        points = gathering.attempt(self._points, table, data.get("points"), data.get("filled"))
        if data.get("melds") and data.get("meld_cards"):
            gathering.errors.append(
                FieldError(msg("enter the meld types or the declarers' cards, not both"), field="meld_cards")
            )
        scope = self.opts(setup).meld_scope
        melds = gathering.attempt(self._meld_kinds, table, data["melds"], scope) if data.get("melds") else None
        shown = gathering.attempt(self._meld_cards, table, data["meld_cards"]) if data.get("meld_cards") else None
        bell = data.get("bell")
        if bell not in (None, ""):
            bell = gathering.attempt(self._bell, table, bell, shown if data.get("meld_cards") else {}, trump)
        gathering.check()
        assert makers is not None and bidding_round is not None and trump is not None and points is not None
        return Played(
            makers=makers,
            round=bidding_round,
            trump=trump,
            turn_up=turn_up,
            points=points[0],
            filled=points[1],
            melds=None if melds is None else {side: tuple(kinds) for side, kinds in melds.items()},
            meld_cards=shown,
            bell=bell or None,
        ).as_json()

    def _makers(self, table: Table, data: Mapping[str, Any]) -> str:
        """The side that said “I play” (a side or one of its players); it must be given: ``null`` is
        how an entry says all passed twice."""
        if "makers" not in data:
            raise FieldError(msg("Choose who said “I play”, or “all passed twice”"), field="makers")
        return self._side_of(table, data["makers"], "makers")

    def _side_of(self, table: Table, value: object, field: str) -> str:
        names = [*table.team_names, *table.seats]
        name = named(value, list(dict.fromkeys(names)), kind=SIDE_OR_PLAYER, field=field, location=(field,))
        return name if name in table.team_names else table.team_of(name)

    def _turn_up(self, value: object, bidding_round: int | None, trump: str | None) -> Card | None:
        """The turn-up card; against the trump once the round and the trump are sound (clabber-3.1, 3.2)."""
        if value in (None, ""):
            return None
        turn_up = PACK.parse_one(value, field="turn_up")
        if bidding_round == 1 and trump is not None and turn_up.suit != trump:
            raise FieldError(
                msg(
                    "in round 1 the trump is the turn-up's suit, {suit} — clabber-3.1",
                    suit=SUIT_WORDS[turn_up.suit or ""],
                ),
                field="trump",
            )
        if bidding_round == 2 and trump is not None and turn_up.suit == trump:
            raise FieldError(
                msg("in round 2 the turn-up's suit ({suit}) may not be named — clabber-3.2", suit=SUIT_WORDS[trump]),
                field="trump",
            )
        return turn_up

    def _points(self, table: Table, value: object, filled: object) -> tuple[dict[str, int], str | None]:
        """Every side's card points, and the side that was left blank and filled in, if any.

        Each side's number is checked at its place first (all at once); the sum only when they are sound.
        """
        if value is None:
            raise FieldError(msg("enter each side's card points"), field="points")
        gathering = Gathering()
        given = read_side_numbers(value, table.team_names, "points", allow_blank=True, gathering=gathering)
        gathering.attempt(check_sides, given, table.count)
        gathering.check()
        blanks = {side: given.get(side) for side in table.team_names}
        points = fill_points(blanks, table.count)
        check_points(points, table.count)
        blank = [side for side, number in blanks.items() if number is None]
        if blank:
            return points, blank[0]
        if filled in (None, ""):
            return points, None
        if table.count == 2:
            raise FieldError(msg("with 2 players the deal's total is not fixed: no side is filled in"), field="filled")
        return points, named(filled, table.team_names, kind=SIDE, field="filled", location=("filled",))

    def _meld_kinds(self, table: Table, value: object, scope: str) -> dict[str, list[str]]:
        """The meld types each side declared: every side's unknown or impossible meld at once, then
        whether the declarations can stand together (clabber-6.4, 6.5)."""
        if not isinstance(value, Mapping):
            raise FieldError(
                msg("`melds` is an object of sides and meld types, such as {example}", example='{"NS": "fifty"}'),
                field="melds",
            )
        allowed = meld_kinds_for(table.count)
        declared: dict[str, list[str]] = {}
        gathering = Gathering()
        for key, kinds in value.items():
            side = gathering.attempt(named, key, table.team_names, kind=SIDE, field="melds", location=("melds",))
            listed = kinds if isinstance(kinds, list) else [kinds]
            if side is not None and gathering.attempt(_check_kinds, side, listed, allowed) and listed:
                declared.setdefault(side, []).extend(listed)
        gathering.check()  # every side's meld at once
        fours = [(side, k) for side, kinds in declared.items() for k in kinds if k not in SEQUENCE_KINDS]
        kinds_seen = [k for _, k in fours]
        doubled = [(side, k) for side, k in fours if kinds_seen.count(k) > 1]
        if doubled:
            side, kind = doubled[-1]
            raise FieldError(
                msg("{meld} declared twice, but the pack holds one of each card", meld=MELD_NAMES[kind]),
                field="melds",
                location=("melds", side),
            )
        judge_kinds(declared, table.team_names, scope=scope)
        return {side: declared[side] for side in table.team_names if side in declared}

    def _meld_cards(self, table: Table, value: object) -> dict[str, tuple[Card, ...]]:
        """Each declarer's cards: every player's bad card at once, then no card in two hands (clabber-1.2)."""
        if not isinstance(value, Mapping):
            raise FieldError(
                msg("`meld_cards` is an object of players and cards, such as {example}", example='{"Ann": "AH KH QH"}'),
                field="meld_cards",
            )
        hands: dict[str, list[Card]] = {}
        gathering = Gathering()
        for key, cards in value.items():
            seat = gathering.attempt(table.seat, key, "meld_cards")
            if seat is None:
                continue
            where = ("meld_cards", seat)
            hand = gathering.attempt(
                read_cards, cards, table.hand_size, "meld_cards", msg("{seat}'s hand", seat=seat), where
            )
            # A hand with a bad card still has its other cards checked against the other hands.
            hands[seat] = hand if hand is not None else readable_cards(cards)
        gathering.attempt(
            check_once,
            (
                (cards, Place(msg("{seat}'s cards", seat=seat), "meld_cards", ("meld_cards", seat)))
                for seat, cards in hands.items()
            ),
        )
        gathering.check()
        return {seat: tuple(hands[seat]) for seat in table.seats if seat in hands}

    def _bell(self, table: Table, value: object, shown: Mapping[str, Sequence[Card]] | None, trump: str | None) -> str:
        """The player who announced the bell (or only their side); the shown cards must allow it.

        The cards are weighed only once they and the trump are sound (``shown`` None: they are not).
        """
        names = list(dict.fromkeys([*table.team_names, *table.seats]))
        name = named(value, names, kind=SIDE_OR_PLAYER, field="bell", location=("bell",))
        if shown is None or trump is None:
            return name
        side = name if name in table.team_names else table.team_of(name)
        for rank in ("K", "Q"):
            card = Card(rank, trump)
            for seat, cards in shown.items():
                if card not in cards or seat == name:
                    continue
                if table.team_of(seat) != side:
                    raise FieldError(
                        msg(
                            "`{card}` is in {seat}'s cards, so the bell cannot be {side}'s — clabber-7.1",
                            card=str(card),
                            seat=seat,
                            side=side,
                        ),
                        field="bell",
                    )
                if name not in table.team_names:
                    raise FieldError(
                        msg(
                            "`{card}` is in {seat}'s cards, so {name} cannot hold the bell: it needs the trump K and "
                            "Q in one hand — clabber-7.4",
                            card=str(card),
                            seat=seat,
                            name=name,
                        ),
                        field="bell",
                    )
        return name

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        table = self.table(setup)
        deal = ClabberEntry.of(entry)
        if not isinstance(deal, Played):
            return self._passed_out(setup, table, context)
        makers, trump, points = deal.makers, deal.trump, dict(deal.points)
        explanation = Explanation()
        explanation.add(_bid_step(makers, trump, deal.round), "clabber-3.4")
        filled = deal.filled if deal.filled in points else None
        if filled is not None:
            clause = "clabber-2.3" if table.count == 4 else VARIANT_CLAUSES[table.count]
            explanation.add(_filled_step(filled, points), clause)
        explanation.extend(check_points(points, table.count))
        melds = _melds(table, deal, self.opts(setup).meld_scope)
        explanation.extend(melds.explanation)
        bells = _bells(table, deal, explanation)
        result = score_deal(makers, points, melds.points, bells, players=table.count)
        explanation.extend(result.explanation)
        summary = _summary(makers, trump, result.made, result.totals, melds.detail, alone=table.count in (2, 3))
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=result.scores,
            explanation=explanation,
            marks=result.marks,
            summary=summary,
            details={
                "void": False,
                "sides": list(table.team_names),
                "makers": makers,
                "trump": trump,
                "trump_name": {"message": SUIT_WORDS[trump].as_json()},
                "round": deal.round,
                "points": points,
                "filled": filled,
                "melds": melds.points,
                "meld": melds.detail,
                "meld_why": melds.why,
                "dead_tie": melds.dead_tie,
                "bell": deal.bell or None,
                "bells": bells,
                "totals": result.totals,
                "made": result.made,
            },
        )

    def _passed_out(self, setup: MatchSetup, table: Table, context: DealContext) -> DealResult:
        """All passed twice: the deal is void (clabber-3.5)."""
        sides = list(table.team_names)
        if self.opts(setup).redeal == "same_dealer":
            who = msg("the same dealer deals again")
        else:
            who = msg("the next dealer deals")
        explanation = Explanation().add(msg("All passed twice: the deal is void and {who}.", who=who), "clabber-3.5")
        summary = msg("Passed out: {who}.", who=who)
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores={side: 0 for side in sides},
            explanation=explanation,
            marks={side: "-" for side in sides},
            summary=summary,
            details={"void": True, "sides": sides},
        )

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        """Each side may claim its card points, meld, bell and what a set takes away (clabber-8)."""
        return {side.name: DEAL_ITEMS for side in self.sides(setup)}

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """A claim on a deal reads its card points, meld, bell and a set, as the ``deal`` check does."""
        if deal.details.get("void"):
            return super().deal_ruling(setup, deal)
        answer = {
            "scores": deal.scores,
            "points": deal.details["points"],
            "melds": deal.details["melds"],
            "bells": deal.details["bells"],
        }
        return deal_ruling({}, answer)

    # --- end of the match -----------------------------------------------------------------------

    def conclude(self, setup: MatchSetup, result: MatchResult) -> None:
        """Once a side has the target or more after a deal, the higher total wins (clabber-9.1); equal
        highest totals are a draw, or with ``game_tie = play_on`` another deal is played (clabber-9.2)."""
        opts = self.opts(setup)
        judge_end(result.totals, opts.game_tie, sides=result.sides, target=opts.target).settle(result)


CLABBER = Clabber()


def _bidding_round(value: object) -> int:
    """1 or 2 (clabber-3.1, 3.2); absent is round 1."""
    given = value or 1
    if isinstance(given, str) and given.strip().isdigit():
        digits = given.strip()
        if len(digits) > 9:  # no round, and maybe more digits than Python turns into a number
            raise FieldError(round_message(digits[:9] + "…"), field="round")
        given = int(digits)
    bidding_round = as_int(given, "round")
    if bidding_round not in (1, 2):
        raise FieldError(round_message(bidding_round), field="round")
    return bidding_round


def _trump(value: object) -> str:
    """The trump suit of a deal that was played: it must be chosen."""
    if value in (None, ""):
        raise FieldError(msg("Choose the trump suit"), field="trump")
    return parse_suit(value, "trump")


def _check_kinds(side: str, kinds: Sequence[object], allowed: Sequence[str]) -> bool:
    """A side's declared meld types are known and possible in the variant (clabber-6.1, 10.3)."""
    if len(kinds) > 8:
        raise FieldError(
            msg("{side} declared more melds than the cards allow", side=side),
            field="melds",
            location=("melds", side),
        )
    for kind in kinds:
        if kind not in MELD_KINDS:
            raise FieldError(
                msg("unknown meld {kind}: the melds are {names}", kind=repr(kind), names=", ".join(MELD_KINDS)),
                field="melds",
                location=("melds", side),
            )
        if kind not in allowed:
            raise FieldError(
                msg("with 6 players a hand holds 4 cards: no hundred — clabber-10.3"),
                field="melds",
                location=("melds", side),
            )
    return True


# --- scoring a deal, step by step ---------------------------------------------------------------


def _bid_step(makers: str, trump: str, bidding_round: int) -> Message:
    """Who said “I play”, and in which round (clabber-3.4)."""
    how = msg("the turn-up's suit") if bidding_round == 1 else msg("named in round 2")
    return msg("{makers} said “I play”: {suit} are trump ({how}).", makers=makers, suit=SUIT_WORDS[trump], how=how)


def _filled_step(filled: str, points: Mapping[str, int]) -> Message:
    """The side left blank holds the rest of the deal (clabber-2.3)."""
    others = " − ".join(str(value) for side, value in points.items() if side != filled)
    return msg(
        "{side}'s card points were left blank: the rest of the deal, {deal} − {others} = {points}.",
        side=filled,
        deal=DEAL_POINTS,
        others=others,
        points=points[filled],
    )


@dataclass
class _Melds:
    """The meld points of a deal and what the sheet shows of them."""

    points: dict[str, int]
    explanation: Explanation = field(default_factory=Explanation)
    detail: dict[str, Any] | None = None
    why: list[dict[str, Any]] = field(default_factory=list)
    dead_tie: bool = False


def _melds(table: Table, deal: Played, scope: str) -> _Melds:
    """Whose meld scores, from the declarers' cards or from the meld types (clabber-6)."""
    trump = deal.trump
    if deal.meld_cards:
        verdict = judge_melds(table, deal.meld_cards, trump, scope=scope, count_bells=False)
        melds = _Melds(dict(verdict.meld_points), verdict.explanation, dead_tie=verdict.dead_tie)
        if verdict.winner is not None:
            best = verdict.winner.best
            melds.detail = _meld_detail(
                verdict.winner.team, verdict.winner.seat, best.kind, best.describe(trump), best.cards, melds.points
            )
    elif deal.melds:
        kinds = judge_kinds(deal.melds, list(table.team_names), scope=scope)
        melds = _Melds(dict(kinds.meld_points), kinds.explanation)
        if kinds.winner is not None and kinds.kind is not None:
            melds.detail = _meld_detail(kinds.winner, None, kinds.kind, MELD_NAMES[kinds.kind], (), melds.points)
    else:
        return _Melds({side: 0 for side in table.team_names})
    melds.why = [step.as_dict() for step in melds.explanation if step.rule in _MELD_DECIDING]
    return melds


def _meld_detail(
    side: str, player: str | None, kind: str, label: Message, cards: Sequence[Card], points: Mapping[str, int]
) -> dict[str, Any]:
    return {
        "side": side,
        "player": player,
        "meld": kind,
        "label": {"message": label.as_json()},
        "cards": [str(c) for c in cards],
        "points": points[side],
    }


def _bells(table: Table, deal: Played, explanation: Explanation) -> dict[str, int]:
    """The bell scores only when announced (clabber-7.1, 7.2)."""
    bells = {side: 0 for side in table.team_names}
    bell, trump = deal.bell, deal.trump
    if bell:
        bell_side = bell if bell in bells else table.team_of(bell)
        bells[bell_side] = BELL
        if bell == bell_side:
            text = msg("{player} announced the bell: {bell}, whoever won the melds.", player=bell, bell=BELL)
        else:
            text = msg(
                "{player} announced the bell: {bell} for {side}, whoever won the melds.",
                player=bell,
                bell=BELL,
                side=bell_side,
            )
        explanation.add(text, "clabber-7.1")
        return bells
    king, queen = Card("K", trump), Card("Q", trump)
    for player, shown in (deal.meld_cards or {}).items():
        if {king, queen} <= set(shown):
            explanation.add(
                msg(
                    "{player}'s cards hold `{king}` and `{queen}`, but no bell was entered: an unannounced bell "
                    "scores nothing.",
                    player=player,
                    king=str(king),
                    queen=str(queen),
                ),
                "clabber-7.2",
            )
    return bells


def _summary(
    makers: str,
    trump: str,
    made: bool,
    totals: Mapping[str, int],
    meld: Mapping[str, Any] | None,
    *,
    alone: bool,
) -> Message:
    """One line for the sheet; ``alone``: the sides are single players, so the verbs are singular."""
    others = join(f"{side} {total}" for side, total in totals.items() if side != makers)
    meld_text: Message | str = ""
    if meld:
        label = from_json(meld["label"]["message"])
        if alone:
            meld_text = msg("; {side} melds {meld}", side=meld["side"], meld=label)
        else:
            meld_text = msg("; {side} meld {meld}", side=meld["side"], meld=label)
    line: dict[str, Param] = {
        "makers": makers,
        "suit": SUIT_WORDS[trump],
        "total": totals[makers],
        "others": others,
        "meld": meld_text,
    }
    if not made:
        return msg("{makers} set (XX) in {suit}: {total} against {others}{meld}.", **line)
    if alone:
        return msg("{makers} makes {suit}: {total} against {others}{meld}.", **line)
    return msg("{makers} make {suit}: {total} against {others}{meld}.", **line)
