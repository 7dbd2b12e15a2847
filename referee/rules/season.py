"""A group over time: per-game statistics of each person, a rating, and the season table.

Input is one :class:`GroupMatch` per match of the group's evenings, with its sides' members named
as the group's persons and each deal's scores as stored when the deal was written. Output is
plain data (:class:`GroupStats`), which the app keeps with the group until a match changes.

Rating: OpenSkill's Plackett-Luce model (``openskill``, MIT; Joshua Weng and Ruby Chen's
implementation of Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 2011).
It rates multi-player and team games from finishing order; teams share a result and each member's
rating moves by its share of the team's uncertainty; equal places are ties. Each game has its own
ratings. Shown is the conservative estimate ``mu − 3·sigma`` (the ordinal), which starts at 0 and
grows as a person keeps winning and as the rating grows surer.

Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from openskill.models import PlackettLuce

from referee.rules.standings import MatchOutcome, place_sides, scheme_of

#: The model's parameters, shown on the group page: the library's defaults.
RATING_MU = 25.0
RATING_SIGMA = 25.0 / 3
RATING_BETA = 25.0 / 6
RATING_TAU = 25.0 / 300


@dataclass(frozen=True)
class GroupMatch:
    """One match of a group's evening, its sides' members named as the group's persons."""

    outcome: MatchOutcome
    #: The season the match counts for (the year of its evening).
    season: str
    evening: int
    #: The evening's placing scheme id.
    scheme: str
    #: Each deal's scores per side, as stored.
    deals: Sequence[dict[str, int]] = ()


@dataclass
class GameRecord:
    """One person's record at one game."""

    person: str
    played: int = 0
    won: int = 0
    deals: int = 0
    points: int = 0
    best_deal: int | None = None
    mu: float = RATING_MU
    sigma: float = RATING_SIGMA

    @property
    def average_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class SeasonRow:
    person: str
    evenings: int = 0
    played: int = 0
    won: int = 0
    points: Fraction = Fraction(0)
    place: int = 0
    tied: bool = False


@dataclass
class GroupStats:
    #: Per game slug, the records of everyone who played it, best rating first.
    games: dict[str, list[GameRecord]] = field(default_factory=dict)
    #: Per season, newest first: the persons ranked by placing points over the season's evenings.
    seasons: dict[str, list[SeasonRow]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """Plain JSON (placing points as ``[numerator, denominator]``), to keep with the group."""
        return {
            "games": {game: [asdict(r) for r in records] for game, records in self.games.items()},
            "seasons": {
                season: [{**asdict(r), "points": [r.points.numerator, r.points.denominator]} for r in rows]
                for season, rows in self.seasons.items()
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GroupStats:
        return cls(
            games={game: [GameRecord(**r) for r in records] for game, records in data.get("games", {}).items()},
            seasons={
                season: [SeasonRow(**{**r, "points": Fraction(*r["points"])}) for r in rows]
                for season, rows in data.get("seasons", {}).items()
            },
        )


def group_stats(matches: Sequence[GroupMatch]) -> GroupStats:
    """Every statistic of the group, from its matches in the order they were played."""
    model = PlackettLuce(mu=RATING_MU, sigma=RATING_SIGMA, beta=RATING_BETA, tau=RATING_TAU)
    records: dict[str, dict[str, GameRecord]] = {}
    seasons: dict[str, dict[str, SeasonRow]] = {}
    evenings_of: dict[tuple[str, str], set[int]] = {}
    for match in matches:
        outcome = match.outcome
        game = records.setdefault(outcome.game, {})
        for side in outcome.sides:
            for member in side.members:
                record = game.setdefault(member, GameRecord(member))
                scores = [deal.get(side.name, 0) for deal in match.deals]
                record.deals += len(scores)
                record.points += sum(scores)
                if scores:
                    record.best_deal = max(scores) if record.best_deal is None else max(record.best_deal, *scores)
                evenings_of.setdefault((match.season, member), set()).add(match.evening)
        placings = place_sides(outcome, scheme_of(match.scheme))
        if not placings:
            continue
        season = seasons.setdefault(match.season, {})
        for placing in placings:
            for member in placing.side.members:
                record = game[member]
                record.played += 1
                record.won += placing.place == 1 and not placing.tied
                row = season.setdefault(member, SeasonRow(member))
                row.played += 1
                row.won += placing.place == 1 and not placing.tied
                row.points += placing.points
        _rate(model, game, placings)
    stats = GroupStats()
    for slug, game in records.items():
        stats.games[slug] = sorted(game.values(), key=lambda r: (-r.rating, -r.won, r.person))
    for name in sorted(seasons, reverse=True):
        rows = list(seasons[name].values())
        for row in rows:
            row.evenings = len(evenings_of.get((name, row.person), ()))
        rows.sort(key=lambda r: (-r.points, -r.won, r.person))
        for row in rows:
            row.place = 1 + sum(other.points > row.points for other in rows)
            row.tied = sum(other.points == row.points for other in rows) > 1
        stats.seasons[name] = rows
    return stats


def _rate(model: PlackettLuce, game: dict[str, GameRecord], placings: Sequence[Any]) -> None:
    """Move the ratings of everyone in one finished match by its finishing order (ties are equal ranks)."""
    if len(placings) < 2:
        return
    teams = [
        [model.rating(mu=game[m].mu, sigma=game[m].sigma, name=m) for m in placing.side.members] for placing in placings
    ]
    rated = model.rate(teams, ranks=[float(placing.place) for placing in placings])
    for team in rated:
        for rating in team:
            game[str(rating.name)].mu = rating.mu
            game[str(rating.name)].sigma = rating.sigma
