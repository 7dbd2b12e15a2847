"""Clabber through the pages: a deal for 2, 3, 4 and 6 players, a match to 500, errors, edit and
undo, and the referee pages' verdicts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.rules.clabber import CLABBER
from referee.rules.game import MatchSetup
from tests.support.clabber import DEALS, NAMES, enter, marks, totals
from tests.support.client import Browser
from tests.support.table import Table


def expected(players: tuple[str, ...], entries: list[dict[str, Any]], **options: object) -> Any:
    setup = MatchSetup(players=players, options=CLABBER.parse_options(options))
    return CLABBER.score_match(setup, [CLABBER.check_entry(setup, e) for e in entries])


@pytest.mark.parametrize("count", sorted(DEALS))
def test_a_deal_for_every_variant(browser: Browser, table: Table, count: int) -> None:
    match = table.match("clabber", NAMES[:count], evening=table.evening(NAMES))
    form, entry, sheet_marks = DEALS[count]
    response = enter(browser, f"{match}/deals/new", form)
    assert response.status_code == 302, response.get_data(as_text=True)
    page = browser.get(match).get_data(as_text=True)
    assert marks(page, 1) == sheet_marks
    assert totals(page) == list(expected(NAMES[:count], [entry]).totals.values())
    assert "Playing to 500" in page and "<strong>Bo</strong> deals deal 2" in page


def test_the_sheet_shows_the_filled_side_the_meld_and_the_bell(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    form = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "95"}
    form |= {"meld_cards_1": "AD KD QD JD", "meld_cards_0": "KC QC JC", "bell": "Cy"}
    assert enter(browser, f"{match}/deals/new", form).status_code == 302
    page = browser.get(match).get_data(as_text=True)
    detail = page.split('id="detail-1"')[1]
    assert '67<span class="clabber-filled">filled in</span>' in detail
    assert "162 − 95 = 67" in detail
    assert "fifty A-K-Q-J of diamonds" in detail and "Bo over Ann" in detail and "clabber-6.4" in detail
    assert "Bell: Cy (Ann &amp; Cy)" in detail
    # Ann & Cy 95 + bell 20 = 115 against Bo & Di 67 + 50 = 117: set, written XX.
    assert marks(page, 1) == ["XX", "117"] and "set, XX" in detail


def test_passed_out_deal_writes_dashes_and_moves_the_deal(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    assert enter(browser, f"{match}/deals/new", {"makers": "passed"}).status_code == 302
    page = browser.get(match).get_data(as_text=True)
    assert marks(page, 1) == ["-", "-"] and "the deal is void" in page
    assert "<strong>Bo</strong> deals deal 2" in page


def test_a_match_to_500_ends_with_the_winner(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    ns_points = [100, 120, 90, 62, 110, 100]
    entries = []
    for number, ns in enumerate(ns_points, start=1):
        makers = "Ann & Cy" if ns > 81 else "Bo & Di"
        form = {"makers": makers, "trump": "SHDC"[number % 4], "round": "1", "points_0": str(ns)}
        response = enter(browser, f"{match}/deals/new", form)
        assert response.status_code == 302, response.get_data(as_text=True)
        entries.append({"makers": makers, "trump": "SHDC"[number % 4], "points": {"Ann & Cy": ns}})
    result = expected(NAMES[:4], entries)
    assert result.finished and result.winner == "Ann & Cy"
    page = browser.get(match).get_data(as_text=True)
    assert totals(page) == [result.totals["Ann & Cy"], result.totals["Bo & Di"]] == [582, 390]
    assert "</svg> Ann &amp; Cy win" in page and "Enter deal" not in page
    assert browser.get(f"{match}/deals/new").status_code == 302


def test_points_that_do_not_add_up_stay_in_the_form(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    form = {"makers": "Bo & Di", "trump": "C", "round": "1", "points_0": "95", "points_1": "60", "meld_0_0": "dad"}
    response = enter(browser, f"{match}/deals/new", form)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    points = page.split('<fieldset class="clabber-points')[1].split("</fieldset>")[0]
    assert "Ann &amp; Cy 95 + Bo &amp; Di 60 = 155, a deal holds 162" in points
    assert 'value="95"' in points and 'value="60"' in points
    assert 'value="Bo &amp; Di" checked' in page or 'checked id="makers-1"' in page
    assert '<option selected value="dad">' in page
    assert "No deal yet" in browser.get(match).get_data(as_text=True)


def test_a_bad_meld_card_is_shown_at_the_players_field(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    form = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "90", "meld_cards_2": "KH QH 8H"}
    response = enter(browser, f"{match}/deals/new", form)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="meld_cards_2-error"' in page and "not in the Clabber pack" in page
    assert 'value="KH QH 8H"' in page and '<details class="clabber-more" open>' in page


def test_makers_and_trump_must_be_chosen(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    response = enter(browser, f"{match}/deals/new", {"round": "1", "points_0": "90"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Choose who said “I play”" in page and "Choose the trump suit" in page and 'value="90"' in page


def test_round_two_may_not_name_the_turn_up_suit(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    form = {"makers": "Ann & Cy", "trump": "D", "round": "2", "turn_up": "10D", "points_0": "90"}
    page = enter(browser, f"{match}/deals/new", form).get_data(as_text=True)
    assert 'id="trump-error"' in page and "clabber-3.2" in page


def test_edit_keeps_the_blank_side_blank_and_undo_reopens(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:4], evening=table.evening(NAMES))
    enter(browser, f"{match}/deals/new", {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "95"})
    enter(browser, f"{match}/deals/new", {"makers": "Bo & Di", "trump": "S", "round": "1", "points_1": "100"})
    assert totals(browser.get(match).get_data(as_text=True)) == [157, 167]

    edit = f"{match}/deals/1/edit"
    form = browser.get(edit).get_data(as_text=True)
    assert 'name="points_0" pattern="[0-9]*" type="text" value="95"' in form
    assert 'name="points_1" pattern="[0-9]*" type="text" value=""' in form
    assert 'checked id="trump-1"' in form or 'id="trump-1" name="trump" type="radio" value="H" checked' in form
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    data = {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "100", "version": version}
    assert enter(browser, edit, data).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [162, 162]

    assert browser.submit(f"{match}/undo", {}).status_code == 302
    page = browser.get(match).get_data(as_text=True)
    assert totals(page) == [100, 62] and "Enter deal 2" in page
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Deal 2 undone" in history and "Deal 1 corrected" in history


def test_team_all_melds_offers_more_meld_choices(browser: Browser, table: Table) -> None:
    match = table.match("clabber", NAMES[:6], evening=table.evening(NAMES), opt_meld_scope="team_all_melds")
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert 'name="meld_0_1"' in form and 'value="hundred"' not in form
    data = {"makers": "Bo & Di & Flo", "trump": "C", "round": "1", "points_0": "70"}
    data |= {"meld_1_0": "fifty", "meld_1_1": "dad"}
    assert enter(browser, f"{match}/deals/new", data).status_code == 302
    # Bo & Di & Flo: 92 + 50 + 20 = 162 against 70.
    assert marks(browser.get(match).get_data(as_text=True), 1) == ["70", "162"]


# --- referee pages ---------------------------------------------------------------------------------


def test_whose_meld_scores(browser: Browser) -> None:
    # E15: N has four 9s, E a 5-card sequence: NS 100 (four 9s rank higher).
    data = {"players": "4", "trump": "S", "hand_0": "9S 9H 9D 9C", "hand_1": "AH KH QH JH 10H"}
    response = browser.submit("/referee/clabber/melds", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "NS score 100" in page and "four 9s" in page and "clabber-6.4" in page


def test_whose_meld_scores_dead_tie_and_three_players(browser: Browser) -> None:
    data = {"players": "4", "trump": "S", "hand_0": "KH QH JH", "hand_1": "KD QD JD"}
    page = browser.submit("/referee/clabber/melds", data).get_data(as_text=True)
    assert "Dead tie: no meld scores" in page and "clabber-6.5" in page
    page = browser.get("/referee/clabber/melds?players=3").get_data(as_text=True)
    assert 'name="hand_2"' in page and 'name="hand_3"' not in page and 'value="3"' in page
    data = {"players": "3", "trump": "H", "hand_0": "AS KS QS JS 10S 9S", "hand_2": "KH QH"}
    page = browser.submit("/referee/clabber/melds?players=3", data).get_data(as_text=True)
    assert "A score 100" in page and "C holds" in page


def test_whose_meld_scores_refuses_a_card_in_two_hands(browser: Browser) -> None:
    data = {"players": "4", "trump": "S", "hand_0": "KH QH JH", "hand_2": "JH 10H 9H"}
    response = browser.submit("/referee/clabber/melds", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="hand_2-error"' in page and 'value="JH 10H 9H"' in page


def test_who_wins_this_trick(browser: Browser) -> None:
    # E1: trump S, N KH, E 10H, S AH, W 9H: S wins 25.
    data = {
        "players": "4",
        "trump": "S",
        "leader": "N",
        "card_0": "KH",
        "card_1": "10H",
        "card_2": "AH",
        "card_3": "9H",
    }
    page = browser.submit("/referee/clabber/trick", data | {"last": "false"}).get_data(as_text=True)
    assert "S wins the trick" in page and "<strong>25</strong> points" in page
    page = browser.submit("/referee/clabber/trick", data | {"last": "true"}).get_data(as_text=True)
    assert "<strong>35</strong> points" in page


def test_trick_so_far_in_the_six_player_game(browser: Browser) -> None:
    data = {"players": "6", "trump": "H", "leader": "E", "card_0": "AS", "card_1": "9H", "last": "false"}
    page = browser.submit("/referee/clabber/trick?players=6", data).get_data(as_text=True)
    assert "F is winning so far" in page


def test_trick_with_a_gap_or_a_bad_card(browser: Browser) -> None:
    data = {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "card_2": "AH", "last": "false"}
    response = browser.submit("/referee/clabber/trick", data)
    assert response.status_code == 400 and "without a gap" in response.get_data(as_text=True)
    data = {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "card_1": "8H", "last": "false"}
    response = browser.submit("/referee/clabber/trick", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="card_1-error"' in page and "not in the Clabber pack" in page


def test_may_i_play_this_card(browser: Browser) -> None:
    # E6: trump H, lead KS, hand {10S, JH, AD, 9C, QD}: only 10S; JH is illegal.
    data = {"players": "4", "trump": "H", "leader": "N", "trick": "KS", "hand": "10S JH AD 9C QD", "card": "JH"}
    data |= {"opt_undertrump": "any_card", "opt_partner_exemption": "false"}
    response = browser.submit("/referee/clabber/legal", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert (
        "may not be played" in page
        and "You hold" in page
        and "spades must be followed" in page
        and "clabber-5.1" in page
    )
    assert re.search(r"E may play: <span class=\"card black\">10♠</span></p>", page)
    data |= {"card": "10S"}
    page = browser.submit("/referee/clabber/legal", data).get_data(as_text=True)
    assert 'Yes, <span class="card black">10♠</span> may be played' in page


def test_may_i_play_with_the_undertrump_options(browser: Browser) -> None:
    # E9: trump H, AS then JH, hand {KH, 10D, QC}: must_undertrump leaves only KH.
    data = {"players": "4", "trump": "H", "leader": "N", "trick": "AS JH", "hand": "KH 10D QC", "card": ""}
    data |= {"opt_undertrump": "must_undertrump", "opt_partner_exemption": "false"}
    page = browser.submit("/referee/clabber/legal", data).get_data(as_text=True)
    assert 'S may play: <span class="card red">K♥</span></p>' in page
    data |= {"opt_undertrump": "only_if_nothing_else"}
    page = browser.submit("/referee/clabber/legal", data).get_data(as_text=True)
    assert 'S may play: <span class="card red">10♦</span> <span class="card black">Q♣</span>' in page


def test_may_i_play_refuses_a_bad_card_and_a_full_trick(browser: Browser) -> None:
    data = {"players": "4", "trump": "H", "leader": "N", "trick": "KS", "hand": "10S JH 8C", "card": ""}
    response = browser.submit("/referee/clabber/legal", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="hand-error"' in page and 'value="10S JH 8C"' in page
    data |= {"hand": "10S JH", "trick": "KS AS QS 9S"}
    response = browser.submit("/referee/clabber/legal", data)
    assert response.status_code == 400 and 'id="trick-error"' in response.get_data(as_text=True)


def test_index_lists_the_clabber_pages(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/referee/").get_data(as_text=True)
    for url in ("/referee/clabber/melds", "/referee/clabber/trick", "/referee/clabber/legal"):
        assert url in page


def test_score_a_deal_with_a_claim(browser: Browser) -> None:
    # E21: makers NS 100 + bell 20 = 120 against EW 62 (left blank) + fifty 50 = 112: made.
    data = {"players": "4", "makers": "NS", "points_0": "100", "meld_1": "50", "bell": "NS"}
    page = browser.submit("/referee/clabber/deal", data).get_data(as_text=True)
    assert "NS make it" in page and "EW&#39;s card points are the rest of the deal: 62." in page
    marks_row = page.split("<tfoot>")[1].split("</tfoot>")[0]
    assert re.findall(r">(\d+|XX|-)</td>", marks_row) == ["120", "112"]
    claimed = browser.submit("/referee/clabber/deal", data | {"claim-NS": "120", "claim-EW": "62"})
    page = claimed.get_data(as_text=True)
    assert claimed.status_code == 200 and "The claim differs" in page and "clabber-6.3" in page
    agreed = browser.submit("/referee/clabber/deal", data | {"claim-NS": "120", "claim-EW": "112"})
    assert "Claim agreed" in agreed.get_data(as_text=True)


def test_score_a_deal_refuses_at_the_field(browser: Browser) -> None:
    data = {"players": "4", "makers": "NS", "points_0": "95", "meld_0": "30"}
    response = browser.submit("/referee/clabber/deal", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="meld_0-error"' in page and "NS&#39;s meld scores 0, 20, 50, 100, 200, not 30" in page
    page = browser.submit("/referee/clabber/deal", {"players": "4", "points_0": "95"}).get_data(as_text=True)
    assert "Choose who said “I play”" in page and 'value="95"' in page
    data = {"players": "3", "makers": "B", "points_0": "50", "points_1": "70", "points_2": "30"}
    page = browser.submit("/referee/clabber/deal?players=3", data).get_data(as_text=True)
    assert "A 50 + B 70 + C 30 = 150, a deal holds 162" in page
    data = {"players": "3", "makers": "B", "points_0": "50", "points_1": "70"}
    page = browser.submit("/referee/clabber/deal?players=3", data).get_data(as_text=True)
    assert "B makes it" in page and "C&#39;s card points are the rest of the deal: 42." in page
