"""Iceberg on the score sheet: the two entry modes, scoring, dealer rotation and the end of a match."""

from __future__ import annotations

import pytest

from referee.cards import Card
from referee.errors import FieldError, InputError, TotalError
from referee.rules.game import DealContext, MatchSetup
from referee.rules.iceberg import ICEBERG
from referee.rules.iceberg.joining import closed_by

THREE = ("Ann", "Bob", "Cid")
FOUR = ("Ann", "Bob", "Cid", "Dee")


def setup_for(players: tuple[str, ...] = THREE, **options: object) -> MatchSetup:
    return MatchSetup(players, first_dealer=0, options={**ICEBERG.parse_options({}), **options})


def score(entry: dict, players: tuple[str, ...] = THREE, **options: object):  # type: ignore[no-untyped-def]
    setup = setup_for(players, **options)
    canonical = ICEBERG.check_entry(setup, entry)
    return ICEBERG.score_deal(setup, canonical, DealContext(number=1, dealer=players[0]))


LOG = {
    "mode": "log",
    "log": [
        {"player": "bob", "aces": ["as"]},
        {"player": "Bob", "meld": ["4h", "5h", "6h"]},
        {"player": "Cid", "layoff": ["7H", "3H"], "onto": 1},
        {"player": "Ann", "meld": ["QS", "QD"]},
        {"player": "Bob", "layoff": ["QC"], "onto": 2},
        {"player": "Cid", "meld": ["3D", "6S", "9C"]},
    ],
    "hands": {"Ann": [], "Bob": ["8H", "2C", "KD"], "Cid": ["QH", "8C"]},
}


def test_log_entry_is_canonical() -> None:
    entry = {**LOG, "log": LOG["log"][:5]}
    canonical = ICEBERG.check_entry(setup_for(), entry)
    assert canonical["log"][0] == {"player": "Bob", "aces": ["AS"]}
    assert canonical["log"][2] == {"player": "Cid", "layoff": ["7H", "3H"], "onto": 1}
    assert canonical["hands"] == {"Ann": [], "Bob": ["8H", "2C", "KD"], "Cid": ["QH", "8C"]}


def test_an_illegal_play_names_the_play_and_the_clause() -> None:
    with pytest.raises(FieldError) as raised:
        ICEBERG.check_entry(setup_for(), LOG)
    assert raised.value.field == "log"
    assert "play 6" in raised.value.message and "iceberg-9.3" in raised.value.message


def test_scores_are_derived_from_the_log() -> None:
    entry = {**LOG, "log": LOG["log"][:5]}
    result = score(entry)
    players = result.details["players"]
    # Bob: AS +20, run 30, QC on the pair 20; hand 8H 2C KD against the table.
    assert players["Bob"]["in_play"] == 50 and players["Bob"]["aces"] == 1
    # Bob's 8H brings 3H–7H to 6 cards (60); 2C and KD are left: −60 − 20.
    assert players["Bob"]["leftover"]["best_points"] == 60
    assert players["Bob"]["penalty"] == -80
    assert result.scores["Bob"] == 50 + 20 - 80
    # Cid: 7H 40 + 3H 50; QH on the set of queens (4th card 40), 8C nothing: −40 − 10.
    assert result.scores["Cid"] == 90 - 50
    # Ann: pair 10, went out.
    assert result.scores["Ann"] == 10
    assert result.details["table"][0]["cards"] == ["3H", "4H", "5H", "6H", "7H"]
    assert result.details["table"][0]["layoffs"] == [{"player": "Cid", "cards": ["7H", "3H"]}]
    assert result.details["ended"] == {"out": "Ann", "last_ace_by": None}
    assert str(result.summary) == "Ann went out; Ann 10, Bob -10, Cid 40"
    assert [p["points"] for p in result.details["log"]] == [20, 30, 90, 10, 20]
    assert all(step.rule.startswith("iceberg-") for step in result.explanation)


def test_quick_entry_gives_the_same_scores() -> None:
    quick = {
        "mode": "quick",
        "played": {"Ann": 10, "Bob": 50, "Cid": 90},
        "aces": {"Bob": 1},
        "table": [["3H", "4H", "5H", "6H", "7H"], ["QS", "QD", "QC"]],
        "hands": LOG["hands"] | {"Cid": ["QH", "8C"]},
    }
    assert score(quick).scores == score({**LOG, "log": LOG["log"][:5]}).scores


def test_quick_mode_is_inferred_from_played() -> None:
    entry = {"played": {"Ann": 30}, "table": [["2S", "3S", "4S"]], "hands": {"Ann": [], "Bob": ["9D"], "Cid": ["KC"]}}
    assert ICEBERG.check_entry(setup_for(), entry)["mode"] == "quick"


def test_quick_points_must_add_up_to_the_table() -> None:
    entry = {
        "mode": "quick",
        "played": {"Ann": 40},
        "table": [["2S", "3S", "4S"]],
        "hands": {"Ann": [], "Bob": ["9D"], "Cid": ["KC"]},
    }
    with pytest.raises(TotalError) as raised:
        ICEBERG.check_entry(setup_for(), entry)
    assert raised.value.code == "bad_total" and raised.value.field == "played"


def test_quick_points_are_multiples_of_ten() -> None:
    entry = {
        "mode": "quick",
        "played": {"Ann": 25, "Bob": 5},
        "table": [["2S", "3S", "4S"]],
        "hands": {"Ann": [], "Bob": ["9D"], "Cid": ["KC"]},
    }
    with pytest.raises(InputError) as raised:
        ICEBERG.check_entry(setup_for(), entry)
    # Both players' points are refused at once, each at its place.
    errors = raised.value.each()
    assert all(isinstance(e, TotalError) for e in errors)
    assert [e.location for e in errors] == [("played", "Ann"), ("played", "Bob")]


def test_four_players_play_with_two_decks() -> None:
    entry = {
        "mode": "log",
        "log": [{"player": "Dee", "meld": ["7H", "7H", "7C"]}, {"player": "Ann", "layoff": ["7C"], "onto": 1}],
        "hands": {"Ann": ["KS"], "Bob": ["KS"], "Cid": ["2D"], "Dee": []},
    }
    result = score(entry, FOUR)
    assert result.details["decks"] == 2
    assert result.scores == {"Ann": 40 - 10, "Bob": -10, "Cid": -10, "Dee": 30}


def test_no_pairs_with_two_decks() -> None:
    hands = {"Ann": ["2S"], "Bob": ["3S"], "Cid": ["4S"], "Dee": []}
    entry = {"mode": "log", "log": [{"player": "Dee", "meld": ["7H", "7C"]}], "hands": hands}
    with pytest.raises(FieldError) as raised:
        ICEBERG.check_entry(setup_for(FOUR), entry)
    assert "iceberg-3.1" in raised.value.message


def test_parallel_melds_when_forbidden() -> None:
    entry = {
        "mode": "log",
        "log": [
            {"player": "Ann", "meld": ["5H", "6H", "7H"]},
            {"player": "Bob", "meld": ["6H", "7H", "8H"]},
        ],
        "hands": {"Ann": [], "Bob": ["2S"], "Cid": ["2S"], "Dee": ["3S"]},
    }
    assert score(entry, FOUR).scores["Bob"] == 30 - 10
    with pytest.raises(FieldError) as raised:
        score(entry, FOUR, parallel_melds="forbidden")
    assert "iceberg-3.7" in raised.value.message


JOIN_LOG = [
    {"player": "Ann", "meld": ["3H", "4H", "5H"]},
    {"player": "Bob", "meld": ["7H", "8H", "9H"]},
    {"player": "Cid", "layoff": ["6H"], "onto": 1},
    {"player": "Ann", "layoff": ["10H"], "onto": 1},
]


def test_runs_never_join_by_default() -> None:
    """E10 in a play log: 6H goes on meld 1 only; 10H then does not touch meld 1."""
    result = ICEBERG.replay_log(setup_for(), JOIN_LOG[:3])
    assert [m.strings() for m in result.melds] == [["3H", "4H", "5H", "6H"], ["7H", "8H", "9H"]]
    assert result.in_play["Cid"] == 40
    with pytest.raises(FieldError) as raised:
        ICEBERG.replay_log(setup_for(), JOIN_LOG)
    assert "play 4" in raised.value.message and "iceberg-9.4" in raised.value.message


def test_merge_runs_joins_the_runs_and_the_joined_run_grows() -> None:
    result = ICEBERG.replay_log(setup_for(merge_runs=True), JOIN_LOG)
    assert [m.strings() for m in result.melds] == [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]]
    # 6H brings the joined run to 7 cards (70); 10H to 8 (80).
    assert result.in_play == {"Ann": 30 + 80, "Bob": 30, "Cid": 70}
    assert result.plays[2].rule == "iceberg-4.4" and "meld 2 joins meld 1" in str(result.plays[2].text)
    assert result.table[1].joined_into == 1 and result.table[1].as_dict()["joined_into"] == 1
    with pytest.raises(FieldError) as raised:
        ICEBERG.replay_log(setup_for(merge_runs=True), [*JOIN_LOG[:3], {"player": "Ann", "layoff": ["10H"], "onto": 2}])
    assert "meld 2 was joined to meld 1" in raised.value.message and "iceberg-4.4" in raised.value.message


def test_merge_runs_reaches_the_leftover_of_a_deal() -> None:
    """Cid keeps 6H: against 3H–5H and 7H–9H it joins them for 70 instead of 40 (E10)."""
    entry = {"mode": "log", "log": JOIN_LOG[:2], "hands": {"Ann": [], "Bob": ["2S"], "Cid": ["6H"]}}
    assert score(entry).details["players"]["Cid"]["leftover"]["best_points"] == 40
    assert score(entry, merge_runs=True).details["players"]["Cid"]["leftover"]["best_points"] == 70


#: iceberg-4.4's example in a play log, two decks: 7S–9S and JS–KS, then 10S and JS.
RULED_LOG = [
    {"player": "Ann", "meld": ["7S", "8S", "9S"]},
    {"player": "Bob", "meld": ["JS", "QS", "KS"]},
    {"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": []},
    {"player": "Dee", "layoff": ["JS"], "onto": 1},
]


def test_a_lay_off_that_says_it_joins_nothing_goes_on_one_run() -> None:
    """iceberg-4.4: joining is the player's choice. 10S goes on 7S–9S alone (40), so JS can follow
    it (50); the log says so with ``"joins": []``, and the text says the runs were not joined."""
    result = ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), RULED_LOG)
    assert result.in_play == {"Ann": 30, "Bob": 30, "Cid": 40, "Dee": 50}
    assert [m.strings() for m in result.melds] == [["7S", "8S", "9S", "10S", "JS"], ["JS", "QS", "KS"]]
    assert result.plays[2].rule == "iceberg-4.4" and "Cid chooses not to join" in str(result.plays[2].text)
    assert result.plays[2].declined == (2,) and result.plays[2].as_dict()["declined"] == [2]
    assert result.plays[2].play.as_dict()["joins"] == []


def test_a_lay_off_that_says_it_joins_a_run_joins_it() -> None:
    log = [*RULED_LOG[:2], {"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": 2}]
    result = ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), log)
    assert result.in_play["Cid"] == 70 and result.table[1].joined_into == 1
    assert result.plays[2].play.as_dict()["joins"] == [2] and result.plays[2].number == 3
    # The explanation says the player chose to join; the play tells which meld it joined.
    assert "Cid chooses to join meld 2 to meld 1, one run" in str(result.plays[2].text)
    assert result.plays[2].joined == (2,) and result.plays[2].as_dict()["joined"] == [2]
    with pytest.raises(FieldError) as raised:
        ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), [*log, RULED_LOG[3]])
    assert "play 4" in raised.value.message and "iceberg-4.3" in raised.value.message


def test_a_lay_off_that_does_not_say_joins_the_runs_as_stored_logs_always_did() -> None:
    """A log stored before joining was a choice says nothing: its card joins the runs, as scored then."""
    log = [*RULED_LOG[:2], {"player": "Cid", "layoff": ["10S"], "onto": 1}]
    result = ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), log)
    assert result.in_play["Cid"] == 70 and result.table[1].joined_into == 1
    assert "joins" not in result.plays[2].play.as_dict()
    text = str(result.plays[2].text)
    assert "meld 2 joins meld 1 into one run" in text and "chooses" not in text


def test_the_runs_a_lay_off_could_join_and_the_cards_of_each_gap() -> None:
    """iceberg-4.4: a run of the same suit beyond a gap; a run inside the gap is joined on the way, so
    the far run needs only the cards of both gaps."""
    log = [
        {"player": "Ann", "meld": ["3H", "4H", "5H"]},
        {"player": "Bob", "meld": ["7H", "8H", "9H"]},
        {"player": "Cid", "meld": ["JH", "QH", "KH"]},
        {"player": "Dee", "meld": ["4S", "5S", "6S"]},
        {"player": "Ann", "meld": ["8C", "8D", "8S"]},
    ]
    gaps = ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), log).join_gaps()
    shown = {onto: {run: [str(c) for c in cards] for run, cards in found.items()} for onto, found in gaps.items()}
    assert shown == {
        1: {2: ["6H"], 3: ["6H", "10H"]},
        2: {1: ["6H"], 3: ["10H"]},
        3: {1: ["6H", "10H"], 2: ["10H"]},
    }
    assert closed_by(gaps[1], [Card("6", "H")]) == [2]
    assert closed_by(gaps[1], [Card("10", "H"), Card("6", "H")]) == [2, 3]
    assert closed_by(gaps[1], [Card("10", "H")]) == []


@pytest.mark.parametrize(
    ("joins", "merge", "reason"),
    [
        ([2], False, "runs never join unless the house rule"),
        ([1], True, "meld 1 cannot join itself"),
        ([3], True, "there is no meld 3 on the table (2 so far)"),
        ([2], True, "no card of `6S` closes the gap between `7S`–`9S` and `JS`–`KS`"),
    ],
)
def test_a_join_the_table_does_not_allow_is_refused(joins: list[int], merge: bool, reason: str) -> None:
    log = [*RULED_LOG[:2], {"player": "Cid", "layoff": ["6S"], "onto": 1, "joins": joins}]
    with pytest.raises(FieldError) as raised:
        ICEBERG.replay_log(setup_for(FOUR, merge_runs=merge), log)
    assert "play 3" in raised.value.message and reason in raised.value.message
    assert "iceberg-4.4" in raised.value.message


def test_joins_goes_with_a_lay_off_only_and_lists_meld_numbers() -> None:
    for play, word in (
        ({"player": "Cid", "meld": ["2H", "3H", "4H"], "joins": [1]}, "`joins` only goes with a lay-off"),
        ({"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": "2"}, "`joins` lists the numbers"),
        ({"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": [2, 2]}, "`joins` lists the numbers"),
        ({"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": [True]}, "`joins` lists the numbers"),
    ):
        with pytest.raises(FieldError) as raised:
            ICEBERG.replay_log(setup_for(FOUR, merge_runs=True), [*RULED_LOG[:2], play])
        assert word in raised.value.message and raised.value.location == ("log", 3)


def test_a_log_entry_keeps_what_each_lay_off_says_it_joins() -> None:
    entry = {"mode": "log", "log": RULED_LOG, "hands": {"Ann": [], "Bob": ["2C"], "Cid": ["3C"], "Dee": ["4C"]}}
    canonical = ICEBERG.check_entry(setup_for(FOUR, merge_runs=True), entry)
    assert canonical["log"][2] == {"player": "Cid", "layoff": ["10S"], "onto": 1, "joins": []}
    assert "joins" not in canonical["log"][3]


def test_finish_turn_lets_only_the_last_ace_holder_play_on() -> None:
    entry = {
        "mode": "log",
        "log": [
            {"player": "Ann", "aces": ["AS", "AH"]},
            {"player": "Bob", "aces": ["AD", "AC"]},
            {"player": "Cid", "meld": ["4D", "5D", "6D"]},
        ],
        "hands": {"Ann": ["2S"], "Bob": ["3S"], "Cid": ["9C"]},
    }
    with pytest.raises(FieldError) as raised:
        score(entry, last_ace="finish_turn")
    assert "iceberg-8.2" in raised.value.message
    entry["log"][2]["player"] = "Bob"
    entry["hands"]["Bob"], entry["hands"]["Cid"] = ["9C"], ["3S"]
    assert score(entry, last_ace="finish_turn").scores["Bob"] == 40 + 30 - 10


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hands": {"Ann": [], "Bob": []}}, "hands"),
        ({"hands": {"Ann": [], "Bob": ["2S"], "Cid": [], "Zed": ["3S"]}}, "hands"),
        ({"hands": {"Ann": [], "Bob": [], "Cid": ["9C"]}}, "hands"),
        ({"hands": {"Ann": ["2S"], "Bob": ["3S"], "Cid": ["9C"]}}, "hands"),
        ({"hands": {"Ann": [], "Bob": ["4H"], "Cid": ["9C"]}}, "hands"),
        ({"log": [{"player": "Zed", "meld": ["4H", "5H", "6H"]}]}, "log"),
        ({"log": [{"player": "Ann", "meld": ["4H", "5H", "6H"], "aces": ["AS"]}]}, "log"),
        ({"log": [{"player": "Ann", "layoff": ["7H"], "onto": 2}]}, "log"),
        ({"log": [{"player": "Ann", "layoff": ["7H"], "onto": "1"}]}, "log"),
        ({"log": [{"player": "Ann", "aces": ["5H"]}]}, "log"),
        ({"log": "Ann melds"}, "log"),
        ({"mode": "paper"}, "mode"),
    ],
)
def test_bad_entries(change: dict, field: str) -> None:
    entry = {
        "mode": "log",
        "log": [{"player": "Ann", "meld": ["4H", "5H", "6H"]}],
        "hands": {"Ann": [], "Bob": ["2S"], "Cid": ["9C"]},
    }
    entry.update(change)
    with pytest.raises(InputError) as raised:
        ICEBERG.check_entry(setup_for(), entry)
    assert raised.value.field == field


def test_a_card_twice_across_the_log_and_a_hand() -> None:
    entry = {
        "mode": "log",
        "log": [{"player": "Ann", "meld": ["4H", "5H", "6H"]}],
        "hands": {"Ann": [], "Bob": ["4H"], "Cid": ["9C"]},
    }
    with pytest.raises(InputError) as raised:
        ICEBERG.check_entry(setup_for(), entry)
    assert raised.value.code == "too_many_copies"


def out_deal(winner: str, points: int, players: tuple[str, ...] = THREE) -> dict:
    """A quick entry: ``winner`` goes out having melded spades worth ``points``; the others hold a 2."""
    length = next(n for n in range(3, 13) if 5 * n * (n + 1) - 30 == points)
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[:length]
    others = iter(["2H", "2D", "2C"])
    return {
        "mode": "quick",
        "played": {winner: points},
        "table": [[f"{r}S" for r in ranks]],
        "hands": {p: [] if p == winner else [next(others)] for p in players},
    }


def test_match_runs_to_the_target_and_the_deal_passes_left() -> None:
    setup = setup_for(target=1000)
    entries = [ICEBERG.check_entry(setup, out_deal("Ann", 750)), ICEBERG.check_entry(setup, out_deal("Bob", 330))]
    result = ICEBERG.score_match(setup, entries)
    assert [d.dealer for d in result.deals] == ["Ann", "Bob"]
    assert result.totals == {"Ann": 740, "Bob": 320, "Cid": -20}
    assert not result.finished and result.next_dealer == "Cid"
    entries.append(ICEBERG.check_entry(setup, out_deal("Ann", 330)))
    result = ICEBERG.score_match(setup, entries)
    assert result.finished and result.winner == "Ann"


def test_equal_highest_totals_play_on() -> None:
    setup = setup_for(target=100)
    entries = [ICEBERG.check_entry(setup, out_deal("Ann", 120)), ICEBERG.check_entry(setup, out_deal("Bob", 120))]
    result = ICEBERG.score_match(setup, entries)
    assert result.totals["Ann"] == result.totals["Bob"] == 110
    assert not result.finished and "another deal" in str(result.status)


def test_default_target_is_5000() -> None:
    assert ICEBERG.target(MatchSetup(THREE)) == 5000


def test_first_player_option() -> None:
    setup = setup_for()
    assert ICEBERG.first_player(setup, "Ann") == "Bob"
    assert ICEBERG.first_player(setup_for(first_player="dealer_right"), "Ann") == "Cid"


def test_options_are_those_of_the_rules_file() -> None:
    defaults = ICEBERG.parse_options({})
    assert defaults == {
        "penalty": "unplayable",
        "ace_scoring": "plus_20",
        "multiplier_scope": "net",
        "last_ace": "no_more_play",
        "leftover_tie": "fewest_unplayed",
        "parallel_melds": "allowed",
        "first_player": "dealer_left",
        "merge_runs": False,
        "target": 5000,
    }


def test_replay_log_gives_the_table_and_points_so_far() -> None:
    result = ICEBERG.replay_log(setup_for(), LOG["log"][:5])
    assert [m.strings() for m in result.melds] == [["3H", "4H", "5H", "6H", "7H"], ["QS", "QD", "QC"]]
    assert result.in_play == {"Ann": 10, "Bob": 50, "Cid": 90}
    assert result.aces == {"Ann": 0, "Bob": 1, "Cid": 0}
    with pytest.raises(InputError) as refused:
        ICEBERG.replay_log(setup_for(), [*LOG["log"][:2], {"player": "Cid", "meld": ["4H", "4D", "4C"]}])
    assert refused.value.code == "too_many_copies" and refused.value.field == "log"


def test_the_pack_follows_the_player_count() -> None:
    assert ICEBERG.pack(setup_for()).decks == 1
    assert ICEBERG.pack(setup_for(FOUR)).decks == 2
    assert not ICEBERG.pack(setup_for(FOUR)).jokers


def test_cards_go_on_no_special_and_no_run_joined_into_another() -> None:
    """iceberg-3.6 and iceberg-4.4: the melds a play may still lay a card on."""
    log = [
        {"player": "Ann", "meld": ["3S", "5S", "7S", "9S", "JS", "KS"]},
        *JOIN_LOG[:2],
        {"player": "Cid", "layoff": ["6H"], "onto": 2},
    ]
    assert [m.number for m in ICEBERG.replay_log(setup_for(merge_runs=True), log).targets] == [2]
    assert [m.number for m in ICEBERG.replay_log(setup_for(), log).targets] == [2, 3]


def test_points_so_far_count_aces_unless_they_multiply() -> None:
    """iceberg-2.4: +20 an ace as it is exposed; iceberg-8.1: with the multiplier aces score nothing."""
    log = [{"player": "Ann", "aces": ["AS", "AH"]}, {"player": "Bob", "meld": ["4H", "5H", "6H"]}]
    assert ICEBERG.replay_log(setup_for(), log).scored() == {"Ann": 40, "Bob": 30, "Cid": 0}
    assert ICEBERG.replay_log(setup_for(ace_scoring="multiplier"), log).scored() == {"Ann": 0, "Bob": 30, "Cid": 0}
