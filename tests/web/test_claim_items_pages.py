"""Claimed items on the pages: folded under the claim boxes on the deal entry form and the referee pages,
judged item by item, kept with the deal and shown on the sheet, in its history and on the printed sheet,
in English and Japanese; and the API page that documents them."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.dracula import E3
from tests.support.pages import JA, claim_row, visible_words
from tests.support.paks import E10, NAMES, deal_form
from tests.support.phones import english_words
from tests.support.printing import pdf_text
from tests.support.table import Table


def folded(page: str) -> bool:
    """The item boxes are there, folded away."""
    found = re.search(r'<details class="claim-items"( open)?>', page)
    assert found, "no claim items on the page"
    return found.group(1) is None


def test_a_deal_claimed_with_items_is_judged_kept_and_shown_in_history_and_print(
    browser: Browser, table: Table
) -> None:
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    page = browser.get(f"{match}/deals/new").get_data(as_text=True)
    assert folded(page)
    assert 'name="claimitem-0-hearts"' in page and 'name="claimitem-1-clubs"' in page
    # E10: Ann keeps 50 in hearts after the throw-off; she claims 60 there and 60 in all.
    data = deal_form(("Ann", "Bob"), E10) | {"claim-Ann": "60", "claimitem-0-hearts": "60"}
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 302, response.get_data(as_text=True)
    sheet = browser.get(match).get_data(as_text=True)
    assert claim_row("Ann", "hearts", 60, 50) + '<td data-label="Rule"><span class="rule">paks-6.4</span></td>' in sheet
    assert claim_row("Ann", "total", 60, 50) in sheet
    assert "Items claimed:" in sheet
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Claimed: Ann 60; Ann: hearts 60" in history
    _, printed = pdf_text(browser.client.get(f"{match}/sheet.pdf").data)
    printed = " ".join(printed.split())
    assert "Claimed: Ann 60; Ann: hearts 60" in printed and "Ann hearts ruled 50 (paks-6.4)" in printed
    edit = browser.get(f"{match}/deals/1/edit").get_data(as_text=True)
    assert not folded(edit) and 'name="claimitem-0-hearts"' in edit and 'value="60"' in edit
    data |= {"claim-Ann": "50", "claimitem-0-hearts": "50", "version": "1"}
    response = browser.submit(f"{match}/deals/1/edit", data, form_page=f"{match}/deals/1/edit")
    assert response.status_code == 302, response.get_data(as_text=True)
    assert "Claim agreed" in browser.get(match).get_data(as_text=True)


def test_an_item_that_is_no_number_keeps_the_deal_and_stays_unfolded(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    data = deal_form(("Ann", "Bob"), E10) | {"claimitem-1-spades": "lots"}
    response = browser.submit(f"{match}/deals/new", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert not folded(page)
    assert 'id="claim-1-spades-error"' in page and 'value="lots"' in page and 'value="QH 2H KH"' in page


def test_coffin_page_claims_a_line_multiplier_of_the_side_that_owns_it(browser: Browser) -> None:
    page = browser.get("/referee/dracula/coffin").get_data(as_text=True)
    assert folded(page)
    assert 'name="claimitem-0-r1_multiplier"' in page and 'name="claimitem-1-c3"' in page
    assert 'name="claimitem-0-c1"' not in page  # the Queen scores rows only
    data = E3 | {"players": "2", "claim-queen": "72", "claimitem-0-r1_multiplier": "3"}
    page = browser.submit("/referee/dracula/coffin", data).get_data(as_text=True)
    assert not folded(page)
    assert claim_row("Queen (rows)", "row 1 multiplier", 3, 5) in page
    assert "Queen, row 1 multiplier: claimed 3, the rules give 5" in page
    three = browser.submit("/referee/dracula/coffin", E3 | {"players": "3"}).get_data(as_text=True)
    assert 'name="claimitem-0-r2"' in three and 'name="claimitem-0-c2_multiplier"' in three


def test_clabber_deal_page_claims_the_bell(browser: Browser) -> None:
    data = {"players": "4", "makers": "NS", "points_0": "100", "points_1": "62", "bell": "NS"}
    data |= {"claim-NS": "100", "claimitem-0-bell": "0"}
    page = browser.submit("/referee/clabber/deal", data).get_data(as_text=True)
    assert claim_row("NS", "bell", 0, 20) in page and claim_row("NS", "total", 100, 120) in page
    assert "NS: 20 missed, from bell 20" in page


def test_clabber_trick_page_takes_a_claim(browser: Browser) -> None:
    data = {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "card_1": "AH", "last": "true"}
    page = browser.submit("/referee/clabber/trick", data | {"claim-EW": "15"}).get_data(as_text=True)
    assert "The claim differs" in page and claim_row("EW", "total", 15, 25) in page
    assert "EW: 10 missed, from last trick 10" in page


def test_zhengfen_pages_claim_items_and_points(browser: Browser) -> None:
    page = browser.submit("/referee/zhengfen/classify", {"cards": "5S 10S KS", "claim-points": "20"}).get_data(
        as_text=True
    )
    assert claim_row("Points", "total", 20, 25) in page and "zhengfen-2.1" in page
    page = browser.get("/referee/zhengfen/deal").get_data(as_text=True)
    assert folded(page) and 'name="claimitem-1-transfer"' in page


def test_leftover_page_claims_v_star(browser: Browser) -> None:
    data = {"hand": "4H 5H 6H 7H 8H", "table_0": "9H 10H JH", "decks": "1", "claimitem-0-best_points": "200"}
    page = browser.submit("/referee/iceberg/leftover", data).get_data(as_text=True)
    assert claim_row("Penalty", "best points V*", 200, 300) in page


# --- in Japanese -----------------------------------------------------------------------------------


def test_coffin_claim_items_read_japanese(client: FlaskClient) -> None:
    browser = Browser(client)
    client.set_cookie("lang", "ja")
    data = E3 | {"players": "2", "claim-queen": "72", "claimitem-0-r1_multiplier": "3"}
    page = browser.submit("/referee/dracula/coffin", data).get_data(as_text=True)
    assert "横列1の倍率" in page and "項目も申告する" in page
    verdict = page[page.index("claim-verdict") : page.index("</section>", page.index("claim-verdict"))]
    assert english_words(visible_words(verdict)) == []


def test_a_deal_claim_with_items_reads_japanese_on_the_sheet_and_in_history(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    data = deal_form(("Ann", "Bob"), E10) | {"claim-Ann": "60", "claimitem-0-hearts": "60"}
    assert browser.submit(f"{match}/deals/new", data).status_code == 302
    browser.client.set_cookie("lang", "ja")
    sheet = browser.get(match).get_data(as_text=True)
    start = sheet.index("claim-verdict")
    verdict = sheet[start : sheet.index("</section>", start)]
    assert "ハート" in verdict and "合計" in verdict
    assert english_words(visible_words(verdict), ["Ann", "Bob"]) == []
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Ann：ハート 60" in history


def test_unscored_claims_say_why_in_japanese(client: FlaskClient) -> None:
    layout = [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", None]]
    answer = client.post("/api/v1/dracula/coffin", json={"layout": layout, "claim": {"queen": 120}}, headers=JA)
    why = answer.get_json()["claim"]["explanation"][0]["text"]
    assert answer.status_code == 200 and why.startswith("得点がつかないため")
    assert english_words(why) == [], why
    body = {"hand": ["4H"], "table": [["9H", "KS"]], "decks": 1, "claim": {"penalty": -10}}
    answer = client.post("/api/v1/iceberg/leftover", json=body, headers=JA)
    why = answer.get_json()["claim"]["explanation"][0]["text"]
    assert answer.status_code == 200 and english_words(why) == [], why
    body = {"layout": [row[:] for row in layout[:2]] + [["KD", "4C", "10S"]], "claim": {"king": 19}}
    answer = client.post("/api/v1/dracula/coffin", json=body, headers=JA).get_json()
    assert [step["text"] for step in answer["claim"]["explanation"]] == [
        "キング：申告は19点、ルールでは24点です",
        "キング：5点の見落とし",
    ]


# --- the API page ------------------------------------------------------------------------------------


def test_the_api_page_documents_the_claim_its_answer_and_each_checks_items(client: FlaskClient) -> None:
    page = client.get("/api").get_data(as_text=True)
    section = page[page.index('id="claims"') : page.index("</section>", page.index('id="claims"'))]
    for field in ("<code>claim</code>", "<code>items</code>", "<code>agreed</code>", "<code>differences</code>"):
        assert field in section
    for field in ("<code>missed</code>", "<code>claimed</code>", "<code>claimed_items</code>"):
        assert field in section
    assert '"claimed_items"' in section  # the example's answer
    ruled = [check for game in GAMES.values() for check in game.checks.values() if check.ruling]
    assert page.count('<span class="badge">takes a claim</span>') == len(ruled)
    assert "Items a claim may give: <code>r1</code> (row 1), <code>r2</code> (row 2)" in page
    assert "<code>r1_multiplier</code> (row 1 multiplier)" in page
    assert "<code>last</code> (last trick)" in page and "<code>best_points</code> (best points V*)" in page


def test_a_corrected_claim_item_reads_japanese_in_history(browser: Browser, table: Table) -> None:
    match = table.match("paks", NAMES[:2], evening=table.evening(NAMES))
    data = deal_form(("Ann", "Bob"), E10) | {"claimitem-0-hearts": "60"}
    assert browser.submit(f"{match}/deals/new", data).status_code == 302
    data |= {"claimitem-0-hearts": "50", "version": "1"}
    assert browser.submit(f"{match}/deals/1/edit", data, form_page=f"{match}/deals/1/edit").status_code == 302
    assert "claim, Ann, hearts: 60 → 50" in browser.get(f"{match}/history").get_data(as_text=True)
    browser.client.set_cookie("lang", "ja")
    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "申告、Ann、ハート：60 → 50" in history
