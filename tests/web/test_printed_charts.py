"""A PDF draws its charts from SVG images: the same SVG as the page shows inline, with its title and
description as the image's text."""

from __future__ import annotations

import base64
import re

import pytest
from flask.testing import FlaskClient

from referee.rules.registry import GAMES
from referee.web.presentation.charts import Series, line_chart
from tests.support import deals
from tests.support.printing import print_html_instead
from tests.support.table import Table


def test_a_chart_as_an_image_is_the_inline_chart() -> None:
    series = [Series("Ann", [0, 20, 45]), Series("Bob & <Cy>", [0, -5, 10])]
    arguments = ("c-1", "Running totals", "After deal 2: Ann 45, Bob & <Cy> 10.", ["0", "1", "2"], series)
    inline = line_chart(*arguments)
    image = line_chart(*arguments, image=True)
    found = re.fullmatch(r'<img class="chart" id="c-1" alt="([^"]*)" src="data:image/svg\+xml;base64,([^"]+)">', image)
    assert found, image
    assert base64.b64decode(found.group(2)).decode() == inline
    assert found.group(1) == "Running totals. After deal 2: Ann 45, Bob &amp; &lt;Cy&gt; 10."


def test_the_record_and_a_sheet_print_their_charts_as_images(
    table: Table, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = ["Ann", "Bob"]
    evening = table.stored_evening(players)
    sheet = table.stored_sheet(GAMES["dracula"], players, [deals.dracula(n) for n in range(1, 4)], evening=evening)
    print_html_instead(monkeypatch)
    for url, charts in ((f"/e/{evening}/record.pdf", 1), (f"{sheet}/sheet.pdf", 1)):
        printed = client.get(url).get_data(as_text=True)
        assert len(re.findall(r'<img class="chart" id="sheet-chart[^"]*" alt="Running totals\. ', printed)) == charts
        assert '<svg class="chart"' not in printed
    assert '<svg class="chart" id="sheet-chart"' in client.get(sheet).get_data(as_text=True)  # the page's own
