"""Paks through the pages: deal entry for 2, 3, 4 and 6 players, a match to 500, errors, referee pages."""

from __future__ import annotations

import re

import pytest

from referee.rules.game import MatchSetup
from referee.rules.paks import PAKS
from tests.support.client import Browser
from tests.support.paks import DEALS, E10, NAMES, deal_form, totals
from tests.support.table import Table


def expected_totals(players: tuple[str, ...], deals: list[dict[str, list[str]]], **options: object) -> list[int]:
    setup = MatchSetup(players=players, options=PAKS.parse_options(options))
    entries = [PAKS.check_entry(setup, {"paks": paks}) for paks in deals]
    result = PAKS.score_match(setup, entries)
    return [result.totals[side.name] for side in result.sides]


@pytest.mark.parametrize("count", [2, 3, 4, 6])
def test_a_deal_for_every_player_count(browser: Browser, table: Table, count: int) -> None:
    players = NAMES[:count]
    match = table.match("paks", NAMES[:count], evening=table.evening(NAMES))
    form = browser.submit(f"{match}/deals/new", {"act": "cards"}).get_data(as_text=True)
    assert form.count('name="player_') == count and 'data-card-input="list"' in form
    assert '<div class="paks-entry" data-card-pack' in form and '<div class="paks-quick" hidden>' in form
    # Enter in a pak row must not score a half-entered deal: the form's first submit button is disabled.
    assert form.index('<button type="submit" disabled') < form.index("Score deal 1")
    assert ('"decks": 1' if count == 2 else '"decks": 2') in form.replace("&#34;", '"')

    response = browser.submit(f"{match}/deals/new", deal_form(players, DEALS[count]))
    assert response.status_code == 302, response.get_data(as_text=True)
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == expected_totals(players, [DEALS[count]])
    assert "<strong>Bob</strong> deals deal 2" in sheet
    if count == 2:
        assert totals(sheet) == [50, 0]
        assert "m = 1" in sheet and "thrown off" in sheet and "Hearts" in sheet
    if count == 4:
        assert "Ann &amp; Cat" in sheet and "Bob &amp; Dan" in sheet
    if count == 6:
        assert "Ann &amp; Cat &amp; Eve" in sheet and "m = 0: no throw-off" in sheet


SPADES = ["AS KS", "QS 9S", "JS 8S", "10S 7S"]  # score 30 + 20 + 20 + 15 = 85


def test_a_match_to_500_ends_with_the_winner(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    deal = {"Ann": [*SPADES, "AH KH", "QH 9H"], "Bob": ["AD KD"]}  # Ann 135, Bob 30: nothing thrown off
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    played: list[dict[str, list[str]]] = []
    while True:
        response = browser.submit(f"{match}/deals/new", deal_form(players, deal))
        assert response.status_code == 302, response.get_data(as_text=True)
        played.append(deal)
        sheet = browser.get(match).get_data(as_text=True)
        if 'class="trophy"' in sheet:
            break
        assert len(played) < 10
    assert totals(sheet) == expected_totals(players, played) == [135 * len(played), 30 * len(played)]
    assert len(played) == 4 and "</svg> Ann wins" in sheet and "Enter deal" not in sheet


def test_equal_totals_past_500_play_on(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    deal = {"Ann": ["AS KS"], "Bob": ["AH KH"]}  # 30 each, nothing thrown off
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    for _ in range(17):
        assert browser.submit(f"{match}/deals/new", deal_form(players, deal)).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [510, 510] and 'class="trophy"' not in sheet and "Enter deal 18" in sheet


def test_a_card_used_too_often_is_named_at_its_rows(browser: Browser, table: Table) -> None:
    players = NAMES[:3]
    match = table.match("paks", NAMES[:3], evening=table.evening(NAMES))
    paks = {"Ann": ["KH 5H"], "Bob": ["9C 8C", "QH 5H"], "Cat": ["5H 2H"]}
    response = browser.submit(f"{match}/deals/new", deal_form(players, paks))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    message = "appears 3 times (pak 1 of Ann, pak 2 of Bob, pak 1 of Cat); two decks hold 2"
    assert message in html
    assert html.count('aria-invalid="true"') == 3
    assert html.count("is here too (see above)") == 4  # at the other two rows, and in the summary above the form
    first = re.search(r'id="paks_0-0-cards-error">(.*?)</p>', html, re.S)
    assert first and "appears 3 times" in first.group(1)
    assert 'value="KH 5H"' in html and 'value="9C 8C"' in html and 'value="5H 2H"' in html
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_one_deck_for_two_players(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    response = browser.submit(f"{match}/deals/new", deal_form(NAMES[:2], {"Ann": ["5H 4H"], "Bob": ["5H 3H"]}))
    assert response.status_code == 400
    assert "appears twice (pak 1 of Ann and pak 1 of Bob); one deck holds 1" in response.get_data(as_text=True)


def test_a_bad_pak_is_shown_at_its_row(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    response = browser.submit(f"{match}/deals/new", deal_form(players, {"Ann": ["AH KH"], "Bob": ["ZZ 2D"]}))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "is not a card" in html and 'value="ZZ 2D"' in html
    error = re.search(r'id="paks_1-0-cards-error">(.*?)</p>', html, re.S)
    assert error and "ZZ" in error.group(1)

    response = browser.submit(f"{match}/deals/new", deal_form(players, {"Ann": ["AH KH", "7H 6S"], "Bob": []}))
    html = response.get_data(as_text=True)
    error = re.search(r'id="paks_0-1-cards-error">(.*?)</p>', html, re.S)
    assert response.status_code == 400 and error and "pak 2 of Ann mixes" in error.group(1)


def test_several_paks_on_one_row_and_an_empty_deal(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    response = browser.submit(f"{match}/deals/new", {**deal_form(players, {}), "mode": "cards"})
    assert response.status_code == 400 and "enter the paks of at least one player" in response.get_data(as_text=True)
    paks = {"Ann": ["QH 2H KH; 7H 6H / AH 3H"], "Bob": ["9H 4H"]}
    assert browser.submit(f"{match}/deals/new", deal_form(players, paks)).status_code == 302
    assert totals(browser.get(match).get_data(as_text=True)) == [50, 0]


def test_edit_and_undo(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    browser.submit(f"{match}/deals/new", deal_form(players, E10))
    form = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert 'value="QH 2H KH"' in form and 'value="9H 4H"' in form and 'value="Bob"' in form
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    corrected = {"Ann": ["QH 2H KH", "AH 3H"], "Bob": ["9H 4H", "JS 2S"]}
    data = {**deal_form(players, corrected), "version": version}
    assert browser.submit(f"{match}/deals/1/edit", data).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == expected_totals(players, [corrected]) == [25, 15]

    browser.submit(f"{match}/deals/new", deal_form(players, E10))
    assert totals(browser.get(match).get_data(as_text=True)) == [75, 15]
    assert "Undo deal 2?" in browser.get(f"{match}/undo").get_data(as_text=True)
    assert browser.submit(f"{match}/undo", {}).status_code == 302
    sheet = browser.get(match).get_data(as_text=True)
    assert totals(sheet) == [25, 15] and "Enter deal 2" in sheet


def test_manual_throw_off(browser: Browser, table: Table) -> None:
    players = NAMES[:2]
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES), opt_throw_off="manual")
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert "thrown off" in form and 'name="paks_0-0-thrown"' in form

    response = browser.submit(f"{match}/deals/new", deal_form(players, E10, {"Bob": [1]}))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Ann must throw off 1 heart pak (m = 1), not 0" in html
    assert '<input checked id="paks_1-0-thrown"' in html

    # Ann keeps {7H, 6H} (10) and throws off {AH, 3H} (25): her choice, only the count is checked.
    response = browser.submit(f"{match}/deals/new", deal_form(players, E10, {"Ann": [3], "Bob": [1]}))
    assert response.status_code == 302, response.get_data(as_text=True)
    assert totals(browser.get(match).get_data(as_text=True)) == [35, 0]
    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert '<input checked id="paks_0-2-thrown"' in edit and edit.count("<input checked") == 2


def test_five_players_cannot_play(browser: Browser, table: Table) -> None:
    evening = table.evening(NAMES)
    seats = {f"seat_{i}": name for i, name in enumerate(NAMES[:5])}
    response = browser.submit(f"{evening}/matches/new/paks", {**seats, "first_dealer": "Ann"})
    assert response.status_code == 400 and "played by 2, 3, 4, 6 players, not 5" in response.get_data(as_text=True)


def test_rules_in_force_and_team_legend(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:4], evening=table.evening(NAMES), opt_partner_steal="false")
    sheet = browser.get(match).get_data(as_text=True)
    assert "Steal from a partner" in sheet and "(house rule)" in sheet
    form = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert 'Ann <span class="muted">· partner of Cat</span>' in form


# --- referee pages -----------------------------------------------------------------------------


def test_pak_page_legal_with_a_special_pair(browser: Browser) -> None:
    response = browser.submit("/referee/paks/pak", {"table_card": "9H", "played": "5H 4H", "decks": "2"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Yes, legal" in html and 'class="paks-number">54<' in html and 'class="paks-number">9<' in html
    assert "special pair 54" in html and "paks-2.2" in html and "paks-4.2" in html


def test_pak_page_illegal(browser: Browser) -> None:
    html = browser.submit("/referee/paks/pak", {"table_card": "7S", "played": "5S 4H", "decks": "2"})
    text = html.get_data(as_text=True)
    assert html.status_code == 200 and "No, illegal" in text and "is not a spade" in text
    text = browser.submit("/referee/paks/pak", {"table_card": "9H", "played": "9H", "decks": "2"}).get_data(
        as_text=True
    )
    assert "No, illegal" in text and "value 9 is not greater than" in text


def test_pak_page_bad_card_and_deck_count(browser: Browser) -> None:
    response = browser.submit("/referee/paks/pak", {"table_card": "9H", "played": "5H XQ", "decks": "2"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "is not a card" in html and 'value="5H XQ"' in html
    error = html.split('<p class="error" id="played-error">')[1].split("</p>")[0]
    assert error.startswith("<code>XQ</code> (card 2 of played) is not a card"), error  # the field names the bad card
    response = browser.submit("/referee/paks/pak", {"table_card": "5H", "played": "5H 4H", "decks": "1"})
    assert response.status_code == 400 and "one deck holds 1" in response.get_data(as_text=True)


def test_steal_page_verdicts(browser: Browser) -> None:
    base = {"pak_suit": "S", "victim_1": "5H 4H KH", "played": "3H 2H", "player": "A", "owner": "B", "decks": "2"}
    html = browser.submit("/referee/paks/steal", base).get_data(as_text=True)
    assert "Yes, legal" in html and 'class="paks-number">32<' in html and 'class="paks-number">19<' in html
    assert "paks-5.4" in html

    html = browser.submit("/referee/paks/steal", {**base, "played": "10H 9H"}).get_data(as_text=True)
    assert "No, illegal" in html and "value 19 is not greater than the stolen paks&#39; 19" in html

    html = browser.submit("/referee/paks/steal", {**base, "pak_suit": "H"}).get_data(as_text=True)
    assert "No, illegal" in html and "paks-5.3" in html

    html = browser.submit("/referee/paks/steal", {**base, "pak_suit": "none"}).get_data(as_text=True)
    assert "No, illegal" in html and "No pak was made this turn" in html

    html = browser.submit("/referee/paks/steal", {**base, "stolen_suits": "D", "victim_2": "QH 9H"}).get_data(
        as_text=True
    )
    assert "No, illegal" in html and "Stolen together" in html

    partner = {**base, "partners": "y", "opt_partner_steal": "false"}
    html = browser.submit("/referee/paks/steal", partner).get_data(as_text=True)
    assert "No, illegal" in html and "B is a partner" in html
    assert "Yes, legal" in browser.submit("/referee/paks/steal", {**partner, "opt_partner_steal": "true"}).get_data(
        as_text=True
    )
    html = browser.submit("/referee/paks/steal", {**base, "owner": "A"}).get_data(as_text=True)
    assert "A cannot steal from themself" in html


def test_steal_page_input_errors(browser: Browser) -> None:
    base = {"pak_suit": "S", "victim_1": "5H 4H KH", "played": "3H 2H", "decks": "2"}
    response = browser.submit("/referee/paks/steal", {k: v for k, v in base.items() if k != "pak_suit"})
    assert response.status_code == 400 and "Pick the suit of the pak made this turn" in response.get_data(as_text=True)
    response = browser.submit("/referee/paks/steal", {**base, "victim_1": ""})
    assert response.status_code == 400 and "names no pak" in response.get_data(as_text=True)
    response = browser.submit("/referee/paks/steal", {**base, "stolen_suits": "S"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "the suit of this turn" in html
    response = browser.submit("/referee/paks/steal", {**base, "victim_2": "5H 9H", "played": "5H 3H"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "appears 3 times" in html and 'value="5H 9H"' in html


def test_index_lists_the_paks_pages(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/referee/").get_data(as_text=True)
    assert "Is this pak legal?" in html and "/referee/paks/steal" in html
