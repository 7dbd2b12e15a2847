"""A group over time: per-game records of each person, a rating, and the season table, kept as a running tally.

Input is one :class:`GroupMatch` per match of the group's evenings, in the order they were played,
its sides' members named by the keys of the group's persons. :class:`Tally` is the group's state
after the matches it has played: each person's record per game and row per season. Playing a match
returns one :class:`Move` per person in it, which holds that person's record and season row as they
were before the match: so a tally is taken back to just before any match (:meth:`Tally.rewind`) from
the moves of the matches after it, and only those are played again when one of them changes.

Rating: OpenSkill's Plackett-Luce model (``openskill``, MIT; Joshua Weng and Ruby Chen's
implementation of Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 2011).
It rates multi-player and team games from finishing order; teams share a result and each member's
rating moves by its share of the team's uncertainty; equal places are ties. Each game has its own
ratings. Shown is one number, the library's ordinal on an Elo-like scale:
``DISPLAY_BASE + DISPLAY_SCALE · (mu − 3·sigma)``: what the player has shown with near certainty.
Everyone starts at 1000; it rises as a player places well and as the estimate grows surer, so
after few matches (provisional, fewer than :data:`PROVISIONAL_MATCHES`) it says little.

Records count finished matches only: their deals for the average and best deal, their places for
wins, streaks and ratings.

Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from openskill.models import PlackettLuce

from referee.rules.standings import MatchOutcome, Placing, place_sides, scheme_of

#: The model's parameters, shown on the group page: the library's defaults.
RATING_MU = 25.0
RATING_SIGMA = 25.0 / 3
RATING_BETA = 25.0 / 6
RATING_TAU = 25.0 / 300
#: The shown rating is ``DISPLAY_BASE + DISPLAY_SCALE · (mu − 3·sigma)`` (openskill's ordinal, alpha and target).
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0
#: A rating is provisional until its player has finished this many matches of the game.
PROVISIONAL_MATCHES = 5
#: What the group page says of the rating.
RATING_PARAMETERS = {
    "mu": RATING_MU,
    "sigma": RATING_SIGMA,
    "beta": RATING_BETA,
    "tau": RATING_TAU,
    "base": DISPLAY_BASE,
    "scale": DISPLAY_SCALE,
    "provisional": PROVISIONAL_MATCHES,
}

MODEL = PlackettLuce(mu=RATING_MU, sigma=RATING_SIGMA, beta=RATING_BETA, tau=RATING_TAU)


def display_rating(mu: float, sigma: float) -> float:
    """The number shown for a rating: openskill's ordinal (``rating.ordinal(alpha=DISPLAY_SCALE,
    target=DISPLAY_BASE)``, as the tests check), written out: the library's rating objects each draw a
    random id, which a group's years of matches would pay for thousands of times."""
    return DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma)


@dataclass(frozen=True)
class SideDeals:
    """One side's deals in one match: how many, their points, the best of them."""

    count: int = 0
    points: int = 0
    best: int | None = None


@dataclass(frozen=True)
class GroupMatch:
    """One match of a group's evening, its sides' members named by the keys of the group's persons."""

    outcome: MatchOutcome
    #: The season the match counts for (the year of its evening).
    season: str
    evening: int
    #: The evening's placing scheme id.
    scheme: str
    #: Per side name, its deals in this match.
    deals: Mapping[str, SideDeals] = field(default_factory=dict)


@dataclass
class GameRecord:
    """One person's record at one game, over its finished matches."""

    person: str
    played: int = 0
    won: int = 0
    deals: int = 0
    points: int = 0
    best_deal: int | None = None
    #: Matches won in a row, up to the latest; the longest such run.
    streak: int = 0
    longest_streak: int = 0
    mu: float = RATING_MU
    sigma: float = RATING_SIGMA

    @property
    def average_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def rating(self) -> float:
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.played < PROVISIONAL_MATCHES


@dataclass
class SeasonRow:
    person: str
    evenings: int = 0
    played: int = 0
    won: int = 0
    points: Fraction = Fraction(0)
    #: The evening of the person's latest match in the season: evenings are counted as they change.
    last_evening: int | None = None
    place: int = 0
    tied: bool = False


@dataclass(frozen=True)
class Move:
    """What one match did to one person: their side and place, and their record and season row before it."""

    person: str
    side: str
    #: None while the match is not finished.
    place: int | None
    tied: bool
    #: How many sides the match placed.
    sides: int
    record: GameRecord
    season: SeasonRow
    #: The shown rating after the match (before it: ``record.rating``).
    rating_after: float

    @property
    def rating_change(self) -> float:
        return self.rating_after - self.record.rating

    def as_json(self) -> dict[str, Any]:
        return {
            "person": self.person,
            "side": self.side,
            "place": self.place,
            "tied": self.tied,
            "sides": self.sides,
            "record": dict(vars(self.record)),
            "season": _season_json(self.season),
            "rating_after": self.rating_after,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        return cls(
            person=data["person"],
            side=data["side"],
            place=data["place"],
            tied=data["tied"],
            sides=data["sides"],
            record=GameRecord(**data["record"]),
            season=_season_of(data["season"]),
            rating_after=data["rating_after"],
        )


@dataclass(frozen=True)
class Played:
    """A match as a tally played it: its game and season, and one move per person in it."""

    game: str
    season: str
    moves: Sequence[Move]


@dataclass
class GroupStats:
    """What the group page shows, ranked."""

    #: Per game slug, the records of everyone who finished a match of it, best rating first.
    games: dict[str, list[GameRecord]] = field(default_factory=dict)
    #: Per season, newest first: the persons ranked by placing points over the season's evenings.
    seasons: dict[str, list[SeasonRow]] = field(default_factory=dict)


@dataclass
class Tally:
    """The group's running state: per game each person's record, per season each person's row."""

    games: dict[str, dict[str, GameRecord]] = field(default_factory=dict)
    seasons: dict[str, dict[str, SeasonRow]] = field(default_factory=dict)

    def play(self, match: GroupMatch) -> list[Move]:
        """Count one match, played after every match counted so far; its moves say what it did."""
        outcome = match.outcome
        game = self.games.setdefault(outcome.game, {})
        season = self.seasons.setdefault(match.season, {})
        placings = place_sides(outcome, scheme_of(match.scheme))
        placing_of = {placing.side.name: placing for placing in placings}
        before: list[tuple[str, str, GameRecord, SeasonRow]] = []
        for side in outcome.sides:
            for member in side.members:
                record = game.setdefault(member, GameRecord(member))
                row = season.setdefault(member, SeasonRow(member))
                before.append((member, side.name, copy(record), copy(row)))
                if row.last_evening != match.evening:
                    row.evenings += 1
                    row.last_evening = match.evening
                placing = placing_of.get(side.name)
                if placing is not None:
                    _count(record, row, placing, match.deals.get(side.name, SideDeals()))
        _rate(game, placings)
        return [
            Move(
                person=member,
                side=side,
                place=placing_of[side].place if side in placing_of else None,
                tied=placing_of[side].tied if side in placing_of else False,
                sides=len(placings),
                record=record,
                season=row,
                rating_after=game[member].rating,
            )
            for member, side, record, row in before
        ]

    def rewind(self, played: Iterable[Played]) -> None:
        """Take the tally back to before ``played``: the latest matches it counted, in the order played.

        Each person's record and season row become what they were before the first of those matches
        they played in; nobody else's changes.
        """
        seen: set[tuple[str, str, str]] = set()
        for match in played:
            for move in match.moves:
                if ("game", match.game, move.person) not in seen:
                    seen.add(("game", match.game, move.person))
                    self.games.setdefault(match.game, {})[move.person] = copy(move.record)
                if ("season", match.season, move.person) not in seen:
                    seen.add(("season", match.season, move.person))
                    self.seasons.setdefault(match.season, {})[move.person] = copy(move.season)

    def stats(self, names: Mapping[str, str] | None = None) -> GroupStats:
        """The tables to show, ranked; ``names`` (key → name) orders equal rows by name."""
        names = names or {}

        def name(key: str) -> str:
            return names.get(key, key)

        stats = GroupStats()
        for slug in sorted(self.games):
            records = [r for r in self.games[slug].values() if r.played]
            if records:
                stats.games[slug] = sorted(records, key=lambda r: (-r.rating, -r.won, name(r.person).casefold()))
        for season in sorted(self.seasons, reverse=True):
            rows = [copy(r) for r in self.seasons[season].values() if r.played]
            if not rows:
                continue
            rows.sort(key=lambda r: (-r.points, -r.won, name(r.person).casefold()))
            for row in rows:
                row.place = 1 + sum(other.points > row.points for other in rows)
                row.tied = sum(other.points == row.points for other in rows) > 1
            stats.seasons[season] = rows
        return stats

    def as_json(self) -> dict[str, Any]:
        """Plain JSON (placing points as ``[numerator, denominator]``), to keep with the group."""
        return {
            "games": {game: [dict(vars(r)) for r in records.values()] for game, records in self.games.items()},
            "seasons": {season: [_season_json(r) for r in rows.values()] for season, rows in self.seasons.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        return cls(
            games={
                game: {r["person"]: GameRecord(**r) for r in records} for game, records in data.get("games", {}).items()
            },
            seasons={
                season: {r["person"]: _season_of(r) for r in rows} for season, rows in data.get("seasons", {}).items()
            },
        )


def tally_of(matches: Sequence[GroupMatch]) -> tuple[Tally, list[Played]]:
    """A tally of ``matches`` from nothing, and what each match did."""
    tally = Tally()
    played = [Played(m.outcome.game, m.season, tally.play(m)) for m in matches]
    return tally, played


def _count(record: GameRecord, row: SeasonRow, placing: Placing, deals: SideDeals) -> None:
    """A finished match in a person's record and season row."""
    won = placing.place == 1 and not placing.tied
    record.played += 1
    record.won += won
    record.deals += deals.count
    record.points += deals.points
    if deals.best is not None:
        record.best_deal = deals.best if record.best_deal is None else max(record.best_deal, deals.best)
    record.streak = record.streak + 1 if won else 0
    record.longest_streak = max(record.longest_streak, record.streak)
    row.played += 1
    row.won += won
    row.points += placing.points


def _rate(game: dict[str, GameRecord], placings: Sequence[Placing]) -> None:
    """Move the ratings of everyone in one finished match by its finishing order (ties are equal ranks)."""
    if len(placings) < 2:
        return
    teams = [
        [MODEL.rating(mu=game[m].mu, sigma=game[m].sigma, name=m) for m in placing.side.members] for placing in placings
    ]
    rated = MODEL.rate(teams, ranks=[float(placing.place) for placing in placings])
    for team in rated:
        for rating in team:
            game[str(rating.name)].mu = rating.mu
            game[str(rating.name)].sigma = rating.sigma


def _season_json(row: SeasonRow) -> dict[str, Any]:
    return {**vars(row), "points": [row.points.numerator, row.points.denominator]}


def _season_of(data: Mapping[str, Any]) -> SeasonRow:
    return SeasonRow(**{**data, "points": Fraction(*data["points"])})
