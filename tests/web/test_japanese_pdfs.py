"""Rule cards, pads, filled sheets and the evening's record in Japanese, and the print page's language.

A Japanese PDF is set in the embedded Japanese font (Noto Sans JP, subset by WeasyPrint), its
extracted text holds Japanese words and the clause ids; an English PDF has no Japanese font.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from referee import catalogs
from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from referee.web.printing.render import JAPANESE_FAMILY, page_footer
from tests.support.client import Browser

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
JAPANESE_FONT = JAPANESE_FAMILY.replace(" ", "-")
DECK = [str(c) for c in DRACULA_PACK.cards()]
MAX_RULE_CARD = 1024 * 1024


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def font_names(data: bytes) -> set[str]:
    """The embedded fonts' names without their subset prefix (``ABCDEF+Referee-Sans-JP``)."""
    reader = PdfReader(io.BytesIO(data))
    return {
        str(font.get_object()["/BaseFont"]).split("+", 1)[-1]
        for page in reader.pages
        for font in (page["/Resources"].get("/Font") or {}).values()
    }


@pytest.mark.parametrize("slug", ["paks", "dracula"])
def test_a_japanese_rule_card_embeds_the_japanese_font_and_keeps_the_clause_ids(client, slug: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(f"/rules/{slug}.pdf", query_string={"lang": "ja"})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert len(response.data) <= MAX_RULE_CARD
    assert JAPANESE_FONT in font_names(response.data)
    text = pdf_text(response.data)
    assert "テーブル審判はこのルール番号を引用します" in text and "ページ" in text
    clauses = set(re.findall(rf"{slug}-\d+\.\d+", text))
    assert clauses and clauses == set(re.findall(rf"{slug}-\d+\.\d+", pdf_text(client.get(f"/rules/{slug}.pdf").data)))


def test_the_english_rule_card_is_unchanged_and_has_no_japanese_font(client) -> None:  # type: ignore[no-untyped-def]
    english = client.get("/rules/paks.pdf")
    assert not any(name.startswith(JAPANESE_FONT) for name in font_names(english.data))
    text = pdf_text(english.data)
    assert "Table Referee cites these rule numbers" in text and "page 1 of" in text
    assert not JAPANESE.search(text)


def test_the_static_pdf_cache_keeps_one_pdf_per_language(client) -> None:  # type: ignore[no-untyped-def]
    english = client.get("/rules/clabber.pdf")
    japanese = client.get("/rules/clabber.pdf", headers={"Accept-Language": "ja"})
    assert english.headers["ETag"] != japanese.headers["ETag"]
    assert JAPANESE.search(pdf_text(japanese.data)) and not JAPANESE.search(pdf_text(english.data))
    again = client.get("/rules/clabber.pdf")
    assert again.data == english.data
    assert "Accept-Language" in japanese.headers["Vary"]


def test_a_japanese_pad_prints_japanese_names_in_the_japanese_font(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/print/paks/pad.pdf", query_string={"lang": "ja", "names": "アン,ボブ", "players": "2"})
    assert response.status_code == 200
    assert JAPANESE_FONT in font_names(response.data)
    text = pdf_text(response.data)
    assert "アン" in text and "ボブ" in text and "ページ" in text


def test_the_filled_sheet_and_the_record_in_japanese(browser: Browser) -> None:
    evening = browser.submit("/", {"name": "金曜の夜", "players": "アン, ボブ"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "アン", "seat_1": "ボブ", "first_dealer": "アン"}
    ).headers["Location"]
    for i in range(6):
        browser.submit(f"{match}/deals/new", dict(zip(CELLS, DECK[i * 9 : i * 9 + 9], strict=True)))
    footer = browser.get(match).get_data(as_text=True).split("<tfoot>")[1].split("</tfoot>")[0]
    totals = re.findall(r"<td class=\"[^\"]*\">(\d+)</td>", footer)
    assert len(totals) == 2
    sheet = browser.client.get(f"{match}/sheet.pdf?workings=1&first=1&last=2&lang=ja")
    assert JAPANESE_FONT in font_names(sheet.data)
    text = pdf_text(sheet.data)
    ja = catalogs.translations("ja")
    shown = [
        ja.gettext("Rules in force"),
        ja.gettext("Dealer"),
        ja.gettext("Deals %(first)s to %(last)s, worked out") % {"first": 1, "last": 2},
        ja.gettext("Deal %(number)s") % {"number": 1},
        ja.gettext("Total"),
        "年",
    ]
    for words in shown:
        assert JAPANESE.search(words) and words in text, words
    assert "dracula-4.3" in text and "dracula-6.1" in text
    for total in totals:
        assert total in text

    record = pdf_text(browser.client.get(f"{evening}/record.pdf", query_string={"lang": "ja"}).data)
    assert "金曜の夜" in record and ja.gettext("Matches") in record and ja.gettext("Deals") in record


def test_the_print_page_offers_the_language_and_its_pdf_links_carry_it(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/print/", query_string={"lang": "ja"}).get_data(as_text=True)
    assert "PDFの言語" in page and 'href="/print/?lang=en"' in page
    assert 'href="/rules/paks.pdf?lang=ja"' in page
    assert '<input type="hidden" name="lang" value="ja">' in page
    english = client.get("/print/").get_data(as_text=True)
    assert 'href="/rules/paks.pdf?lang=en"' in english and 'href="/print/?lang=ja"' in english


def test_page_footers_keep_their_counters_in_any_word_order() -> None:
    assert page_footer("page {page} of {pages}") == '"page " counter(page) " of " counter(pages)'
    assert page_footer("{page} / {pages} ページ") == 'counter(page) " / " counter(pages) " ページ"'
    assert page_footer('say "{page}"') == '"say \\"" counter(page) "\\""'
