"""The turn-by-turn play log of a deal: aces exposed, melds and lay-offs scored as laid.

Replaying the log tracks the table (every meld, numbered in the order it was laid, with the
lay-offs it received), each player's points in play, the aces each exposed, and refuses plays
the rules forbid: illegal melds and lay-offs, parallel melds when forbidden, and play after the
last ace (iceberg-5.2, 8.2).

With ``merge_runs`` a card that closes the gap between two runs may join them, or go on one of
them alone: the player's choice (iceberg-4.4). A lay-off says which with ``joins``, the numbers of
the melds it joins to meld ``onto`` (``[]``: it joins none, its cards go on ``onto`` alone). A
lay-off that does not say is read as every log was before joining was a choice: a card that closes
a gap joins the runs. So a stored log scores as it always did, and a player who went on one run
alone says ``"joins": []``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from referee.cards import Card, Pack, parse_cards
from referee.errors import FieldError, Gathering
from referee.explain import Explanation
from referee.messages import Message, Param, join, msg, msg_n
from referee.rules.iceberg.deck import ACE_POINTS, is_ace, parse_at, quoted
from referee.rules.iceberg.joining import gaps_to, lay_off_joining
from referee.rules.iceberg.melds import KIND_NAMES, Meld, classify_meld, lay_off, meld_clause
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.table import parallel_conflict
from referee.rules.iceberg.wording import total
from referee.rules.seating import named

ACTIONS = ("aces", "meld", "layoff")
#: The actions of a play as an error names them.
ACTION_WORDS = {"aces": msg("aces"), "meld": msg("meld"), "layoff": msg("layoff")}
#: A deal has at most some 100 turns; no log is longer than this.
MAX_PLAYS = 400


@dataclass(frozen=True)
class Action:
    """One entry of the log, canonical: who, what, which cards, and for a lay-off the meld number."""

    player: str
    action: str
    cards: tuple[Card, ...]
    onto: int | None = None
    #: For a lay-off with ``merge_runs``: the melds it joins to meld ``onto`` (iceberg-4.4); None
    #: when the play does not say (then a card closing a gap joins the runs, see the module).
    joins: tuple[int, ...] | None = None

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Action:
        """A canonical play, as :meth:`as_dict` writes it and a stored log holds it (read unchecked: see
        :func:`parse_plays` for a play as given)."""
        action = next(action for action in ACTIONS if action in data)
        joins = data.get("joins")
        return cls(
            data["player"],
            action,
            tuple(parse_cards(data[action])),
            data.get("onto"),
            None if joins is None else tuple(joins),
        )

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, self.action: [str(c) for c in self.cards]}
        if self.onto is not None:
            data["onto"] = self.onto
        if self.joins is not None:
            data["joins"] = list(self.joins)
        return data


@dataclass
class Scored:
    """A play as scored: its points and the table meld it made or grew (numbered from 1)."""

    number: int
    play: Action
    points: int
    steps: list[int]
    text: Message
    rule: str
    meld_number: int | None = None
    meld: Meld | None = None
    #: For a lay-off with ``merge_runs``: the melds it joined to meld ``onto``, and those its cards
    #: closed the gap to but did not join, as the player chose (iceberg-4.4).
    joined: tuple[int, ...] = ()
    declined: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            **self.play.as_dict(),
            "action": self.play.action,
            "points": self.points,
            "steps": self.steps,
            "text": self.text.render(),
            "rule": self.rule,
            "message": self.text.as_json(),
        }
        if self.meld_number is not None and self.meld is not None:
            data["meld_number"] = self.meld_number
            data["meld_after"] = self.meld.strings()
        if self.joined:
            data["joined"] = list(self.joined)
        if self.declined:
            data["declined"] = list(self.declined)
        return data


@dataclass
class TableMeld:
    """A meld on the table, who laid it, and who laid cards on it."""

    number: int
    meld: Meld
    laid_by: str
    layoffs: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)
    #: The number of the run this one was joined to (iceberg-4.4, ``merge_runs``); it is then no
    #: longer a meld of its own and keeps the cards it had.
    joined_into: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "kind": self.meld.kind,
            "cards": self.meld.strings(),
            "laid_by": self.laid_by,
            "layoffs": [{"player": p, "cards": [str(c) for c in cards]} for p, cards in self.layoffs],
        }
        if self.joined_into is not None:
            data["joined_into"] = self.joined_into
        return data


@dataclass
class Replay:
    plays: list[Scored]
    table: list[TableMeld]
    #: Points each player scored by melds and lay-offs (aces apart).
    in_play: dict[str, int]
    #: Aces each player exposed.
    aces: dict[str, int]
    last_ace_by: str | None
    explanation: Explanation
    #: Plays refused by a lenient replay (their numbers, from 1), each with its error; they are not on the table.
    refused: dict[int, FieldError] = field(default_factory=dict)

    @property
    def melds(self) -> list[Meld]:
        """The melds on the table, runs joined to another left out."""
        return [m.meld for m in self.table if m.joined_into is None]

    @property
    def targets(self) -> list[TableMeld]:
        """The table melds a card may still be laid on: no special (iceberg-3.6), no run joined into
        another (iceberg-4.4)."""
        return [m for m in self.table if m.meld.grows and m.joined_into is None]

    def join_gaps(self) -> dict[int, dict[int, tuple[Card, ...]]]:
        """For each run a card may be laid on, by its number, the runs a lay-off on it could join with
        ``merge_runs`` and the cards that close the gap to each (iceberg-4.4, :func:`gaps_to`)."""
        runs = {m.number: m.meld for m in self.targets if m.meld.kind == "run"}
        gaps = {number: gaps_to(run, {n: m for n, m in runs.items() if n != number}) for number, run in runs.items()}
        return {number: found for number, found in gaps.items() if found}

    def scored(self) -> dict[str, int]:
        """Each player's points so far, as scored when laid: melds, lay-offs and, unless aces
        multiply, +20 an ace (iceberg-2.4, 6.1, 8.1)."""
        points = dict.fromkeys(self.in_play, 0)
        for play in self.plays:
            points[play.play.player] += play.points
        return points


def parse_plays(value: object, players: Sequence[str], pack: Pack) -> list[Action]:
    """Read the log of an entry; errors carry ``field="log"`` and the play's location ``("log", 3)``."""
    if not isinstance(value, list):
        raise FieldError(msg("`log` must be a list of plays"), field="log", location=("log",))
    if len(value) > MAX_PLAYS:
        raise FieldError(
            msg("`log` lists {count} plays; a deal has far fewer than {most}", count=len(value), most=MAX_PLAYS),
            field="log",
            location=("log",),
        )
    gathering = Gathering()
    plays = [gathering.attempt(_parse_play, item, number, players, pack) for number, item in enumerate(value, start=1)]
    gathering.check()
    return [play for play in plays if play is not None]


def corrected(plays: Sequence[Action], number: int, play: Action | None) -> list[Action]:
    """The log with play ``number`` (from 1) replaced by ``play``, or taken out when ``play`` is None.

    Melds are numbered in the order they were entered, so a correction that takes a meld out or puts
    one in shifts the numbers of the melds after it: the lay-offs after it are renumbered to stay on
    the meld they were laid on. A lay-off on a meld the correction takes off the table is refused
    (FieldError, field ``play``): it is corrected or taken out first.
    """
    if not 0 < number <= len(plays):
        raise FieldError(msg("there is no play {number} to correct", number=number), field="play", location=("play",))
    index = number - 1
    meld_number = 1 + sum(p.action == "meld" for p in plays[:index])
    was_meld = plays[index].action == "meld"
    is_meld = play is not None and play.action == "meld"
    later = list(plays[number:])
    if was_meld and not is_meld:
        orphans = [
            n
            for n, p in enumerate(later, start=number + 1)
            if p.action == "layoff" and (p.onto == meld_number or meld_number in (p.joins or ()))
        ]
        if orphans:
            raise FieldError(
                msg_n(
                    "play {plays} lays cards on meld {meld}, which this correction takes off the table: "
                    "correct or take out that play first",
                    "plays {plays} lay cards on meld {meld}, which this correction takes off the table: "
                    "correct or take out those plays first",
                    len(orphans),
                    plays=join(orphans, " and " if len(orphans) == 2 else ", "),
                    meld=meld_number,
                ),
                field="play",
                location=("play",),
            )
    shift = (1 if is_meld else 0) - (1 if was_meld else 0)
    if shift:
        later = [_shifted(p, meld_number, shift) for p in later]
    return [*plays[:index], *([play] if play is not None else []), *later]


def _shifted(play: Action, first: int, shift: int) -> Action:
    """``play`` with its meld numbers moved by ``shift`` where it lays off on, or joins, meld ``first``
    or a later one."""
    if play.action != "layoff" or play.onto is None:
        return play
    onto = play.onto + shift if play.onto >= first else play.onto
    joins = None if play.joins is None else tuple(n + shift if n >= first else n for n in play.joins)
    return Action(play.player, play.action, play.cards, onto, joins)


def _parse_play(item: object, number: int, players: Sequence[str], pack: Pack) -> Action:
    where = msg("play {number}", number=number)
    at = ("log", number)
    if not isinstance(item, Mapping):
        raise FieldError(
            msg('{where} must be an object such as {{"player": "Ann", "meld": ["4H", "5H", "6H"]}}', where=where),
            field="log",
            location=at,
        )
    player = named(item.get("player"), players, field="log", location=at, where=where)
    actions = [a for a in ACTIONS if a in item]
    if len(actions) != 1:
        raise FieldError(
            msg("{where} names exactly one of `aces`, `meld` or `layoff`", where=where), field="log", location=at
        )
    action = actions[0]
    place = msg("play {number} {action}", number=number, action=ACTION_WORDS[action])
    cards = tuple(parse_at(pack, item[action], field=f"play {number} {action}", place=place, location=at))
    if not cards:
        raise FieldError(msg("{where}: no cards given", where=where), field="log", location=at)
    onto = None
    joins = None
    if action == "layoff":
        onto = item.get("onto")
        if not _meld_number(onto):
            raise FieldError(
                msg("{where}: `onto` is the number of the table meld (1 = the first laid)", where=where),
                field="log",
                location=at,
            )
        if "joins" in item:
            joins = _joins(item["joins"], where, at)
    else:
        for key in ("onto", "joins"):
            if key in item:
                raise FieldError(
                    msg("{where}: `{key}` only goes with a lay-off", where=where, key=key), field="log", location=at
                )
    return Action(player, action, cards, onto, joins)


def _meld_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _joins(value: object, where: Message, at: tuple[str | int, ...]) -> tuple[int, ...]:
    """A lay-off's ``joins``: the numbers of the melds it joins (iceberg-4.4), a list or one number."""
    numbers = [value] if _meld_number(value) else value
    if not isinstance(numbers, list) or not all(_meld_number(n) for n in numbers) or len(set(numbers)) < len(numbers):
        raise FieldError(
            msg(
                "{where}: `joins` lists the numbers of the table melds this lay-off joins to meld `onto` "
                "([] when its cards go on `onto` alone)",
                where=where,
            ),
            field="log",
            location=at,
        )
    return tuple(numbers)


def replay(
    plays: Sequence[Action],
    players: Sequence[str],
    decks: int,
    options: IcebergOptions | Mapping[str, Any],
    *,
    lenient: bool = False,
) -> Replay:
    """Score the plays in order and track the table; raise FieldError(field="log") for an illegal play.

    ``lenient`` keeps going instead: an illegal play is left off the table and its error kept in
    :attr:`Replay.refused`, so every play a correction made illegal is reported at once. A refused meld
    still takes its number (melds are numbered by the order they were entered), so the plays after it
    keep naming the melds they were laid on.
    """
    replayer = _Replayer(players, decks, options)
    for number, play in enumerate(plays, start=1):
        try:
            replayer.play(number, play)
        except FieldError as error:
            if not lenient:
                raise
            replayer.refuse(number, play, error)
    return replayer.result()


class _Replayer:
    """The table, the points and the aces as the plays of a log are replayed one by one."""

    def __init__(self, players: Sequence[str], decks: int, options: IcebergOptions | Mapping[str, Any]) -> None:
        self.decks = decks
        self.options = IcebergOptions.of(options)
        self.table: list[TableMeld] = []
        #: Melds entered so far, refused ones included: the next meld's number is one more.
        self.melds_entered = 0
        self.scored: list[Scored] = []
        self.refused: dict[int, FieldError] = {}
        self.in_play = dict.fromkeys(players, 0)
        self.aces = dict.fromkeys(players, 0)
        self.exposed = 0
        self.last_ace_by: str | None = None
        self.explanation = Explanation()

    def result(self) -> Replay:
        return Replay(
            self.scored, self.table, self.in_play, self.aces, self.last_ace_by, self.explanation, self.refused
        )

    def refuse(self, number: int, play: Action, error: FieldError) -> None:
        self.refused[number] = error
        if play.action == "meld":
            self.melds_entered += 1

    def play(self, number: int, play: Action) -> None:
        where = (number, play.player)
        options = self.options
        if self.last_ace_by is not None:
            if options.last_ace != "finish_turn":
                _refuse(
                    where,
                    msg("the last ace, exposed by {player}, ended the deal", player=self.last_ace_by),
                    "iceberg-5.2",
                )
            if play.player != self.last_ace_by:
                _refuse(
                    where,
                    msg("the deal ended with {player}'s turn, who exposed the last ace", player=self.last_ace_by),
                    "iceberg-8.2",
                )
        if play.action == "aces":
            scored = self._aces(number, where, play)
        elif play.action == "meld":
            scored = _meld(number, where, play, self.table, self.melds_entered + 1, self.decks, self._forbid)
            self.melds_entered += 1
        else:
            scored = _layoff(
                number, where, play, self.table, self.melds_entered, self.decks, self._forbid, self._joining
            )
        self.scored.append(scored)
        if play.action != "aces":
            self.in_play[play.player] += scored.points
        self.explanation.add(scored.text, scored.rule)

    @property
    def _forbid(self) -> bool:
        return self.options.parallel_melds == "forbidden"

    @property
    def _joining(self) -> bool:
        return self.options.merge_runs

    def _aces(self, number: int, where: tuple[int, str], play: Action) -> Scored:
        not_aces = [c for c in play.cards if not is_ace(c)]
        if not_aces:
            _refuse(where, msg("`{card}` is no ace; only aces are exposed", card=str(not_aces[0])), "iceberg-2.4")
        multiplier = self.options.ace_scoring == "multiplier"
        most = 4 * self.decks
        self.exposed += len(play.cards)
        self.aces[play.player] += len(play.cards)
        points = 0 if multiplier else ACE_POINTS * len(play.cards)
        rule = "iceberg-8.1" if multiplier else "iceberg-2.4"
        text = _aces_text(play, points, multiplier, self.exposed, most)
        if self.exposed >= most:
            self.last_ace_by = play.player
            rule = "iceberg-5.1"
        return Scored(number, play, points, [ACE_POINTS] * len(play.cards) if points else [], text, rule)


def _aces_text(play: Action, points: int, multiplier: bool, exposed: int, most: int) -> Message:
    """A play exposing aces: +20 each, or one more for the multiplier each; the last one ends the deal."""
    cards, count = quoted(play.cards), len(play.cards)
    if exposed >= most:
        if multiplier:
            return msg(
                "{player} exposes {cards}: {count} more for the multiplier; "
                "the last ace ({exposed} of {most}) ends the deal",
                player=play.player,
                cards=cards,
                count=count,
                exposed=exposed,
                most=most,
            )
        return msg(
            "{player} exposes {cards}: +{points}; the last ace ({exposed} of {most}) ends the deal",
            player=play.player,
            cards=cards,
            points=points,
            exposed=exposed,
            most=most,
        )
    if multiplier:
        return msg(
            "{player} exposes {cards}: {count} more for the multiplier", player=play.player, cards=cards, count=count
        )
    return msg("{player} exposes {cards}: +{points}", player=play.player, cards=cards, points=points)


def _refuse(where: tuple[int, str], reason: Message, rule: str) -> NoReturn:
    """Refuse play ``where`` (its number and player) of the log: the error's parameter ``reason`` is
    the sentence without the play's number, for a form that shows it at the play's own fields."""
    number, player = where
    raise FieldError(
        msg(
            "play {number} ({player}): {reason}",
            number=number,
            player=player,
            reason=msg("{reason} ({rule})", reason=reason, rule=rule),
        ),
        field="log",
        location=("log", number),
    )


def _meld(
    number: int,
    where: tuple[int, str],
    play: Action,
    table: list[TableMeld],
    meld_number: int,
    decks: int,
    forbid: bool,
) -> Scored:
    verdict = classify_meld(play.cards, decks)
    meld = verdict.meld
    if meld is None:
        reason = verdict.reasons.steps[0]
        _refuse(
            where, msg("{cards} is no meld: {reason}", cards=quoted(play.cards), reason=reason.message), reason.rule
        )
    if forbid:
        conflict = parallel_conflict([m.meld for m in table], meld, meld.cards, None)
        if conflict:
            _refuse(where, conflict, "iceberg-3.7")
    table.append(TableMeld(meld_number, meld, play.player))
    text = msg(
        "{player} melds {cards} (meld {number}, {kind}): {total}",
        player=play.player,
        cards=quoted(meld.cards),
        number=meld_number,
        kind=KIND_NAMES[meld.kind],
        total=total(verdict.steps),
    )
    rule = meld_clause(meld)
    return Scored(number, play, verdict.points, verdict.steps, text, rule, meld_number, meld)


def _layoff(
    number: int,
    where: tuple[int, str],
    play: Action,
    table: list[TableMeld],
    melds_entered: int,
    decks: int,
    forbid: bool,
    joining_runs: bool,
) -> Scored:
    onto = play.onto or 0
    if onto > melds_entered:
        _refuse(
            where,
            msg("there is no meld {onto} on the table ({count} so far)", onto=onto, count=melds_entered),
            "iceberg-4.1",
        )
    by_number = {m.number: m for m in table}
    target = by_number.get(onto)
    if target is None:
        _refuse(where, msg("meld {onto} was refused, so nothing can be laid on it", onto=onto), "iceberg-4.1")
    if target.joined_into is not None:
        _refuse(
            where,
            msg("meld {onto} was joined to meld {into}; lay off on that one", onto=onto, into=target.joined_into),
            "iceberg-4.4",
        )
    if play.joins and not joining_runs:
        _refuse(where, msg("runs never join unless the house rule “Join two runs” is on"), "iceberg-4.4")
    for joined_number in play.joins or ():
        _check_joinable(where, joined_number, onto, by_number, melds_entered)
    declined: list[int] = []
    if joining_runs:
        others = {m.number: m.meld for m in table if m.number != onto and m.joined_into is None}
        joining = lay_off_joining(target.meld, play.cards, decks, others, play.joins)
        verdict, joined, declined = joining.verdict, joining.joined, joining.declined
    else:
        verdict, joined = lay_off(target.meld, play.cards, decks), []
    if not verdict.legal:
        reason = verdict.reasons.steps[0]
        _refuse(where, reason.message, reason.rule)
    if forbid:
        conflict = parallel_conflict([m.meld for m in table], verdict.meld, play.cards, table.index(target))
        if conflict:
            _refuse(where, conflict, "iceberg-3.7")
    points = [p for _, _, p in verdict.steps]
    before = target.meld.label()
    target.meld = verdict.meld
    target.layoffs.append((play.player, play.cards))
    for other in joined:
        by_number[other].joined_into = onto
    laid: dict[str, Param] = {
        "player": play.player,
        "cards": quoted(play.cards),
        "onto": onto,
        "before": before,
        "total": total(points),
    }
    rule = "iceberg-4.4" if joined or declined else "iceberg-4.5" if len(points) > 1 else "iceberg-4.2"
    text = _layoff_text(laid, joined, declined, chosen=play.joins is not None)
    return Scored(number, play, verdict.points, points, text, rule, onto, verdict.meld, tuple(joined), tuple(declined))


def _layoff_text(laid: dict[str, Param], joined: list[int], declined: list[int], *, chosen: bool) -> Message:
    """A lay-off as the explanation tells it: the runs it joined, as the player chose or (a play that does
    not say) as a card closing a gap joins them, and those the player chose not to join (iceberg-4.4)."""
    if joined and chosen:
        return msg(
            "{player} lays {cards} on meld {onto} ({before}): {total}; {player} chooses to join meld {melds} "
            "to meld {onto}, one run",
            melds=join(joined),
            **laid,
        )
    if joined:
        return msg(
            "{player} lays {cards} on meld {onto} ({before}): {total}; meld {melds} joins meld {onto} into one run",
            melds=join(joined),
            **laid,
        )
    if declined:
        return msg(
            "{player} lays {cards} on meld {onto} ({before}): {total}; it closes the gap to meld {melds}, "
            "but {player} chooses not to join",
            melds=join(declined),
            **laid,
        )
    return msg("{player} lays {cards} on meld {onto} ({before}): {total}", **laid)


def _check_joinable(
    where: tuple[int, str], number: int, onto: int, by_number: Mapping[int, TableMeld], melds_entered: int
) -> None:
    """Refuse a lay-off on meld ``onto`` that says it joins meld ``number`` when that meld cannot
    join it: itself, not on the table, refused, joined already or no run (iceberg-4.4)."""
    other = by_number.get(number)
    if number == onto:
        reason = msg("meld {onto} cannot join itself", onto=onto)
    elif number > melds_entered:
        reason = msg("there is no meld {onto} on the table ({count} so far)", onto=number, count=melds_entered)
    elif other is None:
        reason = msg("meld {number} was refused, so nothing can join it", number=number)
    elif other.joined_into is not None:
        reason = msg("meld {number} was joined to meld {into} already", number=number, into=other.joined_into)
    elif other.meld.kind != "run":
        reason = msg("meld {number} is no run: only runs join", number=number)
    else:
        return
    _refuse(where, reason, "iceberg-4.4")
