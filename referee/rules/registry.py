"""The games the app knows. Adding a game: one rules package, one entry form, one template, one line here."""

from __future__ import annotations

from typing import Any

from referee.rules.clabber import CLABBER
from referee.rules.dracula import DRACULA
from referee.rules.game import Game
from referee.rules.iceberg import ICEBERG
from referee.rules.paks import PAKS
from referee.rules.zhengfen import ZHENGFEN

GAMES: dict[str, Game[Any]] = {game.slug: game for game in (PAKS, CLABBER, DRACULA, ZHENGFEN, ICEBERG)}


def get_game(slug: str) -> Game[Any] | None:
    return GAMES.get(slug)
