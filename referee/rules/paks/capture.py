"""Is this pak legal? Is this steal legal? (paks-4, paks-5, checked as paks-9.2 and paks-9.3).

Both verdicts give the deciding numbers even when the play is illegal: ``value`` is the best
split of the played cards (paks-2.4) and ``target`` what it must beat — the table card's play
value for a pak, the victim paks' plain total for a steal.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_TITLES, SUIT_WORD, SUIT_WORDS, Card, card_strings, format_cards
from referee.explain import Judgement
from referee.messages import Message, join, msg
from referee.rules.paks.held import pak_faults
from referee.rules.paks.values import PAIR_RANKS, Split, best_split, pak_text, play_value, sum_text
from referee.rules.seating import same_name


@dataclass(frozen=True)
class VictimPak:
    """A pak to be stolen; ``owner`` may be unknown (then it is taken to be the other paks' owner)."""

    cards: tuple[Card, ...]
    owner: str | None = None


@dataclass
class Verdict(Judgement):
    """The referee's answer on one pak or steal."""

    value: int
    target: int
    split: Split
    #: The pak the play forms (paks-4.4, paks-5.7), given also when the play is illegal.
    new_pak: tuple[Card, ...]

    def answer(self, **fields: Any) -> dict[str, Any]:
        """The answer fields of shared/API.md."""
        split = {
            "pairs": [[str(p.high), str(p.low), p.value] for p in self.split.pairs],
            "singles": card_strings(self.split.singles),
        }
        return super().answer(
            value=self.value, target=self.target, split=split, pak=card_strings(self.new_pak), **fields
        )


@dataclass
class PakVerdict(Verdict):
    table_card: Card


@dataclass
class StealVerdict(Verdict):
    #: The suit of the victim paks, ``None`` when they mix suits.
    suit: str | None
    #: The victims' owner when known.
    owner: str | None

    def answer(self, **fields: Any) -> dict[str, Any]:
        return super().answer(**fields) | {"suit": self.suit, "owner": self.owner}


def _explain_split(judgement: Judgement, split: Split) -> None:
    for pair in split.pairs:
        judgement.step(
            msg(
                "`{high}` and `{low}` played together make the special pair {value}",
                high=str(pair.high),
                low=str(pair.low),
                value=pair.value,
            ),
            "paks-2.2",
        )
    if split.singles:
        singles = join([f"`{c}` {play_value(c)}" for c in split.singles])
        judgement.step(msg("Single cards count their play value: {singles}", singles=singles), "paks-2.1")
    lone = [c for c in split.singles if c.rank in PAIR_RANKS]
    if len({c.suit for c in lone}) > 1:
        shown = join([f"`{c}`" for c in lone], " and ")
        judgement.step(msg("{cards} are of different suits, so they make no special pair", cards=shown), "paks-2.2")
    judgement.step(msg("Best split of the played cards: {sum}", sum=sum_text(split.parts() or [0])), "paks-2.4")
    if split.pairs:
        plain = [play_value(c) for p in split.pairs for c in (p.high, p.low)] + [play_value(c) for c in split.singles]
        judgement.step(msg("Without special pairs they would be worth only {sum}", sum=sum_text(plain)), "paks-2.4")


def _stranger(card: Card, suit: str, table_card: Card | None) -> Message:
    """Why ``card`` cannot be played on a pak of ``table_card`` (or, without one, in a steal of ``suit``)."""
    if table_card is not None:
        return msg(
            "`{card}` is not a {suit}; a pak on `{table}` uses {suits} only",
            card=str(card),
            suit=SUIT_WORD[suit],
            table=str(table_card),
            suits=SUIT_WORDS[suit],
        )
    return msg(
        "`{card}` is not a {suit}; stealing a {suit} pak uses {suits} only",
        card=str(card),
        suit=SUIT_WORD[suit],
        suits=SUIT_WORDS[suit],
    )


def _check_played_suit(
    judgement: Judgement, played: Sequence[Card], suit: str, table_card: Card | None, rule: str
) -> tuple[Card, ...]:
    """Report every played card of another suit; return the cards that may count (those of ``suit``).

    ``table_card`` is the card a pak takes; ``None`` for a steal.
    """
    strangers = [c for c in played if c.suit != suit]
    for card in strangers:
        judgement.fault(_stranger(card, suit, table_card), rule)
    if played and not strangers:
        judgement.step(msg("Every played card is a {suit}", suit=SUIT_WORD[suit]), rule)
    if strangers:
        counted = [c for c in played if c.suit == suit]
        if counted:
            shown = msg(
                "Only the {suits} played count toward the value: {cards}",
                suits=SUIT_WORDS[suit],
                cards=format_cards(counted),
            )
        else:
            shown = msg("Only the {suits} played count toward the value: none", suits=SUIT_WORDS[suit])
        judgement.step(shown, rule)
    return tuple(c for c in played if c.suit == suit)


def _weigh(
    judgement: Judgement,
    played: Sequence[Card],
    counted: Sequence[Card],
    target: int,
    rule: str,
    *,
    greater: Callable[[int], Message],
    short: Callable[[int], Message],
) -> Split:
    """The best split of the ``counted`` cards (paks-2.4), explained, against ``target``: the play must be worth
    more, and an off-suit card among the ``played`` fails it whatever the numbers say. ``greater`` and
    ``short`` say, given the value, that it beats the target or falls short."""
    split = best_split(counted)
    _explain_split(judgement, split)
    value = split.value
    if value <= target:
        judgement.fault(short(value), rule)
    elif len(counted) != len(played):
        judgement.step(
            msg(
                "{value} would be greater than {target}, but the off-suit card makes the play illegal all the same",
                value=value,
                target=target,
            ),
            rule,
        )
    else:
        judgement.step(greater(value), rule)
    return split


def judge_pak(table_card: Card, played: Sequence[Card]) -> PakVerdict:
    """Judge a pak: ``played`` hand cards taking ``table_card`` (paks-4.1, paks-4.2, paks-9.2)."""
    judgement = Judgement()
    suit = str(table_card.suit)
    target = play_value(table_card)
    judgement.step(
        msg("`{card}` on the table is worth {value} at play value", card=str(table_card), value=target), "paks-2.1"
    )
    if not played:
        judgement.fault(msg("No card was played: a pak plays at least one hand card"), "paks-4.2")
    counted = _check_played_suit(judgement, played, suit, table_card, "paks-4.2")
    split = _weigh(
        judgement,
        played,
        counted,
        target,
        "paks-4.2",
        greater=lambda value: msg(
            "{value} is greater than {target}, the value of `{card}`", value=value, target=target, card=str(table_card)
        ),
        short=lambda value: msg(
            "value {value} is not greater than `{card}`'s {target}", value=value, card=str(table_card), target=target
        ),
    )
    new_pak = (*played, table_card)
    if judgement.legal:
        judgement.step(
            msg("Legal: the pak {pak} goes face up before the player, apart from earlier paks", pak=pak_text(new_pak)),
            "paks-4.4",
        )
    return PakVerdict(
        split.value, target, split, new_pak, table_card, explanation=judgement.explanation, reasons=judgement.reasons
    )


def _victim_suit(judgement: Judgement, victims: Sequence[VictimPak]) -> str | None:
    """The one suit of the victim paks, after reporting paks that cannot exist (paks-9.4, paks-9.5)."""
    broken = False
    for number, victim in enumerate(victims, start=1):
        for fault in pak_faults(victim.cards, msg("victim pak {number}", number=number)):
            judgement.fault(fault.message, fault.rule)
            broken = True
    suits = list(dict.fromkeys(c.suit for v in victims for c in v.cards))
    if len(suits) == 1:
        return suits[0]
    if not broken and len(suits) > 1:
        names = join([SUIT_WORDS[str(s)] for s in suits], " and ")
        judgement.fault(msg("The victim paks mix {suits}: one steal takes paks of one suit", suits=names), "paks-5.6")
    return None


def _victim_owner(
    judgement: Judgement,
    victims: Sequence[VictimPak],
    player: str | None,
    partners: Collection[str],
    partner_steal: bool,
) -> str | None:
    owners = list(dict.fromkeys(v.owner for v in victims if v.owner is not None))
    if any(not same_name(owner, owners[0]) for owner in owners):
        names = join(owners, " and ")
        judgement.fault(
            msg("The victim paks belong to {names}: one steal takes the paks of one owner", names=names), "paks-5.6"
        )
        return None
    owner = owners[0] if owners else None
    if owner is None:
        return None
    if player is not None and same_name(owner, player):
        judgement.fault(msg("{player} cannot steal from themself", player=player), "paks-5.2")
    elif not partner_steal and any(same_name(owner, partner) for partner in partners):
        judgement.fault(
            msg("{owner} is a partner, and this game forbids stealing a partner's pak", owner=owner), "paks-5.2"
        )
    elif len(victims) == 1:
        judgement.step(msg("The pak belongs to {owner}", owner=owner), "paks-5.6")
    else:
        judgement.step(msg("The paks all belong to {owner}", owner=owner), "paks-5.6")
    return owner


def _check_steal_suit(judgement: Judgement, suit: str, pak_suit: str | None, stolen_suits: Collection[str]) -> None:
    if pak_suit is None:
        return
    if suit == pak_suit:
        judgement.fault(
            msg("The pak made this turn is a {suit} pak: a {suit} steal may not follow it", suit=SUIT_WORD[suit]),
            "paks-5.3",
        )
    elif suit in stolen_suits:
        judgement.fault(
            msg("{suits} were already stolen this turn: each steal is of a different suit", suits=SUIT_TITLES[suit]),
            "paks-5.3",
        )
    elif stolen_suits:
        judgement.step(
            msg(
                "{suits} differ from the suit of this turn's pak ({pak_suits}) and from the suits already stolen "
                "({stolen})",
                suits=SUIT_TITLES[suit],
                pak_suits=SUIT_WORDS[pak_suit],
                stolen=join([SUIT_WORDS[s] for s in stolen_suits]),
            ),
            "paks-5.3",
        )
    else:
        judgement.step(
            msg(
                "{suits} differ from the suit of this turn's pak ({pak_suits})",
                suits=SUIT_TITLES[suit],
                pak_suits=SUIT_WORDS[pak_suit],
            ),
            "paks-5.3",
        )


def _victim_value(victim: VictimPak, number: int, count: int, total: str) -> Message:
    """A victim pak's plain value (paks-5.4)."""
    if count == 1:
        return msg(
            "The victim pak {pak} is worth {sum} at plain play value; "
            "special pairs never count in a pak that lies on the table",
            pak=pak_text(victim.cards),
            sum=total,
        )
    return msg(
        "Victim pak {number} {pak} is worth {sum} at plain play value; "
        "special pairs never count in a pak that lies on the table",
        number=number,
        pak=pak_text(victim.cards),
        sum=total,
    )


def judge_steal(
    pak_suit: str | None,
    stolen_suits: Collection[str],
    victims: Sequence[VictimPak],
    played: Sequence[Card],
    *,
    player: str | None = None,
    partners: Collection[str] = (),
    partner_steal: bool = True,
) -> StealVerdict:
    """Judge a steal of ``victims`` with ``played`` hand cards (paks-5, paks-9.3).

    ``pak_suit`` is the suit of the pak made this turn (``None``: no pak, so no steal),
    ``stolen_suits`` the suits already stolen this turn. ``player`` (the stealer) and
    ``partners`` are optional; given, they decide paks-5.2 and the ``partner_steal`` option.
    """
    judgement = Judgement()
    if pak_suit is None:
        judgement.fault(msg("No pak was made this turn: a steal is allowed only right after a pak"), "paks-5.1")
    else:
        judgement.step(
            msg("A {suit} pak was made this turn, so steals are allowed", suit=SUIT_WORD[pak_suit]), "paks-5.1"
        )
    suit = _victim_suit(judgement, victims)
    if suit is not None:
        _check_steal_suit(judgement, suit, pak_suit, stolen_suits)
    owner = _victim_owner(judgement, victims, player, partners, partner_steal)

    values = []
    for number, victim in enumerate(victims, start=1):
        plain = [play_value(c) for c in victim.cards]
        values.append(sum(plain))
        judgement.step(_victim_value(victim, number, len(victims), sum_text(plain)), "paks-5.4")
    target = sum(values)
    if len(victims) > 1:
        judgement.step(msg("Stolen together, the paks are worth {sum}", sum=sum_text(values)), "paks-5.6")

    if not played:
        judgement.fault(msg("No card was played: a steal plays at least one hand card"), "paks-5.5")
    counted = tuple(played)
    if suit is not None:
        counted = _check_played_suit(judgement, played, suit, None, "paks-5.5")
    split = _weigh(
        judgement,
        played,
        counted,
        target,
        "paks-5.5",
        greater=lambda value: msg(
            "{value} is greater than {target}, the value of what is stolen", value=value, target=target
        ),
        short=lambda value: msg(
            "value {value} is not greater than the stolen paks' {target}", value=value, target=target
        ),
    )
    new_pak = (*(c for v in victims for c in v.cards), *played)
    if judgement.legal:
        judgement.step(
            msg("Legal: the stolen and played cards become one new pak {pak}", pak=pak_text(new_pak)), "paks-5.7"
        )
    return StealVerdict(
        split.value, target, split, new_pak, suit, owner, explanation=judgement.explanation, reasons=judgement.reasons
    )
