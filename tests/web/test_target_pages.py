"""The house option ``target`` of Paks, Clabber and Zheng Fen everywhere the web shows a match's length:
the setup form's number box, play again, export and import, the printed sheet, the rule cards, the blank
pads and the "Is the game over?" pages."""

from __future__ import annotations

import io
import json
import re

import pytest

from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.paks import quick_form
from tests.support.printing import pdf_text
from tests.support.refusals import text_of
from tests.support.table import Table

TARGET_GAMES = ("paks", "clabber", "zhengfen")
FOUR = ("Ann", "Bob", "Cat", "Dan")


def start_evening(browser: Browser) -> str:
    return Table(browser).evening(FOUR, name="Targets")


def start(browser: Browser, slug: str, target: str | None = None, evening: str | None = None) -> str:
    """A 4-player match of ``slug``, playing to ``target`` when given (else as the form offers); its sheet."""
    house = {} if target is None else {"opt_target": target}
    return Table(browser).match(slug, FOUR, evening=evening or start_evening(browser), **house)


def paks_deal(browser: Browser, match: str, kept: int) -> None:
    """A quick Paks deal in which Ann & Cat keep ``kept`` and Bob & Dan nothing."""
    data = quick_form({"Ann & Cat": (2, 0, 0, 0), "Bob & Dan": (0, 0, 0, 0)}, {"Ann & Cat": kept})
    response = browser.submit(f"{match}/deals/new", data)
    assert response.status_code == 302, text_of(response.get_data(as_text=True))


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_the_setup_form_asks_for_the_target_in_a_number_box(browser: Browser, slug: str) -> None:
    evening = start_evening(browser)
    page = browser.get(f"{evening}/matches/new/{slug}").get_data(as_text=True)
    box = re.search(r'<input[^>]*name="opt_target"[^>]*>', page)
    assert box, "no target box"
    for attribute in ('type="text"', 'inputmode="numeric"', 'pattern="[0-9]*"', 'value="500"'):
        assert attribute in box.group(0)
    assert "<select" not in page.split('name="opt_target"')[0].rsplit("<div", 1)[-1]
    assert "multiple of 50 from 100 to 5000" in text_of(page)

    refused = browser.submit(
        f"{evening}/matches/new/{slug}",
        {f"seat_{i}": name for i, name in enumerate(FOUR)} | {"first_dealer": "Ann", "opt_target": "777"},
    )
    shown = refused.get_data(as_text=True)
    assert refused.status_code == 400 and 'value="777"' in shown
    error = re.search(r'id="opt_target-error">(.*?)</p>', shown, re.S)
    assert error and text_of(error.group(1)) == "Enter a multiple of 50 from 100 to 5000"

    sheet = text_of(browser.get(start(browser, slug, "750", evening)).get_data(as_text=True))
    assert "Playing to 750" in sheet and "Play to" in sheet and "750 (house rule)" in sheet


def test_zheng_fen_long_game_and_a_match_stored_before_the_box(browser: Browser, app) -> None:  # type: ignore[no-untyped-def]
    """1000, the long game, is one number among the others; a match stored without the option plays to 500."""
    from referee.web.store.db import db
    from referee.web.store.models import Match

    long_game = start(browser, "zhengfen", "1000")
    assert "Playing to 1000" in text_of(browser.get(long_game).get_data(as_text=True))
    older = start(browser, "zhengfen")
    with app.app_context():
        match = db.session.get(Match, int(older.rsplit("/", 1)[1]))
        match.options = {k: v for k, v in match.options.items() if k != "target"}
        db.session.commit()
    assert "Playing to 500" in text_of(browser.get(older).get_data(as_text=True))


def test_play_again_carries_the_target_over_and_says_so(browser: Browser) -> None:
    match = start(browser, "paks", "150")
    paks_deal(browser, match, 160)
    sheet = text_of(browser.get(match).get_data(as_text=True))
    assert "Ann & Cat win" in sheet
    assert "same seats and house rules, playing to 150; Bob deals first" in sheet
    again = browser.submit(f"{match}/rematch", {}, form_page=match)
    assert again.status_code == 302
    new_sheet = text_of(browser.get(again.headers["Location"]).get_data(as_text=True))
    assert "Playing to 150" in new_sheet


def test_export_and_import_keep_the_target_and_an_old_export_plays_to_500(browser: Browser) -> None:
    evening = start_evening(browser)
    match = start(browser, "clabber", "750", evening)
    exported = browser.client.get(f"{evening}/export.json").get_json()
    assert exported["matches"][0]["options"]["target"] == 750

    def imported(data: dict) -> str:
        browser.get("/import")
        upload = {"file": (io.BytesIO(json.dumps(data).encode()), "evening.json"), "csrf_token": browser.token}
        response = browser.client.post("/import", data=upload, content_type="multipart/form-data")
        assert response.status_code == 302, text_of(response.get_data(as_text=True))
        return response.headers["Location"]

    copy = imported(exported)
    again = browser.client.get(f"{copy}/export.json").get_json()
    assert again["matches"][0]["options"]["target"] == 750
    copied_match = re.search(r'href="(/e/[^"]+/matches/\d+)"', browser.get(copy).get_data(as_text=True))
    assert copied_match and "Playing to 750" in text_of(browser.get(copied_match.group(1)).get_data(as_text=True))
    assert match != copied_match.group(1)

    old = json.loads(json.dumps(exported))
    del old["matches"][0]["options"]["target"]  # as exported before the option
    older = browser.client.get(f"{imported(old)}/export.json").get_json()
    assert older["matches"][0]["options"]["target"] == 500


def test_the_printed_sheet_says_a_house_target_at_its_head(browser: Browser) -> None:
    house = start(browser, "paks", "150")
    paks_deal(browser, house, 160)
    text = " ".join(pdf_text(browser.client.get(f"{house}/sheet.pdf").data)[1].split())
    assert "first dealer Ann · Playing to 150 " in text, text[:300]
    rules = start(browser, "paks")
    text = " ".join(pdf_text(browser.client.get(f"{rules}/sheet.pdf").data)[1].split())
    assert "first dealer Ann Deal Dealer" in text  # the rules' own 500: the head says nothing, the pad's grid follows
    assert "In play after 0 deals — Playing to 500" in text


@pytest.mark.parametrize("slug", TARGET_GAMES)
def test_the_rule_card_and_the_pad_leave_room_for_a_house_target(client, slug: str) -> None:  # type: ignore[no-untyped-def]
    card = text_of(client.get(f"/rules/{slug}").get_data(as_text=True))
    assert "a multiple of 50 from 100 to 5000, 500" in card
    assert card.count("(or the house's target)") == 2
    players = GAMES[slug].player_counts[-1]
    _, pad = pdf_text(client.get(f"/print/{slug}/pad.pdf?players={players}").data)
    assert "Playing to: 500 / ________" in pad
    assert "1000" not in pad and "to 500" not in pad


@pytest.mark.parametrize(("slug", "sides"), [("paks", ("A", "B")), ("clabber", ("NS", "EW"))])
def test_is_the_game_over_takes_the_target(browser: Browser, slug: str, sides: tuple[str, str]) -> None:
    url = f"/referee/{slug}/end"
    page = browser.get(url).get_data(as_text=True)
    assert 'name="opt_target"' in page and "500 or more" not in text_of(page)
    totals = {"side_0": sides[0], "total_0": "600", "side_1": sides[1], "total_1": "550"}
    to_750 = text_of(browser.submit(url, {**totals, "opt_target": "750"}).get_data(as_text=True))
    assert "Playing to 750" in to_750
    to_500 = browser.submit(url, {**totals, "opt_target": "500"})
    assert to_500.status_code == 200 and f"{sides[0]} win" in text_of(to_500.get_data(as_text=True))
    refused = browser.submit(url, {**totals, "opt_target": "90"})
    assert refused.status_code == 400
    assert "Enter a multiple of 50 from 100 to 5000" in text_of(refused.get_data(as_text=True))
