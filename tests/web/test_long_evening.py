"""Every export imports again: an evening of 300 deals (three Iceberg matches at the limit of 100
deals, each deal corrected once) round-trips through /import, though its export is larger than any
other request may be; a file over the documented limit is refused at the field; format version 1
keeps importing."""

from __future__ import annotations

import json

import pytest

from referee.web.services.limits import MAX_DEALS_PER_MATCH
from referee.web.services.transfer import MAX_GROUP_IMPORT_BYTES, MAX_IMPORT_BYTES, MAX_UPLOAD_BYTES
from tests.long_evening import dracula_match, evening_export, iceberg_match
from tests.support.client import Browser
from tests.support.pages import upload


@pytest.mark.slow
def test_an_evening_of_300_deals_round_trips_through_import(browser: Browser) -> None:
    long = iceberg_match(MAX_DEALS_PER_MATCH, corrected=True)
    original = evening_export([long, long, long, dracula_match()])
    first = upload(browser, json.dumps(original).encode())
    assert first.status_code == 302, first.get_data(as_text=True)[-2000:]
    exported = browser.client.get(f"{first.headers['Location']}/export.json")
    assert exported.status_code == 200
    assert len(exported.data) > 256 * 1024  # over the limit of every other request
    data = exported.get_json()
    assert [len(m["deals"]) for m in data["matches"]] == [100, 100, 100, 6]
    assert [len(m["revisions"]) for m in data["matches"]] == [200, 200, 200, 6]

    second = upload(browser, exported.data)
    assert second.status_code == 302
    again = browser.client.get(f"{second.headers['Location']}/export.json").get_json()
    assert again == data
    csv_first = browser.client.get(f"{first.headers['Location']}/export.csv").data
    assert browser.client.get(f"{second.headers['Location']}/export.csv").data == csv_first


def test_a_file_over_the_limit_is_refused_at_the_field(browser: Browser) -> None:
    response = upload(browser, b" " * (MAX_UPLOAD_BYTES + 1024))
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert 'id="file-error"' in page and f"larger than {MAX_GROUP_IMPORT_BYTES / 1024 / 1024:.1f} MB" in page
    assert 'enctype="multipart/form-data"' in page  # the form is there to choose another file
    # a group file may be that large, an evening file not
    evening = json.dumps(evening_export([dracula_match()])).encode()
    response = upload(browser, evening + b" " * MAX_IMPORT_BYTES)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="file-error"' in page and f"larger than {MAX_IMPORT_BYTES / 1024 / 1024:.1f} MB" in page


def test_other_requests_keep_the_small_limit(browser: Browser) -> None:
    browser.get("/")
    response = browser.client.post("/", data={"name": "x" * (300 * 1024), "csrf_token": browser.token})
    assert response.status_code == 413


def test_an_export_of_format_version_1_imports(browser: Browser) -> None:
    """A file as the first release wrote it: format version 1, a Dracula match of two deals, one corrected."""
    old = evening_export([dracula_match()], name="Old night")
    old["matches"][0]["deals"] = old["matches"][0]["deals"][:2]
    old["matches"][0]["revisions"] = old["matches"][0]["revisions"][:2]
    assert old["version"] == 1
    response = upload(browser, json.dumps(old).encode())
    assert response.status_code == 302
    data = browser.client.get(f"{response.headers['Location']}/export.json").get_json()
    assert data["evening"]["name"] == "Old night"
    assert [d["entry"] for d in data["matches"][0]["deals"]] == [d["entry"] for d in old["matches"][0]["deals"]]
