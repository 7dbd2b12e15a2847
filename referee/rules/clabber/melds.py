"""Melds and the bell: what a hand holds, and whose meld scores across the table (clabber-6, 7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.cards import SUIT_WORDS, SUITS, Card
from referee.errors import FieldError
from referee.explain import Explanation, Judgement
from referee.messages import Message, Param, join, msg
from referee.rules.clabber.values import SEQUENCE_ORDER, Table, sequence_strength

#: Strongest first (clabber-6.1).
MELD_KINDS: tuple[str, ...] = (
    "mule",
    "four_nines",
    "four_aces",
    "four_tens",
    "four_kings",
    "four_queens",
    "hundred",
    "fifty",
    "dad",
)
MELD_POINTS = {
    "mule": 200,
    "four_nines": 100,
    "four_aces": 100,
    "four_tens": 100,
    "four_kings": 100,
    "four_queens": 100,
    "hundred": 100,
    "fifty": 50,
    "dad": 20,
}
#: Short names for explanations: "fifty (row 8) beats dad (row 9)".
MELD_NAMES: dict[str, Message] = {
    "mule": msg("mule (four jacks)"),
    "four_nines": msg("four 9s"),
    "four_aces": msg("four aces"),
    "four_tens": msg("four 10s"),
    "four_kings": msg("four kings"),
    "four_queens": msg("four queens"),
    "hundred": msg("hundred"),
    "fifty": msg("fifty"),
    "dad": msg("dad"),
}
#: A sequence kind in the plural: "both are fifties".
SEQUENCE_PLURALS: dict[str, Message] = {"hundred": msg("hundreds"), "fifty": msg("fifties"), "dad": msg("dads")}
#: Labels for a form or a rule card.
MELD_LABELS: dict[str, Message] = {
    "mule": msg("Mule (four jacks)"),
    "four_nines": msg("Four 9s"),
    "four_aces": msg("Four aces"),
    "four_tens": msg("Four 10s"),
    "four_kings": msg("Four kings"),
    "four_queens": msg("Four queens"),
    "hundred": msg("Hundred (sequence of 5 or 6)"),
    "fifty": msg("Fifty (sequence of 4)"),
    "dad": msg("Dad (sequence of 3)"),
}
FOURS = {"J": "mule", "9": "four_nines", "A": "four_aces", "10": "four_tens", "K": "four_kings", "Q": "four_queens"}
SEQUENCE_KINDS = ("hundred", "fifty", "dad")
BELL = 20
SCOPES = ("best_meld_only", "team_all_melds")


def meld_kinds_for(players: int) -> tuple[str, ...]:
    """The melds a hand can hold in the variant: with 6 players a hand of 4 cards holds no hundred (clabber-10.3)."""
    if players == 6:
        return tuple(kind for kind in MELD_KINDS if kind != "hundred")
    return MELD_KINDS


def row(kind: str) -> int:
    """1 for the mule … 9 for the dad (clabber-6.1)."""
    return MELD_KINDS.index(kind) + 1


def sequence_kind(length: int) -> str:
    """A sequence of 3 is a dad, of 4 a fifty, of 5 or 6 a hundred (clabber-6.1, 6.2)."""
    if length >= 5:
        return "hundred"
    return "fifty" if length == 4 else "dad"


@dataclass(frozen=True)
class Meld:
    """One meld; a sequence's cards run from its top card down."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return MELD_POINTS[self.kind]

    @property
    def row(self) -> int:
        return row(self.kind)

    @property
    def is_sequence(self) -> bool:
        return self.kind in SEQUENCE_KINDS

    @property
    def suit(self) -> str | None:
        return self.cards[0].suit if self.is_sequence else None

    @property
    def top(self) -> Card | None:
        return self.cards[0] if self.is_sequence else None

    def key(self, trump: str) -> tuple[int, int, int]:
        """Larger is stronger: row first, then the top card, then trump over plain (clabber-6.4, 6.5)."""
        if self.top is None:
            return (-self.row, 0, 0)
        return (-self.row, sequence_strength(self.top), int(self.suit == trump))

    def describe(self, trump: str) -> Message:
        """``fifty K-Q-J-10 of hearts (trump)``, ``four aces``."""
        if not self.is_sequence:
            return MELD_NAMES[self.kind]
        ranks = "-".join(c.rank for c in self.cards)
        suit = self.suit or ""
        if suit == trump:
            return msg(
                "{kind} {ranks} of {suit} (trump)", kind=MELD_NAMES[self.kind], ranks=ranks, suit=SUIT_WORDS[suit]
            )
        return msg("{kind} {ranks} of {suit}", kind=MELD_NAMES[self.kind], ranks=ranks, suit=SUIT_WORDS[suit])

    def scored(self, trump: str) -> Message:
        """``fifty K-Q-J-10 of hearts, 50``: the meld and its points."""
        return meld_points_text(self.describe(trump), self.points)


def meld_points_text(meld: Message, points: int) -> Message:
    return msg("{meld}, {points}", meld=meld, points=points)


def compare_melds(a: Meld, b: Meld, trump: str) -> int:
    """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 for a dead tie (equal plain sequences)."""
    ka, kb = a.key(trump), b.key(trump)
    return (ka > kb) - (ka < kb)


def why_beats(a: Meld, b: Meld, trump: str) -> tuple[Message, str]:
    """Why the stronger meld ``a`` beats ``b``: (text, clause)."""
    if a.row != b.row:
        if a.points == b.points:
            return (
                msg(
                    "{a} (row {a_row}) beats {b} (row {b_row}): the higher row wins even at equal points",
                    a=a.describe(trump),
                    a_row=a.row,
                    b=b.describe(trump),
                    b_row=b.row,
                ),
                "clabber-6.4",
            )
        return (
            msg(
                "{a} (row {a_row}) beats {b} (row {b_row})",
                a=a.describe(trump),
                a_row=a.row,
                b=b.describe(trump),
                b_row=b.row,
            ),
            "clabber-6.4",
        )
    assert a.top is not None and b.top is not None
    kinds = SEQUENCE_PLURALS[a.kind]
    if a.top.rank != b.top.rank:
        return (
            msg("both are {kinds}; top `{a}` beats top `{b}`", kinds=kinds, a=a.top.rank, b=b.top.rank),
            "clabber-6.5",
        )
    return (
        msg("both are {kinds} topped by {rank}; the trump sequence wins", kinds=kinds, rank=a.top.rank),
        "clabber-6.5",
    )


def _runs(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Maximal runs of 3 or more cards of one suit in the order A K Q J 10 9 (clabber-6.2)."""
    held = set(hand)
    runs: list[tuple[Card, ...]] = []
    for suit in SUITS:
        current: list[Card] = []
        for rank in (*SEQUENCE_ORDER, None):
            card = Card(rank, suit) if rank is not None else None
            if card is not None and card in held:
                current.append(card)
                continue
            if len(current) >= 3:
                runs.append(tuple(current))
            current = []
    return runs


def _fours(hand: Sequence[Card]) -> list[Meld]:
    melds = []
    for rank, kind in FOURS.items():
        cards = tuple(c for c in hand if c.rank == rank)
        if len(cards) == 4:
            melds.append(Meld(kind, tuple(sorted(cards, key=lambda c: SUITS.index(c.suit or "S")))))
    return melds


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every meld the hand holds as a whole: each four of a kind and each maximal sequence."""
    return _fours(hand) + [Meld(sequence_kind(len(r)), r) for r in _runs(hand)]


def best_meld(hand: Sequence[Card], trump: str) -> Meld | None:
    """The strongest meld of the hand, the one it declares under the default scope (clabber-6.3)."""
    melds = hand_melds(hand)
    return max(melds, key=lambda m: m.key(trump)) if melds else None


def _candidates(hand: Sequence[Card]) -> list[Meld]:
    """Every meld that could be declared, shorter parts of a sequence included."""
    melds = _fours(hand)
    for run in _runs(hand):
        for length in range(3, len(run) + 1):
            for start in range(len(run) - length + 1):
                melds.append(Meld(sequence_kind(length), run[start : start + length]))
    return melds


def best_meld_set(hand: Sequence[Card], trump: str) -> tuple[Meld, ...]:
    """The melds a hand declares when its team may score them all: the most points with no card
    in two melds; at equal points the set holding the stronger meld (clabber-6.3, option)."""
    candidates = _candidates(hand)

    def value(chosen: tuple[Meld, ...]) -> tuple[int, tuple[int, int, int], int]:
        if not chosen:
            return (0, (-len(MELD_KINDS) - 1, 0, 0), 0)
        return (sum(m.points for m in chosen), max(m.key(trump) for m in chosen), -len(chosen))

    def search(start: int, used: frozenset[Card], chosen: tuple[Meld, ...]) -> tuple[Meld, ...]:
        best = chosen
        for i in range(start, len(candidates)):
            meld = candidates[i]
            if used.isdisjoint(meld.cards):
                found = search(i + 1, used | set(meld.cards), (*chosen, meld))
                if value(found) > value(best):
                    best = found
        return best

    found = search(0, frozenset(), ())
    return tuple(sorted(found, key=lambda m: m.key(trump), reverse=True))


@dataclass(frozen=True)
class Declaration:
    """What one seat declares: its melds (strongest first) and its team."""

    seat: str
    team: str
    melds: tuple[Meld, ...]

    @property
    def best(self) -> Meld:
        return self.melds[0]


@dataclass
class MeldVerdict(Judgement):
    """Whose meld scores, the bells, and each team's meld and bell points (always legal: what is
    declared wrongly is refused as input)."""

    winner: Declaration | None
    dead_tie: bool
    declarations: list[Declaration]
    meld_points: dict[str, int]
    bells: dict[str, int]
    bell_seat: str | None
    team_points: dict[str, int]
    scored: dict[str, list[Meld]] = field(default_factory=dict)


def judge_melds(
    table: Table,
    hands: Mapping[str, Sequence[Card]],
    trump: str,
    *,
    scope: str = "best_meld_only",
    count_bells: bool = True,
) -> MeldVerdict:
    """Whose meld scores when each hand given declares its best (clabber-6.7), and the bells.

    ``hands`` maps seats to the cards held on trick 1 (or just the cards shown).
    ``scope`` ``team_all_melds``: the team holding the strongest meld scores every meld its
    players declared, each hand declaring its best set of melds with no card used twice.
    ``count_bells`` false leaves the bell out, for a score sheet that records who announced it.
    """
    if scope not in SCOPES:
        raise FieldError(msg("unknown meld scope {scope}", scope=repr(scope)), field="options.meld_scope")
    explanation = Explanation()
    declarations: list[Declaration] = []
    for seat in table.seats:
        if seat not in hands:
            continue
        hand = hands[seat]
        team = table.team_of(seat)
        if scope == "team_all_melds":
            melds = best_meld_set(hand, trump)
        else:
            single = best_meld(hand, trump)
            melds = (single,) if single is not None else ()
        if not melds:
            explanation.add(msg("{seat} holds no meld.", seat=seat), "clabber-6.1")
            continue
        declaration = Declaration(seat, team, melds)
        declarations.append(declaration)
        listed = join((m.scored(trump) for m in melds), " + ")
        who = seat if team == seat else f"{seat} ({team})"
        others = [m for m in hand_melds(hand) if m not in melds and not _inside(m, melds)]
        if scope == "team_all_melds":
            explanation.add(
                msg("{who} declares {listed}; no card counts twice.", who=who, listed=listed), "clabber-6.3"
            )
        elif others:
            extra = join(m.describe(trump) for m in others)
            explanation.add(
                msg(
                    "{who} declares {listed}; a player declares one meld, so {extra} is ignored.",
                    who=who,
                    listed=listed,
                    extra=extra,
                ),
                "clabber-6.3",
            )
        else:
            explanation.add(msg("{who} declares {listed}.", who=who, listed=listed), "clabber-6.1")
    winner, dead_tie = _decide(declarations, trump, scope, explanation)
    meld_points = {name: 0 for name in table.team_names}
    scored: dict[str, list[Meld]] = {}
    if winner is not None:
        if scope == "team_all_melds":
            team_melds = [m for d in declarations if d.team == winner.team for m in d.melds]
            meld_points[winner.team] = sum(m.points for m in team_melds)
            scored[winner.team] = team_melds
            parts = " + ".join(str(m.points) for m in team_melds)
            explanation.add(
                msg(
                    "{team} hold the strongest meld and score every meld its players declared: {parts} = {total}.",
                    team=winner.team,
                    parts=parts,
                    total=meld_points[winner.team],
                ),
                "clabber-6.3",
            )
        else:
            meld_points[winner.team] = winner.best.points
            scored[winner.team] = [winner.best]
            explanation.add(
                msg(
                    "Only one meld scores: {team} score {seat}'s {meld}, {points}.",
                    team=winner.team,
                    seat=winner.seat,
                    meld=winner.best.describe(trump),
                    points=winner.best.points,
                ),
                "clabber-6.3",
            )
    if count_bells:
        bells, bell_seat = _bells(table, hands, trump, winner, explanation)
    else:
        bells, bell_seat = {name: 0 for name in table.team_names}, None
    team_points = {name: meld_points[name] + bells[name] for name in table.team_names}
    for name in table.team_names:
        if meld_points[name] and bells[name]:
            explanation.add(
                msg(
                    "{team}: meld {meld} + bell {bell} = {total}.",
                    team=name,
                    meld=meld_points[name],
                    bell=bells[name],
                    total=team_points[name],
                ),
                "clabber-7.3",
            )
    return MeldVerdict(
        winner, dead_tie, declarations, meld_points, bells, bell_seat, team_points, scored, explanation=explanation
    )


def _inside(meld: Meld, melds: Sequence[Meld]) -> bool:
    return any(set(meld.cards) <= set(m.cards) for m in melds)


def _decide(
    declarations: list[Declaration], trump: str, scope: str, explanation: Explanation
) -> tuple[Declaration | None, bool]:
    """The winning declaration, or a dead tie (clabber-6.4 to 6.6)."""
    if not declarations:
        explanation.add(msg("Nobody declares a meld."), "clabber-6.3")
        return None, False
    ranked = sorted(declarations, key=lambda d: d.best.key(trump), reverse=True)
    top_key = ranked[0].best.key(trump)
    leaders = [d for d in declarations if d.best.key(trump) == top_key]
    teams = list(dict.fromkeys(d.team for d in leaders))
    if len(teams) > 1:
        seats = join((msg("{seat}'s {meld}", seat=d.seat, meld=d.best.describe(trump)) for d in leaders), " and ")
        explanation.add(
            msg(
                "{seats} are equal plain sequences of different sides: a dead tie. Nobody scores a meld this deal, "
                "and no lower meld scores instead.",
                seats=seats,
            ),
            "clabber-6.5",
        )
        return None, True
    winner = leaders[0]
    if len(leaders) > 1:
        seats = join((d.seat for d in leaders), " and ")
        if scope == "team_all_melds":
            explanation.add(msg("{seats} are partners with equal melds: that is no tie.", seats=seats), "clabber-6.6")
        else:
            explanation.add(
                msg(
                    "{seats} are partners with equal melds: that is no tie; one yields and {team} score one meld "
                    "({seat}'s).",
                    seats=seats,
                    team=winner.team,
                    seat=winner.seat,
                ),
                "clabber-6.6",
            )
    for other in ranked:
        if other.team == winner.team:
            continue
        text, rule = why_beats(winner.best, other.best, trump)
        explanation.add(msg("{winner} over {other}: {why}.", winner=winner.seat, other=other.seat, why=text), rule)
    return winner, False


def _bells(
    table: Table,
    hands: Mapping[str, Sequence[Card]],
    trump: str,
    winner: Declaration | None,
    explanation: Explanation,
) -> tuple[dict[str, int], str | None]:
    bells = {name: 0 for name in table.team_names}
    king, queen = Card("K", trump), Card("Q", trump)
    holders = {c: s for s, hand in hands.items() for c in hand if c in (king, queen)}
    if king in holders and queen in holders:
        seat = holders[king]
        if holders[queen] == seat:
            team = table.team_of(seat)
            bells[team] = BELL
            explanation.add(
                msg(
                    "{seat} holds `{king}` and `{queen}`: the bell, {bell} for {team}, outside the meld ranking.",
                    seat=seat,
                    king=str(king),
                    queen=str(queen),
                    bell=BELL,
                    team=team,
                ),
                "clabber-7.1",
            )
            shown = (
                winner is not None
                and winner.seat == seat
                and any(king in m.cards and queen in m.cards for m in winner.melds)
            )
            if shown:
                explanation.add(
                    msg(
                        "Both cards are in the winning sequence: the bell is announced when it is shown, and the "
                        "cards count in both."
                    ),
                    "clabber-7.2",
                )
            else:
                explanation.add(msg("It is announced when the second of the two is played."), "clabber-7.2")
            return bells, seat
        cards = {"king": str(king), "queen": str(queen), "king_seat": holders[king], "queen_seat": holders[queen]}
        if table.partners(holders[king], holders[queen]):
            explanation.add(
                msg(
                    "`{king}` ({king_seat}) and `{queen}` ({queen_seat}) are in different hands, split between "
                    "partners: no bell.",
                    **cards,
                ),
                "clabber-7.4",
            )
        else:
            explanation.add(
                msg(
                    "`{king}` ({king_seat}) and `{queen}` ({queen_seat}) are in different hands: no bell, which needs "
                    "both in one hand.",
                    **cards,
                ),
                "clabber-7.1",
            )
    return bells, None


@dataclass
class KindVerdict(Judgement):
    """Whose meld scores when only the meld types were entered, not the cards (always legal, as
    :class:`MeldVerdict`)."""

    meld_points: dict[str, int]
    winner: str | None
    kind: str | None


def judge_kinds(
    declared: Mapping[str, Sequence[str]],
    sides: Sequence[str],
    *,
    scope: str = "best_meld_only",
    field: str = "melds",
) -> KindVerdict:
    """Whose meld scores from the meld types each side declared (clabber-6.3, 6.4).

    Rows decide; two sides whose best melds are sequences of the same row cannot be told apart
    without the cards (top card, trump: clabber-6.5), so that raises a :class:`FieldError`
    asking for them. A four of a kind exists once, so two sides cannot both declare it.
    """
    explanation = Explanation()
    meld_points = {side: 0 for side in sides}
    best: dict[str, str] = {}
    for side in sides:
        kinds = sorted(declared.get(side, ()), key=row)
        if not kinds:
            continue
        best[side] = kinds[0]
        listed = join((meld_points_text(MELD_NAMES[k], MELD_POINTS[k]) for k in kinds), " + ")
        explanation.add(msg("{side} declared {listed}.", side=side, listed=listed), "clabber-6.1")
    if not best:
        explanation.add(msg("Nobody declared a meld."), "clabber-6.3")
        return KindVerdict(meld_points, None, None, explanation=explanation)
    top = min(best.values(), key=row)
    leaders = [side for side, kind in best.items() if kind == top]
    if len(leaders) > 1:
        names = join(leaders, " and ")
        where = (field, leaders[-1])
        if top in SEQUENCE_KINDS:
            raise FieldError(
                msg(
                    "{names} both declared a {meld}: the top cards and the trump decide (clabber-6.5). Enter the "
                    "declarers' cards, or only the meld that scored.",
                    names=names,
                    meld=MELD_NAMES[top],
                ),
                field=field,
                location=where,
            )
        raise FieldError(
            msg("{names} both declared {meld}, but the pack holds each card once", names=names, meld=MELD_NAMES[top]),
            field=field,
            location=where,
        )
    winner = leaders[0]
    for side, kind in best.items():
        if side != winner:
            rows: dict[str, Param] = {
                "a": MELD_NAMES[top],
                "a_row": row(top),
                "b": MELD_NAMES[kind],
                "b_row": row(kind),
            }
            if MELD_POINTS[kind] == MELD_POINTS[top]:
                text = msg("{a} (row {a_row}) beats {b} (row {b_row}) even at equal points.", **rows)
            else:
                text = msg("{a} (row {a_row}) beats {b} (row {b_row}).", **rows)
            explanation.add(text, "clabber-6.4")
    if scope == "team_all_melds":
        kinds = list(declared[winner])
        meld_points[winner] = sum(MELD_POINTS[k] for k in kinds)
        parts = " + ".join(str(MELD_POINTS[k]) for k in kinds)
        explanation.add(
            msg(
                "{team} hold the strongest meld and score every meld declared: {parts} = {total}.",
                team=winner,
                parts=parts,
                total=meld_points[winner],
            ),
            "clabber-6.3",
        )
    else:
        meld_points[winner] = MELD_POINTS[top]
        explanation.add(
            msg(
                "Only one meld scores: {team} score their {meld}, {points}.",
                team=winner,
                meld=MELD_NAMES[top],
                points=MELD_POINTS[top],
            ),
            "clabber-6.3",
        )
    return KindVerdict(meld_points, winner, top, explanation=explanation)
