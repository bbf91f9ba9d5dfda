"""A 95 % margin as the course prints it: never "± 0.00" (chapter 9: no ± is 0).

A margin that rounds to nothing at the digits shown is printed as the bound it is, "± <0.01"; a margin of exactly 0
(every sample alike) says so when the number of samples is known; an infinite one (one sample) is "± ?".
"""

from __future__ import annotations

import math

Z95 = 1.96  # a 95 % interval is the mean ± 1.96 standard errors (the samples are many and independent)


def half_width(sd: float, samples: int) -> float:
    """The half-width of a mean's 95 % interval, from its samples' standard deviation and how many they are."""
    return Z95 * sd / math.sqrt(samples)


def plus_minus(margin: float, digits: int = 2, samples: int | None = None, unit: str = "samples") -> str:
    """A margin with its sign: '± 0.05', '± <0.01' (rounds to nothing), '± ?' (unknown), never '± 0.00'; a margin
    of exactly 0 over a known number of samples: '(the same in all 400 samples)', in the caller's ``unit``."""
    if not math.isfinite(margin):
        return "± ?"
    if margin < 0:
        raise ValueError(f"a margin is never negative, not {margin}")
    if margin == 0 and samples:
        return f"(the same in all {samples} {unit})"
    if round(margin, digits) == 0:
        return f"± <{10**-digits:.{digits}f}"
    return f"± {margin:.{digits}f}"


def signed(value: float, margin: float, digits: int = 2, samples: int | None = None, unit: str = "samples") -> str:
    """A signed value with its margin: '+0.45 ± 0.30', '+1.00 ± <0.01'."""
    return f"{value:+.{digits}f} {plus_minus(margin, digits, samples, unit)}"


def percent(share: float, margin: float, digits: int = 0) -> str:
    """A share with its margin, in percent: '62% ± 8%', '100% ± <1%', '12.5% ± 0.4%' (digits=1)."""
    bound = plus_minus(100 * margin, digits)
    return f"{share:.{digits}%} {bound}{'' if bound.endswith(('?', ')')) else '%'}"


def deals_to_decide(margin: float, deals: int, small: float = 0.1) -> int:
    """How many deals would narrow this margin (it shrinks as 1/√n) to half of ``small``: then a difference is either
    beyond its margin (decided) or within ± small (shown small), whatever its size."""
    if deals < 1 or not math.isfinite(margin) or small <= 0:
        raise ValueError(f"a margin from {deals} deals cannot say how many would decide it")
    return max(deals, math.ceil(deals * (2 * margin / small) ** 2))


def shown_small(mean: float, margin: float, small: float = 0.1) -> bool:
    """Whether the whole interval of a difference lies within ± small: 'as good as' shown, not merely not refuted."""
    return abs(mean) + margin < small


assert half_width(1.0, 4) == 0.98
assert deals_to_decide(0.1, 800) == 3200 and deals_to_decide(0.01, 800) == 800
assert shown_small(0.01, 0.05) and not shown_small(0.01, 0.12)
assert percent(0.625, 0.081) == "62% ± 8%" and percent(1, 0.004) == "100% ± <1%"
assert percent(0.125, 0.0004, 1) == "12.5% ± <0.1%"
assert plus_minus(0.051) == "± 0.05" and plus_minus(0.004) == "± <0.01" and plus_minus(0.0) == "± <0.01"
assert plus_minus(math.inf) == "± ?" and plus_minus(0.0, 3) == "± <0.001" and signed(1, 0.0) == "+1.00 ± <0.01"
assert plus_minus(0.0, samples=400) == "(the same in all 400 samples)"
assert signed(1, 0, samples=9, unit="deals") == "+1.00 (the same in all 9 deals)"
