"""Correcting any play of an Iceberg play log: the later plays keep their melds and are judged again, all at once."""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import FieldError, InputError
from referee.rules.game import MatchSetup
from referee.rules.iceberg import ICEBERG, parse_plays, replay
from referee.rules.iceberg.deck import pack_for
from referee.rules.iceberg.playlog import Action, corrected

PLAYERS = ("Ann", "Bob", "Cid")
PACK = pack_for(1)
#: Bob's run is meld 1, Ann's queens meld 2, Cid's 2s meld 3; lay-offs follow on 1, 2 and 3.
LOG = [
    {"player": "Bob", "meld": ["4H", "5H", "6H"]},
    {"player": "Ann", "meld": ["QS", "QD", "QC"]},
    {"player": "Cid", "meld": ["2S", "2D", "2C"]},
    {"player": "Cid", "layoff": ["7H"], "onto": 1},
    {"player": "Bob", "layoff": ["QH"], "onto": 2},
    {"player": "Ann", "layoff": ["2H"], "onto": 3},
]


def plays(log: list[dict[str, Any]]) -> list[Action]:
    return parse_plays(log, PLAYERS, PACK)


def as_log(actions: list[Action]) -> list[dict[str, Any]]:
    return [a.as_dict() for a in actions]


def setup() -> MatchSetup:
    return MatchSetup(PLAYERS, first_dealer=0, options=ICEBERG.parse_options({}))


def test_a_meld_taken_out_renumbers_the_lay_offs_after_it() -> None:
    # Play 2 was no meld of queens but Ann's lay-off of 3H on the run: meld 3 becomes meld 2.
    fixed = corrected(plays(LOG[:4] + LOG[5:]), 2, Action("Ann", "layoff", tuple(PACK.parse(["3H"])), 1))
    assert as_log(fixed)[1:] == [
        {"player": "Ann", "layoff": ["3H"], "onto": 1},
        {"player": "Cid", "meld": ["2S", "2D", "2C"]},
        {"player": "Cid", "layoff": ["7H"], "onto": 1},
        {"player": "Ann", "layoff": ["2H"], "onto": 2},
    ]
    result = replay(fixed, PLAYERS, 1, {})
    assert result.in_play == {"Ann": 40 + 40, "Bob": 30, "Cid": 30 + 50}


def test_a_meld_put_in_renumbers_the_lay_offs_after_it() -> None:
    log = [LOG[0], LOG[3], LOG[1], LOG[4]]
    # Play 2 was no lay-off but Cid's run of clubs: the queens become meld 3, and Bob's QH goes with them.
    fixed = corrected(plays(log), 2, Action("Cid", "meld", tuple(PACK.parse(["9C", "10C", "JC"]))))
    assert as_log(fixed)[3] == {"player": "Bob", "layoff": ["QH"], "onto": 3}
    result = replay(fixed, PLAYERS, 1, {})
    assert [m.number for m in result.table] == [1, 2, 3]
    assert result.table[2].layoffs == [("Bob", tuple(PACK.parse(["QH"])))]


def test_a_meld_with_lay_offs_on_it_is_not_taken_out() -> None:
    with pytest.raises(FieldError) as raised:
        corrected(plays(LOG), 2, None)
    assert raised.value.field == "play"
    assert "play 5 lays cards on meld 2, which this correction takes off the table" in raised.value.message


def test_removing_a_play() -> None:
    fixed = corrected(plays(LOG), 4, None)
    assert len(fixed) == 5 and as_log(fixed)[3] == LOG[4]


def test_a_lenient_replay_reports_every_play_a_correction_made_illegal() -> None:
    # Play 1 corrected from 4H 5H 6H to 8S 9S 10S: Cid's 7H no longer fits meld 1. Play 3 corrected to an
    # illegal meld: Ann's 2H on meld 3 cannot go on it; meld 3 keeps its number.
    log = [{"player": "Bob", "meld": ["8S", "9S", "10S"]}, LOG[1], {"player": "Cid", "meld": ["2S", "3D", "2C"]}]
    result = replay(plays(log + LOG[3:]), PLAYERS, 1, {}, lenient=True)
    assert sorted(result.refused) == [3, 4, 6]
    assert "meld 3 was refused" in result.refused[6].message
    assert result.refused[4].location == ("log", 4)
    # The plays that stand are scored: Bob's run 30 and QH on the queens 40; Ann's queens 30.
    assert result.in_play == {"Ann": 30, "Bob": 30 + 40, "Cid": 0}
    assert [m.number for m in result.table] == [1, 2]


def test_the_entry_reports_every_illegal_play_at_once() -> None:
    log = [{"player": "Bob", "meld": ["8S", "9S", "10S"]}, *LOG[1:]]
    entry = {"mode": "log", "log": log, "hands": {"Ann": [], "Bob": ["3C"], "Cid": ["KD"]}}
    with pytest.raises(InputError) as raised:
        ICEBERG.check_entry(setup(), {**entry, "hands": {**entry["hands"], "Bob": ["XX"]}})
    assert sorted(e.location[:2] for e in raised.value.each()) == [("hands", "Bob"), ("log", 4)]


def test_a_log_read_leniently_for_the_form() -> None:
    log = [{"player": "Bob", "meld": ["8S", "9S", "10S"]}, *LOG[1:]]
    with pytest.raises(FieldError):
        ICEBERG.replay_log(setup(), log)
    assert list(ICEBERG.replay_log(setup(), log, lenient=True).refused) == [4]


def test_a_correction_renumbers_the_melds_a_lay_off_joins() -> None:
    """A meld put in before them shifts both the meld a lay-off goes on and the melds it joins
    (iceberg-4.4); taking out a meld a later lay-off joins is refused like one it lays cards on."""
    log = [
        {"player": "Bob", "meld": ["4H", "5H", "6H"]},
        {"player": "Ann", "aces": ["AS"]},
        {"player": "Cid", "meld": ["8H", "9H", "10H"]},
        {"player": "Ann", "layoff": ["7H"], "onto": 1, "joins": [2]},
    ]
    fixed = corrected(plays(log), 2, Action("Ann", "meld", tuple(PACK.parse(["2S", "2D", "2C"]))))
    assert as_log(fixed)[3] == {"player": "Ann", "layoff": ["7H"], "onto": 1, "joins": [3]}
    with pytest.raises(FieldError) as raised:
        corrected(plays(log), 3, Action("Cid", "aces", tuple(PACK.parse(["AC"]))))
    assert "play 4 lays cards on meld 2" in raised.value.message
