"""Claim, then check (issue 16, item 1): the shared comparison and every scoring check's ``claim``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.checks import answer
from referee.rules.claims import Ruling, judge_claim, read_claim
from referee.rules.registry import GAMES
from tests.rules.claim_strategies import rulings

CLABBER_E21 = {"makers": "NS", "points": {"NS": 100, "EW": 62}, "melds": {"NS": 0, "EW": 50}, "bells": {"NS": 20}}
DRACULA_E3 = {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 2}
PAKS_E10 = {
    "sides": [
        {"name": "A", "paks": [["QH", "2H", "KH"], ["7H", "6H"], ["AH", "3H"], ["10S", "4S"]]},
        {"name": "B", "paks": [["9H", "4H"]]},
    ]
}
ZHENGFEN_DEAL = {
    "order": ["B", "D", "A", "C"],
    "captured": {"A": ["5S", "5H", "10S", "5D", "KH"], "B": ["10H", "KS", "KD", "5C"], "D": ["10D", "10C"]},
    "hands": {"C": ["KC"]},
}


def claimed(game: str, check: str, body: dict[str, Any], claim: object) -> dict[str, Any]:
    status, result = answer(GAMES[game].checks[check], {**body, "claim": claim})
    assert status == 200, result
    return result["claim"]


def test_clabber_e21_claim_without_the_bell_names_the_bell_as_missed() -> None:
    verdict = claimed("clabber", "deal", CLABBER_E21, {"NS": 100, "EW": 112})
    assert verdict["agreed"] is False
    assert verdict["differences"] == [
        {"side": "NS", "item": "total", "claimed": 100, "ruled": 120, "clause": "clabber-8.1"}
    ]
    assert verdict["missed"] == [
        {"side": "NS", "points": 20, "items": [{"item": "bell", "points": 20, "clause": "clabber-7.1"}]}
    ]
    assert [s["text"] for s in verdict["explanation"]] == [
        "NS: claimed 100, the rules give 120",
        "NS: 20 missed, from bell 20",
    ]


def test_clabber_e21_right_claim_is_agreed() -> None:
    verdict = claimed("clabber", "deal", CLABBER_E21, {"NS": 120, "EW": 112})
    assert verdict["agreed"] is True
    assert verdict["differences"] == [] and verdict["missed"] == []


def test_clabber_e20_set_makers_claiming_their_points_are_shown_the_set_clause() -> None:
    verdict = claimed("clabber", "deal", {"makers": "NS", "points": {"NS": 81, "EW": 81}}, {"NS": 81})
    assert verdict["differences"] == [
        {"side": "NS", "item": "total", "claimed": 81, "ruled": 0, "clause": "clabber-8.4"}
    ]


def test_clabber_items_claimed_side_by_side() -> None:
    verdict = claimed("clabber", "deal", CLABBER_E21, {"EW": 132, "items": {"EW": {"cards": 62, "meld": 70}}})
    assert {"side": "EW", "item": "meld", "claimed": 70, "ruled": 50, "clause": "clabber-6.3"} in verdict["differences"]
    assert {"side": "EW", "item": "total", "claimed": 132, "ruled": 112, "clause": "clabber-8.1"} in verdict[
        "differences"
    ]


def test_clabber_melds_claim() -> None:
    body = {"trump": "H", "hands": {"N": ["KH", "QH", "JH", "9S", "9D", "9C"]}}
    assert claimed("clabber", "melds", body, {"NS": 40})["agreed"] is True
    verdict = claimed("clabber", "melds", body, {"NS": 20})
    assert verdict["missed"][0]["points"] == 20
    assert verdict["missed"][0]["items"][0]["clause"] in {"clabber-6.3", "clabber-7.1"}


def test_paks_deal_claim_traces_missing_points_to_a_suit() -> None:
    verdict = claimed("paks", "deal", PAKS_E10, {"A": 50, "B": 0})
    assert verdict["differences"] == [{"side": "A", "item": "total", "claimed": 50, "ruled": 65, "clause": "paks-6.5"}]
    assert verdict["missed"][0]["items"] == [{"item": "spades", "points": 15, "clause": "paks-6.5"}]


def test_paks_deal_claimed_suit_cites_the_throw_off() -> None:
    verdict = claimed("paks", "deal", PAKS_E10, {"items": {"A": {"hearts": 60}}})
    assert verdict["differences"] == [{"side": "A", "item": "hearts", "claimed": 60, "ruled": 50, "clause": "paks-6.4"}]


def test_paks_pak_value_claim() -> None:
    body = {"table_card": "9H", "played": ["5H", "4H"]}
    assert claimed("paks", "pak", body, {"value": 54})["agreed"] is True
    verdict = claimed("paks", "pak", body, {"value": 9})
    assert verdict["differences"][0] == {
        "side": "value",
        "item": "total",
        "claimed": 9,
        "ruled": 54,
        "clause": "paks-2.4",
    }


def test_dracula_coffin_claims_a_line_multiplier() -> None:
    assert claimed("dracula", "coffin", DRACULA_E3, {"queen": 120, "king": 24})["agreed"] is True
    verdict = claimed("dracula", "coffin", DRACULA_E3, {"queen": 72, "items": {"queen": {"r1_multiplier": 3}}})
    assert verdict["differences"][0] == {
        "side": "queen",
        "item": "r1_multiplier",
        "claimed": 3,
        "ruled": 5,
        "clause": "dracula-4.3",
    }
    assert verdict["missed"][0]["items"] == [{"item": "r1_multiplier", "points": 5, "clause": "dracula-4.3"}]


def test_dracula_incomplete_coffin_cannot_be_agreed() -> None:
    layout = [row[:] for row in DRACULA_E3["layout"]]
    layout[2][2] = None
    verdict = claimed("dracula", "coffin", {"layout": layout}, {"queen": 120})
    assert verdict["agreed"] is False
    assert verdict["explanation"][0]["rule"] == "dracula-3.3"


def test_dracula_game_claim_without_the_bonus() -> None:
    deals = [{"queen": q, "king": k} for q, k in ((120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150))]
    verdict = claimed("dracula", "game", {"deals": deals}, {"queen": 276, "king": 212})
    assert verdict["missed"] == [
        {"side": "queen", "points": 64, "items": [{"item": "bonus", "points": 64, "clause": "dracula-6.1"}]}
    ]


def test_zhengfen_deal_claim() -> None:
    status, result = answer(GAMES["zhengfen"].checks["deal"], ZHENGFEN_DEAL)
    assert status == 200
    first = result["scores"]["B"]
    assert claimed("zhengfen", "deal", ZHENGFEN_DEAL, {"B": first})["agreed"] is True
    verdict = claimed("zhengfen", "deal", ZHENGFEN_DEAL, {"B": result["captured_points"]["B"]})
    assert verdict["missed"][0]["items"][0]["item"] == "transfer"
    assert verdict["missed"][0]["items"][0]["clause"] == "zhengfen-6.3"


def test_iceberg_claims() -> None:
    body = {"hand": ["4H", "5H", "6H", "7H", "8H"], "table": [["9H", "10H", "JH"]], "decks": 1}
    assert claimed("iceberg", "leftover", body, {"penalty": -300})["agreed"] is True
    verdict = claimed("iceberg", "leftover", body, {"penalty": -200, "items": {"penalty": {"best_points": 200}}})
    assert {"side": "penalty", "item": "best_points", "claimed": 200, "ruled": 300, "clause": "iceberg-6.2"} in verdict[
        "differences"
    ]
    meld = {"cards": ["QH", "QH", "QS", "QD", "QC"], "decks": 2}
    assert claimed("iceberg", "meld", meld, {"points": 120})["agreed"] is True


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ([1], "`claim` must be an object"),
        ({"XY": 3}, "'XY' is not a side here; the sides are NS, EW"),
        ({"NS": "120"}, "`claim.NS` must be a whole number of points"),
        ({"NS": True}, "`claim.NS` must be a whole number of points"),
        ({}, "`claim` names no side"),
        ({"NS": 1, "items": {"NS": {"belll": 20}}}, "names the item belll, which this check does not score"),
        ({"NS": 1, "items": [1]}, "`claim.items` must be an object"),
    ],
)
def test_malformed_claims_are_400_at_the_claim_field(claim: object, message: str) -> None:
    status, result = answer(GAMES["clabber"].checks["deal"], {**CLABBER_E21, "claim": claim})
    assert status == 400
    assert result["error"]["field"] == "claim"
    assert message in result["error"]["message"]


def test_a_check_that_scores_nothing_refuses_a_claim() -> None:
    body = {"trump": "H", "seat": "S", "hand": ["9H"], "trick": [], "claim": {"NS": 1}}
    status, result = answer(GAMES["clabber"].checks["legal"], body)
    assert status == 400 and result["error"]["field"] == "claim"


def test_without_a_claim_the_answer_has_no_claim_field() -> None:
    status, result = answer(GAMES["clabber"].checks["deal"], CLABBER_E21)
    assert status == 200 and "claim" not in result


@given(rulings())
def test_claiming_the_ruled_scores_and_items_is_always_agreed(ruling: Ruling) -> None:
    items: dict[str, dict[str, int]] = {}
    for item in ruling.items:
        items.setdefault(item.side, {})[item.name] = item.points
    verdict = judge_claim(read_claim({**ruling.scores, "items": items}, ruling), ruling)
    assert verdict.agreed and not verdict.differences and not verdict.missed


@given(rulings(), st.integers(1, 300), st.data())
def test_a_short_claim_differs_once_and_misses_exactly_the_shortfall(ruling: Ruling, short: int, data) -> None:
    side = data.draw(st.sampled_from(list(ruling.scores)))
    claim = {side: ruling.scores[side] - short}
    verdict = judge_claim(read_claim(claim, ruling), ruling)
    assert not verdict.agreed
    assert [(d.side, d.item, d.claimed, d.ruled) for d in verdict.differences] == [
        (side, "total", claim[side], ruling.scores[side])
    ]
    assert [m.points for m in verdict.missed] == [short]
    traced = verdict.missed[0].items
    assert not traced or sum(i.points for i in traced) == short


def test_a_deal_entry_keeps_its_claim_and_the_sheet_judges_it() -> None:
    from referee.errors import FieldError
    from referee.rules.game import MatchSetup

    paks = GAMES["paks"]
    setup = MatchSetup(players=("Ann", "Bob"))
    entry = {"paks": {"Ann": ["QH 2H KH", "7H 6H", "AH 3H"], "Bob": ["9H 4H"]}, "claim": {"ann": 75}}
    canonical = paks.read_entry(setup, entry)
    assert canonical["claim"] == {"Ann": 75}
    deal = paks.score_match(setup, [canonical]).deals[0]
    assert deal.scores == {"Ann": 50, "Bob": 0}
    assert deal.claim is not None and deal.claim["agreed"] is False
    assert deal.claim["differences"] == [
        {"side": "Ann", "item": "total", "claimed": 75, "ruled": 50, "clause": "paks-6.5"}
    ]
    with pytest.raises(FieldError) as refused:
        paks.read_entry(setup, {**entry, "claim": {"Cy": 3}})
    assert refused.value.field == "claim"
    plain = paks.score_match(setup, [paks.read_entry(setup, {"paks": entry["paks"]})]).deals[0]
    assert plain.claim is None
