"""Scoring once per change: each deal's result is stored with it, and sheets are read from those.

A deal is scored by the rules layer when it is written (added, or corrected together with the deals
after it, whose score may depend on it) and its ``DealResult`` is stored on the deal row, stamped
with :data:`RULES_VERSION`. :func:`scored` builds a match's sheet from the stored results: running
totals and the end of the match are sums and comparisons, never a rescoring of old deals.

Stale totals cannot happen: a result is written in the same transaction as the entry it scores,
and every change to a match's deals holds that match's write lock (see ``referee.web.services.matches``).
A corrected rule still reaches old deals: :data:`RULES_VERSION` is derived from the rules code
itself, so a deal scored by other rules (or never scored, as deals stored before results were)
is scored again the first time its match is read, and stored again.

A view does not even read the stored results when it can help it: each app keeps the scored sheets
of the matches last read (:func:`scored`), keyed by the match's id, its evening's code, its creation
time and version, and :data:`RULES_VERSION`. Every change to a match's deals raises its version in
the transaction that makes it (see ``referee.web.services.matches``; an import or a rematch creates a new
match), so a sheet kept under a key is the sheet of that version: a change makes a new key, never a
stale hit. (The evening's code, random for every evening, keeps apart a match that would reuse the
id of a deleted one: an import keeps the exported creation time and version.) The deals'
``result`` column is loaded only to fill the cache (it is deferred on the model), so forms, exports
and checks that read entries never decode results.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from cachetools import LRUCache
from flask import current_app
from sqlalchemy import JSON, select, update
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import joinedload, selectinload, undefer_group
from sqlalchemy.orm.interfaces import LoaderOption
from sqlalchemy.sql.functions import FunctionElement

from referee.explain import Explanation, Step
from referee.rules.game import DealResult, Game, MatchResult, MatchSetup
from referee.rules.registry import get_game
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Match

#: Bump when the stored form of a result (``DealResult.as_dict``) changes shape.
STORED_FORM = "1"


def _rules_version() -> str:
    """A digest of every source file that decides a score: the rules layer, cards and explanations."""
    package = Path(__file__).parents[2]  # referee/
    files = sorted([*(package / "rules").rglob("*.py"), package / "cards.py", package / "explain.py"])
    digest = hashlib.sha256(STORED_FORM.encode())
    for path in files:
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: The version of the rules that scores in this process; stored with every result it scores.
RULES_VERSION = _rules_version()


#: Loader options for a page showing all of an evening's sheets (``select(Evening).options(*ALL_SHEETS)``),
#: whose sheets it then reads with :func:`scored_all`: the evening with its players, then its matches,
#: whatever their number.
ALL_SHEETS: tuple[LoaderOption, ...] = (joinedload(Evening.players), selectinload(Evening.matches))

#: How many deals the scored sheets kept per app may hold in all: a sheet counts one per deal, so
#: many short matches or a few long ones fit. A deal with its workings takes up to about 30 KB in
#: memory (an Iceberg deal with two hands valued), so at most about 60 MB per process; the
#: evenings being played at once fit many times over (an evening at real length is 100 to 300 deals).
CACHED_DEALS = 2_000
_CACHE = "referee.scored"

#: What a scored sheet is kept under: the match's id, its evening's code, its creation time and
#: version, and the rules.
Key = tuple[int, str, datetime, int, str]


def game_of(match: Match) -> Game:
    return game_of_slug(match.game)


def game_of_slug(slug: str) -> Game:
    game = get_game(slug)
    if game is None:
        raise LookupError(f"unknown game {slug!r}")
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
        results.append(_stored_result(deal.result or {}))
    kept = len(results)
    if kept < len(deals):
        results += game.score_deals(setup, [d.entry for d in deals[kept:]], results)
    return results, kept


class _StoredExplanation(Explanation):
    """A stored deal's explanation, decoded when first read: a sheet works out its latest deal, not all of them."""

    def __init__(self, stored: list[dict[str, Any]]) -> None:
        self._stored: list[dict[str, Any]] | None = stored
        self._steps: list[Step] = []

    @property
    def steps(self) -> list[Step]:
        if self._stored is not None:
            self._steps, self._stored = Explanation.from_list(self._stored).steps, None
        return self._steps

    @steps.setter
    def steps(self, steps: list[Step]) -> None:
        self._steps, self._stored = steps, None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Explanation) and self.steps == other.steps

    __hash__ = None  # type: ignore[assignment]  # as the explanation it stands for


def _stored_result(stored: dict[str, Any]) -> DealResult:
    """A stored result, its explanation decoded only when read."""
    result = DealResult.from_dict({**stored, "explanation": []})
    result.explanation = _StoredExplanation(stored["explanation"])
    return result


def store(deals: Sequence[Deal], results: Sequence[DealResult]) -> None:
    """Put results on their deal rows, stamped with this rules version (the caller commits)."""
    for deal, result in zip(deals, results, strict=True):
        deal.result = result.as_dict()
        deal.rules_version = RULES_VERSION


def key_of(match: Match, version: int | None = None) -> Key:
    """The key of the match's sheet at ``version`` (default: the version loaded)."""
    version = match.version if version is None else version
    return (match.id, match.evening.code, match.created_at, version, RULES_VERSION)


class _Sheets:
    """The scored sheets last read in one app, shared by its threads (the LRU cache is not thread-safe).

    A sheet is kept whole (``workings``: every deal's explanation and details) or without its workings;
    a sheet without them is answered by a whole one of the same key as well.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cache: LRUCache[tuple[Key, bool], MatchResult] = LRUCache(CACHED_DEALS, getsizeof=_weight)

    def get(self, key: Key, *, workings: bool = True) -> MatchResult | None:
        with self.lock:
            found = self.cache.get((key, True))
            if found is None and not workings:
                found = self.cache.get((key, False))
            return found

    def put(self, key: Key, result: MatchResult, *, workings: bool = True) -> None:
        with self.lock:
            if _weight(result, workings=workings) <= self.cache.maxsize:
                self.cache[(key, workings)] = result
                if workings:
                    self.cache.pop((key, False), None)


def _weight(result: MatchResult, *, workings: bool = True) -> int:
    """What a kept sheet counts against :data:`CACHED_DEALS`: a deal with its workings counts one, a deal
    without them (a few hundred bytes) one twentieth."""
    deals = len(result.deals) + 1
    return deals if workings else deals // 20 + 1


def _sheets() -> _Sheets:
    """This app's kept sheets: per app, since match ids repeat across apps on other databases."""
    extensions = current_app.extensions
    found = extensions.get(_CACHE)
    if found is None:
        found = extensions.setdefault(_CACHE, _Sheets())
    return found


def scored(match: Match) -> MatchResult:
    """The match's sheet: what pages, forms, exports and PDFs show, never stale (see the module's note).

    Read from the app's kept sheets when it holds this version; else built from the deals' stored
    results and kept. Deals whose result is missing or was scored by other rules are scored again
    here and their results stored, once: written only if the match has not changed since it was
    read (a writer that changed it meanwhile stored its own results).

    Never called inside a change (between ``matches._lock`` and its commit): a sheet read there
    could be kept under a version that is then rolled back.
    """
    return scored_all([match])[0]


def scored_all(matches: Sequence[Match], *, workings: bool = True, keep: bool = True) -> list[MatchResult]:
    """The sheets of ``matches`` (an evening's), the deals of those not kept read in one query.

    ``workings=False``: sheets whose deals hold no explanation and only the details the sheet itself
    reads (``Game.sheet_details``), for what prints or shows scores and totals alone (the evening's page
    and record, a printed sheet, the CSV). The database leaves the workings out of what it sends, so
    nothing of them is read, decoded or kept.

    ``keep=False`` is for a reader of many old matches inside a write of its own (a group's statistics):
    it neither keeps the sheets it builds nor stores results it scores again (that would wait for its own lock).
    """
    sheets = _sheets()
    # Keys are taken before the deals are read: a sheet may be newer than its key, never older.
    keys = [key_of(match) for match in matches]
    found = [sheets.get(key, workings=workings) for key in keys]
    missing = [match for match, result in zip(matches, found, strict=True) if result is None]
    light = {} if workings or not missing else _light_results(missing)
    whole = [match.id for match in missing if match.id not in light]
    deals = _deals_with_results(whole) if whole else {}
    results = []
    for match, key, result in zip(matches, keys, found, strict=True):
        if result is None and match.id in light:
            result = game_of(match).match_result(setup_of(match), light[match.id])
            if keep:
                sheets.put(key, result, workings=False)
        elif result is None:
            result = _score(match, deals.get(match.id, []), store=keep)
            if keep:
                sheets.put(key, result)
        results.append(result)
    return results


def _score(match: Match, deals: list[Deal], *, store: bool) -> MatchResult:
    game, setup = game_of(match), setup_of(match)
    results, kept = deal_results(game, setup, deals)
    if store and kept < len(deals):
        _store_if_unchanged(match.id, match.version, deals[kept:], results[kept:])
    return game.match_result(setup, results)


def _deals_with_results(match_ids: Sequence[int]) -> dict[int, list[Deal]]:
    """The deals of these matches in order, their stored results loaded (deferred otherwise): one query."""
    found: dict[int, list[Deal]] = {}
    query = (
        select(Deal)
        .where(Deal.match_id.in_(match_ids))
        .order_by(Deal.match_id, Deal.number)
        .options(undefer_group("result"))
    )
    for deal in db.session.scalars(query):
        found.setdefault(deal.match_id, []).append(deal)
    return found


def worked_out(match: Match, numbers: Sequence[int]) -> list[DealResult]:
    """The deals ``numbers`` of the match with their workings, read alone; from its whole sheet when
    their stored results are not all current."""
    numbers = list(numbers)
    if not numbers:
        return []
    query = (
        select(Deal.rules_version, Deal.result)
        .where(Deal.match_id == match.id, Deal.number.in_(numbers))
        .order_by(Deal.number)
    )
    rows = db.session.execute(query).all()
    if len(rows) != len(numbers) or any(result is None or version != RULES_VERSION for version, result in rows):
        whole = scored(match).deals
        return [whole[number - 1] for number in numbers]
    return [DealResult.from_dict(result) for _version, result in rows]


class _without_workings(FunctionElement[Any]):
    """A stored result without its ``explanation`` and ``details``, taken apart by the database."""

    type = JSON()
    inherit_cache = True


@compiles(_without_workings, "sqlite")
def _without_workings_sqlite(element: _without_workings, compiler: Any, **kw: Any) -> str:
    return f"json_remove({compiler.process(element.clauses, **kw)}, '$.explanation', '$.details')"


@compiles(_without_workings, "postgresql")
def _without_workings_postgresql(element: _without_workings, compiler: Any, **kw: Any) -> str:
    return f"(CAST({compiler.process(element.clauses, **kw)} AS JSONB) - 'explanation' - 'details')"


def _light_results(matches: Sequence[Match]) -> dict[int, list[DealResult]]:
    """The deals of these matches without their workings, for the matches whose stored results are all
    current (the others are left out: they are scored again, whole). One query per game."""
    by_game: dict[str, list[int]] = {}
    for match in matches:
        by_game.setdefault(match.game, []).append(match.id)
    rows: dict[int, list[DealResult] | None] = {match.id: [] for match in matches}
    for slug, ids in by_game.items():
        keys = game_of_slug(slug).sheet_details
        query = (
            select(Deal.match_id, Deal.rules_version, _without_workings(Deal.result))
            .add_columns(*(Deal.result[("details", key)] for key in keys))
            .where(Deal.match_id.in_(ids))
            .order_by(Deal.match_id, Deal.number)
        )
        for match_id, version, stored, *details in db.session.execute(query):
            kept = rows[match_id]
            if kept is None:
                continue
            if stored is None or version != RULES_VERSION:
                rows[match_id] = None
                continue
            shown = {key: value for key, value in zip(keys, details, strict=True) if value is not None}
            kept.append(DealResult.from_dict({**stored, "explanation": [], "details": shown}))
    return {match_id: results for match_id, results in rows.items() if results is not None}


def keep(key: Key, result: MatchResult) -> None:
    """Keep the sheet a committed change made, under the key :func:`key_of` gave inside it."""
    _sheets().put(key, result)


def kept_before_change(match: Match) -> MatchResult | None:
    """Inside a change, after its lock raised the version: the kept sheet of the version before, if any."""
    return _sheets().get(key_of(match, match.version - 1))


def results_before_change(match: Match) -> list[DealResult]:
    """Inside a change, after its lock raised the version: the results of the match's deals as they are.

    Under the lock they are the deals of the version before, whose sheet the app may keep; else they
    are read as stored, and those scored again (by other rules) are stored with the change.
    """
    kept = kept_before_change(match)
    if kept is not None:
        return list(kept.deals)
    deals = _deals_with_results([match.id]).get(match.id, [])
    results, stored = deal_results(game_of(match), setup_of(match), deals)
    store(deals[stored:], results[stored:])
    return results


def _store_if_unchanged(match_id: int, version: int, deals: Sequence[Deal], results: Sequence[DealResult]) -> None:
    """Store results scored on a read, on a connection of their own so the reading request stays a reader."""
    with db.engine.begin() as connection:
        # Setting the version to itself takes the match's write lock without announcing a change.
        claimed = connection.execute(
            update(Match).where(Match.id == match_id, Match.version == version)
            .values(version=version)
        )
        if claimed.rowcount != 1:
            return
        for deal, result in zip(deals, results, strict=True):
            connection.execute(
                update(Deal)
                .where(Deal.id == deal.id)
                .values(result=result.as_dict(), rules_version=RULES_VERSION)
            )
