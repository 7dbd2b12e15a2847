"""The turn-by-turn play log of a deal: aces exposed, melds and lay-offs scored as laid.

Replaying the log tracks the table (every meld, numbered in the order it was laid, with the
lay-offs it received), each player's points in play, the aces each exposed, and refuses plays
the rules forbid: illegal melds and lay-offs, parallel melds when forbidden, and play after the
last ace (iceberg-5.2, 8.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from referee.cards import Card, Pack
from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Message, Param, join, msg
from referee.rules.iceberg.deck import is_ace, parse_at, quoted
from referee.rules.iceberg.joining import lay_off_joining
from referee.rules.iceberg.melds import KIND_NAMES, Meld, classify_meld, lay_off, meld_clause
from referee.rules.iceberg.table import parallel_conflict
from referee.rules.iceberg.wording import total
from referee.rules.seating import find_name

ACTIONS = ("aces", "meld", "layoff")
#: The actions of a play as an error names them.
ACTION_WORDS = {"aces": msg("aces"), "meld": msg("meld"), "layoff": msg("layoff")}
ACE_POINTS = 20
#: A deal has at most some 100 turns; no log is longer than this.
MAX_PLAYS = 400


@dataclass(frozen=True)
class Action:
    """One entry of the log, canonical: who, what, which cards, and for a lay-off the meld number."""

    player: str
    action: str
    cards: tuple[Card, ...]
    onto: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, self.action: [str(c) for c in self.cards]}
        if self.onto is not None:
            data["onto"] = self.onto
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

    def as_dict(self) -> dict[str, Any]:
        data = {
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

    @property
    def melds(self) -> list[Meld]:
        """The melds on the table, runs joined to another left out."""
        return [m.meld for m in self.table if m.joined_into is None]

    @property
    def targets(self) -> list[TableMeld]:
        """The table melds a card may still be laid on: no special (iceberg-3.6), no run joined into
        another (iceberg-4.4)."""
        return [m for m in self.table if m.meld.grows and m.joined_into is None]

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
    return [_parse_play(item, number, players, pack) for number, item in enumerate(value, start=1)]


def find_player(name: object, players: Sequence[str], where: Param, location: tuple[str | int, ...]) -> str:
    """The player ``name`` names (as every game finds one); else a FieldError at ``location`` saying ``where`` it
    was given."""
    found = find_name(name, players)
    if found is not None:
        return found
    raise FieldError(
        msg(
            "{where}: {name} is not a player of this match ({players})",
            where=where,
            name=repr(name),
            players=join(players),
        ),
        field=str(location[0]),
        location=location,
    )


def _parse_play(item: object, number: int, players: Sequence[str], pack: Pack) -> Action:
    where = msg("play {number}", number=number)
    at = ("log", number)
    if not isinstance(item, Mapping):
        raise FieldError(
            msg('{where} must be an object such as {{"player": "Ann", "meld": ["4H", "5H", "6H"]}}', where=where),
            field="log",
            location=at,
        )
    player = find_player(item.get("player"), players, where, at)
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
    if action == "layoff":
        onto = item.get("onto")
        if isinstance(onto, bool) or not isinstance(onto, int) or onto < 1:
            raise FieldError(
                msg("{where}: `onto` is the number of the table meld (1 = the first laid)", where=where),
                field="log",
                location=at,
            )
    elif "onto" in item:
        raise FieldError(msg("{where}: `onto` only goes with a lay-off", where=where), field="log", location=at)
    return Action(player, action, cards, onto)


def replay(plays: Sequence[Action], players: Sequence[str], decks: int, options: Mapping[str, Any]) -> Replay:
    """Score the plays in order and track the table; raise FieldError(field="log") for an illegal play."""
    table: list[TableMeld] = []
    scored: list[Scored] = []
    in_play = dict.fromkeys(players, 0)
    aces = dict.fromkeys(players, 0)
    exposed = 0
    last_ace_by: str | None = None
    multiplier = options.get("ace_scoring") == "multiplier"
    forbid = options.get("parallel_melds") == "forbidden"
    joining_runs = bool(options.get("merge_runs"))
    explanation = Explanation()
    for number, play in enumerate(plays, start=1):
        where = (number, play.player)
        if last_ace_by is not None:
            if options.get("last_ace") != "finish_turn":
                _refuse(
                    where, msg("the last ace, exposed by {player}, ended the deal", player=last_ace_by), "iceberg-5.2"
                )
            if play.player != last_ace_by:
                _refuse(
                    where,
                    msg("the deal ended with {player}'s turn, who exposed the last ace", player=last_ace_by),
                    "iceberg-8.2",
                )
        if play.action == "aces":
            not_aces = [c for c in play.cards if not is_ace(c)]
            if not_aces:
                _refuse(where, msg("`{card}` is no ace; only aces are exposed", card=str(not_aces[0])), "iceberg-2.4")
            exposed += len(play.cards)
            aces[play.player] += len(play.cards)
            points = 0 if multiplier else ACE_POINTS * len(play.cards)
            rule = "iceberg-8.1" if multiplier else "iceberg-2.4"
            text = _aces_text(play, points, multiplier, exposed, 4 * decks)
            if exposed >= 4 * decks:
                last_ace_by = play.player
                rule = "iceberg-5.1"
            scored.append(Scored(number, play, points, [ACE_POINTS] * len(play.cards) if points else [], text, rule))
        elif play.action == "meld":
            scored.append(_meld(number, where, play, table, decks, forbid))
        else:
            scored.append(_layoff(number, where, play, table, decks, forbid, joining_runs))
        if play.action != "aces":
            in_play[play.player] += scored[-1].points
        explanation.add(scored[-1].text, scored[-1].rule)
    return Replay(scored, table, in_play, aces, last_ace_by, explanation)


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
    number: int, where: tuple[int, str], play: Action, table: list[TableMeld], decks: int, forbid: bool
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
    table.append(TableMeld(len(table) + 1, meld, play.player))
    text = msg(
        "{player} melds {cards} (meld {number}, {kind}): {total}",
        player=play.player,
        cards=quoted(meld.cards),
        number=len(table),
        kind=KIND_NAMES[meld.kind],
        total=total(verdict.steps),
    )
    rule = meld_clause(meld)
    return Scored(number, play, verdict.points, verdict.steps, text, rule, len(table), meld)


def _layoff(
    number: int,
    where: tuple[int, str],
    play: Action,
    table: list[TableMeld],
    decks: int,
    forbid: bool,
    joining_runs: bool,
) -> Scored:
    onto = play.onto or 0
    if onto > len(table):
        _refuse(
            where,
            msg("there is no meld {onto} on the table ({count} so far)", onto=onto, count=len(table)),
            "iceberg-4.1",
        )
    target = table[onto - 1]
    if target.joined_into is not None:
        _refuse(
            where,
            msg("meld {onto} was joined to meld {into}; lay off on that one", onto=onto, into=target.joined_into),
            "iceberg-4.4",
        )
    if joining_runs:
        others = {m.number: m.meld for m in table if m.number != onto and m.joined_into is None}
        joining = lay_off_joining(target.meld, play.cards, decks, others)
        verdict, joined = joining.verdict, joining.joined
    else:
        verdict, joined = lay_off(target.meld, play.cards, decks), []
    if not verdict.legal:
        reason = verdict.reasons.steps[0]
        _refuse(where, reason.message, reason.rule)
    if forbid:
        conflict = parallel_conflict([m.meld for m in table], verdict.meld, play.cards, onto - 1)
        if conflict:
            _refuse(where, conflict, "iceberg-3.7")
    points = [p for _, _, p in verdict.steps]
    before = target.meld.label()
    target.meld = verdict.meld
    target.layoffs.append((play.player, play.cards))
    for other in joined:
        table[other - 1].joined_into = onto
    laid: dict[str, Param] = {
        "player": play.player,
        "cards": quoted(play.cards),
        "onto": onto,
        "before": before,
        "total": total(points),
    }
    rule = "iceberg-4.5" if len(points) > 1 else "iceberg-4.2"
    text = msg("{player} lays {cards} on meld {onto} ({before}): {total}", **laid)
    if joined:
        text = msg(
            "{player} lays {cards} on meld {onto} ({before}): {total}; meld {melds} joins meld {onto} into one run",
            melds=join(joined),
            **laid,
        )
        rule = "iceberg-4.4"
    return Scored(number, play, verdict.points, points, text, rule, onto, verdict.meld)
