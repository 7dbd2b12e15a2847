"""The interface through which a game plugs into the score-sheet machinery.

A match is its setup (players in seat order, first dealer, options) and the list of deal
entries the players made. Everything else — each deal's score and explanation, running totals,
the end-of-match bonus, the winner, who deals next — is derived by :meth:`Game.score_match`.
So an edited entry or a corrected rule never leaves a stale total behind.

A game module defines a :class:`Game` subclass. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Self, TypeVar

from referee.cards import STANDARD, Pack
from referee.errors import FieldError, InputError
from referee.explain import Explanation, Step
from referee.messages import Message, Param, as_message, from_json, join, msg
from referee.rules.checks import Check
from referee.rules.claims import ITEMS, Ruling, read_claim, verdict_dict
from referee.rules.options import Option, Options, parse_options
from referee.rules.seating import repeated_name

OptionsT = TypeVar("OptionsT", bound=Options)

#: The key of a deal entry holding the score a side claimed when entering it.
CLAIM = "claim"


@dataclass(frozen=True)
class Side:
    """Who scores: one player, or a team whose members' results are pooled."""

    name: str
    members: tuple[str, ...]
    #: What the side plays as, when the game gives it a role ("Queen", "rows").
    role: str = ""

    @property
    def is_team(self) -> bool:
        return len(self.members) > 1


def is_team(name: str, sides: Sequence[Side]) -> bool:
    """Whether ``name`` is a team: a team takes the plural ("EW win"), a player the singular ("Ann wins")."""
    return any(side.name == name and side.is_team for side in sides)


def win_verb(name: str, sides: Sequence[Side]) -> str:
    """``"wins"`` for a player, ``"win"`` for a team, for English pages that still put the verb after the name."""
    return "win" if is_team(name, sides) else "wins"


def wins(name: str, sides: Sequence[Side]) -> Message:
    """The win of ``name``: "Ann wins", "EW win"."""
    return msg("{name} win", name=name) if is_team(name, sides) else msg("{name} wins", name=name)


def wins_with(name: str, sides: Sequence[Side], best: int) -> Message:
    """The status of a match won on its total: "Ann wins with 512", "EW win with 512"."""
    if is_team(name, sides):
        return msg("{name} win with {best}", name=name, best=best)
    return msg("{name} wins with {best}", name=name, best=best)


def playing_to(target: int) -> Message:
    """The status of a match played to a target that nobody has reached yet."""
    return msg("Playing to {target}", target=target)


def tie_plays_on(leaders: Sequence[str], best: int) -> Message:
    """The status of a match whose highest totals are equal at or over the target: another deal."""
    return msg("{names} tie on {best}: another deal is played", names=join(leaders, " and "), best=best)


@dataclass(frozen=True)
class MatchSetup:
    """What was agreed before the first deal. ``players`` are in seat order, clockwise."""

    players: tuple[str, ...]
    first_dealer: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    roles: Mapping[str, Any] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.players)


@dataclass
class DealResult:
    """One deal, scored. ``scores`` are per side; ``marks`` how the paper sheet writes them."""

    number: int
    dealer: str
    scores: dict[str, int]
    explanation: Explanation
    marks: dict[str, str] = field(default_factory=dict)
    #: The deal's line on the sheet, shown in the reader's language.
    summary: Message = field(default_factory=lambda: Message(""))
    details: dict[str, Any] = field(default_factory=dict)
    #: The verdict on the score a side claimed when the deal was entered (see :mod:`referee.rules.claims`).
    claim: dict[str, Any] | None = None

    def mark(self, side: str) -> str:
        return self.marks.get(side, str(self.scores.get(side, 0)))

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON values, so a scored deal can be stored with its entry (see :meth:`from_dict`)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "scores": dict(self.scores),
            "explanation": self.explanation.as_list(),
            "marks": dict(self.marks),
            "summary": self.summary.as_json(),
            "details": self.details,
            "claim": self.claim,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealResult:
        return cls(
            number=data["number"],
            dealer=data["dealer"],
            scores=dict(data["scores"]),
            explanation=Explanation.from_list(data["explanation"]),
            marks=dict(data["marks"]),
            # A deal stored before summaries were messages keeps its plain text.
            summary=from_json(data["summary"]) if isinstance(data["summary"], Mapping) else as_message(data["summary"]),
            details=dict(data["details"]),
            claim=data.get("claim"),
        )


@dataclass
class MatchResult:
    """The whole sheet, derived from the entries."""

    sides: list[Side]
    deals: list[DealResult]
    running: list[dict[str, int]]
    totals: dict[str, int]
    finished: bool
    winner: str | None = None
    drawn: bool = False
    bonus: dict[str, int] = field(default_factory=dict)
    #: How the match ended or stands: bonuses, target reached, ties playing on.
    bonus_explanation: Explanation = field(default_factory=Explanation)
    next_dealer: str | None = None
    status: Message = field(default_factory=lambda: Message(""))

    @property
    def winner_line(self) -> Message:
        """The banner of a won match: "Ann wins", "EW win"."""
        return wins(self.winner or "", self.sides)


@dataclass(frozen=True)
class Said:
    """What an entry field's value is where its Python type does not say it all (a ``str`` that is a player's
    name), declared beside the type as ``Annotated[str, NAME]``: the API describes a request field that is an
    entry's field from its declaration (:func:`referee.web.api.schema.entry_fields`)."""

    kind: str


#: A seat, side or player name, as the table's names spell it.
NAME = Said("name")


class Entry(ABC):
    """A deal's entry, typed: read from the canonical JSON that :meth:`Game.check_entry` returns and a
    deal stores (:meth:`of`), and written back as that same JSON (:meth:`as_json`), so a stored deal
    reads as it was. A game declares its own (:attr:`Game.entry_type`) and scores from it, not from a dict."""

    @classmethod
    @abstractmethod
    def of(cls, data: Mapping[str, Any]) -> Self:
        """The typed form of a canonical entry."""

    @abstractmethod
    def as_json(self) -> dict[str, Any]:
        """The canonical entry, as stored."""


class TaggedEntry(Entry):
    """A deal's entry that takes one of several shapes (Paks: card by card or quick), told apart by its
    canonical JSON: a tagged union. The game's base class names the shape of an entry (:meth:`shape_of`),
    each shape is a frozen dataclass subclassing it and reads itself (:meth:`read`); :meth:`of` on the base
    reads whichever shape the JSON has, so the scoring matches on the shape's type."""

    @classmethod
    @abstractmethod
    def shape_of(cls, data: Mapping[str, Any]) -> type[TaggedEntry]:
        """The shape of the canonical entry ``data``: a subclass of the game's base."""

    @classmethod
    @abstractmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        """This shape, from its canonical JSON."""

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Self:
        entry = cls.shape_of(data).read(data)
        if not isinstance(entry, cls):
            raise TypeError(f"{cls.__name__}.of: the entry is a {type(entry).__name__}")
        return entry


@dataclass(frozen=True)
class DealContext:
    """What scoring one deal may need besides its entry."""

    number: int
    dealer: str
    earlier: Sequence[DealResult] = ()
    #: What checking the entry worked out that scoring it would work out again, when the deal was read
    #: and scored at once (:meth:`Game.read_deals`; Iceberg: the play log replayed), else None.
    worked: object = None


class DealEntryError(InputError):
    """The error in one deal's entry of a match read whole (:meth:`Game.read_deals`): ``number`` is the deal's."""

    def __init__(self, number: int, error: InputError) -> None:
        super().__init__(error.msg, field=error.field, code=error.code, location=error.location)
        self.number = number
        self.error = error


class Game(ABC, Generic[OptionsT]):
    """One game's rules as the score sheet needs them; ``OptionsT`` is its typed house options."""

    slug: str
    name: Message
    """The game's name, said in the reader's language ("Zheng Fen", 争分)."""
    tagline: Message
    player_counts: tuple[int, ...]
    #: How seats make teams, shown when a match is set up ("with 4, partners sit opposite").
    partnership_note: Message | None = None
    #: The game's house options, typed; their declarations are its ``declared`` (see :attr:`options`).
    option_type: type[OptionsT]
    #: A deal's canonical entry, typed: what :meth:`check_entry` returns and :meth:`score_deal` reads.
    entry_type: type[Entry]
    #: The JSON API checks of shared/API.md: ``/api/v1/<slug>/<name>`` runs ``checks[name](body)``.
    checks: Mapping[str, Check] = {}
    #: Per-match choices that are not house rules (Dracula: is the first dealer Queen or King?).
    role_options: tuple[Option, ...] = ()
    #: The clause by which the higher total wins: the order that evening standings place sides by.
    result_clause: str = ""
    #: The clause that decides a side's deal score, cited when a claim on it differs.
    score_clause: str = ""
    #: The items a claim on a deal may give beside a side's score, each with its word (see :meth:`claim_items`).
    claim_words: Mapping[str, Param] = {}
    #: The keys of a deal's ``details`` that building the sheet reads (:meth:`dealer`, :meth:`conclude`,
    #: :meth:`next_turn_note`): a sheet built from stored results without their workings keeps only these.
    sheet_details: tuple[str, ...] = ()

    # --- setup -------------------------------------------------------------------------------

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        names = tuple(p.strip() for p in players if p and p.strip())
        if len(names) not in self.player_counts:
            raise FieldError(
                msg(
                    "{game} is played by {counts} players, not {n}",
                    game=self.name,
                    counts=join(map(str, self.player_counts)),
                    n=len(names),
                ),
                field="players",
            )
        if repeated_name(names) is not None:
            raise FieldError(msg("each player takes one seat: a name appears twice"), field="players")
        return names

    @property
    def options(self) -> tuple[Option, ...]:
        """The house options, as the rule file's Options table declares them."""
        return self.option_type.declared

    @property
    def catalog_area(self) -> str:
        """The catalog that holds the game's sentences: ``referee/translations/<area>/``."""
        return self.slug

    def opts(self, setup: MatchSetup) -> OptionsT:
        """The match's house options, typed; an option it was stored without takes its default."""
        return self.option_type.of(setup.options)

    def parse_options(self, given: object) -> dict[str, Any]:
        return parse_options(self.options, given)

    def parse_roles(self, given: object) -> dict[str, Any]:
        return parse_options(self.role_options, given)

    def sides(self, setup: MatchSetup) -> list[Side]:
        """Default: everyone for themselves."""
        return [Side(p, (p,)) for p in setup.players]

    # --- deals -------------------------------------------------------------------------------

    @abstractmethod
    def check_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """Validate one deal's entry and return it in canonical form; raise InputError."""

    def check_worked(self, setup: MatchSetup, entry: object) -> tuple[dict[str, Any], object]:
        """:meth:`check_entry`, and what the check worked out that scoring the entry would work out again
        (see :meth:`read_deals`): None, unless the game keeps something (Iceberg: a play log's replay)."""
        return self.check_entry(setup, entry), None

    def read_entry(self, setup: MatchSetup, entry: object) -> dict[str, Any]:
        """:meth:`check_entry`, keeping a side's claim (``"claim": {side: points, "items": {side: {item: points}}}``)
        beside it.

        The claim is checked for its shape only (known sides and items, whole points); the deal is
        scored as entered and the claim judged against that score by :meth:`score_match`.
        """
        return self.read_worked(setup, entry)[0]

    def read_worked(self, setup: MatchSetup, entry: object) -> tuple[dict[str, Any], object]:
        """:meth:`read_entry`, and what its check worked out for scoring (:meth:`check_worked`)."""
        claim, rest = split_claim(entry)
        canonical, worked = self.check_worked(setup, rest)
        return self.with_claim(setup, canonical, claim), worked

    def read_deals(self, setup: MatchSetup, entries: Sequence[object]) -> tuple[list[dict[str, Any]], list[DealResult]]:
        """A whole match's deals from outside (an import), read and scored: each entry read as :meth:`read_entry`
        reads it (an error raised as a :class:`DealEntryError` naming its deal), the entries checked together
        (:meth:`check_entries`), then scored, each deal with what its check worked out (:meth:`check_worked`),
        so no entry is worked out twice."""
        read = []
        for number, entry in enumerate(entries, start=1):
            try:
                read.append(self.read_worked(setup, entry))
            except InputError as error:
                raise DealEntryError(number, error) from error
        canonical = [entry for entry, _ in read]
        self.check_entries(setup, canonical)
        return canonical, self.score_deals(setup, canonical, worked=[worked for _, worked in read])

    def with_claim(self, setup: MatchSetup, canonical: dict[str, Any], claim: object) -> dict[str, Any]:
        """A canonical entry with the claim given beside it (see :meth:`read_entry`), once its shape is checked."""
        if claim:
            sides = {s.name: 0 for s in self.sides(setup)}
            read = read_claim(claim, Ruling(sides, self.score_clause, item_names=tuple(self.claim_words)))
            canonical[CLAIM] = {**read.scores, ITEMS: read.items} if read.items else read.scores
        return canonical

    def read_deal(
        self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int, entry: object
    ) -> dict[str, Any]:
        """:meth:`read_entry` for deal ``number`` of a match whose deals' entries are ``entries`` (when a deal
        is corrected, its own entry among them is the one replaced), checked against the other deals too
        (:meth:`check_entries`). A game whose deals share cards reports a clash with another deal together
        with the entry's own mistakes (Dracula); by default the deals are checked together once the entry is sound.
        """
        canonical = self.read_entry(setup, entry)
        self.check_entries(setup, [*entries[: number - 1], canonical, *entries[number:]])
        return canonical

    def claim_items(self, setup: MatchSetup, number: int) -> dict[str, tuple[str, ...]]:
        """The items each side may claim on deal ``number`` beside its score (names of :attr:`claim_words`)."""
        return {}

    def deal_ruling(self, setup: MatchSetup, deal: DealResult) -> Ruling:
        """How a scored deal reads for a claim; games with items override this."""
        return Ruling(deal.scores, self.score_clause)

    def check_entries(self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]]) -> None:
        """Checks across deals (a card used in two deals); default none. Raise InputError."""

    @abstractmethod
    def score_deal(self, setup: MatchSetup, entry: Mapping[str, Any], context: DealContext) -> DealResult:
        """Score one canonical entry."""

    def dealer(self, setup: MatchSetup, earlier: Sequence[DealResult]) -> str:
        """Who deals the next deal; default: the deal passes to the left (clockwise)."""
        return setup.players[(setup.first_dealer + len(earlier)) % setup.count]

    def next_turn_note(self, setup: MatchSetup, result: MatchResult) -> Step | None:
        """A sentence with its clause that the sheet shows under who deals next (Zheng Fen: who leads)."""
        return None

    def role_label(self, role: str) -> str | Message:
        """A side's role (``Queen``, ``rows``) as the sheet shows it; a game with roles names them in words."""
        return role

    def turn_line(self, setup: MatchSetup, player: str) -> Message:
        """The sentence that names the player who deals a deal, "Ann deals"; a game whose deals are
        begun by someone else says so (Dracula's 4-player coffins: "Ann starts")."""
        return msg("{player} deals", player=player)

    def pack(self, setup: MatchSetup) -> Pack:
        """The cards of this game at this table (the card picker offers these)."""
        return STANDARD

    def cards_used_elsewhere(self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int) -> list[str]:
        """Cards that other deals' entries already hold and that deal ``number`` cannot hold again."""
        return []

    def deals_in_match(self, setup: MatchSetup) -> int | None:
        """A fixed number of deals, or None when the match runs to a target."""
        return None

    def target(self, setup: MatchSetup) -> int | None:
        """The total that ends the match, or None where a number of deals does."""
        return None

    # --- the whole match ---------------------------------------------------------------------

    def score_match(self, setup: MatchSetup, entries: Sequence[Mapping[str, Any]]) -> MatchResult:
        return self.match_result(setup, self.score_deals(setup, entries))

    def score_deals(
        self,
        setup: MatchSetup,
        entries: Sequence[Mapping[str, Any]],
        earlier: Sequence[DealResult] = (),
        *,
        worked: Sequence[object] = (),
    ) -> list[DealResult]:
        """Score ``entries`` as the deals that follow the ``earlier`` deals, already scored.

        A deal's score may depend on the deals before it (who dealt, who led), never on later ones:
        so a sheet extended by one deal scores that deal alone, and a corrected deal rescores itself
        and the deals after it. ``worked``: what checking each entry worked out (:meth:`read_deals`).
        """
        deals = list(earlier)
        for index, entry in enumerate(entries):
            context = DealContext(
                number=len(deals) + 1,
                dealer=self.dealer(setup, deals),
                earlier=tuple(deals),
                worked=worked[index] if worked else None,
            )
            claim = entry.get(CLAIM)
            deal = self.score_deal(setup, {k: v for k, v in entry.items() if k != CLAIM}, context)
            if claim:
                ruling = self.deal_ruling(setup, deal)
                # A claim read with the entry may name any item the game scores, whatever this deal's ruling names.
                names = (*ruling.item_names, *(name for name in self.claim_words if name not in ruling.item_names))
                ruling = replace(ruling, item_names=names, item_words=self.claim_words)
                deal.claim = verdict_dict(read_claim(claim, ruling), ruling)
            deals.append(deal)
        return deals[len(earlier) :]

    def match_result(self, setup: MatchSetup, deals: Sequence[DealResult]) -> MatchResult:
        """The sheet of already scored deals: running totals, the end of the match, who deals next."""
        result = self.match_ending(setup, deals)
        if not result.finished:
            result.next_dealer = self.dealer(setup, result.deals)
        return result

    def match_ending(self, setup: MatchSetup, deals: Sequence[DealResult]) -> MatchResult:
        """The sheet of already scored deals without who deals next: running totals and the end of the match.

        Reads only each deal's number and scores, so a deal stored without its workings does (a group's statistics).
        """
        sides = self.sides(setup)
        running: list[dict[str, int]] = []
        totals = {s.name: 0 for s in sides}
        for deal in deals:
            for side, points in deal.scores.items():
                totals[side] += points
            running.append(dict(totals))
        result = MatchResult(sides=sides, deals=list(deals), running=running, totals=dict(totals), finished=False)
        self.conclude(setup, result)
        return result

    def conclude(self, setup: MatchSetup, result: MatchResult) -> None:
        """Decide whether the match is over. Default: first to the target; equal highest totals play on.

        Before its first deal a match says what it plays to, as a match under way does.
        """
        target = self.target(setup)
        if target is None:
            result.status = msg("Deal {n}", n=len(result.deals) + 1)
            return
        totals = result.totals
        if not result.deals or max(totals.values()) < target:
            result.status = playing_to(target)
            return
        best = max(totals.values())
        leaders = [s for s, v in totals.items() if v == best]
        if len(leaders) > 1:
            result.status = tie_plays_on(leaders, best)
            return
        result.finished = True
        result.winner = leaders[0]
        result.status = wins_with(leaders[0], result.sides, best)


def split_claim(entry: object) -> tuple[object, object]:
    """The claim a deal's entry carries (or None), and the entry without it."""
    if not isinstance(entry, Mapping):
        return None, entry
    return entry.get(CLAIM), {k: v for k, v in entry.items() if k != CLAIM}


def require_mapping(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise FieldError(msg("{field} must be an object", field=field), field=field)
    return value


__all__ = [
    "DealContext",
    "DealEntryError",
    "DealResult",
    "Game",
    "InputError",
    "MatchResult",
    "MatchSetup",
    "Side",
    "require_mapping",
]
