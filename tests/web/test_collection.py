"""The garbage collector is held off during heavy work and running again after it, however the work ends."""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from referee.web.collection import collector_held_off
from referee.web.evenings import home
from referee.web.printing import render
from tests.long_evening import dracula_match, evening_export
from tests.support.client import Browser
from tests.support.pages import upload


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_held_off_inside_and_running_after() -> None:
    with collector_held_off():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_running_again_after_work_that_fails() -> None:
    with pytest.raises(ValueError), collector_held_off():
        raise ValueError("refused")
    assert gc.isenabled()


def test_a_collector_off_before_stays_off() -> None:
    gc.disable()
    with collector_held_off():
        pass
    assert not gc.isenabled()


def test_threads_share_the_hold_until_the_last_ends() -> None:
    started, second_may_end = threading.Event(), threading.Event()
    seen: list[bool] = []

    def second() -> None:
        with collector_held_off():
            started.set()
            second_may_end.wait(10)
            seen.append(gc.isenabled())

    thread = threading.Thread(target=second)
    with collector_held_off():
        thread.start()
        assert started.wait(10)
    assert not gc.isenabled()  # the second thread's work goes on
    second_may_end.set()
    thread.join(10)
    assert seen == [False]
    assert gc.isenabled()


def test_an_import_and_a_pdf_are_made_with_the_collector_held_off(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []

    def watching(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            seen.append(gc.isenabled())
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(home, "import_file", watching(home.import_file))
    monkeypatch.setattr(render, "render_template", watching(render.render_template))
    evening = upload(browser, json.dumps(evening_export([dracula_match()])).encode()).headers["Location"]
    assert gc.isenabled()
    assert upload(browser, b'{"format": "table-referee/evening", "version": 2}').status_code == 400
    assert gc.isenabled()
    assert browser.client.get(f"{evening}/record.pdf").status_code == 200
    assert seen == [False, False, False] and gc.isenabled()
