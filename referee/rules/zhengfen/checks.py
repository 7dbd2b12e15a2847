"""The Zheng Fen checks of the JSON API: ``classify``, ``beats``, ``deal`` (shared/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import Card, check_copies
from referee.errors import FieldError
from referee.messages import msg
from referee.rules.checks import Body, Check
from referee.rules.claims import Item, Ruling
from referee.rules.zhengfen.options import OPTIONS, rules_from
from referee.rules.zhengfen.plays import beats, classify, parse_declaration
from referee.rules.zhengfen.scoring import (
    Haul,
    check_copies_across,
    check_hand,
    check_point_cards,
    parse_haul,
    players_error,
    score_deal,
)
from referee.rules.zhengfen.values import HAND_SIZES, ZHENGFEN_PACK


def _play(body: Body, name: str) -> list[Card]:
    cards = body.cards(name, ZHENGFEN_PACK)
    if not cards:
        raise FieldError(msg("`{field}` holds no card", field=name), field=name, location=(name,))
    return cards


def classify_check(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    rules = rules_from(body.options(OPTIONS))
    cards = _play(body, "cards")
    declared = parse_declaration(body.raw("declared", None), "declared")
    return classify(cards, rules, declared=declared).as_dict()


def beats_check(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    rules = rules_from(body.options(OPTIONS))
    current = _play(body, "current")
    play = _play(body, "play")
    check_copies(ZHENGFEN_PACK, [(current, "current"), (play, "play")])
    declared = parse_declaration(body.raw("declared", None), "declared")
    current_declared = parse_declaration(body.raw("current_declared", None), "current_declared")
    return beats(current, play, rules, declared=declared, current_declared=current_declared).as_dict()


def parse_order(value: object, field: str = "order") -> tuple[str, ...]:
    """The finishing order: 3 to 6 distinct player names, last place last (zhengfen-9.4)."""
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise FieldError(
            msg("`{field}` is a list of player names, 1st place first", field=field), field=field, location=(field,)
        )
    order = tuple(n.strip() for n in value)
    if len(order) not in HAND_SIZES:
        raise players_error(len(order), field)
    doubled = next((place for place, name in enumerate(order) if name in order[:place]), None)
    if doubled is not None:
        raise FieldError(
            msg("each player is named once in `{field}` — zhengfen-9.4", field=field),
            field=field,
            location=(field, doubled),
        )
    return order


def _piles(body: Body, name: str, order: tuple[str, ...]) -> dict[str, Haul]:
    piles: dict[str, Haul] = {}
    given = body.mapping(name) if body.has(name) else {}
    for player, value in given.items():
        if player not in order:
            raise FieldError(
                msg("`{field}` names {player}, who is not in `order` — zhengfen-9.4", field=name, player=repr(player)),
                field=name,
                location=(name, player),
            )
        piles[player] = parse_haul(value, f"{name}.{player}")
    return piles


def deal_check(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    body.options(OPTIONS)
    order = parse_order(body.raw("order"))
    body.mapping("captured")
    given = _piles(body, "captured", order)
    captured = {p: given.get(p, Haul(cards=())) for p in order}
    hands = _piles(body, "hands", order)
    last = order[-1]
    for player, pile in hands.items():
        if player != last and pile.size:
            raise FieldError(
                msg(
                    "only the last player may hold cards: {player} is not last but holds {count} — zhengfen-9.4",
                    player=player,
                    count=pile.size,
                ),
                field=f"hands.{player}",
                location=("hands", player),
            )
    hand = hands.get(last, Haul(cards=()))
    check_copies_across(
        {**{f"captured.{p}": pile for p, pile in captured.items()}, **{f"hands.{p}": pile for p, pile in hands.items()}}
    )
    check_hand(len(order), last, hand, field=f"hands.{last}")
    check_point_cards(captured, hand)
    result = score_deal(order, captured, hand)
    return {
        "scores": result.scores,
        "order": list(order),
        "places": result.places,
        "captured_points": {p: result.captured[p].points for p in order},
        "hand_points": hand.points,
        "transfer": {
            "from": last,
            "to": order[0],
            "captured": result.captured[last].points,
            "hand": hand.points,
            "points": result.transfer,
        },
        "explanation": result.explanation.as_list(),
    }


def deal_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Each player's captured points and, for the first and the last, the transfer (zhengfen-6.3, 6.4)."""
    items: list[Item] = []
    for player, score in answer["scores"].items():
        captured = answer["captured_points"][player]
        if captured:
            items.append(Item(player, "captured", captured, "zhengfen-6.4"))
        if score != captured:
            items.append(Item(player, "transfer", score - captured, "zhengfen-6.3"))
    return Ruling(answer["scores"], "zhengfen-6.4", tuple(items), item_names=("captured", "transfer"), additive=True)


CHECKS = {
    "classify": Check("classify", msg("What is this combination?"), classify_check),
    "beats": Check("beats", msg("Does this beat that?"), beats_check),
    "deal": Check(
        "deal",
        msg("Score a deal"),
        deal_check,
        ruling=deal_ruling,
        about=msg("A claim is the players' scores, with items `captured` and `transfer`."),
    ),
}
