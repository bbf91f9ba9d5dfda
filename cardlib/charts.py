"""Bar charts with error bars, drawn as SVG: what the strategy lab plots.

The course runs in the browser too (Pyodide, in the static site), where no plotting library can be had
offline; a bar chart is only rectangles, lines and text, so we draw it ourselves. A chart is an object that
Jupyter shows as a picture (it has `_repr_svg_`), and that reads as text everywhere else: its description
lists every number it draws, for a screen reader and for `print`.

    >>> chart = bar_chart(["0 trumps", "1 trump"], {"stand": [(0.2, 0.1), (0.5, 0.1)]}, title="Standing")
    >>> chart.svg().startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from .margins import percent

# A share and the half-width of its error bar, as the strategy lab's share() returns them.
Estimate = tuple[float, float]

# Colours that stay distinct for the common kinds of colour blindness (Okabe and Ito's palette).
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
WIDTH, HEIGHT = 640, 330
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 52, 64  # margins around the plotting area, in pixels


@dataclass(frozen=True)
class BarChart:
    """Bars in groups (one bar per series in each group), each with an error bar, on a scale from low to high."""

    groups: tuple[str, ...]
    series: tuple[tuple[str, tuple[Estimate, ...]], ...]
    title: str = ""
    ylabel: str = ""
    scale: tuple[float, float] = (0.0, 1.0)
    reference: tuple[float, str] | None = None  # a dashed horizontal line at this value, with its label

    def svg(self) -> str:
        """The chart as an SVG document."""
        return draw(self)

    def _repr_svg_(self) -> str:
        """What Jupyter shows where it takes a picture."""
        return self.svg()

    def _repr_html_(self) -> str:
        """What Jupyter and the book show: the picture inline, and beneath it the same in words, to open.

        JupyterLab (and so the static site) draws a bare SVG as an ``<img>`` without alternative text; inline,
        the chart's own role and label reach a screen reader.
        """
        items = "".join(f"<li>{escape(line)}</li>" for line in self.describe().splitlines())
        summary = escape(self.title or "The chart")
        return (
            f'<figure class="cardlib-figure" style="margin:0">{self.svg()}'
            f"<figcaption><details><summary>{summary}: the chart in words</summary>"
            f"<ul>{items}</ul></details></figcaption></figure>"
        )

    def describe(self) -> str:
        """The chart in words: every bar's value and error bar."""
        lines = [self.title] if self.title else []
        for name, estimates in self.series:
            values = ", ".join(
                f"{group.replace(chr(10), ' ')}: {percent(value, error)}"
                for group, (value, error) in zip(self.groups, estimates)
            )
            lines.append(f"{name}: {values}")
        if self.reference:
            lines.append(f"dashed line: {self.reference[1]} ({self.reference[0]:.0%})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()


def bar_chart(
    groups: Sequence[str],
    series: Mapping[str, Sequence[Estimate]],
    *,
    title: str = "",
    ylabel: str = "",
    scale: tuple[float, float] = (0.0, 1.0),
    reference: tuple[float, str] | None = None,
) -> BarChart:
    """A bar chart: for each series (name -> one (value, error) per group), a bar in every group.

    A group's label may have two lines ("2 trumps\\n(40 hands)"). Raises ValueError if a series does not
    have one estimate per group, or if the scale is empty."""
    groups = tuple(str(group) for group in groups)
    rows = tuple((str(name), tuple((float(v), float(e)) for v, e in estimates)) for name, estimates in series.items())
    for name, estimates in rows:
        if len(estimates) != len(groups):
            raise ValueError(f"series {name!r} has {len(estimates)} values for {len(groups)} groups")
    if not scale[0] < scale[1]:
        raise ValueError(f"the scale must go from low to high, not {scale}")
    return BarChart(groups, rows, title, ylabel, (float(scale[0]), float(scale[1])), reference)


class Canvas:
    """Where a chart is drawn: the plot area inside the margins, and a value's height on the scale."""

    def __init__(self, chart: BarChart) -> None:
        self.chart = chart
        self.low, self.high = chart.scale
        self.plot_width, self.plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
        self.group_width = self.plot_width / max(1, len(chart.groups))
        self.bar_width = self.group_width * 0.8 / max(1, len(chart.series))

    def y(self, value: float) -> float:
        """The vertical pixel of a value, clipped to the scale."""
        low, high = self.low, self.high
        return TOP + self.plot_height * (1 - (min(max(value, low), high) - low) / (high - low))

    def rule(self, value: float, style: str) -> str:
        """A horizontal line across the plot at this value."""
        return f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{self.y(value):.1f}" y2="{self.y(value):.1f}" {style}/>'


def draw(chart: BarChart) -> str:
    """The SVG text of a chart."""
    canvas = Canvas(chart)
    parts = [*_heading(chart), *_value_axis(canvas)]
    for g in range(len(chart.groups)):
        parts += _group(canvas, g)
    if chart.reference:
        value, label = chart.reference
        parts.append(
            canvas.rule(value, 'stroke="#555" stroke-dasharray="6 4"')
            + f'<text x="{WIDTH - RIGHT - 4}" y="{canvas.y(value) - 5:.1f}" text-anchor="end" '
            f'fill="#333">{escape(label)}</text>'
        )
    parts.append(canvas.rule(canvas.low, 'stroke="#222"'))
    return "".join([*parts, *_legend(chart), "</svg>"])


def _heading(chart: BarChart) -> list[str]:
    """The SVG element with its accessible name, title and description, and the title drawn."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="{escape(chart.title or "bar chart")}" '
        f'font-family="sans-serif" font-size="12">',
        f"<title>{escape(chart.title)}</title><desc>{escape(chart.describe())}</desc>",
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">'
        f"{escape(chart.title)}</text>",
    ]


def _value_axis(canvas: Canvas) -> list[str]:
    """Gridlines at quarters of the scale, labelled (shares as percentages), and the axis's name."""
    low, high = canvas.low, canvas.high
    parts = []
    for tick in range(5):
        value = low + (high - low) * tick / 4
        label = f"{value:.0%}" if high <= 1 else f"{value:g}"
        parts.append(
            canvas.rule(value, 'stroke="#ddd"')
            + f'<text x="{LEFT - 6}" y="{canvas.y(value) + 4:.1f}" text-anchor="end">{label}</text>'
        )
    parts.append(
        f'<text transform="translate(16 {TOP + canvas.plot_height / 2}) rotate(-90)" '
        f'text-anchor="middle">{escape(canvas.chart.ylabel)}</text>'
    )
    return parts


def _group(canvas: Canvas, g: int) -> list[str]:
    """One group: its label (one or two lines) and a bar with its error bar for each series."""
    chart, group = canvas.chart, canvas.chart.groups[g]
    centre = LEFT + canvas.group_width * (g + 0.5)
    parts = [
        f'<text x="{centre:.1f}" y="{TOP + canvas.plot_height + 18 + 15 * line}" '
        f'text-anchor="middle">{escape(text)}</text>'
        for line, text in enumerate(group.split("\n")[:2])
    ]
    for s, (name, estimates) in enumerate(chart.series):
        value, error = estimates[g]
        x = centre - canvas.group_width * 0.4 + canvas.bar_width * s
        middle = x + canvas.bar_width / 2
        parts.append(
            f'<rect x="{x:.1f}" y="{canvas.y(value):.1f}" width="{canvas.bar_width - 2:.1f}" '
            f'height="{canvas.y(canvas.low) - canvas.y(value):.1f}" fill="{COLOURS[s % len(COLOURS)]}">'
            f"<title>{escape(name)}, {escape(group)}: {percent(value, error, 1)}</title></rect>"
        )
        if error > 0:
            top, bottom = canvas.y(value + error), canvas.y(value - error)
            parts.append(
                f'<path d="M{middle - 4:.1f} {top:.1f}h8M{middle:.1f} {top:.1f}V{bottom:.1f}'
                f'M{middle - 4:.1f} {bottom:.1f}h8" stroke="#222" fill="none"/>'
            )
    return parts


def _legend(chart: BarChart) -> list[str]:
    """The legend, in a row between the title and the plot: a coloured key and the series' name."""
    parts, x = [], LEFT
    for s, (name, _) in enumerate(chart.series):
        parts.append(
            f'<rect x="{x}" y="{TOP - 20}" width="12" height="12" fill="{COLOURS[s % len(COLOURS)]}"/>'
            f'<text x="{x + 16}" y="{TOP - 10}">{escape(name)}</text>'
        )
        x += 16 + 7 * len(name) + 18  # about 7 pixels a character at this size
    return parts


_example = bar_chart(
    ["a", "b\n(2 hands)"],
    {"one": [(0.5, 0.1), (1.0, 0.0)], "two": [(0.25, 0.3), (0.0, 0.0)]},
    title="Example",
    ylabel="share",
    reference=(2 / 3, "2 in 3"),
)
assert _example.svg().count("<rect") == 4 + 2  # four bars and two legend keys
assert "one: a: 50% ± 10%, b (2 hands): 100% ± <1%" in _example.describe()
