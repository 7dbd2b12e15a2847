"""A group's people renamed or merged by its editors; the sheets keep the names entered."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from openskill.models import PlackettLuce

from referee.rules.season import RATING_BETA, RATING_MU, RATING_SIGMA, RATING_TAU
from referee.web.store.db import db
from referee.web.store.models import Group, Person, Player
from tests.support.client import Browser
from tests.support.dracula import play_dracula
from tests.support.groups import group_evening, season_rows, start_group, table_rows


def person_url(page: str, name: str) -> str:
    found = re.search(rf'<a href="(/g/[^"]+/persons/\d+)">{name}</a>', page)
    assert found, f"no link to {name}"
    return found.group(1)


def test_a_typo_in_one_evening_merges_into_the_real_person(app: Flask, browser: Browser) -> None:
    group = start_group(browser)
    play_dracula(browser, group_evening(browser, group, "Ann, Bob"), "Ann", "Bob")
    play_dracula(browser, group_evening(browser, group, "Anne, Bob"), "Anne", "Bob")
    page = browser.get(group).get_data(as_text=True)
    assert {"Ann", "Anne", "Bob"} <= set(season_rows(page))
    anne = person_url(page, "Anne")
    form = browser.get(anne).get_data(as_text=True)
    ann_id = re.search(r'<option value="(\d+)">Ann</option>', form).group(1)
    response = browser.submit(f"{anne}/merge", {"merge-into": ann_id}, form_page=anne)
    assert response.status_code == 302
    page = browser.get(group).get_data(as_text=True)
    assert "Anne and Ann are one person now: Ann." in page
    rows = season_rows(page)
    assert "Anne" not in rows and "Ann" in rows
    with app.app_context():
        assert {p.name for p in db.session.query(Person)} == {"Ann", "Bob"}
        ann = db.session.query(Person).filter_by(name="Ann").one()
        assert sorted(p.name for p in db.session.query(Player).filter_by(person_id=ann.id)) == ["Ann", "Anne"]


def test_a_rename_keeps_the_evenings_names_and_refuses_a_taken_name(app: Flask, browser: Browser) -> None:
    group = start_group(browser)
    evening = group_evening(browser, group, "Ann, Bob")
    play_dracula(browser, evening, "Ann", "Bob")
    ann = person_url(browser.get(group).get_data(as_text=True), "Ann")
    taken = browser.submit(ann, {"rename-name": "bob"})
    assert taken.status_code == 400 and "Bob is already a person of this group: merge them instead" in taken.get_data(
        as_text=True
    )
    assert browser.submit(ann, {"rename-name": "  Annie "}).status_code == 302
    page = browser.get(group).get_data(as_text=True)
    assert "Annie" in season_rows(page) and "Ann" not in season_rows(page)
    assert "Ann, Bob" in browser.get(evening).get_data(as_text=True)  # the evening keeps what was entered


def test_only_the_groups_editors_change_its_people(app: Flask, browser: Browser, client: FlaskClient) -> None:
    group = start_group(browser)
    play_dracula(browser, group_evening(browser, group, "Ann, Bob"), "Ann", "Bob")
    ann = person_url(browser.get(group).get_data(as_text=True), "Ann")
    stranger = Browser(app.test_client())
    page = stranger.get(ann).get_data(as_text=True)
    assert "How each match moved the rating" in page and "Rename" not in page and "Merge" not in page
    stranger.get("/")  # a page with a form, for the token
    refused = stranger.client.post(ann, data={"rename-name": "Eve", "csrf_token": stranger.token})
    assert refused.status_code == 403 and "the group&#39;s view link" in refused.get_data(as_text=True)
    assert stranger.client.post(f"{ann}/merge", data={"csrf_token": stranger.token}).status_code == 403
    with app.app_context():
        other = Group(name="Elsewhere")
        db.session.add(other)
        db.session.flush()
        outsider = Person(group=other, name="Zed")
        db.session.add(outsider)
        db.session.commit()
        outsider_id = outsider.id
    assert browser.client.get(re.sub(r"/persons/\d+", f"/persons/{outsider_id}", ann)).status_code == 404


def test_home_lists_the_groups_and_an_evening_joins_one_from_its_page(app: Flask, browser: Browser) -> None:
    start_group(browser, "Thursday table")
    home = browser.get("/").get_data(as_text=True)
    assert "Your groups" in home and "Thursday table" in home
    evening = browser.submit("/", {"name": "Friday", "players": "Ann, Bob"}).headers["Location"]
    page = browser.get(evening).get_data(as_text=True)
    assert "Add to a group" in page and "Thursday table</option>" in page
    group_id = re.search(r'<option value="(\d+)">Thursday table</option>', page).group(1)
    joined = browser.client.post(f"{evening}/group", data={"group": group_id, "csrf_token": browser.token})
    assert joined.status_code == 302
    page = browser.get(evening).get_data(as_text=True)
    assert "Add to a group" not in page and "An evening of" in page
    with app.app_context():
        assert {p.name for p in db.session.query(Person)} == {"Ann", "Bob"}


def test_the_season_kept_for_one_language_is_not_shown_in_the_other(browser: Browser) -> None:
    from referee.web.groups import views as groups

    group = start_group(browser)
    play_dracula(browser, group_evening(browser, group, "Ann, Bob"), "Ann", "Bob")

    def season(language: str) -> str:
        page = browser.get(group, headers={"Accept-Language": language}).get_data(as_text=True)
        return page.split("</h1>")[1].split("<section")[0]

    season("en")  # kept for English
    after_english = season("ja")
    groups._RENDERED.clear()
    assert after_english == season("ja")
    assert any(key[2] == "ja" for key in groups._RENDERED)


def test_a_persons_page_shows_how_each_match_moved_the_rating_and_whom_they_beat(browser: Browser) -> None:
    group = start_group(browser)
    evening = group_evening(browser, group, "Ann, Bob, Cat")
    pairs = [("Ann", "Bob"), ("Bob", "Ann"), ("Ann", "Cat"), ("Bob", "Cat")]
    winners = [play_dracula(browser, evening, first, second)[1] for first, second in pairs]
    ann = person_url(browser.get(group).get_data(as_text=True), "Ann")
    page = browser.get(ann).get_data(as_text=True)
    shown = re.findall(r'<strong class="num">([+-]\d+)</strong>\s*after Dracula on [^,]+, place (\d) of 2', page)
    model = PlackettLuce(mu=RATING_MU, sigma=RATING_SIGMA, beta=RATING_BETA, tau=RATING_TAU)
    ratings = {name: model.rating(name=name) for name in ("Ann", "Bob", "Cat")}
    expected = []
    for (first, second), winner in zip(pairs, winners, strict=True):
        loser = second if winner == first else first
        before = ratings["Ann"].ordinal(alpha=40, target=1000)
        [[won], [lost]] = model.rate([[ratings[winner]], [ratings[loser]]], ranks=[1.0, 2.0])
        ratings[winner], ratings[loser] = won, lost
        if "Ann" in (first, second):
            expected.append(
                (f"{ratings['Ann'].ordinal(alpha=40, target=1000) - before:+.0f}", "1" if winner == "Ann" else "2")
            )
    assert shown == expected[::-1]  # newest first, openskill's own numbers
    rivals = {row[0]: row[1:] for row in table_rows(page, "<h2>Head to head</h2>")}
    beat_bob = sum(w == "Ann" for (a, b), w in zip(pairs, winners, strict=True) if {a, b} == {"Ann", "Bob"})
    assert rivals["Bob"] == [str(beat_bob), str(2 - beat_bob)]
    assert rivals["Cat"] == (["1", "0"] if winners[2] == "Ann" else ["0", "1"])
    assert "Ann" not in rivals  # nobody is their own rival
    assert "Why can a winner rate below a loser?" in page
