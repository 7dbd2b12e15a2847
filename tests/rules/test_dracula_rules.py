"""The worked examples of shared/rules/dracula.md (E1–E13) and properties of the scoring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, TooManyCopiesError, parse_card, parse_cards
from referee.errors import LayoutError
from referee.rules.dracula import (
    DRACULA_PACK,
    card_value,
    check_moves,
    check_placement,
    parse_cell,
    parse_layout,
    score_coffin,
    score_line,
    settle_pair,
)
from referee.rules.dracula.options import OPTIONS
from referee.rules.options import parse_options

DEFAULTS = parse_options(OPTIONS, {})


def grid(text: str) -> list[list[str | None]]:
    """``"7H 8H 9H / 2C QS 5D / KD 4C 10S"``, with ``.`` for an empty cell."""
    return [[None if t == "." else t for t in row.split()] for row in text.split("/")]


def layout(text: str):
    return parse_layout(grid(text), DRACULA_PACK)


# E1 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "row", "column"),
    [("QS", 10, 0), ("KD", 0, 10), ("JC", 0, 0), ("JO", 0, 0), ("AS", 1, 1), ("10H", 10, 10), ("7C", 7, 7)],
)
def test_e1_card_values(card: str, row: int, column: int) -> None:
    assert card_value(parse_card(card), "row") == row
    assert card_value(parse_card(card), "column") == column


# E2 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "where", "score", "factor"),
    [
        ("8H 3H 8C", "r1", 38, 2),
        ("8H 9H 10D", "r1", 81, 3),
        ("8H 9H 10H", "c2", 135, 5),
        ("2S 3C 4S", "r2", 27, 3),
        ("QH 5H 9C", "r1", 48, 2),
        ("QH 5H 9C", "c1", 28, 2),
        ("KC KS 10C", "c3", 90, 3),
        ("KC KS 10C", "r3", 30, 3),
        ("JD QD KD", "r1", 50, 5),
        ("JD QD KD", "c1", 50, 5),
        ("5H 5D 5C", "r1", 15, 1),
        ("JO 10H 10D", "r2", 0, 0),
    ],
)
def test_e2_single_lines(cards: str, where: str, score: int, factor: int) -> None:
    line = score_line(where, parse_cards(cards), 2, DEFAULTS)
    assert line.score == score
    assert line.factor == factor
    assert line.rule == ("dracula-4.5" if factor == 0 else "dracula-4.3")


# E3–E5 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rows", "columns", "queen", "king"),
    [
        ("7H 8H 9H / 2C QS 5D / KD 4C 10S", [120, 17, 14], [19, 12, 24], 120, 24),
        ("10C 10S 10H / 10D 2C 3S / KH 4D 5C", [30, 15, 9], [30, 16, 18], 15, 18),
        ("9D 10D JO / 5H 6H 7H / 2S 3C 4S", [0, 90, 27], [16, 19, 0], 90, 19),
    ],
    ids=["E3", "E4", "E5"],
)
def test_e3_to_e5_coffins(text: str, rows: list[int], columns: list[int], queen: int, king: int) -> None:
    result = score_coffin(layout(text), 2, DEFAULTS)
    assert [line.score for line in result.rows] == rows
    assert [line.score for line in result.columns] == columns
    assert result.scores == {"queen": queen, "king": king}
    assert all(step.rule.startswith("dracula-") for step in result.explanation)


def test_e4_explanation_walks_the_cascade() -> None:
    result = score_coffin(layout("10C 10S 10H / 10D 2C 3S / KH 4D 5C"), 2, DEFAULTS)
    rules = result.explanation.rules()
    assert "dracula-5.1" in rules and "dracula-5.3" in rules
    assert any("tie at 30" in step.text for step in result.explanation)


def test_all_levels_tied_nobody_scores_by_default() -> None:
    tied = layout("8H 9C 3S / 10C AS AH / 2S 2H AC")
    assert score_coffin(tied, 2, DEFAULTS).scores == {"queen": 0, "king": 0}
    third = parse_options(OPTIONS, {"all_tied": "score_third"})
    assert score_coffin(tied, 2, third).scores == {"queen": 5, "king": 5}


# E6–E9 placement ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "legal", "illegal"),
    [
        (". . . / . 7H . / . . .", ["r1c2", "r2c1", "r2c3", "r3c2"], ["r1c1", "r2c2"]),
        (". 8S . / . 7H . / . . .", ["r1c1", "r1c3"], ["r3c1"]),
        (". . . / . 7H 8S / . . 9D", ["r3c2", "r1c3"], ["r1c1"]),
    ],
    ids=["E6", "E7", "E8"],
)
def test_e6_to_e8_placement(text: str, legal: list[str], illegal: list[str]) -> None:
    grid_ = layout(text)
    for cell in legal:
        assert check_placement(grid_, parse_cell(cell)).legal, cell
    for cell in illegal:
        verdict = check_placement(grid_, parse_cell(cell))
        assert not verdict.legal, cell
        assert verdict.reasons.rules()[0] in {"dracula-3.2", "dracula-10.4"}


def test_corner_only_reason_is_named() -> None:
    verdict = check_placement(layout(". . . / . 7H . / . . ."), parse_cell("r1c1"))
    assert "corner" in verdict.reasons.steps[0].text


def test_empty_grid_only_centre_unless_option() -> None:
    empty = layout(". . . / . . . / . . .")
    assert check_placement(empty, parse_cell("r2c2")).legal
    assert not check_placement(empty, parse_cell("r1c1")).legal
    assert check_placement(empty, parse_cell("r1c1"), first_card_anywhere=True).legal


def _moves(cells: str, by: list[str]):
    from referee.rules.dracula.layout import Move

    cards = iter(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C"))
    return [Move(who, parse_cell(cell), next(cards)) for cell, who in zip(cells.split(), by, strict=True)]


def test_e9_dealer_first_and_fifth_card_are_invalid() -> None:
    cells = "r1c2 r2c1 r1c1 r2c3 r1c3 r3c2 r3c1 r3c3"
    good = _moves(cells, ["N", "D"] * 4)
    _, reasons = check_moves(Card("7", "H"), good, dealer="D", non_dealer="N")
    assert reasons.steps == []
    _, reasons = check_moves(Card("7", "H"), _moves(cells, ["D", "N"] * 4), dealer="D", non_dealer="N")
    assert "never places first" in reasons.steps[0].text and reasons.steps[0].rule == "dracula-3.1"
    fifth = _moves(cells + " r3c3", ["N", "D"] * 4 + ["N"])[:9]
    _, reasons = check_moves(Card("7", "H"), fifth, dealer="D", non_dealer="N")
    assert any(step.rule == "dracula-10.5" for step in reasons)


# E10 the six-deal game ------------------------------------------------------------------------


def test_e10_winner_adds_the_difference() -> None:
    deals = [(120, 24), (15, 18), (11, 1), (0, 0), (90, 19), (40, 150)]
    result = settle_pair(("queen", "king"), deals)
    assert result.totals == {"queen": 276, "king": 212}
    assert result.final == {"queen": 340, "king": 212}
    assert result.winner == "queen"


def test_equal_totals_highest_single_deal_wins_and_adds_it() -> None:
    deals = [(50, 45), (30, 35), (20, 25), (0, 10), (40, 35), (60, 50)]
    result = settle_pair(("queen", "king"), deals)
    assert result.totals == {"queen": 200, "king": 200}
    assert result.winner == "queen" and result.final == {"queen": 260, "king": 200}
    last = settle_pair(("queen", "king"), deals, "last_deal")
    assert last.winner == "queen" and last.final == last.totals


def test_equal_totals_and_equal_highest_deal_is_a_draw() -> None:
    result = settle_pair(("queen", "king"), [(60, 20), (40, 60), (0, 20), (0, 0), (0, 0), (0, 0)])
    assert result.winner is None and result.final == {"queen": 100, "king": 100}


# E11, E12 4 and 3 players ---------------------------------------------------------------------


def test_e11_four_players_score_the_e3_grid_as_partnerships() -> None:
    result = score_coffin(layout("7H 8H 9H / 2C QS 5D / KD 4C 10S"), 4, DEFAULTS)
    assert result.scores == {"rows": 120, "columns": 24}


def test_three_player_vampire_line_is_doubled_not_zeroed() -> None:
    result = score_coffin(layout("9D 10D JO / 5H 6H 7H / 2S 3C 4S"), 3, DEFAULTS)
    # r1: 9D 10D JO = 19, two diamonds ×2, Vampire ×2 = 76; c3: JO 7H 4S = 11 ×1 ×2 = 22.
    assert [line.score for line in result.rows] == [76, 90, 27]
    assert [line.score for line in result.columns] == [16, 19, 22]
    assert result.scores == {"dealer": 90, "left": 76, "right": 27}


# E13 / dracula-10.1 accounting ----------------------------------------------------------------


def test_a_card_twice_in_one_layout_names_both_cells() -> None:
    with pytest.raises(TooManyCopiesError) as raised:
        layout("7H 8H 9H / 2C QS 5D / KD 4C 7H")
    assert "r1c1" in raised.value.message and "r3c3" in raised.value.message


def test_three_vampires_are_too_many() -> None:
    with pytest.raises(TooManyCopiesError):
        layout("JO JO JO / 2C QS 5D / KD 4C 7H")


@pytest.mark.parametrize("bad", [[["7H"] * 3] * 2, [["7H", "8H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "7H 8H"])
def test_layout_that_is_not_three_by_three(bad: object) -> None:
    with pytest.raises(LayoutError):
        parse_layout(bad, DRACULA_PACK)


# properties ------------------------------------------------------------------------------------


def _rows(cards: list[Card]) -> tuple:
    return tuple(tuple(cards[i : i + 3]) for i in (0, 3, 6))


full_layouts = st.permutations(DRACULA_PACK.cards()).map(_rows)


@given(full_layouts, st.sampled_from([2, 3, 4]))
def test_scores_are_never_negative(grid_: tuple, players: int) -> None:
    result = score_coffin(grid_, players, DEFAULTS)
    assert all(v >= 0 for v in result.scores.values())
    assert all(line.score >= 0 for line in (*result.rows, *result.columns))


@given(st.lists(st.integers(0, 400), min_size=3, max_size=3), st.lists(st.integers(0, 400), min_size=3, max_size=3))
def test_cascade_is_symmetric(a: list[int], b: list[int]) -> None:
    from referee.rules.dracula import cascade

    forward = cascade(a, b, ("A", "B"), "no_score").scores
    backward = cascade(b, a, ("B", "A"), "no_score").scores
    assert forward == (backward[1], backward[0])


no_court = [c for c in DRACULA_PACK.cards() if c.rank not in ("Q", "K")]


@given(st.permutations(no_court).map(lambda cards: cards[:9]))
def test_transposing_swaps_the_two_players_without_queens_or_kings(cards: list[Card]) -> None:
    grid_ = tuple(tuple(cards[i : i + 3]) for i in (0, 3, 6))
    transposed = tuple(tuple(grid_[r][c] for r in range(3)) for c in range(3))
    straight = score_coffin(grid_, 2, DEFAULTS).scores
    flipped = score_coffin(transposed, 2, DEFAULTS).scores
    assert straight == {"queen": flipped["king"], "king": flipped["queen"]}


AROUND_CENTRE = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"]


@given(st.permutations(AROUND_CENTRE))
def test_a_deals_order_and_the_order_check_judge_placements_alike(cells: list[str]) -> None:
    from referee.errors import FieldError
    from referee.rules.dracula import DRACULA
    from referee.rules.dracula.layout import Move
    from referee.rules.game import MatchSetup

    coffin = layout("7H 8H 9H / 2C QS 5D / KD 4C 10S")
    moves = [
        Move("N" if n % 2 == 0 else "D", parse_cell(c), coffin[int(c[1]) - 1][int(c[3]) - 1])
        for n, c in enumerate(cells)
    ]
    _, reasons = check_moves(coffin[1][1], moves, dealer="D", non_dealer="N")
    try:
        DRACULA.check_entry(
            MatchSetup(("D", "N"), options=DEFAULTS),
            {"layout": grid("7H 8H 9H / 2C QS 5D / KD 4C 10S"), "order": cells},
        )
    except FieldError as error:
        assert reasons.steps and error.location == ("order", int(reasons.steps[0].message.param("number") or 0))
    else:
        assert reasons.steps == []
