"""The coach at the table in a real browser (Voilà): Hint, the review and the drill, by keyboard alone, clean by axe.

The page is the real app, Play Écarté (``apps/play-ecarte.ipynb``: a whole game against the rule bot, the rules to
choose under it), whose table shows the coach's panel under it, as every table does. Its deal is the app's own,
fresh for every visitor, so the test presses whatever the table offers, with Tab and Enter or Space only, and checks
the coach's answers by their structure: a row and a button for each of the learner's decisions, and a drill that
asks again each decision the review did not call good.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect
from test_apps import KeyboardPlayer, check_scored, deal_over

from cardlib.widgets.coach import DRILL_POSITIONS, HINT_NAME

from voila_harness import AppPage

APP = "apps/play-ecarte.ipynb"


def coach_text(selector: str) -> Callable[[Page], str]:
    """A reader of one part of the coach's panel, for AppPage.act ('' while the panel has not made it: the views of
    its answers come when the coach is first asked)."""
    return lambda page: page.locator(selector).first.inner_text() if page.locator(selector).count() else ""


def press_hint(player: KeyboardPlayer) -> str:
    """Press Hint by keyboard; wait for the coach's table; return its text."""
    page = player.page
    hint = page.get_by_role("button", name=HINT_NAME)
    expect(hint).to_be_visible()
    shown = player.press(hint, read=coach_text(".cardlib-coach-hint-view"))
    expect(page.locator(".cardlib-coach-hint-view table caption")).to_contain_text("± at 95 %")
    return shown


def test_hint_review_and_drill_by_keyboard_alone_with_no_axe_violation(app_page: AppPage):
    page = app_page.open(APP, ready=".cardlib-coach")
    player = KeyboardPlayer(app_page)
    shown = press_hint(player)
    assert re.search(r"\d+ % ± \d+", shown) and re.search(r"[+−]\d\.\d\d ± \d\.\d\d", shown), shown
    assert "as good as" in shown or "best" in shown
    assert app_page.accessibility_problems() == [], "axe with the hint open"
    player.play_deal()
    check_scored(page)
    review_and_revisit(player, page)
    assert app_page.accessibility_problems() == [], "axe with the review and a decision's position open"
    drill_by_keyboard(player, page)
    assert app_page.accessibility_problems() == [], "axe with the drill open"
    assert app_page.problems() == []


def review_and_revisit(player: KeyboardPlayer, page: Page) -> None:
    """Press the review by keyboard and check its table: a row for each of the learner's decisions, and a button for
    each; press the first to see its position again."""
    assert deal_over(page)
    review = page.locator(".cardlib-coach-review-button")
    shown = player.press(review, read=coach_text(".cardlib-coach-review-view"))
    expect(page.locator(".cardlib-coach-review-view caption")).to_be_visible()
    assert "Had you seen all the cards" in shown and "mistake when even the low end" in shown, "the thresholds stated"
    rows = page.locator(".cardlib-coach-review-view tr").all_inner_texts()[1:]  # the header row left out
    decisions = page.locator(".cardlib-coach-decision")
    assert len(rows) >= 1 and decisions.count() == len(rows), "a row and a button for each decision"
    for number, row in enumerate(rows, 1):
        assert row.startswith(f"{number}. ") and re.search(r"\b(good|inaccuracy|mistake)\b", row), row
        expect(decisions.nth(number - 1)).to_have_accessible_name(re.compile(f"^Show decision {number} again: "))
    position = player.press(decisions.first, read=coach_text(".cardlib-coach-position"))
    assert "Decision 1: you chose" in position and "Your hand:" in position, position


def drill_by_keyboard(player: KeyboardPlayer, page: Page) -> None:
    """Open the drill by keyboard: it asks again each decision the review did not call good (at most
    DRILL_POSITIONS), or says there is nothing to practise; answer its first position by keyboard."""
    costly = page.locator(".cardlib-coach-review-view :is(.cardlib-coach-mistake, .cardlib-coach-inaccuracy)").count()
    shown = player.press(page.locator(".cardlib-coach-drill-button"), read=coach_text(".cardlib-coach-drill"))
    if not costly:
        assert "nothing to practise" in shown and page.locator(".cardlib-coach-answer").count() == 0, shown
        return
    assert f"Position 1 of {min(costly, DRILL_POSITIONS)}" in shown and "Which would you play?" in shown, shown
    answers = page.locator(".cardlib-coach-answer")
    assert answers.count() >= 2, "the position's options, each a button"
    answered = player.press(answers.first, read=coach_text(".cardlib-coach-drill-feedback"))
    assert "Answered as the coach would: " in answered and " of 1." in answered, answered
