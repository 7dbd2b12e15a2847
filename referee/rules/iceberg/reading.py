"""Reading an Iceberg deal's entry, in any of its three modes, with every error found at once.

Each part of an entry (a player's hand, points or count, a table meld, a play) is read on its own
and its errors gathered (:class:`referee.errors.Gathering`), each located where a form shows it:
``("hands", "Bob")``, ``("played", "Ann")``, ``("counted", "Cid", "left")``, ``("table", 2)``,
``("log", 5)``. Checks that need several parts (cards used too often, points against the table,
the end of the deal) run on the parts that could be read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import Card, CardLedger
from referee.errors import FieldError, Gathering, InputError, TotalError
from referee.messages import join, msg, msg_n
from referee.rules.checks import as_int
from referee.rules.game import MatchSetup, require_mapping
from referee.rules.iceberg.counted import MAX_POINTS
from referee.rules.iceberg.deck import decks_for, is_ace, pack_for, parse_at, quoted, readable
from referee.rules.iceberg.entry import CountedHand, IcebergEntry, LogEntry, QuickEntry, ScoredEntry
from referee.rules.iceberg.leftover import MAX_HAND
from referee.rules.iceberg.melds import Meld, meld_points
from referee.rules.iceberg.options import IcebergOptions
from referee.rules.iceberg.playlog import Replay, parse_plays, replay
from referee.rules.iceberg.table import parse_table, read_table, table_conflict, table_meld
from referee.rules.seating import find_name, named

MODES = ("log", "quick", "scored")
#: The fields that give a number per player, as an error names them.
NUMBER_FIELDS = {"played": msg("played"), "aces": msg("aces")}
#: What a counted hand gives: the cards that count for the penalty and V*.
COUNTED_KEYS = ("left", "could_score")


def check_entry(setup: MatchSetup, entry: object) -> dict[str, Any]:
    """The entry checked and made canonical (see :meth:`referee.rules.iceberg.game.Iceberg.check_entry`);
    InputError, or InputErrors listing every problem found."""
    return check_and_replay(setup, entry)[0]


def check_and_replay(setup: MatchSetup, entry: object) -> tuple[dict[str, Any], Replay | None]:
    """:func:`check_entry`, and for a play log the replay that checked its plays (the same as scoring would
    make: no play was refused); None for the other modes."""
    data = require_mapping(entry, "entry")
    mode = data.get("mode") or ("scored" if "counted" in data else "quick" if "played" in data else "log")
    if mode not in MODES:
        raise FieldError(msg("`mode` is `log`, `quick` or `scored`"), field="mode", location=("mode",))
    reader = EntryReader(setup)
    if mode == "log":
        read: IcebergEntry | None = reader.log_entry(data)
    elif mode == "quick":
        read = reader.quick_entry(data)
    else:
        read = reader.scored_entry(data)
    reader.gathering.check()
    assert read is not None  # every part was read
    return read.as_json(), reader.replayed


class EntryReader:
    """Reads the parts of one entry, gathering their errors."""

    def __init__(self, setup: MatchSetup) -> None:
        self.setup = setup
        self.players = setup.players
        self.options = IcebergOptions.of(setup.options)
        self.decks = decks_for(setup.count)
        self.pack = pack_for(self.decks)
        self.gathering = Gathering()
        self.ledger = CardLedger(self.pack)
        #: A play log's replay, once its plays are replayed.
        self.replayed: Replay | None = None

    # --- the modes ----------------------------------------------------------------------------------

    def log_entry(self, data: Mapping[str, Any]) -> LogEntry | None:
        hands, hands_read = self._parts(lambda: self.hands(data.get("hands")))
        plays = self.gathering.attempt(parse_plays, data.get("log"), self.players, self.pack)
        for number, play in enumerate(plays or [], start=1):
            self.ledger.add_all(play.cards, msg("play {number}", number=number), field="log")
        if not self._cards_fit() or plays is None:
            return None
        result = self.replayed = replay(plays, self.players, self.decks, self.options, lenient=True)
        self.gathering.errors.extend(result.refused.values())
        if hands_read and not result.refused:
            self.gathering.attempt(check_end, hands, sum(result.aces.values()), self.decks)
        return LogEntry(tuple(plays), _tuples(hands))

    def quick_entry(self, data: Mapping[str, Any]) -> QuickEntry | None:
        hands, hands_read = self._parts(lambda: self.hands(data.get("hands")))
        table = self.table(data.get("table"))
        played, aces, numbers_read = self.numbers(data)
        if not self._cards_fit():
            return None
        if table is not None and numbers_read:
            self.gathering.attempt(self._table_worth, table, played)
        if hands_read and numbers_read:
            self.gathering.attempt(self._aces_held, aces, hands)
            self.gathering.attempt(check_end, hands, sum(aces.values()), self.decks)
        return QuickEntry(played, aces, _melds(table or []), _tuples(hands))

    def scored_entry(self, data: Mapping[str, Any]) -> ScoredEntry | None:
        """Each player's points in play and aces, and what each holds: cards (valued exactly against the
        table, which must then be given) or a count made at the table."""
        hands, hands_read = self._parts(lambda: self.hands(data.get("hands", {}), every_player=False))
        counted, counted_read = self._parts(lambda: self.counted(data.get("counted", {})))
        given = "table" in data and data["table"] is not None
        table = self.table(data["table"]) if given else None
        played, aces, numbers_read = self.numbers(data)
        twice = [p for p in self.players if p in hands and p in counted]
        for player in twice:
            self.gathering.errors.append(
                FieldError(
                    msg("{player}'s hand is given both by its cards and as counted", player=player),
                    field="counted",
                    location=("counted", player),
                )
            )
        # Who holds what is told by the names given, even beside a hand or a count that could not be read.
        entered = self._named(data.get("hands", {})) | self._named(data.get("counted", {}))
        missing = [p for p in self.players if p not in entered]
        if missing:
            for player in missing:
                self.gathering.errors.append(
                    FieldError(
                        msg(
                            "nothing entered for what {player} holds: the cards left as counted at the table, "
                            "or the cards themselves ([] for the player who went out)",
                            player=player,
                        ),
                        field="counted",
                        location=("counted", player),
                    )
                )
        if not given:
            for player, cards in hands.items():
                if cards:
                    self.gathering.errors.append(
                        FieldError(
                            msg(
                                "{player}'s cards are valued against the table at the end: enter its melds, or "
                                "count the hand at the table (iceberg-6.2)",
                                player=player,
                            ),
                            field="hands",
                            location=("hands", player),
                        )
                    )
        if not self._cards_fit():
            return None
        if table is not None and numbers_read:
            self.gathering.attempt(self._table_worth, table, played)
        complete = hands_read and counted_read and numbers_read and not twice and not missing
        if complete:
            self.gathering.attempt(self._aces_held, aces, hands)
            held = {p: hands.get(p, []) for p in self.players}
            self.gathering.attempt(check_end, held, sum(aces.values()), self.decks, counted=set(counted))
        return ScoredEntry(
            played,
            aces,
            {p: tuple(hands[p]) for p in self.players if p in hands},
            {p: counted[p] for p in self.players if p in counted},
            None if table is None else _melds(table),
        )

    # --- the parts ------------------------------------------------------------------------------------

    def hands(self, value: object, *, every_player: bool = True) -> dict[str, list[Card]]:
        """Each player's cards left (``[]`` for the player who went out), every player's unless
        ``every_player`` is False; errors at ``("hands", player)``."""
        if not isinstance(value, Mapping):
            raise FieldError(
                msg("`hands` gives each player's cards left at the end ([] for none)"),
                field="hands",
                location=("hands",),
            )
        gathering = Gathering()
        hands: dict[str, list[Card]] = {}
        seen: set[str] = set()
        for key, cards in value.items():
            player = gathering.attempt(named, key, self.players, field="hands", location=("hands",), where=msg("hands"))
            if player is None:
                continue
            if player in seen:
                gathering.errors.append(
                    FieldError(
                        msg("{player}'s hand is given twice", player=player), field="hands", location=("hands", player)
                    )
                )
                continue
            seen.add(player)
            read = gathering.attempt(_hand, self.pack, player, cards)
            if read is not None:
                hands[player] = read
            self.ledger.add_all(
                read if read is not None else readable(self.pack, cards),
                msg("{player}'s hand", player=player),
                field="hands",
            )
        missing = [p for p in self.players if p not in seen]
        if every_player and missing:
            gathering.errors.append(
                FieldError(
                    msg("no hand entered for {players} ([] for a player who went out)", players=join(missing)),
                    field="hands",
                    location=("hands",),
                )
            )
        gathering.check()
        return {p: hands[p] for p in self.players if p in hands}

    def counted(self, value: object) -> dict[str, CountedHand]:
        """The hands counted at the table: ``{"Bob": {"left": 3, "could_score": 0}}``; errors at
        ``("counted", player, key)``."""
        if not isinstance(value, Mapping):
            raise FieldError(
                msg("`counted` maps each player whose hand was counted at the table to its `left` and `could_score`"),
                field="counted",
                location=("counted",),
            )
        gathering = Gathering()
        counted: dict[str, CountedHand] = {}
        for key, item in value.items():
            player = gathering.attempt(
                named, key, self.players, field="counted", location=("counted",), where=msg("counted")
            )
            if player is None:
                continue
            if player in counted:
                gathering.errors.append(
                    FieldError(
                        msg("{player}'s hand is given twice", player=player),
                        field="counted",
                        location=("counted", player),
                    )
                )
                continue
            read = gathering.attempt(self._count, player, item)
            if read is not None:
                counted[player] = read
        gathering.check()
        return {p: counted[p] for p in self.players if p in counted}

    def _count(self, player: str, item: object) -> CountedHand:
        at = ("counted", player)
        if not isinstance(item, Mapping) or set(item) - set(COUNTED_KEYS) or "left" not in item:
            raise FieldError(
                msg(
                    "{player}: a counted hand gives `left`, a number of cards, "
                    "and `could_score` if it could still score",
                    player=player,
                ),
                field="counted",
                location=at,
            )
        gathering = Gathering()
        every_card = self.options.penalty == "every_card"
        left = gathering.attempt(_count_of, item["left"], player, every_card)
        could = gathering.attempt(_could_score, item.get("could_score", 0), player)
        gathering.check()
        assert left is not None and could is not None
        if not every_card and left == 0 and could == 0:
            raise FieldError(
                msg(
                    "{player} has no card left over and could score nothing: that is an empty hand. Enter the cards "
                    "left over, or {player} as the one who went out (iceberg-6.3)",
                    player=player,
                ),
                field="counted",
                location=(*at, "left"),
            )
        return CountedHand(left, could)

    def table(self, value: object) -> list[Meld] | None:
        """The final table, every meld legal; None (errors kept) if it cannot be read."""
        melds = self.gathering.attempt(parse_table, value, self.pack)
        if melds is None:
            for number, meld in enumerate(value if isinstance(value, list) else [], start=1):
                self.ledger.add_all(readable(self.pack, meld), table_meld(number), field="table")
            return None
        for number, cards in enumerate(melds, start=1):
            self.ledger.add_all(cards, table_meld(number), field="table")
        table, illegal = read_table(melds, self.decks)
        for number, verdict in illegal:
            reason = verdict.reasons.steps[0]
            self.gathering.errors.append(
                FieldError(
                    msg(
                        "table meld {number} ({cards}) is no legal meld: {reason} ({rule})",
                        number=number,
                        cards=quoted(melds[number - 1]),
                        reason=reason.message,
                        rule=reason.rule,
                    ),
                    field="table",
                    location=("table", number),
                )
            )
        if illegal:
            return None
        if self.options.parallel_melds == "forbidden":
            conflict = table_conflict(table)
            if conflict:
                number, why = conflict
                self.gathering.errors.append(
                    FieldError(
                        msg("{reason} ({rule})", reason=why, rule="iceberg-3.7"),
                        field="table",
                        location=("table", number),
                    )
                )
                return None
        return table

    def numbers(self, data: Mapping[str, Any]) -> tuple[dict[str, int], dict[str, int], bool]:
        """Points in play (multiples of 10) and aces exposed per player (missing = 0), and whether
        both could be read."""
        before = len(self.gathering.errors)
        played = self._numbers(data.get("played"), "played")
        aces = self._numbers(data.get("aces"), "aces")
        return played, aces, len(self.gathering.errors) == before

    def _numbers(self, value: object, name: str) -> dict[str, int]:
        numbers = dict.fromkeys(self.players, 0)
        if value is None:
            return numbers
        if not isinstance(value, Mapping):
            self.gathering.errors.append(
                FieldError(msg("`{field}` gives a number for each player", field=name), field=name, location=(name,))
            )
            return numbers
        for key, number in value.items():
            player = self.gathering.attempt(
                named, key, self.players, field=name, location=(name,), where=NUMBER_FIELDS[name]
            )
            if player is None:
                continue
            read = self.gathering.attempt(_number, number, name, player)
            if read is not None:
                numbers[player] = read
        return numbers

    # --- checks across parts -------------------------------------------------------------------------

    def _named(self, value: object) -> set[str]:
        """The players a mapping's keys name (none when it is no mapping, or a key names nobody)."""
        keys = value if isinstance(value, Mapping) else {}
        return {player for key in keys if (player := find_name(key, self.players)) is not None}

    def _parts(self, read: Any) -> tuple[Any, bool]:
        """What ``read()`` returned (an empty dict after an error, which is kept) and whether it read."""
        value = self.gathering.attempt(read)
        return (value, True) if value is not None else ({}, False)

    def _cards_fit(self) -> bool:
        """No card used more often than the decks hold; every such card reported."""
        errors = self.ledger.errors()
        self.gathering.errors.extend(errors)
        return not errors

    def _table_worth(self, table: list[Meld], played: Mapping[str, int]) -> None:
        worth = sum(meld_points(m) for m in table)
        if sum(played.values()) != worth:
            raise TotalError(
                msg(
                    "the melds on the table are worth {worth} in all, however they were laid; the points entered add "
                    "up to {entered} (enter meld and lay-off points only, aces apart)",
                    worth=worth,
                    entered=sum(played.values()),
                ),
                field="played",
                location=("played",),
            )

    def _aces_held(self, aces: Mapping[str, int], hands: Mapping[str, list[Card]]) -> None:
        held = sum(is_ace(c) for cards in hands.values() for c in cards)
        most = 4 * self.decks
        if sum(aces.values()) + held > most:
            raise TotalError(
                msg_n(
                    "{exposed} aces exposed and {held} in hand: {n} deck hold {most}",
                    "{exposed} aces exposed and {held} in hand: {n} decks hold {most}",
                    self.decks,
                    exposed=sum(aces.values()),
                    held=held,
                    most=most,
                ),
                field="aces",
                location=("aces",),
            )


def check_end(
    hands: Mapping[str, list[Card]], exposed: int, decks: int, *, counted: set[str] | frozenset[str] = frozenset()
) -> None:
    """The deal has ended: one hand empty, or the last ace exposed (iceberg-5.1). ``counted`` players hold
    cards that were counted, not named: never an empty hand."""
    out = [p for p, cards in hands.items() if not cards and p not in counted]
    if len(out) > 1:
        raise FieldError(
            msg(
                "{players} have no cards: the deal ends as soon as one hand is empty (iceberg-5.1)",
                players=join(out),
            ),
            field="hands",
            location=("hands",),
        )
    if not out and exposed < 4 * decks:
        raise FieldError(
            msg(
                "nobody went out and {exposed} of the {most} aces were exposed: a deal ends when a hand "
                "empties or the last ace is exposed (iceberg-5.1)",
                exposed=exposed,
                most=4 * decks,
            ),
            field="hands",
            location=("hands",),
        )


def _hand(pack: Any, player: str, cards: object) -> list[Card]:
    at = ("hands", player)
    if isinstance(cards, list) and len(cards) > MAX_HAND:
        raise _long_hand(player, len(cards))
    hand = parse_at(pack, cards, field="hands", place=msg("{player}'s hand", player=player), location=at)
    if len(hand) > MAX_HAND:
        raise _long_hand(player, len(hand))
    return hand


def _long_hand(player: str, count: int) -> FieldError:
    return FieldError(
        msg("{player}'s hand lists {count} cards; at most {most}", player=player, count=count, most=MAX_HAND),
        field="hands",
        location=("hands", player),
    )


def _number(value: object, name: str, player: str) -> int:
    """A player's points in play (a multiple of 10, iceberg-3, 4.2) or aces exposed."""
    at = (name, player)
    number = _located(as_int, value, name, at, minimum=0)
    if name == "played":
        if number > MAX_POINTS:
            raise TotalError(
                msg("{player}'s {points}: no deal comes near {most}", player=player, points=number, most=MAX_POINTS),
                field=name,
                location=at,
            )
        if number % 10:
            raise TotalError(
                msg(
                    "{player}'s {points}: every meld and lay-off scores a multiple of 10",
                    player=player,
                    points=number,
                ),
                field=name,
                location=at,
            )
    elif number > 8:
        raise TotalError(
            msg("{player} exposed {count} aces: two decks hold 8", player=player, count=number),
            field=name,
            location=at,
        )
    return number


def _count_of(value: object, player: str, every_card: bool) -> int:
    """The cards a counted hand leaves for the penalty: U, or every card in hand with Bower's penalty."""
    at = ("counted", player, "left")
    left = _located(as_int, value, "left", at, minimum=0)
    if left > MAX_HAND:
        raise FieldError(
            msg(
                "{player}: at most {most} cards are left in a hand, not {count}",
                player=player,
                most=MAX_HAND,
                count=left,
            ),
            field="counted",
            location=at,
        )
    if every_card and left == 0:
        raise FieldError(
            msg(
                "{player} did not go out, so holds at least one card: with Bower's penalty every card in hand "
                "counts (iceberg-8.3)",
                player=player,
            ),
            field="counted",
            location=at,
        )
    return left


def _could_score(value: object, player: str) -> int:
    """V*: what the hand could still score, a multiple of 10 like every meld, lay-off and ace (iceberg-6.2)."""
    at = ("counted", player, "could_score")
    points = _located(as_int, value, "could_score", at, minimum=0)
    if points > MAX_POINTS:
        raise TotalError(
            msg("{player}'s {points}: no deal comes near {most}", player=player, points=points, most=MAX_POINTS),
            field="counted",
            location=at,
        )
    if points % 10:
        raise TotalError(
            msg(
                "{player} could score {points}: a hand scores in multiples of 10 (iceberg-6.2)",
                player=player,
                points=points,
            ),
            field="counted",
            location=at,
        )
    return points


def _located(read: Any, value: object, name: str, at: tuple[str, ...], **kwargs: Any) -> int:
    """``read(value, name, …)``, its error placed at ``at`` (the field is the first part of it)."""
    try:
        number: int = read(value, name, **kwargs)
    except InputError as error:
        error.field, error.location = at[0], at
        raise
    return number


def _tuples(hands: Mapping[str, list[Card]]) -> dict[str, tuple[Card, ...]]:
    return {p: tuple(cards) for p, cards in hands.items()}


def _melds(table: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    """The table as an entry holds it: each meld's cards in people's order."""
    return tuple(meld.cards for meld in table)
