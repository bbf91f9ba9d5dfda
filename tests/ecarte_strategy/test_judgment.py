"""The drill of boundary hands and the boundary chart: the table's own figures, answered by keyboard-reachable
buttons, told in a live status line."""

from __future__ import annotations

import pytest

from cardlib.ecarte import strategy
from cardlib.widgets.judgment import JudgmentDrill, boundary_chart, boundary_hands


def test_boundary_hands_are_the_tables_close_calls() -> None:
    hands = boundary_hands(count=6, seed=3)
    assert len(hands) == 6 and len({h.verdict.key for h in hands}) == 6
    for h in hands:
        assert h.verdict == strategy.judge("first_call", h.cards, h.trump)
        mean, margin = h.verdict.difference
        assert abs(mean) < 0.5  # near the boundary: the two calls within half a point a deal
        assert abs(mean) > margin or abs(mean) + margin < 0.1  # decided, or shown small: never merely too close
    with pytest.raises(ValueError):
        boundary_hands(count=0)


def test_the_drill_says_right_or_not_with_both_choices_figures() -> None:
    drill = JudgmentDrill(count=4, seed=2)
    hand = drill.hand
    best, other = hand.verdict.best, hand.verdict.other(hand.verdict.best)
    right, words = drill.answer(best)
    assert right and "Playing:" in words and "Proposing:" in words and "±" in words
    assert 'role="status"' in drill.status.value and "Playing:" in drill.status.value
    right, words = drill.answer(other)
    assert right == hand.either() and ("Either is right" in words if right else f"Not {other}" in words)
    first = hand.cards
    drill.next_hand()
    assert drill.hand.cards != first and drill.status.value.count("Playing:") == 0
    with pytest.raises(ValueError):
        drill.answer("pass")


def test_the_drill_is_answered_with_buttons() -> None:
    drill = JudgmentDrill(count=2, seed=5)
    drill.choices[0].click()
    assert drill.answered == 1 and "Playing:" in drill.status.value
    drill.next_button.click()
    assert drill.number == 1


def test_the_boundary_chart_shows_shares_with_the_close_calls_as_error_bars() -> None:
    chart = boundary_chart()
    assert chart.svg().startswith("<svg") and len(chart.groups) == 4
    for _, estimates in chart.series:
        for value, error in estimates:
            assert 0 <= value - error and value + error <= 1 + 1e-9


def test_a_close_call_is_too_close_to_tell_unless_shown_small() -> None:
    """Issue 41: 'too close to tell with N deals' is not 'as good as'; the table says how many deals would decide."""
    wide = strategy.judge("answer", "10♥ K♠ Q♠ 9♦ 7♦".split(), "♥")  # x / KQ xx -: -0.00 ± 0.14 at 800 deals
    assert wide.close and "too close to tell with 800 deals (about 6,391 would decide it)" in wide.sentence()
    assert "as good as" not in wide.sentence() and wide.short(wide.other(wide.best)).startswith("too close to tell")
    small = next(h for h in boundary_hands(count=10, seed=11) if h.either())  # KQJx / J - -: +0.01 ± 0.05
    assert "as good as each other (they differ by" in small.verdict.sentence()
    assert small.verdict.short(small.verdict.other(small.verdict.best)).startswith("as good as")
