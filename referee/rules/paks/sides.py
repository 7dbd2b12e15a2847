"""How a Paks table makes its sides: each player alone with 2 or 3, two teams with 4 or 6 (paks-1.1, paks-6.2).

A match takes its sides from its seats (:meth:`Paks.sides`); the ``deal`` check is given its sides
by name, so it checks that their number fits the players (or the decks) the request gives.
"""

from __future__ import annotations

from referee.errors import FieldError
from referee.messages import msg

#: The player counts whose players each play alone; any other count plays in two teams (paks-1.1).
ALONE = (2, 3)


def plays_alone(players: int) -> bool:
    return players in ALONE


def side_count(players: int) -> int:
    """How many sides a deal of ``players`` players has (paks-6.2)."""
    return players if plays_alone(players) else 2


def check_side_count(given: int, *, players: int | None, decks: int | None) -> None:
    """Refuse ``given`` sides when they cannot be the sides of ``players`` players, or, with the
    player count unknown, of ``decks`` decks: one deck is for 2 players (paks-1.2)."""
    if players is None and decks == 1:
        if given != 2:
            raise FieldError(
                msg(
                    "`sides` lists {given} sides, but one deck is for {players} players, who each play alone: "
                    "a deal has {players} sides — paks-1.1, paks-1.2",
                    given=given,
                    players=2,
                ),
                field="sides",
            )
        return
    if players is None or given == side_count(players):
        return
    if plays_alone(players):
        problem = msg(
            "`sides` lists {given} sides, but {players} players each play alone: a deal has {players} sides "
            "— paks-1.1, paks-6.2",
            given=given,
            players=players,
        )
    else:
        problem = msg(
            "`sides` lists {given} sides, but {players} players make two teams: a deal has 2 sides "
            "— paks-1.1, paks-6.2",
            given=given,
            players=players,
        )
    raise FieldError(problem, field="sides")
