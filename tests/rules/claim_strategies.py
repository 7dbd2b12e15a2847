"""Hypothesis strategies for claims: rulings of any sides and items."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.rules.claims import Item, Ruling

sides = st.lists(st.sampled_from(["A", "B", "C", "D"]), min_size=2, max_size=4, unique=True)


@st.composite
def rulings(draw: st.DrawFn) -> Ruling:
    names = draw(sides)
    items = []
    scores = {}
    for side in names:
        parts = draw(st.lists(st.integers(0, 200), max_size=4))
        items.extend(Item(side, f"item{n}", points, "x-1.1") for n, points in enumerate(parts))
        scores[side] = sum(parts)
    names_declared = tuple(f"item{n}" for n in range(4))
    return Ruling(scores, "x-1", tuple(items), item_names=names_declared, additive=True)
