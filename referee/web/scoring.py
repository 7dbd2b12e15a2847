"""Scoring once per change: each deal's result is stored with it, and sheets are read from those.

A deal is scored by the rules layer when it is written (added, or corrected together with the deals
after it, whose score may depend on it) and its ``DealResult`` is stored on the deal row, stamped
with :data:`RULES_VERSION`. :func:`scored` builds a match's sheet from the stored results: running
totals and the end of the match are sums and comparisons, never a rescoring of old deals.

Stale totals cannot happen: a result is written in the same transaction as the entry it scores,
and every change to a match's deals holds that match's write lock (see ``referee.web.matches``).
A corrected rule still reaches old deals: :data:`RULES_VERSION` is derived from the rules code
itself, so a deal scored by other rules (or never scored, as deals stored before results were)
is scored again the first time its match is read, and stored again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import update
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.interfaces import LoaderOption

import referee
from referee.rules.game import DealResult, Game, MatchResult, MatchSetup
from referee.rules.registry import get_game
from referee.web.db import db
from referee.web.models import Deal, Evening, Match

#: Bump when the stored form of a result (``DealResult.as_dict``) changes shape.
STORED_FORM = "1"


def _rules_version() -> str:
    """A digest of every source file that decides a score: the rules layer, cards and explanations."""
    package = Path(referee.__file__).parent
    files = sorted([*(package / "rules").rglob("*.py"), package / "cards.py", package / "explain.py"])
    digest = hashlib.sha256(STORED_FORM.encode())
    for path in files:
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: The version of the rules that scores in this process; stored with every result it scores.
RULES_VERSION = _rules_version()


#: Loader options for a page showing all of an evening's sheets: one query per table, whatever the
#: number of matches (``select(Evening).options(*ALL_SHEETS)``).
ALL_SHEETS: tuple[LoaderOption, ...] = (
    selectinload(Evening.players),
    selectinload(Evening.matches).selectinload(Match.deals),
)


def game_of(match: Match) -> Game:
    game = get_game(match.game)
    if game is None:
        raise LookupError(f"unknown game {match.game!r}")
    return game


def setup_of(match: Match) -> MatchSetup:
    return MatchSetup(
        players=tuple(match.seats),
        first_dealer=match.first_dealer,
        options=dict(match.options),
        roles=dict(match.roles),
    )


def current(deal: Deal) -> bool:
    """Whether the deal's stored result was scored by the rules of this process."""
    return deal.result is not None and deal.rules_version == RULES_VERSION


def deal_results(game: Game, setup: MatchSetup, deals: Sequence[Deal]) -> tuple[list[DealResult], int]:
    """Each deal's result, and how many of them were read as stored.

    Results are read as stored up to the first deal without a current one; from there on the deals
    are scored again (a later deal's score may depend on the earlier ones). Nothing is written.
    """
    results: list[DealResult] = []
    for deal in deals:
        if not current(deal):
            break
        results.append(DealResult.from_dict(deal.result or {}))
    kept = len(results)
    if kept < len(deals):
        results += game.score_deals(setup, [d.entry for d in deals[kept:]], results)
    return results, kept


def store(deals: Sequence[Deal], results: Sequence[DealResult]) -> None:
    """Put results on their deal rows, stamped with this rules version (the caller commits)."""
    for deal, result in zip(deals, results, strict=True):
        deal.result = result.as_dict()
        deal.rules_version = RULES_VERSION


def scored(match: Match) -> MatchResult:
    """The match's sheet, from its deals' stored results: what pages, forms, exports and PDFs show.

    Deals whose result is missing or was scored by other rules are scored again here and their
    results stored, once: written only if the match has not changed since it was read (a writer
    that changed it meanwhile stored its own results).
    """
    game, setup = game_of(match), setup_of(match)
    deals = list(match.deals)
    results, kept = deal_results(game, setup, deals)
    if kept < len(deals):
        _store_if_unchanged(match.id, match.version, deals[kept:], results[kept:])
    return game.match_result(setup, results)


def _store_if_unchanged(match_id: int, version: int, deals: Sequence[Deal], results: Sequence[DealResult]) -> None:
    """Store results scored on a read, on a connection of their own so the reading request stays a reader."""
    with db.engine.begin() as connection:
        # Setting the version to itself takes the match's write lock without announcing a change.
        claimed = connection.execute(
            update(Match.__table__)
            .where(Match.__table__.c.id == match_id, Match.__table__.c.version == version)
            .values(version=version)
        )
        if claimed.rowcount != 1:
            return
        for deal, result in zip(deals, results, strict=True):
            connection.execute(
                update(Deal.__table__)
                .where(Deal.__table__.c.id == deal.id)
                .values(result=result.as_dict(), rules_version=RULES_VERSION)
            )
