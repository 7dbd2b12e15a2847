"""Every game of the rules registry has its whole UI registered, and every part of it exists."""

from __future__ import annotations

import importlib

import pytest
from flask import Flask

from referee.rules.registry import GAMES
from referee.web.forms.entries import EntryForm
from referee.web.game_ui import GAME_UI, GameUI, missing_games
from referee.web.referee_pages import PAGES


def test_every_game_has_its_pages_registered() -> None:
    assert missing_games() == []
    assert set(GAME_UI) == set(GAMES)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_part_of_a_games_ui_exists(app: Flask, slug: str) -> None:
    ui = GAME_UI[slug]
    form = ui.entry_form()
    assert issubclass(form, EntryForm) and form is not EntryForm
    assert form.game is GAMES[slug]  # the rules that judge a refused deal anyway
    for template in ui.templates():
        app.jinja_env.get_template(template)  # raises TemplateNotFound for a missing one
    if ui.referee_module is not None:
        importlib.import_module(ui.referee_module)
        assert any(game == slug for game, _endpoint, _title in PAGES), f"{slug} registers no referee page"
        with app.test_request_context():
            for game, endpoint, _title in PAGES:
                if game == slug:
                    assert endpoint in app.view_functions


def test_a_game_may_have_no_referee_pages() -> None:
    ui = GameUI("paks", "referee.web.forms.entries.paks")
    assert ui.referee_module is None
    assert ui.templates()[0] == "games/paks/entry.html"
