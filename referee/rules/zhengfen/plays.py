"""What a play is, and whether it beats the top play (zhengfen-4.5, 5.2 to 5.4, 9.2, 9.3).

:func:`classify` answers the referee's "What is this combination?" and :func:`beats` "Does this
beat that?"; both list every reading and say how each joker was read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from referee.cards import Card, check_copies, format_cards
from referee.errors import FieldError
from referee.explain import Explanation, Judgement
from referee.messages import Join, Message, Param, join, msg
from referee.rules.zhengfen.combinations import (
    A_TYPE,
    FORM_NAMES,
    GROUP_SEQUENCES,
    GROUP_TYPES,
    TYPE_CLAUSES,
    TYPE_NAMES,
    TYPES,
    Play,
    Reading,
    group_sequences,
    readings,
    split_play,
    suit_sequences,
)
from referee.rules.zhengfen.options import OPTIONS, SPECIALS, TRIO_FORMS, Rules, rules_from
from referee.rules.zhengfen.values import (
    POINT_RANK_INDICES,
    RANK_INDEX,
    RANK_ORDER,
    TWO,
    ZHENGFEN_PACK,
    card_points,
    rank_plural,
)

#: How many readings an explanation names one by one; the answer's ``readings`` lists them all.
_LISTED = 6


@dataclass(frozen=True)
class Declaration:
    """The reading a player declares for their play: a type, optionally its key and length."""

    type: str
    key: str | None = None
    length: int | None = None

    def matches(self, reading: Reading) -> bool:
        return (
            reading.type == self.type
            and (self.key is None or reading.key_name == self.key)
            and (self.length is None or reading.length == self.length)
        )

    def describe(self) -> Message:
        kind = TYPE_NAMES[self.type]
        if self.key is not None and self.length is not None:
            return msg("{type} {key} of length {length}", type=kind, key=self.key, length=self.length)
        if self.key is not None:
            return msg("{type} {key}", type=kind, key=self.key)
        if self.length is not None:
            return msg("{type} of length {length}", type=kind, length=self.length)
        return kind


@dataclass
class Classification(Judgement):
    """A play read as a combination: ``reading`` is the recorded one, ``None`` if it is none (illegal)."""

    cards: tuple[Card, ...]
    readings: list[Reading]
    reading: Reading | None

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)

    def as_dict(self) -> dict[str, Any]:
        """The API answer of ``classify``."""
        read = self.reading.as_dict() if self.reading is not None else {}
        return self.answer(**read, readings=[r.as_dict() for r in self.readings], points=self.points)


@dataclass
class Verdict(Judgement):
    """Whether ``play`` beats ``current`` (legal when it does); ``recorded`` is the play's reading the
    next player must beat."""

    current: Classification
    play: Classification
    recorded: Reading | None = None

    @property
    def beats(self) -> bool:
        return self.legal

    def as_dict(self) -> dict[str, Any]:
        """The API answer of ``beats``."""
        data: dict[str, Any] = {"beats": self.beats, "combination": self.play.legal}
        if self.current.reading is not None:
            data["current"] = self.current.reading.as_dict()
        shown = self.recorded or self.play.reading
        if shown is not None:
            data["play"] = shown.as_dict()
        return self.answer(**data, play_readings=[r.as_dict() for r in self.play.readings])


def _check(cards: Sequence[Card], place: str) -> None:
    """Each card of the pack at most once (zhengfen-9.1); raises an InputError."""
    check_copies(ZHENGFEN_PACK, [(cards, place)])


def _type_rule(reading: Reading, rules: Rules) -> Message:
    least = rules.triple_four_sequence_min
    if reading.type == "triple_sequence":
        return msg("{least} or more triples of consecutive ranks; key the top rank", least=least)
    if reading.type == "four_sequence":
        return msg("{least} or more fours of consecutive ranks; key the top rank", least=least)
    return _TYPE_RULES[reading.type]


_TYPE_RULES: dict[str, Message] = {
    "single": msg("any one card; key its rank"),
    "pair": msg("2 cards of one rank"),
    "triple": msg("3 cards of one rank"),
    "four": msg("4 cards of one rank, an ordinary type that beats only a lower four"),
    "pair_sequence": msg("3 or more pairs of consecutive ranks; key the top rank"),
    "trio_plus_two": msg("3 cards of one rank plus 2 others; key the trio's rank, the extra cards never count"),
    "suit_sequence": msg("5 or more cards of one suit in consecutive ranks; key the top rank"),
    "special": msg("5-10-K of mixed suits < 5-10-K of one suit < four 2s, no jokers"),
}


def _explain_reading(explanation: Explanation, cards: Sequence[Card], reading: Reading, rules: Rules) -> None:
    explanation.add(
        msg(
            "`{cards}` is {reading}: {rule}",
            cards=format_cards(cards),
            reading=reading.describe(),
            rule=_type_rule(reading, rules),
        ),
        TYPE_CLAUSES[reading.type],
    )
    explanation.extend(reading.joker_notes())


def _explain_choice(
    explanation: Explanation, found: list[Reading], chosen: Reading, declared: Declaration | None
) -> None:
    if len(found) > 1:
        named = _reading_lines(found)
        if len(found) > _LISTED:
            line = msg(
                "{count} readings: {named}; and {more} more", count=len(found), named=named, more=len(found) - _LISTED
            )
        else:
            line = msg("{count} readings: {named}", count=len(found), named=named)
        explanation.add(line, "zhengfen-4.5")
    if declared is not None:
        explanation.add(
            msg(
                "the player declares {declared}: {reading} is recorded",
                declared=declared.describe(),
                reading=chosen.describe(),
            ),
            "zhengfen-4.5",
        )
    elif len(found) > 1:
        explanation.add(
            msg(
                "leading, {reading} is recorded: a special first, then the type listed later, "
                "then the higher key, then the longer",
                reading=chosen.describe(),
            ),
            "zhengfen-4.5",
        )


def _reading_lines(found: list[Reading]) -> Join:
    """The first readings, one after the other: "a pair of 8s with SJ = 8; …"."""
    return join((_reading_line(r) for r in found[:_LISTED]), "; ")


def _reading_line(reading: Reading) -> Message | Join:
    return _with_stand_ins(reading.describe(), reading.stand_ins())


def _with_stand_ins(described: Message | Join, stand_ins: Sequence[str | Message]) -> Message | Join:
    """A reading (or groups of cards) followed by what its wild jokers stand for, if any."""
    if not stand_ins:
        return described
    return msg("{reading} with {stands}", reading=described, stands=join(stand_ins, ", "))


def _explain_points(explanation: Explanation, cards: Sequence[Card], reading: Reading | None) -> None:
    scoring = [c for c in cards if card_points(c)]
    if scoring:
        total = sum(card_points(c) for c in scoring)
        explanation.add(
            msg("card points in the play: `{cards}` = {total}", cards=format_cards(scoring), total=total),
            "zhengfen-2.1",
        )
    if reading is not None and any(RANK_INDEX.get(r) in POINT_RANK_INDICES for r in reading.wild.values()):
        explanation.add(msg("a joker standing for a 5, 10 or K still scores 0"), "zhengfen-2.2")


def classify(
    cards: Sequence[Card],
    options: Rules | Mapping[str, Any] | None = None,
    *,
    declared: Declaration | None = None,
) -> Classification:
    """What combination ``cards`` are, with every reading; ``declared`` picks the reading recorded.

    Raises an InputError for a card given twice or not in the pack (zhengfen-9.1).
    """
    rules = rules_from(options)
    cards = tuple(cards)
    _check(cards, "cards")
    found = readings(cards, rules)
    reasons = Explanation()
    if not found:
        _explain_illegal(reasons, cards, rules)
        return Classification.refusal(reasons, cards=cards, readings=[], reading=None)
    chosen = found[0]
    if declared is not None:
        matching = [r for r in found if declared.matches(r)]
        if not matching:
            reasons.add(
                msg(
                    "`{cards}` cannot be read as {declared}; its readings: {named}",
                    cards=format_cards(cards),
                    declared=declared.describe(),
                    named=_reading_lines(found),
                ),
                "zhengfen-4.5",
            )
            return Classification.refusal(reasons, cards=cards, readings=found, reading=None)
        chosen = matching[0]
    explanation = Explanation()
    _explain_reading(explanation, cards, chosen, rules)
    _explain_choice(explanation, found, chosen, declared)
    _explain_points(explanation, cards, chosen)
    return Classification(cards, found, chosen, explanation=explanation)


# --- why cards are no combination ---------------------------------------------------------------


def _possible_types(size: int, rules: Rules) -> list[Message]:
    """The names of the types that could hold ``size`` cards under ``rules``."""
    least = rules.triple_four_sequence_min
    names: list[Message] = []
    if size == 2:
        names.append(A_TYPE["pair"])
    if size == 3:
        names += [A_TYPE["pair"], A_TYPE["triple"]]
        if {"510k_mixed", "510k_suited"} & set(rules.specials):
            names.append(msg("a 5-10-K"))
    if size == 4:
        names.append(A_TYPE["four"])
    if size == 5 and rules.trio_forms:
        names.append(A_TYPE["trio_plus_two"])
    if size >= 6 and size % 2 == 0:
        names.append(A_TYPE["pair_sequence"])
    if size % 3 == 0 and size // 3 >= least:
        names.append(A_TYPE["triple_sequence"])
    if size % 4 == 0 and size // 4 >= least:
        names.append(A_TYPE["four_sequence"])
    if 5 <= size <= len(RANK_ORDER):
        names.append(A_TYPE["suit_sequence"])
    return names


def _no_combination(cards: Sequence[Card], names: list[Message]) -> Message:
    """Why ``cards`` are no combination: the types their number of cards could have been."""
    shown = format_cards(cards)
    if not names:
        return msg(
            "no combination: `{cards}` fits no type: no combination has {size} cards", cards=shown, size=len(cards)
        )
    if len(names) == 1:
        return msg("no combination: `{cards}` is not {type}", cards=shown, type=names[0])
    if len(names) == 2:
        return msg(
            "no combination: `{cards}` is neither {first} nor {second}", cards=shown, first=names[0], second=names[1]
        )
    return msg(
        "no combination: `{cards}` is none of {types} or {last}", cards=shown, types=join(names[:-1]), last=names[-1]
    )


_PERMISSIVE: dict[str, Any] = {
    "trio_forms": list(TRIO_FORMS),
    "specials": list(SPECIALS),
    "wild_range": "any_card",
    "triple_four_sequence_min": 2,
}


def _rank_groups(play: Play) -> tuple[Reading, ...]:
    """The cards as two or more groups of one rank each, every one a pair, a triple or a four
    (zhengfen-3.2 to 3.4) with the jokers standing in (zhengfen-4.1); empty when they are not.

    Groups of one size come first (they are what a sequence of those groups would need).
    """
    if len(play.ranks) < 2:
        return ()
    ways = []
    for ranks in product(play.ranks, repeat=len(play.jokers)):
        counts = {rank: play.counts[rank] + ranks.count(rank) for rank in play.ranks}
        if all(2 <= n <= 4 for n in counts.values()):
            ways.append((len(set(counts.values())), ranks, counts))
    if not ways:
        return ()
    _, ranks, counts = min(ways, key=lambda way: way[0])
    return tuple(
        Reading(
            GROUP_TYPES[counts[rank]],
            rank,
            jokers=tuple((joker, stood) for joker, stood in zip(play.jokers, ranks, strict=True) if stood == rank),
        )
        for rank in play.ranks
    )


def _explain_groups(reasons: Explanation, cards: Sequence[Card], groups: Sequence[Reading]) -> None:
    """Cards that are several groups of one rank: what each group is, and why together they are no
    sequence when their ranks are not consecutive."""
    shown = _with_stand_ins(
        _listed([group.describe() for group in groups]),
        [stand_in for group in groups for stand_in in group.stand_ins()],
    )
    reasons.add(
        msg(
            "no combination: `{cards}` is {groups}, each a combination on its own but not one play together",
            cards=format_cards(cards),
            groups=shown,
        ),
        "zhengfen-9.2",
    )
    ranks = [group.key for group in groups]
    wraps = ranks[0] == 0 and TWO in ranks  # said by the hint that sequences do not wrap
    if len({group.type for group in groups}) == 1 and ranks[-1] - ranks[0] != len(ranks) - 1 and not wraps:
        sequence = GROUP_SEQUENCES[len(cards) // len(groups)]
        reasons.add(
            msg(
                "{ranks} are not consecutive: {type} takes groups of consecutive ranks",
                ranks=_listed([RANK_ORDER[rank] for rank in ranks]),
                type=A_TYPE[sequence],
            ),
            TYPE_CLAUSES[sequence],
        )


def _listed(items: Sequence[Param]) -> Message:
    """Two or more items as a sentence lists them: "3, 5 and 7"."""
    return msg("{items} and {last}", items=join(items[:-1]), last=items[-1])


def _explain_illegal(reasons: Explanation, cards: Sequence[Card], rules: Rules) -> None:
    size = len(cards)
    play = split_play(cards)
    groups = _rank_groups(play)
    if groups:
        _explain_groups(reasons, cards, groups)
    else:
        reasons.add(_no_combination(cards, _possible_types(size, rules)), "zhengfen-9.2")
    _hint_sequences(reasons, play, rules)
    _hint_trio(reasons, play, rules)
    if play.jokers and size == 3 and {r for r, _ in play.naturals} <= POINT_RANK_INDICES:
        reasons.add(msg("jokers are never part of a special: a 5-10-K is three natural cards"), "zhengfen-4.4")
    _hint_options(reasons, cards, rules)


def _hint_sequences(reasons: Explanation, play: Play, rules: Rules) -> None:
    allowed = _ALL_RANKS
    size = play.size
    if not play.ranks:
        return
    for group, least, clause in (
        (2, 3, "zhengfen-3.5"),
        (3, rules.triple_four_sequence_min, "zhengfen-3.6"),
        (4, rules.triple_four_sequence_min, "zhengfen-3.7"),
    ):
        if size % group == 0 and size // group == 2 < least and group_sequences(play, group, allowed):
            reasons.add(_too_short(group, size // group, least), clause)
    if size >= 4 and play.ranks[0] == 0 and TWO in play.ranks:
        reasons.add(msg("2 and 3 are not consecutive: sequences do not wrap"), "zhengfen-1.3")
    if size >= 5 and len({s for _, s in play.naturals}) > 1:
        one_suit = replace(play, naturals=tuple((r, "S") for r, _ in play.naturals))
        if suit_sequences(one_suit, allowed):
            reasons.add(msg("a straight of mixed suits is not a combination"), "zhengfen-3.9")


def _too_short(group: int, groups: int, least: int) -> Message:
    if group == 2:
        return msg("only {groups} pairs: a sequence needs {least} or more", groups=groups, least=least)
    if group == 3:
        return msg("only {groups} triples: a sequence needs {least} or more", groups=groups, least=least)
    return msg("only {groups} fours: a sequence needs {least} or more", groups=groups, least=least)


def _hint_trio(reasons: Explanation, play: Play, rules: Rules) -> None:
    if play.size != 5 or not rules.trio_forms:
        return
    for trio in play.ranks:
        if 0 <= 3 - play.counts[trio] <= len(play.jokers):
            others = " ".join(f"{RANK_ORDER[r]}{s}" for r, s in play.naturals if r != trio)
            forms = join(FORM_NAMES[f] for f in rules.trio_forms)
            if others:
                line = msg(
                    "besides a trio of {ranks}, `{others}` are none of: {forms}",
                    ranks=rank_plural(trio),
                    others=others,
                    forms=forms,
                )
            else:
                line = msg(
                    "besides a trio of {ranks}, the other cards are none of: {forms}",
                    ranks=rank_plural(trio),
                    forms=forms,
                )
            reasons.add(line, "zhengfen-3.8")
            return


def _hint_options(reasons: Explanation, cards: Sequence[Card], rules: Rules) -> None:
    for option in OPTIONS:
        if option.id not in _PERMISSIVE:
            continue
        permissive = option.typed(_PERMISSIVE[option.id])
        if getattr(rules, option.id) == permissive:
            continue
        found = readings(cards, replace(rules, **{option.id: permissive}))
        if found:
            reasons.add(
                msg(
                    "with the house rule `{option}` set otherwise it would be {reading}",
                    option=option.id,
                    reading=found[0].describe(),
                ),
                _hint_clause(option.id, option.clause, found[0]),
            )


def _hint_clause(option_id: str, clause: str, reading: Reading) -> str:
    """The clause the option changes for ``reading``: the fewest fours is zhengfen-3.7, not 3.6."""
    return TYPE_CLAUSES[reading.type] if option_id == "triple_four_sequence_min" else clause


_ALL_RANKS = {j: frozenset(range(len(RANK_ORDER))) for j in ("SJ", "BJ")}


# --- beating the top play ----------------------------------------------------------------------


def _beat_order(reading: Reading) -> tuple[int, ...]:
    """Among the readings that beat: a special above any other type, then the stronger (zhengfen-4.5)."""
    return (reading.is_special, *reading.strength(), *reading.tiebreak())


def _compare_text(play: Reading, current: Reading) -> Message:
    if play.type in GROUP_SEQUENCES.values() or play.type == "suit_sequence":
        if play.key != current.key:
            return msg("top {top} against top {other}", top=RANK_ORDER[play.key], other=RANK_ORDER[current.key])
        return msg(
            "same top {top}, length {length} against {other}",
            top=RANK_ORDER[play.key],
            length=play.length or 0,
            other=current.length or 0,
        )
    if play.is_special:
        return msg(
            "{key} against {other} (510k_mixed < 510k_suited < four_twos)", key=play.key_name, other=current.key_name
        )
    return msg("key {key} against {other}", key=play.key_name, other=current.key_name)


def beats(
    current: Sequence[Card],
    play: Sequence[Card],
    options: Rules | Mapping[str, Any] | None = None,
    *,
    declared: Declaration | None = None,
    current_declared: Declaration | None = None,
) -> Verdict:
    """Does ``play`` beat the top play ``current``?

    ``current`` counts as its recorded reading: ``current_declared`` if given, else its preferred
    reading. Only the play's readings of that type and specials count; the strongest that beats
    is recorded unless the player declares one (zhengfen-4.5). Raises an InputError for a card
    given twice within a play or not in the pack (zhengfen-9.1); that the two plays share no
    card is the request's concern, so a play can be compared with itself.
    """
    rules = rules_from(options)
    current, play = tuple(current), tuple(play)
    top = classify(current, rules, declared=current_declared)
    mine = classify(play, rules)
    verdict = Verdict(top, mine)

    def refuse(text: Message, rule: str) -> Verdict:
        verdict.fault(text, rule)
        return verdict

    if top.reading is None:
        verdict.fault(
            msg("the top play `{cards}` must itself be a combination", cards=format_cards(current)), "zhengfen-9.3"
        )
        verdict.include(top)  # an illegal play's explanation is its reasons
        return verdict
    cur = top.reading
    verdict.step(
        msg("top play `{cards}`: {reading}", cards=format_cards(current), reading=_reading_line(cur)),
        TYPE_CLAUSES[cur.type],
    )
    if not mine.readings:
        verdict.include(mine)
        return verdict
    if cur.is_special:
        counting = [r for r in mine.readings if r.is_special]
        verdict.step(msg("after a special only a stronger special may follow"), "zhengfen-5.4")
    else:
        counting = [r for r in mine.readings if r.type == cur.type or r.is_special]
        verdict.step(
            msg("following {type}, only readings as {type} and specials count", type=A_TYPE[cur.type]),
            "zhengfen-4.5",
        )
    if declared is not None:
        counting = [r for r in counting if declared.matches(r)]
        if not counting:
            return refuse(
                msg(
                    "`{cards}` declared as {declared} has no reading that may follow {current}",
                    cards=format_cards(play),
                    declared=declared.describe(),
                    current=cur.describe(),
                ),
                "zhengfen-5.2",
            )
    winning = [r for r in counting if _stronger(r, cur)]
    if winning:
        chosen = max(winning, key=_beat_order)
        if chosen.is_special and not cur.is_special:
            verdict.step(
                msg(
                    "{reading} is a special and beats {current}", reading=_reading_line(chosen), current=cur.describe()
                ),
                "zhengfen-5.4",
            )
        else:
            verdict.step(
                msg(
                    "{reading} beats {current}: {compare}",
                    reading=_reading_line(chosen),
                    current=cur.describe(),
                    compare=_compare_text(chosen, cur),
                ),
                "zhengfen-5.3",
            )
        if declared is not None:
            recorded = msg(
                "recorded for the next player to beat: {reading} (declared by the player)", reading=chosen.describe()
            )
        else:
            recorded = msg(
                "recorded for the next player to beat: {reading} (the strongest reading that beats)",
                reading=chosen.describe(),
            )
        verdict.step(recorded, "zhengfen-4.5")
        verdict.recorded = chosen
        return verdict
    if not counting:
        kind = mine.readings[0].type
        if cur.is_special:
            return refuse(
                msg("a `{kind}` is no special and cannot follow {current}", kind=kind, current=cur.describe()),
                "zhengfen-5.4",
            )
        return refuse(msg("a `{kind}` cannot follow a `{current}`", kind=kind, current=cur.type), "zhengfen-5.2")
    best = max(counting, key=_beat_order)
    if best.strength() == cur.strength() and best.type == cur.type:
        if cur.is_special:
            return refuse(
                msg(
                    "{reading} ties with {current}: specials of the same kind tie",
                    reading=best.describe(),
                    current=cur.describe(),
                ),
                "zhengfen-5.4",
            )
        verdict.fault(
            msg(
                "{reading} only equals {current}: equal strength never beats",
                reading=_reading_line(best),
                current=cur.describe(),
            ),
            "zhengfen-5.3",
        )
        if best.wild or cur.wild:
            verdict.fault(
                msg("a wild joker does not weaken a play: natural cards never beat an equal wild play"), "zhengfen-4.2"
            )
        return verdict
    rule = "zhengfen-5.4" if cur.is_special else "zhengfen-5.3"
    return refuse(
        msg(
            "{reading} is lower than {current}: {compare}",
            reading=_reading_line(best),
            current=cur.describe(),
            compare=_compare_text(best, cur),
        ),
        rule,
    )


def _stronger(reading: Reading, current: Reading) -> bool:
    if reading.is_special:
        return not current.is_special or reading.key > current.key
    return reading.type == current.type and reading.strength() > current.strength()


def parse_declaration(value: object, field: str) -> Declaration | None:
    """A declared reading as the API takes it: ``{"type": "four", "key": "2", "length": 3}``."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise FieldError(
            msg('`{field}` is an object such as {{"type": "pair", "key": "8"}}', field=field),
            field=field,
            location=(field,),
        )
    kind = value.get("type")
    if kind not in TYPES:
        listed = join(f"`{t}`" for t in TYPES)
        raise FieldError(
            msg("`{field}.type` is one of {types}", field=field, types=listed), field=field, location=(field, "type")
        )
    key = value.get("key")
    if key is not None:
        if not isinstance(key, str):
            raise FieldError(
                msg('`{field}.key` is a rank such as "8" or a special\'s name', field=field),
                field=field,
                location=(field, "key"),
            )
        key = key.strip().upper() if kind != "special" else key.strip().lower()
        key = "10" if key == "T" else key
        if key not in (SPECIALS if kind == "special" else RANK_ORDER):
            raise FieldError(
                msg(
                    "`{field}.key` `{key}` is no key of a {type}",
                    field=field,
                    key=str(value.get("key")),
                    type=TYPE_NAMES[kind],
                ),
                field=field,
                location=(field, "key"),
            )
    length = value.get("length")
    if length is not None and (isinstance(length, bool) or not isinstance(length, int)):
        raise FieldError(
            msg("`{field}.length` is a whole number", field=field), field=field, location=(field, "length")
        )
    return Declaration(kind, key, length)
