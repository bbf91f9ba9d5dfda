"""The ± of the coach's expected points (``coach.points_margin``) covers the true mean 95 % of the time, also when
a deal's points take few values and one of them is rare (issue 28: the plain normal interval covered 86-93 %)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable

import pytest

from cardlib import coach


def coverage(margin: Callable[[list[float]], float], law: dict[float, float], worlds: int = 160) -> float:
    """How often, in 2000 samples of some worlds drawn from a law of points, the mean ± margin holds the law's mean."""
    rng = random.Random(28)
    values, chances = list(law), list(law.values())
    truth = sum(v * p for v, p in law.items())
    covered = 0
    for _ in range(2000):
        points = rng.choices(values, chances, k=worlds)
        covered += abs(statistics.fmean(points) - truth) <= margin(points) + 1e-9
    return covered / 2000


def normal_margin(points: list[float]) -> float:
    """The plain normal ± (the coach's before): 1.96 standard errors."""
    return coach.mean_and_margin(points)[1]


RARE = [{-1.0: 0.03, 1.0: 0.97}, {2.0: 0.955, 3.0: 0.045}]  # a loss in 3 % of worlds; Écarté's 9♠ of the audit


@pytest.mark.parametrize("law", RARE)
def test_a_rare_outcome_is_covered_95_percent_of_the_time(law: dict[float, float]) -> None:
    assert coverage(coach.points_margin, law) >= 0.94
    assert coverage(normal_margin, law) < 0.94  # the normal interval's (86 %, 93 %): the test sees the difference


def test_balanced_outcomes_keep_the_normal_margin() -> None:
    points = [1.0, -1.0] * 80
    assert coach.points_margin(points) == pytest.approx(normal_margin(points), rel=0.01)


def test_the_margin_of_a_hint_is_this_one_and_one_world_knows_nothing() -> None:
    assert coach.estimate_of(coach.WAIT, [2.0, 2.0, 3.0]).points_margin == coach.points_margin([2.0, 2.0, 3.0])
    assert coach.points_margin([1.0]) == math.inf and coach.points_margin([1.0, 1.0]) == 0.0
