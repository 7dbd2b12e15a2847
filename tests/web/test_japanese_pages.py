"""Every shared page in Japanese: a Japanese browser reads no English word on them.

The pages are fetched with ``Accept-Language: ja`` and their visible text (tags, scripts, styles and
the ``<code>``/``<pre>`` records of cards, JSON and field names taken out) is searched for English
words, as well as the labels a screen reader speaks (``aria-label``, ``placeholder``, ``title``).
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask

from referee.catalogs import tooling
from referee.rules.registry import GAMES
from referee.rules.standings import SCHEMES
from referee.web.http.i18n import say
from referee.web.referee_pages import PAGES
from tests.support.client import Browser
from tests.support.dracula import LAYOUTS, cells
from tests.support.pages import JA, visible_words
from tests.support.phones import english_words

PLAYERS = ["Ann", "Bob", "Cat"]

#: Proper names: the switch names English in English; the rating model and its library; the host.
NAMES = "English Plackett Luce openskill localhost"


def game_texts(app: Flask) -> list[str]:
    """What each game and the placing schemes say of themselves (names, taglines, options, checks,
    referee pages), as a Japanese reader gets them: the rules' own part of the work translates these,
    and these tests take them out."""
    texts: list[object] = []
    for game in GAMES.values():
        texts += [game.name, game.tagline, game.partnership_note]
        for option in (*game.options, *game.role_options):
            texts += [option.label, option.help, option.describe(option.default)]
            texts += [option.choice_label(choice) for choice in option.choices or ()]
        for check in game.checks.values():
            texts += [check.title, check.about]
    texts += [title for _slug, _endpoint, title in PAGES]
    texts += [words for scheme in SCHEMES.values() for words in (scheme.label, scheme.help)]
    with app.test_request_context("/", headers=JA):
        said = {html.unescape(str(say(text))) for text in texts}
    pieces = {piece.strip() for text in said for piece in text.split("`")}  # cards in backticks are shown apart
    return sorted((text for text in said | pieces if text), key=len, reverse=True)


@pytest.fixture
def own_words(app: Flask) -> list[str]:
    return game_texts(app)


def assert_japanese(page: str, where: str, games: list[str], allowed: str = "") -> None:
    text = visible_words(page)
    for said in games:
        text = re.sub(rf"(?<![A-Za-z]){re.escape(said)}(?![A-Za-z])", " ", text)
    left = english_words(text, [*PLAYERS, *NAMES.split(), *allowed.split()])
    assert left == [], f"{where}: English words {sorted(set(left))}"


def japanese(browser: Browser, url: str, status: int = 200) -> str:
    response = browser.get(url, headers=JA)
    assert response.status_code == status, url
    return response.get_data(as_text=True)


def post_japanese(browser: Browser, url: str, data: dict[str, str], *, form_page: str | None = None):  # type: ignore[no-untyped-def]
    browser.get(form_page or url, headers=JA)
    return browser.client.post(url, data={**data, "csrf_token": browser.token}, headers=JA)


@pytest.fixture
def evening(browser: Browser) -> dict[str, str]:
    """An evening in Japanese with a finished Dracula match (standings), one begun (a deal on it), in a group."""
    started = post_japanese(browser, "/", {"name": "金曜日", "players": "\n".join(PLAYERS)})
    assert started.status_code == 302
    evening = started.headers["Location"]
    data = {"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann", "opt_first_dealer_role": "queen"}
    finished = post_japanese(browser, f"{evening}/matches/new/dracula", data).headers["Location"]
    for layout in LAYOUTS:
        assert post_japanese(browser, f"{finished}/deals/new", cells(layout)).status_code == 302
    begun = post_japanese(browser, f"{evening}/matches/new/dracula", data).headers["Location"]
    assert post_japanese(browser, f"{begun}/deals/new", cells(LAYOUTS[0])).status_code == 302
    group = post_japanese(browser, "/g/new", {"name": "木曜会"}).headers["Location"]
    joined = post_japanese(browser, f"{group}/join", {"link": f"http://localhost{evening}"}, form_page=group)
    assert joined.status_code == 302
    return {"evening": evening, "finished": finished, "begun": begun, "group": group}


def test_every_shared_page_reads_japanese(browser: Browser, evening: dict[str, str], own_words: list[str]) -> None:
    begun, finished = evening["begun"], evening["finished"]
    pages = [
        "/",
        evening["evening"],
        finished,
        begun,
        f"{begun}/deals/new",
        f"{begun}/deals/1",
        f"{begun}/deals/1?part=workings",
        f"{begun}/deals/1/edit",
        f"{begun}/history",
        f"{begun}/undo",
        f"{begun}/print",
        f"{evening['evening']}/matches/new/dracula",
        "/print/",
        "/referee/",
        "/g/new",
        evening["group"],
        f"{evening['group']}/evenings",
        "/import",
        "/api",
    ]
    for url in pages:
        assert_japanese(japanese(browser, url), url, own_words)


def test_error_pages_read_japanese(app: Flask, browser: Browser, evening: dict[str, str], own_words: list[str]) -> None:
    assert_japanese(japanese(browser, "/no/such/page", 404), "404", own_words)
    assert_japanese(japanese(browser, f"{evening['begun']}/deals/99", 404), "no deal 99", own_words)
    viewer = Browser(app.test_client())
    assert_japanese(japanese(viewer, f"{evening['begun']}/undo", 403), "403", own_words)
    expired = browser.client.post("/", data={"name": "x"}, headers=JA)
    assert expired.status_code == 400
    assert_japanese(expired.get_data(as_text=True), "CSRF", own_words)


@pytest.mark.parametrize(
    ("url", "data", "field"),
    [
        ("/", {"players": "Ann, ann"}, "players"),
        ("/", {"players": "長" * 41}, "players"),
        ("/g/new", {"name": ""}, "name"),
        ("/import", {}, "file"),
    ],
)
def test_forms_with_errors_read_japanese(
    browser: Browser, url: str, data: dict[str, str], field: str, own_words: list[str]
) -> None:
    response = post_japanese(browser, url, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and f'id="{field}-error"' in page
    assert_japanese(page, f"{url} {data}", own_words)


def test_a_refused_deal_and_a_refused_join_read_japanese(
    browser: Browser, evening: dict[str, str], own_words: list[str]
) -> None:
    layout = cells(LAYOUTS[1])
    layout[next(iter(layout))] = "ZZ"
    refused = post_japanese(browser, f"{evening['begun']}/deals/new", {**layout, "claim-Ann": "many"})
    assert refused.status_code == 400 and "claim-1-error" in refused.get_data(as_text=True)
    assert_japanese(refused.get_data(as_text=True), "refused deal", own_words)
    group = evening["group"]
    unknown = post_japanese(browser, f"{group}/join", {"link": "nonsense"}, form_page=group)
    assert unknown.status_code == 400
    assert_japanese(unknown.get_data(as_text=True), "refused join", own_words)


def test_flash_messages_read_japanese(browser: Browser, evening: dict[str, str], own_words: list[str]) -> None:
    begun = evening["begun"]
    undone = post_japanese(browser, f"{begun}/undo", {"number": "1", "version": "1"})
    assert undone.status_code == 302
    page = japanese(browser, begun)
    assert "ディール1を取り消しました。" in page
    assert_japanese(page, "after undo", own_words)


def test_the_pages_words_are_all_in_the_catalog() -> None:
    """Every sentence of the shared pages has its Japanese (``python -m referee.catalogs check core``)."""
    assert tooling.check("core") == []


def test_english_pages_keep_their_words(browser: Browser, evening: dict[str, str]) -> None:
    page = browser.get(evening["begun"], headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Enter deal 2" in page and "Undo deal 1" in page and "Score sheet" in page
    assert '"keep_screen_on": "Keep screen on"' in html.unescape(page)


def test_the_app_is_named_in_japanese_on_a_japanese_home_screen(client) -> None:  # type: ignore[no-untyped-def]
    manifest = client.get("/manifest.webmanifest", headers=JA).get_json(force=True)
    assert manifest["lang"] == "ja" and manifest["name"] == "テーブル審判" and manifest["short_name"] == "審判"
    assert english_words(manifest["description"]) == []
    english = client.get("/manifest.webmanifest").get_json(force=True)
    assert english["name"] == "Table Referee" and english["icons"] == manifest["icons"]


def test_the_sheet_says_who_deals_in_japanese(browser: Browser, evening: dict[str, str]) -> None:
    """The sentence naming the dealer is the game's own ("Ann deals"), said whole in the reader's language."""
    for url in (evening["begun"], f"{evening['begun']}/deals/1", f"{evening['begun']}/deals/new"):
        words = visible_words(japanese(browser, url))
        assert "deals" not in words and "starts" not in words, url
        assert re.search(r"(Ann|Bob)がディーラー", words), url
