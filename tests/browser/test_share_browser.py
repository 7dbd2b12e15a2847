"""The sheet's Share button on a phone: the share sheet with the sheet's picture where the browser shares
files, its link where it shares only links, the link copied (and said so) where there is no share sheet,
and without JavaScript a plain link to the picture."""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.phones import PhoneTable, check_accessibility

DECK = [str(c) for c in DRACULA_PACK.cards()]

#: navigator.share and canShare as a phone has them, recording what was shared; canShare takes files
#: when ``window.__files`` is true.
SHARE_SHEET = """
window.__shared = [];
Object.defineProperty(Navigator.prototype, "canShare", {configurable: true, value: function (data) {
  return !(data && data.files) || window.__files !== false;
}});
Object.defineProperty(Navigator.prototype, "share", {configurable: true, value: function (data) {
  window.__shared.push({title: data.title, text: data.text || null, url: data.url || null,
    files: (data.files || []).map(function (f) { return {name: f.name, type: f.type, size: f.size}; })});
  return Promise.resolve();
}});
"""
NO_SHARE_SHEET = """
Object.defineProperty(Navigator.prototype, "share", {configurable: true, value: undefined});
Object.defineProperty(Navigator.prototype, "canShare", {configurable: true, value: undefined});
"""


def shared(page: Any) -> list[dict[str, Any]]:
    """What the stubbed share sheet was given, once the tap has reached it (polled: the page's script
    policy lets no predicate be evaluated in it)."""
    for _ in range(100):
        found = page.evaluate("window.__shared")
        if found:
            return found
        page.wait_for_timeout(100)
    raise AssertionError("nothing was shared")


def sheet_with_a_deal(page: Any, table: PhoneTable) -> str:
    """An evening of Ann and Bob with a Dracula match of one deal, entered on this phone: the sheet's URL."""
    sheet = table.match(page, "dracula", ["Ann", "Bob"])
    page.click("a[href$='/deals/new']")
    for cell, card in zip(CELLS, DECK[:9], strict=True):
        page.fill(f"#{cell}", card)
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))
    return sheet


def test_the_share_sheet_gets_the_picture_of_the_sheet(server: str, table: PhoneTable, phone: Any) -> None:
    phone.add_init_script(SHARE_SHEET)
    page = phone.new_page()
    sheet = sheet_with_a_deal(page, table)
    page.click("[data-share]")
    (given,) = shared(page)
    assert given["title"] == "Dracula · Friday" and given["text"] == sheet
    assert [(f["name"], f["type"]) for f in given["files"]] == [
        (re.sub(r".*/", "dracula-", sheet) + ".png", "image/png")
    ]
    picture = page.request.get(server + page.get_attribute("[data-share]", "href"))
    assert picture.ok and picture.headers["content-type"] == "image/png"
    assert given["files"][0]["size"] == len(picture.body())
    assert Image.open(io.BytesIO(picture.body())).width == 1080
    assert page.locator("[data-share-status]").is_hidden()


def test_a_share_sheet_without_files_gets_the_link(table: PhoneTable, phone: Any) -> None:
    phone.add_init_script(SHARE_SHEET + "window.__files = false;")
    page = phone.new_page()
    sheet = sheet_with_a_deal(page, table)
    page.click("[data-share]")
    assert shared(page) == [{"title": "Dracula · Friday", "text": None, "url": sheet, "files": []}]


def test_without_a_share_sheet_the_link_is_copied_and_said_so(
    server: str, table: PhoneTable, japanese_phone: Any
) -> None:
    japanese_phone.add_init_script(NO_SHARE_SHEET)
    japanese_phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = japanese_phone.new_page()
    sheet = sheet_with_a_deal(page, table)
    page.click("[data-share]")
    status = page.locator("[data-share-status]")
    status.wait_for(state="visible")
    assert status.inner_text() == "リンクをコピーしました" and status.get_attribute("role") == "status"
    assert page.evaluate("navigator.clipboard.readText()") == sheet
    assert page.url.split("#")[0] == sheet  # the picture was not opened
    check_accessibility(page)


def test_without_javascript_share_is_a_link_to_the_picture(table: PhoneTable, phone: Any, chromium: Any) -> None:
    sheet = sheet_with_a_deal(phone.new_page(), table)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(sheet)  # a follower with the view link
        with page.expect_response(re.compile(r"/share\.png$")) as shown:
            page.click("[data-share]")
        assert shown.value.ok and shown.value.headers["content-type"] == "image/png"
    finally:
        context.close()
