"""Dracula as a match on the score sheet: 2, 3 or 4 players, six deals a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card, CardLedger, Pack, TooManyCopiesError, parse_card
from referee.errors import FieldError, Gathering, InputError, LayoutError
from referee.explain import Explanation
from referee.messages import Message, as_message, join, msg
from referee.rules.claims import Ruling
from referee.rules.dracula.checks import CHECKS, COFFIN_WORDS, LINE_OWNERS, line_ruling, owned_items
from referee.rules.dracula.coffin import CoffinScore, empty_reason, score_coffin
from referee.rules.dracula.entry import DraculaEntry
from referee.rules.dracula.layout import (
    CELLS,
    CENTRE,
    Layout,
    LayoutReading,
    Move,
    cell_name,
    centre_only,
    layout_strings,
    parse_cell,
    parse_layout,
    read_layout,
    replay,
)
from referee.rules.dracula.options import ROLE_OPTIONS, DraculaOptions
from referee.rules.dracula.settlement import DEALS_PER_GAME, Settlement, settle_pair, settle_plain
from referee.rules.dracula.values import DRACULA_PACK
from referee.rules.game import (
    DealContext,
    DealResult,
    Game,
    MatchResult,
    MatchSetup,
    Side,
    require_mapping,
    split_claim,
    win_verb,
)

#: Who starts each coffin of a 4-player game, as seats relative to the dealer (dracula-8.5).
STARTERS_4P = ("L", "O", "R", "D", "L", "O")
#: What lies on a cell when an order of placement is checked: only whether a cell is taken matters there.
PLACED = parse_card("JO")


#: The sides' roles as the sheet names them (the roles themselves are keys of the scores).
ROLE_WORDS: dict[str, Message] = {
    "Queen": msg("Queen"),
    "King": msg("King"),
    "rows": msg("rows"),
    "columns": msg("columns"),
}


class Dracula(Game[DraculaOptions]):
    slug = "dracula"
    name = msg("Dracula")
    result_clause = "dracula-6.1"
    tagline = msg("Build the 3×3 coffin; rows against columns, suits multiply, Vampires bite.")
    player_counts = (2, 3, 4)
    score_clause = "dracula-5.2"
    partnership_note = msg("with 4, partners sit opposite: seats 1 and 3 against 2 and 4")
    option_type = DraculaOptions
    role_options = ROLE_OPTIONS
    checks = CHECKS
    entry_type = DraculaEntry
    claim_words = COFFIN_WORDS

    # --- seats ----------------------------------------------------------------------------------

    def _game_index(self, number: int) -> int:
        return (number - 1) // DEALS_PER_GAME

    def seats_4p(self, setup: MatchSetup, number: int) -> dict[str, str]:
        """D, L, O, R of the game that holds deal ``number``; the dealer changes per game."""
        dealer = (setup.first_dealer + self._game_index(number)) % 4
        return {seat: setup.players[(dealer + i) % 4] for i, seat in enumerate("DLOR")}

    def sides(self, setup: MatchSetup) -> list[Side]:
        if setup.count == 3:
            return [Side(p, (p,)) for p in setup.players]
        if setup.count == 2:
            roles = self.roles_2p(setup)
            return [Side(p, (p,), "Queen" if roles["queen"] == p else "King") for p in setup.players]
        dealer_team, other_team = self._partnerships(setup)
        rows_first = setup.roles.get("first_dealer_team", "rows") == "rows"
        return [
            Side(dealer_team[0], dealer_team[1], "rows" if rows_first else "columns"),
            Side(other_team[0], other_team[1], "columns" if rows_first else "rows"),
        ]

    def _partnerships(self, setup: MatchSetup) -> tuple[tuple[str, tuple[str, str]], tuple[str, tuple[str, str]]]:
        """The first dealer's partnership (D and O) and the other (L and R), as (name, members)."""
        seats = self.seats_4p(setup, 1)
        return (
            (f"{seats['D']} & {seats['O']}", (seats["D"], seats["O"])),
            (f"{seats['L']} & {seats['R']}", (seats["L"], seats["R"])),
        )

    def role_label(self, role: str) -> str | Message:
        return ROLE_WORDS.get(role, role)

    def roles_2p(self, setup: MatchSetup) -> dict[str, str]:
        """``queen`` and ``king`` player names (dracula-1.4)."""
        first = setup.players[setup.first_dealer]
        other = setup.players[1 - setup.first_dealer]
        if setup.roles.get("first_dealer_role", "queen") == "queen":
            return {"queen": first, "king": other}
        return {"queen": other, "king": first}

    def roles_4p(self, setup: MatchSetup) -> dict[str, str]:
        """Which partnership scores ``rows`` and which ``columns`` (dracula-8.6)."""
        return {side.role: side.name for side in self.sides(setup)}

    def dealer(self, setup: MatchSetup, earlier: Sequence[DealResult]) -> str:
        return self.dealer_of(setup, len(earlier) + 1)

    def dealer_of(self, setup: MatchSetup, number: int) -> str:
        """2 and 3 players: the deal passes left each deal. 4 players: the player who starts coffin ``number``."""
        if setup.count == 4:
            seats = self.seats_4p(setup, number)
            return seats[STARTERS_4P[(number - 1) % DEALS_PER_GAME]]
        return setup.players[(setup.first_dealer + number - 1) % setup.count]

    def turn_line(self, setup: MatchSetup, player: str) -> Message:
        """With 4 players a coffin is not dealt but started, by the starters of dracula-8.5."""
        if setup.count == 4:
            return msg("{player} starts", player=player)
        return super().turn_line(setup, player)

    # --- entries --------------------------------------------------------------------------------

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """A deal's entry: the full coffin, and optionally the order its cells were filled.

        ``{"layout": [["7H","8H","9H"],["2C","QS","5D"],["KD","4C","10S"]], "order": ["r1c2", …]}``:
        ``layout`` is three rows of three cards as seen by the dealer (dracula-1.5); ``order``
        (2 and 4 players) lists the cells in the order the cards were placed — 8 cells after the
        dealt centre with 2 players, all 9 with 4 — and each placement is checked (dracula-3.2).
        Every mistake is reported at once: each bad card, each card given twice, the empty cells,
        and the order (which depends on the cells only, never on their cards).
        """
        return self._read(setup, entry, {})

    def read_deal(
        self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int, entry: object
    ) -> dict[str, Any]:
        """The entry of deal ``number`` with its mistakes and the cards it shares with the other deals of its
        game (dracula-10.1, 10.2), all at once: a card that could be read is checked even when another is bad."""
        claim, rest = split_claim(entry)
        canonical = self._read(setup, rest, self._uses_elsewhere(setup, entries, number))
        return self.with_claim(setup, canonical, claim)

    def _read(self, setup: MatchSetup, entry: object, elsewhere: Mapping[Card, list[Message]]) -> dict[str, Any]:
        """:meth:`check_entry`, the cards ``elsewhere`` holds (the other deals sharing the pack, each card with
        its places) refused too."""
        data = require_mapping(entry, "entry")
        reading = read_layout(data.get("layout"), DRACULA_PACK, field="layout")
        gathering = Gathering.of(reading.errors)
        empty = reading.empty_cells()
        missing = empty_reason(empty)
        if missing is not None:
            reason = msg("{reason} — dracula-3.3", reason=missing)
            gathering.errors.append(LayoutError(reason, field="layout", location=("layout", empty[0])))
        gathering.errors.extend(_clashes(reading, elsewhere))
        order = gathering.attempt(self._check_order, setup, data["order"]) if data.get("order") else None
        gathering.check()
        cards = tuple(tuple(str(card) for card in row if card is not None) for row in reading.layout)  # all full
        return DraculaEntry(cards, tuple(order or ())).as_json()

    def _check_order(self, setup: MatchSetup, order: object) -> list[str]:
        if setup.count == 3:
            raise FieldError(
                msg("with 3 players cards are turned face up in any order; leave `order` empty"),
                field="order",
                location=("order",),
            )
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise FieldError(msg("`order` is a list of cells such as r1c2"), field="order", location=("order",))
        cells = [parse_cell(c, field="order", location=("order", n)) for n, c in enumerate(order, start=1)]
        first_anywhere = setup.count == 4 and self.opts(setup).first_card_4p == "any_cell"
        expected = 8 if setup.count == 2 else 9
        if len(cells) != expected or len(set(cells)) != expected:
            if setup.count == 2:
                problem = msg("`order` names the 8 cells around the dealt centre, each once")
            else:
                problem = msg("`order` names all 9 cells, each once")
            raise FieldError(problem, field="order", location=("order",))
        start = centre_only(None)
        if setup.count == 2:
            if CENTRE in cells:
                raise FieldError(
                    msg("the centre `r2c2` is dealt, not placed: leave it out of `order`"),
                    field="order",
                    location=("order", cells.index(CENTRE) + 1),
                )
            start = centre_only(PLACED)
        # Whether a card may go on a cell depends on which cells are taken, never on the cards.
        moves = [Move("", cell, PLACED) for cell in cells]
        _, verdicts = replay(start, moves, first_card_anywhere=first_anywhere)
        for step, verdict in enumerate(verdicts, start=1):
            if not verdict.legal:
                raise FieldError(
                    msg("placement {step}: {reason} — dracula-3.2", step=step, reason=verdict.reasons.steps[0].message),
                    field="order",
                    location=("order", step),
                )
        return [cell_name(c) for c in cells]

    def pack(self, setup: MatchSetup) -> Pack:
        return DRACULA_PACK

    def _shares_cards(self, setup: MatchSetup, number: int) -> bool:
        """Whether deal ``number`` draws from the same unshuffled pack as the game's other deals.

        2 and 4 players: all six deals (dracula-1.5, 8.5). 3 players: deals 1–5, as deal 6 is
        reshuffled, and none with 13-card hands (dracula-7.7).
        """
        if setup.count == 3:
            return self.opts(setup).hand_size_3p != 13 and (number - 1) % DEALS_PER_GAME < 5
        return True

    def cards_used_elsewhere(self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int) -> list[str]:
        return [str(card) for card, places in self._uses_elsewhere(setup, entries, number).items() for _ in places]

    def _uses_elsewhere(
        self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int
    ) -> dict[Card, list[Message]]:
        """The cards the other deals drawing from deal ``number``'s pack hold, each with its places ("deal 1 r1c1")."""
        uses: dict[Card, list[Message]] = {}
        if not self._shares_cards(setup, number):
            return uses
        game = self._game_index(number)
        for other, entry in enumerate(entries, start=1):
            if other == number or self._game_index(other) != game or not self._shares_cards(setup, other):
                continue
            for r, row in enumerate(DraculaEntry.of(entry).layout):
                for c, token in enumerate(row):
                    if token:
                        place = msg("deal {number} {cell}", number=other, cell=CELLS[r * 3 + c])
                        uses.setdefault(parse_card(token), []).append(place)
        return uses

    def check_entries(self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]]) -> None:
        """No card twice across the layouts of a game (dracula-10.1, 10.2); 3 players reshuffle for deal 6."""
        by_game: dict[int, CardLedger] = {}
        for number, entry in enumerate(entries, start=1):
            if not self._shares_cards(setup, number):
                continue
            ledger = by_game.setdefault(self._game_index(number), CardLedger(DRACULA_PACK))
            for r, row in enumerate(DraculaEntry.of(entry).layout):
                for c, token in enumerate(row):
                    ledger.add(
                        parse_card(token),
                        msg("deal {number} {cell}", number=number, cell=CELLS[r * 3 + c]),
                        field="layout",
                    )
        for ledger in by_game.values():
            ledger.check()

    # --- scoring --------------------------------------------------------------------------------

    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        deal = DraculaEntry.of(entry)
        layout = parse_layout(deal.layout, DRACULA_PACK)
        coffin = score_coffin(layout, setup.count, self.opts(setup))
        explanation = Explanation().extend(coffin.explanation)
        if setup.count == 2:
            roles = self.roles_2p(setup)
            scores = {roles["queen"]: coffin.scores["queen"], roles["king"]: coffin.scores["king"]}
            seats = {"Queen": roles["queen"], "King": roles["king"]}
        elif setup.count == 3:
            d = setup.players.index(context.dealer)
            seat_names = {
                "dealer": context.dealer,
                "left": setup.players[(d + 1) % 3],
                "right": setup.players[(d + 2) % 3],
            }
            scores = {seat_names[s]: v for s, v in coffin.scores.items()}
            seats = {s.capitalize(): p for s, p in seat_names.items()}
        else:
            roles = self.roles_4p(setup)
            scores = {roles["rows"]: coffin.scores["rows"], roles["columns"]: coffin.scores["columns"]}
            seats = {"Rows": roles["rows"], "Columns": roles["columns"]}
        # Names and numbers only: the same text in every language.
        summary = as_message(", ".join(f"{name} {points}" for name, points in scores.items()))
        return DealResult(
            number=context.number,
            dealer=context.dealer,
            scores=scores,
            explanation=explanation,
            summary=summary,
            details=self._details(layout, coffin, seats, deal),
        )

    def _details(
        self, layout: Layout, coffin: CoffinScore, seats: dict[str, str], deal: DraculaEntry
    ) -> dict[str, Any]:
        """What the deal's page shows: the coffin, who sat where and each line,
        its words kept as a message so the page shows them in the reader's language."""
        lines = {
            kind: [
                {
                    "name": line.label.render(),
                    "score": line.score,
                    "text": line.text.render(),
                    "message": line.text.as_json(),
                }
                for line in found
            ]
            for kind, found in (("rows", coffin.rows), ("columns", coffin.columns))
        }
        scored = {
            line.name: {"score": line.score, "multiplier": line.factor * line.vampire_factor}
            for line in (*coffin.rows, *coffin.columns)
        }
        return {
            "layout": layout_strings(layout),
            "order": list(deal.order),
            "seats": seats,
            **lines,
            "lines": scored,
        }

    # --- claims ---------------------------------------------------------------------------------

    def _claim_seats(self, setup: MatchSetup, dealer: str) -> dict[str, str]:
        """Each side and the seat whose lines it scores in a deal dealt by ``dealer`` (:data:`LINE_OWNERS`)."""
        if setup.count == 2:
            return {player: role for role, player in self.roles_2p(setup).items()}
        if setup.count == 3:
            d = setup.players.index(dealer)
            return {setup.players[(d + k) % 3]: seat for k, seat in enumerate(("dealer", "left", "right"))}
        return {side: role for role, side in self.roles_4p(setup).items()}

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        """Each side may claim its own lines and their multipliers (dracula-4.3, 7.4, 8.4)."""
        owners = LINE_OWNERS[setup.count]
        return {
            side: owned_items(owners[seat])
            for side, seat in self._claim_seats(setup, self.dealer_of(setup, number)).items()
        }

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """A claim on a deal reads its sides' lines and multipliers, as the ``coffin`` check does."""
        seats = {side: (seat,) for side, seat in self._claim_seats(setup, deal.dealer).items()}
        return line_ruling(deal.scores, deal.details["lines"], LINE_OWNERS[setup.count], seats, setup.count)

    # --- end of the match ----------------------------------------------------------------------

    def deals_in_match(self, setup: MatchSetup) -> int | None:
        return DEALS_PER_GAME if self.target(setup) is None else None

    def settle(self, setup: MatchSetup, game_deals: Sequence[DealResult]) -> Settlement:
        """One finished game of six deals."""
        if setup.count == 3:
            totals = {p: sum(d.scores.get(p, 0) for d in game_deals) for p in setup.players}
            return settle_plain(totals, "dracula-7.7")
        if setup.count == 2:
            roles = self.roles_2p(setup)
            names = (roles["queen"], roles["king"])
        else:
            roles = self.roles_4p(setup)
            names = (roles["rows"], roles["columns"])
            if not self.opts(setup).bonus_4p:
                return settle_plain({n: sum(d.scores.get(n, 0) for d in game_deals) for n in names}, "dracula-8.5")
        pairs = [(d.scores.get(names[0], 0), d.scores.get(names[1], 0)) for d in game_deals]
        return settle_pair(names, pairs, self.opts(setup).game_tie)

    def target(self, setup: MatchSetup) -> int | None:
        """1000 over whole games with ``target = 1000``; else one game of six deals (dracula-6.3)."""
        target = self.opts(setup).target
        return None if target == "none" else target

    def conclude(self, setup: MatchSetup, result: MatchResult) -> None:
        target = self.target(setup)
        games = [result.deals[i : i + DEALS_PER_GAME] for i in range(0, len(result.deals), DEALS_PER_GAME)]
        last: Settlement | None = None
        for number, game_deals in enumerate(games, start=1):
            if len(game_deals) < DEALS_PER_GAME:
                break
            last = self.settle(setup, game_deals)
            for side, points in last.bonus.items():
                if points:
                    result.bonus[side] = result.bonus.get(side, 0) + points
                    result.totals[side] += points
            for step in last.explanation:
                text = (
                    step.message if target is None else msg("game {number}: {step}", number=number, step=step.message)
                )
                result.bonus_explanation.add(text, step.rule)
        complete_games = len(result.deals) // DEALS_PER_GAME
        in_game = len(result.deals) % DEALS_PER_GAME
        if target is None:
            if complete_games >= 1 and last is not None:
                result.finished = True
                result.winner = last.winner
                result.drawn = last.winner is None
                result.status = self._wins(last.winner, result) if last.winner else msg("The game is drawn")
            else:
                result.status = msg("Six deals; the higher total wins")
            return
        if in_game == 0 and complete_games >= 1:
            best = max(result.totals.values())
            leaders = [s for s, v in result.totals.items() if v == best]
            if best >= target and len(leaders) == 1:
                result.finished = True
                result.winner = leaders[0]
                result.status = self._wins(leaders[0], result, best)
                result.bonus_explanation.add(
                    msg(
                        "{side} has {best} after game {number}, at least {target}: the match is won",
                        side=leaders[0],
                        best=best,
                        number=complete_games,
                        target=target,
                    ),
                    "dracula-6.3",
                )
                return
        result.status = msg("Game {number} of six deals; playing to {target}", number=complete_games + 1, target=target)

    def _wins(self, winner: str, result: MatchResult, best: int | None = None) -> Message:
        """ "Ann wins", "Ann & Cat win" (a partnership), "… with 1020" when playing to a target."""
        team = win_verb(winner, result.sides) == "win"
        if best is None:
            return msg("{side} win", side=winner) if team else msg("{side} wins", side=winner)
        if team:
            return msg("{side} win with {best}", side=winner, best=best)
        return msg("{side} wins with {best}", side=winner, best=best)


def _clashes(reading: LayoutReading, elsewhere: Mapping[Card, list[Message]]) -> list[InputError]:
    """The cards of a deal that the other deals of its pack hold already, as often as the pack has them
    (dracula-10.1, 10.2): each at its cell, naming where it is. A card given twice in the deal itself is
    refused by its reading."""
    clashes: list[InputError] = []
    for cell, card in reading.placed():
        places = elsewhere.get(card, [])
        if places and len(places) >= DRACULA_PACK.copies(card):
            clashes.append(
                TooManyCopiesError(
                    msg(
                        "`{card}` is in {places} already: the deals of a game share one pack — dracula-10.1",
                        card=str(card),
                        places=join(places, " and "),
                    ),
                    token=str(card),
                    field="layout",
                    location=("layout", cell),
                )
            )
    return clashes


DRACULA = Dracula()
