"""Reading melds given as the table, and the two-deck rule on parallel melds (iceberg-3.7, 9.5)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card, Pack
from referee.errors import FieldError, Gathering
from referee.messages import Message, msg
from referee.rules.iceberg.deck import RANK_INDEX, parse_at
from referee.rules.iceberg.melds import Meld, MeldVerdict, classify_meld

#: More melds than two decks could ever make is no table.
MAX_MELDS = 40


def parse_table(value: object, pack: Pack) -> list[list[Card]]:
    """A list of melds, each a list of cards or one string of cards; errors, every bad meld's at once, are
    located at the meld: ``("table", 3)``, and a card's position after it."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(
            msg("`table` must be a list of melds, each a list of cards"), field="table", location=("table",)
        )
    if len(value) > MAX_MELDS:
        raise FieldError(
            msg("`table` lists {count} melds; two decks make at most {most}", count=len(value), most=MAX_MELDS),
            field="table",
            location=("table",),
        )
    gathering = Gathering()
    melds = [
        gathering.attempt(
            parse_at, pack, meld, field=f"table meld {number}", place=table_meld(number), location=("table", number)
        )
        for number, meld in enumerate(value, start=1)
    ]
    gathering.check()
    return [meld for meld in melds if meld is not None]


def table_meld(number: int) -> Message:
    """``table meld 3``: where a card of the table was given."""
    return msg("table meld {number}", number=number)


def read_table(melds: Sequence[Sequence[Card]], decks: int) -> tuple[list[Meld], list[tuple[int, MeldVerdict]]]:
    """The legal melds, and the verdicts (with their 1-based numbers) of those that are not."""
    table: list[Meld] = []
    illegal: list[tuple[int, MeldVerdict]] = []
    for number, cards in enumerate(melds, start=1):
        verdict = classify_meld(cards, decks)
        if verdict.meld is None:
            illegal.append((number, verdict))
        else:
            table.append(verdict.meld)
    return table, illegal


def parallel_conflict(table: Sequence[Meld], meld: Meld, added: Sequence[Card], index: int | None) -> Message | None:
    """Why laying ``added`` (a new ``meld``, or cards on ``table[index]`` making ``meld``) breaks
    ``parallel_melds = forbidden``: a second set of a melded rank, or a run card on a rank that
    another run of its suit already holds (iceberg-3.7). None if it does not.
    """
    others = [m for i, m in enumerate(table) if i != index]
    if meld.kind in ("pair", "set"):
        if index is None and any(m.kind in ("pair", "set") and m.rank == meld.rank for m in others):
            return msg("a second set of {rank}s is not allowed: lay them on the first", rank=meld.rank)
        return None
    if meld.kind != "run":
        return None
    for card in added:
        position = RANK_INDEX[card.rank]
        for other in others:
            if other.kind == "run" and other.suit == meld.suit and other.span[0] <= position <= other.span[1]:
                return msg(
                    "`{card}` would make {meld} overlap {other}", card=str(card), meld=meld.label(), other=other.label()
                )
    return None


def table_conflict(table: Sequence[Meld]) -> tuple[int, Message] | None:
    """The first meld of a final table (its number, from 1) that ``parallel_melds = forbidden`` rules
    out beside an earlier one, and why."""
    for index, meld in enumerate(table):
        earlier = list(table[:index])
        found = parallel_conflict(earlier, meld, meld.cards, None)
        if found:
            return index + 1, found
    return None
