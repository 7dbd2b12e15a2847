"""The Dracula checks of the JSON API: ``coffin``, ``placement``, ``game`` (shared/API.md) and ``order``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import CardError, CardLedger, TooManyCopiesError
from referee.errors import FieldError, Location
from referee.explain import Explanation, Judgement
from referee.messages import Message, join, msg
from referee.rules.checks import Body, Check, as_int, numbered_objects
from referee.rules.claims import Item, Ruling, unscored
from referee.rules.dracula.coffin import SEAT_TITLES, incomplete_reason, line_label, score_coffin
from referee.rules.dracula.layout import (
    Move,
    check_moves,
    check_placement,
    empty_cells,
    layout_strings,
    parse_cell,
    parse_layout,
)
from referee.rules.dracula.options import DraculaOptions
from referee.rules.dracula.settlement import DEALS_PER_GAME, settle_pair
from referee.rules.dracula.values import DRACULA_PACK
from referee.rules.seating import find_name, name_key, named, same_name


def coffin(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(DraculaOptions)
    players = body.integer("players", default=2)
    if players not in (2, 3, 4):
        raise FieldError(
            msg("`players` is 2, 3 or 4, not {players}", players=players), field="players", location=("players",)
        )
    layout = parse_layout(body.raw("layout"), DRACULA_PACK)
    missing = incomplete_reason(layout)
    if missing is not None:
        return Judgement.refusal(Explanation().add(missing, "dracula-3.3")).answer()
    result = score_coffin(layout, players, options)
    return {
        "legal": True,
        "players": players,
        "rows": [line.score for line in result.rows],
        "columns": [line.score for line in result.columns],
        "scores": result.scores,
        "lines": {
            line.name: {"sum": line.total, "multiplier": line.factor * line.vampire_factor, "score": line.score}
            for line in (*result.rows, *result.columns)
        },
        "explanation": result.explanation.as_list(),
    }


def placement(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(DraculaOptions)
    layout = parse_layout(body.raw("layout"), DRACULA_PACK)
    cell = parse_cell(body.raw("cell"), field="cell")
    return check_placement(layout, cell, first_card_anywhere=options.first_card_4p == "any_cell").answer()


#: The sides of a 2-player game's deal scores (dracula-10.6).
GAME_SIDES = ("queen", "king")


def game(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(DraculaOptions)
    deals = body.array("deals")
    if len(deals) != DEALS_PER_GAME:
        raise FieldError(
            msg("a game has {deals} deals, not {given} — dracula-6.1", deals=DEALS_PER_GAME, given=len(deals)),
            field="deals",
            location=("deals",),
        )
    pairs: list[tuple[int, int]] = []
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping):
            raise FieldError(
                msg('deal {number} must be an object {{"queen": …, "king": …}}', number=number),
                field="deals",
                location=("deals", number),
            )
        unknown = [str(side) for side in deal if side not in GAME_SIDES]
        if unknown:
            raise FieldError(
                msg(
                    "deal {number} names {side}, which is no side of the game; the sides are {sides}",
                    number=number,
                    side=repr(unknown[0]),
                    sides=join(GAME_SIDES, " and "),
                ),
                field="deals",
                location=("deals", number, unknown[0]),
            )
        pairs.append((_points(deal, number, "queen"), _points(deal, number, "king")))
    result = settle_pair(GAME_SIDES, pairs, options.game_tie, SEAT_TITLES)
    return {
        "totals": result.totals,
        "final": result.final,
        "winner": result.winner,
        "explanation": result.explanation.as_list(),
    }


def _points(deal: Mapping[str, Any], number: int, side: str) -> int:
    """One side's score of deal ``number`` (dracula-10.6); an error's location is ``("deals", number, side)``."""
    try:
        return as_int(deal.get(side), f"deals[{number - 1}].{side}", minimum=0)
    except FieldError as error:
        error.location = ("deals", number, side)
        raise


MOVE_KEYS = ("by", "cell", "card")
MOVE_SHAPE = '{"by", "cell", "card"}'


def _move_name(number: int) -> Message:
    return msg("move {number}", number=number)


def _read_moves(value: object, names: tuple[str, str], aliases: Mapping[str, str]) -> list[Move]:
    """``[{"by": "non-dealer", "cell": "r1c2", "card": "7H"}, …]`` in the order the cards were placed;
    ``aliases`` are other spellings of the ``names`` (``non_dealer``), read when no name is meant."""
    if isinstance(value, list) and len(value) > 9:
        raise FieldError(
            msg("`moves` lists {count} cards; a coffin has 8 cells around its centre", count=len(value)),
            field="moves",
            location=("moves",),
        )
    moves: list[Move] = []
    for move in numbered_objects(value, "moves", keys=MOVE_KEYS, shape=MOVE_SHAPE, name=_move_name):
        where, item = move.location, move.item
        by = item.get("by")
        if find_name(by, names) is None and isinstance(by, str):
            by = aliases.get(name_key(by), by)
        found = named(by, names, field="moves", location=(*where, "by"), where=move.name)
        try:
            card = DRACULA_PACK.parse_one(item.get("card"), field="moves")
        except CardError as error:
            error.location = (*where, "card")
            raise
        moves.append(Move(found, parse_cell(item.get("cell"), field="moves", location=(*where, "cell")), card))
    return moves


def order(data: Mapping[str, Any]) -> dict[str, Any]:
    """A 2-player deal replayed card by card: who places when, and where (dracula-3.1, 3.2, 10.5).

    ``centre`` is the card turned up on ``r2c2``; ``moves`` the placed cards in order, each ``by``
    the dealer or the non-dealer: ``dealer`` and ``non-dealer`` (or ``non_dealer``), unless the
    request names them in its fields ``dealer`` and ``non_dealer``.
    """
    body = Body(data)
    body.options(DraculaOptions)
    dealer = read_player(body, "dealer")
    non_dealer = read_player(body, "non_dealer")
    if same_name(dealer, non_dealer):
        raise FieldError(
            msg("the dealer and the non-dealer are two players"), field="non_dealer", location=("non_dealer",)
        )
    centre = body.card("centre", DRACULA_PACK)
    # Left unnamed, the non-dealer is `non-dealer`, also spelt as the request field that names it.
    aliases = {} if body.has("non_dealer") else {"non_dealer": non_dealer}
    moves = _read_moves(body.raw("moves"), (dealer, non_dealer), aliases)
    ledger = CardLedger(DRACULA_PACK)
    ledger.add(centre, "r2c2", field="centre")
    for number, move in enumerate(moves, start=1):
        if move.card is not None:  # a move read from a request always places a card
            ledger.add(move.card, msg("move {number}", number=number), field="moves")
    try:
        ledger.check()
    except TooManyCopiesError as error:
        error.location = ("centre",) if error.field == "centre" else _last_use(error.token, moves)
        raise
    players = (("dealer", dealer), ("non_dealer", non_dealer))
    titles = {name: UNNAMED[field] for field, name in players if not body.has(field)}
    layout, reasons = check_moves(centre, moves, dealer, non_dealer, titles)
    explanation = Explanation().add(msg("`{card}` is turned up on r2c2", card=str(centre)), "dracula-1.5")
    explanation.add(
        msg(
            "{non_dealer} places first, then the players alternate; each places 4 cards",
            non_dealer=titles.get(non_dealer, non_dealer),
        ),
        "dracula-3.1",
    )
    explanation.extend(reasons)
    if not reasons.steps:
        explanation.add(msg("All {n} placements keep the order and the 4-card limit", n=len(moves)), "dracula-10.5")
    empty = empty_cells(layout)
    if not empty:
        explanation.add(msg("All 9 cells are full: the deal's play ends"), "dracula-3.3")
    return Judgement(explanation=explanation, reasons=reasons).answer(
        layout=layout_strings(layout),
        complete=not empty,
        placed={name: sum(1 for m in moves if m.by == name) for name in (dealer, non_dealer)},
    )


def _last_use(token: str, moves: list[Move]) -> Location:
    """The move that gave a card once too often: the last to give it."""
    last = max(n for n, move in enumerate(moves, start=1) if str(move.card) == token)
    return ("moves", last, "card")


#: The words for the players of a replayed deal that the request leaves unnamed: their roles, which are
#: also the names they go by (``dealer``, ``non-dealer``).
UNNAMED: dict[str, Message] = {"dealer": msg("dealer"), "non_dealer": msg("non-dealer")}


def read_player(body: Body, field: str) -> str:
    value = body.raw(field, field.replace("_", "-"))
    if not isinstance(value, str) or not value.strip():
        raise FieldError(msg("`{field}` must be a non-empty name", field=field), field=field, location=(field,))
    return value.strip()


#: Whose lines are whose: the Queen (or rows partnership) scores rows, the King columns
#: (dracula-4.1, dracula-8.4); with 3 players each seat scores a row and a column (dracula-7.4).
LINE_OWNERS: dict[int, dict[str, tuple[str, ...]]] = {
    2: {"queen": ("r1", "r2", "r3"), "king": ("c1", "c2", "c3")},
    3: {"dealer": ("r2", "c2"), "left": ("r1", "c1"), "right": ("r3", "c3")},
    4: {"rows": ("r1", "r2", "r3"), "columns": ("c1", "c2", "c3")},
}
LINES = ("r1", "r2", "r3", "c1", "c2", "c3")


def multiplier_item(line: str) -> str:
    """The item of a line's multiplier: ``r1_multiplier``."""
    return f"{line}_multiplier"


COFFIN_ITEMS = (*LINES, *(multiplier_item(line) for line in LINES))
GAME_ITEMS = ("deals", "bonus")


def owned_items(lines: tuple[str, ...]) -> tuple[str, ...]:
    """A side's items: each of its lines and that line's multiplier, line by line."""
    return tuple(item for line in lines for item in (line, multiplier_item(line)))


#: The words of every item a Dracula claim may give: a line's score, its multiplier, a game's parts.
CLAIM_WORDS: dict[str, Message] = {
    **{line: line_label(line) for line in LINES},
    **{multiplier_item(line): msg("{line} multiplier", line=line_label(line)) for line in LINES},
    "deals": msg("the six deals"),
    "bonus": msg("bonus"),
}
COFFIN_WORDS = {item: CLAIM_WORDS[item] for item in COFFIN_ITEMS}
#: The words of the sides a coffin's or a game's scores name.
SIDE_WORDS: dict[str, Message] = {
    **SEAT_TITLES,
    "rows": msg("Rows partnership"),
    "columns": msg("Columns partnership"),
}


def coffin_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling | dict[str, Any]:
    """Each side's lines and their multipliers; a deal score is one of its lines, not their sum."""
    if not answer["legal"]:
        return unscored(answer, "dracula-3.3")
    seats = {side: (side,) for side in answer["scores"]}
    return line_ruling(answer["scores"], answer["lines"], LINE_OWNERS[answer["players"]], seats, answer["players"])


def line_ruling(
    scores: Mapping[str, int],
    lines: Mapping[str, Mapping[str, int]],
    owned: Mapping[str, tuple[str, ...]],
    sides: Mapping[str, tuple[str, ...]],
    players: int,
) -> Ruling:
    """Each side's lines and their multipliers (dracula-4.3): ``owned`` gives a seat's lines, ``sides``
    the seats each side of ``scores`` holds. A deal score is one of its lines, not their sum."""
    items: list[Item] = []
    for side, seats in sides.items():
        for line in (line for seat in seats for line in owned[seat]):
            items.append(Item(side, line, lines[line]["score"], "dracula-4.3"))
            items.append(Item(side, multiplier_item(line), lines[line]["multiplier"], "dracula-4.3", adds=False))
    rule = "dracula-7.4" if players == 3 else "dracula-5.2"
    return Ruling(scores, rule, tuple(items), item_names=COFFIN_ITEMS)


def game_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """The final scores: each side's six-deal total and the winner's bonus (dracula-6.1, 6.2)."""
    items: list[Item] = []
    for side, final in answer["final"].items():
        items.append(Item(side, "deals", answer["totals"][side], "dracula-6.1"))
        if final != answer["totals"][side]:
            items.append(Item(side, "bonus", final - answer["totals"][side], "dracula-6.1"))
    return Ruling(answer["final"], "dracula-6.1", tuple(items), item_names=GAME_ITEMS, additive=True)


CHECKS = {
    "coffin": Check(
        "coffin",
        msg("Score this coffin"),
        coffin,
        {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 2},
        ruling=coffin_ruling,
        about=msg(
            "A claim is the scores, with items `r1` … `c3` (a line's score) and `r1_multiplier` … "
            '`c3_multiplier`: `{"queen": 120, "items": {"queen": {"r1_multiplier": 5}}}`.'
        ),
        claim_items=COFFIN_WORDS,
        claim_sides=SIDE_WORDS,
    ),
    "placement": Check(
        "placement",
        msg("May a card go on this cell?"),
        placement,
        {"layout": [[None, None, None], [None, "7H", None], [None, None, None]], "cell": "r1c1"},
    ),
    "order": Check(
        "order",
        msg("Was this deal placed in the right order?"),
        order,
        {
            "centre": "QS",
            "moves": [
                {"by": "non-dealer", "cell": "r1c2", "card": "8H"},
                {"by": "dealer", "cell": "r2c1", "card": "2C"},
                {"by": "non-dealer", "cell": "r1c1", "card": "7H"},
                {"by": "dealer", "cell": "r1c3", "card": "9H"},
            ],
        },
        about=msg(
            "A 2-player deal replayed in order: `centre` is the turned-up card on r2c2, `moves` the placed "
            'cards, each `{"by", "cell", "card"}`, `by` naming the player: `dealer` or `non-dealer` (also spelt '
            "`non_dealer`), or the names the request gives in `dealer` and `non_dealer`. The non-dealer places "
            "first, players alternate, nobody places a 5th card (dracula-3.1, 10.5), each card next to an "
            "occupied cell (dracula-3.2)."
        ),
    ),
    "game": Check(
        "game",
        msg("Settle a six-deal game"),
        game,
        {"deals": [{"queen": q, "king": k} for q, k in ((120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150))]},
        ruling=game_ruling,
        about=msg("A claim is the final scores, with items `deals` (the six-deal total) and `bonus`."),
        claim_items={item: CLAIM_WORDS[item] for item in GAME_ITEMS},
        claim_sides=SIDE_WORDS,
    ),
}
