"""Is this pak legal? Is this steal legal? (paks-4, paks-5, checked as paks-9.2 and paks-9.3).

Both verdicts give the deciding numbers even when the play is illegal: ``value`` is the best
split of the played cards (paks-2.4) and ``target`` what it must beat — the table card's play
value for a pak, the victim paks' plain total for a steal.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_TITLES, Card, card_strings, format_cards
from referee.explain import Explanation, Step
from referee.rules.paks.held import pak_faults
from referee.rules.paks.values import (
    PAIR_RANKS,
    Split,
    best_split,
    pak_text,
    play_value,
    suit_name,
    suit_word,
    sum_text,
)


@dataclass(frozen=True)
class VictimPak:
    """A pak to be stolen; ``owner`` may be unknown (then it is taken to be the other paks' owner)."""

    cards: tuple[Card, ...]
    owner: str | None = None


@dataclass(frozen=True)
class Verdict:
    """The referee's answer on one pak or steal."""

    legal: bool
    value: int
    target: int
    split: Split
    reasons: tuple[Step, ...]
    explanation: Explanation
    #: The pak the play forms (paks-4.4, paks-5.7), given also when the play is illegal.
    new_pak: tuple[Card, ...]

    def answer(self) -> dict[str, Any]:
        """The answer fields of shared/API.md."""
        answer: dict[str, Any] = {
            "legal": self.legal,
            "value": self.value,
            "target": self.target,
            "split": {
                "pairs": [[str(p.high), str(p.low), p.value] for p in self.split.pairs],
                "singles": card_strings(self.split.singles),
            },
            "pak": card_strings(self.new_pak),
            "explanation": self.explanation.as_list(),
        }
        if not self.legal:
            answer["reasons"] = [step.as_dict() for step in self.reasons]
        return answer


@dataclass(frozen=True)
class PakVerdict(Verdict):
    table_card: Card


@dataclass(frozen=True)
class StealVerdict(Verdict):
    #: The suit of the victim paks, ``None`` when they mix suits.
    suit: str | None
    #: The victims' owner when known.
    owner: str | None


class _Judgement:
    """Collects the explanation and the reasons a play is illegal."""

    def __init__(self) -> None:
        self.explanation = Explanation()
        self.reasons: list[Step] = []

    def step(self, text: str, rule: str) -> None:
        self.explanation.add(text, rule)

    def fault(self, text: str, rule: str) -> None:
        self.explanation.add(text, rule)
        self.reasons.append(Step(text, rule))


def _explain_split(judgement: _Judgement, split: Split) -> None:
    for pair in split.pairs:
        judgement.step(f"`{pair.high}` and `{pair.low}` played together make the special pair {pair.value}", "paks-2.2")
    if split.singles:
        singles = ", ".join(f"`{c}` {play_value(c)}" for c in split.singles)
        judgement.step(f"Single cards count their play value: {singles}", "paks-2.1")
    lone = [c for c in split.singles if c.rank in PAIR_RANKS]
    if len({c.suit for c in lone}) > 1:
        shown = " and ".join(f"`{c}`" for c in lone)
        judgement.step(f"{shown} are of different suits, so they make no special pair", "paks-2.2")
    judgement.step(f"Best split of the played cards: {sum_text(split.parts() or [0])}", "paks-2.4")
    if split.pairs:
        plain = [play_value(c) for p in split.pairs for c in (p.high, p.low)] + [play_value(c) for c in split.singles]
        judgement.step(f"Without special pairs they would be worth only {sum_text(plain)}", "paks-2.4")


def _check_played_suit(
    judgement: _Judgement, played: Sequence[Card], suit: str, what: str, rule: str
) -> tuple[Card, ...]:
    """Report every played card of another suit; return the cards that may count (those of ``suit``)."""
    strangers = [c for c in played if c.suit != suit]
    for card in strangers:
        judgement.fault(f"`{card}` is not {suit_word(suit)}; {what} uses {suit_name(suit)} only", rule)
    if played and not strangers:
        judgement.step(f"Every played card is {suit_word(suit)}", rule)
    if strangers:
        counted = [c for c in played if c.suit == suit]
        shown = format_cards(counted) if counted else "none"
        judgement.step(f"Only the {suit_name(suit)} played count toward the value: {shown}", rule)
    return tuple(c for c in played if c.suit == suit)


def _compare(judgement: _Judgement, value: int, target: int, what: str, rule: str, *, off_suit: bool) -> None:
    """The value against the target; with an off-suit card the play fails whatever the numbers say."""
    if value <= target:
        judgement.fault(f"value {value} is not greater than {what}", rule)
    elif off_suit:
        judgement.step(
            f"{value} would be greater than {target}, but the off-suit card makes the play illegal all the same",
            rule,
        )


def judge_pak(table_card: Card, played: Sequence[Card]) -> PakVerdict:
    """Judge a pak: ``played`` hand cards taking ``table_card`` (paks-4.1, paks-4.2, paks-9.2)."""
    judgement = _Judgement()
    suit = str(table_card.suit)
    target = play_value(table_card)
    judgement.step(f"`{table_card}` on the table is worth {target} at play value", "paks-2.1")
    if not played:
        judgement.fault("No card was played: a pak plays at least one hand card", "paks-4.2")
    counted = _check_played_suit(judgement, played, suit, f"a pak on `{table_card}`", "paks-4.2")
    split = best_split(counted)
    value = split.value
    _explain_split(judgement, split)
    off_suit = len(counted) != len(played)
    if value > target and not off_suit:
        judgement.step(f"{value} is greater than {target}, the value of `{table_card}`", "paks-4.2")
    else:
        _compare(judgement, value, target, f"`{table_card}`'s {target}", "paks-4.2", off_suit=off_suit)
    new_pak = (*played, table_card)
    legal = not judgement.reasons
    if legal:
        judgement.step(
            f"Legal: the pak {pak_text(new_pak)} goes face up before the player, apart from earlier paks", "paks-4.4"
        )
    return PakVerdict(
        legal=legal,
        value=value,
        target=target,
        split=split,
        reasons=tuple(judgement.reasons),
        explanation=judgement.explanation,
        new_pak=new_pak,
        table_card=table_card,
    )


def _victim_suit(judgement: _Judgement, victims: Sequence[VictimPak]) -> str | None:
    """The one suit of the victim paks, after reporting paks that cannot exist (paks-9.4, paks-9.5)."""
    broken = False
    for number, victim in enumerate(victims, start=1):
        for fault in pak_faults(victim.cards, f"victim pak {number}"):
            judgement.fault(fault.text, fault.rule)
            broken = True
    suits = list(dict.fromkeys(c.suit for v in victims for c in v.cards))
    if len(suits) == 1:
        return suits[0]
    if not broken and len(suits) > 1:
        names = " and ".join(suit_name(str(s)) for s in suits)
        judgement.fault(f"The victim paks mix {names}: one steal takes paks of one suit", "paks-5.6")
    return None


def _victim_owner(
    judgement: _Judgement,
    victims: Sequence[VictimPak],
    player: str | None,
    partners: Collection[str],
    partner_steal: bool,
) -> str | None:
    owners = list(dict.fromkeys(v.owner for v in victims if v.owner is not None))
    if len({o.casefold() for o in owners}) > 1:
        names = " and ".join(owners)
        judgement.fault(f"The victim paks belong to {names}: one steal takes the paks of one owner", "paks-5.6")
        return None
    owner = owners[0] if owners else None
    if owner is None:
        return None
    if player is not None and owner.casefold() == player.casefold():
        judgement.fault(f"{player} cannot steal from themself", "paks-5.2")
    elif not partner_steal and owner.casefold() in {p.casefold() for p in partners}:
        judgement.fault(f"{owner} is a partner, and this game forbids stealing a partner's pak", "paks-5.2")
    else:
        paks = "pak belongs" if len(victims) == 1 else "paks all belong"
        judgement.step(f"The {paks} to {owner}", "paks-5.6")
    return owner


def _check_steal_suit(judgement: _Judgement, suit: str, pak_suit: str | None, stolen_suits: Collection[str]) -> None:
    if pak_suit is None:
        return
    if suit == pak_suit:
        judgement.fault(
            f"The pak made this turn is {suit_word(suit)} pak: {suit_word(suit)} steal may not follow it", "paks-5.3"
        )
    elif suit in stolen_suits:
        judgement.fault(
            f"{SUIT_TITLES[suit]} were already stolen this turn: each steal is of a different suit",
            "paks-5.3",
        )
    else:
        earlier = ", ".join(suit_name(s) for s in stolen_suits)
        also = f" and from the suits already stolen ({earlier})" if stolen_suits else ""
        judgement.step(
            f"{SUIT_TITLES[suit]} differ from the suit of this turn's pak ({suit_name(pak_suit)}){also}",
            "paks-5.3",
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
    judgement = _Judgement()
    if pak_suit is None:
        judgement.fault("No pak was made this turn: a steal is allowed only right after a pak", "paks-5.1")
    else:
        judgement.step(f"{suit_word(pak_suit).capitalize()} pak was made this turn, so steals are allowed", "paks-5.1")
    suit = _victim_suit(judgement, victims)
    if suit is not None:
        _check_steal_suit(judgement, suit, pak_suit, stolen_suits)
    owner = _victim_owner(judgement, victims, player, partners, partner_steal)

    values = []
    for number, victim in enumerate(victims, start=1):
        plain = [play_value(c) for c in victim.cards]
        values.append(sum(plain))
        name = "The victim pak" if len(victims) == 1 else f"Victim pak {number}"
        judgement.step(
            f"{name} {pak_text(victim.cards)} is worth {sum_text(plain)} at plain play value; "
            "special pairs never count in a pak that lies on the table",
            "paks-5.4",
        )
    target = sum(values)
    if len(victims) > 1:
        judgement.step(f"Stolen together, the paks are worth {sum_text(values)}", "paks-5.6")

    if not played:
        judgement.fault("No card was played: a steal plays at least one hand card", "paks-5.5")
    counted = tuple(played)
    if suit is not None:
        counted = _check_played_suit(judgement, played, suit, f"stealing {suit_word(suit)} pak", "paks-5.5")
    split = best_split(counted)
    value = split.value
    _explain_split(judgement, split)
    off_suit = len(counted) != len(played)
    if value > target and not off_suit:
        judgement.step(f"{value} is greater than {target}, the value of what is stolen", "paks-5.5")
    else:
        _compare(judgement, value, target, f"the stolen paks' {target}", "paks-5.5", off_suit=off_suit)
    new_pak = (*(c for v in victims for c in v.cards), *played)
    legal = not judgement.reasons
    if legal:
        judgement.step(f"Legal: the stolen and played cards become one new pak {pak_text(new_pak)}", "paks-5.7")
    return StealVerdict(
        legal=legal,
        value=value,
        target=target,
        split=split,
        reasons=tuple(judgement.reasons),
        explanation=judgement.explanation,
        new_pak=new_pak,
        suit=suit,
        owner=owner,
    )
