"""Every registered game has every part a game needs, and a game with parts missing is told which."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import pytest

from referee.messages import msg
from referee.rules.checks import Check
from referee.rules.game import DealContext, DealResult, Game, MatchSetup
from referee.rules.options import Option, Options, declaration_problems
from referee.rules.registry import GAMES
from referee.web import game_parts
from referee.web.game_ui import GAME_UI, GameUI


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_every_part(slug: str) -> None:
    assert game_parts.missing_parts(GAMES[slug]) == {}


def test_the_checklist_names_twelve_parts_as_the_readme_does() -> None:
    names = [part.name for part in game_parts.PARTS]
    assert len(names) == 12
    readme = (game_parts.ROOT / "README.md").read_text(encoding="utf-8")
    checklist = readme.split("### Adding a game")[1].split("\n## ")[0]
    assert [line.split("**")[1] for line in checklist.splitlines() if line.startswith("1. **")] == names


@dataclass(frozen=True)
class FakeOptions(Options):
    """Declares `speed` but has a field for `colour` only, of a type its choices do not fit."""

    declared = (
        Option("speed", msg("Speed"), "slow", "fake-1.1", choices=("slow", "fast")),
        Option("colour", msg("Colour"), "red", "fake-1.2", choices=("red", "blue")),
    )

    colour: Literal["red", "green"]


FAKE_CHECKS = {"peek": Check("peek", msg("Peek"), lambda body: {"explanation": []})}


class FakeGame(Game[FakeOptions]):
    """A sixth game with nothing but its class: no package, catalog, schemas, forms or templates."""

    slug = "fakegame"
    name = msg("Fake")
    tagline = msg("Fake")
    player_counts = (2,)
    option_type = FakeOptions
    checks = FAKE_CHECKS

    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        return {}

    def score_deal(self, setup: MatchSetup, entry: Any, context: DealContext) -> DealResult:
        raise NotImplementedError


def test_a_sixth_game_with_its_parts_missing_is_told_every_one(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeGame()
    monkeypatch.setitem(GAMES, fake.slug, fake)
    ui = GameUI(fake.slug, "referee.web.forms.entries.fakegame", "referee.web.referee_pages.fakegame")
    monkeypatch.setitem(GAME_UI, fake.slug, ui)
    missing = game_parts.every_game_missing()
    assert list(missing) == ["fakegame"]  # the five games stay whole
    told = missing["fakegame"]
    assert list(told) == [part.name for part in game_parts.PARTS]
    assert "referee/rules/fakegame/" in told["rules package + registry line"]
    assert "referee.web.forms.entries.fakegame" in told["entry form module"]
    assert told["deal template"] == "templates/games/fakegame/deal.html is missing"
    assert told["entry template"] == "templates/games/fakegame/entry.html is missing"
    assert told["rule card template"] == "templates/rulecards/fakegame.html is missing"
    assert told["pad template"] == "templates/pads/fakegame.html is missing"
    assert told["stylesheet"] == "static/css/games/fakegame.css is missing"
    assert "referee.web.referee_pages.fakegame" in told["referee pages (optional)"]
    assert "referee/translations/fakegame/ja/LC_MESSAGES/messages.po" in told["catalog area + its .po file"]
    assert "peek" in told["API schema for each check"]
    assert "option `speed` has no field" in told["options declared"]
    assert "'blue' is not a" in told["options declared"]
    assert told["Japanese translations complete"] == "no catalog to translate into"


def test_a_game_may_have_no_referee_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    paks = GAMES["paks"]
    ui = GameUI("paks", "referee.web.forms.entries.paks")
    parts = tuple(part for part in game_parts.PARTS if part.name != "Japanese translations complete")
    assert game_parts.missing_parts(paks, ui, parts=parts) == {}


def test_a_pad_without_its_grid_is_told_so(monkeypatch: pytest.MonkeyPatch) -> None:
    ui = GameUI("paks", "referee.web.forms.entries.paks")
    monkeypatch.setattr(GameUI, "pad_module", property(lambda self: "referee.web.printing.pads.nowhere"))
    parts = tuple(part for part in game_parts.PARTS if part.name == "pad template")
    told = game_parts.missing_parts(GAMES["paks"], ui, parts=parts)
    assert told == {"pad template": "referee.web.printing.pads.nowhere defines no LAYOUT, the pad's grid"}


def test_an_unregistered_game_is_told_its_registry_line_is_missing() -> None:
    told = game_parts.missing_parts(FakeGame(), parts=game_parts.PARTS[:2])
    assert told["rules package + registry line"] == "no line in referee/rules/registry.py registers `fakegame`"
    assert told["entry form module"] == "no line in referee/web/game_ui.py registers its web parts"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_games_options_dataclass_agrees_with_its_declarations(slug: str) -> None:
    assert declaration_problems(GAMES[slug].option_type) == []
