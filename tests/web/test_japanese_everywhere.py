"""A Japanese reader reads no English sentence anywhere: every kind of page (tests/support/page_kinds.py),
every form's answer, every error page, every piece a page fetches and every printable of every game.

Each page is rendered once, with ``Accept-Language: ja``; its visible text and spoken labels
(``tests.support.pages.visible_words``) are searched for English sentences (``tests.support.english``)
once what is legitimately written in Latin letters is taken out. A printable is read as the HTML its
PDF is made from (``print_html_instead``), and one real PDF of each kind of template is read back with
pypdf, so that the PDF says the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import catalogs
from referee.rules.registry import GAMES
from tests.support import deals
from tests.support.client import Browser
from tests.support.english import English, english_left
from tests.support.page_kinds import PLAYERS, PageKind, page_kinds
from tests.support.pages import JA, visible_words
from tests.support.printing import html_text, pdf_text, pictures_as_html
from tests.support.table import Table

#: One real PDF of each kind of template, by the name of its printable.
REAL_PDFS = ("iceberg rule card, printed", "clabber pad of 6", "zhengfen sheet, printed", "evening's record")
#: A run of Japanese letters.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]+")


def answer(browser: Browser, kind: PageKind):  # type: ignore[no-untyped-def]
    """The page of ``kind`` in Japanese: its path, or the answer to its form posted from it."""
    response = browser.get(kind.path, headers=JA)
    if kind.form is None:
        return response
    return browser.client.post(kind.target, data={**kind.form, "csrf_token": browser.token}, headers=JA)


def shows(page: str, selector: str) -> bool:
    """Whether ``page`` has an element ``selector`` names: ``.a.b`` (its classes), ``#id`` or ``[attribute]``."""
    if selector.startswith("#"):
        return f'id="{selector[1:]}"' in page
    if selector.startswith("["):
        return re.search(rf"<[^>]*\s{re.escape(selector[1:-1])}[\s=>]", page) is not None
    wanted = set(selector.strip(".").split("."))
    return any(wanted <= set(classes.split()) for classes in re.findall(r'class="([^"]*)"', page))


def report(found: Iterable[tuple[PageKind, English]]) -> str:
    return "\n".join(f"{kind.name} ({kind.target}): {english}" for kind, english in found)


def test_every_page_reads_japanese(app: Flask) -> None:
    pages = page_kinds(app)
    browser = Browser(app.test_client())
    for link in pages.editors:
        browser.get(link)
    wrong, found = [], []
    for kind in [*pages.kinds, *pages.parts]:
        response = answer(browser, kind)
        page = response.get_data(as_text=True)
        if response.status_code != kind.status or (kind.shows and not shows(page, kind.shows)):
            wrong.append(f"{kind.name} ({kind.target}): {response.status_code}, shows {kind.shows}: {page[:300]}")
        found += [(kind, english) for english in english_left(visible_words(page), pages.typed)]
    assert wrong == [], "\n".join(wrong)
    assert found == [], f"English on Japanese pages:\n{report(found)}"


def test_every_printable_reads_japanese(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    pages = page_kinds(app)
    client = app.test_client()
    for link in pages.editors:
        client.get(link)
    printed: dict[str, str] = {}
    for kind in pages.printables:
        if kind.name in REAL_PDFS:
            response = client.get(kind.path, headers=JA)
            assert response.status_code == 200 and response.mimetype == "application/pdf", kind.name
            printed[kind.name] = pdf_text(response.data)[1]
    assert sorted(printed) == sorted(REAL_PDFS)
    pictures_as_html(monkeypatch)
    found, unsaid = [], []
    for kind in pages.printables:
        response = client.get(kind.path, headers=JA)
        assert response.status_code == 200, kind.name
        found += [(kind, english) for english in english_left(html_text(response.data), pages.typed)]
        if kind.name in printed:
            found += [(kind, english) for english in english_left(printed[kind.name], pages.typed)]
            unsaid += [f"{kind.name}: {words}" for words in not_in_the_html(printed[kind.name], response.data)]
    assert found == [], f"English in Japanese printables:\n{report(found)}"
    assert unsaid == [], "Japanese in a PDF that its HTML does not say:\n" + "\n".join(unsaid)


def not_in_the_html(printed: str, page: bytes) -> list[str]:
    """The Japanese words of a PDF's text that the HTML it is made from does not hold, nor the margins every
    PDF gets (``referee.web.printing.render``); the PDF holds some Japanese."""
    ja = catalogs.translations("ja")
    margins = [ja.gettext(words) for words in ("page {page} of {pages}", "Table Referee cites these rule numbers")]
    said = re.sub(r"\s", "", " ".join([html_text(page), *margins]))
    words = JAPANESE.findall(printed)
    assert words
    return [word for word in words if word not in said]


def test_the_pages_only_some_reach_read_japanese(app: Flask, client: FlaskClient) -> None:
    """The pages a score keeper reaches otherwise: a form sent after its page expired, undo without the
    editor's link, and the sheet after undoing a deal (its message)."""
    browser = Browser(client)
    table = Table(browser)
    code = table.evening(PLAYERS[:2], name="金曜日").rsplit("/", 1)[1]
    sheet = table.stored_sheet(GAMES["dracula"], PLAYERS[:2], [deals.dracula(1)], evening=code)
    viewer = Browser(app.test_client())
    expired = client.post("/", data={"name": "x"}, headers=JA)
    forbidden = viewer.get(f"{sheet}/undo", headers=JA)
    assert (expired.status_code, forbidden.status_code) == (400, 403)
    browser.get(f"{sheet}/undo", headers=JA)
    undone = client.post(f"{sheet}/undo", data={"number": "1", "version": "1", "csrf_token": browser.token}, headers=JA)
    assert undone.status_code == 302
    after = browser.get(sheet, headers=JA).get_data(as_text=True)
    assert "ディール1を取り消しました。" in after
    found = [
        (PageKind(name, path), english)
        for name, path, page in [
            ("expired form", "/", expired.get_data(as_text=True)),
            ("undo for a viewer", f"{sheet}/undo", forbidden.get_data(as_text=True)),
            ("sheet after undo", sheet, after),
        ]
        for english in english_left(visible_words(page), PLAYERS)
    ]
    assert found == [], report(found)


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("Deal 2 of 3を入力", ["Deal 2 of"]),
        ("Ann deals · Bob starts", ["deals", "starts"]),
        ("パックス — score pad", ["score pad"]),
        ("Paks — 得点表", ["Paks"]),
        ("合計です. 次へ", ["."]),
        ("Annがディーラー · ann", []),
        ("席は時計回りにN E S W：NSとEW、A、C、E。r1c2 K-Q-J 10H BJ paks-4.2 −10点 m = min(1, 1)", []),
        ("Marie-Charl… 0 Friday at Ann's", []),
        ("gamesda.comによります。OpenSkillのPlackett-Luceモデル、JSONを書き出す。English", []),
        ("Sid Sackson氏の“A Gamut of Games”", []),
    ],
)
def test_the_check_finds_english_sentences_and_keeps_what_is_latin(text: str, english: list[str]) -> None:
    typed = ("Ann", "Bob", "Marie-Charlotte Delacroix", "Friday at Ann's")
    assert [found.words for found in english_left(text, typed)] == english
