"""How many examples the property tests draw: Hypothesis profiles, scaled by what one example costs.

No test writes its own settings. ``HYPOTHESIS_PROFILE`` picks a profile: ``dev`` (the default) draws
new examples on every run; ``ci`` draws more, the same ones on every run (``derandomize``), so CI's
verdict never depends on the luck of a draw. A test whose every example goes through the app
(requests, pages, the database) is marked ``expensive`` and draws a share of the profile's examples,
the same ones on every run in every profile: its verdict on so few never depends on the draw.
Property tests judge outcomes, not speed (benchmarks in ``bench/`` do that): no per-example deadline,
which a busy machine would break.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, is_hypothesis_test, settings

settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("ci", settings.get_profile("dev"), max_examples=200, derandomize=True)

#: An expensive test draws this share of the profile's examples (at least ``EXPENSIVE_AT_LEAST``).
EXPENSIVE_SHARE = 1 / 5
EXPENSIVE_AT_LEAST = 10


def load_profile() -> None:
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def expensive() -> settings:
    """The loaded profile's settings for a test whose examples go through the app: fewer of them, the same
    on every run, and no health check on how slowly its data is drawn or on the app fixtures it shares
    between examples."""
    base = settings.default
    assert base is not None
    return settings(
        base,
        max_examples=max(EXPENSIVE_AT_LEAST, round(base.max_examples * EXPENSIVE_SHARE)),
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )


def apply_to(items: list[pytest.Item]) -> None:
    """Give each property test marked ``expensive`` the :func:`expensive` settings (once per function:
    the items of a parametrized test share it)."""
    done: set[int] = set()
    for item in items:
        function = getattr(item, "function", None)
        if function is None or id(function) in done or not is_hypothesis_test(function):
            continue
        if item.get_closest_marker("expensive"):
            expensive()(function)
            done.add(id(function))
