"""A deterministic measure of the optimiser's work, for the adversarial search in bench/.

It counts the moves the sweeps try and the moves the lanes and bounds work out: unlike a time, it
does not depend on the machine's load. Nothing in the optimiser reads it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Effort:
    """Moves tried and worked out since :attr:`done` was last set to 0."""

    done: int = 0


EFFORT = Effort()
