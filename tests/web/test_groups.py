"""Groups across evenings: links and rights, persons, statistics kept until a match changes, export and import."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from flask import Flask

from referee.web.services import group_stats, limits
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Match, Person
from tests.support.client import Browser
from tests.support.dracula import play_dracula
from tests.support.groups import group_evening, season_rows, start_group, table_rows
from tests.support.pages import BUDGET, upload, weight
from tests.support.played import PLAYED
from tests.support.table import Table, match_id


def game_rows(html: str, game: str) -> dict[str, list[str]]:
    """A game's table: per person, rating, won/played, win rate, longest streak, average and best deal."""
    return {row[0]: row[1:] for row in table_rows(html, f"<h3>{game}</h3>")}


def test_a_group_ranks_its_persons_across_evenings(browser: Browser, app: Flask) -> None:
    group = start_group(browser)
    first = group_evening(browser, group, "Ann, Bob", "Week 1")
    assert "An evening of" in browser.get(first).get_data(as_text=True)
    _match, winner = play_dracula(browser, first, "Ann", "Bob")
    second = group_evening(browser, group, "ann\nBob\nCat", "Week 2")
    _match2, winner2 = play_dracula(browser, second, "Bob", "Cat")
    with app.app_context():
        persons = db.session.scalars(db.select(Person).order_by(Person.id)).all()
        assert [p.name for p in persons] == ["Ann", "Bob", "Cat"]  # "ann" is Ann
    page = browser.get(group).get_data(as_text=True)
    rows = season_rows(page)
    expected = {"Ann": 0, "Bob": 0, "Cat": 0}
    expected[winner] += 1
    expected[winner2] += 1
    assert {name: int(points) for name, (points, _won, _e) in rows.items()} == expected
    assert rows["Bob"][2] == "2" and rows["Cat"][2] == "1"
    assert "<h3>Dracula</h3>" in page and "OpenSkill" in page and "1000 + 40 × (μ − 3σ)" in page
    assert "Why can a winner rate below a loser?" in page
    assert "Week 1" in page and "Week 2" in page


def test_the_winner_rates_higher_and_best_deal_is_a_real_deal(browser: Browser) -> None:
    group = start_group(browser)
    evening = group_evening(browser, group, "Ann, Bob")
    _match, winner = play_dracula(browser, evening, "Ann", "Bob")
    page = browser.get(group).get_data(as_text=True)
    found = game_rows(page, "Dracula")
    records = {
        name: (int(won.split("/")[0]), int(won.split("/")[1]), float(avg), int(best), int(rating.split()[0]))
        for name, (rating, won, _rate, _streak, avg, best) in found.items()
    }
    loser = "Bob" if winner == "Ann" else "Ann"
    assert records[winner][:2] == (1, 1) and records[loser][:2] == (0, 1)
    assert records[winner][4] > 1000 > records[loser][4]
    assert next(iter(found)) == winner  # best rating first
    assert found[winner][0].endswith("provisional") and found[winner][2:4] == ["100%", "1"]
    rows = browser.client.get(f"{evening}/export.csv").get_data(as_text=True).splitlines()
    deal_scores = {
        side: [int(r.split(",")[5]) for r in rows if re.match(r"1,Dracula,\d+,", r) and r.split(",")[4] == side]
        for side in ("Ann", "Bob")
    }
    for side, scores in deal_scores.items():
        assert records[side][3] == max(scores)
        assert abs(records[side][2] - sum(scores) / len(scores)) < 0.05


def test_statistics_are_kept_until_a_match_changes_and_only_it_is_read_again(
    browser: Browser, app: Flask, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    group = start_group(browser)
    evening = group_evening(browser, group, "Ann, Bob")
    _first, first_winner = play_dracula(browser, evening, "Ann", "Bob")
    match, second_winner = play_dracula(browser, evening, "Bob", "Ann")
    read, played = [], []
    original, original_played = group_stats._summary, group_stats._group_match
    monkeypatch.setattr(group_stats, "_summary", lambda m, r: read.append(m.id) or original(m, r))
    monkeypatch.setattr(group_stats, "_group_match", lambda m, *rest: played.append(m) or original_played(m, *rest))
    page = browser.get(group).get_data(as_text=True)
    winners = [first_winner, second_winner]
    assert f"{winners.count('Ann')}/2" in page and f"{winners.count('Bob')}/2" in page
    assert len(read) == 2 and len(played) == 2
    assert browser.get(group).status_code == 200
    assert len(read) == 2 and len(played) == 2  # nothing changed: the stored statistics are read
    browser.submit(f"{match}/undo", {})
    page = browser.get(group).get_data(as_text=True)
    assert "/2</td>" not in page  # the second match is no longer finished: one match played each
    second = int(match.rsplit("/", 1)[1])
    assert read[2:] == [second] and played[2:] == [second]  # only the changed match is read and played again
    with app.app_context():
        stored = db.session.scalars(db.select(Group)).one()
        assert stored.stats_key == group_stats.census(stored).key
    monkeypatch.setattr(group_stats, "RULES_VERSION", "corrected rules")
    assert browser.get(group).status_code == 200
    assert sorted(read[3:]) == sorted(read[:2])  # a corrected rule reaches every match's stored summary


def test_an_earlier_evening_joins_only_from_its_editor(browser: Browser, table: Table, app: Flask) -> None:
    group = start_group(browser)
    evening = table.evening(["Ann", "Dan"])
    play_dracula(browser, evening, "Ann", "Dan")
    other = Browser(app.test_client())
    stranger_evening = Table(other).evening(["Eve", "Fay"])
    # editing an evening is no right on a group (their ids are separate sequences)
    assert "Start an evening of the group" not in other.get(group).get_data(as_text=True)
    refused = browser.submit(
        f"{group}/join", {"link": "http://x/e/" + stranger_evening.rsplit("/", 1)[1]}, form_page=group
    )
    assert refused.status_code == 400 and "cannot edit that evening" in refused.get_data(as_text=True)
    unknown = browser.submit(f"{group}/join", {"link": "nonsense"}, form_page=group)
    assert unknown.status_code == 400 and "No evening has this link" in unknown.get_data(as_text=True)
    joined = browser.submit(f"{group}/join", {"link": f"http://localhost{evening}"}, form_page=group)
    assert joined.status_code == 302
    assert set(season_rows(browser.get(group).get_data(as_text=True))) == {"Ann", "Dan"}
    # the view link shows the season but offers no change, and refuses one
    viewer = Browser(app.test_client())
    page = viewer.get(group).get_data(as_text=True)
    assert "Start an evening of the group" not in page and "Ann" in page
    viewer.get("/")
    assert viewer.client.post(f"{group}/evenings", data={"csrf_token": viewer.token, "players": "X"}).status_code == 403
    # the editor link grants it
    with app.app_context():
        token = db.session.scalars(db.select(Group)).one().editor_token
    assert viewer.get(f"{group}/edit/{token}").status_code == 302
    assert "Start an evening of the group" in viewer.get(group).get_data(as_text=True)
    assert viewer.get(f"{group}/edit/wrong").status_code == 404


def test_group_export_imports_as_a_new_group_and_an_old_evening_export_still_imports(browser: Browser) -> None:
    group = start_group(browser, "Club <b>")
    evening = group_evening(browser, group, "Ann, Bob")
    play_dracula(browser, evening, "Ann", "Bob")
    browser.submit(f"{evening}/placing", {"placing": "winner"}, form_page=evening)
    exported = browser.client.get(f"{group}/export.json").get_json()
    assert exported["format"] == "table-referee/group" and exported["group"]["persons"] == ["Ann", "Bob"]
    assert exported["evenings"][0]["evening"]["placing"] == "winner"
    browser.get("/import")
    upload = {"file": (io.BytesIO(json.dumps(exported).encode()), "group.json"), "csrf_token": browser.token}
    response = browser.client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 302
    copy = response.headers["Location"]
    assert copy.startswith("/g/") and copy != group
    assert browser.client.get(f"{copy}/export.json").get_json() == exported
    assert season_rows(browser.get(copy).get_data(as_text=True)) == season_rows(
        browser.get(group).get_data(as_text=True)
    )

    old = browser.client.get(f"{evening}/export.json").get_json()
    del old["evening"]["placing"]  # as exported before groups
    browser.get("/import")
    upload = {"file": (io.BytesIO(json.dumps(old).encode()), "evening.json"), "csrf_token": browser.token}
    response = browser.client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 302 and response.headers["Location"].startswith("/e/")
    assert (
        browser.client.get(f"{response.headers['Location']}/export.json").get_json()["evening"]["placing"] == "places"
    )

    broken = dict(exported, evenings=[{"format": "nonsense"}])
    browser.get("/import")
    upload = {"file": (io.BytesIO(json.dumps(broken).encode()), "group.json"), "csrf_token": browser.token}
    response = browser.client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 400 and "evening 1" in response.get_data(as_text=True)


def test_a_group_without_evenings_exports_and_imports_again(browser: Browser) -> None:
    group = start_group(browser, "Newly formed")
    exported = browser.client.get(f"{group}/export.json").get_json()
    assert exported["evenings"] == []
    response = upload(browser, json.dumps(exported).encode())
    assert response.status_code == 302
    assert browser.client.get(f"{response.headers['Location']}/export.json").get_json() == exported


def test_a_group_file_of_a_version_that_is_not_the_integer_one_is_refused(browser: Browser) -> None:
    group = start_group(browser)
    exported = browser.client.get(f"{group}/export.json").get_json()
    for version in (True, 1.0, "1", None, 2):
        response = upload(browser, json.dumps({**exported, "version": version}).encode())
        assert response.status_code == 400
        assert f"this export is of group format version {version!r}" in html.unescape(response.get_data(as_text=True))


def test_the_evening_chooses_its_placing_points(browser: Browser, table: Table) -> None:
    evening = table.evening(["Ann", "Bob", "Cat"])
    play_dracula(browser, evening, "Ann", "Bob")
    page = browser.get(evening).get_data(as_text=True)
    assert "Placing points: By places." in page
    assert browser.submit(f"{evening}/placing", {"placing": "podium"}, form_page=evening).status_code == 302
    page = browser.get(evening).get_data(as_text=True)
    assert "Placing points: Podium 3-2-1." in page
    points = re.findall(r'<td class="num" data-label="Points">([\d½]+)</td>\s*<td class="num" [^>]*>\d/\d</td>', page)
    assert sorted(points) == ["0", "2", "3"]
    assert browser.submit(f"{evening}/placing", {"placing": "bogus"}, form_page=evening).status_code == 400


def test_group_pages_are_within_the_page_budget(browser: Browser) -> None:
    group = start_group(browser)
    evening = group_evening(browser, group, "Ann, Bob")
    play_dracula(browser, evening, "Ann", "Bob")
    for url in ("/g/new", group, f"{group}/evenings"):
        total, assets = weight(browser, url)
        assert total <= BUDGET, (url, total)
        assert all(asset.startswith("/") for asset in assets)


def upload_file(browser: Browser, data: dict) -> Any:  # type: ignore[type-arg]
    browser.get("/import")
    upload = {"file": (io.BytesIO(json.dumps(data).encode()), "group.json"), "csrf_token": browser.token}
    return browser.client.post("/import", data=upload, content_type="multipart/form-data")


def test_a_group_keeps_within_its_limits_of_evenings_and_persons(
    browser: Browser, table: Table, app: Flask, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(limits, "MAX_EVENINGS_PER_GROUP", 2)
    monkeypatch.setattr(limits, "MAX_PERSONS_PER_GROUP", 3)
    group = start_group(browser)
    group_evening(browser, group, "Ann, Bob")
    refused = browser.submit(f"{group}/evenings", {"players": "Ann, Cat, Dan"}, form_page=group)
    assert refused.status_code == 400
    assert "A group holds at most 3 persons; this would make 4." in refused.get_data(as_text=True)
    group_evening(browser, group, "ann, Cat")
    refused = browser.submit(f"{group}/evenings", {"players": "Ann, Bob"}, form_page=group)
    assert refused.status_code == 400
    assert "A group holds at most 2 evenings; this would make 3. Start a new group" in refused.get_data(as_text=True)
    outside = table.evening(["Ann", "Bob"])
    refused = browser.submit(f"{group}/join", {"link": f"http://localhost{outside}"}, form_page=group)
    assert refused.status_code == 400 and "at most 2 evenings" in refused.get_data(as_text=True)
    with app.app_context():
        group_id = db.session.scalars(db.select(Group)).one().id
        assert db.session.scalar(db.select(db.func.count(Evening.id)).where(Evening.group_id == group_id)) == 2
        assert db.session.scalar(db.select(db.func.count(Person.id))) == 3
    page = browser.get(outside).get_data(as_text=True)
    browser.client.post(f"{outside}/group", data={"group": group_id, "csrf_token": browser.token})
    assert "at most 2 evenings" in browser.get(outside).get_data(as_text=True) and "Add to a group" in page
    exported = browser.client.get(f"{group}/export.json").get_json()
    monkeypatch.setattr(limits, "MAX_EVENINGS_PER_GROUP", 1)
    refused = upload_file(browser, exported)
    assert refused.status_code == 400
    assert "the file holds 2 evenings: A group holds at most 1 evenings" in refused.get_data(as_text=True)
    monkeypatch.setattr(limits, "MAX_EVENINGS_PER_GROUP", 2)
    crowded = {**exported, "group": {**exported["group"], "persons": [f"P{i}" for i in range(100_000)]}}
    assert "at most 3 persons; this would make 100000" in upload_file(browser, crowded).get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Group.id))) == 1  # nothing of a refused file is kept


def test_an_imported_group_shows_the_same_statistics_and_moves(browser: Browser) -> None:
    group = start_group(browser)
    first = group_evening(browser, group, "Ann, Bob, Cat", "Week 1")
    play_dracula(browser, first, "Ann", "Bob")
    play_dracula(browser, first, "Cat", "Ann")
    play_dracula(browser, group_evening(browser, group, "Bob, Cat", "Week 2"), "Bob", "Cat")
    response = upload_file(browser, browser.client.get(f"{group}/export.json").get_json())
    assert response.status_code == 302
    copy = response.headers["Location"]
    original, imported = browser.get(group).get_data(as_text=True), browser.get(copy).get_data(as_text=True)
    assert season_rows(imported) == season_rows(original)
    assert game_rows(imported, "Dracula") == game_rows(original, "Dracula")
    for page in (original, imported):
        assert browser.get(re.search(r'href="(/g/[^"]+/persons/\d+)">Ann<', page).group(1)).status_code == 200


def test_a_summary_from_stored_scores_is_the_summary_of_the_whole_sheet_in_every_game(app: Flask) -> None:
    """The statistics read only each deal's number, dealer, scores and details: the same match ends as on its sheet."""
    browser = Browser(app.test_client())
    evening = group_evening(browser, start_group(browser), "Ann, Bob, Cat, Dan")
    ids = []
    for game, (seats, entries) in PLAYED.items():
        for played in (entries[:2], entries):
            match = match_id(Table(browser).match(game, seats, evening=evening, first_dealer=seats[-1]))
            with app.test_request_context():
                for entry in played:
                    svc.add_deal(db.session.get(Match, match), entry)
            ids.append(match)
    play_dracula(browser, evening, "Ann", "Bob")  # a finished match too
    with app.app_context():
        matches = list(db.session.scalars(db.select(Match).where(Match.evening_id.is_not(None))))
        light = group_stats._stored_scores(matches)
        assert set(light) == {m.id for m in matches} and set(ids) < set(light)
        for match in matches:
            assert light[match.id] == group_stats._summary(match, svc.scored(match)), match.game
