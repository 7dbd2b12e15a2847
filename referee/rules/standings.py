"""Standings across games: finished matches compared by placing, not by raw points.

Each finished match places its sides (the winner first, then by total; equal totals share a
place) and gives them placing points by a scheme the evening chooses. Tied sides share the
points of the places they cover, so the points a match gives always add up to the scheme's sum
for that many sides. Every member of a side earns the side's points.

Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from referee.messages import Message, msg
from referee.rules.game import MatchResult, Side

#: Where a placing's order comes from when the game does not name a clause of its own.
EVENING_SETTING = msg("evening setting")


@dataclass(frozen=True)
class PlacingScheme:
    """How many placing points each place earns, for a match of ``sides`` sides."""

    id: str
    label: Message
    help: Message

    def points(self, sides: int) -> list[int]:
        """Points by place, first place first; one entry per side."""
        if self.id == "winner":
            return [1] + [0] * (sides - 1)
        if self.id == "podium":
            return [[3, 2, 1][place] if place < 3 else 0 for place in range(sides)]
        return list(range(sides - 1, -1, -1))


SCHEMES: dict[str, PlacingScheme] = {
    scheme.id: scheme
    for scheme in (
        PlacingScheme("places", msg("By places"), msg("Last place scores 0 and each place above it one more.")),
        PlacingScheme("winner", msg("Winner only"), msg("The winner scores 1; everyone else 0.")),
        PlacingScheme("podium", msg("Podium 3-2-1"), msg("First 3, second 2, third 1, the rest 0.")),
    )
}
DEFAULT_SCHEME = "places"


def scheme_of(scheme_id: str | None) -> PlacingScheme:
    return SCHEMES.get(scheme_id or DEFAULT_SCHEME, SCHEMES[DEFAULT_SCHEME])


@dataclass(frozen=True)
class MatchOutcome:
    """What standings need of one match: its sides, totals and how it ended."""

    key: int
    game: str
    sides: tuple[Side, ...]
    totals: Mapping[str, int]
    finished: bool
    winner: str | None = None
    drawn: bool = False
    #: The clause that decides the order of this game's totals (e.g. ``paks-7.2``).
    clause: str | Message = EVENING_SETTING

    @classmethod
    def of(cls, key: int, game: str, result: MatchResult, clause: str | Message = EVENING_SETTING) -> MatchOutcome:
        return cls(
            key=key,
            game=game,
            sides=tuple(result.sides),
            totals=dict(result.totals),
            finished=result.finished,
            winner=result.winner,
            drawn=result.drawn,
            clause=clause,
        )


@dataclass(frozen=True)
class Placing:
    """One side's place in one finished match and the placing points it earned."""

    side: Side
    place: int
    tied: bool
    points: Fraction
    total: int


def place_sides(outcome: MatchOutcome, scheme: PlacingScheme) -> list[Placing]:
    """The sides of a finished match in order, with shared places and shared points for ties.

    The declared winner is always first (Dracula may break a tie of totals by the higher line);
    the rest are ordered by total, higher first. Tied sides take the mean of their places' points.
    """
    if not outcome.finished or not outcome.sides:
        return []

    def rank_key(side: Side) -> tuple[int, int]:
        return (0 if side.name == outcome.winner else 1, -outcome.totals.get(side.name, 0))

    ordered = sorted(outcome.sides, key=rank_key)
    by_place = scheme.points(len(ordered))
    placings: list[Placing] = []
    start = 0
    while start < len(ordered):
        key = rank_key(ordered[start])
        end = start
        while end + 1 < len(ordered) and rank_key(ordered[end + 1]) == key:
            end += 1
        group = ordered[start : end + 1]
        share = Fraction(sum(by_place[start : end + 1]), len(group))
        for side in group:
            placings.append(Placing(side, start + 1, len(group) > 1, share, outcome.totals.get(side.name, 0)))
        start = end + 1
    return placings


@dataclass(frozen=True)
class Earned:
    """How one player earned placing points in one match."""

    match: int
    game: str
    side: str
    place: int
    tied: bool
    points: Fraction
    clause: str | Message


@dataclass
class PlayerStanding:
    name: str
    points: Fraction = Fraction(0)
    played: int = 0
    won: int = 0
    earned: list[Earned] = field(default_factory=list)
    place: int = 0
    tied: bool = False


@dataclass
class Standings:
    """Players ranked by placing points, with how each point was earned and how the totals grew."""

    scheme: PlacingScheme
    players: list[PlayerStanding]
    #: Keys of the finished matches counted, in order: the x axis of :attr:`growth`.
    counted: list[int]
    #: Each player's running placing points after each counted match.
    growth: dict[str, list[Fraction]]


def standings(names: Sequence[str], outcomes: Sequence[MatchOutcome], scheme: PlacingScheme) -> Standings:
    """Rank ``names`` (and anyone else seated) across the finished matches of ``outcomes``, in order."""
    rows: dict[str, PlayerStanding] = {name: PlayerStanding(name) for name in names}
    counted: list[int] = []
    growth: dict[str, list[Fraction]] = {name: [] for name in names}
    for outcome in outcomes:
        placings = place_sides(outcome, scheme)
        if not placings:
            continue
        counted.append(outcome.key)
        for placing in placings:
            for member in placing.side.members:
                row = rows.setdefault(member, PlayerStanding(member))
                growth.setdefault(member, [Fraction(0)] * (len(counted) - 1))
                row.points += placing.points
                row.played += 1
                row.won += placing.place == 1 and not placing.tied
                row.earned.append(
                    Earned(
                        outcome.key,
                        outcome.game,
                        placing.side.name,
                        placing.place,
                        placing.tied,
                        placing.points,
                        outcome.clause,
                    )
                )
        for name, row in rows.items():
            growth.setdefault(name, [Fraction(0)] * (len(counted) - 1)).append(row.points)
    ranked = sorted(rows.values(), key=lambda row: (-row.points, -row.won, list(rows).index(row.name)))
    for row in ranked:
        row.place = 1 + sum(other.points > row.points for other in ranked)
        row.tied = sum(other.points == row.points for other in ranked) > 1
    return Standings(scheme, ranked, counted, growth)
