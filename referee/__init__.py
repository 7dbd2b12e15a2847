"""Table Referee: the referee and score keeper for a real card table."""

from __future__ import annotations

from typing import Any


def create_app(config: dict[str, Any] | None = None):
    """Build the Flask application (see :mod:`referee.web.factory`).

    Imported lazily so that the cards and rules layers stay usable without Flask.
    """
    from referee.web.factory import create_app as factory

    return factory(config)


__all__ = ["create_app"]
