"""The evening's standings across games and the charts: on the pages, in the PDFs and the CSV."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

from referee.web.presentation.charts import Series, line_chart, number_text
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, cells, play_dracula
from tests.support.printing import pdf_text
from tests.support.table import Table

SVG = "{http://www.w3.org/2000/svg}"


def svg_of(html: str, chart_id: str) -> ET.Element:
    found = re.search(rf'<svg class="chart" id="{chart_id}".*?</svg>', html, re.S)
    assert found, f"no chart {chart_id}"
    return ET.fromstring(found.group(0))


def test_chart_draws_one_line_per_series_scaled_and_described() -> None:
    svg = ET.fromstring(
        line_chart(
            "c",
            "Totals",
            "After deal 2: <Ann> 30",
            ["0", "1", "2"],
            [Series("<Ann>", [0, 10, 30]), Series("Bob", [0, -5, 5])],
        )
    )
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "c-t c-d"
    assert svg.find(f"{SVG}title").text == "Totals"
    assert svg.find(f"{SVG}desc").text == "After deal 2: <Ann> 30"
    lines = [
        [tuple(map(float, p.split(","))) for p in poly.get("points").split()] for poly in svg.iter(f"{SVG}polyline")
    ]
    assert [len(line) for line in lines] == [3, 3]
    ann, bob = lines
    assert ann[0][1] > ann[1][1] > ann[2][1]  # higher totals are drawn higher up
    assert bob[1][1] > ann[0][1]  # below zero is below the zero line
    assert [x for x, _ in ann] == [x for x, _ in bob] and ann[0][0] < ann[1][0] < ann[2][0]
    labels = [t.text for t in svg.iter(f"{SVG}text")]
    assert "<Ann> 30" in labels and "Bob 5" in labels


def test_shared_points_are_written_as_fractions() -> None:
    assert [number_text(v) for v in (3, Fraction(3, 2), Fraction(1, 3), Fraction(-1, 2), 2.25)] == [
        "3",
        "1½",
        "⅓",
        "−½",
        "2¼",
    ]


def test_evening_page_ranks_players_across_matches_and_draws_the_standings(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat"])
    assert "Standings" not in browser.get(evening).get_data(as_text=True)
    first, first_winner = play_dracula(browser, evening, "Ann", "Bob")
    _second, second_winner = play_dracula(browser, evening, "Bob", "Cat")
    page = browser.get(evening).get_data(as_text=True)
    table = page.split('<table class="standings-table stack-table">')[1].split("</table>")[0]
    rows = re.findall(
        r'<td class="num" data-label="Place">(=?\d+)</td>\s*<th scope="row">(\w+).*?'
        r'<td class="num" data-label="Points">([\d½]+)</td>',
        table,
        re.S,
    )
    points: dict[str, int] = {"Ann": 0, "Bob": 0, "Cat": 0}
    points[first_winner] += 1
    points[second_winner] += 1
    assert {name: int(p) for _place, name, p in rows} == points
    assert [int(p) for _place, _name, p in rows] == sorted(points.values(), reverse=True)
    assert "1. Dracula" in table and "2. Dracula" in table and "dracula-6.1" in table
    chart = svg_of(page, "standings-chart")
    assert "Placing points after 2 finished matches" in chart.find(f"{SVG}desc").text
    assert len(list(chart.iter(f"{SVG}polyline"))) == 3
    sheet = browser.get(first).get_data(as_text=True)
    running = svg_of(sheet, "sheet-chart")
    assert [len(line.get("points").split()) for line in running.iter(f"{SVG}polyline")] == [8, 8]  # 0, six deals, bonus
    totals = re.findall(r"<td class=\"(?:winner)?\">(\d+)</td>", sheet.split("<tfoot>")[1])
    desc = running.find(f"{SVG}desc").text
    assert desc.startswith("Running totals after deal 6 and the bonus: ")
    assert f"Ann {totals[0]}, Bob {totals[1]}" in desc


def test_record_pdf_and_sheet_pdf_carry_standings_and_charts(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat"])
    match, winner = play_dracula(browser, evening, "Ann", "Bob")
    _pages, text = pdf_text(browser.client.get(f"{evening}/record.pdf").data)
    assert "Standings across games" in text and "Standings as they grew" not in text  # the title is not drawn
    assert "Placing points after each finished match" in text and f"{winner} 1" in text
    assert "dracula-6.1" in text
    _pages, sheet_text = pdf_text(browser.client.get(f"{match}/sheet.pdf").data)
    assert "Running totals, deal by deal" in sheet_text


def test_csv_lists_each_placing_and_the_standings(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat"])
    _match, winner = play_dracula(browser, evening, "Ann", "Bob")
    rows = list(csv.DictReader(io.StringIO(browser.client.get(f"{evening}/export.csv").get_data(as_text=True))))
    placings = {r["side"]: (r["score"], r["mark"]) for r in rows if r["deal"] == "placing"}
    loser = "Bob" if winner == "Ann" else "Ann"
    assert placings == {winner: ("1", "1"), loser: ("0", "2")}
    standing = [(r["side"], r["score"], r["mark"]) for r in rows if r["deal"] == "standing"]
    assert standing[0] == (winner, "1", "1")
    assert sorted(standing[1:]) == [(loser, "0", "=2"), ("Cat", "0", "=2")]


def test_play_again_keeps_seats_and_house_rules_and_passes_the_first_deal(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat"])
    data = {
        "seat_0": "Bob",
        "seat_1": "Ann",
        "first_dealer": "Ann",
        "opt_first_dealer_role": "king",
        "opt_all_tied": "score_third",
    }
    match = browser.submit(f"{evening}/matches/new/dracula", data).headers["Location"]
    unfinished = browser.submit(f"{match}/rematch", {}, form_page=match)
    assert unfinished.status_code == 400
    for layout in LAYOUTS:
        browser.submit(f"{match}/deals/new", cells(layout))
    sheet = browser.get(match).get_data(as_text=True)
    assert "Play again" in sheet and "Bob deals first" in sheet
    again = browser.submit(f"{match}/rematch", {}, form_page=match)
    assert again.status_code == 302 and again.headers["Location"] != match
    page = browser.get(again.headers["Location"]).get_data(as_text=True)
    assert "<strong>Bob</strong> deals deal 1 of 6" in page and "Bob deals first" in page
    assert page.count("(house rule)") == browser.get(match).get_data(as_text=True).count("(house rule)") > 0
    evening_page = browser.get(evening).get_data(as_text=True)
    assert evening_page.count('class="match-link"') == 2


def test_play_again_needs_the_editor_link(browser: Browser, table: Table, app) -> None:  # type: ignore[no-untyped-def]
    evening = table.evening(["Ann", "Bob"])
    match, _winner = play_dracula(browser, evening, "Ann", "Bob")
    viewer = Browser(app.test_client())
    viewer_sheet = viewer.get(match).get_data(as_text=True)
    assert "Play again" not in viewer_sheet
    viewer.get("/")  # a form page, for the viewer's own CSRF token
    assert viewer.client.post(f"{match}/rematch", data={"csrf_token": viewer.token}).status_code == 403
    assert browser.get(evening).get_data(as_text=True).count('class="match-link"') == 1
