"""Matches and their deals: between the stored entries and the rules layer.

Every score shown comes from :func:`sheet`, which replays the stored entries through the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError
from referee.rules.game import Game, MatchResult, MatchSetup
from referee.rules.registry import get_game
from referee.web.db import db
from referee.web.models import Deal, Evening, Match, Revision, utcnow


class StaleEditError(Exception):
    """The deal changed since the editor loaded it."""

    def __init__(self, deal: Deal) -> None:
        super().__init__(f"deal {deal.number} was changed by someone else")
        self.deal = deal


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


def add_deal(match: Match, entry: object) -> Deal:
    """Validate and store the next deal; raises InputError (nothing is stored then)."""
    result = sheet(match)
    if result.finished:
        raise MatchOverError(f"the match is over: {result.status}", field=None)
    canonical = _validated(match, entry)
    number = len(match.deals) + 1
    deal = Deal(match=match, number=number, entry=canonical)
    db.session.add(deal)
    db.session.add(Revision(match=match, number=number, action="add", before=None, after=canonical))
    match.version += 1
    db.session.commit()
    return deal


def edit_deal(match: Match, number: int, entry: object, seen_version: int | None) -> Deal:
    """Replace a deal's entry, unless it changed since ``seen_version`` (then :class:`StaleEditError`)."""
    deal = deal_of(match, number)
    if seen_version is not None and deal.version != seen_version:
        raise StaleEditError(deal)
    canonical = _validated(match, entry, replacing=number)
    if canonical == deal.entry:
        return deal
    db.session.add(Revision(match=match, number=number, action="edit", before=deal.entry, after=canonical))
    deal.entry = canonical
    deal.version += 1
    deal.updated_at = utcnow()
    match.version += 1
    db.session.commit()
    return deal


def undo_last(match: Match) -> Deal | None:
    """Remove the last deal; its entry stays in the revisions."""
    if not match.deals:
        return None
    deal = match.deals[-1]
    db.session.add(Revision(match=match, number=deal.number, action="undo", before=deal.entry, after=None))
    match.deals.remove(deal)
    match.version += 1
    db.session.commit()
    return deal


def deal_of(match: Match, number: int) -> Deal:
    for deal in match.deals:
        if deal.number == number:
            return deal
    raise LookupError(f"match {match.id} has no deal {number}")
