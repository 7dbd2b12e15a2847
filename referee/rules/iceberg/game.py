"""Iceberg as a match on the score sheet: 2 to 6 players, each for themselves, to a target."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import CardLedger, Pack
from referee.explain import Explanation
from referee.messages import join, msg, msg_n
from referee.rules.claims import Item, Ruling
from referee.rules.game import DealContext, DealResult, Game, MatchSetup
from referee.rules.iceberg.checks import CHECKS, CLAIM_WORDS
from referee.rules.iceberg.counted import Counted, count_leftover
from referee.rules.iceberg.deck import ACE_POINTS, decks_for, pack_for
from referee.rules.iceberg.entry import IcebergEntry, LogEntry, QuickEntry, ScoredEntry
from referee.rules.iceberg.leftover import Leftover, value_leftover
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.playlog import Replay, corrected, parse_plays, replay
from referee.rules.iceberg.reading import check_and_replay, check_entry
from referee.rules.iceberg.table import read_table

DEFAULT_TARGET = 5000
#: What a claim on a deal may give beside a player's score: the points in play, the aces, the
#: leftover penalty, and with the ace multiplier (iceberg-8.1) the multiplier.
DEAL_ITEMS = ("in_play", "aces", "penalty")
MULTIPLIED_ITEMS = ("in_play", "penalty", "multiplier")
DEAL_WORDS = {item: CLAIM_WORDS[item] for item in (*DEAL_ITEMS, "multiplier")}


@dataclass
class PlayerDeal:
    """One player's deal: points in play, aces, leftover hand and the deal score."""

    name: str
    in_play: int
    aces: int
    #: The hand valued from its cards, or as counted at the table.
    leftover: Leftover | Counted
    factor: int
    score: int

    @property
    def out(self) -> bool:
        """Whether the player went out: no cards left (a counted hand always holds some)."""
        return isinstance(self.leftover, Leftover) and not self.leftover.hand

    def as_dict(self) -> dict[str, Any]:
        data = {
            "in_play": self.in_play,
            "aces": self.aces,
            "multiplier": self.factor,
            "hand": [str(c) for c in self.leftover.hand],
            "out": self.out,
            "leftover": {**self.leftover.as_dict(), "explanation": self.leftover.explanation.as_list()},
            "penalty": self.leftover.penalty,
            "score": self.score,
        }
        if isinstance(self.leftover, Counted):
            data["counted"] = self.leftover.as_dict()
        return data


class Iceberg(Game[IcebergOptions]):
    slug = "iceberg"
    name = msg("Iceberg")
    result_clause = "iceberg-7.1"
    tagline = msg(
        "Rummy where every card scores as it is laid, and cards left in hand cost what they could still score."
    )
    player_counts = (2, 3, 4, 5, 6)
    score_clause = "iceberg-6.8"
    option_type = IcebergOptions
    checks = CHECKS
    entry_type = IcebergEntry
    claim_words = DEAL_WORDS

    def target(self, setup: MatchSetup) -> int | None:
        return self.opts(setup).target

    def pack(self, setup: MatchSetup) -> Pack:
        """One deck for 2–3 players, two for 4–6 (iceberg-1.2); no jokers."""
        return pack_for(decks_for(setup.count))

    def first_player(self, setup: MatchSetup, dealer: str) -> str:
        """Who plays first in a deal (iceberg-2.1, 8.4); it changes no score."""
        d = setup.players.index(dealer)
        step = -1 if self.opts(setup).first_player == "dealer_right" else 1
        return setup.players[(d + step) % setup.count]

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """A deal's entry, in one of three modes. Decks follow the player count (iceberg-1.2).

        Play log (scores derived from the plays, never typed in)::

            {"mode": "log",
             "log": [{"player": "Ann", "aces": ["AS"]},
                     {"player": "Ann", "meld": ["4H", "5H", "6H"]},
                     {"player": "Bob", "layoff": ["7H", "8H"], "onto": 1}],
             "hands": {"Ann": ["KS", "9C"], "Bob": []}}

        ``log`` lists the plays in order: an ace exposure, a new meld, or a lay-off onto table
        meld ``onto`` (melds are numbered 1, 2, … in the order they were laid). Each is scored
        as laid and checked against the table as it then stood. With ``merge_runs`` a lay-off
        may say which runs its cards join to meld ``onto`` (iceberg-4.4): ``"joins": [2]``, or
        ``"joins": []`` for none; one that does not say joins every run a card closes a gap with,
        as logs were read before joining was the player's choice.

        Quick (per-player totals and the final table)::

            {"mode": "quick",
             "played": {"Ann": 120, "Bob": 40},
             "aces": {"Ann": 1},
             "table": [["4H", "5H", "6H", "7H", "8H"], ["QS", "QD", "QC"]],
             "hands": {"Ann": ["KS", "9C"], "Bob": []}}

        ``played`` is what each player scored by melds and lay-offs (aces apart; missing = 0),
        and must add up to what the final ``table`` is worth; ``aces`` counts the aces each
        exposed (missing = 0). In both modes ``hands`` gives every player's cards left at the end
        (``[]`` for the player who went out); each is valued against the final table (iceberg-6).

        Scored (what each player scored and holds, the fastest)::

            {"mode": "scored",
             "played": {"Ann": 120, "Bob": 40, "Cid": 60},
             "aces": {"Ann": 1},
             "hands": {"Ann": [], "Bob": ["KS", "9C"]},
             "counted": {"Cid": {"left": 3, "could_score": 40}},
             "table": [["4H", "5H", "6H", "7H", "8H"], ["QS", "QD", "QC"]]}

        ``played`` and ``aces`` as in the quick mode. Each player's holding is given once: in
        ``hands`` by its cards (``[]`` for the player who went out), valued exactly against the
        final ``table``, which is then required; or in ``counted`` as the table counted it:
        ``left`` cards count for the penalty (the cards left over, U, or every card in hand with
        ``penalty = every_card``) and the hand could still score ``could_score`` (V*, default 0),
        so the penalty is −V* − 10 × ``left`` (iceberg-6.4, 8.3). ``table`` is optional when no
        hand is given by its cards; given, ``played`` must add up to it.

        In every mode the deal must have ended: one hand empty, or the last ace exposed
        (iceberg-5.1). ``mode`` may be left out: an entry with ``counted`` is scored, one with
        ``played`` quick, otherwise a log. Every problem found is reported at once (InputErrors).
        """
        return check_entry(setup, entry)

    def check_worked(self, setup: MatchSetup, entry: object) -> tuple[dict[str, Any], object]:
        """:meth:`check_entry`, and a play log's replay, which scoring the deal then reads rather than replaying it."""
        return check_and_replay(setup, entry)

    def replay_log(self, setup: MatchSetup, log: object, *, lenient: bool = False) -> Replay:
        """A play log on its own, checked and replayed: the table and the points so far, while a deal
        is entered play by play. Raises InputError (field ``log``) as :meth:`check_entry` does;
        ``lenient`` keeps the illegal plays in :attr:`Replay.refused` instead (see :func:`replay`)."""
        decks = decks_for(setup.count)
        pack = pack_for(decks)
        plays = parse_plays(log, setup.players, pack)
        ledger = CardLedger(pack)
        for number, play in enumerate(plays, start=1):
            ledger.add_all(play.cards, msg("play {number}", number=number), field="log")
        ledger.check()
        return replay(plays, setup.players, decks, self.opts(setup), lenient=lenient)

    def correct_log(self, setup: MatchSetup, log: object, number: int, play: object | None) -> list[dict[str, Any]]:
        """``log`` with play ``number`` replaced by ``play`` (a play as the log gives it), or taken out when
        ``play`` is None; the lay-offs after it stay on the melds they were laid on (see :func:`corrected`).
        The result is not replayed: :meth:`replay_log` judges it. FieldError (field ``play``) if the
        correction cannot be made, or at the new play (``("log", number)``) if it is malformed."""
        pack = self.pack(setup)
        plays = parse_plays(log, setup.players, pack)
        new = None
        if play is not None and 0 < number <= len(plays):
            # Parsed after the plays before it, so an error names it by its number.
            new = parse_plays([*(p.as_dict() for p in plays[: number - 1]), play], setup.players, pack)[-1]
        return [p.as_dict() for p in corrected(plays, number, new)]

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        decks = decks_for(setup.count)
        options = self.opts(setup)
        deal = IcebergEntry.of(entry)
        explanation = Explanation()
        details: dict[str, Any] = {
            "mode": deal.mode,
            "decks": decks,
            "first_player": self.first_player(setup, context.dealer),
        }
        if isinstance(deal, LogEntry):
            result = context.worked
            if not isinstance(result, Replay):
                result = replay(deal.log, setup.players, decks, options)
            explanation.extend(result.explanation)
            table = result.melds
            in_play, aces = result.in_play, result.aces
            details["log"] = [s.as_dict() for s in result.plays]
            details["table"] = [m.as_dict() for m in result.table]
            last_ace_by = result.last_ace_by
        else:
            assert isinstance(deal, QuickEntry | ScoredEntry)
            table, _ = read_table(deal.table or (), decks)
            in_play, aces = dict(deal.played), dict(deal.aces)
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
        counted = deal.counted if isinstance(deal, ScoredEntry) else {}
        valued: dict[str, Leftover | Counted] = {}
        for player in setup.players:
            if player in counted:
                valued[player] = count_leftover(counted[player].left, counted[player].could_score, options)
            else:
                valued[player] = value_leftover(deal.hands[player], table, decks, options)
        out = next((p for p in setup.players if isinstance(valued[p], Leftover) and not valued[p].hand), None)
        players = {p: self._player(p, in_play[p], aces[p], valued[p], options) for p in setup.players}
        exact_said = isinstance(deal, ScoredEntry)
        for player_deal in players.values():
            explanation.extend(self._explain(player_deal, options, exact_said=exact_said))
        scores = {p: player_deal.score for p, player_deal in players.items()}
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

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        multiplied = self.opts(setup).ace_scoring == "multiplier"
        return {player: MULTIPLIED_ITEMS if multiplied else DEAL_ITEMS for player in setup.players}

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """Each player's points in play, aces and leftover penalty (iceberg-6.1, 2.4, 6.4); with the ace
        multiplier (iceberg-8.1) the parts no longer add up to the score, so only the multiplier is added."""
        multiplied = self.opts(setup).ace_scoring == "multiplier"
        items: list[Item] = []
        for player, played in deal.details["players"].items():
            items.append(Item(player, "in_play", played["in_play"], "iceberg-6.1", adds=not multiplied))
            if multiplied:
                items.append(Item(player, "multiplier", played["multiplier"], "iceberg-8.1", adds=False))
            else:
                items.append(Item(player, "aces", ACE_POINTS * played["aces"], "iceberg-2.4"))
            items.append(Item(player, "penalty", played["penalty"], "iceberg-6.4", adds=not multiplied))
        names = MULTIPLIED_ITEMS if multiplied else DEAL_ITEMS
        return Ruling(deal.scores, self.score_clause, tuple(items), item_names=names, additive=not multiplied)

    def _player(
        self, name: str, in_play: int, aces: int, leftover: Leftover | Counted, options: IcebergOptions
    ) -> PlayerDeal:
        if options.ace_scoring == "multiplier":
            factor = 1 + aces
            if options.multiplier_scope == "positive_only":
                score = in_play * factor + leftover.penalty
            else:
                score = (in_play + leftover.penalty) * factor
        else:
            factor = 1
            score = in_play + ACE_POINTS * aces + leftover.penalty
        return PlayerDeal(name, in_play, aces, leftover, factor, score)

    def _explain(self, deal: PlayerDeal, options: IcebergOptions, *, exact_said: bool) -> Explanation:
        """The player's deal step by step; ``exact_said`` says of a hand given by its cards that it was
        valued exactly (where other hands may have been counted at the table)."""
        steps = Explanation()
        name = deal.name
        if deal.out:
            steps.add(msg("{player} went out: no penalty", player=name), "iceberg-5.3")
        else:
            if exact_said and isinstance(deal.leftover, Leftover):
                steps.add(
                    msg("{player}'s hand is valued exactly, from its cards on the table at the end", player=name),
                    "iceberg-6.2",
                )
            for step in deal.leftover.explanation:
                steps.add(msg("{player}'s hand: {step}", player=name, step=step.message), step.rule)
        penalty = _signed(deal.leftover.penalty)
        if options.ace_scoring == "multiplier":
            if options.multiplier_scope == "positive_only":
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


def _signed(number: int) -> str:
    return f"− {-number}" if number < 0 else f"+ {number}"


ICEBERG = Iceberg()
