"""Claimed items: on a deal of each game's score sheet, and on every API check that scores.

A claim may give, beside a side's score, the items that make it up (a suit, a meld, a line's
multiplier); the verdict compares them item by item, each with its clause, and traces what a short
claim missed.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from referee.errors import FieldError
from referee.rules.checks import Check, answer
from referee.rules.claims import Ruling, judge_claim, read_claim
from referee.rules.game import Game, MatchSetup
from referee.rules.registry import GAMES
from tests.contract import check_name, load_contract
from tests.rules.claim_strategies import rulings

E3 = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]]


def judged(game: Game, setup: MatchSetup, entry: dict[str, Any], claim: dict[str, Any]) -> dict[str, Any]:
    """The verdict the sheet keeps for ``entry`` entered with ``claim``."""
    canonical = game.read_entry(setup, {**entry, "claim": claim})
    deal = game.score_match(setup, [canonical]).deals[0]
    assert deal.claim is not None
    return deal.claim


def differences(verdict: dict[str, Any]) -> list[tuple[str, str, int, int, str]]:
    return [(d["side"], d["item"], d["claimed"], d["ruled"], d["clause"]) for d in verdict["differences"]]


# --- deals of the score sheet -------------------------------------------------------------------


def test_paks_deal_items_are_its_suits() -> None:
    paks = GAMES["paks"]
    setup = MatchSetup(players=("Ann", "Bob"))
    entry = {"paks": {"Ann": ["QH 2H KH", "7H 6H", "AH 3H"], "Bob": ["9H 4H"]}}
    assert paks.claim_items(setup, 1) == {side: ("spades", "hearts", "diamonds", "clubs") for side in ("Ann", "Bob")}
    verdict = judged(paks, setup, entry, {"Ann": 40, "items": {"Ann": {"hearts": 40}}})
    assert differences(verdict) == [("Ann", "hearts", 40, 50, "paks-6.4"), ("Ann", "total", 40, 50, "paks-6.5")]
    assert verdict["missed"][0]["items"] == [{"item": "hearts", "points": 50, "clause": "paks-6.4"}]
    assert verdict["claimed_items"] == {"Ann": {"hearts": 40}}
    assert judged(paks, setup, entry, {"items": {"Ann": {"hearts": 50}}})["agreed"] is True


def test_a_deal_entry_keeps_its_items_and_refuses_an_item_the_game_does_not_score() -> None:
    paks = GAMES["paks"]
    setup = MatchSetup(players=("Ann", "Bob"))
    entry = {"paks": {"Ann": ["QH 2H KH"], "Bob": []}}
    canonical = paks.read_entry(setup, {**entry, "claim": {"ann": 25, "items": {"ann": {"hearts": 25}}}})
    assert canonical["claim"] == {"Ann": 25, "items": {"Ann": {"hearts": 25}}}
    with pytest.raises(FieldError) as refused:
        paks.read_entry(setup, {**entry, "claim": {"items": {"Ann": {"bell": 20}}}})
    assert refused.value.field == "claim" and "bell" in refused.value.message


def test_clabber_deal_items() -> None:
    clabber = GAMES["clabber"]
    setup = MatchSetup(players=("Ann", "Bo", "Cy", "Di"), options=clabber.parse_options({}))
    sides = ("Ann & Cy", "Bo & Di")
    entry = {"makers": sides[0], "trump": "H", "points": {sides[0]: 100, sides[1]: 62}}
    assert clabber.claim_items(setup, 1) == {side: ("cards", "meld", "bell", "set") for side in sides}
    verdict = judged(clabber, setup, entry, {"items": {sides[0]: {"cards": 90}, sides[1]: {"set": 0}}})
    assert differences(verdict) == [(sides[0], "cards", 90, 100, "clabber-2.3")]


def test_dracula_items_are_each_sides_own_lines() -> None:
    dracula = GAMES["dracula"]
    two = MatchSetup(players=("Ann", "Bob"), options=dracula.parse_options({}))
    items = dracula.claim_items(two, 1)
    assert items["Ann"] == ("r1", "r1_multiplier", "r2", "r2_multiplier", "r3", "r3_multiplier")
    assert items["Bob"] == ("c1", "c1_multiplier", "c2", "c2_multiplier", "c3", "c3_multiplier")
    verdict = judged(dracula, two, {"layout": E3}, {"Ann": 72, "items": {"Ann": {"r1_multiplier": 3}}})
    assert differences(verdict) == [
        ("Ann", "r1_multiplier", 3, 5, "dracula-4.3"),
        ("Ann", "total", 72, 120, "dracula-5.2"),
    ]
    three = MatchSetup(players=("Ann", "Bob", "Cid"), options=dracula.parse_options({}))
    # Deal 2 is Bob's: the dealer scores the middle row and column, his left the first, his right the last.
    assert dracula.claim_items(three, 2) == {
        "Bob": ("r2", "r2_multiplier", "c2", "c2_multiplier"),
        "Cid": ("r1", "r1_multiplier", "c1", "c1_multiplier"),
        "Ann": ("r3", "r3_multiplier", "c3", "c3_multiplier"),
    }


def test_zhengfen_deal_items() -> None:
    zhengfen = GAMES["zhengfen"]
    setup = MatchSetup(players=("A", "B", "C", "D"), options=zhengfen.parse_options({}))
    entry = {
        "order": ["B", "D", "A", "C"],
        "captured": {"A": ["10S", "KH", "5D"], "B": ["KS", "5C"], "C": ["10H", "10D", "KD"], "D": ["10C", "KC"]},
        "hand": ["5S", "5H", "7C", "2D"],
    }
    verdict = judged(zhengfen, setup, entry, {"B": 15, "items": {"B": {"captured": 15}}})
    assert differences(verdict) == [("B", "total", 15, 55, "zhengfen-6.4")]
    assert verdict["missed"][0]["items"] == [{"item": "transfer", "points": 40, "clause": "zhengfen-6.3"}]


QUICK = {
    "mode": "quick",
    "played": {"Ann": 10, "Bob": 50, "Cid": 90},
    "aces": {"Bob": 1},
    "table": [["3H", "4H", "5H", "6H", "7H"], ["QS", "QD", "QC"]],
    "hands": {"Ann": [], "Bob": ["8H", "2C", "KD"], "Cid": ["QH", "8C"]},
}


def test_iceberg_deal_items() -> None:
    iceberg = GAMES["iceberg"]
    setup = MatchSetup(players=("Ann", "Bob", "Cid"), options=iceberg.parse_options({}))
    assert iceberg.claim_items(setup, 1)["Bob"] == ("in_play", "aces", "penalty")
    verdict = judged(iceberg, setup, QUICK, {"Bob": -10, "items": {"Bob": {"aces": 20, "penalty": -60}}})
    assert differences(verdict) == [("Bob", "penalty", -60, -80, "iceberg-6.4")]
    multiplied = MatchSetup(players=setup.players, options=iceberg.parse_options({"ace_scoring": "multiplier"}))
    assert iceberg.claim_items(multiplied, 1)["Bob"] == ("in_play", "penalty", "multiplier")
    verdict = judged(iceberg, multiplied, QUICK, {"items": {"Bob": {"multiplier": 1}}})
    assert differences(verdict) == [("Bob", "multiplier", 1, 2, "iceberg-8.1")]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_deal_item_has_its_words(game: Game) -> None:
    players = ("Ann", "Bob", "Cid", "Dee")[: max(n for n in game.player_counts if n <= 4)]
    setup = MatchSetup(players=players, options=game.parse_options({}))
    names = {name for items in game.claim_items(setup, 1).values() for name in items}
    assert names, f"{game.slug}: a deal's claim names no item"
    assert names <= set(game.claim_words)


# --- every API check that scores takes a claim -----------------------------------------------------

#: The answer fields that carry points scored: a check answering one of them scores.
SCORING = ("scores", "value", "points", "penalty", "final", "team_points")


def requests_of(slug: str, check: Check) -> list[dict[str, Any]]:
    """The check's own example and the shared contract's requests answered 200."""
    found = [dict(check.example)] if check.example else []
    for example in load_contract(slug):
        if check_name(example) == check.name and example["expect"].get("status", 200) == 200:
            found.append(example["request"])
    return found


CHECKS = [(slug, check) for slug, game in GAMES.items() for check in game.checks.values()]


@pytest.mark.parametrize(("slug", "check"), CHECKS, ids=[f"{slug}-{check.name}" for slug, check in CHECKS])
def test_every_check_that_scores_takes_a_claim(slug: str, check: Check) -> None:
    requests = requests_of(slug, check)
    if not requests and not load_contract(slug):
        pytest.skip("shared/contract is not beside the checkout")
    assert requests, f"{slug} {check.name}: no request to try"
    for request in requests:
        status, result = answer(check, request)
        assert status == 200, result
        scores = any(result.get(key) is not None for key in SCORING)
        if check.ruling is None:
            assert not scores, f"{slug} {check.name} scores but takes no claim"
            status, refused = answer(check, {**request, "claim": {"A": 1}})
            assert status == 400 and refused["error"]["field"] == "claim"
            continue
        ruling = check.ruling(request, result)
        if not isinstance(ruling, Ruling):  # nothing scored: the claim cannot be agreed, and says why
            assert ruling["agreed"] is False and ruling["explanation"]
            continue
        assert set(ruling.item_names) <= set(check.claim_items), "every item a claim may give has its words"
        items: dict[str, dict[str, int]] = {}
        for item in ruling.items:
            items.setdefault(item.side, {})[item.name] = item.points
        claim = {**ruling.scores, **({"items": items} if items else {})}
        status, claimed = answer(check, {**request, "claim": claim})
        assert status == 200 and claimed["claim"]["agreed"] is True, claimed["claim"]


def test_a_clabber_trick_claim_without_the_last_trick_is_shown_the_10() -> None:
    body = {"trump": "S", "plays": [{"seat": "N", "card": "KH"}, {"seat": "E", "card": "AH"}], "last": True}
    status, result = answer(GAMES["clabber"].checks["trick"], {**body, "claim": {"EW": 15, "NS": 0}})
    assert status == 200 and result["winner"] == "E" and result["points"] == 25
    assert result["claim"]["differences"] == [
        {"side": "EW", "item": "total", "claimed": 15, "ruled": 25, "clause": "clabber-4.3"}
    ]
    assert result["claim"]["missed"] == [
        {"side": "EW", "points": 10, "items": [{"item": "last", "points": 10, "clause": "clabber-2.3"}]}
    ]


E3_TRICK = {
    "trump": "C",
    "plays": [
        {"seat": "N", "card": "AC"},
        {"seat": "E", "card": "9C"},
        {"seat": "S", "card": "KC"},
        {"seat": "W", "card": "QC"},
    ],
}


def test_a_clabber_trick_claim_cites_the_clauses_that_scored_the_trick() -> None:
    """E3: E wins with the 9 of trump (clabber-4.2) a trick worth 32 (clabber-4.3); not the last trick, so
    clabber-2.3's 10 has nothing to do with it."""
    status, result = answer(GAMES["clabber"].checks["trick"], {**E3_TRICK, "claim": {"NS": 32, "EW": 30}})
    assert status == 200 and (result["winner"], result["points"]) == ("E", 32)
    assert result["claim"]["differences"] == [
        {"side": "NS", "item": "total", "claimed": 32, "ruled": 0, "clause": "clabber-4.2"},
        {"side": "EW", "item": "total", "claimed": 30, "ruled": 32, "clause": "clabber-4.3"},
    ]
    lines = [(step["text"], step["rule"]) for step in result["claim"]["explanation"]]
    assert ("NS: claimed 32, the rules give 0", "clabber-4.2") in lines
    assert ("EW: claimed 30, the rules give 32", "clabber-4.3") in lines
    assert "clabber-2.3" not in {rule for _, rule in lines}
    items = {"NS": {"cards": 32}, "EW": {"last": 10}}
    status, result = answer(GAMES["clabber"].checks["trick"], {**E3_TRICK, "claim": {"items": items}})
    assert [(d["side"], d["item"], d["clause"]) for d in result["claim"]["differences"]] == [
        ("NS", "cards", "clabber-4.2"),
        ("EW", "last", "clabber-4.3"),
    ]


def test_dracula_game_refuses_a_deal_naming_no_side() -> None:
    deals = [{"queen": 1, "king": 1}] * 5 + [{"queen": 1, "king": 1, "jack": 3}]
    status, result = answer(GAMES["dracula"].checks["game"], {"deals": deals})
    assert status == 400
    assert result["error"]["field"] == "deals" and result["error"]["location"] == ["deals", 6, "jack"]
    assert "'jack'" in result["error"]["message"]


@given(rulings(), st.data())
def test_a_claim_that_leaves_out_one_item_misses_exactly_that_item(ruling: Ruling, data: st.DataObject) -> None:
    positive = [item for item in ruling.items if item.points > 0]
    assume(positive)
    left_out = data.draw(st.sampled_from(positive))
    side = left_out.side
    others = {i.name: i.points for i in ruling.items if i.side == side and i is not left_out}
    claim: dict[str, Any] = {side: ruling.scores[side] - left_out.points}
    if others:
        claim["items"] = {side: others}
    verdict = judge_claim(read_claim(claim, ruling), ruling)
    assert [(d.side, d.item) for d in verdict.differences] == [(side, "total")]
    traced = verdict.missed[0].items
    if others:  # every other item is claimed right: the one left out is what was missed
        assert traced == (left_out,)
    else:
        assert sum(i.points for i in traced) == left_out.points
