"""Paks as a match on the score sheet: 2, 3, 4 or 6 players, played to 500 (or the house's target)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import SUIT_NAMES, SUIT_WORDS, SUITS, CardLedger, Pack
from referee.errors import FieldError, Gathering
from referee.explain import Explanation
from referee.messages import Message, join, msg
from referee.rules.claims import Ruling
from referee.rules.game import DealContext, DealResult, Game, MatchResult, MatchSetup, Side, require_mapping
from referee.rules.paks.checks import CHECKS, DEAL_ITEM_WORDS, DEAL_ITEMS, deal_ruling
from referee.rules.paks.ending import judge_end
from referee.rules.paks.entry import PaksCards, PaksEntry, PaksQuick
from referee.rules.paks.held import HeldPak
from referee.rules.paks.options import PaksOptions
from referee.rules.paks.parsing import read_paks, readable_paks
from referee.rules.paks.quick import (
    CARDS,
    MODES,
    QUICK,
    HeldReading,
    QuickScore,
    QuickSide,
    faults_of_readable,
    read_counts,
    read_kept,
    score_quick,
)
from referee.rules.paks.sides import plays_alone
from referee.rules.paks.throwoff import MANUAL, DealScore, score_paks
from referee.rules.paks.values import decks_for, pack
from referee.rules.seating import SIDE, alternate_teams, named

ENTRY_KEYS = ("mode", "paks", "thrown_off")
QUICK_KEYS = ("mode", "held", "kept")


class Paks(Game[PaksOptions]):
    slug = "paks"
    name = msg("Paks")
    result_clause = "paks-7.2"
    tagline = msg("Capture with special pairs, steal in other suits, throw off the paks that cancel out.")
    player_counts = (2, 3, 4, 6)
    score_clause = "paks-6.5"
    partnership_note = msg("teams with 4 or 6: odd seats against even")
    option_type = PaksOptions
    checks = CHECKS
    entry_type = PaksEntry
    claim_words = DEAL_ITEM_WORDS

    def sides(self, setup: MatchSetup) -> list[Side]:
        """Alone with 2 or 3 players; with 4 or 6, two teams of alternate seats (paks-1.1, paks-6.2)."""
        if plays_alone(setup.count):
            return [Side(p, (p,)) for p in setup.players]
        return [Side(" & ".join(team), team) for team in alternate_teams(setup.players)]

    def target(self, setup: MatchSetup) -> int:
        return self.opts(setup).target

    def pack(self, setup: MatchSetup) -> Pack:
        """One deck for 2 players, two mixed decks for 3 or more (paks-1.2)."""
        return pack(decks_for(setup.count))

    # --- the deal entry ---------------------------------------------------------------------------

    def _player(self, setup: MatchSetup, key: object, field: str) -> str:
        return named(key, setup.players, field=field, location=(field, str(key)))

    def _read(self, setup: MatchSetup, entry: object) -> PaksCards:
        """A card-by-card entry, checked: every player's paks, and under ``throw_off = manual`` those thrown off."""
        data = require_mapping(entry, "entry")
        unknown = [k for k in data if k not in ENTRY_KEYS]
        if unknown:
            raise FieldError(msg("the deal entry has no field `{field}`", field=str(unknown[0])), field=str(unknown[0]))
        given = require_mapping(data.get("paks", {}), "paks")
        cards = self.pack(setup)
        held: dict[str, list[HeldPak]] = {p: [] for p in setup.players}
        seen: set[str] = set()
        gathering = Gathering()
        ledger = CardLedger(cards)
        for key, value in given.items():
            player = self._player(setup, key, "paks")
            if player in seen:
                raise FieldError(
                    msg("the paks of {player} are given twice", player=player), field="paks", location=("paks", player)
                )
            seen.add(player)
            held[player] = gathering.attempt(read_paks, value, player, cards, "paks") or []
            # Every card that could be read counts, in a pak that cannot be one too.
            for label, read in readable_paks(value, player, cards, "paks"):
                ledger.add_all(read, label, field="paks")
        gathering.errors.extend(ledger.errors())
        gathering.check()  # every player's bad paks and every card used too often, at once
        thrown = self._read_thrown(setup, data.get("thrown_off"), held)
        manual = self.opts(setup).throw_off == MANUAL
        return PaksCards(
            {p: tuple(paks) for p, paks in held.items()}, {p: tuple(n) for p, n in thrown.items()} if manual else None
        )

    def _read_thrown(
        self, setup: MatchSetup, raw_thrown: object, held: Mapping[str, list[HeldPak]]
    ) -> dict[str, list[int]]:
        """The pak numbers each player's side discards under ``throw_off = manual``."""
        manual = self.opts(setup).throw_off == MANUAL
        thrown: dict[str, list[int]] = {p: [] for p in setup.players}
        if raw_thrown is None:
            return thrown
        given: set[str] = set()
        for key, numbers in require_mapping(raw_thrown, "thrown_off").items():
            player = self._player(setup, key, "thrown_off")
            if player in given:
                raise FieldError(
                    msg("the thrown-off paks of {player} are given twice", player=player),
                    field="thrown_off",
                    location=("thrown_off", player),
                )
            given.add(player)
            if numbers is None or numbers == []:
                continue
            if not manual:
                raise FieldError(
                    msg(
                        "the rule picks the paks thrown off; name them only with the option throw_off = manual "
                        "— paks-6.4"
                    ),
                    field="thrown_off",
                    location=("thrown_off", player),
                )
            if not isinstance(numbers, list) or not all(type(n) is int for n in numbers):
                raise FieldError(
                    msg("the thrown-off paks of {player} are pak numbers, e.g. [1, 3]", player=player),
                    field="thrown_off",
                    location=("thrown_off", player),
                )
            for n in numbers:
                if not 1 <= n <= len(held[player]):
                    raise FieldError(
                        msg("{player} has no pak {n}", player=player, n=n),
                        field="thrown_off",
                        location=("thrown_off", player, n),
                    )
            if len(set(numbers)) != len(numbers):
                raise FieldError(
                    msg("a pak of {player} is named twice", player=player),
                    field="thrown_off",
                    location=("thrown_off", player),
                )
            thrown[player] = sorted(numbers)
        return thrown

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """Validate one deal's entry, card by card or quick (``"mode": "quick"``).

        Card by card, every player's paks as they lie on the table at the end (a JSON object)::

            {"paks": {"Ann": [["QH", "2H", "KH"], ["7H", "6H"]], "Bob": [["9H", "4H"]]},
             "thrown_off": {"Ann": [2], "Bob": [1]}}

        ``paks`` maps each player (by name, as seated) to their paks, each a list of cards or
        one string (``"QH 2H KH"``); a player's paks may also be one string with ``;`` or ``/``
        between paks. A player left out holds no paks. Paks belong to players (paks-4.5); in
        team games the partners' paks are pooled when scoring (paks-6.2). Each pak is one suit
        and at least two cards, a 2-card pak of unequal play values (paks-9.4, paks-9.5); no
        card is used more often than the decks hold (one deck for 2 players, two otherwise,
        paks-1.2). ``thrown_off`` is given only under the option ``throw_off = manual``: for
        each player, the numbers (1 = first) of their paks the side discards; the count per
        suit must be the side's m (paks-6.3). ``"mode": "cards"`` may be given; it is the default.

        Quick, per side (a player with 2 or 3 players, a team with 4 or 6, paks-6.2)::

            {"mode": "quick",
             "held": {"Ann & Cat": {"spades": 3, "hearts": 1, "diamonds": 0, "clubs": 2},
                      "Bob & Dan": {"spades": 1, "hearts": 2}},
             "kept": {"Ann & Cat": 145, "Bob & Dan": 60}}

        ``held`` counts each side's paks per suit at the end (suits by name, letter or sign; a
        suit or side left out holds none); ``kept`` is what the side's paks left after the
        throw-off are worth, as counted at the table (paks-6.5; a side keeping no pak may be
        left out). The referee works out m per suit and how many paks each side throws off, and
        checks the points kept against the counts (see :mod:`referee.rules.paks.quick`). It
        holds under every house rule, ``throw_off = manual`` included: each side discards m paks
        of a suit, whichever it or the rule picks. ``mode`` may be left out when ``held`` or
        ``kept`` is given.

        The canonical card-by-card entry lists every player in seat order, cards in canonical
        notation, and ``thrown_off`` (every player, numbers sorted) only under ``throw_off =
        manual``; it has no ``mode``. The canonical quick entry has ``"mode": "quick"`` and
        every side in seat order, in ``held`` with its four suits by name and in ``kept``.
        """
        data = require_mapping(entry, "entry")
        if self._mode(data) == QUICK:
            quick = PaksQuick(tuple(self._read_quick(setup, data)))
            self._score_quick(setup, quick.sides)
            return quick.as_json()
        cards = self._read(setup, data)
        self._score(setup, cards)
        return cards.as_json()

    def quick_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """The quick entry of a card-by-card deal: each side's paks per suit, and what its cards keep.

        What the players would enter at the table for the same deal; it scores the same.
        """
        cards = self._read(setup, require_mapping(entry, "entry"))
        result = self._score(setup, cards)
        counts: dict[str, dict[str, int]] = {}
        for side in self.sides(setup):
            paks = [pak for member in side.members for pak in cards.held(member)]
            counts[side.name] = {SUIT_NAMES[suit]: sum(pak.suit == suit for pak in paks) for suit in SUITS}
        return {"mode": QUICK, "held": counts, "kept": dict(result.scores)}

    def _mode(self, data: Mapping[str, Any]) -> str:
        mode = data.get("mode")
        if mode is None:
            return QUICK if "held" in data or "kept" in data else CARDS
        if mode not in MODES:
            raise FieldError(
                msg("`mode` is `cards` (every pak card by card) or `quick` (paks counted per suit)"),
                field="mode",
                location=("mode",),
            )
        return str(mode)

    def _side_named(self, setup: MatchSetup, key: object, field: str) -> str:
        names = [side.name for side in self.sides(setup)]
        return named(key, names, kind=SIDE, field=field, location=(field, str(key)))

    def _read_quick(self, setup: MatchSetup, data: Mapping[str, Any]) -> list[QuickSide]:
        """Every side's counts and points kept; every malformed part at once, with what is wrong with the
        counts and points that could be read beside them (:func:`faults_of_readable`)."""
        unknown = [k for k in data if k not in QUICK_KEYS]
        if unknown:
            raise FieldError(
                msg("the quick deal entry has no field `{field}`", field=str(unknown[0])), field=str(unknown[0])
            )
        gathering = Gathering()
        held: dict[str, HeldReading] = {}
        kept: dict[str, int | None] = {}
        named = True
        for field in ("held", "kept"):
            given = data.get(field)
            for key, value in require_mapping({} if given is None else given, field).items():
                side = gathering.attempt(self._side_named, setup, key, field)
                if side is None:
                    named = False
                    continue
                if side in (held if field == "held" else kept):
                    gathering.errors.append(
                        FieldError(msg("{side} is given twice", side=side), field=field, location=(field, side))
                    )
                    named = False
                elif field == "held":
                    held[side] = read_counts(value, side)
                    gathering.errors.extend(held[side].errors)
                else:
                    kept[side] = gathering.attempt(read_kept, value, side)
        sides = [
            QuickSide(
                side.name, held[side.name].held if side.name in held else dict.fromkeys(SUITS, 0), kept.get(side.name)
            )
            for side in self.sides(setup)
        ]
        if gathering.errors and named:
            unread = {name: reading.unknown for name, reading in held.items()}
            gathering.errors.extend(faults_of_readable(sides, unread, decks_for(setup.count)))
        gathering.check()
        return sides

    def _score_quick(self, setup: MatchSetup, sides: Sequence[QuickSide]) -> QuickScore:
        opts = self.opts(setup)
        return score_quick(
            sides, decks=decks_for(setup.count), throw_off=opts.throw_off, throw_off_min=opts.throw_off_min
        )

    def _score(self, setup: MatchSetup, deal: PaksCards) -> DealScore:
        sides = {side.name: [pak for member in side.members for pak in deal.held(member)] for side in self.sides(setup)}
        chosen = {
            side.name: [deal.held(member)[n - 1] for member in side.members for n in deal.thrown(member)]
            for side in self.sides(setup)
        }
        opts = self.opts(setup)
        return score_paks(
            sides,
            throw_off=opts.throw_off,
            throw_off_min=opts.throw_off_min,
            chosen=chosen if opts.throw_off == MANUAL else None,
            choice_field="thrown_off",
        )

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        explanation = Explanation()
        for side in self.sides(setup):
            if len(side.members) > 1:
                explanation.add(msg("{side}: the partners' paks count together", side=side.name), "paks-6.2")
        deal = PaksEntry.of(entry)
        if isinstance(deal, PaksQuick):
            quick = self._score_quick(setup, deal.sides)
            explanation.extend(quick.explanation)
            return DealResult(
                number=context.number,
                dealer=context.dealer,
                scores=quick.scores,
                explanation=explanation,
                summary=_summary(quick.scores, [(s.suit, s.m) for s in quick.suits]),
                details={
                    "mode": QUICK,
                    "suits": [s.as_dict() for s in quick.suits],
                    "sides": {
                        side.name: {
                            "members": list(side.members),
                            "score": quick.scores[side.name],
                            "kept_paks": quick.kept_paks(side.name),
                            "thrown_off_counts": quick.thrown(side.name),
                        }
                        for side in self.sides(setup)
                    },
                },
            )
        assert isinstance(deal, PaksCards)
        result = self._score(setup, deal)
        explanation.extend(result.explanation)
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=result.scores,
            explanation=explanation,
            summary=_summary(result.scores, [(s.suit, s.m) for s in result.suits]),
            details={
                "suits": [s.as_dict() for s in result.suits],
                "sides": {
                    side.name: {
                        "members": list(side.members),
                        "score": result.scores[side.name],
                        "kept": [p.as_dict() for p in result.kept[side.name]],
                        "thrown_off": [p.as_dict() for p in result.thrown_off[side.name]],
                    }
                    for side in self.sides(setup)
                },
            },
        )

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        """Each side may claim what it keeps in each suit (paks-6.4, paks-6.5)."""
        return {side.name: DEAL_ITEMS for side in self.sides(setup)}

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """A claim on a deal reads its suits, as the ``deal`` check does (a quick deal: its scores only)."""
        details = deal.details
        return deal_ruling({}, {"scores": deal.scores, "suits": details["suits"], "mode": details.get("mode")})

    # --- the end of the match ---------------------------------------------------------------------

    def conclude(self, setup: MatchSetup, result: MatchResult) -> None:
        """Once a side has the target, the highest total wins; equal highest totals play on (paks-7)."""
        judge_end(result.totals, self.target(setup), sides=result.sides).settle(result)


def _summary(scores: Mapping[str, int], throw_offs: list[tuple[str, int]]) -> Message:
    """The deal's line on the sheet: the scores, and m in each suit where paks were thrown off."""
    points = join([f"{side} {score}" for side, score in scores.items()])
    discarded = [msg("{suits} {m}", suits=SUIT_WORDS[suit], m=m) for suit, m in throw_offs if m]
    if discarded:
        return msg("{scores}; thrown off per side: {suits}", scores=points, suits=join(discarded))
    return msg("{scores}; nothing thrown off", scores=points)


PAKS = Paks()
