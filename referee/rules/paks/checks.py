"""The Paks checks of the JSON API: ``pak``, ``steal``, ``deal`` (shared/API.md), ``turn`` and ``end``.

Every card of a request is counted against the decks in play (paks-9.1). The deck count is the
request's ``decks``; without it, it follows the ``players`` count when given (paks-1.2: one deck
for 2 players, two for 3 or more), else two decks. Every answer says which it assumed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_NAMES, SUIT_WORDS, SUITS, CardLedger, Pack, card_strings
from referee.errors import FieldError, Gathering, InputError
from referee.explain import Step
from referee.messages import Message, msg, msg_n
from referee.rules.checks import Body, Check, as_int, numbered_objects
from referee.rules.claims import Item, Ruling
from referee.rules.paks.capture import judge_pak, judge_steal
from referee.rules.paks.ending import judge_end
from referee.rules.paks.held import HeldPak
from referee.rules.paks.options import PaksOptions
from referee.rules.paks.parsing import (
    parse_suit,
    parse_suits,
    read_cards,
    read_name,
    read_paks,
    read_victims,
    readable_paks,
)
from referee.rules.paks.quick import (
    CARDS,
    MODES,
    QUICK,
    Places,
    QuickSide,
    faults_of_readable,
    read_counts,
    read_kept,
    score_quick,
)
from referee.rules.paks.sides import check_side_count
from referee.rules.paks.throwoff import MANUAL, DealScore, score_paks
from referee.rules.paks.turn import PakClaim, StealClaim, judge_turn
from referee.rules.paks.values import decks_for, pack, pak_text
from referee.rules.seating import same_name

DEFAULT_DECKS = 2
PLAYER_COUNTS = (2, 3, 4, 6)
#: A quick deal's errors point inside ``sides``: ``["sides", "A", "held", "S"]``, ``["sides", "A", "kept"]``.
API_PLACES = Places(within="sides")


@dataclass(frozen=True)
class Decks:
    """The decks a request is judged with, the step saying where the number came from, and the
    player count when the request gives it."""

    count: int
    step: Step
    players: int | None = None

    def into(self, answer: dict[str, Any]) -> dict[str, Any]:
        """Add ``decks`` and the leading explanation step to an answer."""
        answer["decks"] = self.count
        answer["explanation"] = [self.step.as_dict(), *answer.get("explanation", [])]
        return answer


def read_decks(body: Body) -> Decks:
    """``decks`` as given; else from ``players`` (paks-1.2); else two decks, as shared/API.md says."""
    if body.has("players"):
        players = body.integer("players")
        if players not in PLAYER_COUNTS:
            raise FieldError(
                msg("Paks is played by 2, 3, 4 or 6 players, not {players} — paks-1.1", players=players),
                field="players",
            )
    else:
        players = None
    if body.has("decks"):
        count = body.decks(DEFAULT_DECKS)
        step = Step(
            msg_n("{n} deck in play, as the request says", "{n} decks in play, as the request says", count), "paks-1.2"
        )
        if players is not None and count != decks_for(players):
            raise FieldError(
                msg_n(
                    "{players} players use {n} deck, not {count} — paks-1.2",
                    "{players} players use {n} decks, not {count} — paks-1.2",
                    decks_for(players),
                    players=players,
                    count=count,
                ),
                field="decks",
            )
    elif players is not None:
        count = decks_for(players)
        if count == 1:
            assumed = msg("{players} players and no deck count given: one deck is assumed", players=players)
        else:
            assumed = msg("{players} players and no deck count given: two decks mixed are assumed", players=players)
        step = Step(assumed, "paks-1.2")
    else:
        count = DEFAULT_DECKS
        step = Step(msg("Neither the deck count nor the player count is given: two decks are assumed"), "paks-1.2")
    return Decks(count, step, players)


def pak(data: Mapping[str, Any]) -> dict[str, Any]:
    """``{"table_card": "9H", "played": ["5H", "4H"]}`` → legal, value, target (paks-9.2)."""
    body = Body(data)
    body.options(PaksOptions)
    decks = read_decks(body)
    cards = pack(decks.count)
    table_card = body.card("table_card", cards)
    played = read_cards(body.raw("played"), cards, "played")
    ledger = CardLedger(cards)
    ledger.add(table_card, "table_card", field="table_card")
    ledger.add_all(played, "played", field="played")
    ledger.check()
    return decks.into(judge_pak(table_card, played).answer())


def _optional_name(body: Body, field: str) -> str | None:
    value = body.raw(field, None)
    return None if value is None else read_name(value, field)


def steal(data: Mapping[str, Any]) -> dict[str, Any]:
    """A steal after this turn's pak (paks-9.3).

    Besides the fields of shared/API.md, ``player`` (who steals) and ``partners`` (their
    partners) may be given: then stealing from oneself, or from a partner under
    ``partner_steal: false``, is judged too (paks-5.2).
    """
    body = Body(data)
    options = body.options(PaksOptions)
    decks = read_decks(body)
    cards = pack(decks.count)
    raw_suit = body.raw("pak_suit")
    pak_suit = None if raw_suit is None else parse_suit(raw_suit, "pak_suit")
    stolen = parse_suits(body.raw("stolen_suits", None), "stolen_suits")
    if len(set(stolen)) != len(stolen):
        twice = next(s for s in stolen if stolen.count(s) > 1)
        raise FieldError(
            msg(
                "`stolen_suits` names {suits} twice; each steal of a turn is of a different suit — paks-5.3",
                suits=SUIT_WORDS[twice],
            ),
            field="stolen_suits",
        )
    if pak_suit is not None and pak_suit in stolen:
        raise FieldError(
            msg(
                "`stolen_suits` names {suits}, the suit of this turn's pak, which cannot be stolen "
                "in the same turn — paks-5.3",
                suits=SUIT_WORDS[pak_suit],
            ),
            field="stolen_suits",
        )
    victims = read_victims(body.raw("victim_paks"), cards)
    played = read_cards(body.raw("played"), cards, "played")
    player = _optional_name(body, "player")
    partners = _partners(body)
    ledger = CardLedger(cards)
    ledger.add_all(played, "played", field="played")
    for victim in victims:
        ledger.add_all(victim.cards, "victim_paks", field="victim_paks")
    ledger.check()
    verdict = judge_steal(
        pak_suit,
        stolen,
        victims,
        played,
        player=player,
        partners=partners,
        partner_steal=options.partner_steal,
    )
    return decks.into(verdict.answer())


def _partners(body: Body) -> list[str]:
    """The stealer's partners, a list of names (none when left out)."""
    given = body.raw("partners", None) or []
    if not isinstance(given, list):
        raise FieldError(msg("`partners` must be a list of names"), field="partners")
    return [read_name(p, "partners") for p in given]


def _chosen_paks(value: object, paks: list[HeldPak], side: str, field: str, cards_pack: Pack) -> list[HeldPak]:
    """Match the paks a side names for the manual throw-off to the paks it holds."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(
            msg("the thrown-off paks of {side} must be a list of paks", side=side), field=field, location=(field, side)
        )
    free = list(paks)
    chosen: list[HeldPak] = []
    for number, item in enumerate(value, start=1):
        where = (field, side, "thrown_off", number)
        cards = Counter(read_cards(item, cards_pack, field, where))
        match = next((p for p in free if Counter(p.cards) == cards), None)
        if match is None:
            raise FieldError(
                msg("{side} names {pak} to throw off but holds no such pak", side=side, pak=pak_text(cards.elements())),
                field=field,
                location=where,
            )
        free.remove(match)
        chosen.append(match)
    return chosen


def deal_answer(result: DealScore) -> dict[str, Any]:
    return {
        "scores": result.scores,
        "thrown_off": {side: [p.strings() for p in paks] for side, paks in result.thrown_off.items()},
        "kept": {side: [p.strings() for p in paks] for side, paks in result.kept.items()},
        "suits": [suit.as_dict() for suit in result.suits],
        "explanation": result.explanation.as_list(),
    }


def deal(data: Mapping[str, Any]) -> dict[str, Any]:
    """Throw-off and scores of one deal (paks-6): one side per player, or per team with paks pooled.

    Each side gives its paks card by card, or (``"mode": "quick"``) its count of paks per suit,
    ``held``, and the points of the paks it keeps, ``kept`` (see :mod:`referee.rules.paks.quick`).
    """
    body = Body(data)
    options = body.options(PaksOptions)
    decks = read_decks(body)
    raw_sides = body.array("sides")
    if len(raw_sides) not in (2, 3):
        raise FieldError(
            msg("a deal has 2 or 3 sides (a team is one side), not {n} — paks-9.6", n=len(raw_sides)), field="sides"
        )
    check_side_count(len(raw_sides), players=decks.players, decks=decks.count)
    if _deal_mode(body, raw_sides) == QUICK:
        return decks.into(_quick_deal(raw_sides, options, decks.count))
    cards = pack(decks.count)
    manual = options.throw_off == MANUAL
    sides: dict[str, list[HeldPak]] = {}
    chosen: dict[str, list[HeldPak]] = {}
    seen: list[str] = []
    ledger = CardLedger(cards)
    gathering = Gathering()  # every side's mistakes at once, and every card used too often
    for index, raw in enumerate(raw_sides):
        where = f"sides[{index}]"
        name = _side_name(raw, index, ("name", "paks", "thrown_off"), seen)
        paks = gathering.attempt(read_paks, raw.get("paks"), name, cards, "sides")
        for label, read in readable_paks(raw.get("paks"), name, cards, "sides"):
            ledger.add_all(read, label, field="sides")
        sides[name] = paks or []
        thrown = raw.get("thrown_off")
        if manual and paks is not None:
            chosen[name] = gathering.attempt(_chosen_paks, thrown, paks, name, "sides", cards) or []
        elif thrown and not manual:
            gathering.errors.append(
                FieldError(
                    msg(
                        "{where} names paks to throw off, but under the option throw_off = {option} "
                        "the rule picks them; name them only with throw_off = manual — paks-6.4",
                        where=where,
                        option=options.throw_off,
                    ),
                    field="sides",
                    location=("sides", name, "thrown_off"),
                )
            )
    gathering.errors.extend(ledger.errors())
    gathering.check()
    result = score_paks(
        sides,
        throw_off=options.throw_off,
        throw_off_min=options.throw_off_min,
        chosen=chosen if manual else None,
        choice_field="sides",
    )
    return decks.into(deal_answer(result))


def _deal_mode(body: Body, raw_sides: list[Any]) -> str:
    """``mode`` as given; without it, quick when a side gives ``held`` or ``kept``."""
    mode = body.raw("mode", None)
    if mode is None:
        quick = any(isinstance(raw, Mapping) and ("held" in raw or "kept" in raw) for raw in raw_sides)
        return QUICK if quick else CARDS
    if mode not in MODES:
        raise FieldError(
            msg("`mode` is `cards` (every pak card by card) or `quick` (paks counted per suit)"), field="mode"
        )
    return str(mode)


def _side_name(raw: object, index: int, keys: tuple[str, ...], seen: list[str]) -> str:
    """A side's name, distinct from the sides before it; the side an object of ``keys`` only."""
    where = f"sides[{index}]"
    if not isinstance(raw, Mapping):
        raise FieldError(
            msg('{where} must be an object {{"name": …, "paks": […]}}', where=where),
            field="sides",
            location=("sides", index),
        )
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise FieldError(
            msg("{where} has an unknown key `{key}`", where=where, key=unknown[0]),
            field="sides",
            location=("sides", index),
        )
    name = read_name(raw.get("name"), f"{where}.name")
    if any(same_name(name, other) for other in seen):
        raise FieldError(
            msg("two sides are named {name}; side names are distinct — paks-9.6", name=name),
            field="sides",
            location=("sides", index),
        )
    seen.append(name)
    return name


def _quick_deal(raw_sides: list[Any], options: PaksOptions, decks: int) -> dict[str, Any]:
    """A deal entered quickly: the throw-off from each side's counts per suit, the points it keeps as given."""
    seen: list[str] = []
    gathering = Gathering()
    sides: list[QuickSide] = []
    unread: dict[str, frozenset[str]] = {}
    for index, raw in enumerate(raw_sides):
        name = _side_name(raw, index, ("name", "held", "kept"), seen)
        held = read_counts(raw.get("held"), name, API_PLACES)
        gathering.errors.extend(held.errors)
        unread[name] = held.unknown
        kept = gathering.attempt(read_kept, raw.get("kept"), name, API_PLACES)
        sides.append(QuickSide(name, held.held, kept))
    if gathering.errors:
        gathering.errors.extend(faults_of_readable(sides, unread, decks, API_PLACES))
    gathering.check()
    result = score_quick(
        sides,
        decks=decks,
        throw_off=options.throw_off,
        throw_off_min=options.throw_off_min,
        places=API_PLACES,
    )
    return {
        "mode": QUICK,
        "scores": result.scores,
        "thrown_off_counts": {side.name: result.thrown(side.name) for side in sides},
        "kept_paks": {side.name: result.kept_paks(side.name) for side in sides},
        "suits": [suit.as_dict() for suit in result.suits],
        "explanation": result.explanation.as_list(),
    }


PAK_KEYS = ("table_card", "table_cards", "played")
PAK_SHAPE = '{"table_card": …, "played": […]}'
STEAL_KEYS = ("victim_paks", "played")
STEAL_SHAPE = '{"victim_paks": […], "played": […]}'


def _pak_name(number: int) -> Message:
    return msg("pak {number}", number=number)


def _steal_name(number: int) -> Message:
    return msg("steal {number}", number=number)


def _read_turn_paks(value: object, cards: Pack) -> list[PakClaim]:
    """``[{"table_card": "9S", "played": [...]}]``; ``table_cards`` may name several (then paks-4.1 fails)."""
    if value is None:
        return []
    if isinstance(value, Mapping):
        value = [value]
    claims: list[PakClaim] = []
    for pak in numbered_objects(value, "paks", keys=PAK_KEYS, shape=PAK_SHAPE, name=_pak_name):
        where, item, number = pak.location, pak.item, pak.number
        if "table_cards" in item:
            taken = read_cards(item["table_cards"], cards, "paks", (*where, "table_cards"))
        elif "table_card" in item:
            try:
                taken = [cards.parse_one(item["table_card"], field="paks")]
            except InputError as error:
                error.location = (*where, "table_cards")
                raise
        else:
            raise FieldError(msg("pak {number} names no table card", number=number), field="paks", location=where)
        played = read_cards(item.get("played"), cards, "paks", (*where, "played"))
        claims.append(PakClaim(tuple(taken), tuple(played)))
    return claims


def _read_turn_steals(value: object, cards: Pack) -> list[StealClaim]:
    """``[{"victim_paks": [...], "played": [...]}]`` in the order the steals were made."""
    if value is None:
        return []
    claims: list[StealClaim] = []
    for steal in numbered_objects(value, "steals", keys=STEAL_KEYS, shape=STEAL_SHAPE, name=_steal_name):
        where, item = steal.location, steal.item
        victims = read_victims(item.get("victim_paks"), cards, "steals")
        played = read_cards(item.get("played"), cards, "steals", (*where, "played"))
        claims.append(StealClaim(tuple(victims), tuple(played)))
    return claims


def turn(data: Mapping[str, Any]) -> dict[str, Any]:
    """One whole turn judged from the table and the drawn card (paks-3.2 to 3.5, paks-9.7, paks-9.8).

    ``table`` is the table before the draw, ``drawn`` the card drawn, ``hand`` (optional) the hand
    after the draw; ``paks`` the paks claimed this turn and ``steals`` the steals after them.
    """
    body = Body(data)
    options = body.options(PaksOptions)
    decks = read_decks(body)
    cards = pack(decks.count)
    table = read_cards(body.raw("table"), cards, "table")
    if not table:
        raise FieldError(msg("`table` names no card: the table shows at least one"), field="table")
    drawn = body.card("drawn", cards)
    hand = read_cards(body.raw("hand"), cards, "hand") if body.has("hand") else None
    paks = _read_turn_paks(body.raw("paks", None), cards)
    steals = _read_turn_steals(body.raw("steals", None), cards)
    player = _optional_name(body, "player")
    partners = _partners(body)
    ledger = CardLedger(cards)
    ledger.add_all(table, "table", field="table")
    if hand is not None:
        ledger.add_all(hand, "hand", field="hand")
    if hand is None or drawn not in hand:
        ledger.add(drawn, "drawn", field="drawn")
    for claim in steals:
        for victim in claim.victims:
            ledger.add_all(victim.cards, "steals", field="steals")
    ledger.check()
    verdict = judge_turn(
        paks,
        steals,
        table=table,
        drawn=drawn,
        hand=hand,
        player=player,
        partners=partners,
        partner_steal=options.partner_steal,
    )
    assert verdict.draw is not None
    answer = verdict.answer(
        draw=verdict.draw.outcome,
        pak_compulsory=verdict.draw.pak_compulsory,
        paks=[v.answer() for v in verdict.paks],
        steals=[v.answer() for v in verdict.steals],
        missed=[
            {"table_card": str(v.table_card), "played": card_strings(v.new_pak[:-1]), "value": v.value}
            for v in verdict.missed
        ],
    )
    return decks.into(answer)


def end(data: Mapping[str, Any]) -> dict[str, Any]:
    """The end of the game after a deal (paks-7): ``{"totals": {"A": 510, "B": 495}}``; the option
    ``target`` sets the total that ends it (500 by default)."""
    body = Body(data)
    target = body.options(PaksOptions).target
    given = body.mapping("totals")
    if len(given) < 2:
        raise FieldError(msg("`totals` gives every side's total: 2 or 3 sides"), field="totals")
    totals = {read_name(side, "totals"): as_int(points, f"totals.{side}") for side, points in given.items()}
    ending = judge_end(totals, target)
    return {
        "finished": ending.finished,
        "winner": ending.winner,
        "tied": list(ending.tied),
        "another_deal": not ending.finished and bool(ending.tied),
        "target": target,
        "status": ending.status,
        "explanation": ending.explanation.as_list(),
    }


def value_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """A pak's or steal's value is what may be claimed: ``{"value": 54}`` (paks-2.4)."""
    return Ruling({"value": answer["value"]}, "paks-2.4")


#: A deal's items are its suits: what each side keeps in each suit after the throw-off.
DEAL_ITEMS = tuple(SUIT_NAMES[s] for s in SUITS)
#: The words of a deal's items (its suits), for the reader.
DEAL_ITEM_WORDS = {SUIT_NAMES[s]: SUIT_WORDS[s] for s in SUITS}
#: The one side of a pak's claim, named as what it is.
PAK_VALUE = {"value": msg("the pak's value")}
#: The one side of a steal's claim.
STEAL_VALUE = {"value": msg("the steal's value")}


def deal_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Scores per side; items per suit, citing the throw-off when the side threw off in that suit.

    A quick deal has no points per suit (the sides give what they keep in all): its sides' scores only.
    """
    if answer.get("mode") == QUICK:
        return Ruling(answer["scores"], "paks-6.5")
    items = tuple(
        Item(side, suit["name"], points, "paks-6.4" if suit["thrown"][side] else "paks-6.5")
        for suit in answer["suits"]
        for side, points in suit["points"].items()
        if suit["counts"][side]
    )
    return Ruling(answer["scores"], "paks-6.5", items, item_names=DEAL_ITEMS, additive=True)


DECKS_ABOUT = msg(
    "Every Paks check takes `decks` (1 or 2) or `players` (2, 3, 4 or 6): without `decks` the deck count "
    "follows the players (one deck for 2, two for 3 or more, paks-1.2), with neither two decks; the answer's "
    "`decks` says which was assumed."
)

CHECKS = {
    "pak": Check(
        "pak",
        msg("Is this pak legal?"),
        pak,
        ruling=value_ruling,
        about=msg('A claim is the value: `{{"value": 54}}`. {decks}', decks=DECKS_ABOUT),
        claim_sides=PAK_VALUE,
    ),
    "steal": Check(
        "steal",
        msg("Is this steal legal?"),
        steal,
        ruling=value_ruling,
        about=msg(
            "Optional `player` and `partners` judge stealing from oneself or a partner (paks-5.2). "
            'A claim is the value: `{"value": 32}`.'
        ),
        claim_sides=STEAL_VALUE,
    ),
    "deal": Check(
        "deal",
        msg("Throw off and score a deal"),
        deal,
        ruling=deal_ruling,
        about=msg(
            'A claim is the sides\' scores, with items per suit: `{"A": 50, "items": {"A": {"hearts": 50}}}`. '
            'Quick mode (`"mode": "quick"`): each side gives `held`, its paks per suit (`{"S": 3, "H": 1}`), and '
            "`kept`, the points of its paks left after the throw-off, instead of `paks`; the answer gives "
            "`thrown_off_counts` per side and suit instead of `thrown_off`, and the claim is on the scores only."
        ),
        claim_items=DEAL_ITEM_WORDS,
    ),
    "turn": Check(
        "turn",
        msg("Judge a whole turn"),
        turn,
        {
            "table": ["9S", "4D", "KC", "3H"],
            "drawn": "2D",
            "hand": ["10S", "6C", "2D", "7H", "5H", "QH"],
            "paks": [],
        },
        about=msg(
            "`table` is the table before the draw and `drawn` the card drawn (paks-3.2 to 3.4); `hand` (optional) "
            "the hand after the draw, needed to find a missed compulsory pak (paks-9.7); `paks` the paks made, each "
            '`{"table_card", "played"}` (or `table_cards`, which must name one card, paks-4.1), at most one per '
            'turn (paks-3.5); `steals` the steals after it, each `{"victim_paks", "played"}`. The answer gives '
            "`draw` (`table`, `hand` or `hidden`), `pak_compulsory`, each pak and steal verdict and the `missed` paks."
        ),
    ),
    "end": Check(
        "end",
        msg("Is the game over?"),
        end,
        {"totals": {"A": 510, "B": 495}},
        about=msg(
            "`totals` are every side's totals after a deal; the answer says whether the game is `finished`, the "
            "`winner`, and whether the tied leaders play `another_deal` (paks-7); the option `target` is the total "
            "that ends the game, 500 by default."
        ),
    ),
}
