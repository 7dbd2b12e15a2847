"""Printed rule cards, blank score pads, filled sheets and the evening's record (WeasyPrint)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.printing import html_text, pdf_text, print_html_instead

PAYLOAD = "<b>Bob</b>&amp;"
DECK = [str(c) for c in DRACULA_PACK.cards()]


def fonts_embedded(data: bytes) -> bool:
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            descriptor = (
                font.get_object().get("/FontDescriptor")
                or font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            )
            if not any(key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                return False
    return True


@pytest.mark.parametrize("slug", list(GAMES))
def test_rule_card_pdf_has_clause_ids_and_options(client, slug: str) -> None:  # type: ignore[no-untyped-def]
    game = GAMES[slug]
    for paper in ("a4", "letter"):
        response = client.get(f"/rules/{slug}.pdf?paper={paper}")
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        pages, text = pdf_text(response.data)
        assert 1 <= pages <= 2, f"{slug} rule card has {pages} pages"
        assert str(game.name) in text
        clauses = set(re.findall(rf"{slug}-\d+(?:\.\d+)?", text))
        assert len(clauses) >= 10, clauses
        for option in game.options:
            assert option.clause in text
        assert fonts_embedded(response.data)
    html = client.get(f"/rules/{slug}").get_data(as_text=True)
    assert f"{slug}-" in html and "House option" in html


@pytest.mark.parametrize("slug", list(GAMES))
def test_blank_pad_for_every_player_count(client, slug: str, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The pad of the game's first player count printed; the others read on the HTML they are printed from."""
    game = GAMES[slug]
    for players in game.player_counts:
        names = ",".join(f"P{i}x" for i in range(players))
        response = client.get(f"/print/{slug}/pad.pdf?players={players}&names={names}&paper=letter")
        assert response.status_code == 200
        if players == game.player_counts[0]:
            pages, text = pdf_text(response.data)
            assert pages >= 1
            print_html_instead(monkeypatch)
        else:
            text = html_text(response.data)
        assert "P0x" in text and f"P{players - 1}x" in text
        assert str(game.name) in text


@pytest.mark.parametrize("players", ["", "2"])
def test_a_pad_has_a_column_for_every_name_typed(client, players: str, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Read on the HTML the pad is printed from (the Paks pad is printed in the test above)."""
    print_html_instead(monkeypatch)
    response = client.get("/print/paks/pad.pdf", query_string={"names": "Ann,Bob,Cat,Dan", "players": players})
    text = html_text(response.data)
    assert all(name in text for name in ("Ann", "Bob", "Cat", "Dan"))


def test_pad_player_count_fits_the_game() -> None:
    from referee.web.printing.views import pad_players

    assert pad_players((2, 3, 4, 6), "", 4) == 4
    assert pad_players((2, 3, 4, 6), "2", 4) == 4
    assert pad_players((2, 3, 4, 6), "", 5) == 6  # Paks has no 5-player game
    assert pad_players((2, 3, 4, 6), "3", 0) == 3
    assert pad_players((2, 3, 4, 6), "x", 0) == 2
    assert pad_players((2, 3, 4, 6), "", 9) == 6


def test_pad_with_a_strange_name_prints_it_literally(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Read on the HTML the pad is printed from: markup in a name would be tags there, not text."""
    print_html_instead(monkeypatch)
    response = client.get("/print/dracula/pad.pdf", query_string={"names": f"Ann,{PAYLOAD}", "players": "2"})
    text = html_text(response.data)
    assert PAYLOAD in text


def test_filled_sheet_and_record(browser: Browser) -> None:
    evening = browser.submit("/", {"name": "Friday", "players": f"Ann, {PAYLOAD}"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula", {"seat_0": "Ann", "seat_1": PAYLOAD, "first_dealer": "Ann"}
    ).headers["Location"]
    for i in range(6):
        browser.submit(f"{match}/deals/new", dict(zip(CELLS, DECK[i * 9 : i * 9 + 9], strict=True)))
    sheet_html = browser.get(match).get_data(as_text=True)
    footer = sheet_html.split("<tfoot>")[1].split("</tfoot>")[0]
    totals = re.findall(r"<td class=\"[^\"]*\">(\d+)</td>", footer)
    assert len(totals) == 2

    pages, text = pdf_text(browser.client.get(f"{match}/sheet.pdf?workings=1").data)
    assert pages >= 2
    assert "Ann" in text and PAYLOAD in text
    for total in totals:
        assert total in text
    assert "wins" in text and "dracula-4.3" in text and "dracula-6.1" in text
    assert "3 players: hand size" not in text  # options of other player counts are left out

    pages, text = pdf_text(browser.client.get(f"{evening}/record.pdf").data)
    assert pages >= 1 and "Friday" in text and "Dracula" in text and PAYLOAD in text
    for total in totals:
        assert total in text


def test_unknown_printables_are_404(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/rules/poker.pdf").status_code == 404
    assert client.get("/print/poker/pad.pdf").status_code == 404
    assert client.get("/e/nope/record.pdf").status_code == 404
