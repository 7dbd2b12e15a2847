"""The Zheng Fen checks of the JSON API: ``classify``, ``beats``, ``deal`` (shared/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import Card, check_copies
from referee.errors import FieldError, Gathering
from referee.messages import msg
from referee.rules.checks import Body, Check
from referee.rules.claims import Item, Ruling
from referee.rules.zhengfen.options import Rules
from referee.rules.zhengfen.plays import beats, classify, parse_declaration
from referee.rules.zhengfen.scoring import (
    Haul,
    PileReading,
    check_copies_across,
    check_hand,
    check_point_cards,
    players_error,
    read_pile,
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
    rules = body.options(Rules)
    cards = _play(body, "cards")
    declared = parse_declaration(body.raw("declared", None), "declared")
    return classify(cards, rules, declared=declared).as_dict()


def beats_check(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    rules = body.options(Rules)
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


def _piles(
    given: Mapping[str, Any], name: str, order: tuple[str, ...] | None, gathering: Gathering
) -> dict[str, PileReading]:
    """Each pile of ``captured`` or ``hands``, read as far as it can be: a player outside a sound ``order``
    and each bad pile's mistakes are kept in ``gathering``."""
    piles: dict[str, PileReading] = {}
    for player, value in given.items():
        if order is not None and player not in order:
            gathering.errors.append(
                FieldError(
                    msg(
                        "`{field}` names {player}, who is not in `order` — zhengfen-9.4",
                        field=name,
                        player=repr(player),
                    ),
                    field=name,
                    location=(name, player),
                )
            )
            continue
        piles[player] = reading = read_pile(value, f"{name}.{player}")
        gathering.errors.extend(reading.errors)
    return piles


def deal_check(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    body.options(Rules)
    # The order and each pile are checked on their own, so one 400 names every mistake; the cards that
    # could be read are checked beside a bad one, and the point total whenever what could not be read
    # cannot make it up.
    gathering = Gathering()
    order = gathering.attempt(parse_order, body.raw("order"))
    captured_given = gathering.attempt(body.mapping, "captured")
    hands_given = gathering.attempt(body.mapping, "hands") if body.has("hands") else {}
    given = _piles(captured_given or {}, "captured", order, gathering)
    hands = _piles(hands_given or {}, "hands", order, gathering)
    if order is not None:
        for player, pile in hands.items():
            if pile.haul is not None and player != order[-1] and pile.haul.size:
                gathering.errors.append(
                    FieldError(
                        msg(
                            "only the last player may hold cards: {player} is not last but holds {count} — "
                            "zhengfen-9.4",
                            player=player,
                            count=pile.haul.size,
                        ),
                        field=f"hands.{player}",
                        location=("hands", player),
                    )
                )
    readings = {
        **{f"captured.{p}": pile for p, pile in given.items()},
        **{f"hands.{p}": pile for p, pile in hands.items()},
    }
    known = {place: pile.known for place, pile in readings.items()}
    gathering.attempt(check_copies_across, known)
    last_hand = hands.get(order[-1]) if order is not None else None
    if order is not None and last_hand is not None and last_hand.haul is not None:
        gathering.attempt(check_hand, len(order), order[-1], last_hand.haul, field=f"hands.{order[-1]}")
    unread = [pile.unread for pile in readings.values()]
    placed = len(given) == len(captured_given or {}) and len(hands) == len(hands_given or {})
    if captured_given is not None and placed and None not in unread:  # every pile known, but for cards unread
        gathering.attempt(check_point_cards, known, Haul(cards=()), unread=sum(u or 0 for u in unread))
    gathering.check()
    assert order is not None
    last = order[-1]
    captured = {p: given[p].known if p in given else Haul(cards=()) for p in order}
    hand = hands[last].known if last in hands else Haul(cards=())
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


DEAL_ITEMS = ("captured", "transfer")
#: The words of a deal's items: the points a player captured, and what passes from the last to the first.
DEAL_WORDS = {"captured": msg("points captured"), "transfer": msg("transfer")}


def deal_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Each player's captured points and, for the first and the last, the transfer (zhengfen-6.3, 6.4)."""
    items: list[Item] = []
    for player, score in answer["scores"].items():
        captured = answer["captured_points"][player]
        if captured:
            items.append(Item(player, "captured", captured, "zhengfen-6.4"))
        if score != captured:
            items.append(Item(player, "transfer", score - captured, "zhengfen-6.3"))
    return Ruling(answer["scores"], "zhengfen-6.4", tuple(items), item_names=DEAL_ITEMS, additive=True)


def points_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """The point cards of a combination are what may be claimed: ``{"points": 25}`` (zhengfen-2.1)."""
    return Ruling({"points": answer["points"]}, "zhengfen-2.1")


CHECKS = {
    "classify": Check(
        "classify",
        msg("What is this combination?"),
        classify_check,
        ruling=points_ruling,
        about=msg('A claim is the points of the cards played (5s, 10s and Ks): `{"points": 25}`.'),
        claim_sides={"points": msg("the cards' points")},
    ),
    "beats": Check("beats", msg("Does this beat that?"), beats_check),
    "deal": Check(
        "deal",
        msg("Score a deal"),
        deal_check,
        ruling=deal_ruling,
        about=msg("A claim is the players' scores, with items `captured` and `transfer`."),
        claim_items=DEAL_WORDS,
    ),
}
