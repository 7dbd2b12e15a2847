"""What a correction changed, in words: "Ann, pak 3: `4C` → `3D`", and the scores it moved.

A deal's entry is a tree of JSON values (a game's own fields, players' names, lists of cards). Two
entries are compared leaf by leaf; each difference is named by its path, read with the words of
:data:`FIELD_WORDS` (the entry fields the games use) and the players' names, and a list of cards
says which cards went and which came. Nothing here knows a game: a game whose entry uses a field not
listed is still described, by the field's own name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_NAMES, SUIT_WORDS, SUITS, card_tokens, parse_card
from referee.errors import InputError
from referee.messages import Message, Param, join, msg

FIELD_WORDS: dict[str, Message] = {
    "paks": msg("paks"),
    "thrown_off": msg("thrown off"),
    "makers": msg("makers"),
    "trump": msg("trump"),
    "turn_up": msg("turned-up card"),
    "points": msg("points"),
    "melds": msg("melds"),
    "meld_cards": msg("meld cards"),
    "bell": msg("bell"),
    "layout": msg("coffin"),
    "order": msg("finishing order"),
    "captured": msg("captured cards"),
    "hand": msg("hand"),
    "hands": msg("hands"),
    "table": msg("table melds"),
    "played": msg("points played"),
    "aces": msg("aces"),
    "log": msg("play log"),
    "mode": msg("way of entry"),
    "held": msg("paks held"),
    "kept": msg("points kept"),
    **{SUIT_NAMES[suit]: SUIT_WORDS[suit] for suit in SUITS},
    "round": msg("round"),
    "filled": msg("filled in"),
    "claim": msg("claim"),
}
"""The entry fields of the games, as a player names them."""

ITEM_WORDS: dict[str, Message] = {
    "paks": msg("pak {n}"),
    "thrown_off": msg("pak {n}"),
    "melds": msg("meld {n}"),
    "table": msg("table meld {n}"),
    "layout": msg("row {n}"),
    "log": msg("play {n}"),
    "order": msg("place {n}"),
}
"""One numbered item of a list field: "pak 3", "play 5"."""


@dataclass(frozen=True)
class Change:
    """One difference between two entries: where (a path of keys and indices), what it was, what it is."""

    path: tuple[str | int, ...]
    before: Any
    after: Any


def entry_changes(before: Any, after: Any, path: tuple[str | int, ...] = ()) -> list[Change]:
    """Every difference between two entries, leaf by leaf; a list of plain values counts as one leaf."""
    if before == after:
        return []
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        found: list[Change] = []
        for key in [*before, *(k for k in after if k not in before)]:
            found.extend(entry_changes(before.get(key), after.get(key), (*path, str(key))))
        return found
    if _is_list(before) and _is_list(after) and not (_is_plain_list(before) and _is_plain_list(after)):
        found = []
        for index in range(max(len(before), len(after))):
            old = before[index] if index < len(before) else None
            new = after[index] if index < len(after) else None
            found.extend(entry_changes(old, new, (*path, index)))
        return found
    return [Change(path, before, after)]


#: Where an entry keeps the items a side claimed: ``claim.items.<side>.<item>``.
CLAIM_ITEMS = ("claim", "items")


def describe_change(change: Change, item_words: Mapping[str, Param] | None = None) -> Message:
    """``Ann, pak 3: `4C` → `3D```; a list of cards as what went and what came.

    ``item_words`` name the items a claim may give (the game's): ``claim, Ann, hearts: 60 → 50``.
    """
    where = join(_path_words(change.path, item_words or {}), ", ") if change.path else msg("the entry")
    if _is_plain_list(change.before) and _is_plain_list(change.after):
        gone = list((Counter(map(str, change.before)) - Counter(map(str, change.after))).elements())
        came = list((Counter(map(str, change.after)) - Counter(map(str, change.before))).elements())
        if not (gone or came):  # the same values in another order: the order is what changed
            gone, came = [str(v) for v in change.before], [str(v) for v in change.after]
        return msg("{where}: {before} → {after}", where=where, before=_values(gone), after=_values(came))
    if change.before is None:
        return msg("{where}: {after} added", where=where, after=_value(change.after))
    if change.after is None:
        return msg("{where}: {before} removed", where=where, before=_value(change.before))
    return msg("{where}: {before} → {after}", where=where, before=_value(change.before), after=_value(change.after))


def describe_scores(before: Mapping[str, int] | None, after: Mapping[str, int] | None) -> Param | None:
    """``Ann & Cat 45 → 48; Bob & Dan 30 → 27``: the sides whose points the change moved (None if none)."""
    before, after = before or {}, after or {}
    moved = [
        msg("{side} {before} → {after}", side=side, before=_points(before.get(side)), after=_points(after.get(side)))
        for side in [*before, *(s for s in after if s not in before)]
        if before.get(side) != after.get(side)
    ]
    return join(moved, "; ") if moved else None


def _path_words(path: tuple[str | int, ...], item_words: Mapping[str, Param]) -> list[Param]:
    """The path as words: a field whose items are numbered is named by its item ("pak 3"), not twice;
    a claimed item by the claim, the side and the item's word."""
    if path[:2] == CLAIM_ITEMS and len(path) == 4:
        side, item = path[2], str(path[3])
        return [FIELD_WORDS["claim"], side, item_words.get(item, item)]
    field = next((part for part in path if isinstance(part, str) and part in ITEM_WORDS), None)
    numbered = field is not None and any(isinstance(part, int) for part in path)
    words: list[Param] = []
    for part in path:
        if isinstance(part, int):
            word = ITEM_WORDS.get(field or "")
            words.append(Message(word.id, (("n", part + 1),)) if word else msg("no. {n}", n=part + 1))
        elif not (numbered and part == field):
            words.append(FIELD_WORDS.get(part, part))
    return words


def _value(value: Any) -> Param:
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if value is None or value == "" or value == []:
        return msg("nothing")
    if isinstance(value, int | float):
        return value
    if _is_plain_list(value):
        return _values([str(v) for v in value])
    if isinstance(value, Mapping | list):
        return _values([str(v) for v in value])
    return _card_or_text(str(value))


def _values(values: Sequence[str]) -> Param:
    return join([_card_or_text(v) for v in values], " ") if values else msg("nothing")


def _card_or_text(text: str) -> str:
    """Cards (one, or a group such as a pak ``9H 5H``) go in backticks: pages show them with suit signs."""
    tokens = card_tokens(text)
    try:
        for token in tokens:
            parse_card(token)
    except InputError:
        return text
    return f"`{' '.join(tokens)}`" if tokens else text


def _points(value: int | None) -> Param:
    return msg("nothing") if value is None else value


def _is_list(value: Any) -> bool:
    return isinstance(value, list | tuple)


def _is_plain_list(value: Any) -> bool:
    return _is_list(value) and all(not isinstance(v, Mapping | list | tuple) for v in value)
