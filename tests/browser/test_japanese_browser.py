"""The scripts in Japanese on a Japanese phone: the card picker and the live sheet say their words
in the page's language (static/js holds no English words of its own)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from referee.rules.dracula.layout import CELLS
from tests.support.dracula import DECK
from tests.support.phones import english_words

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"


def start_dracula(page: Any, server: str) -> str:
    """A Japanese evening of Ann and Bob with a Dracula match; returns the sheet's address."""
    page.goto(server + "/")
    page.fill("#name", "金曜日")
    page.fill("#players", "Ann\nBob")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    page.goto(page.url + "/matches/new/dracula")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    return page.url


def picker_words(page: Any) -> str:
    """The picker's text and the labels a screen reader speaks on it."""
    labels = page.eval_on_selector_all(".picker [aria-label]", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    return " ".join([page.locator(".picker").inner_text(), page.get_attribute(".picker", "aria-label"), *labels])


def test_the_card_picker_speaks_japanese(server: str, japanese_phone: Any) -> None:
    page = japanese_phone.new_page()
    sheet = start_dracula(page, server)
    page.goto(sheet + "/deals/new")
    page.click("#r1c1")
    picker = page.locator(".picker")
    assert picker.is_visible()
    assert page.get_attribute(".picker", "aria-label") == "カード選択"
    assert page.inner_text(".picker .tool.done") == "完了"
    assert page.inner_text(".picker .tool.mode") == "⌨ 入力"
    assert page.inner_text(".picker-status") == "スートを選んでから、ランクを選んでください"
    assert page.get_attribute(".picker [data-suit='H']", "aria-label") == "ハート"
    assert page.get_attribute(".picker .tool.erase", "aria-label") == "最後のカードを消す"
    page.click(".picker [data-suit='H']")
    assert page.inner_text(".picker-status") == "次にランク"
    assert page.get_attribute(".picker [data-rank='10']", "aria-label") == "ハートの10"
    assert english_words(picker_words(page)) == []
    page.click(".picker [data-rank='10']")
    assert page.inner_text(".picker-status") == "10♥を入力しました"
    assert page.input_value("#r1c1") == "10H"

    page.click(".picker .tool.mode")
    page.click("#r1c2")
    assert page.inner_text(".picker .tool.mode") == "♠ カード"
    assert page.get_attribute(".picker .tool.mode", "aria-label") == "ボタンでカードを選ぶ"


def test_the_live_notice_and_the_screen_switch_speak_japanese(server: str, japanese_phone: Any) -> None:
    keeper = japanese_phone.new_page()
    sheet = start_dracula(keeper, server)
    other = japanese_phone.new_page()
    other.goto(sheet + "/deals/new")
    notice = other.locator("#live-notice")
    assert notice.is_hidden()

    keeper.goto(sheet + "/deals/new")
    for cell, card in zip(CELLS, DECK[:9], strict=True):
        keeper.fill(f"#{cell}", card)
    keeper.click("main form button[type=submit]")
    # (The flash "ディール1を入力しました。" is not read here: both pages share one session cookie, and the other
    # page's poll may answer with the cookie of before the save. tests/web/test_japanese_pages.py reads it.)
    keeper.wait_for_url(re.compile(r"/matches/\d+(#deal-1)?$"))

    notice.wait_for(state="visible", timeout=15_000)
    assert notice.inner_text().startswith("得点表が別のスマートフォンで変更されました。")
    wake = keeper.locator("[data-wake-lock]")
    if wake.is_visible():  # only where the browser has the Wake Lock API
        assert wake.inner_text() == "画面を消さない"
        wake.click()
        keeper.wait_for_function("document.querySelector('[data-wake-lock]').textContent !== ''")
        assert wake.inner_text() in ("画面を消さない", "画面を消さない設定中")


def test_the_scripts_hold_no_words_of_their_own() -> None:
    """Every string the scripts show comes from the page: none of theirs is an English word."""
    for script in SCRIPTS.glob("*.js"):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", script.read_text(encoding="utf-8"), flags=re.S)
        shown = re.findall(r"(?:textContent\s*=|setAttribute\(\"aria-label\",)\s*\"([^\"]+)\"", code)
        assert shown == [], script.name
