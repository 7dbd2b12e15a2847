"""Export an evening (JSON: everything needed to rebuild it, revisions included; CSV: the sheets and
the standings) or a group (JSON: its persons and every evening), and import the JSON as a new
evening or group with fresh links."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any, TypeGuard

from sqlalchemy import bindparam, insert, inspect, select
from sqlalchemy.orm import Mapper, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from referee.errors import FieldError, InputError
from referee.messages import Message, msg
from referee.rules.game import DealEntryError, MatchResult, MatchSetup
from referee.rules.registry import get_game
from referee.rules.seating import name_key
from referee.rules.standings import DEFAULT_SCHEME, SCHEMES
from referee.web.presentation.standings import evening_standings
from referee.web.services.limits import (
    MAX_DEALS_PER_MATCH,
    MAX_MATCHES_PER_EVENING,
    MAX_STORED_INT,
    deals_full,
    group_full,
    in_future,
    matches_full,
    utc_naive,
)
from referee.web.services.names import MAX_EVENING_NAME, MAX_PLAYER_NAME, name_problem, names_problem
from referee.web.services.scoring import scored_all, store
from referee.web.store.db import db
from referee.web.store.models import Deal, Evening, Group, Match, Person, Player, Revision

FORMAT = "table-referee/evening"
#: Version 1 throughout: fields are only ever added (``placing`` came with groups; without it the default).
FORMAT_VERSION = 1
GROUP_FORMAT = "table-referee/group"
GROUP_FORMAT_VERSION = 1

#: What one deal takes in an export at most, as measured: its entry and its revisions (the entry
#: again, twice more for a correction) come to 0.7 KB for Iceberg totals entered once and about
#: 2.5 KB for an Iceberg play log corrected once.
EXPORTED_DEAL_BYTES = 2560
#: The largest evening file ``/import`` reads: an evening at the limits (MAX_MATCHES_PER_EVENING
#: matches of MAX_DEALS_PER_MATCH deals, each corrected once) exports within it, so every export
#: imports again. A larger file is refused at the field.
MAX_IMPORT_BYTES = MAX_MATCHES_PER_EVENING * MAX_DEALS_PER_MATCH * EXPORTED_DEAL_BYTES
#: The largest group file ``/import`` reads: six years of weekly evenings of ten matches (a group file
#: takes about 30 to 60 KB per such evening). Its reading is bounded by it: a group's evenings are
#: each checked by their games again, which takes about a second per ten evenings.
MAX_GROUP_IMPORT_BYTES = 20 * 1024 * 1024
#: What ``/import`` reads at most before it knows what the file is.
MAX_UPLOAD_BYTES = max(MAX_IMPORT_BYTES, MAX_GROUP_IMPORT_BYTES)


def _time(value: datetime) -> str:
    """A stored time (UTC, kept without its offset) written with its offset, so no reader guesses."""
    return value.replace(tzinfo=UTC).isoformat(timespec="microseconds")


def export_evening(evening: Evening) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "evening": {
            "name": evening.name,
            "created_at": _time(evening.created_at),
            "players": evening.player_names,
            "placing": evening.placing,
        },
        "matches": [
            {
                "game": match.game,
                "seats": list(match.seats),
                "first_dealer": match.first_dealer,
                "options": match.options,
                "roles": match.roles,
                "created_at": _time(match.created_at),
                "version": match.version,
                "deals": [
                    {
                        "number": deal.number,
                        "entry": deal.entry,
                        "created_at": _time(deal.created_at),
                        "updated_at": _time(deal.updated_at),
                        "version": deal.version,
                    }
                    for deal in match.deals
                ],
                "revisions": [
                    {
                        "number": revision.number,
                        "action": revision.action,
                        "before": revision.before,
                        "after": revision.after,
                        "note": revision.note,
                        "created_at": _time(revision.created_at),
                        "author": revision.author,
                        "scores_before": revision.scores_before,
                        "scores_after": revision.scores_after,
                    }
                    for revision in match.revisions
                ],
            }
            for match in evening.matches
        ],
    }


def export_group(group: Group) -> dict[str, Any]:
    """The group, its persons and every evening of it (each as :func:`export_evening` writes it)."""
    return {
        "format": GROUP_FORMAT,
        "version": GROUP_FORMAT_VERSION,
        "group": {
            "name": group.name,
            "created_at": _time(group.created_at),
            "persons": [person.name for person in group.persons],
        },
        "evenings": [
            export_evening(evening) for evening in db.session.scalars(_GROUP_EVENINGS, {"group_id": group.id})
        ],
    }


#: A group's evenings in the order played, with all an export writes of them loaded in a query per table.
_GROUP_EVENINGS = (
    select(Evening)
    .where(Evening.group_id == bindparam("group_id"))
    .order_by(Evening.created_at, Evening.id)
    .options(
        selectinload(Evening.players),
        selectinload(Evening.matches).selectinload(Match.deals),
        selectinload(Evening.matches).selectinload(Match.revisions),
    )
)


#: What makes a spreadsheet read a cell as a formula (or a DDE command) rather than as text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Numbers, and the ``=2`` of a shared place in the standings: a spreadsheet can only read them as numbers.
_NUMBER = re.compile(r"[+=-]?\d+(\.\d+)?")


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as typed: text that would start a formula gets a leading ``'``.

    Numbers stay numbers (``-300`` is a score, ``=2`` a shared place), and so does the lone ``-``
    of a zero mark.
    """
    if not isinstance(value, str) or value == "-" or _NUMBER.fullmatch(value):
        return value
    return "'" + value if value.startswith(_FORMULA_START) else value


class _SafeWriter:
    """``csv.writer`` whose every cell goes through :func:`safe_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])


def sheets_csv(evening: Evening) -> str:
    """Every match's sheet, one row per side and deal, then the bonus and the total."""
    out = io.StringIO()
    writer = _SafeWriter(out)
    writer.writerow(["match", "game", "deal", "dealer", "side", "score", "mark", "running total"])
    results: list[tuple[Match, MatchResult]] = []
    for number, (match, result) in enumerate(zip(evening.matches, scored_all(evening.matches), strict=True), start=1):
        game = get_game(match.game)
        results.append((match, result))
        name = str(game.name) if game else match.game
        for deal, running in zip(result.deals, result.running, strict=True):
            for side in result.sides:
                writer.writerow(
                    [
                        number,
                        name,
                        deal.number,
                        deal.dealer,
                        side.name,
                        deal.scores.get(side.name, 0),
                        deal.mark(side.name),
                        running[side.name],
                    ]
                )
        for side in result.sides:
            if result.bonus.get(side.name):
                writer.writerow([number, name, "bonus", "", side.name, result.bonus[side.name], "", ""])
        for side in result.sides:
            mark = "winner" if result.winner == side.name else ("draw" if result.drawn else "")
            writer.writerow([number, name, "total", "", side.name, result.totals[side.name], mark, ""])
    _standings_rows(writer, evening, results)
    return out.getvalue()


def _standings_rows(writer: Any, evening: Evening, scored: list[tuple[Match, MatchResult]]) -> None:
    """After the sheets: each placing earned (``deal`` is "placing"), then the standings ("standing")."""
    table = evening_standings(evening, scored)
    numbers = {match.id: (number, match.game) for number, (match, _result) in enumerate(scored, start=1)}
    for row in table.players:
        so_far = Fraction(0)
        for earned in row.earned:
            number, slug = numbers[earned.match]
            game = get_game(slug)
            so_far += earned.points
            place = f"{'=' if earned.tied else ''}{earned.place}"
            name = str(game.name) if game else slug
            writer.writerow([number, name, "placing", "", row.name, _decimal(earned.points), place, _decimal(so_far)])
    for row in table.players:
        place = f"{'=' if row.tied else ''}{row.place}"
        writer.writerow(["", table.scheme.label, "standing", "", row.name, _decimal(row.points), place, row.won])


def _decimal(points: Fraction) -> str:
    """Placing points for a spreadsheet: ``2``, ``1.5``, ``0.33``."""
    return str(points.numerator) if points.denominator == 1 else f"{float(points):.2f}".rstrip("0")


# --- import ----------------------------------------------------------------------------------------


#: Where in the file a problem is: a key path (``evening.players``) or a message (``match 2, deal 3``).
Where = str | Message


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: Where) -> Any:
    value = data.get(key) if isinstance(data, Mapping) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise FieldError(msg("{where}.{key} is missing or of the wrong type", where=where, key=key), field="file")
    if isinstance(value, int) and kind is int and not 0 <= value <= MAX_STORED_INT:
        raise FieldError(
            msg("{where}.{key} is out of range (0 to {limit})", where=where, key=key, limit=MAX_STORED_INT),
            field="file",
        )
    return value


def _parse_time(value: object, where: Where) -> datetime:
    """An exported time, stored as UTC; a time in the future (beyond clock slack) is refused.

    A time whose offset takes it past the calendar's ends in UTC (``0001-01-01T00:00:00+05:00``) is no
    time that can be stored: it is refused as one that is not a date and time.
    """
    try:
        moment = utc_naive(datetime.fromisoformat(str(value)))
    except (ValueError, OverflowError) as error:
        raise FieldError(msg("{where} is not a date and time", where=where), field="file") from error
    if in_future(moment):
        raise FieldError(msg("{where} is in the future ({value})", where=where, value=str(value)), field="file")
    return moment


def _at(where: Where, problem: Message | str) -> FieldError:
    """``problem`` found at ``where`` in the file."""
    return FieldError(msg("{where}: {problem}", where=where, problem=problem), field="file")


def _text(value: object, where: Where, limit: int) -> str:
    text = str(value)
    problem = name_problem(text, limit)
    if problem:
        raise _at(where, problem)
    return text


def _scores(value: object, where: Where) -> dict[str, int] | None:
    """A revision's points of its deal (side → points), or None; anything else is refused."""
    if value is None:
        return None
    if isinstance(value, Mapping) and all(
        isinstance(side, str)
        and isinstance(points, int)
        and not isinstance(points, bool)
        and abs(points) <= MAX_STORED_INT
        for side, points in value.items()
    ):
        return dict(value)
    raise FieldError(msg("{where}: its points are not sides with whole numbers", where=where), field="file")


def _refuse_other_versions(data: Mapping[str, Any], file_format: str) -> None:
    """Refuse a file of a format version other than the one this app reads of its format (an evening's or a
    group's). A version is a whole number: ``1.0``, ``true`` or ``"1"`` is none."""
    readable = FORMAT_VERSION if file_format == FORMAT else GROUP_FORMAT_VERSION
    version = data.get("version")
    if type(version) is int and version == readable:
        return
    if file_format == FORMAT:
        refusal = msg(
            "this export is of format version {version}; this app reads version {readable}",
            version=repr(version),
            readable=readable,
        )
    else:
        refusal = msg(
            "this export is of group format version {version}; this app reads version {readable}",
            version=repr(version),
            readable=readable,
        )
    raise FieldError(refusal, field="file")


def is_group_file(data: object) -> TypeGuard[Mapping[str, Any]]:
    return isinstance(data, Mapping) and data.get("format") == GROUP_FORMAT


def import_file(data: object) -> Evening | Group:
    """Rebuild an exported evening or group under new links.

    ``data`` is a file as :func:`referee.web.http.jsonin.decode_json` read it: bounded, and without a
    NUL or a lone surrogate in any text.
    """
    if is_group_file(data):
        return import_group(data)
    return import_evening(data)


def import_group(data: Mapping[str, Any]) -> Group:
    """Rebuild an exported group with its persons and evenings. Every entry is checked by its game again.

    The group's limits are checked before any evening is read (the counts the file gives) and again
    once its players are linked to persons; its rows are then written in bulk, a statement per table.
    """
    _refuse_other_versions(data, GROUP_FORMAT)
    info = _get(data, "group", Mapping, "file")
    persons = _get(info, "persons", list, "group")
    exported = _get(data, "evenings", list, "file")
    _refuse_full_group(len(exported), len(persons))
    if not all(isinstance(p, str) and p.strip() for p in persons):
        raise FieldError(msg("group.persons must be names"), field="file")
    problem = names_problem(persons)
    if problem:
        raise _at("group.persons", problem)
    group = Group(
        name=_text(_get(info, "name", str, "group")[:MAX_EVENING_NAME], "group.name", MAX_EVENING_NAME) or "Group",
        created_at=_parse_time(info.get("created_at"), "group.created_at"),
        persons=[Person(name=name) for name in persons],
    )
    by_name = {name_key(person.name): person for person in group.persons}
    evenings = []
    for index, raw in enumerate(exported, start=1):
        try:
            evening = _evening_of(raw)
        except FieldError as error:
            raise _at(msg("evening {number}", number=index), error.msg) from error
        for player in evening.players:
            if name_key(player.name) not in by_name:
                by_name[name_key(player.name)] = Person(group=group, name=player.name)
        evenings.append(evening)
    _refuse_full_group(len(evenings), len(group.persons))
    db.session.add(group)
    db.session.flush()
    _insert_evenings(group, evenings, by_name)
    db.session.commit()
    return group


def _refuse_full_group(evenings: int, persons: int) -> None:
    problem = group_full(evenings, persons)
    if problem:
        raise FieldError(
            msg("the file holds {count} evenings: {problem}", count=evenings, problem=problem), field="file"
        )


def _columns(row: object, model: type, **values: object) -> dict[str, Any]:
    """The column values an unsaved object was given (its id and defaults left to the insert), with ``values``."""
    mapper: Mapper[Any] = inspect(model)
    given = {column.key: getattr(row, column.key) for column in mapper.column_attrs if column.key in vars(row)}
    return {key: value for key, value in given.items() if key != "id"} | values


def _insert_evenings(group: Group, evenings: Sequence[Evening], persons: Mapping[str, Person]) -> None:
    """Write the evenings read from a group file, with their players, matches, deals and revisions, in bulk.

    The objects are those :func:`_evening_of` built, never added to the session: a group of years holds
    tens of thousands of rows, which the session would track one by one.
    """
    if not evenings:  # an insert of no rows would be one of a row without values
        return
    evening_ids = db.session.scalars(
        insert(Evening).returning(Evening.id, sort_by_parameter_order=True),
        [_columns(evening, Evening, group_id=group.id) for evening in evenings],
    ).all()
    players, matches = [], []
    for evening_id, evening in zip(evening_ids, evenings, strict=True):
        for player in evening.players:
            person = persons[name_key(player.name)]
            players.append(_columns(player, Player, evening_id=evening_id, person_id=person.id))
        matches += [(evening_id, match) for match in evening.matches]
    db.session.execute(insert(Player), players)
    if not matches:
        return
    match_ids = db.session.scalars(
        insert(Match).returning(Match.id, sort_by_parameter_order=True),
        [_columns(match, Match, evening_id=evening_id) for evening_id, match in matches],
    ).all()
    deals = [
        _columns(deal, Deal, match_id=match_id)
        for match_id, (_evening, match) in zip(match_ids, matches, strict=True)
        for deal in match.deals
    ]
    revisions = [
        _columns(revision, Revision, match_id=match_id)
        for match_id, (_evening, match) in zip(match_ids, matches, strict=True)
        for revision in match.revisions
    ]
    if deals:
        db.session.execute(insert(Deal), deals)
    if revisions:
        db.session.execute(insert(Revision), revisions)


def import_evening(data: object) -> Evening:
    """Rebuild an exported evening under new links. Every entry is checked by its game again."""
    evening = _evening_of(data)
    _write_in_bulk(evening)
    db.session.commit()
    return evening


#: The columns of the rows :func:`_write_in_bulk` inserts many at once.
_DEAL_COLUMNS = ("number", "entry", "created_at", "updated_at", "version", "result", "rules_version")
_REVISION_COLUMNS = (
    "number",
    "action",
    "before",
    "after",
    "note",
    "created_at",
    "author",
    "scores_before",
    "scores_after",
)


def _write_in_bulk(evening: Evening) -> None:
    """Add a new evening to the session: the evening, its players and matches as objects, then every
    deal and every revision of the evening in one multi-row insert each, not one tracked object each
    (an evening at the limits holds 3 000 deals and twice as many revisions)."""
    held = []
    for match in evening.matches:
        held.append((match, list(match.deals), list(match.revisions)))
        # Taken out of the matches without an event: the session never tracks them.
        set_committed_value(match, "deals", [])
        set_committed_value(match, "revisions", [])
    db.session.add(evening)
    db.session.flush()
    deals = [
        {"match_id": match.id, **{name: getattr(deal, name) for name in _DEAL_COLUMNS}}
        for match, match_deals, _ in held
        for deal in match_deals
    ]
    revisions = [
        {"match_id": match.id, **{name: getattr(revision, name) for name in _REVISION_COLUMNS}}
        for match, _, match_revisions in held
        for revision in match_revisions
    ]
    if deals:
        db.session.execute(insert(Deal), deals)
    if revisions:
        db.session.execute(insert(Revision), revisions)
    for match, _, _ in held:
        db.session.expire(match, ["deals", "revisions"])


def _evening_of(data: object) -> Evening:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise FieldError(msg("this file is not an evening exported by Table Referee"), field="file")
    _refuse_other_versions(data, FORMAT)
    info = _get(data, "evening", Mapping, "file")
    players = _get(info, "players", list, "evening")
    if not all(isinstance(p, str) and p.strip() and len(p) <= MAX_PLAYER_NAME for p in players):
        raise FieldError(
            msg("evening.players must be names of at most {limit} characters", limit=MAX_PLAYER_NAME), field="file"
        )
    problem = names_problem(players)
    if problem:
        raise _at("evening.players", problem)
    matches = _get(data, "matches", list, "file")
    full = matches_full(len(matches) - 1)
    if full:
        raise FieldError(
            msg("the file holds {count} matches: {problem}", count=len(matches), problem=full), field="file"
        )
    placing = info.get("placing", DEFAULT_SCHEME)
    if placing not in SCHEMES:
        raise FieldError(msg("evening.placing must be one of {schemes}", schemes=", ".join(SCHEMES)), field="file")
    evening = Evening(
        name=_text(_get(info, "name", str, "evening")[:MAX_EVENING_NAME], "evening.name", MAX_EVENING_NAME),
        created_at=_parse_time(info.get("created_at"), "evening.created_at"),
        players=[Player(name=name, position=i) for i, name in enumerate(players)],
        placing=placing,
    )
    for index, raw in enumerate(matches, start=1):
        evening.matches.append(_import_match(raw, players, msg("match {number}", number=index)))
    return evening


def _import_match(raw: object, players: list[str], where: Message) -> Match:
    if not isinstance(raw, Mapping):
        raise FieldError(msg("{where} is not an object", where=where), field="file")
    game = get_game(str(raw.get("game")))
    if game is None:
        raise FieldError(
            msg("{where} is of an unknown game {game}", where=where, game=repr(raw.get("game"))), field="file"
        )
    seats = list(game.check_players(_get(raw, "seats", list, where)))
    if any(s not in players for s in seats):
        raise FieldError(msg("{where} seats a player who is not in the evening", where=where), field="file")
    first_dealer = _get(raw, "first_dealer", int, where)
    if not 0 <= first_dealer < len(seats):
        raise FieldError(msg("{where}.first_dealer is not a seat", where=where), field="file")
    setup = MatchSetup(
        tuple(seats), first_dealer, game.parse_options(raw.get("options")), game.parse_roles(raw.get("roles"))
    )
    match = Match(
        game=game.slug,
        seats=seats,
        first_dealer=first_dealer,
        options=dict(setup.options),
        roles=dict(setup.roles),
        created_at=_parse_time(raw.get("created_at"), msg("{where}.created_at", where=where)),
        version=_get(raw, "version", int, where),
    )
    deals = _get(raw, "deals", list, where)
    full = deals_full(len(deals) - 1)
    if full:
        raise FieldError(
            msg("{where} holds {count} deals: {problem}", where=where, count=len(deals), problem=full), field="file"
        )
    for number, deal in enumerate(deals, start=1):
        at_deal = msg("{where} deal {number}", where=where, number=number)
        if not isinstance(deal, Mapping) or deal.get("number") != number:
            raise FieldError(
                msg("{where}: deal {number} is missing or out of order", where=where, number=number), field="file"
            )
        match.deals.append(
            Deal(
                number=number,
                created_at=_parse_time(deal.get("created_at"), at_deal),
                updated_at=_parse_time(deal.get("updated_at"), at_deal),
                version=_get(deal, "version", int, at_deal),
            )
        )
    try:
        entries, results = game.read_deals(setup, [deal.get("entry") for deal in deals])
    except DealEntryError as error:
        raise _at(msg("{where}, deal {number}", where=where, number=error.number), error.msg) from error
    except InputError as error:
        raise _at(where, error.msg) from error
    for deal, entry in zip(match.deals, entries, strict=True):
        deal.entry = entry
    store(match.deals, results)
    at_revision = msg("{where} revision", where=where)
    for revision in _get(raw, "revisions", list, where):
        if not isinstance(revision, Mapping) or revision.get("action") not in ("add", "edit", "undo"):
            raise FieldError(msg("{where} has a revision that is not add, edit or undo", where=where), field="file")
        match.revisions.append(
            Revision(
                number=_get(revision, "number", int, at_revision),
                action=revision["action"],
                before=revision.get("before"),
                after=revision.get("after"),
                note=_text(revision.get("note", ""), at_revision, 2000),
                created_at=_parse_time(revision.get("created_at"), at_revision),
                author=_text(revision.get("author", ""), at_revision, 80),
                scores_before=_scores(revision.get("scores_before"), at_revision),
                scores_after=_scores(revision.get("scores_after"), at_revision),
            )
        )
    return match
