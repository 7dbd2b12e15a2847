"""Printing at any length: a filled sheet is its pad, a row per deal, deals worked out in full
are a bounded choice, every PDF comes from a cache, and PDF requests beyond the machine's render slots
are told to try again."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from filelock import FileLock
from flask import Flask

from referee.web.printing import pdf_cache
from referee.web.printing import views as printables
from referee.web.printing.pdf_cache import pdfs
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.pages import upload
from tests.support.paks import E10, NAMES, deal_form
from tests.support.printing import count_renders, html_text, pdf_text, print_html_instead
from tests.support.table import Table


@pytest.fixture
def match(browser: Browser, table: Table) -> str:
    match = table.match("dracula", **QUEEN_FIRST)
    for layout in LAYOUTS[:3]:
        assert browser.submit(f"{match}/deals/new", cells(layout)).status_code == 302
    return match


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates rendered to PDF from now on (the cache emptied first)."""
    done = count_renders(monkeypatch)
    pdfs.clear()
    return done


def test_the_filled_sheet_prints_one_row_per_deal(browser: Browser, match: str) -> None:
    response = browser.client.get(f"{match}/sheet.pdf")
    assert response.status_code == 200
    _, text = pdf_text(response.data)
    rows = [line for line in text.splitlines() if re.match(r"[123] (Ann|Bob) -?\d+ -?\d+ -?\d+ -?\d+$", line)]
    assert [row.split()[:2] for row in rows] == [["1", "Ann"], ["2", "Bob"], ["3", "Ann"]]
    assert "worked out" not in text
    _, worked = pdf_text(browser.client.get(f"{match}/sheet.pdf?workings=1").data)
    assert len(worked) > len(text) + 500  # the steps of each deal are what the compact sheet leaves out


def test_each_deal_of_the_record_is_a_line_of_its_own_with_its_claim_on_it(
    browser: Browser, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    evening = table.evening(NAMES)
    match = table.match("paks", NAMES[:2], evening=evening)
    claimed = deal_form(("Ann", "Bob"), E10) | {"claim-Ann": "60", "claimitem-0-hearts": "60"}
    for data in (deal_form(("Ann", "Bob"), E10), claimed, deal_form(("Ann", "Bob"), E10)):
        assert browser.submit(f"{match}/deals/new", data).status_code == 302
    print_html_instead(monkeypatch)
    page = browser.client.get(f"{evening}/record.pdf").get_data(as_text=True)
    lines = html_text(re.search(r'<div class="deal-lines">(.*?)</div>', page, re.S).group(1)).split("\n")
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3"], lines
    assert "Claimed: Ann 60; Ann: hearts 60 — Ann hearts ruled 50 (paks-6.4)" in " ".join(lines[1].split())
    assert "Claimed" not in lines[0] + lines[2]


def test_deals_worked_out_in_full_are_a_choice(browser: Browser, match: str) -> None:
    page = browser.get(match).get_data(as_text=True)
    assert f'href="{match}/print"' in page
    form = browser.get(f"{match}/print").get_data(as_text=True)
    assert 'name="workings"' in form and 'name="first"' in form and 'name="last"' in form
    _, text = pdf_text(browser.client.get(f"{match}/sheet.pdf?workings=1&first=2&last=3").data)
    assert "Deals 2 to 3, worked out" in text and "dracula-4.3" in text
    assert "Deal 2 —" in text and "Deal 3 —" in text and "Deal 1 —" not in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("first=1&last=9", "Choose deals between 1 and 3"),
        ("first=3&last=2", "Choose deals between 1 and 3"),
        ("first=x", "whole numbers"),
    ],
)
def test_a_stretch_that_cannot_print_is_refused_with_the_reason(
    browser: Browser, match: str, query: str, message: str
) -> None:
    response = browser.client.get(f"{match}/sheet.pdf?workings=1&{query}")
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_at_most_the_limit_of_deals_is_worked_out_at_once() -> None:
    assert printables.worked_deals(None, None, 300) == range(1, 21)
    assert printables.worked_deals("281", None, 300) == range(281, 301)
    with pytest.raises(printables.WorkingsError, match="print deals 1 to 20"):
        printables.worked_deals("1", "21", 300)


def test_a_rule_card_is_rendered_once_and_served_the_same(client, renders: list[str], app: Flask) -> None:  # type: ignore[no-untyped-def]
    first = client.get("/rules/paks.pdf")
    second = client.get("/rules/paks.pdf")
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and renders == ["print/rulecard.html"]
    assert client.get("/rules/paks.pdf?paper=letter").data != first.data
    assert renders == ["print/rulecard.html", "print/rulecard.html"]
    assert client.get("/rules/paks.pdf", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    # Shared with the other workers through the instance folder.
    cached = list((Path(app.instance_path) / "pdf-cache").rglob("*.pdf"))
    assert len(cached) == 2 and first.data in {path.read_bytes() for path in cached}
    pdfs.clear()
    assert client.get("/rules/paks.pdf").data == first.data and len(renders) == 2


def test_pads_with_names_are_cached_in_memory_only(client, renders: list[str], app: Flask) -> None:  # type: ignore[no-untyped-def]
    url = "/print/paks/pad.pdf?players=2&names=Ann,Bob"
    assert client.get(url).data == client.get(url).data
    assert renders == ["pads/paks.html"]
    assert not (Path(app.instance_path) / "pdf-cache").exists()
    assert client.get("/print/paks/pad.pdf?players=2&names=Ann,Cy").status_code == 200
    assert len(renders) == 2


@contextmanager
def _slots_held(app: Flask) -> Iterator[None]:
    """Every render slot of the machine held, as by renders in other workers."""
    folder = Path(app.instance_path) / "pdf-slots"
    folder.mkdir(exist_ok=True)
    held = [FileLock(folder / f"{n}.lock", thread_local=False) for n in range(app.config["PDF_RENDERS"])]
    for lock in held:
        lock.acquire(timeout=0)
    yield
    for lock in held:
        lock.release()


def test_a_pdf_asked_while_every_render_slot_is_taken_is_told_to_try_again(
    browser: Browser, match: str, app: Flask
) -> None:
    with _slots_held(app):
        response = browser.client.get(f"{match}/sheet.pdf")
        assert response.status_code == 503 and response.headers["Retry-After"] == "5"
        assert "The printer is busy" in response.get_data(as_text=True)
        assert "Try again in a few seconds" in response.get_data(as_text=True)
        japanese = browser.client.get(f"{match}/sheet.pdf?lang=ja").get_data(as_text=True)
        assert "Try again" not in japanese and "秒" in japanese
    assert browser.client.get(f"{match}/sheet.pdf").status_code == 200


def test_a_kept_pdf_is_served_while_every_render_slot_is_taken(browser: Browser, match: str, app: Flask) -> None:
    first = browser.client.get(f"{match}/sheet.pdf")
    pdfs.clear()
    with _slots_held(app):
        again = browser.client.get(f"{match}/sheet.pdf")
    assert again.status_code == 200 and again.data == first.data


def test_a_filled_sheet_and_a_record_are_rendered_once_per_version(
    browser: Browser, match: str, renders: list[str]
) -> None:
    evening = match.rsplit("/matches/", 1)[0]
    for url in (f"{match}/sheet.pdf", f"{match}/sheet.pdf", f"{evening}/record.pdf", f"{evening}/record.pdf"):
        assert browser.client.get(url).status_code == 200
    assert renders == ["print/match.html", "print/evening.html"]
    tag = browser.client.get(f"{match}/sheet.pdf").headers["ETag"]
    assert browser.client.get(f"{match}/sheet.pdf", headers={"If-None-Match": tag}).status_code == 304
    assert browser.client.get(f"{match}/sheet.pdf?paper=letter").status_code == 200
    assert browser.client.get(f"{match}/sheet.pdf?workings=1&first=1&last=2").status_code == 200
    assert len(renders) == 4
    assert browser.submit(f"{match}/deals/new", cells(LAYOUTS[3])).status_code == 302  # a new version
    fresh = browser.client.get(f"{match}/sheet.pdf")
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    assert browser.client.get(f"{evening}/record.pdf").status_code == 200
    assert renders[4:] == ["print/match.html", "print/evening.html"]
    _, text = pdf_text(fresh.data)
    assert len([line for line in text.splitlines() if re.match(r"\d (Ann|Bob) -?\d+ -?\d+ -?\d+ -?\d+$", line)]) == 4


def test_the_pdfs_kept_on_disk_are_bounded_in_size(tmp_path: Path) -> None:
    for age, name in enumerate(("old", "middle", "new")):
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1000 + age, 1000 + age))
    pdf_cache._bound(tmp_path, 2500)
    assert sorted(p.stem for p in tmp_path.glob("*.pdf")) == ["middle", "new"]
    pdf_cache._bound(tmp_path, 0)
    assert not list(tmp_path.glob("*.pdf"))


def test_iceberg_deals_worked_out_flow_on_without_a_page_each(browser: Browser) -> None:
    from tests.long_evening import evening_export, iceberg_match

    evening = upload(browser, json.dumps(evening_export([iceberg_match(12)])).encode()).headers["Location"]
    sheet = re.search(r'href="(/e/[^"]+/matches/\d+)"', browser.get(evening).get_data(as_text=True)).group(1)
    pages, text = pdf_text(browser.client.get(f"{sheet}/sheet.pdf?workings=1&first=1&last=12").data)
    assert "Deals 1 to 12, worked out" in text and "Deal 12 —" in text
    assert pages <= 6, f"12 Iceberg deals worked out take {pages} pages"
