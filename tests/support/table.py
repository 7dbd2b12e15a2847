"""The score keeper's table through the pages: an evening, a match of any game, its deals.

What every page test starts from, as the phone does it: the home page's form starts an evening, the
new-match form seats its players, the deal form scores a deal. Each step checks the app took it
(a redirect) and answers the new page's path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask
from sqlalchemy import select

from referee.rules.game import Game
from referee.web.services import matches as svc
from referee.web.store.db import db
from referee.web.store.models import Evening, Group, Person, Player
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

    def stored_evening(
        self, players: Sequence[str] = ("Ann", "Bob"), *, name: str = "Fri", group: str | None = None
    ) -> str:
        """An evening of ``players`` made by the services (no page): its code. In the group named ``group``
        if one is given (made if there is none yet), each player the group's person of that name (made if
        the group has none)."""
        with self.browser.client.application.app_context():
            evening = Evening(name=name, players=[Player(name=n, position=i) for i, n in enumerate(players)])
            db.session.add(evening)
            if group is not None:
                evening.group = db.session.scalar(select(Group).where(Group.name == group)) or Group(name=group)
                known = {person.name for person in evening.group.persons}
                evening.group.persons.extend(Person(name=n) for n in players if n not in known)
                db.session.flush()
                by_name = {person.name: person for person in evening.group.persons}
                for player in evening.players:
                    player.person_id = by_name[player.name].id
            db.session.commit()
            code = evening.code
            db.session.remove()
            return code

    def stored_match(
        self,
        game: Game,
        players: Sequence[str] = ("Ann", "Bob"),
        *,
        options: Mapping[str, Any] | None = None,
        entries: Sequence[Mapping[str, Any]] = (),
        evening: str | None = None,
    ) -> tuple[str, str, int]:
        """A match of ``game`` with ``players`` seated in order, its ``entries`` added as deals, made by the
        services (no page), on the evening of code ``evening`` (by default a new one of these players): the
        evening's code and editor token, and the match's id."""
        code = evening or self.stored_evening(players)
        with self.browser.client.application.app_context():
            stored = db.session.scalar(select(Evening).where(Evening.code == code))
            assert stored is not None, code
            new = svc.check_new_match(game, stored, list(players), players[0], dict(options or {}), {})
            match = svc.create_match(stored, new)
            for entry in entries:
                svc.add_deal(match, dict(entry))
            made = (stored.code, stored.editor_token, match.id)
            db.session.remove()
            return made

    def stored_sheet(
        self,
        game: Game,
        players: Sequence[str],
        entries: Sequence[Mapping[str, Any]],
        *,
        evening: str,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """A match stored as :meth:`stored_match` makes it, on the evening of code ``evening``: the path of
        its sheet."""
        code, _token, match = self.stored_match(game, players, options=options, entries=entries, evening=evening)
        return f"/e/{code}/matches/{match}"


def match_id(url: str) -> int:
    """The id of the match whose sheet is at ``url``."""
    return int(url.rsplit("/", 1)[1])
