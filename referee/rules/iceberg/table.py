"""Reading melds given as the table, and the two-deck rule on parallel melds (iceberg-3.7, 9.5)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card, Pack
from referee.errors import FieldError, InputError
from referee.rules.iceberg.deck import RANK_INDEX
from referee.rules.iceberg.melds import Meld, MeldVerdict, classify_meld, rank_plural

#: More melds than two decks could ever make is no table.
MAX_MELDS = 40


def parse_table(value: object, pack: Pack, *, field: str = "table") -> list[list[Card]]:
    """A list of melds, each a list of cards or one string of cards; errors name the meld."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(f"`{field}` must be a list of melds, each a list of cards", field=field)
    if len(value) > MAX_MELDS:
        raise FieldError(f"`{field}` lists {len(value)} melds; two decks make at most {MAX_MELDS}", field=field)
    melds = []
    for number, meld in enumerate(value, start=1):
        try:
            melds.append(pack.parse(meld, field=f"{field} meld {number}"))
        except InputError as error:
            error.field = field
            raise
    return melds


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


def parallel_conflict(table: Sequence[Meld], meld: Meld, added: Sequence[Card], index: int | None) -> str | None:
    """Why laying ``added`` (a new ``meld``, or cards on ``table[index]`` making ``meld``) breaks
    ``parallel_melds = forbidden``: a second set of a melded rank, or a run card on a rank that
    another run of its suit already holds (iceberg-3.7). None if it does not.
    """
    others = [m for i, m in enumerate(table) if i != index]
    if meld.kind in ("pair", "set"):
        if index is None and any(m.kind in ("pair", "set") and m.rank == meld.rank for m in others):
            return f"a second set of {rank_plural(meld.rank)} is not allowed: lay them on the first"
        return None
    if meld.kind != "run":
        return None
    for card in added:
        position = RANK_INDEX[card.rank]
        for other in others:
            if other.kind == "run" and other.suit == meld.suit and other.span[0] <= position <= other.span[1]:
                return f"`{card}` would make {meld.label()} overlap {other.label()}"
    return None


def table_conflict(table: Sequence[Meld]) -> str | None:
    """The first pair of melds on a final table that ``parallel_melds = forbidden`` rules out."""
    for index, meld in enumerate(table):
        earlier = list(table[:index])
        found = parallel_conflict(earlier, meld, meld.cards, None)
        if found:
            return found
    return None
