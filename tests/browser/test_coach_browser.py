"""The coach at the table in a real browser (Voilà): Hint, the review and the drill, by keyboard alone, clean by axe.

The page is Play Écarté as the app builds it (a whole game against the rule bot, the rules to choose under it)
with the coach's panel in the table's coach box (``table.coach_box``), wired in one line as the apps wire it. The
notebook is written for the test into ``notebooks/build/`` (git-ignored, and skipped by pytest's collection and by
the book), served by the course's own Voilà, and removed afterwards. The test presses whatever
the table offers, with Tab and Enter or Space only; the deal is seeded (seed 4), so that the learner's play (the
first card the table offers) leaves two decisions the coach calls mistakes, for the drill to ask again.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from test_apps import KeyboardPlayer, check_scored, deal_over  # type: ignore[import-not-found]  # beside it, as pytest finds it

from cardlib.widgets.coach import HINT_NAME

from voila_harness import REPO, AppPage

APP_SOURCE = """from cardlib.bots import make_bot
from cardlib.widgets import GameTable
from cardlib.widgets.coach import CoachPanel

table = GameTable("ecarte", seed=4, bots=[make_bot("rules", "ecarte", seed=4)], choose_options=True, play_at_once=True)
table.coach_box.children = [CoachPanel(table)]
table"""


def notebook(source: str) -> dict:
    """A notebook of a heading and one code cell, without outputs."""
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "# Play Écarté with the coach"},
        {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None},
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def coach_app() -> Iterator[str]:
    """The app's notebook with the coach, served under notebooks/build/ for this module; its path for Voilà."""
    folder = REPO / "notebooks" / "build"
    folder.mkdir(exist_ok=True)
    path = folder / f"coach-{uuid.uuid4().hex[:8]}.ipynb"
    path.write_text(json.dumps(notebook(APP_SOURCE)), encoding="utf-8")
    try:
        yield f"build/{path.name}"
    finally:
        path.unlink()
        if not any(folder.iterdir()):
            folder.rmdir()


def coach_text(selector: str) -> object:
    """A reader of one part of the coach's panel, for AppPage.act."""
    return lambda page: page.locator(selector).first.inner_text()


def press_hint(player: KeyboardPlayer) -> str:
    """Press Hint by keyboard; wait for the coach's table; return its text."""
    page = player.page
    hint = page.get_by_role("button", name=HINT_NAME)
    expect(hint).to_be_visible()
    shown = player.press(hint, read=coach_text(".cardlib-coach-hint-view"))
    expect(page.locator(".cardlib-coach-hint-view table caption")).to_contain_text("± at 95 %")
    return shown


def test_hint_review_and_drill_by_keyboard_alone_with_no_axe_violation(app_page: AppPage, coach_app: str):
    page = app_page.open(coach_app, ready=".cardlib-coach")
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
    """Press the review by keyboard, check its table, then press the first decision to see its position again."""
    assert deal_over(page)
    review = page.locator(".cardlib-coach-review-button")
    shown = player.press(review, read=coach_text(".cardlib-coach-review-view"))
    expect(page.locator(".cardlib-coach-review-view caption")).to_be_visible()
    assert "Had you seen all the cards" in shown and re.search(r"\b(good|inaccuracy|mistake)\b", shown), shown
    assert "mistake: a loss of" in shown, "the thresholds are stated under the table"
    decisions = page.locator(".cardlib-coach-decision")
    assert decisions.count() >= 2, "a button for each decision"
    position = player.press(decisions.first, read=coach_text(".cardlib-coach-position"))
    assert "Decision 1: you chose" in position and "Your hand:" in position, position


def drill_by_keyboard(player: KeyboardPlayer, page: Page) -> None:
    """Open the drill by keyboard and answer its first position by keyboard; the count says 1 answered."""
    shown = player.press(page.locator(".cardlib-coach-drill-button"), read=coach_text(".cardlib-coach-drill"))
    assert "Position 1 of 2" in shown and "Which would you play?" in shown, shown
    answered = player.press(
        page.locator(".cardlib-coach-answer").first, read=coach_text(".cardlib-coach-drill-feedback")
    )
    assert "Answered as the coach would: " in answered and " of 1." in answered, answered
