"""The exact optimum of a leftover hand's imagined extra turn (iceberg-6.2, 6.3).

:func:`solve` takes a :class:`Problem` (the hand as counts against the final table) and gives the
best :class:`Play`. How it works and why it is exact: :mod:`.optimum`, and each module's own
docstring for its part.
"""

from __future__ import annotations

from referee.rules.iceberg.optimiser.optimum import solve
from referee.rules.iceberg.optimiser.problem import (
    COLOUR_POINTS,
    N_RANKS,
    N_SUITS,
    SUITED_POINTS,
    JoinedRuns,
    Play,
    Problem,
    TableRun,
    meld_value,
    set_gain,
)

__all__ = [
    "COLOUR_POINTS",
    "N_RANKS",
    "N_SUITS",
    "SUITED_POINTS",
    "JoinedRuns",
    "Play",
    "Problem",
    "TableRun",
    "meld_value",
    "set_gain",
    "solve",
]
