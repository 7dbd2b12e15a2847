"""A deal of Clabber on a Japanese phone: the entry form, the sheet and the deal read in Japanese."""

from __future__ import annotations

import re
from typing import Any

from tests.support.phone_clabber import PLAYERS, tap
from tests.support.phones import english_words

NS, EW = "Ann & Cy", "Bo & Di"
#: English words of the shared pages around Clabber's own (the header, the sheet's frame, its
#: buttons), which the shared pages' translation replaces; Clabber's own parts allow none.
SHARED_FURNITURE = {
    # the entry page: its title, the claim box and the button of deal_form.html
    "entry": (
        "Clabber",
        "Enter",
        "Score",
        "The",
        "Your",
        "agrees",
        "claim",
        "deal",
        "deals",
        "goes",
        "optional",
        "points",
        "referee",
        "says",
        "scored",
        "shows",
        "side",
        "the",
        "where",
        "wrong",
    ),
    # the sheet: match.html's headings, buttons and the shared ending's status ("Playing to 500")
    "sheet": (
        "Clabber",
        "Correct",
        "Deal",
        "Deals",
        "Enter",
        "History",
        "Keep",
        "Playing",
        "Print",
        "Rules",
        "Running",
        "Total",
        "Undo",
        "deal",
        "deals",
        "entered",
        "force",
        "screen",
        "totals",
    ),
}


def visible(page: Any, selector: str = "main") -> str:
    return page.locator(selector).first.inner_text()


def own_words(page: Any, selector: str) -> list[str]:
    """English words in Clabber's own part of the page: none but the players' names."""
    return english_words(visible(page, selector), PLAYERS)


def test_a_deal_on_a_japanese_phone(server: str, japanese_phone: Any) -> None:
    page = japanese_phone.new_page()
    page.goto(server + "/")
    page.fill("#name", "Friday")
    page.fill("#players", "\n".join(PLAYERS))
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    page.locator("a.button[href$='/matches/new/clabber']").click()
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    sheet_url = page.url

    page.locator("a.button[href$='/deals/new']").click()
    assert "誰が「プレイ」と言いましたか？" in visible(page, ".clabber-entry")
    assert own_words(page, ".clabber-entry") == []
    assert set(english_words(visible(page), PLAYERS)) <= set(SHARED_FURNITURE["entry"])

    # E21: makers NS 100 + bell 20 = 120 against EW 62 + fifty 50 = 112: made.
    tap(page, "makers", NS)
    tap(page, "trump", "S")
    tap(page, "round", "2")
    page.fill("#points_0", "100")
    page.locator(".clabber-melds details summary").first.click()
    page.select_option("#meld_1_0", "fifty")
    page.select_option("#bell", "Cy")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/matches/\d+(#deal-\d+)?$"))

    assert page.locator("#deal-1 .mark").all_inner_texts() == ["120", "112"]
    sheet = visible(page)
    assert "Ann & Cyがスペードで成功：120対Bo & Di 112。Bo & Diのメルドはフィフティー。" in sheet
    assert set(english_words(sheet, (*PLAYERS, "Friday"))) <= set(SHARED_FURNITURE["sheet"])

    page.goto(sheet_url + "/deals/1")
    assert own_words(page, ".deal-page .clabber-deal") == []
    workings = visible(page, ".deal-page")
    assert "プレイ側Ann & Cy 120はBo & Di 112より多いので成功です。" in workings
    assert set(english_words(workings, PLAYERS)) <= {"Correct", "deal"}
    for line in page.locator(
        ".deal-page li, .deal-page p.clabber-outcome, .deal-page p.clabber-meld"
    ).all_inner_texts():
        assert english_words(re.sub(r"\bclabber-[\d.]+", " ", line), PLAYERS) == [], line
