"""Issue 16 on the pages: forms refuse unknown values at the field; claims on referee pages; new checks in the API."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.client import Browser
from tests.support.pages import claim_row
from tests.support.paks import E10, NAMES, deal_form
from tests.support.printing import pdf_text
from tests.support.table import Table


def test_trick_form_refuses_an_unknown_leader_at_the_field(browser: Browser) -> None:
    data = {"players": "4", "trump": "S", "leader": "X", "card_0": "KH", "card_1": "10H", "last": "false"}
    response = browser.submit("/referee/clabber/trick", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="leader-error"' in page and "&#39;X&#39; is not a seat at this table; the seats are N, E, S, W" in page
    assert 'value="KH"' in page


def test_legal_form_refuses_an_unknown_leader_at_the_field(browser: Browser) -> None:
    data = {"players": "4", "trump": "H", "leader": "Q", "trick": "KS", "hand": "10S JH", "card": ""}
    response = browser.submit("/referee/clabber/legal", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="leader-error"' in page
    assert 'value="10S JH"' in page


def test_clabber_form_refuses_an_unknown_player_count(browser: Browser) -> None:
    data = {"players": "5", "trump": "S", "leader": "N", "card_0": "KH", "last": "false"}
    response = browser.submit("/referee/clabber/trick", data)
    assert response.status_code == 400
    assert "Clabber is played by 2, 3, 4 or 6 players" in response.get_data(as_text=True)


def test_api_claim_and_new_checks(client: FlaskClient) -> None:
    body = {"makers": "NS", "points": {"NS": 100, "EW": 62}, "bells": {"NS": 20}, "claim": {"NS": 100}}
    answer = client.post("/api/v1/clabber/deal", json=body).get_json()
    assert answer["claim"]["agreed"] is False
    assert answer["claim"]["missed"][0]["items"] == [{"item": "bell", "points": 20, "clause": "clabber-7.1"}]
    listed = client.get("/api/v1/").get_json()["games"]
    assert {"turn", "end"} <= set(listed["paks"]["checks"])
    assert {"end", "bid"} <= set(listed["clabber"]["checks"])
    assert "order" in listed["dracula"]["checks"]
    bad = client.post("/api/v1/paks/deal", json={"sides": [], "claim": {"A": 1}})
    assert bad.status_code == 400


def test_coffin_page_checks_a_claim(browser: Browser) -> None:
    # E3: Queen 120, King 24; the King claims 19 (the best column is 24).
    cells = ["7H", "8H", "9H", "2C", "QS", "5D", "KD", "4C", "10S"]
    page = browser.get("/referee/dracula/coffin").get_data(as_text=True)
    assert 'name="claim-queen"' in page and 'name="claim-king"' in page
    names = [f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4)]
    data = dict(zip(names, cells, strict=True)) | {"players": "2", "claim-queen": "120", "claim-king": "19"}
    response = browser.submit("/referee/dracula/coffin", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200, page
    assert "The claim differs" in page
    assert claim_row("King (columns)", "total", 19, 24) in page
    data |= {"claim-king": "24"}
    page = browser.submit("/referee/dracula/coffin", data).get_data(as_text=True)
    assert "Claim agreed" in page


def test_a_claim_that_is_no_number_stays_in_the_form_with_its_message(browser: Browser) -> None:
    data = {"table_card": "9H", "played": "5H 4H", "decks": "2", "claim-value": "lots"}
    response = browser.submit("/referee/paks/pak", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="claim-1-error"' in page and 'value="lots"' in page and 'value="5H 4H"' in page


def test_pak_page_claim_of_the_plain_value_is_shown_the_special_pair(browser: Browser) -> None:
    data = {"table_card": "9H", "played": "5H 4H", "decks": "2", "claim-value": "9"}
    page = browser.submit("/referee/paks/pak", data).get_data(as_text=True)
    assert "The claim differs" in page and "<strong>54</strong>" in page and "paks-2.4" in page


def test_melds_page_claim_without_the_bell(browser: Browser) -> None:
    data = {"players": "4", "trump": "H", "hand_0": "KH QH JH 9S 9D 9C", "claim-NS": "20"}
    page = browser.submit("/referee/clabber/melds", data).get_data(as_text=True)
    assert "The claim differs" in page and "NS: 20 missed, from" in page


def test_leftover_page_claim_agreed(browser: Browser) -> None:
    data = {"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH", "decks": "1", "claim-penalty": "-300"}
    response = browser.submit("/referee/iceberg/leftover", data)
    page = response.get_data(as_text=True)
    assert "Claim agreed" in page, page[:3000]


def test_api_page_documents_claims_and_the_new_checks(client: FlaskClient) -> None:
    page = client.get("/api").get_data(as_text=True)
    assert "Claim, then check" in page
    for anchor in ("paks-turn", "paks-end", "clabber-bid", "clabber-end", "dracula-order"):
        assert f'id="{anchor}"' in page
    assert page.count("takes a claim") >= 9


def test_a_claim_entered_with_a_deal_is_judged_on_the_sheet_in_the_history_and_on_print(
    browser: Browser, table: Table
) -> None:

    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    data = deal_form(("Ann", "Bob"), E10) | {"claim-Ann": "75", "claim-Bob": ""}
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 302, response.get_data(as_text=True)
    sheet = browser.get(match).get_data(as_text=True)
    assert "The claim differs" in sheet
    assert claim_row("Ann", "total", 75, 50) in sheet
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Claimed: Ann 75" in history and "Points of the deal: Ann 50" in history
    _, printed = pdf_text(browser.client.get(f"{match}/sheet.pdf").data)
    assert "Claimed: Ann 75" in printed and "Ann total ruled 50 (paks-6.5)" in " ".join(printed.split())
    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert 'name="claim-Ann"' in edit and 'value="75"' in edit
    data["claim-Ann"] = "50"
    response = browser.submit(f"{match}/deals/1/edit", data | {"version": "1"}, form_page=f"{match}/deals/1/edit")
    assert response.status_code == 302, response.get_data(as_text=True)
    assert "Claim agreed" in browser.get(match).get_data(as_text=True)


def test_a_deal_claim_that_is_no_number_keeps_the_entry(browser: Browser, table: Table) -> None:

    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    data = deal_form(("Ann", "Bob"), E10) | {"claim-Ann": "fifty"}
    response = browser.submit(f"{match}/deals/new", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="claim-1-error"' in page and 'value="fifty"' in page and 'value="QH 2H KH"' in page


# --- the new referee pages: every rule reachable by a page ------------------------------------


def test_paks_turn_page_names_the_missed_compulsory_pak(browser: Browser) -> None:
    data = {"table": "9S 4D KC 3H", "drawn": "2D", "hand": "10S 6C 2D", "decks": "2"}
    response = browser.submit("/referee/paks/turn", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "No, illegal" in page and "a pak is compulsory" in page and "paks-9.7" in page


def test_paks_turn_page_two_table_cards_in_one_pak(browser: Browser) -> None:
    data = {"table": "4S 3S KD 2H", "drawn": "5S", "hand": "10S 9S 5S", "decks": "2"}
    data |= {"pak_table_card": "4S 3S", "pak_played": "10S 9S"}
    page = browser.submit("/referee/paks/turn", data).get_data(as_text=True)
    assert "No, illegal" in page and "A pak takes exactly one table card, not 2" in page


def test_paks_turn_page_refuses_an_empty_table_at_the_field(browser: Browser) -> None:
    response = browser.submit("/referee/paks/turn", {"table": "", "drawn": "2D", "hand": "10S", "decks": "2"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="table-error"' in page and 'value="10S"' in page


def test_end_pages_for_paks_and_clabber(browser: Browser) -> None:
    data = {"side_0": "A", "total_0": "505", "side_1": "B", "total_1": "505", "side_2": "C", "total_2": "470"}
    page = browser.submit("/referee/paks/end", data).get_data(as_text=True)
    assert "A and B tie on 505: another deal is played" in page and "paks-7.3" in page
    data = {"side_0": "NS", "total_0": "520", "side_1": "EW", "total_1": "520", "opt_game_tie": "draw"}
    page = browser.submit("/referee/clabber/end", data).get_data(as_text=True)
    assert "NS and EW draw on 520" in page and "clabber-9.2" in page
    response = browser.submit("/referee/clabber/end", data | {"total_0": "lots"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="total_0-error"' in page and 'value="NS"' in page


def test_clabber_bid_page(browser: Browser) -> None:
    data = {"players": "4", "turn_up": "10D", "round": "2", "hand": "AH KS QS 9C JC 10C", "dealer": "no", "suit": "D"}
    page = browser.submit("/referee/clabber/bid", data).get_data(as_text=True)
    assert "clabber-3.2" in page and '<p class="big-result">No</p>' in page
    page = browser.submit("/referee/clabber/bid", data | {"suit": "H"}).get_data(as_text=True)
    assert "Yes: H would be trump" in page
    response = browser.submit("/referee/clabber/bid", data | {"suit": ""})
    assert response.status_code == 400 and "Choose the suit named in round 2" in response.get_data(as_text=True)
    response = browser.submit("/referee/clabber/bid", data | {"players": "5"})
    assert response.status_code == 400 and 'id="players-error"' in response.get_data(as_text=True)


def test_dracula_order_page(browser: Browser) -> None:
    cells = ["r1c2", "r2c1", "r1c1", "r2c3", "r1c3", "r3c2", "r3c1", "r3c3"]
    cards = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]

    def rows(by: list[str]) -> dict[str, str]:
        data = {"centre": "7H"}
        for n, (who, cell, card) in enumerate(zip(by, cells, cards, strict=True)):
            data |= {f"by_{n}": who, f"cell_{n}": cell, f"card_{n}": card}
        return data

    page = browser.submit("/referee/dracula/order", rows(["non-dealer", "dealer"] * 4)).get_data(as_text=True)
    assert "Yes, in order" in page and "dracula-10.5" in page
    page = browser.submit("/referee/dracula/order", rows(["dealer", "non-dealer"] * 4)).get_data(as_text=True)
    assert "move 1: dealer deals and never places first; non-dealer does" in page
    response = browser.submit("/referee/dracula/order", rows(["non-dealer", "dealer"] * 4) | {"by_3": "nobody"})
    assert response.status_code == 400 and 'id="by_3-error"' in response.get_data(as_text=True)


def test_the_referee_index_lists_the_new_pages(client: FlaskClient) -> None:
    page = client.get("/referee/").get_data(as_text=True)
    for title in ("Was this turn played right?", "Is the game over?", "May I say “I play”?", "placed in order"):
        assert title in page
