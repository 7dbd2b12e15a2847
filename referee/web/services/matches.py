"""Matches and their deals: adding, correcting and undoing deals, one writer per match at a time.

Each change holds the match's write lock from its first statement to its commit (see :func:`_lock`),
checks the entry against the match's deals as they are then, and stores the scored result with the
entry (see :mod:`referee.web.services.scoring`, whose :func:`~referee.web.services.scoring.scored` every page reads).
Once committed, the sheet it made is kept under the version it committed, for the pages that follow.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, overload

from sqlalchemy import select, update

from referee.errors import InputError
from referee.messages import msg
from referee.rules.game import Game
from referee.web.services.authors import current_author
from referee.web.services.limits import LimitReached, deals_full, matches_full
from referee.web.services.scoring import (
    RULES_VERSION,
    Key,
    keep,
    kept_before_change,
    key_of,
    results_before_change,
    store,
)
from referee.web.services.scoring import game_of as game_of
from referee.web.services.scoring import scored as scored
from referee.web.services.scoring import scored_all as scored_all
from referee.web.services.scoring import setup_of as setup_of
from referee.web.store.db import db
from referee.web.store.locks import write_lock
from referee.web.store.models import Deal, Evening, Match, Revision, utcnow


class StaleEditError(Exception):
    """The deal changed since the editor loaded it. ``version`` is its newer version; None if it is gone."""

    def __init__(self, number: int, version: int | None = None) -> None:
        super().__init__(f"deal {number} was changed by someone else")
        self.number = number
        self.version = version


class DealTakenError(Exception):
    """Another phone entered this deal number first."""

    def __init__(self, number: int) -> None:
        super().__init__(f"deal {number} was entered on another phone meanwhile")
        self.number = number


class AlreadyEntered(Exception):
    """The entry's key was accepted before, as deal ``number``: the same form sent again (its answer was
    lost, or it waited on the phone while offline) is answered with the deal it made, never entered twice."""

    def __init__(self, number: int) -> None:
        super().__init__(f"this entry was entered before as deal {number}")
        self.number = number


class MatchOverError(InputError):
    code = "bad_field"


@dataclass(frozen=True)
class NewMatch:
    game: Game
    seats: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]
    roles: dict[str, Any]


def evening_version(evening: Evening) -> str:
    """Changes whenever a player, a match or any deal of the evening changes, or its placing points: what an
    evening's page and its printed record are kept under."""
    return f"{len(evening.players)}.{evening.placing}." + ".".join(f"{m.id}-{m.version}" for m in evening.matches)


def check_new_match(
    game: Game, evening: Evening, seats: Sequence[str], first_dealer: str, options: object, roles: object
) -> NewMatch:
    """Validate a match's setup; raises InputError naming the field."""
    names = game.check_players(seats)
    unknown = [n for n in names if n not in evening.player_names]
    if unknown:
        raise InputError(msg("{name} is not a player of this evening", name=unknown[0]), field="seats")
    if first_dealer not in names:
        raise InputError(msg("the first dealer must be one of the seated players"), field="first_dealer")
    return NewMatch(game, names, names.index(first_dealer), game.parse_options(options), game.parse_roles(roles))


def create_match(evening: Evening, new: NewMatch) -> Match:
    """Store a new match of the evening; LimitReached when the evening is full by the time its lock is held."""
    write_lock(evening)
    _check_room(evening)
    return _stored(evening, new)


def _check_room(evening: Evening) -> None:
    """Under the evening's lock: LimitReached (and the lock let go) when it holds all the matches it may."""
    full = matches_full(len(evening.matches))
    if full:
        db.session.rollback()
        raise LimitReached(full)


def _stored(evening: Evening, new: NewMatch) -> Match:
    match = Match(
        evening=evening,
        game=new.game.slug,
        seats=list(new.seats),
        first_dealer=new.first_dealer,
        options=new.options,
        roles=new.roles,
    )
    db.session.add(match)
    db.session.commit()
    return match


def _again(match: Match) -> NewMatch:
    """The setup of ``match`` played again: the same seats, options and roles, the deal one seat to the left."""
    return NewMatch(
        game_of(match),
        tuple(match.seats),
        (match.first_dealer + 1) % len(match.seats),
        dict(match.options),
        dict(match.roles),
    )


def _set_up_as(match: Match, new: NewMatch) -> bool:
    return (match.game, tuple(match.seats), match.first_dealer, match.options, match.roles) == (
        new.game.slug,
        new.seats,
        new.first_dealer,
        new.options,
        new.roles,
    )


def rematch(match: Match) -> tuple[Match, bool]:
    """Play again, once: the new match, and whether this call started it.

    A later match of the evening set up as ``match`` played again is its rematch already (another
    phone pressed "play again" first): that one is returned, with False. LimitReached when the
    evening is full.
    """
    match_id, evening, again = match.id, match.evening, _again(match)
    write_lock(evening)
    started = next((m for m in evening.matches if m.id > match_id and _set_up_as(m, again)), None)
    if started is not None:
        db.session.rollback()
        return started, False
    _check_room(evening)
    return _stored(evening, again), True


def _lock(match: Match) -> Key:
    """Begin the write transaction of a change to ``match``: its first statement raises the version.

    Returns the key the match's sheet will have once the change is committed (see :func:`keep`).

    That takes the match's row lock on PostgreSQL and the database's write lock on SQLite, held to
    the commit: so the request becomes the match's only writer, and the deals it reads next are the
    deals as they are now. Numbering and the checks across deals happen after this, never against
    what the form's page showed. (The read transaction that loaded the page's objects ends first: a
    SQLite reader that turns writer after another writer committed would fail instead of waiting.)
    """
    match_id = match.id
    db.session.commit()
    version = db.session.execute(
        update(Match)
        .where(Match.id == match_id)
        .values(version=Match.version + 1)
        .returning(Match.version)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    return key_of(match, version)


def add_deal(match: Match, entry: object, expected_number: int | None = None, entry_key: str | None = None) -> Deal:
    """Validate, score and store the next deal; raises InputError (nothing is stored then).

    ``expected_number`` is the deal number the form was opened for: if another phone entered or
    undid a deal meanwhile, :class:`DealTakenError` is raised instead of storing it under another number.
    ``entry_key`` is the phone's key of this entry: if it made a deal already, with this very entry,
    :class:`AlreadyEntered` names that deal and nothing is stored. Both are checked under the match's lock.
    """
    key = _lock(match)
    try:
        deals = list(match.deals)
        number = len(deals) + 1
        game, setup = game_of(match), setup_of(match)
        repeat, entry_key = _key_use(match, entry_key, game, setup, entry)
        if repeat is not None:
            raise AlreadyEntered(repeat.number)
        if expected_number is not None and expected_number != number:
            raise DealTakenError(expected_number)
        full = deals_full(len(deals))
        if full:
            raise LimitReached(full)
        earlier = results_before_change(match)
        before = game.match_result(setup, earlier)
        if before.finished:
            raise MatchOverError(msg("the match is over: {status}", status=before.status), field=None)
        canonical = game.read_deal(setup, [d.entry for d in deals], number, entry)
        [result] = game.score_deals(setup, [canonical], earlier)
    except Exception:
        db.session.rollback()
        raise
    deal = Deal(match=match, number=number, entry=canonical, result=result.as_dict(), rules_version=RULES_VERSION)
    db.session.add(deal)
    db.session.add(
        Revision(
            match=match,
            number=number,
            action="add",
            before=None,
            after=canonical,
            scores_after=dict(result.scores),
            author=current_author(),
            entry_key=entry_key,
        )
    )
    db.session.commit()
    keep(key, game.match_result(setup, [*earlier, result]))
    return deal


def _key_use(
    match: Match, entry_key: str | None, game: Game, setup: Any, entry: object
) -> tuple[Revision | None, str | None]:
    """The change that ``entry_key`` already made to ``match`` with this same entry (a repeat), if any,
    and the key to store with a change made now.

    A key met again with another entry (a form changed after it was saved, and sent again) is no
    repeat: that entry is judged as any other, and stored without the key, which names one change.
    """
    if entry_key is None:
        return None, None
    earlier = db.session.scalar(select(Revision).where(Revision.match_id == match.id, Revision.entry_key == entry_key))
    if earlier is None:
        return None, entry_key
    try:
        canonical = game.read_entry(setup, entry)
    except InputError:
        return None, None
    return (earlier if json.loads(json.dumps(canonical)) == earlier.after else None), None


def edit_deal(match: Match, number: int, entry: object, seen_version: int | None, entry_key: str | None = None) -> Deal:
    """Replace a deal's entry, unless it changed since ``seen_version`` (then :class:`StaleEditError`).

    The deal and every deal after it are scored again (a later score may depend on it) and stored.
    A correction sent again with the key it was saved with (``entry_key``) changes nothing more.
    """
    key = _lock(match)
    try:
        deals = list(match.deals)
        deal = next((d for d in deals if d.number == number), None)
        if deal is None:
            raise StaleEditError(number)
        game, setup = game_of(match), setup_of(match)
        repeat, entry_key = _key_use(match, entry_key, game, setup, entry)
        if repeat is not None:
            db.session.rollback()
            return deal
        if seen_version is not None and deal.version != seen_version:
            raise StaleEditError(number, deal.version)
        entries = [d.entry for d in deals]
        canonical = game.read_deal(setup, entries, number, entry)
        entries[number - 1] = canonical
        if canonical == deal.entry:
            db.session.rollback()
            return deal
        earlier = results_before_change(match)[: number - 1]
        scores_before = (deal.result or {}).get("scores")
        rescored = game.score_deals(setup, entries[number - 1 :], earlier)
        store(deals[number - 1 :], rescored)
    except Exception:
        db.session.rollback()
        raise
    before = deal.entry
    deal.entry = canonical
    deal.version += 1
    deal.updated_at = utcnow()
    db.session.add(
        Revision(
            match=match,
            number=number,
            action="edit",
            before=before,
            after=canonical,
            scores_before=scores_before,
            scores_after=(deal.result or {}).get("scores"),
            author=current_author(),
            entry_key=entry_key,
        )
    )
    db.session.commit()
    keep(key, game.match_result(setup, [*earlier, *rescored]))
    return deal


def undo_last(match: Match, number: int | None = None, seen_version: int | None = None) -> int | None:
    """Remove the last deal and return its number; its entry stays in the revisions.

    ``number`` and ``seen_version`` name the deal the confirmation showed: if the last deal is
    another one by now (or was corrected meanwhile), nothing is removed and StaleEditError says so.
    """
    key = _lock(match)
    kept = kept_before_change(match)
    deals = list(match.deals)
    if not deals:
        db.session.rollback()
        return None
    deal = deals[-1]
    if (number is not None and deal.number != number) or (seen_version is not None and deal.version != seen_version):
        db.session.rollback()
        raise StaleEditError(deal.number, deal.version)
    undone = deal.number
    db.session.add(
        Revision(
            match=match,
            number=undone,
            action="undo",
            before=deal.entry,
            after=None,
            scores_before=(deal.result or {}).get("scores"),
            author=current_author(),
        )
    )
    db.session.delete(deal)
    db.session.commit()
    if kept is not None:
        game, setup = game_of(match), setup_of(match)
        keep(key, game.match_result(setup, kept.deals[:-1]))
    return undone


class Entries(Sequence[dict[str, Any]]):
    """The entries of a match's deals, read only when first used: a deal form asks the game which
    cards other deals hold, and most games answer without reading any (a long match's form then
    loads no deal)."""

    def __init__(self, match: Match) -> None:
        self.match = match

    @cached_property
    def _entries(self) -> list[dict[str, Any]]:
        return [deal.entry for deal in self.match.deals]

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | Sequence[dict[str, Any]]:
        return self._entries[index]

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._entries)


def was_undone(match: Match, number: int) -> bool:
    """Whether deal ``number`` is one the match's history shows undone (it may be there again since)."""
    undone = select(Revision.id).where(
        Revision.match_id == match.id, Revision.number == number, Revision.action == "undo"
    )
    return db.session.scalar(undone.limit(1)) is not None


def deal_of(match: Match, number: int) -> Deal:
    for deal in match.deals:
        if deal.number == number:
            return deal
    raise LookupError(f"match {match.id} has no deal {number}")
