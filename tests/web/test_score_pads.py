"""The printed sheet is the game's pad filled in: its grid read back from the PDF at the limits (a hundred
deals over three pages), and from the HTML the PDF is made from for the other tables and languages."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate

import pytest
from flask.testing import FlaskClient

from referee import catalogs
from referee.rules.registry import GAMES
from tests.support import deals
from tests.support.printing import html_text, pdf_text, print_html_instead
from tests.support.table import Table

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
PAKS = GAMES["paks"]
#: The heading of the grid's first column.
DEAL = {"en": "Deal", "ja": catalogs.translations("ja").gettext("Deal")}


def grid_rows(text: str) -> dict[int, list[str]]:
    """The grid's deal rows of a printed sheet's text, by deal number: each row's words as extracted."""
    rows: dict[int, list[str]] = {}
    for line in text.splitlines():
        words = line.split()
        # a deal's number, then its dealer by name or, on the pads that have them, by letter
        if len(words) > 3 and re.fullmatch(r"\d+\*?", words[0]) and (words[1] in SIX or words[1] in "ABCDEF"):
            rows.setdefault(int(words[0].rstrip("*")), words)
    return rows


def cells_text(part: str) -> str:
    """The words of a part of a table, as a PDF's text has them: a space between cells, none inside one."""
    return " ".join(html_text(re.sub(r"<[^>]+>", "", re.sub(r"</?t[hd]\b[^>]*>", " ", part))).split())


def html_grid(page: str) -> tuple[str, list[str]]:
    """The grid of a printed page's HTML: its heading's words, and each of its body's rows as one line of
    words (as the PDF's text has them)."""
    grid = page.split('<table class="grid ')[1].split("</table>")[0]
    heading = cells_text(grid.split("<thead>")[1].split("</thead>")[0])
    body = grid.split("<tbody>")[1].split("</tbody>")[0]
    return heading, [cells_text(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def follows(row: Sequence[str], pairs: Sequence[tuple[int, int]]) -> bool:
    """Whether ``row`` ends with each side's deal score and running total, in the sides' order, the last
    side's total last."""
    wanted = [str(n) for pair in pairs for n in pair]
    at = 0
    for word in row:
        if at < len(wanted) and word == wanted[at]:
            at += 1
    return at == len(wanted) and row[-1] == wanted[-1]


def check_every_total(lines: Sequence[str], entries: Sequence[dict], sides: Sequence[str]) -> None:
    """Every deal's row has each side's deal score and running total, and the totals row the final ones."""
    kept = {side: [entry["kept"][side] for entry in entries] for side in sides}
    running = {side: list(accumulate(kept[side])) for side in sides}
    rows = grid_rows("\n".join(lines))
    assert sorted(rows) == list(range(1, len(entries) + 1))
    for number, row in rows.items():
        pairs = [(kept[side][number - 1], running[side][number - 1]) for side in sides]
        assert follows(row, pairs), (number, row, pairs)
    totals = next(line for line in lines if line.startswith("Σ Total"))
    assert totals.split()[2:] == [str(running[side][-1]) for side in sides]


@pytest.mark.slow
def test_a_hundred_deals_print_every_running_total_on_three_pages(table: Table, client: FlaskClient) -> None:
    entries = [deals.paks_quick(n, ["Ann", "Bob"]) for n in range(1, 101)]
    sheet = table.stored_sheet(PAKS, ["Ann", "Bob"], entries, evening=table.stored_evening(["Ann", "Bob"]))
    response = client.get(f"{sheet}/sheet.pdf")
    assert response.status_code == 200
    pages, text = pdf_text(response.data)
    check_every_total(text.splitlines(), entries, ["Ann", "Bob"])
    # The grid's heading on every page it runs over; the chart and the rules after the grid.
    assert text.count("Thrown off (m)") == pages - 1 == 2
    assert text.index("Σ Total") < text.index("Rules in force")


def test_a_six_player_paks_match_prints_both_teams_totals(
    table: Table, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read on the HTML the PDF is made from (the PDF of a Paks sheet is read in the test above)."""
    print_html_instead(monkeypatch)
    teams = ["Ann & Cat & Eve", "Bob & Dan & Fay"]
    entries = [deals.paks_quick(n, teams) for n in range(1, 31)]
    sheet = table.stored_sheet(PAKS, SIX, entries, evening=table.stored_evening(SIX))
    heading, rows = html_grid(client.get(f"{sheet}/sheet.pdf").get_data(as_text=True))
    check_every_total(rows, entries, teams)
    assert "Team 1 Ann & Cat & Eve" in heading and "Team 2 Bob & Dan & Fay" in heading
    # Deal 1: m per suit (clubs 1, spades 0), Ann's team holds a spade and a club pak, Bob's a club pak.
    assert grid_rows("\n".join(rows))[1] == ["1", "Ann", "0", "1", "1", "1", "15", "15", "1", "0", "0"]


def test_a_claim_that_differs_is_marked_on_its_row_and_listed(
    table: Table, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    print_html_instead(monkeypatch)
    entries = [deals.paks_quick(n, ["Ann", "Bob"]) for n in range(1, 4)]
    entries[1] = {**entries[1], "claim": {"Bob": 30}}
    entries[2] = {**entries[2], "claim": {"Bob": 10}}  # agreed: no mark
    sheet = table.stored_sheet(PAKS, ["Ann", "Bob"], entries, evening=table.stored_evening(["Ann", "Bob"]))
    page = client.get(f"{sheet}/sheet.pdf").get_data(as_text=True)
    _, rows = html_grid(page)
    assert [row.split()[0] for row in rows[:3]] == ["1", "2*", "3"]
    assert "* Deal 2: Claimed: Bob 30 — Bob total ruled 0 (paks-6.5)" in " ".join(html_text(page).split())


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_blank_pad_and_the_filled_sheet_have_one_grid(
    table: Table, client: FlaskClient, slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The filled sheet's grid heading is the blank pad's of the same game and player count, in Japanese too
    (read on the HTML both PDFs are made from: each is printed in tests/web/test_printables.py and
    tests/web/test_japanese_pdfs.py)."""
    print_html_instead(monkeypatch)
    seats, made = deals.TABLES[slug]
    sheet = table.stored_sheet(GAMES[slug], seats, [made(n) for n in range(1, 4)], evening=table.stored_evening(seats))
    names = ",".join(seats)
    for language in ("en", "ja"):
        filled_heading, filled_rows = html_grid(client.get(f"{sheet}/sheet.pdf?lang={language}").get_data(as_text=True))
        blank = client.get(f"/print/{slug}/pad.pdf?players={len(seats)}&names={names}&lang={language}")
        blank_heading, _ = html_grid(blank.get_data(as_text=True))
        assert blank_heading == filled_heading, (language, blank_heading, filled_heading)
        assert filled_heading.startswith(DEAL[language]) and seats[-1] in filled_heading, filled_heading
        if language == "ja":  # every word translated: none of English left but the players' names
            assert [word for word in re.findall(r"[A-Za-z]{2,}", filled_heading) if word not in seats] == []
        assert sorted(grid_rows("\n".join(filled_rows))) == [1, 2, 3]


@pytest.mark.parametrize(("scoring", "aces"), [("plus_20", "20"), ("multiplier", "1")])
def test_the_iceberg_grid_writes_aces_as_its_house_rule_counts_them(
    table: Table, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, scoring: str, aces: str
) -> None:
    """An exposed ace is 20 points, or with Bower's multiplier (iceberg-8.1) the number of aces."""
    print_html_instead(monkeypatch)
    seats, _made = deals.TABLES["iceberg"]
    entries = [deals.iceberg(1, seats)]  # Ann goes out; Bob has exposed an ace
    evening = table.stored_evening(seats)
    sheet = table.stored_sheet(GAMES["iceberg"], seats, entries, evening=evening, options={"ace_scoring": scoring})
    page = client.get(f"{sheet}/sheet.pdf").get_data(as_text=True)
    first_deal = page.split('<table class="grid ')[1].split("<tbody>")[1].split("</tr>")[0]
    assert re.findall(r'<td class="g-aces[^"]*">([^<]*)</td>', first_deal) == ["", aces, ""]
