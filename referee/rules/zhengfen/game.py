"""Zheng Fen as a match on the score sheet: 3 to 6 players, each for themselves, to 500 (or 1000, or the
house's target)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Pack
from referee.errors import FieldError, Gathering
from referee.explain import Explanation, Step
from referee.messages import Message, join, msg
from referee.rules.claims import Ruling
from referee.rules.ending import Clauses, judge_target
from referee.rules.game import DealContext, DealResult, Game, MatchResult, MatchSetup, require_mapping
from referee.rules.seating import named
from referee.rules.zhengfen.checks import CHECKS, DEAL_ITEMS, DEAL_WORDS, deal_ruling
from referee.rules.zhengfen.entry import ZhengFenEntry
from referee.rules.zhengfen.options import Rules
from referee.rules.zhengfen.order import check_places
from referee.rules.zhengfen.scoring import (
    Haul,
    PileReading,
    check_copies_across,
    check_hand,
    check_point_cards,
    place_name,
    read_pile,
    score_deal,
)
from referee.rules.zhengfen.values import ZHENGFEN_PACK

CLAUSES = Clauses(totals="zhengfen-7.1", target="zhengfen-7.1", tie="zhengfen-7.2")


class ZhengFen(Game[Rules]):
    slug = "zhengfen"
    name = msg("Zheng Fen")
    result_clause = "zhengfen-7.1"
    tagline = msg("Climb with combinations, capture the 5s, 10s and kings; the last player pays the first.")
    player_counts = (3, 4, 5, 6)
    score_clause = "zhengfen-6.4"
    option_type = Rules
    checks = CHECKS
    entry_type = ZhengFenEntry
    claim_words = DEAL_WORDS
    sheet_details = ("first", "last")

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        """Each player may claim the points captured and the transfer (zhengfen-6.3, 6.4)."""
        return {player: DEAL_ITEMS for player in setup.players}

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """A claim on a deal reads each player's captured points and the transfer, as the ``deal`` check does."""
        captured = {player: pile["points"] for player, pile in deal.details["captured"].items()}
        return deal_ruling({}, {"scores": deal.scores, "captured_points": captured})

    def target(self, setup: MatchSetup) -> int:
        return self.opts(setup).target

    def pack(self, setup: MatchSetup) -> Pack:
        return ZHENGFEN_PACK

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """A deal's entry: the finishing order, each player's captured point cards, the last player's hand.

        ``{"order": ["B", "D", "A", "C"],
        "captured": {"A": ["10S", "KH", "5D"], "B": {"5": 1, "10": 0, "K": 1}, "C": [...], "D": [...]},
        "hand": ["5S", "5H", "7C", "2D"]}``

        ``order`` is the finishing order, 1st first and last place last (zhengfen-6.2); every
        player once, or all but one, who is then last. ``places`` may stand instead of ``order``:
        the player tapped at each place as a form has them, ``""`` where nobody was; every place
        but the last must hold a player (:func:`check_places`). ``captured`` gives, per player, either the
        cards they captured (cards without points may be left out) or the count of 5s, 10s and
        kings among them; a player left out captured no point card. ``hand`` is the cards the last
        player still holds (or their counts), ``[]`` or absent when all ran out (zhengfen-6.2).

        Checks: the twelve point cards are all accounted for, so the deal holds 100 points
        (zhengfen-9.5) — card by card where every pile is entered as cards, by the total of each
        rank where some pile is entered as counts; no card twice (zhengfen-9.1); the last hand is
        no larger than a dealt hand (zhengfen-9.6). A pile may give cards and counts together
        (``{"cards": […], "5": 1, …}``): they must agree. Every independent mistake (the order, each
        pile) is reported in one :class:`InputErrors`; the total waits until every pile is sound. The
        canonical entry lists every player in seat order under ``captured``, cards as canonical
        strings, counts as ``{"5", "10", "K"}``.
        """
        data = require_mapping(entry, "entry")
        gathering = Gathering()
        if "places" in data:
            order = gathering.attempt(self._places, setup, data["places"])
        else:
            order = gathering.attempt(self._order, setup, data.get("order"))
        given = gathering.attempt(_captured_object, data.get("captured"))
        named = True
        captured: dict[str, PileReading] = {}
        for key, value in (given or {}).items():
            player = gathering.attempt(self._player, setup, key, "captured")
            if player in captured:
                gathering.errors.append(
                    FieldError(
                        msg("`captured` names {player} twice", player=player),
                        field="captured",
                        location=("captured", player),
                    )
                )
            elif player is not None:
                captured[player] = read_pile(value, f"captured.{player}")
            named = named and player is not None
        hand = read_pile(data.get("hand"), "hand")
        readings = [*captured.values(), hand]
        for reading in readings:
            gathering.errors.extend(reading.errors)
        # The cards that could be read are checked even beside a bad one: no card twice, the hand's size.
        known = {f"captured.{p}": reading.known for p, reading in captured.items()}
        gathering.attempt(check_copies_across, {**known, "hand": hand.known})
        if hand.haul is not None:
            last: str | Message = order[-1] if order else msg("the last player")
            gathering.attempt(check_hand, setup.count, last, hand.haul, field="hand")
        complete = {p: captured[p].known if p in captured else Haul(cards=()) for p in setup.players}
        unread = [reading.unread for reading in readings]
        if given is not None and named and None not in unread:  # every pile is known, but for cards unread
            gathering.attempt(check_point_cards, complete, hand.known, unread=sum(u or 0 for u in unread))
        gathering.check()
        assert order is not None
        return ZhengFenEntry(tuple(order), {p: complete[p] for p in setup.players}, hand.known).as_json()

    def _player(self, setup: MatchSetup, name: object, field: str) -> str:
        return named(name, setup.players, field=field, location=(field,))

    def _places(self, setup: MatchSetup, value: object) -> tuple[str, ...]:
        """The finishing order as tapped place by place: ``""`` (or null) where nobody was tapped."""
        if not isinstance(value, list) or len(value) > setup.count:
            raise FieldError(
                msg('`places` lists the player tapped at each place, 1st first, "" where none was'),
                field="order",
                location=("order",),
            )
        places = [
            "" if name in (None, "") else named(name, setup.players, field="order", location=("order", index))
            for index, name in enumerate(value)
        ]
        return tuple(check_places(setup.players, places + [""] * (setup.count - len(places))))

    def _order(self, setup: MatchSetup, value: object) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise FieldError(
                msg("`order` lists the players in finishing order, 1st first"), field="order", location=("order",)
            )
        order = [self._player(setup, name, "order") for name in value]
        doubled = next((place for place, name in enumerate(order) if name in order[:place]), None)
        if doubled is not None:
            raise FieldError(
                msg("each player is named once in `{field}` — zhengfen-9.4", field="order"),
                field="order",
                location=("order", doubled),
            )
        missing = [p for p in setup.players if p not in order]
        if len(missing) == 1:
            order.append(missing[0])
        elif missing:
            raise FieldError(
                msg("`order` leaves out {names}: name every player, 1st first", names=join(missing)),
                field="order",
                location=("order", len(order)),
            )
        return tuple(order)

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        deal = ZhengFenEntry.of(entry)
        order = deal.order
        captured = {p: deal.captured[p] if p in deal.captured else Haul(cards=()) for p in setup.players}
        hand = deal.hand
        result = score_deal(order, captured, hand)
        first, last = result.first, result.last
        following = self._following(first, last)
        explanation = Explanation().extend(result.explanation)
        explanation.add(msg("next deal: {following}", following=following.message), following.rule)
        scores = {p: result.scores[p] for p in setup.players}
        summary = msg(
            "{first} 1st takes {transfer} from {last}: {scores}",
            first=first,
            transfer=result.transfer,
            last=last,
            scores=join([f"{p} {result.scores[p]}" for p in order]),
        )
        details = {
            "order": list(order),
            "places": {p: place_name(i, len(order)).render() for i, p in enumerate(order, start=1)},
            "first": first,
            "last": last,
            "captured": {
                p: {"points": captured[p].points, "text": captured[p].text().render(), "entry": captured[p].entry()}
                for p in order
            },
            "hand": {"player": last, "points": hand.points, "text": hand.text().render(), "entry": hand.entry()},
            "transfer": {
                "from": last,
                "to": first,
                "captured": captured[last].points,
                "hand": hand.points,
                "points": result.transfer,
                "text": result.transfer_text().render(),
            },
            "scores": dict(result.scores),
            "next": {"dealer": first, "leader": first, "shuffler": last, "text": following.text},
        }
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=scores,
            explanation=explanation,
            summary=summary,
            details=details,
        )

    # --- who deals and leads ----------------------------------------------------------------------

    def dealer(self, setup: MatchSetup, earlier: Sequence[DealResult]) -> str:
        """Deal 1: the agreed first dealer. Later: the previous deal's 1st player (zhengfen-1.7)."""
        if earlier:
            return str(earlier[-1].details["first"])
        return setup.players[setup.first_dealer % setup.count]

    @staticmethod
    def _following(first: str, last: str) -> Step:
        return Step(
            msg("{last}, last, shuffles; {first}, 1st, deals, takes the first card and leads", last=last, first=first),
            "zhengfen-1.7",
        )

    def next_lead(self, setup: MatchSetup, earlier: Sequence[DealResult]) -> Step:
        """Who deals and who leads the next deal, as a sentence with its clause."""
        if earlier:
            return self._following(str(earlier[-1].details["first"]), str(earlier[-1].details["last"]))
        dealer = self.dealer(setup, earlier)
        return Step(
            msg("{dealer} deals; the holder of `3H` leads the first trick and need not play it", dealer=dealer),
            "zhengfen-1.6",
        )

    def next_turn_note(self, setup: MatchSetup, result: MatchResult) -> Step | None:
        """Who shuffles, deals and leads the next deal, for the sheet (zhengfen-1.6, 1.7)."""
        if result.finished:
            return None
        if not result.deals:
            return Step(msg("The holder of `3H` leads the first trick and need not play it."), "zhengfen-1.6")
        last = result.deals[-1].details
        return Step(
            msg(
                "{last}, last, shuffles; {first}, 1st, deals, takes the first card and leads.",
                last=_capitalised(str(last["last"])),
                first=str(last["first"]),
            ),
            "zhengfen-1.7",
        )

    # --- end of the match -------------------------------------------------------------------------

    def conclude(self, setup: MatchSetup, result: MatchResult) -> None:
        """The game ends after a deal in which anyone reaches the target, and the highest total wins
        (zhengfen-7.1); equal highest totals play another deal (zhengfen-7.2)."""
        judge_target(result.totals, self.target(setup), CLAUSES, sides=result.sides).settle(result)


def _captured_object(value: object) -> Mapping[str, Any]:
    """``captured`` is an object of players and piles; absent, nobody captured a point card."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise FieldError(
            msg("`captured` is an object: each player's captured cards or counts"),
            field="captured",
            location=("captured",),
        )
    return value


def _capitalised(name: str) -> str:
    """A name at the head of a sentence (as the sheet's note starts with it)."""
    return name[:1].upper() + name[1:]


ZHENGFEN = ZhengFen()
