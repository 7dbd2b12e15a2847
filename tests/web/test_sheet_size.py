"""Pages that stay small: the sheet works out only the latest deal, answers 304 to a matching ETag,
and goes out compressed; the evening's QR codes are made once."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest
from flask import Flask

from referee.web.presentation import helpers as presentation
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.table import Table


@pytest.fixture
def sheet(browser: Browser, table: Table) -> dict[str, str]:
    """An evening with a Dracula match of three deals, entered by ``browser`` (the editor)."""
    evening = table.evening()
    match = table.match("dracula", evening=evening, **QUEEN_FIRST)
    for layout in LAYOUTS[:3]:
        assert browser.submit(f"{match}/deals/new", cells(layout)).status_code == 302
    browser.get(match)  # shows (and so spends) the "Deal 3 entered" message
    return {"evening": evening, "match": match}


def test_the_sheet_works_out_only_the_latest_deal_and_links_the_others(browser: Browser, sheet: dict[str, str]) -> None:
    page = browser.get(sheet["match"]).get_data(as_text=True)
    assert page.count('<ol class="explanation">') == 1
    latest = page.split('id="detail-3"')[1].split("</details>")[0]
    assert '<ol class="explanation">' in latest and "Correct deal 3" in latest
    for number in (1, 2):
        older = page.split(f'id="detail-{number}"')[1].split("</details>")[0]
        assert f'href="{sheet["match"]}/deals/{number}"' in older
        assert "explanation" not in older and "Correct deal" not in older
    assert len(re.findall(r'<tr id="deal-\d+">', page)) == 3


def test_an_older_deal_opens_on_its_own_page_and_as_a_fragment(browser: Browser, sheet: dict[str, str]) -> None:
    own = browser.get(f"{sheet['match']}/deals/1")
    assert own.status_code == 200
    text = own.get_data(as_text=True)
    assert "<h1>Deal 1</h1>" in text and '<ol class="explanation">' in text and "Correct deal 1" in text
    assert f'href="{sheet["match"]}/deals/2"' in text  # the next deal
    fragment = browser.get(f"{sheet['match']}/deals/1?part=workings").get_data(as_text=True)
    assert "<html" not in fragment and '<ol class="explanation">' in fragment
    # The fragment is the same workings as the page shows.
    assert fragment.strip() in text
    assert browser.get(f"{sheet['match']}/deals/4").status_code == 404
    assert browser.get(f"{sheet['match']}/deals/0").status_code == 404


def test_a_follower_sees_no_edit_button_on_an_older_deal(app: Flask, sheet: dict[str, str]) -> None:
    follower = Browser(app.test_client())
    text = follower.get(f"{sheet['match']}/deals/2").get_data(as_text=True)
    assert '<ol class="explanation">' in text and "Correct deal" not in text


@pytest.mark.parametrize("what", ["match", "deal", "version", "evening", "evening version"])
def test_a_matching_etag_answers_304_until_the_match_changes(
    browser: Browser, sheet: dict[str, str], what: str
) -> None:
    url = {
        "match": sheet["match"],
        "deal": f"{sheet['match']}/deals/2",
        "version": f"{sheet['match']}/version",
        "evening": sheet["evening"],
        "evening version": f"{sheet['evening']}/version",
    }[what]
    first = browser.client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    # An editor's answers are never stored (they may carry the editor link), but still revalidate.
    assert etag.startswith('W/"') and first.headers["Cache-Control"] == "no-store"
    again = browser.client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == etag

    assert browser.submit(f"{sheet['match']}/deals/new", cells(LAYOUTS[3])).status_code == 302
    browser.get(sheet["match"])  # spends the message
    changed = browser.client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_a_follower_and_an_editor_never_share_a_tag(app: Flask, browser: Browser, sheet: dict[str, str]) -> None:
    editor_tag = browser.client.get(sheet["match"]).headers["ETag"]
    follower = app.test_client()
    answer = follower.get(sheet["match"], headers={"If-None-Match": editor_tag})
    assert answer.status_code == 200 and "Enter deal" not in answer.get_data(as_text=True)
    assert answer.headers["ETag"] != editor_tag
    # A follower's browser keeps the page and asks whether it changed each time it shows it.
    assert answer.headers["Cache-Control"] == "private, no-cache"
    again = follower.get(sheet["match"], headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_a_page_with_a_message_is_never_answered_from_a_cache(browser: Browser, sheet: dict[str, str]) -> None:
    etag = browser.client.get(sheet["match"]).headers["ETag"]
    assert browser.submit(f"{sheet['match']}/undo", {}).status_code == 302
    shown = browser.client.get(sheet["match"], headers={"If-None-Match": etag})
    assert shown.status_code == 200 and "Deal 3 removed" in shown.get_data(as_text=True)
    assert shown.headers["Cache-Control"] == "no-store" and "ETag" not in shown.headers


@pytest.mark.parametrize(("encoding", "decompress"), [("gzip", gzip.decompress), ("br", brotli.decompress)])
def test_pages_go_out_compressed(browser: Browser, sheet: dict[str, str], encoding: str, decompress) -> None:  # type: ignore[no-untyped-def]
    plain = browser.client.get(sheet["match"])
    packed = browser.client.get(sheet["match"], headers={"Accept-Encoding": encoding})
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.get_data()) < len(plain.get_data()) / 3
    assert decompress(packed.get_data()) == plain.get_data()


def test_the_evenings_qr_codes_are_made_once(
    browser: Browser, sheet: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import segno

    made: list[str] = []
    real = segno.make

    def counting(content: str, **kwargs):  # type: ignore[no-untyped-def]
        made.append(content)
        return real(content, **kwargs)

    monkeypatch.setattr(segno, "make", counting)
    presentation.qr_svg.cache_clear()
    first = browser.get(sheet["evening"]).get_data(as_text=True)
    second = browser.client.get(sheet["evening"], headers={"Cache-Control": "no-cache"}).get_data(as_text=True)
    assert len(made) == 2  # the view link and the editor link, once each
    assert first.count("<svg") == second.count("<svg") == 2
