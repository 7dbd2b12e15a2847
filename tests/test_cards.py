"""The card notation of shared/API.md, its errors and deck accounting."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    JOKERS,
    RANKS,
    STANDARD,
    SUITS,
    BadCardError,
    Card,
    CardLedger,
    CardNotInPackError,
    Pack,
    TooManyCopiesError,
    format_cards,
    parse_card,
    parse_cards,
)
from referee.errors import InputError


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("10H", "10H"),
        ("th", "10H"),
        ("T♥", "10H"),
        ("as", "AS"),
        ("A♠", "AS"),
        ("q♦", "QD"),
        ("2♣", "2C"),
        (" kd ", "KD"),
        ("jo", "JO"),
        ("SJ", "SJ"),
        ("bj", "BJ"),
        ("js", "JS"),
        ("10♤", "10S"),
    ],
)
def test_parse_card_accepts_every_spelling(token: str, card: str) -> None:
    assert str(parse_card(token)) == card


@pytest.mark.parametrize("token", ["1H", "11S", "XQ", "H10", "10", "", "  ", "JOKER", "AX", "10HH", "♠"])
def test_parse_card_rejects_non_cards(token: str) -> None:
    with pytest.raises(BadCardError) as raised:
        parse_card(token)
    assert raised.value.code == "bad_card"


def test_error_names_token_position_and_field() -> None:
    with pytest.raises(BadCardError) as raised:
        parse_cards(["5H", "4X", "KH"], field="played")
    message = raised.value.message
    assert "`4X`" in message and "card 2" in message and "played" in message
    assert raised.value.field == "played"


@pytest.mark.parametrize("value", [5, None, 3.5, ["5H", 5], ["5H", None], [["5H"]]])
def test_non_strings_are_bad_cards_or_fields(value: object) -> None:
    with pytest.raises(InputError) as raised:
        parse_cards(value, field="hand")
    assert raised.value.code in {"bad_card", "bad_field"}


def test_card_list_as_one_string_split_on_spaces_and_commas() -> None:
    assert format_cards(parse_cards("5H 4h,  KH,QS")) == "5H 4H KH QS"
    assert parse_cards("") == []


def test_card_properties() -> None:
    assert Card("10", "H").colour == "red" and Card("A", "C").colour == "black"
    assert Card("JO").is_joker and Card("JO").colour is None
    assert Card("10", "H").symbol == "10♥"
    with pytest.raises(ValueError):
        Card("1", "H")


cards = st.sampled_from([Card(r, s) for r in RANKS for s in SUITS] + [Card(j) for j in JOKERS])


@given(st.lists(cards, max_size=20), st.sampled_from([" ", ", ", ","]), st.booleans())
def test_format_parse_round_trip(hand: list[Card], sep: str, lower: bool) -> None:
    text = sep.join(str(c) for c in hand)
    if lower:
        text = text.lower()
    assert parse_cards(text) == hand
    assert parse_cards(format_cards(hand)) == hand
    assert format_cards(parse_cards([str(c) for c in hand])) == format_cards(hand)


def test_pack_copies_and_not_in_pack() -> None:
    clabber = Pack("Clabber", ranks=("A", "K", "Q", "J", "10", "9"))
    assert clabber.copies(Card("9", "H")) == 1
    with pytest.raises(CardNotInPackError) as raised:
        clabber.parse("8H 9H")
    assert raised.value.code == "card_not_in_pack" and "`8H`" in raised.value.message
    assert STANDARD.with_decks(2).copies(Card("5", "H")) == 2
    assert STANDARD.copies(Card("JO")) == 0
    assert len(Pack("Dracula", jokers={"JO": 2}).cards()) == 54


def test_ledger_names_every_place_of_a_card_used_too_often() -> None:
    ledger = CardLedger(STANDARD.with_decks(2))
    for place in ("played", "victim_paks", "played"):
        ledger.add(Card("5", "H"), place, field="played")
    with pytest.raises(TooManyCopiesError) as raised:
        ledger.check()
    assert raised.value.message == "`5H` appears 3 times (played, victim_paks); two decks hold 2"
    assert raised.value.code == "too_many_copies"


def test_ledger_accepts_copies_within_the_decks() -> None:
    ledger = CardLedger(STANDARD.with_decks(2))
    ledger.add_all(parse_cards("5H 5H 4H"), "hand")
    ledger.check()
    assert ledger.count(Card("5", "H")) == 2


def test_card_tokens_split_on_spaces_and_commas() -> None:
    from referee.cards import card_tokens

    assert card_tokens(" 10H, 9h  JO,,QS ") == ["10H", "9h", "JO", "QS"]
    assert card_tokens("  ") == []
