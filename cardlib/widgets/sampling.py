"""More samples, a narrower ±: the coach's estimates at one decision, redrawn for more or fewer imagined deals.

The coach (``cardlib.coach``) imagines deals that agree with what the seat has seen (*samples*), plays every option
out in the same ones, and gives each option's expected points with a 95 % margin. The margin shrinks like 1/√n:
four times the samples, half the ±. This widget lets a learner see it happen. Buttons choose how many samples the
coach imagines; a picture draws each option's estimate as a dot with its interval, on a scale that stays put, so
the intervals visibly narrow; the options the coach cannot tell from the best (*as good as* it) are drawn in the
best one's colour. Under the picture the same numbers in words (what a screen reader reads, and what ``print``
shows), and a line that compares the ± of every sample count asked for so far.

    >>> lab = SamplingLab(state, seat)          # doctest: +SKIP
    >>> lab.choose(400)                         # doctest: +SKIP

Nothing here knows a rule or a number of the coach: it draws what ``coach.hint`` answers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from .. import coach
from ..margins import percent, signed
from ..tricks import DealState
from .faces import escape

COUNTS = (25, 100, 400)  # each four times the last: each ± about half the last
BEST, OTHER = "#0072B2", "#D55E00"  # Okabe and Ito's blue and vermilion: distinct for colour-blind eyes too
WIDTH, ROW, LEFT, RIGHT, TOP = 640, 34, 150, 24, 52  # the picture's size and margins, in pixels


@dataclass(frozen=True)
class Scale:
    """Expected points from ``low`` to ``high``, drawn across the picture."""

    low: float
    high: float

    def x(self, points: float) -> float:
        """The horizontal pixel of a number of points (clipped to the scale)."""
        share = (min(max(points, self.low), self.high) - self.low) / (self.high - self.low)
        return LEFT + share * (WIDTH - LEFT - RIGHT)


def scale_for(hint: coach.Hint) -> Scale:
    """A scale wide enough for every interval of this hint (the widest the lab will show), in half points."""
    low = min(e.points - e.points_margin for e in hint.options)
    high = max(e.points + e.points_margin for e in hint.options)
    low, high = math.floor(min(low, 0.0) * 2) / 2, math.ceil(max(high, 0.0) * 2) / 2
    return Scale(low, high if high > low else low + 1)


def standing(hint: coach.Hint, estimate: coach.Estimate) -> str:
    """How the coach ranks an option: 'best', 'too close to tell from the best', or '' (clearly worse)."""
    if estimate.action == hint.options[0].action:
        return "best"
    return "too close to tell from the best" if estimate.action in hint.best else ""


def estimate_words(hint: coach.Hint) -> list[str]:
    """Each option's estimate in words, in the order the options are offered, with its standing."""
    lines = []
    for action in hint.outcomes:
        e = hint.estimate(action)
        rank = standing(hint, e)
        lines.append(
            f"{coach.option_text(action)}: {signed(e.points, e.points_margin)} points, ahead on the deal's points "
            f"{percent(e.win, e.win_margin)} of the time" + (f" ({rank})" if rank else "")
        )
    return lines


def interval_picture(hint: coach.Hint, scale: Scale) -> str:
    """An SVG picture: a row per option, its expected points as a dot and its 95 % interval as a bar."""
    words = estimate_words(hint)
    height = TOP + ROW * len(words) + 30
    title = f"Expected points of each option, with their 95 % intervals, from {hint.samples} samples"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-label="{escape(title)}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title><desc>{escape('; '.join(words))}</desc>",
        f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-weight="bold">{escape(title)}</text>',
        *legend(),
        *axis(scale, height),
    ]
    for row, action in enumerate(hint.outcomes):
        parts += interval_row(hint, hint.estimate(action), scale, TOP + ROW * row + ROW / 2)
    return "".join([*parts, "</svg>"])


def legend() -> list[str]:
    """What the two colours mean, under the title."""
    keys = [(BEST, "the best, and the options as good as it"), (OTHER, "clearly worse than the best")]
    parts, x = [], LEFT
    for colour, words in keys:
        parts.append(f'<circle cx="{x}" cy="32" r="5" fill="{colour}"/><text x="{x + 10}" y="36">{words}</text>')
        x += 40 + 6 * len(words)  # about 6 pixels a character at this size
    return parts


def axis(scale: Scale, height: int) -> list[str]:
    """Gridlines at every half point, labelled at the foot, and a darker line at 0 (the deal level)."""
    parts, steps = [], round((scale.high - scale.low) * 2)
    for step in range(steps + 1):
        value = scale.low + step / 2
        x, colour = scale.x(value), "#222" if value == 0 else "#ddd"
        label = "0" if value == 0 else f"{value:+g}"
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP - 6}" y2="{height - 26}" stroke="{colour}"/>'
            f'<text x="{x:.1f}" y="{height - 12}" text-anchor="middle">{label}</text>'
        )
    return parts


def interval_row(hint: coach.Hint, e: coach.Estimate, scale: Scale, y: float) -> list[str]:
    """One option's row: its name, its interval as a bar, its estimate as a dot."""
    colour = BEST if e.action in hint.best else OTHER
    low, high = scale.x(e.points - e.points_margin), scale.x(e.points + e.points_margin)
    return [
        f'<text x="{LEFT - 10}" y="{y + 4:.1f}" text-anchor="end">{escape(coach.option_text(e.action))}</text>',
        f'<path d="M{low:.1f} {y - 6:.1f}v12M{low:.1f} {y:.1f}H{high:.1f}M{high:.1f} {y - 6:.1f}v12" '
        f'stroke="{colour}" stroke-width="3" fill="none"/>',
        f'<circle cx="{scale.x(e.points):.1f}" cy="{y:.1f}" r="6" fill="{colour}"/>',
    ]


def typical_margin(hint: coach.Hint) -> float:
    """The options' ± on their expected points, on average (what more samples narrow)."""
    return sum(e.points_margin for e in hint.options) / len(hint.options)


def narrowing(hints: Mapping[int, coach.Hint]) -> str:
    """The ± for each sample count asked for so far, fewest first, each against √n: the 1/√n law in numbers."""
    said = [
        f"{n} samples: ± {typical_margin(hints[n]):.2f} points (± × √n = {typical_margin(hints[n]) * math.sqrt(n):.1f})"
        for n in sorted(hints)
    ]
    return "The options' ± on average — " + "; ".join(said) + "."


class SamplingLab(widgets.VBox):
    """The coach's estimates at one decision, for a number of samples the learner chooses, drawn as intervals."""

    def __init__(self, state: DealState, seat: int, counts: Sequence[int] = COUNTS, seed: int = 0) -> None:
        self.state, self.seat, self.seed = state, seat, seed
        self.hints: dict[int, coach.Hint] = {}
        self.samples = widgets.ToggleButtons(
            options=[(f"{n} samples", n) for n in counts],
            value=counts[0],
            description="Imagine",
            tooltips=[f"Let the coach imagine {n} deals" for n in counts],
        )
        self.samples.add_class("cardlib-samples")
        self.picture = widgets.HTML()
        self.words = widgets.HTML()
        self.law = widgets.HTML()
        self.scale = scale_for(self.hint_for(counts[0]))  # the fewest samples give the widest intervals
        super().__init__([self.samples, self.picture, self.words, self.law])
        self.add_class("cardlib-sampling-lab")
        self.samples.observe(lambda change: self.show(change["new"]), names="value")
        self.show(counts[0])

    def hint_for(self, count: int) -> coach.Hint:
        """The coach's hint with this many samples (asked once, then remembered)."""
        if count not in self.hints:
            self.hints[count] = coach.hint(self.state, self.seat, samples=count, seed=self.seed)
        return self.hints[count]

    def show(self, count: int) -> None:
        """Draw the estimates for this many samples, and the ± of every count asked for so far."""
        hint = self.hint_for(count)
        self.picture.value = interval_picture(hint, self.scale)
        items = "".join(f"<li>{escape(line)}</li>" for line in estimate_words(hint))
        self.words.value = f'<ul class="cardlib-sampling-words">{items}</ul>'
        self.law.value = f'<p class="cardlib-sampling-law" role="status">{escape(narrowing(self.hints))}</p>'

    def choose(self, count: int) -> None:
        """Choose a number of samples, as a click on its button does."""
        self.samples.value = count

    def text(self) -> str:
        """What the lab shows, in words: the estimates for the chosen samples and the ± so far."""
        return "\n".join([*estimate_words(self.hint_for(self.samples.value)), narrowing(self.hints)])
