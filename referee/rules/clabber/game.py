"""Clabber as a match on the score sheet: 2, 3, 4 or 6 players, first to 500."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card, Pack
from referee.errors import FieldError
from referee.explain import Explanation
from referee.rules.checks import as_int
from referee.rules.clabber.checks import CHECKS, deal_ruling
from referee.rules.clabber.inputs import match_name, read_cards, read_side_numbers
from referee.rules.clabber.melds import BELL, MELD_KINDS, MELD_NAMES, judge_kinds, judge_melds
from referee.rules.clabber.options import OPTIONS
from referee.rules.clabber.scoring import check_points, fill_points, score_deal
from referee.rules.clabber.values import (
    DEAL_POINTS,
    PACK,
    TARGET,
    VARIANT_CLAUSES,
    Table,
    check_once,
    parse_suit,
    suit_name,
)
from referee.rules.claims import Ruling
from referee.rules.game import DealContext, DealResult, Game, MatchResult, MatchSetup, Side, require_mapping

_ENTRY_KEYS = ("makers", "round", "trump", "turn_up", "points", "filled", "melds", "meld_cards", "bell")
#: The clauses that decide which meld scores: the "why" of the meld winner on the sheet.
_MELD_DECIDING = ("clabber-6.4", "clabber-6.5", "clabber-6.6")


class Clabber(Game):
    slug = "clabber"
    name = "Clabber"
    result_clause = "clabber-9.1"
    tagline = "Jack-Nine tricks: say “I play”, then beat the other side, melds and bell included. First to 500."
    player_counts = (2, 3, 4, 6)
    score_clause = "clabber-8.1"
    partnership_note = "with 4, partners sit opposite; with 6, every other seat makes a team of three"
    options = OPTIONS
    checks = CHECKS

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
        if setup.options.get("redeal") == "same_dealer":
            moves = sum(1 for deal in earlier if not deal.details.get("void"))
        return setup.players[(setup.first_dealer + moves) % setup.count]

    def target(self, setup: MatchSetup) -> int:
        return TARGET

    def pack(self, setup: MatchSetup) -> Pack:
        """A K Q J 10 9 of each suit, each card once (clabber-1.2)."""
        return PACK

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """Check one deal's entry and return it in canonical form.

        The entry, as the players write it down after a deal::

            {
              "makers": "Ann & Cy",       # the side (or a player of it) who said "I play";
                                          # null: all passed twice, the deal is void (clabber-3.5)
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
        """
        data = require_mapping(entry, "entry")
        unknown = [key for key in data if key not in _ENTRY_KEYS]
        if unknown:
            raise FieldError(f"unknown entry field `{unknown[0]}`", field=str(unknown[0]))
        table = self.table(setup)
        makers_given = data.get("makers")
        if makers_given is None or makers_given == "":
            return {"makers": None}
        makers = self._side_of(table, makers_given, "makers")
        given_round = data.get("round") or 1
        if isinstance(given_round, str) and given_round.strip().isdigit():
            given_round = int(given_round)
        bidding_round = as_int(given_round, "round")
        if bidding_round not in (1, 2):
            raise FieldError(f"the bidding round is 1 or 2, not {bidding_round}", field="round")
        trump = parse_suit(data.get("trump"), "trump")
        turn_up = self._turn_up(data.get("turn_up"), bidding_round, trump)
        points, filled = self._points(table, data.get("points"), data.get("filled"))
        canonical: dict[str, Any] = {
            "makers": makers,
            "round": bidding_round,
            "trump": trump,
            "turn_up": None if turn_up is None else str(turn_up),
            "points": points,
        }
        if filled is not None:
            canonical["filled"] = filled
        if data.get("melds") and data.get("meld_cards"):
            raise FieldError("enter the meld types or the declarers' cards, not both", field="meld_cards")
        scope = setup.options.get("meld_scope", "best_meld_only")
        if data.get("melds"):
            canonical["melds"] = self._meld_kinds(table, data["melds"], scope)
        if data.get("meld_cards"):
            canonical["meld_cards"] = self._meld_cards(table, data["meld_cards"])
        bell = data.get("bell")
        canonical["bell"] = None if bell in (None, "") else self._bell(table, bell, canonical, trump)
        return canonical

    def _side_of(self, table: Table, value: object, field: str) -> str:
        names = [*table.team_names, *table.seats]
        name = match_name(value, list(dict.fromkeys(names)), field, "side or player")
        return name if name in table.team_names else table.team_of(name)

    def _turn_up(self, value: object, bidding_round: int, trump: str) -> Card | None:
        if value in (None, ""):
            return None
        turn_up = PACK.parse_one(value, field="turn_up")
        if bidding_round == 1 and turn_up.suit != trump:
            raise FieldError(
                f"in round 1 the trump is the turn-up's suit, {suit_name(turn_up.suit or '')} — clabber-3.1",
                field="trump",
            )
        if bidding_round == 2 and turn_up.suit == trump:
            raise FieldError(
                f"in round 2 the turn-up's suit ({suit_name(trump)}) may not be named — clabber-3.2", field="trump"
            )
        return turn_up

    def _points(self, table: Table, value: object, filled: object) -> tuple[dict[str, int], str | None]:
        """Every side's card points, and the side that was left blank and filled in, if any."""
        if value is None:
            raise FieldError("enter each side's card points", field="points")
        given = read_side_numbers(value, table.team_names, "points", allow_blank=True)
        blanks = {side: given.get(side) for side in table.team_names}
        points = fill_points(blanks, table.count)
        check_points(points, table.count)
        blank = [side for side, number in blanks.items() if number is None]
        if blank:
            return points, blank[0]
        if filled in (None, ""):
            return points, None
        if table.count == 2:
            raise FieldError("with 2 players the deal's total is not fixed: no side is filled in", field="filled")
        return points, match_name(filled, table.team_names, "filled", "side")

    def _meld_kinds(self, table: Table, value: object, scope: str) -> dict[str, list[str]]:
        if not isinstance(value, Mapping):
            raise FieldError('`melds` is an object of sides and meld types, such as {"NS": "fifty"}', field="melds")
        declared: dict[str, list[str]] = {}
        for key, kinds in value.items():
            side = match_name(key, table.team_names, "melds", "side")
            listed = kinds if isinstance(kinds, list) else [kinds]
            if len(listed) > 8:
                raise FieldError(f"{side} declared more melds than the cards allow", field="melds")
            for kind in listed:
                if kind not in MELD_KINDS:
                    names = ", ".join(MELD_KINDS)
                    raise FieldError(f"unknown meld {kind!r}: the melds are {names}", field="melds")
                if kind == "hundred" and table.count == 6:
                    raise FieldError("with 6 players a hand holds 4 cards: no hundred — clabber-10.3", field="melds")
            if listed:
                declared.setdefault(side, []).extend(listed)
        fours = [k for kinds in declared.values() for k in kinds if k not in ("hundred", "fifty", "dad")]
        doubled = [k for k in dict.fromkeys(fours) if fours.count(k) > 1]
        if doubled:
            raise FieldError(
                f"{MELD_NAMES[doubled[0]]} declared twice, but the pack holds one of each card", field="melds"
            )
        judge_kinds(declared, table.team_names, scope=scope)
        return {side: declared[side] for side in table.team_names if side in declared}

    def _meld_cards(self, table: Table, value: object) -> dict[str, list[str]]:
        if not isinstance(value, Mapping):
            raise FieldError(
                '`meld_cards` is an object of players and cards, such as {"Ann": "AH KH QH"}', field="meld_cards"
            )
        hands: dict[str, list[Card]] = {}
        for key, cards in value.items():
            seat = table.seat(key, "meld_cards")
            hands[seat] = read_cards(cards, table.hand_size, "meld_cards", f"{seat}'s hand")
        check_once(
            ((cards, f"{seat}'s cards") for seat, cards in hands.items()), {f"{s}'s cards": "meld_cards" for s in hands}
        )
        return {seat: [str(c) for c in hands[seat]] for seat in table.seats if seat in hands}

    def _bell(self, table: Table, value: object, entry: Mapping[str, Any], trump: str) -> str:
        """The player who announced the bell (or only their side); the shown cards must allow it."""
        name = match_name(value, list(dict.fromkeys([*table.team_names, *table.seats])), "bell", "side or player")
        side = name if name in table.team_names else table.team_of(name)
        shown = entry.get("meld_cards", {})
        for rank in ("K", "Q"):
            card = f"{rank}{trump}"
            for seat, cards in shown.items():
                if card not in cards or seat == name:
                    continue
                if table.team_of(seat) != side:
                    raise FieldError(
                        f"`{card}` is in {seat}'s cards, so the bell cannot be {side}'s — clabber-7.1", field="bell"
                    )
                if name not in table.team_names:
                    raise FieldError(
                        f"`{card}` is in {seat}'s cards, so {name} cannot hold the bell: it needs the trump K and Q "
                        "in one hand — clabber-7.4",
                        field="bell",
                    )
        return name

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        table = self.table(setup)
        sides = list(table.team_names)
        explanation = Explanation()
        if entry.get("makers") is None:
            same = setup.options.get("redeal") == "same_dealer"
            who = "the same dealer deals again" if same else "the next dealer deals"
            explanation.add(f"All passed twice: the deal is void and {who}.", "clabber-3.5")
            return DealResult(
                number=context.number,
                dealer=context.dealer,
                scores={side: 0 for side in sides},
                explanation=explanation,
                marks={side: "-" for side in sides},
                summary=f"Passed out: {who}.",
                details={"void": True, "sides": sides},
            )
        makers, trump, points = entry["makers"], entry["trump"], dict(entry["points"])
        scope = setup.options.get("meld_scope", "best_meld_only")
        round_text = "the turn-up's suit" if entry.get("round", 1) == 1 else "named in round 2"
        explanation.add(f"{makers} said “I play”: {suit_name(trump)} are trump ({round_text}).", "clabber-3.4")
        filled = entry.get("filled")
        if filled in points:
            others = " − ".join(str(value) for side, value in points.items() if side != filled)
            explanation.add(
                f"{filled}'s card points were left blank: the rest of the deal, "
                f"{DEAL_POINTS} − {others} = {points[filled]}.",
                "clabber-2.3" if table.count == 4 else VARIANT_CLAUSES[table.count],
            )
        explanation.extend(check_points(points, table.count))
        melds = {side: 0 for side in sides}
        meld_detail: dict[str, Any] | None = None
        meld_why: list[dict[str, str]] = []
        dead_tie = False
        if entry.get("meld_cards"):
            hands = {seat: PACK.parse(cards) for seat, cards in entry["meld_cards"].items()}
            verdict = judge_melds(table, hands, trump, scope=scope, count_bells=False)
            explanation.extend(verdict.explanation)
            melds = dict(verdict.meld_points)
            dead_tie = verdict.dead_tie
            meld_why = [step.as_dict() for step in verdict.explanation if step.rule in _MELD_DECIDING]
            if verdict.winner is not None:
                best = verdict.winner.best
                meld_detail = {
                    "side": verdict.winner.team,
                    "player": verdict.winner.seat,
                    "meld": best.kind,
                    "label": best.describe(trump),
                    "cards": [str(c) for c in best.cards],
                    "points": melds[verdict.winner.team],
                }
        elif entry.get("melds"):
            kinds = judge_kinds(entry["melds"], sides, scope=scope)
            explanation.extend(kinds.explanation)
            melds = kinds.meld_points
            meld_why = [step.as_dict() for step in kinds.explanation if step.rule in _MELD_DECIDING]
            if kinds.winner is not None and kinds.kind is not None:
                meld_detail = {
                    "side": kinds.winner,
                    "player": None,
                    "meld": kinds.kind,
                    "label": MELD_NAMES[kinds.kind],
                    "cards": [],
                    "points": melds[kinds.winner],
                }
        bells = {side: 0 for side in sides}
        bell = entry.get("bell")
        if bell:
            bell_side = bell if bell in sides else table.team_of(bell)
            bells[bell_side] = BELL
            whose = "" if bell == bell_side else f" for {bell_side}"
            explanation.add(f"{bell} announced the bell: {BELL}{whose}, whoever won the melds.", "clabber-7.1")
        else:
            bell_cards = {f"K{trump}", f"Q{trump}"}
            for player, shown in entry.get("meld_cards", {}).items():
                if bell_cards <= set(shown):
                    explanation.add(
                        f"{player}'s cards hold `K{trump}` and `Q{trump}`, but no bell was entered: "
                        "an unannounced bell scores nothing.",
                        "clabber-7.2",
                    )
        result = score_deal(makers, points, melds, bells, players=table.count)
        explanation.extend(result.explanation)
        summary = self._summary(makers, trump, result.made, result.totals, meld_detail, alone=table.count in (2, 3))
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=result.scores,
            explanation=explanation,
            marks=result.marks,
            summary=summary,
            details={
                "void": False,
                "sides": sides,
                "makers": makers,
                "trump": trump,
                "trump_name": suit_name(trump),
                "round": entry.get("round", 1),
                "points": points,
                "filled": filled if filled in points else None,
                "melds": melds,
                "meld": meld_detail,
                "meld_why": meld_why,
                "dead_tie": dead_tie,
                "bell": bell or None,
                "bells": bells,
                "totals": result.totals,
                "made": result.made,
            },
        )

    def _summary(
        self,
        makers: str,
        trump: str,
        made: bool,
        totals: Mapping[str, int],
        meld: Mapping[str, Any] | None,
        *,
        alone: bool,
    ) -> str:
        """One line for the sheet; ``alone``: the sides are single players, so the verbs are singular."""
        others = ", ".join(f"{side} {total}" for side, total in totals.items() if side != makers)
        meld_text = f"; {meld['side']} meld{'s' if alone else ''} {meld['label']}" if meld else ""
        if made:
            verb = "makes" if alone else "make"
            return f"{makers} {verb} {suit_name(trump)}: {totals[makers]} against {others}{meld_text}."
        return f"{makers} set (XX) in {suit_name(trump)}: {totals[makers]} against {others}{meld_text}."

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
        """Once a side has 500 or more after a deal, the higher total wins (clabber-9.1); equal
        highest totals are a draw, or with ``game_tie = play_on`` another deal is played (clabber-9.2)."""
        totals = result.totals
        if not result.deals or max(totals.values()) < TARGET:
            result.status = f"Playing to {TARGET}"
            return
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        if len(leaders) == 1:
            result.finished = True
            result.winner = leaders[0]
            verb = "wins" if setup.count in (2, 3) else "win"
            result.status = f"{leaders[0]} {verb} with {best}"
            return
        tied = " and ".join(leaders)
        if setup.options.get("game_tie", "draw") == "play_on":
            result.status = f"{tied} tie on {best}: another deal is played"
            return
        result.finished = True
        result.drawn = True
        result.status = f"{tied} draw on {best}"


CLABBER = Clabber()
