"""The strategy lab's bar charts: a picture a screen reader can name, and every number also in words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardlib.charts import BarChart, bar_chart

SVG = "{http://www.w3.org/2000/svg}"


def sample_chart() -> BarChart:
    """Two groups, two series, with a reference line: every part a chart can draw."""
    return bar_chart(
        ["0 trumps", "1 trump"],
        {"stand": [(0.2, 0.1), (0.5, 0.1)], "pass": [(0.3, 0.05), (0.4, 0.05)]},
        title="Standing",
    )


def test_a_chart_is_an_svg_named_by_its_title() -> None:
    chart = sample_chart()
    root = ET.fromstring(chart.svg())
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("aria-label") == "Standing"
    assert chart._repr_svg_() == chart.svg()


def test_a_chart_shows_inline_with_every_number_in_words() -> None:
    """JupyterLab draws a bare SVG as an <img> without alt text: the HTML form puts the SVG inline."""
    chart = sample_chart()
    html = chart._repr_html_()
    assert html.startswith("<figure") and chart.svg() in html and "<details>" in html
    assert html.count("<li>") == len(chart.describe().splitlines()) == 3
    assert "stand: 0 trumps: 20% ± 10%, 1 trump: 50% ± 10%" in html
