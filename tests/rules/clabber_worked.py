"""The worked examples of shared/rules/clabber.md that several test modules read: tricks, legal plays, deals."""

from __future__ import annotations

from referee.cards import parse_card, parse_cards
from referee.rules.clabber import Play


def plays(*pairs: str) -> list[Play]:
    """``"N KH"`` → Play("N", KH)."""
    return [Play(seat, parse_card(card)) for seat, card in (p.split() for p in pairs)]


def cards(text: str) -> list:
    return parse_cards(text)


TRICKS = [
    ("E1", "S", ["N KH", "E 10H", "S AH", "W 9H"], "S", 25),
    ("E2", "H", ["N AS", "E 9H", "S 10S", "W JH"], "W", 55),
    ("E3", "C", ["N AC", "E 9C", "S KC", "W QC"], "E", 32),
    ("E4", "D", ["N JS", "E QS", "S 9S", "W KS"], "W", 9),
    ("E5", "H", ["N QC", "E AD", "S 9C", "W JC"], "N", 16),
]


LEGAL = [
    ("E6", "H", "E", "10S JH AD 9C QD", ["N KS"], {}, "10S"),
    ("E7", "H", "E", "KH 9S AD", ["N AC"], {}, "KH"),
    ("E8", "H", "S", "9H QH KS", ["N AC", "E 10H"], {}, "9H"),
    ("E9 any_card", "H", "S", "KH 10D QC", ["N AS", "E JH"], {"undertrump": "any_card"}, "KH 10D QC"),
    ("E9 must_undertrump", "H", "S", "KH 10D QC", ["N AS", "E JH"], {"undertrump": "must_undertrump"}, "KH"),
    (
        "E9 only_if_nothing_else",
        "H",
        "S",
        "KH 10D QC",
        ["N AS", "E JH"],
        {"undertrump": "only_if_nothing_else"},
        "10D QC",
    ),
    ("E10 beat", "S", "E", "AS QS KD", ["N 10S"], {}, "AS"),
    ("E10 any trump", "S", "E", "KS QS AD", ["N 10S"], {}, "KS QS"),
    ("E11", "C", "E", "AD 9D JS", ["N KD"], {}, "AD 9D"),
]


DEALS = [
    ("E19", {"NS": 95, "EW": 67}, {}, {}, True, {"NS": 95, "EW": 67}, {"NS": "95", "EW": "67"}),
    ("E20", {"NS": 81, "EW": 81}, {}, {}, False, {"NS": 0, "EW": 81}, {"NS": "XX", "EW": "81"}),
    ("E21", {"NS": 100, "EW": 62}, {"EW": 50}, {"NS": 20}, True, {"NS": 120, "EW": 112}, {"NS": "120", "EW": "112"}),
    ("E22", {"NS": 162, "EW": 0}, {}, {"NS": 20}, True, {"NS": 182, "EW": 0}, {"NS": "182", "EW": "-"}),
]
