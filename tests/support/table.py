"""The score keeper's table through the pages: an evening, a match of any game, its deals.

What every page test starts from, as the phone does it: the home page's form starts an evening, the
new-match form seats its players, the deal form scores a deal. Each step checks the app took it
(a redirect) and answers the new page's path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask

from referee.rules.game import Game
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Evening, Player
from tests.support.client import Browser


class Table:
    """Evenings, matches and deals made through the pages by one browser (the evening's editor)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    @classmethod
    def of(cls, app: Flask) -> Table:
        """The table of a new browser on ``app``."""
        return cls(Browser(app.test_client()))

    def evening(self, players: Sequence[str] = ("Ann", "Bob"), *, name: str = "Friday") -> str:
        """A new evening of ``players``: the path of its page."""
        response = self.browser.submit("/", {"name": name, "players": ", ".join(players)})
        assert response.status_code == 302, response.get_data(as_text=True)
        return str(response.headers["Location"])

    def match(
        self,
        game: str,
        players: Sequence[str] = ("Ann", "Bob"),
        *,
        evening: str | None = None,
        first_dealer: str | None = None,
        **fields: str,
    ) -> str:
        """A new match of ``game`` (its slug) with ``players`` seated in order, on ``evening`` (by default a
        new one of these players); ``fields`` are posted as they are (house rules are ``opt_…``). The
        path of its sheet."""
        evening = evening or self.evening(players)
        seats = {f"seat_{i}": name for i, name in enumerate(players)}
        data = {**seats, "first_dealer": first_dealer or players[0], **fields}
        response = self.browser.submit(f"{evening}/matches/new/{game}", data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return str(response.headers["Location"])

    def deal(self, match: str, form: Mapping[str, Any]) -> str:
        """A deal entered on ``match``'s deal form as ``form`` (field names as the form posts them): the
        path the app went on to."""
        response = self.browser.submit(f"{match}/deals/new", dict(form))
        assert response.status_code == 302, response.get_data(as_text=True)
        return str(response.headers["Location"])

    def stored_match(
        self,
        game: Game,
        players: Sequence[str] = ("Ann", "Bob"),
        *,
        options: Mapping[str, Any] | None = None,
        entries: Sequence[Mapping[str, Any]] = (),
    ) -> tuple[str, str, int]:
        """An evening of ``players`` with one match of ``game``, its ``entries`` added as deals, made by the
        services (no page): the evening's code and editor token, and the match's id."""
        app = self.browser.client.application
        with app.app_context():
            evening = Evening(name="Fri", players=[Player(name=n, position=i) for i, n in enumerate(players)])
            db.session.add(evening)
            db.session.commit()
            new = svc.check_new_match(game, evening, list(players), players[0], dict(options or {}), {})
            match = svc.create_match(evening, new)
            for entry in entries:
                svc.add_deal(match, dict(entry))
            made = (evening.code, evening.editor_token, match.id)
            db.session.remove()
            return made


def match_id(url: str) -> int:
    """The id of the match whose sheet is at ``url``."""
    return int(url.rsplit("/", 1)[1])
