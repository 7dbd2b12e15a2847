"""The Dracula checks of the JSON API: ``coffin``, ``placement``, ``game`` (shared/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import FieldError
from referee.explain import Explanation
from referee.rules.checks import Body, Check, as_int
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


CHECKS = {
    "coffin": Check(
        "coffin",
        "Score this coffin",
        coffin,
        {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 2},
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
    ),
}
