"""The Iceberg checks of the JSON API: ``meld``, ``layoff``, ``leftover`` (shared/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import Card, CardLedger, Pack
from referee.errors import FieldError, Gathering
from referee.explain import Explanation, Judgement
from referee.messages import Message, msg
from referee.rules.checks import Body, Check, RulingOf
from referee.rules.claims import Item, Ruling, unscored
from referee.rules.iceberg.deck import pack_for, parse_at, quoted, readable
from referee.rules.iceberg.leftover import MAX_HAND, value_leftover
from referee.rules.iceberg.melds import classify_meld, lay_off
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.table import parse_table, read_table, table_meld

#: Two decks hold 104 cards: no request lists more.
MAX_CARDS = 104
#: The card fields of the checks as their errors name them.
FIELDS = {"cards": msg("cards"), "meld": msg("meld"), "hand": msg("hand")}


def _cards(body: Body, name: str, pack: Pack, *, default: Any = ..., limit: int = MAX_CARDS) -> list[Card]:
    value = body.raw(name, default)
    if value is default and default is not ...:
        return list(value)
    if isinstance(value, list) and len(value) > limit:
        raise _too_many(name, len(value), limit)
    cards = parse_at(pack, value, field=name, place=FIELDS[name], location=(name,))
    if len(cards) > limit:
        raise _too_many(name, len(cards), limit)
    return cards


def _too_many(name: str, count: int, limit: int) -> FieldError:
    return FieldError(
        msg("`{field}` lists {count} cards; at most {most}", field=name, count=count, most=limit),
        field=name,
        location=(name,),
    )


def _check_copies(pack: Pack, uses: list[tuple[list[Card], str, Message]]) -> None:
    """No card more often than the decks hold it: ``uses`` are card lists, their field and their place; every
    card used too often at once."""
    ledger = CardLedger(pack)
    for cards, field, place in uses:
        ledger.add_all(cards, place, field=field)
    Gathering.of(list(ledger.errors())).check()


def _setup(data: Mapping[str, Any]) -> tuple[Body, int, Pack, IcebergOptions]:
    body = Body(data)
    decks = body.decks(2)
    return body, decks, pack_for(decks), body.options(IcebergOptions)


def meld(data: Mapping[str, Any]) -> dict[str, Any]:
    body, decks, pack, _ = _setup(data)
    cards = _cards(body, "cards", pack)
    _check_copies(pack, [(cards, "cards", FIELDS["cards"])])
    verdict = classify_meld(cards, decks)
    return verdict.answer(
        kind=verdict.kind,
        points=verdict.points,
        steps=verdict.steps,
        cards=verdict.meld.strings() if verdict.meld else [str(c) for c in cards],
        decks=decks,
    )


def layoff(data: Mapping[str, Any]) -> dict[str, Any]:
    body, decks, pack, _ = _setup(data)
    on_table = _cards(body, "meld", pack)
    cards = _cards(body, "cards", pack)
    _check_copies(pack, [(on_table, "meld", FIELDS["meld"]), (cards, "cards", FIELDS["cards"])])
    base = classify_meld(on_table, decks)
    if base.meld is None:
        reasons = Explanation().add(
            msg("The meld {cards} is not a legal meld, so nothing can be laid on it", cards=quoted(on_table)),
            "iceberg-9.5",
        )
        reasons.extend(base.reasons)
        return Judgement.refusal(reasons).answer(points=0, kind=None)
    verdict = lay_off(base.meld, cards, decks)
    return verdict.answer(
        points=verdict.points,
        kind=base.meld.kind,
        steps=[{"card": str(card), "size": size, "points": points} for card, size, points in verdict.steps],
        meld=verdict.meld.strings(),
        decks=decks,
    )


def leftover(data: Mapping[str, Any]) -> dict[str, Any]:
    body, decks, pack, options = _setup(data)
    # The hand and the table are read on their own, and the cards that could be read counted together:
    # one refusal names every mistake.
    gathering = Gathering()
    raw_table = body.raw("table", None)
    read_hand = gathering.attempt(_cards, body, "hand", pack, limit=MAX_HAND)
    read_melds = gathering.attempt(parse_table, raw_table, pack)
    hand = read_hand if read_hand is not None else readable(pack, body.raw("hand"))
    if read_melds is not None:
        melds = read_melds
    else:
        melds = [readable(pack, meld) for meld in (raw_table if isinstance(raw_table, list) else [])]
    gathering.attempt(
        _check_copies,
        pack,
        [(hand, "hand", FIELDS["hand"]), *((cards, "table", table_meld(i)) for i, cards in enumerate(melds, start=1))],
    )
    gathering.check()
    table, illegal = read_table(melds, decks)
    if illegal:
        reasons = Explanation()
        for number, verdict in illegal:
            reasons.add(_illegal_table_meld(number, quoted(melds[number - 1])), "iceberg-9.5")
            reasons.extend(verdict.reasons)
        return Judgement.refusal(reasons).answer(
            best_points=None, unplayed=[str(c) for c in hand], penalty=None, plan=[]
        )
    result = value_leftover(hand, table, decks, options)
    return {
        "legal": True,
        **result.as_dict(),
        "decks": decks,
        "explanation": result.explanation.as_list(),
    }


def _illegal_table_meld(number: int, cards: str) -> Message:
    return msg("Table meld {number} ({cards}) is no legal meld", number=number, cards=cards)


def illegal_melds(answer: Mapping[str, Any]) -> list[int]:
    """The numbers of the table melds a ``leftover`` answer refused as no legal meld (iceberg-9.5)."""
    wanted = _illegal_table_meld(0, "").id
    return [
        int(reason["message"]["params"]["number"])
        for reason in answer.get("reasons", [])
        if reason.get("message", {}).get("id") == wanted
    ]


#: The words of the sides and items an Iceberg claim may give: a check's own sides (``points``,
#: ``penalty``), a leftover hand's V* and unplayed cards, and a deal's parts on the score sheet.
CLAIM_WORDS: dict[str, Message] = {
    "points": msg("points"),
    "penalty": msg("penalty"),
    "best_points": msg("best points V*"),
    "unplayed": msg("cards left unplayed"),
    "in_play": msg("points in play"),
    "aces": msg("aces exposed"),
    "multiplier": msg("ace multiplier"),
}
LEFTOVER_ITEMS = ("best_points", "unplayed")


def points_ruling(clause: str) -> RulingOf:
    """A meld's or a lay-off's points are what may be claimed: ``{"points": 120}``."""

    def ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
        return Ruling({"points": answer["points"]}, clause)

    return ruling


def leftover_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling | dict[str, Any]:
    """A leftover hand's best points V* and its penalty may be claimed (iceberg-6.2, iceberg-6.4)."""
    if not answer["legal"]:
        return unscored(answer, "iceberg-9.5")
    items = (
        Item("penalty", "best_points", answer["best_points"], "iceberg-6.2", adds=False),
        Item("penalty", "unplayed", len(answer["unplayed"]), "iceberg-6.3", adds=False),
    )
    return Ruling({"penalty": answer["penalty"]}, "iceberg-6.4", items, item_names=LEFTOVER_ITEMS)


CHECKS: dict[str, Check] = {
    "meld": Check(
        "meld",
        msg("Is this a meld, and what does it score?"),
        meld,
        ruling=points_ruling("iceberg-3.4"),
        about=msg('A claim is the points: `{"points": 120}`.'),
        claim_sides={"points": msg("the meld's points")},
    ),
    "layoff": Check(
        "layoff",
        msg("What does this lay-off score?"),
        layoff,
        ruling=points_ruling("iceberg-4.2"),
        about=msg('A claim is the points: `{"points": 90}`.'),
        claim_sides={"points": msg("the lay-off's points")},
    ),
    "leftover": Check(
        "leftover",
        msg("What does this leftover hand cost?"),
        leftover,
        ruling=leftover_ruling,
        about=msg(
            "A claim is the penalty, with items `best_points` (V*) and `unplayed` (how many cards are left): "
            '`{"penalty": -300, "items": {"penalty": {"best_points": 300}}}`.'
        ),
        claim_items={item: CLAIM_WORDS[item] for item in LEFTOVER_ITEMS},
        claim_sides={"penalty": msg("the leftover hand's penalty")},
    ),
}
