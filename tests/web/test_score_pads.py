"""The printed sheet is the game's pad filled in: its grid read back from the PDF, at the limits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.rules.registry import GAMES
from tests.support import deals
from tests.web.test_printables import pdf_text

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def grid_rows(text: str) -> dict[int, list[str]]:
    """The grid's deal rows of a printed sheet, by deal number: each row's words as extracted."""
    rows: dict[int, list[str]] = {}
    for line in text.splitlines():
        words = line.split()
        # a deal's number, then its dealer by name or, on the pads that have them, by letter
        if len(words) > 3 and re.fullmatch(r"\d+\*?", words[0]) and (words[1] in SIX or words[1] in "ABCDEF"):
            rows.setdefault(int(words[0].rstrip("*")), words)
    return rows


def follows(row: Sequence[str], pairs: Sequence[tuple[int, int]]) -> bool:
    """Whether ``row`` ends with each side's deal score and running total, in the sides' order, the last
    side's total last."""
    wanted = [str(n) for pair in pairs for n in pair]
    at = 0
    for word in row:
        if at < len(wanted) and word == wanted[at]:
            at += 1
    return at == len(wanted) and row[-1] == wanted[-1]


def check_every_total(text: str, entries: Sequence[dict], sides: Sequence[str]) -> None:
    kept = {side: [entry["kept"][side] for entry in entries] for side in sides}
    running = {side: list(accumulate(kept[side])) for side in sides}
    rows = grid_rows(text)
    assert sorted(rows) == list(range(1, len(entries) + 1))
    for number, row in rows.items():
        pairs = [(kept[side][number - 1], running[side][number - 1]) for side in sides]
        assert follows(row, pairs), (number, row, pairs)
    totals = next(line for line in text.splitlines() if line.startswith("Σ Total"))
    assert totals.split()[2:] == [str(running[side][-1]) for side in sides]


@pytest.mark.slow
def test_a_hundred_deals_print_every_running_total_on_three_pages(app: Flask, client: FlaskClient) -> None:
    evening = deals.new_evening(app, ["Ann", "Bob"])
    entries = [deals.paks_quick(n, ["Ann", "Bob"]) for n in range(1, 101)]
    sheet = deals.stored_match(app, evening.code, "paks", ["Ann", "Bob"], entries)
    response = client.get(f"{sheet}/sheet.pdf")
    assert response.status_code == 200
    pages, text = pdf_text(response.data)
    check_every_total(text, entries, ["Ann", "Bob"])
    # The grid's heading on every page it runs over; the chart and the rules after the grid.
    assert text.count("Thrown off (m)") == pages - 1 == 2
    assert text.index("Σ Total") < text.index("Rules in force")


def test_a_six_player_paks_match_prints_both_teams_totals(app: Flask, client: FlaskClient) -> None:
    teams = ["Ann & Cat & Eve", "Bob & Dan & Fay"]
    evening = deals.new_evening(app, SIX)
    entries = [deals.paks_quick(n, teams) for n in range(1, 31)]
    sheet = deals.stored_match(app, evening.code, "paks", SIX, entries)
    _, text = pdf_text(client.get(f"{sheet}/sheet.pdf").data)
    check_every_total(text, entries, teams)
    assert "TEAM 1" in text and "Ann & Cat & Eve" in text
    first = grid_rows(text)[1]
    # Deal 1: m per suit (clubs 1, spades 0), Ann's team holds a spade and a club pak, Bob's a club pak.
    assert first == ["1", "Ann", "0", "1", "1", "1", "15", "15", "1", "0", "0"]


def test_a_claim_that_differs_is_marked_on_its_row_and_listed(app: Flask, client: FlaskClient) -> None:
    evening = deals.new_evening(app, ["Ann", "Bob"])
    entries = [deals.paks_quick(n, ["Ann", "Bob"]) for n in range(1, 4)]
    entries[1] = {**entries[1], "claim": {"Bob": 30}}
    entries[2] = {**entries[2], "claim": {"Bob": 10}}  # agreed: no mark
    sheet = deals.stored_match(app, evening.code, "paks", ["Ann", "Bob"], entries)
    _, text = pdf_text(client.get(f"{sheet}/sheet.pdf").data)
    rows = grid_rows(text)
    assert [row[0] for row in rows.values()] == ["1", "2*", "3"]
    assert "* Deal 2: Claimed: Bob 30 — Bob total ruled 0 (paks-6.5)" in " ".join(text.split())


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_blank_pad_and_the_filled_sheet_have_one_grid(app: Flask, client: FlaskClient, slug: str) -> None:
    """The filled sheet's grid heading is the blank pad's of the same game and player count, in Japanese too."""
    seats, made = deals.TABLES[slug]
    players = len(seats)
    evening = deals.new_evening(app, seats)
    sheet = deals.stored_match(app, evening.code, slug, seats, [made(n) for n in range(1, 4)])
    for language in ("en", "ja"):
        _, filled = pdf_text(client.get(f"{sheet}/sheet.pdf?lang={language}").data)
        names = ",".join(seats)
        _, blank = pdf_text(client.get(f"/print/{slug}/pad.pdf?players={players}&names={names}&lang={language}").data)
        heading = heading_of(blank)
        assert heading and heading == heading_of(filled), (language, heading, heading_of(filled))
        assert sorted(grid_rows(filled)) == [1, 2, 3]


def heading_of(text: str) -> list[str]:
    """The grid's heading as extracted: the lines from the deal column's heading to the first row."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"(Deal|ディー)", line))
    end = next(i for i, line in enumerate(lines) if i > start and re.match(r"(1|→)(\s|$)", line))
    return lines[start:end]
