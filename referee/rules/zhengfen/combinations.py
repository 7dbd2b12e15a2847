"""Every reading of a set of cards as a Zheng Fen combination (zhengfen-3, zhengfen-4).

A *reading* is one way to see the cards as a combination: its type, key, length, and the rank
each joker counts as. A joker counting as its own rank (SJ or BJ) is not wild; one counting as
any other rank is wild (zhengfen-4.1). Readings are built type by type from the natural cards,
so a play of 18 cards with both jokers is read without trying every joker assignment.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations, product

from referee.cards import SUIT_WORD, SUIT_WORDS, Card
from referee.explain import Step
from referee.messages import Message, msg
from referee.rules.zhengfen.options import DEFAULT_RULES, SPECIALS, TRIO_FORMS, Rules
from referee.rules.zhengfen.values import (
    BIG_JOKER,
    POINT_RANK_INDICES,
    RANK_INDEX,
    RANK_ORDER,
    SMALL_JOKER,
    STANDARD_RANKS,
    TWO,
    rank_of,
    rank_plural,
    rank_word,
    with_article,
)

#: The types in the order of zhengfen-3; a type listed later is preferred when leading (zhengfen-4.5).
TYPES: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "four",
    "pair_sequence",
    "triple_sequence",
    "four_sequence",
    "trio_plus_two",
    "suit_sequence",
    "special",
)
TYPE_CLAUSES: dict[str, str] = {t: f"zhengfen-3.{i}" for i, t in enumerate(TYPES, start=1)}
SEQUENCE_TYPES = frozenset({"pair_sequence", "triple_sequence", "four_sequence", "suit_sequence"})
GROUP_TYPES: dict[int, str] = {2: "pair", 3: "triple", 4: "four"}
GROUP_SEQUENCES: dict[int, str] = {2: "pair_sequence", 3: "triple_sequence", 4: "four_sequence"}
TYPE_NAMES: dict[str, Message] = {
    "single": msg("single"),
    "pair": msg("pair"),
    "triple": msg("triple"),
    "four": msg("four"),
    "pair_sequence": msg("pair sequence"),
    "triple_sequence": msg("triple sequence"),
    "four_sequence": msg("four sequence"),
    "trio_plus_two": msg("trio plus two"),
    "suit_sequence": msg("suit sequence"),
    "special": msg("special"),
}
#: Each type with its article, as a sentence names it: "following a pair", "is neither a pair nor …".
A_TYPE: dict[str, Message] = {
    "single": msg("a single"),
    "pair": msg("a pair"),
    "triple": msg("a triple"),
    "four": msg("a four"),
    "pair_sequence": msg("a pair sequence"),
    "triple_sequence": msg("a triple sequence"),
    "four_sequence": msg("a four sequence"),
    "trio_plus_two": msg("a trio plus two"),
    "suit_sequence": msg("a suit sequence"),
    "special": msg("a special"),
}
SPECIAL_NAMES: dict[str, Message] = {
    "510k_mixed": msg("5-10-K of mixed suits"),
    "510k_suited": msg("5-10-K of one suit"),
    "four_twos": msg("four 2s"),
}
FORM_NAMES: dict[str, Message] = {
    "pair": msg("a pair"),
    "consecutive": msg("two adjacent ranks"),
    "same_suit": msg("two cards of one suit"),
    "point_cards": msg("two point cards"),
}
JOKERS: tuple[str, ...] = ("SJ", "BJ")
_FIVE_TEN_KING = (RANK_INDEX["5"], RANK_INDEX["10"], RANK_INDEX["K"])
_MAX_SUIT_SEQUENCE = len(RANK_ORDER)


@dataclass(frozen=True)
class Reading:
    """One reading of a play.

    ``key`` is a rank index (zhengfen-1.3 order), or for a special its index in ``SPECIALS``.
    ``jokers`` pairs every joker of the play with the rank index it counts as. ``form`` is the
    trio_plus_two form of the two extra cards; ``suit`` the suit of a suit sequence.
    """

    type: str
    key: int
    length: int | None = None
    jokers: tuple[tuple[str, int], ...] = ()
    form: str | None = None
    suit: str | None = None

    @property
    def is_special(self) -> bool:
        return self.type == "special"

    @property
    def key_name(self) -> str:
        return SPECIALS[self.key] if self.is_special else RANK_ORDER[self.key]

    @property
    def wild(self) -> dict[str, str]:
        """The wild jokers and the rank each stands for; a joker at its own rank is not listed."""
        return {j: RANK_ORDER[r] for j, r in self.jokers if r != RANK_INDEX[j]}

    @property
    def low(self) -> int:
        """The lowest rank of a sequence."""
        return self.key - (self.length or 1) + 1

    def identity(self) -> tuple[object, ...]:
        """Readings that differ only in which joker took which rank are one reading."""
        ranks = tuple(sorted(r for _, r in self.jokers))
        return (self.type, self.key, self.length, self.form, self.suit, ranks)

    def strength(self) -> tuple[int, ...]:
        """What decides between two plays of this type (zhengfen-5.3, 5.4)."""
        if self.type in SEQUENCE_TYPES:
            return (self.key, self.length or 0)
        return (self.key,)

    def tiebreak(self) -> tuple[int, ...]:
        """Between readings of equal strength: fewer wild jokers, the earlier trio form, higher stand-ins."""
        ranks = dict(self.jokers)
        form = TRIO_FORMS.index(self.form) if self.form else 0
        return (-len(self.wild), -form, ranks.get("BJ", -1), ranks.get("SJ", -1))

    def preference(self) -> tuple[int, ...]:
        """Leading order (zhengfen-4.5): a special, then the type listed later, the higher key, the longer."""
        return (self.is_special, TYPES.index(self.type), self.key, self.length or 0, *self.tiebreak())

    def describe(self) -> Message:
        """``a pair of 8s``, ``a suit sequence of spades 10–A (5 cards)``."""
        if self.type == "single":
            return msg("a single {rank}", rank=rank_word(self.key))
        if self.type == "pair":
            return msg("a pair of {ranks}", ranks=rank_plural(self.key))
        if self.type == "triple":
            return msg("a triple of {ranks}", ranks=rank_plural(self.key))
        if self.type == "four":
            return msg("a four of {ranks}", ranks=rank_plural(self.key))
        if self.type == "trio_plus_two":
            return msg(
                "a trio of {ranks} plus two ({form})", ranks=rank_plural(self.key), form=FORM_NAMES[self.form or "pair"]
            )
        if self.type == "special":
            return msg("the special {name}", name=SPECIAL_NAMES[self.key_name])
        span = f"{RANK_ORDER[self.low]}–{RANK_ORDER[self.key]}"
        length = self.length or 0
        if self.type == "suit_sequence":
            return msg(
                "a suit sequence of {suit} {span} ({length} cards)",
                suit=SUIT_WORDS[self.suit or "S"],
                span=span,
                length=length,
            )
        if self.type == "pair_sequence":
            return msg("a pair sequence {span} ({length} pairs)", span=span, length=length)
        if self.type == "triple_sequence":
            return msg("a triple sequence {span} ({length} triples)", span=span, length=length)
        return msg("a four sequence {span} ({length} fours)", span=span, length=length)

    @property
    def jokers_swapped(self) -> bool:
        """Whether each joker stands for the other: SJ and BJ read as their two ranks outside a sequence's
        top, where neither may count as itself (zhengfen-4.1, 4.3)."""
        return dict(self.jokers) == {"SJ": BIG_JOKER, "BJ": SMALL_JOKER}

    def joker_notes(self) -> list[Step]:
        """What each joker stands for, with the clause that allows it."""
        if self.jokers_swapped:
            return [
                Step(
                    msg(
                        "{small} stands for a big joker and {big} for a small joker: either joker may stand for "
                        "the other",
                        small="SJ",
                        big="BJ",
                    ),
                    "zhengfen-4.1",
                ),
                Step(
                    msg("a joker counts at its own rank only at the top of a sequence, so here neither is itself"),
                    "zhengfen-4.3",
                ),
            ]
        notes: list[Step] = []
        for joker, rank in self.jokers:
            if self.type == "single":
                notes.append(Step(msg("{joker} alone is its own rank, never wild", joker=joker), "zhengfen-4.4"))
            elif rank == RANK_INDEX[joker] and self.type in SEQUENCE_TYPES:
                if self.type == "suit_sequence" and self.suit:
                    text = msg(
                        "{joker} counts at its own rank at the top of the sequence, as a {suit}",
                        joker=joker,
                        suit=SUIT_WORD[self.suit],
                    )
                else:
                    text = msg("{joker} counts at its own rank at the top of the sequence", joker=joker)
                notes.append(Step(text, "zhengfen-4.3"))
            elif rank == RANK_INDEX[joker]:
                other = next(j for j in JOKERS if j != joker)
                text = msg("{joker} counts at its own rank, the rank {other} stands for", joker=joker, other=other)
                notes.append(Step(text, "zhengfen-4.1"))
            elif self.type == "suit_sequence" and self.suit and rank in STANDARD_RANKS:
                text = msg("{joker} stands for `{card}`", joker=joker, card=f"{RANK_ORDER[rank]}{self.suit}")
                notes.append(Step(text, "zhengfen-4.1"))
            else:
                text = msg("{joker} stands for {rank}", joker=joker, rank=with_article(rank))
                notes.append(Step(text, "zhengfen-4.1"))
        return notes

    def stand_ins(self) -> list[str | Message]:
        """Each wild joker and what it stands for, as a reading's line lists them: ``SJ = 8`` for a
        standard rank, in words for the other joker (``SJ as a big joker``)."""
        return [
            f"{joker} = {RANK_ORDER[rank]}"
            if rank in STANDARD_RANKS
            else msg("{joker} as {rank}", joker=joker, rank=with_article(rank))
            for joker, rank in self.jokers
            if rank != RANK_INDEX[joker]
        ]

    def as_dict(self) -> dict[str, object]:
        """The reading as the API gives it: ``length`` only for sequences, ``form`` only for trios."""
        data: dict[str, object] = {"type": self.type, "key": self.key_name}
        if self.type in SEQUENCE_TYPES:
            data["length"] = self.length
        if self.form is not None:
            data["form"] = self.form
        if self.suit is not None:
            data["suit"] = self.suit
        data["jokers"] = self.wild
        described = self.describe()
        data["text"] = described.render()
        data["message"] = described.as_json()
        data["joker_notes"] = [note.as_dict() for note in self.joker_notes()]
        return data


@dataclass(frozen=True)
class Play:
    """A play split into its natural (standard) cards and its jokers."""

    naturals: tuple[tuple[int, str], ...]
    jokers: tuple[str, ...]

    @cached_property
    def counts(self) -> tuple[int, ...]:
        counts = [0] * len(RANK_ORDER)
        for rank, _ in self.naturals:
            counts[rank] += 1
        return tuple(counts)

    @cached_property
    def ranks(self) -> tuple[int, ...]:
        """The distinct natural ranks, low to high."""
        return tuple(r for r, n in enumerate(self.counts) if n)

    @property
    def size(self) -> int:
        return len(self.naturals) + len(self.jokers)


def _joker_order(pair: tuple[str, int]) -> int:
    return JOKERS.index(pair[0])


def split_play(cards: Iterable[Card]) -> Play:
    naturals: list[tuple[int, str]] = []
    jokers: list[str] = []
    for card in cards:
        if card.is_joker:
            jokers.append(card.rank)
        else:
            naturals.append((rank_of(card), card.suit or ""))
    jokers.sort(key=JOKERS.index)
    return Play(tuple(naturals), tuple(jokers))


def _joker_ranks(rules: Rules) -> dict[str, frozenset[int]]:
    """The ranks each joker may count as: any standard rank, its own, and the other joker's if allowed."""
    own = {"SJ": SMALL_JOKER, "BJ": BIG_JOKER}
    other = {"SJ": BIG_JOKER, "BJ": SMALL_JOKER}
    return {
        j: frozenset(STANDARD_RANKS) | {own[j]} | ({other[j]} if rules.jokers_stand_for_jokers else set())
        for j in JOKERS
    }


_ALLOWED: dict[str, dict[str, frozenset[int]]] = {
    rules.wild_range: _joker_ranks(rules) for rules in (Rules.of(), Rules.of({"wild_range": "standard_only"}))
}


def readings(cards: Sequence[Card], rules: Rules = DEFAULT_RULES) -> list[Reading]:
    """Every reading of ``cards``, the one preferred when leading first (zhengfen-4.5)."""
    play = split_play(cards)
    size = play.size
    allowed = _ALLOWED[rules.wild_range]
    found: list[Reading] = []
    if size == 1:
        found.append(_single(cards[0]))
    elif size in GROUP_TYPES:
        found.extend(_groups(play, GROUP_TYPES[size], allowed))
    for group, least in ((2, 3), (3, rules.triple_four_sequence_min), (4, rules.triple_four_sequence_min)):
        if size % group == 0 and size // group >= max(least, 2):
            found.extend(group_sequences(play, group, allowed))
    if size == 5 and rules.trio_forms:
        found.extend(_trios(play, rules.trio_forms, rules.wild_range))
    if 5 <= size <= _MAX_SUIT_SEQUENCE:
        found.extend(suit_sequences(play, allowed))
    found.extend(_specials(play, rules.specials))
    kept: dict[tuple[object, ...], Reading] = {}
    for reading in found:
        same = kept.get(reading.identity())
        if same is None or reading.tiebreak() > same.tiebreak():
            kept[reading.identity()] = reading
    return sorted(kept.values(), key=Reading.preference, reverse=True)


def _single(card: Card) -> Reading:
    rank = rank_of(card)
    return Reading("single", rank, jokers=((card.rank, rank),) if card.is_joker else ())


def _groups(play: Play, kind: str, allowed: dict[str, frozenset[int]]) -> list[Reading]:
    """Pair, triple, four: all natural cards of one rank, the jokers standing for it (or anything)."""
    if len(play.ranks) > 1:
        return []
    if play.ranks:
        rank = play.ranks[0]
        return [Reading(kind, rank, jokers=tuple((j, rank) for j in play.jokers))]
    common = frozenset.intersection(*(allowed[j] for j in play.jokers))
    return [Reading(kind, rank, jokers=tuple((j, rank) for j in play.jokers)) for rank in sorted(common)]


def _ranges(play: Play, length: int) -> Iterable[tuple[int, int]]:
    """Every run of ``length`` consecutive ranks holding all the natural ranks; no wrap (zhengfen-1.3)."""
    lowest, highest = play.ranks[0], play.ranks[-1]
    for top in range(max(highest, length - 1), min(lowest + length - 1, BIG_JOKER) + 1):
        yield top - length + 1, top


def _assign(
    jokers: tuple[str, ...], slots: list[int], allowed: dict[str, frozenset[int]]
) -> list[tuple[tuple[str, int], ...]]:
    """Ways to put the jokers on the missing ranks ``slots`` (as many slots as jokers)."""
    if not jokers:
        return [()]
    if len(jokers) == 1:
        return [((jokers[0], slots[0]),)] if slots[0] in allowed[jokers[0]] else []
    first, second = jokers
    ways = {(a, b) for a, b in ((slots[0], slots[1]), (slots[1], slots[0]))}
    return [((first, a), (second, b)) for a, b in sorted(ways) if a in allowed[first] and b in allowed[second]]


def group_sequences(play: Play, group: int, allowed: dict[str, frozenset[int]]) -> list[Reading]:
    """Pair, triple and four sequences (zhengfen-3.5 to 3.7); the caller checks the fewest groups."""
    if not play.ranks or any(n > group for n in play.counts):
        return []
    length = play.size // group
    found = []
    for low, top in _ranges(play, length):
        slots = [r for r in range(low, top + 1) for _ in range(group - play.counts[r])]
        for jokers in _assign(play.jokers, slots, allowed):
            found.append(Reading(GROUP_SEQUENCES[group], top, length, jokers))
    return found


def suit_sequences(play: Play, allowed: dict[str, frozenset[int]]) -> list[Reading]:
    """5 or more cards of one suit in consecutive ranks; a joker takes the sequence's suit (zhengfen-3.9, 4.3)."""
    suits = {s for _, s in play.naturals}
    if len(suits) != 1 or any(n > 1 for n in play.counts):
        return []
    suit = suits.pop()
    found = []
    for low, top in _ranges(play, play.size):
        slots = [r for r in range(low, top + 1) if not play.counts[r]]
        for jokers in _assign(play.jokers, slots, allowed):
            found.append(Reading("suit_sequence", top, play.size, jokers, suit=suit))
    return found


def _trios(play: Play, forms: tuple[str, ...], wild_range: str) -> list[Reading]:
    """Three of one rank plus two cards not of that rank in one of the forms (zhengfen-3.8).

    The two extra cards never affect strength, so one reading is kept per trio rank and form:
    the one with the fewest wild jokers (then the highest stand-ins).
    """
    best: dict[tuple[int, str], Reading] = {}
    for trio in play.ranks:
        need = 3 - play.counts[trio]
        if need < 0 or need > len(play.jokers):
            continue
        extras = [(r, s) for r, s in play.naturals if r != trio]
        for in_trio in combinations(play.jokers, need):
            spare = tuple(j for j in play.jokers if j not in in_trio)
            for form in forms:
                extra_jokers = _extras(form, extras, spare, trio, wild_range)
                if extra_jokers is None:
                    continue
                jokers = tuple(sorted([*((j, trio) for j in in_trio), *extra_jokers], key=_joker_order))
                reading = Reading("trio_plus_two", trio, jokers=jokers, form=form)
                held = best.get((trio, form))
                if held is None or reading.tiebreak() > held.tiebreak():
                    best[(trio, form)] = reading
    return list(best.values())


#: A card among the two extras: its rank, and its suit — a suit letter for a natural card,
#: ``*`` for a wild joker standing for a standard card (it takes whichever suit it needs),
#: ``None`` for a card at a joker's rank, which has no suit.
_Extra = tuple[int, str | None]


@cache
def _stand_ins(spare: tuple[str, ...], trio: int, wild_range: str) -> tuple[tuple[int, ...], ...]:
    """The ranks the spare jokers may take among the extras, best first: fewest wild, then highest.

    Outside the top of a sequence (zhengfen-4.3) a joker keeps its own rank only when the other
    joker stands for that rank beside it (a pair of big jokers, as ``SJ BJ`` is, zhengfen-4.1).
    """
    allowed = _ALLOWED[wild_range]
    ways = [
        ranks for ranks in product(*(sorted(allowed[j] - {trio}) for j in spare)) if _own_ranks_paired(spare, ranks)
    ]

    def order(ranks: tuple[int, ...]) -> tuple[int, ...]:
        wild = sum(r != RANK_INDEX[j] for j, r in zip(spare, ranks, strict=True))
        return (-wild, *reversed(ranks))

    return tuple(sorted(ways, key=order, reverse=True))


def _own_ranks_paired(jokers: tuple[str, ...], ranks: tuple[int, ...]) -> bool:
    """Whether every joker at its own rank has the other joker standing for that rank too."""
    return all(rank != RANK_INDEX[joker] or ranks.count(rank) == 2 for joker, rank in zip(jokers, ranks, strict=True))


def _extras(
    form: str,
    naturals: list[tuple[int, str]],
    spare: tuple[str, ...],
    trio: int,
    wild_range: str,
) -> tuple[tuple[str, int], ...] | None:
    """The best joker assignment that makes the two extra cards a ``form``, or ``None``."""
    fixed: list[_Extra] = [(r, s) for r, s in naturals]
    for ranks in _stand_ins(spare, trio, wild_range):
        cards = fixed + [(r, "*" if r in STANDARD_RANKS else None) for r in ranks]
        if _fits(form, cards[0], cards[1]):
            return tuple(zip(spare, ranks, strict=True))
    return None


def _fits(form: str, a: _Extra, b: _Extra) -> bool:
    (rank_a, suit_a), (rank_b, suit_b) = a, b
    if form == "pair":
        return rank_a == rank_b
    if form == "consecutive":
        return abs(rank_a - rank_b) == 1
    if form == "point_cards":
        return rank_a in POINT_RANK_INDICES and rank_b in POINT_RANK_INDICES
    if suit_a is None or suit_b is None:
        return False
    if "*" in (suit_a, suit_b):
        return rank_a != rank_b
    return suit_a == suit_b


def _specials(play: Play, specials: tuple[str, ...]) -> list[Reading]:
    """5-10-K and the four 2s, never with a joker (zhengfen-3.10, 4.4)."""
    if play.jokers or not specials:
        return []
    kind = None
    ranks = tuple(sorted(r for r, _ in play.naturals))
    suits = {s for _, s in play.naturals}
    if ranks == _FIVE_TEN_KING:
        kind = "510k_suited" if len(suits) == 1 else "510k_mixed"
    elif ranks == (TWO,) * 4 and len(suits) == 4:
        kind = "four_twos"
    if kind is None or kind not in specials:
        return []
    return [Reading("special", SPECIALS.index(kind))]
