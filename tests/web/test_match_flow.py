"""The phone flow through the pages: evening → players → match → six deals → edit → undo → winner."""

from __future__ import annotations

import re

from referee.rules.dracula import settle_pair
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells, coffin_scores, rescoring_swap
from tests.support.table import Table


def totals(html: str) -> list[int]:
    footer = html.split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r"<td[^>]*>(\d+)</td>", footer)]


def test_whole_evening_of_dracula(browser: Browser, table: Table) -> None:
    evening = table.evening()
    page = browser.get(evening).get_data(as_text=True)
    assert "Ann, Bob" in page

    added = browser.submit(f"{evening}/players", {"name": "Cat"}, form_page=evening)
    assert added.status_code == 302
    assert "Ann, Bob, Cat" in browser.get(evening).get_data(as_text=True)

    match = table.match("dracula", evening=evening, **QUEEN_FIRST)
    sheet = browser.get(match).get_data(as_text=True)
    assert "Enter deal 1" in sheet and "<strong>Ann</strong> deals deal 1 of 6" in sheet

    for number, layout in enumerate(LAYOUTS, start=1):
        response = browser.submit(f"{match}/deals/new", cells(layout))
        assert response.status_code == 302, response.get_data(as_text=True)
        if number < 6:
            dealer = "Bob" if number % 2 else "Ann"
            assert f"<strong>{dealer}</strong> deals deal {number + 1}" in browser.get(match).get_data(as_text=True)

    sheet = browser.get(match).get_data(as_text=True)
    assert "wins" in sheet and "Enter deal" not in sheet
    before = totals(sheet)

    # Correct deal 2: swap two cards within it, so it stays a legal layout with other scores.
    corrected = rescoring_swap(LAYOUTS[1])
    edit_url = f"{match}/deals/2/edit"
    form = browser.get(edit_url).get_data(as_text=True)
    assert f'value="{LAYOUTS[1][0]}"' in form
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    response = browser.submit(edit_url, {**cells(corrected), "version": version})
    assert response.status_code == 302
    after_edit = browser.get(match).get_data(as_text=True)
    deal_page = browser.get(f"{match}/deals/2").get_data(as_text=True)
    assert totals(after_edit) != before
    assert "Correct deal 2" in deal_page

    # Undo the sixth deal: the match is open again, the sixth deal can be entered anew.
    confirm = browser.get(f"{match}/undo")
    assert "Undo deal 6?" in confirm.get_data(as_text=True)
    assert browser.submit(f"{match}/undo", {}).status_code == 302
    reopened = browser.get(match).get_data(as_text=True)
    assert "Enter deal 6" in reopened
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[5])).status_code == 302
    final = browser.get(match).get_data(as_text=True)
    assert 'class="trophy"' in final and "🏆" not in final

    history = browser.get(f"{match}/history").get_data(as_text=True)
    assert "Deal 6 undone" in history and "Deal 2 corrected" in history and "Deal 1 entered" in history

    standings = browser.get(evening).get_data(as_text=True)
    assert "6 deals" in standings and "wins" in standings


def test_sheet_totals_and_bonus_follow_the_rules(browser: Browser, table: Table) -> None:
    """The sheet's final totals are the rules layer's settlement of the six coffins (dracula-6.1)."""
    match = table.match("dracula", **QUEEN_FIRST)
    for layout in LAYOUTS:
        browser.submit(f"{match}/deals/new", cells(layout))
    sheet = browser.get(match).get_data(as_text=True)
    deals = []
    for layout in LAYOUTS:
        scores = coffin_scores(layout)
        deals.append((scores["queen"], scores["king"]))
    expected = settle_pair(("Ann", "Bob"), deals)
    assert totals(sheet) == [expected.final["Ann"], expected.final["Bob"]]
    assert f"</svg> {expected.winner} wins" in sheet
    assert "Bonus" in sheet


def test_bad_card_in_the_form_is_shown_at_the_cell_and_input_kept(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    data = cells(LAYOUTS[0])
    data["r2c3"] = "1H"
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "is not a card" in html and 'aria-invalid="true"' in html
    assert 'value="1H"' in html and f'value="{LAYOUTS[0][0]}"' in html
    assert "Enter deal 1" in browser.get(match).get_data(as_text=True)


def test_card_repeated_from_an_earlier_deal_is_named(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    browser.submit(f"{match}/deals/new", cells(LAYOUTS[0]))
    repeated = list(LAYOUTS[1])
    repeated[3] = LAYOUTS[0][0]
    response = browser.submit(f"{match}/deals/new", cells(repeated))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    shown = re.search(r'<p class="error" id="r2c1-error">(.*?)</p>', html, re.S)
    assert shown and "deal 1 r1c1 already" in shown.group(1)  # at the cell holding it, naming where else it is


def test_empty_cell_is_refused(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    data = cells(LAYOUTS[0])
    data["r1c1"] = ""
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 400 and "is empty" in response.get_data(as_text=True)


def test_stale_edit_is_refused_with_the_newer_entry_shown(browser: Browser, table: Table) -> None:
    match = table.match("dracula", **QUEEN_FIRST)
    browser.submit(f"{match}/deals/new", cells(LAYOUTS[0]))
    swapped = list(LAYOUTS[0])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert browser.submit(f"{match}/deals/1/edit", {**cells(swapped), "version": "1"}).status_code == 302
    again = list(LAYOUTS[0])
    again[0], again[2] = again[2], again[0]
    response = browser.submit(f"{match}/deals/1/edit", {**cells(again), "version": "1"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Someone else changed this deal" in html and f'value="{again[0]}"' in html
    # The message points at the newer entry where the page shows it: above the message.
    assert "Its newer entry is shown above" in html
    assert html.index("The deal as it now stands on the sheet") < html.index("Its newer entry is shown above")


def test_match_setup_errors_are_shown_at_the_field(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat", "Dan", "Eve"])
    response = browser.submit(
        f"{evening}/matches/new/dracula",
        {f"seat_{i}": n for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"][:1])} | {"first_dealer": "Ann"},
    )
    assert response.status_code == 400 and "played by 2, 3, 4 players, not 1" in response.get_data(as_text=True)
    response = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Eve"}
    )
    assert response.status_code == 400 and "first dealer" in response.get_data(as_text=True)


def test_three_and_four_player_matches_score_by_seat(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat", "Dan"])
    three = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": "Bob", "seat_2": "Cat", "first_dealer": "Ann"}
    ).headers["Location"]
    assert browser.submit(f"{three}/deals/new", cells(LAYOUTS[0])).status_code == 302
    sheet = browser.get(three).get_data(as_text=True)
    assert "<strong>Bob</strong> deals deal 2" in sheet
    four = browser.submit(
        f"{evening}/matches/new/dracula",
        {"seat_0": "Ann", "seat_1": "Bob", "seat_2": "Cat", "seat_3": "Dan", "first_dealer": "Ann"},
    ).headers["Location"]
    sheet = browser.get(four).get_data(as_text=True)
    assert "Ann &amp; Cat" in sheet and "Bob &amp; Dan" in sheet
    assert "<strong>Bob</strong> starts deal 1" in sheet


def test_csrf_is_required_on_forms(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/", data={"name": "x", "players": "Ann"})
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)


def test_unknown_pages_are_404(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/e/nope").status_code == 404
    assert client.get("/e/nope/matches/1").status_code == 404
