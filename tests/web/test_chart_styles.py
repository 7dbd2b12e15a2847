"""One style per person on every chart of an evening: a colour, a dash and a marker that stay with the
player on each sheet and on the standings; a team is drawn once, in its first player's style; and the
colours keep their contrast in light and dark mode."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from flask.testing import FlaskClient

from referee.rules.registry import GAMES
from referee.web.presentation.charts import PALETTE, Series, line_chart, style_of
from tests.support import deals
from tests.support.table import Table

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
TEAMS = ["Ann & Cat", "Bob & Dan"]
PAKS, DRACULA, ZHENGFEN = GAMES["paks"], GAMES["dracula"], GAMES["zhengfen"]


def drawn(html: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """Every chart of a page: chart id → each line's name (from its legend) → how it is drawn (its colour
    class and colour, its dash, its marker's shape)."""
    charts = {}
    for found in re.finditer(r'<svg class="chart" id="([^"]+)".*?</svg>', html, re.S):
        svg = ET.fromstring(found.group(0))
        lines = {}
        for group in svg.iter(f"{SVG}g"):
            if "chart-line" not in (group.get("class") or ""):
                continue
            name = group.find(f"{SVG}text[@class='chart-label']").text.rsplit(" ", 1)[0]
            dot = group.find(f"{SVG}*[@class='chart-dot']")
            shape = (dot.tag, dot.get("d") or "", dot.get("fill") or "")
            dash = group.find(f"{SVG}polyline").get("stroke-dasharray") or ""
            lines[name] = (group.get("class").split()[1], group.get("color"), dash, *shape)
        charts[found.group(1)] = lines
    return charts


def test_each_person_keeps_one_style_on_every_chart_of_the_evening(table: Table, client: FlaskClient) -> None:
    evening = table.stored_evening(PLAYERS)
    paks = table.stored_sheet(PAKS, PLAYERS, [deals.paks_win(TEAMS)] * 2, evening=evening)
    dracula = table.stored_sheet(DRACULA, ["Cat", "Bob"], [deals.dracula(n) for n in range(1, 7)], evening=evening)
    three = ["Dan", "Cat", "Bob"]
    zhengfen = table.stored_sheet(ZHENGFEN, three, [deals.zhengfen(1, three)], evening=evening)

    seen: dict[str, set[tuple[str, ...]]] = {}
    pages = [client.get(path).get_data(as_text=True) for path in (f"/e/{evening}", paks, dracula, zhengfen)]
    charts = [chart for page in pages for chart in drawn(page).values()]
    assert len(charts) == 4  # the standings and three sheets
    for chart in charts:
        assert len(set(chart.values())) == len(chart), chart  # no two lines of a chart drawn alike
        for name, style in chart.items():
            # A team is its first player: Ann & Cat are drawn as Ann.
            seen.setdefault(name.split(" & ")[0], set()).add(style)
    assert set(seen) == set(PLAYERS)
    for place, name in enumerate(PLAYERS):
        assert len(seen[name]) == 1, (name, seen[name])
        (style,) = seen[name]
        assert style[:3] == (f"chart-s{place}", PALETTE[place], style_of(place).dash)
    # The standings: Ann and Cat partnered in Paks only, then Cat played on: Ann's line is her own.
    standings = drawn(pages[0])["standings-chart"]
    assert sorted(standings) == PLAYERS
    assert set(drawn(pages[1])["sheet-chart"]) == set(TEAMS)


def test_partners_who_played_every_match_together_are_one_line_on_the_standings(
    table: Table, client: FlaskClient
) -> None:
    evening = table.stored_evening(PLAYERS)
    table.stored_match(PAKS, PLAYERS, entries=[deals.paks_win(TEAMS)] * 2, evening=evening)
    standings = drawn(client.get(f"/e/{evening}").get_data(as_text=True))["standings-chart"]
    assert sorted(standings) == TEAMS
    assert standings["Bob & Dan"][0] == "chart-s1"


def test_a_person_keeps_the_style_of_their_place_in_the_group(table: Table, client: FlaskClient) -> None:
    """In a group's evening the style is the person's place in the group, whoever came that evening."""
    table.stored_evening(PLAYERS, group="Club")
    later = table.stored_evening(["Dan", "Bob"], name="Later", group="Club")
    sheet = table.stored_sheet(DRACULA, ["Dan", "Bob"], [deals.dracula(1)], evening=later)
    lines = drawn(client.get(sheet).get_data(as_text=True))["sheet-chart"]
    assert lines["Dan"][0] == "chart-s3" and lines["Bob"][0] == "chart-s1"
    alone = table.stored_evening(["Dan", "Bob"], name="Elsewhere")
    sheet = table.stored_sheet(DRACULA, ["Dan", "Bob"], [deals.dracula(1)], evening=alone)
    lines = drawn(client.get(sheet).get_data(as_text=True))["sheet-chart"]
    assert lines["Dan"][0] == "chart-s0" and lines["Bob"][0] == "chart-s1"  # their places in that evening


def test_lines_past_eight_keep_apart_by_marker_and_dash() -> None:
    styles = [style_of(index) for index in range(16)]
    assert len({(s.css, s.dash, s.marker) for s in styles}) == 16
    assert all(styles[i].marker != styles[i + 8].marker for i in range(8))


def test_every_line_is_named_at_its_end_apart_from_the_others() -> None:
    svg = ET.fromstring(line_chart("c", "T", "D", ["0", "1"], [Series(n, [0, 50], i) for i, n in enumerate("ABC")]))
    ends = [(t.text, float(t.get("y"))) for t in svg.iter(f"{SVG}text") if t.get("class") == "chart-end"]
    assert [text for text, _ in ends] == ["A 50", "B 50", "C 50"]
    heights = sorted(y for _, y in ends)
    assert all(b - a >= 10 for a, b in itertools.pairwise(heights))


def contrast(one: str, other: str) -> float:
    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_line_colours_stand_out_from_the_page_in_light_and_dark_mode() -> None:
    """A line and its marker need 3:1 against the page (WCAG 1.4.11); these have 4.5:1."""
    css = (Path(__file__).parents[2] / "static" / "css" / "app.css").read_text()
    light_css, dark_css = css.split("@media (prefers-color-scheme: dark)", 1)
    light_pages = re.search(r"--bg: (#\w{6}).*?--panel: (#\w{6})", light_css, re.S).groups()
    dark_pages = re.search(r"--bg: (#\w{6}).*?--panel: (#\w{6})", dark_css, re.S).groups()
    dark_lines = re.findall(r"\.chart-s\d \{ color: (#\w{6}); \}", dark_css)
    assert len(dark_lines) == len(PALETTE) == 8
    for lines, pages in ((PALETTE, light_pages), (dark_lines, dark_pages)):
        for line in lines:
            assert min(contrast(line, page) for page in pages) >= 4.5, (line, pages)
