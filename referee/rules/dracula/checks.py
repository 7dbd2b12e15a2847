"""The Dracula checks of the JSON API: ``coffin``, ``placement``, ``game`` (shared/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import FieldError
from referee.explain import Explanation
from referee.rules.checks import Body, Check, as_int
from referee.rules.claims import Item, Ruling, unscored
from referee.rules.dracula.coffin import incomplete_reason, score_coffin
from referee.rules.dracula.layout import check_placement, parse_cell, parse_layout
from referee.rules.dracula.options import OPTIONS
from referee.rules.dracula.settlement import DEALS_PER_GAME, settle_pair
from referee.rules.dracula.values import DRACULA_PACK


def coffin(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(OPTIONS)
    players = body.integer("players", default=2)
    if players not in (2, 3, 4):
        raise FieldError(f"`players` is 2, 3 or 4, not {players}", field="players")
    layout = parse_layout(body.raw("layout"), DRACULA_PACK)
    missing = incomplete_reason(layout)
    if missing is not None:
        reasons = Explanation().add(missing, "dracula-3.3")
        return {"legal": False, "reasons": reasons.as_list(), "explanation": reasons.as_list()}
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
    options = body.options(OPTIONS)
    layout = parse_layout(body.raw("layout"), DRACULA_PACK)
    cell = parse_cell(body.raw("cell"), field="cell")
    verdict = check_placement(layout, cell, first_card_anywhere=options["first_card_4p"] == "any_cell")
    answer: dict[str, Any] = {"legal": verdict.legal, "explanation": verdict.explanation.as_list()}
    if not verdict.legal:
        answer["reasons"] = verdict.reasons.as_list()
    return answer


def game(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(OPTIONS)
    deals = body.array("deals")
    if len(deals) != DEALS_PER_GAME:
        raise FieldError(f"a game has {DEALS_PER_GAME} deals, not {len(deals)} — dracula-6.1", field="deals")
    pairs: list[tuple[int, int]] = []
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping):
            raise FieldError(f'deal {number} must be an object {{"queen": …, "king": …}}', field="deals")
        where = f"deals[{number - 1}]"
        pairs.append(
            (
                as_int(deal.get("queen"), f"{where}.queen", minimum=0),
                as_int(deal.get("king"), f"{where}.king", minimum=0),
            )
        )
    result = settle_pair(("queen", "king"), pairs, options["game_tie"])
    return {
        "totals": result.totals,
        "final": result.final,
        "winner": result.winner,
        "explanation": result.explanation.as_list(),
    }


#: Whose lines are whose: the Queen (or rows partnership) scores rows, the King columns
#: (dracula-4.1, dracula-8.4); with 3 players each seat scores a row and a column (dracula-7.4).
LINE_OWNERS: dict[int, dict[str, tuple[str, ...]]] = {
    2: {"queen": ("r1", "r2", "r3"), "king": ("c1", "c2", "c3")},
    3: {"dealer": ("r2", "c2"), "left": ("r1", "c1"), "right": ("r3", "c3")},
    4: {"rows": ("r1", "r2", "r3"), "columns": ("c1", "c2", "c3")},
}
LINES = ("r1", "r2", "r3", "c1", "c2", "c3")
COFFIN_ITEMS = (*LINES, *(f"{line}_multiplier" for line in LINES))


def coffin_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling | dict[str, Any]:
    """Each side's lines and their multipliers; a deal score is one of its lines, not their sum."""
    if not answer["legal"]:
        return unscored(answer["reasons"][0]["text"], "dracula-3.3")
    items: list[Item] = []
    for side, owned in LINE_OWNERS[answer["players"]].items():
        for line in owned:
            scored = answer["lines"][line]
            items.append(Item(side, line, scored["score"], "dracula-4.3"))
            items.append(Item(side, f"{line}_multiplier", scored["multiplier"], "dracula-4.3", adds=False))
    rule = "dracula-7.4" if answer["players"] == 3 else "dracula-5.2"
    return Ruling(answer["scores"], rule, tuple(items), item_names=COFFIN_ITEMS)


def game_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """The final scores: each side's six-deal total and the winner's bonus (dracula-6.1, 6.2)."""
    items: list[Item] = []
    for side, final in answer["final"].items():
        items.append(Item(side, "deals", answer["totals"][side], "dracula-6.1"))
        if final != answer["totals"][side]:
            items.append(Item(side, "bonus", final - answer["totals"][side], "dracula-6.1"))
    return Ruling(answer["final"], "dracula-6.1", tuple(items), item_names=("deals", "bonus"), additive=True)


CHECKS = {
    "coffin": Check(
        "coffin",
        "Score this coffin",
        coffin,
        {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 2},
        ruling=coffin_ruling,
    ),
    "placement": Check(
        "placement",
        "May a card go on this cell?",
        placement,
        {"layout": [[None, None, None], [None, "7H", None], [None, None, None]], "cell": "r1c1"},
    ),
    "game": Check(
        "game",
        "Settle a six-deal game",
        game,
        {"deals": [{"queen": q, "king": k} for q, k in ((120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150))]},
        ruling=game_ruling,
    ),
}
