"""Groups for the page tests: a group started through its pages, its evenings, and its season's table as read."""

from __future__ import annotations

import re

from tests.support.client import Browser


def start_group(browser: Browser, name: str = "Thursday table") -> str:
    response = browser.submit("/g/new", {"name": name})
    assert response.status_code == 302
    return response.headers["Location"]


def group_evening(browser: Browser, group: str, players: str, name: str = "") -> str:
    response = browser.submit(f"{group}/evenings", {"name": name, "players": players}, form_page=group)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def table_rows(html: str, heading: str) -> list[list[str]]:
    """The body rows of the first table after ``heading`` (its exact text), each cell's text without tags."""
    table = html.split(heading, 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [
            re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)
    ]


def season_rows(html: str) -> dict[str, tuple[str, str, str]]:
    """The first season's table: per person, their points, won/played and evenings."""
    return {name: (points, won, evenings) for _place, name, points, won, evenings in table_rows(html, "<h2>Season ")}
