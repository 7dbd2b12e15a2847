"""Matches and their deals: between the stored entries and the rules layer.

Every score shown comes from :func:`sheet`, which replays the stored entries through the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError

from referee.errors import InputError
from referee.rules.game import Game, MatchResult, MatchSetup
from referee.rules.registry import get_game
from referee.web.db import db
from referee.web.models import Deal, Evening, Match, Revision, utcnow


class StaleEditError(Exception):
    """The deal changed since the editor loaded it. ``deal`` is its newer state, if it still exists."""

    def __init__(self, number: int, deal: Deal | None = None) -> None:
        super().__init__(f"deal {number} was changed by someone else")
        self.number = number
        self.deal = deal


class DealTakenError(Exception):
    """Another phone entered this deal number first."""

    def __init__(self, number: int) -> None:
        super().__init__(f"deal {number} was entered on another phone meanwhile")
        self.number = number


class MatchOverError(InputError):
    code = "bad_field"


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


def sheet(match: Match) -> MatchResult:
    return game_of(match).score_match(setup_of(match), [deal.entry for deal in match.deals])


@dataclass(frozen=True)
class NewMatch:
    game: Game
    seats: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]
    roles: dict[str, Any]


def check_new_match(
    game: Game, evening: Evening, seats: Sequence[str], first_dealer: str, options: object, roles: object
) -> NewMatch:
    """Validate a match's setup; raises InputError naming the field."""
    names = game.check_players(seats)
    unknown = [n for n in names if n not in evening.player_names]
    if unknown:
        raise InputError(f"{unknown[0]} is not a player of this evening", field="seats")
    if first_dealer not in names:
        raise InputError("the first dealer must be one of the seated players", field="first_dealer")
    return NewMatch(game, names, names.index(first_dealer), game.parse_options(options), game.parse_roles(roles))


def create_match(evening: Evening, new: NewMatch) -> Match:
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


def rematch(match: Match) -> Match:
    """Play again: the same seats, options and roles, the deal starting one seat to the left."""
    return create_match(
        match.evening,
        NewMatch(
            game_of(match),
            tuple(match.seats),
            (match.first_dealer + 1) % len(match.seats),
            dict(match.options),
            dict(match.roles),
        ),
    )


def _validated(match: Match, entry: object, replacing: int | None = None) -> dict[str, Any]:
    game = game_of(match)
    setup = setup_of(match)
    canonical = game.check_entry(setup, entry)
    entries: list[Mapping[str, Any]] = [d.entry for d in match.deals]
    if replacing is None:
        entries.append(canonical)
    else:
        entries[replacing - 1] = canonical
    game.check_entries(setup, entries)
    return canonical


def _bump(match: Match) -> None:
    """Raise the match's version in the database itself, so concurrent changes never lose a step."""
    db.session.execute(update(Match).where(Match.id == match.id).values(version=Match.version + 1))


def add_deal(match: Match, entry: object, expected_number: int | None = None) -> Deal:
    """Validate and store the next deal; raises InputError (nothing is stored then).

    ``expected_number`` is the deal number the form was opened for: if another phone entered that
    deal meanwhile, :class:`DealTakenError` is raised instead of storing a duplicate as the next one.
    """
    number = len(match.deals) + 1
    if expected_number is not None and expected_number != number:
        raise DealTakenError(expected_number)
    result = sheet(match)
    if result.finished:
        raise MatchOverError(f"the match is over: {result.status}", field=None)
    canonical = _validated(match, entry)
    deal = Deal(match=match, number=number, entry=canonical)
    db.session.add(deal)
    db.session.add(Revision(match=match, number=number, action="add", before=None, after=canonical))
    try:
        db.session.flush()
        _bump(match)
        db.session.commit()
    except IntegrityError as error:
        db.session.rollback()
        raise DealTakenError(number) from error
    return deal


def edit_deal(match: Match, number: int, entry: object, seen_version: int | None) -> Deal:
    """Replace a deal's entry, unless it changed since ``seen_version`` (then :class:`StaleEditError`).

    The version check and the write are one conditional UPDATE, so of two concurrent saves from
    the same version exactly one lands.
    """
    deal = deal_of(match, number)
    seen = deal.version if seen_version is None else seen_version
    if deal.version != seen:
        raise StaleEditError(number, deal)
    canonical = _validated(match, entry, replacing=number)
    if canonical == deal.entry:
        return deal
    before = deal.entry
    written = db.session.execute(
        update(Deal)
        .where(Deal.id == deal.id, Deal.version == seen)
        .values(entry=canonical, version=Deal.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if written.rowcount != 1:
        db.session.rollback()
        db.session.refresh(deal)
        raise StaleEditError(number, deal)
    db.session.add(Revision(match=match, number=number, action="edit", before=before, after=canonical))
    _bump(match)
    db.session.commit()
    db.session.refresh(deal)
    return deal


def undo_last(match: Match, number: int | None = None, seen_version: int | None = None) -> int | None:
    """Remove the last deal and return its number; its entry stays in the revisions.

    ``number`` and ``seen_version`` name the deal the confirmation showed: if the last deal is
    another one by now (or was corrected meanwhile), nothing is removed and StaleEditError says so.
    """
    if not match.deals:
        return None
    deal = match.deals[-1]
    undone, entry = deal.number, deal.entry
    if (number is not None and undone != number) or (seen_version is not None and deal.version != seen_version):
        raise StaleEditError(undone)
    removed = db.session.execute(
        delete(Deal)
        .where(Deal.id == deal.id, Deal.version == deal.version)
        .execution_options(synchronize_session=False)
    )
    if removed.rowcount != 1:
        db.session.rollback()
        raise StaleEditError(undone)
    db.session.add(Revision(match=match, number=undone, action="undo", before=entry, after=None))
    _bump(match)
    db.session.commit()
    db.session.expire_all()
    return undone


def deal_of(match: Match, number: int) -> Deal:
    for deal in match.deals:
        if deal.number == number:
            return deal
    raise LookupError(f"match {match.id} has no deal {number}")
