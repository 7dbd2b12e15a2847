"""The sheet's picture for the group chat: a PNG about 1080 pixels wide drawn by the server from the sheet,
in the reader's language, for whoever holds the view link, made once per match version and language."""

from __future__ import annotations

import io

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from referee.web.printing import views
from referee.web.printing.share import WIDTH, share_images
from tests.support import deals

SEATS = ["Ann", "Bob", "Cat", "Dan"]
TEAMS = ["Ann & Cat", "Bob & Dan"]


@pytest.fixture
def sheet(app: Flask) -> str:
    share_images.clear()
    evening = deals.new_evening(app, [*SEATS, "小林"])
    return deals.stored_match(app, evening.code, "clabber", SEATS, [deals.clabber(n, TEAMS, SEATS) for n in (1, 2, 3)])


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages laid out for pictures from now on."""
    done: list[str] = []
    real = views.render_pdf

    def counting(template: str, **kwargs):  # type: ignore[no-untyped-def]
        done.append(template)
        return real(template, **kwargs)

    monkeypatch.setattr(views, "render_pdf", counting)
    return done


def test_a_view_link_holder_gets_the_sheet_as_a_picture_made_once(
    client: FlaskClient, sheet: str, drawn: list[str]
) -> None:
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
    assert drawn == ["print/share.html"] * 2


def test_a_new_deal_makes_a_new_picture(app: Flask, client: FlaskClient, sheet: str, drawn: list[str]) -> None:
    first = client.get(f"{sheet}/share.png")
    with app.app_context():
        from referee.web.services import matches as svc
        from referee.web.store.db import db
        from referee.web.store.models import Match

        svc.add_deal(db.session.get(Match, int(sheet.rsplit("/", 1)[1])), deals.clabber(4, TEAMS, SEATS))
    second = client.get(f"{sheet}/share.png")
    assert second.headers["ETag"] != first.headers["ETag"] and second.data != first.data
    assert len(drawn) == 2


def test_the_picture_reads_as_the_sheet(
    app: Flask, client: FlaskClient, sheet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the picture is drawn from: the game, the evening, the state and the totals, in the reader's language."""
    pages: list[str] = []
    real = views.render_pdf

    def keep(template: str, **kwargs):  # type: ignore[no-untyped-def]
        from flask import render_template

        pages.append(render_template(template, paper="a4", **kwargs))
        return real(template, **kwargs)

    monkeypatch.setattr(views, "render_pdf", keep)
    client.get(f"{sheet}/share.png")
    client.get(f"{sheet}/share.png?lang=ja")
    english, japanese = pages
    assert "Clabber" in english and "Friday" in english and "In play after 3 deals" in english
    assert '<th>Ann &amp; Cat</th><td class="num">' in english and 'id="share-chart"' in english
    assert "クラバー" in japanese and "3ディール後" in japanese


def test_no_picture_of_a_match_elsewhere(client: FlaskClient, sheet: str) -> None:
    code = sheet.split("/")[2]
    assert client.get(f"/e/{code}/matches/999/share.png").status_code == 404
    assert client.get("/e/nope/matches/1/share.png").status_code == 404
