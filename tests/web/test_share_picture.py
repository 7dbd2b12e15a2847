"""The sheet's picture for the group chat: a PNG about 1080 pixels wide drawn by the server from the sheet,
in the reader's language, for whoever holds the view link, made once per match version and language."""

from __future__ import annotations

import io

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from referee.rules.registry import GAMES
from referee.web.printing.share import WIDTH, share_images
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Match
from tests.support import deals
from tests.support.printing import count_renders, pictures_as_html
from tests.support.table import Table, match_id

SEATS = ["Ann", "Bob", "Cat", "Dan"]
TEAMS = ["Ann & Cat", "Bob & Dan"]


@pytest.fixture
def sheet(table: Table) -> str:
    share_images.clear()
    evening = table.stored_evening([*SEATS, "小林"], name="Friday")
    entries = [deals.clabber(n, TEAMS, SEATS) for n in (1, 2, 3)]
    return table.stored_sheet(GAMES["clabber"], SEATS, entries, evening=evening)


def test_a_view_link_holder_gets_the_sheet_as_a_picture_made_once(
    client: FlaskClient, sheet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The picture drawn, once per language: the other tests read the page it is drawn from."""
    drawn = count_renders(monkeypatch)
    response = client.get(f"{sheet}/share.png")  # this client holds no editor right: the view link alone
    assert response.status_code == 200 and response.mimetype == "image/png"
    picture = Image.open(io.BytesIO(response.data))
    assert picture.width == WIDTH and 600 < picture.height < 2000
    assert len(response.data) < 300_000
    assert response.headers["Cache-Control"] == "private, no-cache"
    again = client.get(f"{sheet}/share.png")
    assert again.data == response.data and drawn == ["print/share.html"]
    assert client.get(f"{sheet}/share.png", headers={"If-None-Match": response.headers["ETag"]}).status_code == 304
    japanese = client.get(f"{sheet}/share.png?lang=ja")
    assert japanese.status_code == 200 and japanese.data != response.data
    assert Image.open(io.BytesIO(japanese.data)).width == WIDTH
    assert drawn == ["print/share.html"] * 2


def test_a_new_deal_makes_a_new_picture(
    app: Flask, client: FlaskClient, sheet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures_as_html(monkeypatch)
    drawn = count_renders(monkeypatch)
    first = client.get(f"{sheet}/share.png")
    with app.app_context():
        svc.add_deal(db.session.get(Match, match_id(sheet)), deals.clabber(4, TEAMS, SEATS))
    second = client.get(f"{sheet}/share.png")
    assert second.headers["ETag"] != first.headers["ETag"] and second.data != first.data
    assert "In play after 4 deals" in second.get_data(as_text=True)
    assert len(drawn) == 2


def test_the_picture_reads_as_the_sheet(client: FlaskClient, sheet: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the picture is drawn from: the game, the evening, the state and the totals, in the reader's language."""
    pictures_as_html(monkeypatch)
    english = client.get(f"{sheet}/share.png").get_data(as_text=True)
    japanese = client.get(f"{sheet}/share.png?lang=ja").get_data(as_text=True)
    assert "Clabber" in english and "Friday" in english and "In play after 3 deals" in english
    assert '<th>Ann &amp; Cat</th><td class="num">' in english and 'id="share-chart"' in english
    assert "クラバー" in japanese and "3ディール後" in japanese


def test_no_picture_of_a_match_elsewhere(client: FlaskClient, sheet: str) -> None:
    code = sheet.split("/")[2]
    assert client.get(f"/e/{code}/matches/999/share.png").status_code == 404
    assert client.get("/e/nope/matches/1/share.png").status_code == 404
