"""Phones racing each other: forked processes, each an app of its own with its own database connections.

That is how gunicorn serves the app: worker processes on one database, each request in its own
transaction. A round gives every phone a call; the phones wait for each other at a barrier and
make their calls at once.
Forked from the test's process, a phone has the app's modules loaded already: it starts in a few
milliseconds, and a round costs a few requests.
"""

from __future__ import annotations

import io
import multiprocessing
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask

from referee import create_app
from referee.web.store.db import db

#: Seconds a phone waits for the others, and the test for the phones, before the test fails.
WAIT = 60


@dataclass(frozen=True)
class Call:
    """One request a phone makes."""

    url: str
    data: dict[str, str] | None = None
    method: str = "POST"


def get(url: str) -> Call:
    return Call(url, method="GET")


@dataclass(frozen=True)
class Answer:
    """The answer to a phone's last call; a server error is a 500 with its traceback as the body."""

    phone: int
    status: int
    body: str
    location: str = ""


class Phones:
    """``count`` phones on ``app``'s database (use as a context manager); :meth:`race` runs a round.

    Each phone makes the ``opening`` calls once, when it starts (opening an editor link).
    """

    def __init__(self, app: Flask, count: int, *opening: Call) -> None:
        self.count = count
        context = multiprocessing.get_context("fork")
        self._barrier = context.Barrier(count)
        self._out = context.Queue()
        self._inboxes = [context.Queue() for _ in range(count)]
        config = {key: app.config[key] for key in ("TESTING", "SQLALCHEMY_DATABASE_URI", "SECRET_KEY")}
        config |= {"INSTANCE_PATH": app.instance_path, "UPGRADE_ON_START": False, "WTF_CSRF_ENABLED": False}
        with app.app_context():
            db.session.remove()
            db.engine.dispose()  # a forked phone may share no connection of the test's process
        self._processes = [
            context.Process(target=_phone, args=(config, opening, index, inbox, self._out, self._barrier), daemon=True)
            for index, inbox in enumerate(self._inboxes)
        ]

    def __enter__(self) -> Phones:
        for process in self._processes:
            process.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        for inbox in self._inboxes:
            inbox.put(None)
        self._barrier.abort()
        for process in self._processes:
            process.join(timeout=WAIT)
            if process.is_alive():
                process.kill()

    def race(self, calls: Sequence[Call]) -> list[Answer]:
        """One round: phone ``i`` makes ``calls[i]``, all at once; their answers, in the phones' order."""
        assert len(calls) == self.count
        for inbox, call in zip(self._inboxes, calls, strict=True):
            inbox.put(call)
        answers = sorted((self._out.get(timeout=WAIT) for _ in calls), key=lambda answer: answer.phone)
        broken = [answer.body for answer in answers if answer.status == 0]
        assert not broken, broken
        return answers


def _phone(config: dict[str, Any], opening: Sequence[Call], index: int, inbox: Any, out: Any, barrier: Any) -> None:
    """A phone: its own app and cookies; each call from ``inbox`` is one round, None ends it."""
    try:
        client = create_app(config).test_client()
        for call in opening:
            _quietly(client, call)
        while (call := inbox.get()) is not None:
            barrier.wait(WAIT)
            try:
                response = _make(client, call)
            except Exception:  # the app failed: a server error, which is what the tests look for
                out.put(Answer(index, 500, traceback.format_exc()))
            else:
                body = response.get_data(as_text=True)
                out.put(Answer(index, response.status_code, body, response.headers.get("Location", "")))
    except Exception:
        out.put(Answer(index, 0, traceback.format_exc()))
        barrier.abort()


def _quietly(client: Any, call: Call) -> None:
    """A call before the races: it must not fail."""
    response = _make(client, call)
    assert response.status_code < 500, (call, response.status_code)


def _make(client: Any, call: Call) -> Any:
    if call.method == "GET":
        return client.get(call.url)
    return client.post(call.url, data=call.data or {})


def without_errors(answers: list[Answer]) -> list[Answer]:
    """``answers``, after checking that none is a server error."""
    assert all(answer.status < 500 for answer in answers), [a.body for a in answers if a.status >= 500]
    return answers


def execute(app: Flask, *statements: Any) -> None:
    """Run ``statements`` on the test's database and commit: how a test puts things back between rounds."""
    with app.app_context():
        for statement in statements:
            db.session.execute(statement)
        db.session.commit()
        db.session.remove()


def imports_again(app: Flask, export_url: str) -> None:
    """The export at ``export_url`` (an evening's or a group's) imports again as a new one."""
    client = app.test_client()
    exported = client.get(export_url)
    assert exported.status_code == 200
    csrf = app.config.get("WTF_CSRF_ENABLED", True)
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        upload = {"file": (io.BytesIO(exported.data), "export.json")}
        response = client.post("/import", data=upload, content_type="multipart/form-data")
    finally:
        app.config["WTF_CSRF_ENABLED"] = csrf
    assert response.status_code == 302, response.get_data(as_text=True)
