"""A deal refused for a field the form cannot read (letters in a number box, a value too long or out of
bounds) also lists the rules' problems, in Clabber, Zheng Fen, Paks and Dracula: one refusal says
everything to fix. A problem the unreadable value could have caused (a sum over it, a "missing" at it)
is left out. Iceberg's own tests are in tests/web/test_iceberg_fast.py."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.errors import InputError
from referee.rules.clabber import CLABBER
from referee.rules.game import Game, MatchSetup
from referee.rules.paks import PAKS
from referee.rules.zhengfen import ZHENGFEN
from tests.support import clabber
from tests.support.clabber import hidden_names
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, QUEEN_FIRST, cells
from tests.support.pages import summary_of
from tests.support.paks import HELD, NAMES, quick_form
from tests.support.refusals import error_at, refused, text_of
from tests.support.table import Table
from tests.support.zhengfen import (
    E31,
    MATCH,
    PLAYERS,
    form_data,
)

JA = {"Accept-Language": "ja"}


def problems(page: str) -> list[str]:
    """The fields (or groups) the summary's lines lead to, in order, each once (a number box the form
    cannot read says so, not also that its value is out of range); the count the summary announces agrees."""
    summary = summary_of(page)
    links = re.findall(r'<a href="#([\w-]+)">', summary)
    things = "1 thing" if len(links) == 1 else f"{len(links)} things"
    assert f"Not saved: {things} to fix" in summary or f"{len(links)}か所" in summary, text_of(summary)
    assert len(set(links)) == len(links), links
    return links


def in_japanese(page: str, *keys: str) -> None:
    """The summary is all Japanese: no English word is left in it (names and cards are short), but for
    the entry ``keys`` a rules message names a place by."""
    summary = text_of(summary_of(page))
    assert "保存していません" in summary, summary
    for key in keys:
        summary = summary.replace(f"（{key}）", "")
    assert not re.search(r"[a-z]{3,}", summary), summary


def rules_alone(game: Game, players: tuple[str, ...], entry: dict[str, Any], **options: Any) -> list[InputError]:
    """What the rules say of ``entry`` on their own: the errors the page must leave out do exist."""
    with pytest.raises(InputError) as caught:
        game.check_entry(MatchSetup(players, options=options), entry)
    return caught.value.each()


# --- Clabber -------------------------------------------------------------------------------------------


def clabber_match(browser: Browser, count: int = 4) -> str:
    table = Table(browser)
    return table.match("clabber", clabber.NAMES[:count], evening=table.evening(clabber.NAMES)) + "/deals/new"


def clabber_post(browser: Browser, url: str, typed: dict[str, str], headers: dict[str, str] | None = None) -> str:

    names = hidden_names(browser.get(url).get_data(as_text=True))
    return refused(browser, url, {**names, **typed}, headers)


@pytest.mark.parametrize("headers", [None, JA])
def test_clabber_letters_in_the_points_and_no_makers_at_once(browser: Browser, headers: dict[str, str] | None) -> None:
    url = clabber_match(browser)
    page = clabber_post(browser, url, {"trump": "H", "round": "1", "points_0": "9O", "points_1": "60"}, headers)
    assert problems(page) == ["makers", "points_0"]
    assert 'value="9O"' in page and 'value="60"' in page  # nothing typed is lost
    summary = text_of(summary_of(page))
    if headers:
        in_japanese(page)
        assert "Ann &amp; Cy：カードの点数</a>：40のような整数を入力してください" in summary_of(page)
    else:
        assert "Choose who said “I play”" in error_at(page, "makers")
        assert "Ann & Cy: card points : Enter a whole number, such as 40" in summary


def test_clabber_points_that_do_not_add_up_over_letters_are_not_summed(browser: Browser) -> None:
    """Three players: one side's points left blank are filled in from the others, so letters (read as
    blank) would be "filled in" and the sum refused."""
    entry = {"makers": "Ann", "trump": "H", "round": 1, "points": {"Ann": None, "Bo": 100, "Cy": 100}}
    assert [e.field for e in rules_alone(CLABBER, ("Ann", "Bo", "Cy"), entry)] == ["points"]
    url = clabber_match(browser, 3)
    typed = {"makers": "Ann", "trump": "H", "round": "1", "points_0": "abc", "points_1": "100", "points_2": "100"}
    page = clabber_post(browser, url, typed)
    assert problems(page) == ["points_0"]
    assert 'id="points-error"' not in page and "162" not in text_of(summary_of(page))


def test_clabber_only_a_number_too_long(browser: Browser) -> None:
    url = clabber_match(browser)
    page = clabber_post(browser, url, {"makers": "Ann & Cy", "trump": "H", "round": "1", "points_0": "1" * 13})
    assert problems(page) == ["points_0"]
    assert "at most 12 digits" in error_at(page, "points_0")


# --- Zheng Fen -----------------------------------------------------------------------------------------

#: E31 with Ann's pile (10S KH 5D) given as counts.
ZF_COUNTS = {"fives_0": "1", "tens_0": "1", "kings_0": "1", "cards_0": ""}


def zhengfen_deal(browser: Browser, headers: dict[str, str] | None, **changes: Any) -> str:
    url = Table(browser).match("zhengfen", PLAYERS[:4], **MATCH) + "/deals/new"
    deal = dict(E31, order=changes.pop("order", E31["order"]))
    return refused(browser, url, {**form_data(PLAYERS[:4], deal), **ZF_COUNTS, **changes}, headers)


@pytest.mark.parametrize("headers", [None, JA])
def test_zhengfen_letters_in_a_count_and_a_gap_in_the_order_at_once(
    browser: Browser, headers: dict[str, str] | None
) -> None:
    page = zhengfen_deal(browser, headers, order=["Bob"], fives_0="x")
    assert problems(page) == ["order", "fives_0"]
    assert error_at(page, "fives_0") == (
        "40のような整数を入力してください" if headers else "Enter a whole number, such as 40"
    )
    assert 'name="fives_0" type="text" value="x"' in page or 'value="x"' in page
    if headers:
        in_japanese(page)
    else:
        assert "Tap who went out 2nd, 3rd" in text_of(summary_of(page))


def test_zhengfen_the_point_cards_total_is_not_counted_over_letters(browser: Browser) -> None:
    players = ("Ann", "Bob", "Cat", "Dan")
    entry = {
        "order": ["Bob", "Dan", "Ann", "Cat"],
        "captured": {"Ann": {"5": 0, "10": 1, "K": 1}, "Bob": "KS 5C", "Cat": "10H 10D KD", "Dan": "10C KC"},
        "hand": "5S 5H 7C 2D",
    }
    assert [e.field for e in rules_alone(ZHENGFEN, players, entry)] == ["captured"]
    page = zhengfen_deal(browser, None, fives_0="x")
    assert problems(page) == ["fives_0"]
    assert 'id="piles-error"' not in page and "100" not in text_of(summary_of(page))


# --- Paks (the quick entry) ------------------------------------------------------------------------------


def paks_deal(browser: Browser, kept: dict[str, int | str], headers: dict[str, str] | None, **changes: str) -> str:
    table = Table(browser)
    url = table.match("paks", NAMES[:4], evening=table.evening(NAMES)) + "/deals/new"
    return refused(browser, url, {**quick_form(HELD, kept), **changes}, headers)


@pytest.mark.parametrize("headers", [None, JA])
def test_paks_letters_in_the_points_and_a_bad_count_at_once(browser: Browser, headers: dict[str, str] | None) -> None:
    page = paks_deal(browser, {"Ann & Cat": "8five", "Bob & Dan": 60}, headers, held_1_S="-1")
    assert problems(page) == ["kept_0", "held_1_S"]
    assert 'value="8five"' in page
    if headers:
        in_japanese(page)


def test_paks_the_points_asked_for_are_not_asked_where_letters_stand(browser: Browser) -> None:
    suits = ("spades", "hearts", "diamonds", "clubs")
    held = {side: dict(zip(suits, counts, strict=True)) for side, counts in HELD.items()}
    errors = rules_alone(PAKS, ("Ann", "Bob", "Cat", "Dan"), {"mode": "quick", "held": held, "kept": {"Bob & Dan": 60}})
    assert [e.location for e in errors] == [("kept", "Ann & Cat")]
    page = paks_deal(browser, {"Ann & Cat": "eighty", "Bob & Dan": 60}, None)
    assert problems(page) == ["kept_0"]
    assert "enter the points" not in error_at(page, "kept_0")


# --- Dracula -----------------------------------------------------------------------------------------------


def dracula_deal(browser: Browser, headers: dict[str, str] | None, **changes: str) -> str:
    url = Table(browser).match("dracula", **QUEEN_FIRST) + "/deals/new"
    return refused(browser, url, {**cells(LAYOUTS[0]), **changes}, headers)


@pytest.mark.parametrize("headers", [None, JA])
def test_dracula_a_cell_too_long_and_a_bad_card_at_once(browser: Browser, headers: dict[str, str] | None) -> None:
    page = dracula_deal(browser, headers, r1c1="KSKSK", r3c3="QQ")
    assert problems(page) == ["r1c1", "r3c3"]
    assert 'value="KSKSK"' in page and 'value="QQ"' in page
    if headers:
        in_japanese(page)
        assert "QQ （横列3、縦列3）はカードではありません" in error_at(page, "r3c3")
    else:
        assert "QQ (in Row 3, column 3) is not a card" in error_at(page, "r3c3")


def test_dracula_a_card_twice_with_one_cell_unreadable_is_not_shown(browser: Browser) -> None:
    twice = LAYOUTS[0][4]
    page = dracula_deal(browser, None, r1c1=f"{twice}   ")
    assert problems(page) == ["r1c1"]
    assert 'id="r2c2-error"' not in page


def test_dracula_only_a_cell_too_long(browser: Browser) -> None:
    page = dracula_deal(browser, None, r1c1="KSKSK")
    assert problems(page) == ["r1c1"]


@pytest.mark.parametrize("typed", ["²", "①", "x", "-", "999"])
def test_paks_a_chip_posted_as_any_text_is_refused_at_it_never_a_500(browser: Browser, typed: str) -> None:
    """A superscript two is a digit to Python but no number to ``int``: read as what it is, a bad count."""
    page = paks_deal(browser, {"Ann & Cat": "eighty", "Bob & Dan": 60}, None, held_1_S=typed)
    assert problems(page) == ["kept_0", "held_1_S"]


def test_zhengfen_letters_in_a_claim_and_a_gap_in_the_order_at_once(browser: Browser) -> None:
    """A deal held back for its claimed score is judged by the rules all the same."""
    page = zhengfen_deal(browser, None, order=["Bob"], **{"claim-Ann": "lots"})
    assert problems(page) == ["order", "claim-1"]
    assert error_at(page, "claim-1") == "Enter whole points, such as 120 (or -300), or leave it empty"
    assert 'value="lots"' in page


def test_a_claimed_item_that_is_no_number_is_listed_in_the_summary_in_japanese(browser: Browser) -> None:
    page = zhengfen_deal(browser, JA, order=["Bob"], **{"claimitem-0-captured": "lots"})
    summary = text_of(summary_of(page))
    assert 'href="#claim-0-captured"' in summary_of(page)
    assert "Ann：" in summary and "lots" not in summary
    in_japanese(page)
