"""Export an evening to JSON and CSV; importing the JSON rebuilds an identical evening."""

from __future__ import annotations

import csv
import io
import json

from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from tests.support.client import Browser

DECK = [str(c) for c in DRACULA_PACK.cards()]


def played_evening(browser: Browser) -> str:
    evening = browser.submit("/", {"name": "Fri <b>", "players": "Ann, Bob, Cat"}).headers["Location"]
    match = browser.submit(
        f"{evening}/matches/new/dracula",
        {
            "seat_0": "Ann",
            "seat_1": "Bob",
            "first_dealer": "Bob",
            "opt_first_dealer_role": "king",
            "opt_all_tied": "score_third",
        },
    ).headers["Location"]
    for i in range(3):
        browser.submit(f"{match}/deals/new", dict(zip(CELLS, DECK[i * 9 : i * 9 + 9], strict=True)))
    swapped = DECK[9:18]
    swapped[0], swapped[8] = swapped[8], swapped[0]
    browser.submit(f"{match}/deals/2/edit", {**dict(zip(CELLS, swapped, strict=True)), "version": "1"})
    browser.submit(f"{match}/undo", {})
    return evening


def test_json_round_trip_rebuilds_an_identical_evening(browser: Browser) -> None:
    evening = played_evening(browser)
    exported = browser.client.get(f"{evening}/export.json").get_json()
    assert exported["format"] == "table-referee/evening"
    assert [r["action"] for r in exported["matches"][0]["revisions"]] == ["add", "add", "add", "edit", "undo"]
    upload = {"file": (io.BytesIO(json.dumps(exported).encode()), "evening.json")}
    browser.get("/import")
    response = browser.client.post(
        "/import", data={**upload, "csrf_token": browser.token}, content_type="multipart/form-data"
    )
    assert response.status_code == 302
    copy = response.headers["Location"]
    assert copy != evening
    assert browser.client.get(f"{copy}/export.json").get_json() == exported
    assert browser.client.get(f"{copy}/export.csv").data == browser.client.get(f"{evening}/export.csv").data


def test_csv_holds_every_deal_and_the_totals(browser: Browser) -> None:
    evening = played_evening(browser)
    rows = list(csv.DictReader(io.StringIO(browser.client.get(f"{evening}/export.csv").get_data(as_text=True))))
    deals = [r for r in rows if r["deal"].isdigit()]
    assert len(deals) == 4  # two deals, two sides each
    totals = {r["side"]: int(r["score"]) for r in rows if r["deal"] == "total"}
    assert set(totals) == {"Ann", "Bob"}
    for side, total in totals.items():
        assert total == sum(int(r["score"]) for r in deals if r["side"] == side)


def test_broken_import_files_are_refused_at_the_field(browser: Browser) -> None:
    evening = played_evening(browser)
    good = browser.client.get(f"{evening}/export.json").get_json()
    bad_entry = json.loads(json.dumps(good))
    bad_entry["matches"][0]["deals"][0]["entry"]["layout"][0][0] = "ZZ"
    for content, message in [
        (b"not json", "not JSON"),
        (b"{}", "not an evening exported"),
        (json.dumps(bad_entry).encode(), "is not a card"),
    ]:
        browser.get("/import")
        response = browser.client.post(
            "/import",
            data={"file": (io.BytesIO(content), "e.json"), "csrf_token": browser.token},
            content_type="multipart/form-data",
        )
        assert response.status_code == 400 and message in response.get_data(as_text=True)
