"""The reader's language: from the browser, switched on every page and kept in a cookie."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee.web.http.conditional import etag_for


def test_english_by_default_and_japanese_for_a_japanese_browser(client: FlaskClient) -> None:
    english = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in english and "Table Referee" in english
    japanese = client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="ja">' in japanese and "テーブル審判" in japanese


def test_the_switch_keeps_the_choice_and_goes_back_to_the_page(client: FlaskClient) -> None:
    response = client.get("/lang/ja?next=/print/")
    assert response.status_code == 302 and response.headers["Location"] == "/print/"
    assert "lang=ja" in response.headers["Set-Cookie"]
    page = client.get("/print/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ja">' in page
    client.get("/lang/en?next=/")
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)


def test_every_page_offers_the_other_language_back_to_itself(client: FlaskClient) -> None:
    page = client.get("/print/?x=1").get_data(as_text=True)
    assert 'href="/lang/ja?next=/print/?x%3D1"' in page and "日本語" in page


def test_a_query_chooses_the_language_of_one_page(client: FlaskClient) -> None:
    assert '<html lang="ja">' in client.get("/?lang=ja").get_data(as_text=True)
    assert '<html lang="en">' in client.get("/?lang=xx").get_data(as_text=True)


def test_the_switch_goes_back_only_to_this_site(client: FlaskClient) -> None:
    for target in ("https://example.com/", "//example.com/", "javascript:alert(1)"):
        response = client.get("/lang/ja", query_string={"next": target})
        assert response.headers["Location"] == "/"
    assert "Set-Cookie" not in client.get("/lang/xx?next=/").headers


def test_pages_vary_by_language(app: Flask, client: FlaskClient) -> None:
    assert {"Accept-Language", "Cookie"} <= set(client.get("/").vary)
    tags = set()
    for language in ("en", "ja"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            tags.add(etag_for("match-1", 3, editor=False))
    assert len(tags) == 2
