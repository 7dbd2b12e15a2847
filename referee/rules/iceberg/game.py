"""Iceberg as a match on the score sheet: 2 to 6 players, each for themselves, to a target."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, CardLedger, Pack
from referee.errors import FieldError, TotalError
from referee.explain import Explanation
from referee.messages import join, msg, msg_n
from referee.rules.checks import as_int
from referee.rules.game import DealContext, DealResult, Game, MatchSetup, require_mapping
from referee.rules.iceberg.checks import CHECKS
from referee.rules.iceberg.deck import decks_for, is_ace, pack_for, parse_at, quoted
from referee.rules.iceberg.leftover import MAX_HAND, Leftover, value_leftover
from referee.rules.iceberg.melds import Meld, meld_points
from referee.rules.iceberg.options import OPTIONS
from referee.rules.iceberg.playlog import ACE_POINTS, Replay, find_player, parse_plays, replay
from referee.rules.iceberg.table import parse_table, read_table, table_conflict, table_meld

DEFAULT_TARGET = 5000


@dataclass
class PlayerDeal:
    """One player's deal: points in play, aces, leftover hand and the deal score."""

    name: str
    in_play: int
    aces: int
    leftover: Leftover
    factor: int
    score: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "in_play": self.in_play,
            "aces": self.aces,
            "multiplier": self.factor,
            "hand": [str(c) for c in self.leftover.hand],
            "leftover": {**self.leftover.as_dict(), "explanation": self.leftover.explanation.as_list()},
            "penalty": self.leftover.penalty,
            "score": self.score,
        }


class Iceberg(Game):
    slug = "iceberg"
    name = msg("Iceberg")
    result_clause = "iceberg-7.1"
    tagline = msg(
        "Rummy where every card scores as it is laid, and cards left in hand cost what they could still score."
    )
    player_counts = (2, 3, 4, 5, 6)
    score_clause = "iceberg-6.8"
    options = OPTIONS
    checks = CHECKS

    def target(self, setup: MatchSetup) -> int | None:
        target = setup.options.get("target", DEFAULT_TARGET)
        return target if isinstance(target, int) else DEFAULT_TARGET

    def pack(self, setup: MatchSetup) -> Pack:
        """One deck for 2–3 players, two for 4–6 (iceberg-1.2); no jokers."""
        return pack_for(decks_for(setup.count))

    def first_player(self, setup: MatchSetup, dealer: str) -> str:
        """Who plays first in a deal (iceberg-2.1, 8.4); it changes no score."""
        d = setup.players.index(dealer)
        step = -1 if setup.options.get("first_player") == "dealer_right" else 1
        return setup.players[(d + step) % setup.count]

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """A deal's entry, in one of two modes. Decks follow the player count (iceberg-1.2).

        Play log (scores derived from the plays, never typed in)::

            {"mode": "log",
             "log": [{"player": "Ann", "aces": ["AS"]},
                     {"player": "Ann", "meld": ["4H", "5H", "6H"]},
                     {"player": "Bob", "layoff": ["7H", "8H"], "onto": 1}],
             "hands": {"Ann": ["KS", "9C"], "Bob": []}}

        ``log`` lists the plays in order: an ace exposure, a new meld, or a lay-off onto table
        meld ``onto`` (melds are numbered 1, 2, … in the order they were laid). Each is scored
        as laid and checked against the table as it then stood.

        Quick (per-player totals)::

            {"mode": "quick",
             "played": {"Ann": 120, "Bob": 40},
             "aces": {"Ann": 1},
             "table": [["4H", "5H", "6H", "7H", "8H"], ["QS", "QD", "QC"]],
             "hands": {"Ann": ["KS", "9C"], "Bob": []}}

        ``played`` is what each player scored by melds and lay-offs (aces apart; missing = 0),
        and must add up to what the final ``table`` is worth; ``aces`` counts the aces each
        exposed (missing = 0).

        In both modes ``hands`` gives every player's cards left at the end (``[]`` for the
        player who went out); each is valued against the final table (iceberg-6). The deal must
        have ended: one hand empty, or the last ace exposed (iceberg-5.1). ``mode`` may be left
        out: an entry with ``played`` is quick, otherwise a log.
        """
        data = require_mapping(entry, "entry")
        mode = data.get("mode") or ("quick" if "played" in data else "log")
        if mode not in ("log", "quick"):
            raise FieldError(msg("`mode` is `log` or `quick`"), field="mode", location=("mode",))
        decks = decks_for(setup.count)
        pack = pack_for(decks)
        hands = self._hands(setup, data.get("hands"), pack)
        ledger = CardLedger(pack)
        for player, cards in hands.items():
            ledger.add_all(cards, msg("{player}'s hand", player=player), field="hands")
        canonical_hands = {p: [str(c) for c in cards] for p, cards in hands.items()}
        if mode == "log":
            plays = parse_plays(data.get("log"), setup.players, pack)
            for number, play in enumerate(plays, start=1):
                ledger.add_all(play.cards, msg("play {number}", number=number), field="log")
            ledger.check()
            result = replay(plays, setup.players, decks, setup.options)
            self._check_end(hands, sum(result.aces.values()), decks)
            return {"mode": "log", "log": [p.as_dict() for p in plays], "hands": canonical_hands}
        melds = parse_table(data.get("table"), pack)
        for number, cards in enumerate(melds, start=1):
            ledger.add_all(cards, table_meld(number), field="table")
        ledger.check()
        table = self._table(melds, decks, setup.options)
        played = self._numbers(setup, data.get("played"), "played")
        aces = self._numbers(setup, data.get("aces"), "aces")
        for player, points in played.items():
            if points % 10:
                raise TotalError(
                    msg(
                        "{player}'s {points}: every meld and lay-off scores a multiple of 10",
                        player=player,
                        points=points,
                    ),
                    field="played",
                    location=("played", player),
                )
        held = sum(is_ace(c) for cards in hands.values() for c in cards)
        if sum(aces.values()) + held > 4 * decks:
            raise TotalError(
                msg_n(
                    "{exposed} aces exposed and {held} in hand: {n} deck hold {most}",
                    "{exposed} aces exposed and {held} in hand: {n} decks hold {most}",
                    decks,
                    exposed=sum(aces.values()),
                    held=held,
                    most=4 * decks,
                ),
                field="aces",
                location=("aces",),
            )
        worth = sum(meld_points(m) for m in table)
        if sum(played.values()) != worth:
            raise TotalError(
                msg(
                    "the melds on the table are worth {worth} in all, however they were laid; the points entered add "
                    "up to {entered} (enter meld and lay-off points only, aces apart)",
                    worth=worth,
                    entered=sum(played.values()),
                ),
                field="played",
                location=("played",),
            )
        self._check_end(hands, sum(aces.values()), decks)
        return {
            "mode": "quick",
            "played": played,
            "aces": aces,
            "table": [m.strings() for m in table],
            "hands": canonical_hands,
        }

    def replay_log(self, setup: MatchSetup, log: object) -> Replay:
        """A play log on its own, checked and replayed: the table and the points so far, while a deal
        is entered play by play. Raises InputError (field ``log``) as :meth:`check_entry` does."""
        decks = decks_for(setup.count)
        pack = pack_for(decks)
        plays = parse_plays(log, setup.players, pack)
        ledger = CardLedger(pack)
        for number, play in enumerate(plays, start=1):
            ledger.add_all(play.cards, msg("play {number}", number=number), field="log")
        ledger.check()
        return replay(plays, setup.players, decks, setup.options)

    def _hands(self, setup: MatchSetup, value: object, pack: Pack) -> dict[str, list[Card]]:
        if not isinstance(value, Mapping):
            raise FieldError(
                msg("`hands` gives each player's cards left at the end ([] for none)"),
                field="hands",
                location=("hands",),
            )
        hands: dict[str, list[Card]] = {}
        for key, cards in value.items():
            player = find_player(key, setup.players, msg("hands"), ("hands",))
            at = ("hands", player)
            if player in hands:
                raise FieldError(msg("{player}'s hand is given twice", player=player), field="hands", location=at)
            if isinstance(cards, list) and len(cards) > MAX_HAND:
                raise _long_hand(player, len(cards))
            hands[player] = parse_at(pack, cards, field="hands", place=msg("hands"), location=at)
            if len(hands[player]) > MAX_HAND:
                raise _long_hand(player, len(hands[player]))
        missing = [p for p in setup.players if p not in hands]
        if missing:
            raise FieldError(
                msg("no hand entered for {players} ([] for a player who went out)", players=join(missing)),
                field="hands",
                location=("hands",),
            )
        return {p: hands[p] for p in setup.players}

    def _numbers(self, setup: MatchSetup, value: object, name: str) -> dict[str, int]:
        if value is None:
            value = {}
        if not isinstance(value, Mapping):
            raise FieldError(msg("`{field}` gives a number for each player", field=name), field=name, location=(name,))
        numbers = dict.fromkeys(setup.players, 0)
        for key, number in value.items():
            player = find_player(key, setup.players, NUMBER_FIELDS[name], (name,))
            numbers[player] = as_int(number, name, minimum=0)
        return numbers

    def _table(self, melds: list[list[Card]], decks: int, options: Mapping[str, Any]) -> list[Meld]:
        table, illegal = read_table(melds, decks)
        if illegal:
            number, verdict = illegal[0]
            reason = verdict.reasons.steps[0]
            raise FieldError(
                msg(
                    "table meld {number} ({cards}) is no legal meld: {reason} ({rule})",
                    number=number,
                    cards=quoted(melds[number - 1]),
                    reason=reason.message,
                    rule=reason.rule,
                ),
                field="table",
                location=("table", number),
            )
        if options.get("parallel_melds") == "forbidden":
            conflict = table_conflict(table)
            if conflict:
                number, why = conflict
                raise FieldError(
                    msg("{reason} ({rule})", reason=why, rule="iceberg-3.7"), field="table", location=("table", number)
                )
        return table

    def _check_end(self, hands: Mapping[str, list[Card]], exposed: int, decks: int) -> None:
        out = [p for p, cards in hands.items() if not cards]
        if len(out) > 1:
            raise FieldError(
                msg(
                    "{players} have no cards: the deal ends as soon as one hand is empty (iceberg-5.1)",
                    players=join(out),
                ),
                field="hands",
                location=("hands",),
            )
        if not out and exposed < 4 * decks:
            raise FieldError(
                msg(
                    "nobody went out and {exposed} of the {most} aces were exposed: a deal ends when a hand "
                    "empties or the last ace is exposed (iceberg-5.1)",
                    exposed=exposed,
                    most=4 * decks,
                ),
                field="hands",
                location=("hands",),
            )

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        decks = decks_for(setup.count)
        pack = pack_for(decks)
        options = setup.options
        hands = {p: pack.parse(entry["hands"][p]) for p in setup.players}
        explanation = Explanation()
        details: dict[str, Any] = {
            "mode": entry["mode"],
            "decks": decks,
            "first_player": self.first_player(setup, context.dealer),
        }
        if entry["mode"] == "log":
            result = replay(parse_plays(entry["log"], setup.players, pack), setup.players, decks, options)
            explanation.extend(result.explanation)
            table = result.melds
            in_play, aces = result.in_play, result.aces
            details["log"] = [s.as_dict() for s in result.plays]
            details["table"] = [m.as_dict() for m in result.table]
            last_ace_by = result.last_ace_by
        else:
            table, _ = read_table([pack.parse(m) for m in entry["table"]], decks)
            in_play, aces = dict(entry["played"]), dict(entry["aces"])
            details["log"] = []
            details["table"] = [
                {"number": i, "kind": m.kind, "cards": m.strings(), "laid_by": None, "layoffs": []}
                for i, m in enumerate(table, start=1)
            ]
            last_ace_by = None
            for player in setup.players:
                explanation.add(
                    msg(
                        "{player} scored {points} in play by melds and lay-offs", player=player, points=in_play[player]
                    ),
                    "iceberg-6.1",
                )
        out = next((p for p in setup.players if not hands[p]), None)
        players = {p: self._player(p, in_play[p], aces[p], hands[p], table, decks, options) for p in setup.players}
        for deal in players.values():
            explanation.extend(self._explain(deal, options))
        scores = {p: deal.score for p, deal in players.items()}
        listed = join([f"{p} {s}" for p, s in scores.items()])
        if out is not None:
            summary = msg("{player} went out; {scores}", player=out, scores=listed)
        elif last_ace_by is not None:
            summary = msg("{player} exposed the last ace; {scores}", player=last_ace_by, scores=listed)
        else:
            summary = msg("the last ace was exposed; {scores}", scores=listed)
        details["ended"] = {"out": out, "last_ace_by": last_ace_by}
        details["players"] = {p: deal.as_dict() for p, deal in players.items()}
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=scores,
            explanation=explanation,
            summary=summary,
            details=details,
        )

    def _player(
        self,
        name: str,
        in_play: int,
        aces: int,
        hand: list[Card],
        table: list[Meld],
        decks: int,
        options: Mapping[str, Any],
    ) -> PlayerDeal:
        leftover = value_leftover(hand, table, decks, options)
        if options.get("ace_scoring") == "multiplier":
            factor = 1 + aces
            if options.get("multiplier_scope") == "positive_only":
                score = in_play * factor + leftover.penalty
            else:
                score = (in_play + leftover.penalty) * factor
        else:
            factor = 1
            score = in_play + ACE_POINTS * aces + leftover.penalty
        return PlayerDeal(name, in_play, aces, leftover, factor, score)

    def _explain(self, deal: PlayerDeal, options: Mapping[str, Any]) -> Explanation:
        steps = Explanation()
        name = deal.name
        if not deal.leftover.hand:
            steps.add(msg("{player} went out: no penalty", player=name), "iceberg-5.3")
        else:
            for step in deal.leftover.explanation:
                steps.add(msg("{player}'s hand: {step}", player=name, step=step.message), step.rule)
        penalty = _signed(deal.leftover.penalty)
        if options.get("ace_scoring") == "multiplier":
            if options.get("multiplier_scope") == "positive_only":
                formula = f"{deal.in_play} × {deal.factor} {penalty} = {deal.score}"
            else:
                formula = f"({deal.in_play} {penalty}) × {deal.factor} = {deal.score}"
            steps.add(
                msg_n(
                    "{player}: {formula} ({n} ace exposed)",
                    "{player}: {formula} ({n} aces exposed)",
                    deal.aces,
                    player=name,
                    formula=formula,
                ),
                "iceberg-8.1",
            )
        else:
            ace_points = ACE_POINTS * deal.aces
            if deal.aces:
                steps.add(
                    msg_n(
                        "{player} exposed {n} ace: +{points}",
                        "{player} exposed {n} aces: +{points}",
                        deal.aces,
                        player=name,
                        points=ace_points,
                    ),
                    "iceberg-2.4",
                )
            formula = f"{deal.in_play} + {ace_points} {penalty} = {deal.score}"
            steps.add(msg("{player}: {formula}", player=name, formula=formula), "iceberg-6.8")
        return steps


def _long_hand(player: str, count: int) -> FieldError:
    return FieldError(
        msg("{player}'s hand lists {count} cards; at most {most}", player=player, count=count, most=MAX_HAND),
        field="hands",
        location=("hands", player),
    )


#: The fields of the quick mode that give a number per player, as an error names them.
NUMBER_FIELDS = {"played": msg("played"), "aces": msg("aces")}


def _signed(number: int) -> str:
    return f"− {-number}" if number < 0 else f"+ {number}"


ICEBERG = Iceberg()
