"""The Paks checks of the JSON API: ``pak``, ``steal`` and ``deal`` (shared/API.md).

Every card of a request is counted against the decks in play (paks-9.1). The deck count is the
request's ``decks``; without it, it follows the ``players`` count when given (paks-1.2: one deck
for 2 players, two for 3 or more), else two decks. Every answer says which it assumed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_NAMES, SUITS, CardLedger, Pack
from referee.errors import FieldError
from referee.explain import Step
from referee.rules.checks import Body, Check
from referee.rules.claims import Item, Ruling
from referee.rules.paks.capture import judge_pak, judge_steal
from referee.rules.paks.held import HeldPak
from referee.rules.paks.options import OPTIONS
from referee.rules.paks.parsing import (
    count_paks,
    parse_suit,
    parse_suits,
    read_cards,
    read_name,
    read_paks,
    read_victims,
)
from referee.rules.paks.throwoff import MANUAL, DealScore, score_paks
from referee.rules.paks.values import decks_for, pack, pak_text, suit_name

DEFAULT_DECKS = 2
PLAYER_COUNTS = (2, 3, 4, 6)


@dataclass(frozen=True)
class Decks:
    """The decks a request is judged with, and the step saying where the number came from."""

    count: int
    step: Step

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
            raise FieldError(f"Paks is played by 2, 3, 4 or 6 players, not {players} — paks-1.1", field="players")
    else:
        players = None
    if body.has("decks"):
        count = body.decks(DEFAULT_DECKS)
        step = Step(f"{count} {'deck' if count == 1 else 'decks'} in play, as the request says", "paks-1.2")
        if players is not None and count != decks_for(players):
            raise FieldError(
                f"{players} players use {decks_for(players)} {'deck' if decks_for(players) == 1 else 'decks'}, "
                f"not {count} — paks-1.2",
                field="decks",
            )
    elif players is not None:
        count = decks_for(players)
        assumed = "one deck is assumed" if count == 1 else "two decks mixed are assumed"
        step = Step(f"{players} players and no deck count given: {assumed}", "paks-1.2")
    else:
        count = DEFAULT_DECKS
        step = Step("Neither the deck count nor the player count is given: two decks are assumed", "paks-1.2")
    return Decks(count, step)


def pak(data: Mapping[str, Any]) -> dict[str, Any]:
    """``{"table_card": "9H", "played": ["5H", "4H"]}`` → legal, value, target (paks-9.2)."""
    body = Body(data)
    body.options(OPTIONS)
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
    options = body.options(OPTIONS)
    decks = read_decks(body)
    cards = pack(decks.count)
    raw_suit = body.raw("pak_suit")
    pak_suit = None if raw_suit is None else parse_suit(raw_suit, "pak_suit")
    stolen = parse_suits(body.raw("stolen_suits", None), "stolen_suits")
    if len(set(stolen)) != len(stolen):
        twice = next(s for s in stolen if stolen.count(s) > 1)
        raise FieldError(
            f"`stolen_suits` names {suit_name(twice)} twice; each steal of a turn is of a different suit — paks-5.3",
            field="stolen_suits",
        )
    if pak_suit is not None and pak_suit in stolen:
        raise FieldError(
            f"`stolen_suits` names {suit_name(pak_suit)}, the suit of this turn's pak, which cannot be stolen "
            "in the same turn — paks-5.3",
            field="stolen_suits",
        )
    victims = read_victims(body.raw("victim_paks"), cards)
    played = read_cards(body.raw("played"), cards, "played")
    player = _optional_name(body, "player")
    partners_raw = body.raw("partners", None) or []
    if not isinstance(partners_raw, list):
        raise FieldError("`partners` must be a list of names", field="partners")
    partners = [read_name(p, "partners") for p in partners_raw]
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
        partner_steal=options["partner_steal"],
    )
    answer = verdict.answer()
    answer["suit"] = verdict.suit
    answer["owner"] = verdict.owner
    return decks.into(answer)


def _chosen_paks(value: object, paks: list[HeldPak], side: str, field: str, cards_pack: Pack) -> list[HeldPak]:
    """Match the paks a side names for the manual throw-off to the paks it holds."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(f"the thrown-off paks of {side} must be a list of paks", field=field)
    free = list(paks)
    chosen: list[HeldPak] = []
    for item in value:
        cards = Counter(read_cards(item, cards_pack, field))
        match = next((p for p in free if Counter(p.cards) == cards), None)
        if match is None:
            raise FieldError(
                f"{side} names {pak_text(cards.elements())} to throw off but holds no such pak", field=field
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
    """Throw-off and scores of one deal (paks-6): one side per player, or per team with paks pooled."""
    body = Body(data)
    options = body.options(OPTIONS)
    decks = read_decks(body)
    cards = pack(decks.count)
    raw_sides = body.array("sides")
    if len(raw_sides) not in (2, 3):
        raise FieldError(
            f"a deal has 2 or 3 sides (a team is one side), not {len(raw_sides)} — paks-9.6", field="sides"
        )
    manual = options["throw_off"] == MANUAL
    sides: dict[str, list[HeldPak]] = {}
    chosen: dict[str, list[HeldPak]] = {}
    seen: set[str] = set()
    ledger = CardLedger(cards)
    for index, raw in enumerate(raw_sides):
        where = f"sides[{index}]"
        if not isinstance(raw, Mapping):
            raise FieldError(f'{where} must be an object {{"name": …, "paks": […]}}', field="sides")
        unknown = sorted(set(raw) - {"name", "paks", "thrown_off"})
        if unknown:
            raise FieldError(f"{where} has an unknown key `{unknown[0]}`", field="sides")
        name = read_name(raw.get("name"), f"{where}.name")
        if name.casefold() in seen:
            raise FieldError(f"two sides are named {name}; side names are distinct — paks-9.6", field="sides")
        seen.add(name.casefold())
        paks = read_paks(raw.get("paks"), name, cards, "sides")
        count_paks(ledger, paks, "sides")
        sides[name] = paks
        thrown = raw.get("thrown_off")
        if manual:
            chosen[name] = _chosen_paks(thrown, paks, name, "sides", cards)
        elif thrown:
            raise FieldError(
                f"{where} names paks to throw off, but under the option throw_off = {options['throw_off']} "
                "the rule picks them; name them only with throw_off = manual — paks-6.4",
                field="sides",
            )
    ledger.check()
    result = score_paks(
        sides,
        throw_off=options["throw_off"],
        throw_off_min=options["throw_off_min"],
        chosen=chosen if manual else None,
        choice_field="sides",
    )
    return decks.into(deal_answer(result))


def value_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """A pak's or steal's value is what may be claimed: ``{"value": 54}`` (paks-2.4)."""
    return Ruling({"value": answer["value"]}, "paks-2.4")


#: A deal's items are its suits: what each side keeps in each suit after the throw-off.
DEAL_ITEMS = tuple(SUIT_NAMES[s] for s in SUITS)


def deal_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Scores per side; items per suit, citing the throw-off when the side threw off in that suit."""
    items = tuple(
        Item(side, suit["name"], points, "paks-6.4" if suit["thrown"][side] else "paks-6.5")
        for suit in answer["suits"]
        for side, points in suit["points"].items()
        if suit["counts"][side]
    )
    return Ruling(answer["scores"], "paks-6.5", items, item_names=DEAL_ITEMS, additive=True)


CHECKS = {
    "pak": Check("pak", "Is this pak legal?", pak, ruling=value_ruling),
    "steal": Check("steal", "Is this steal legal?", steal, ruling=value_ruling),
    "deal": Check("deal", "Throw off and score a deal", deal, ruling=deal_ruling),
}
