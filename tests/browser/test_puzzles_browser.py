"""The puzzle boards in Voilà, by keyboard alone: chapter 4's Alkort and chapter 7's Écarté puzzles, from real deals.

A learner Tabs from the top of the chapter to the coach's choice and presses Enter: the live region under the options
says it was right and shows the puzzle's principle in words and its line (neither shown before the answer), every
option's points ± and the lead over the next best; Tab on to "Next puzzle" and
Space asks the one the board picks next (the same as a board in this process picks: at the learner's level, not yet
seen); Shift+Tab back to an option the coach did not choose, and Enter is told so, with the coach's choice. The focus
stays on each pressed button; Tab on to the folded answer under the board (for a page without Python) and Enter
opens it. axe-core (WCAG 2.1 AA and best practices) checks the page with the numbers on show, and the answer open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Locator

from cardlib.margins import plus_minus, signed
from cardlib.widgets import principles, puzzles

from browser_harness import back_to, has_focus, press_by_keyboard
from voila_harness import AppPage

CHAPTERS = [("04-alkort-deal.ipynb", "alkort"), ("07-ecarte-scoring-and-game.ipynb", "ecarte")]  # PuzzleBoard(game)


def press(app: AppPage, target: Locator, read: Locator, key: str = "Enter", by_tab: bool = True) -> str:
    """Reach the target (Tab, unless it has the focus already), press the key, wait for the kernel's answer in
    ``read``; the focus must stay on the target."""
    keys = (lambda: press_by_keyboard(app.page, target, key)) if by_tab else (lambda: app.page.keyboard.press(key))
    shown = app.act(keys, lambda _page: read.inner_text())
    assert has_focus(target), f"the focus left {target} after {key}: a keyboard learner would start over"
    return shown


def lesson(puzzle: Mapping[str, Any]) -> list[str]:
    """What the live region must teach of a puzzle after an answer: its principle, named and in words, and its line."""
    principle = principles.principle_of(puzzle)
    return [f"The principle ({principle.name}): {principle.words}", f"The line: {puzzle['line']}"]


def coachs_numbers(puzzle: Mapping[str, Any]) -> list[str]:
    """What the live region must say of a puzzle: the best option's lead with its ±, and each option's points ±
    (a row of the table: its two cells, as the page's text has them)."""
    best = puzzles.option_words(puzzle["answer"])
    lead_margin = plus_minus(puzzle["lead_margin"])
    lead = f"Over {puzzle['samples']} imagined deals, {best} scores {puzzle['lead']:.2f} {lead_margin}"
    rows = [f"{puzzles.option_words(o['option'])}\t{signed(o['points'], o['margin'])}" for o in puzzle["options"]]
    return [lead, *rows]


def answered_right(app_page: AppPage, board: Any, first: Mapping[str, Any]) -> None:
    """The first puzzle asked (no lesson shown yet), answered right by keyboard: the coach's numbers, the lesson."""
    question, feedback = board.locator(".cardlib-puzzle"), board.locator(".cardlib-puzzle-feedback")
    asked = question.inner_text()
    assert f"{first['theme'][1:]} (level {first['level']}): what do you do?" in asked
    assert f"You are {puzzles.seat_words(puzzles.position(first), first['seat'])}. Your hand:" in asked
    assert puzzles.tricks_words(puzzles.position(first), first["seat"]) in asked  # by side, not by seat number
    unanswered = question.inner_text() + feedback.inner_text()
    assert not any(words in unanswered for words in lesson(first)), "the lesson shown before the answer"
    right = board.get_by_role("button", name=puzzles.option_words(first["answer"]), exact=True)
    said = press(app_page, right, feedback)
    assert said.startswith("✔ Right.") and all(line in said for line in coachs_numbers(first)), said
    assert all(words in said for words in lesson(first)), said
    assert "Right 1 of 1 here" in board.locator(".cardlib-puzzle-progress").inner_text()
    assert app_page.accessibility_problems() == [], "axe with the coach's numbers on show"


@pytest.mark.parametrize(("chapter", "game"), CHAPTERS)
def test_a_puzzle_is_solved_by_keyboard_with_the_coachs_numbers_then_the_next_is_asked(
    chapter: str, game: str, app_page: AppPage, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CARDLIB_PROGRESS", "off")  # this process's board remembers nothing
    model = puzzles.PuzzleBoard(game)  # the chapter's board, whose choices the test makes here too
    first = model.current
    page = app_page.open(chapter, ready=".cardlib-puzzle-board .cardlib-puzzle-choices .widget-button")
    page.wait_for_load_state("networkidle")
    board = page.locator(".cardlib-puzzle-board").first
    question, feedback = board.locator(".cardlib-puzzle"), board.locator(".cardlib-puzzle-feedback")
    answered_right(app_page, board, first)

    model.answer(first["answer"])
    model.next_puzzle()
    second = model.current
    next_button = board.get_by_role("button", name="Next puzzle", exact=True)
    shown = press(app_page, next_button, question, key="Space")
    assert f"{second['theme'][1:]} (level {second['level']})" in shown and feedback.inner_text() == ""
    wrong = next(o["option"] for o in second["options"] if o["option"] != second["answer"])
    option = board.get_by_role("button", name=puzzles.option_words(wrong), exact=True)
    back_to(page, option)
    told = press(app_page, option, feedback, by_tab=False)
    said_wrong = f"✘ Not {puzzles.option_words(wrong)}: the coach's choice is {puzzles.option_words(second['answer'])}."
    assert told.startswith(said_wrong) and all(words in told for words in lesson(second)), told
    assert "Right 1 of 2 here" in board.locator(".cardlib-puzzle-progress").inner_text()
    summary = board.locator(".cardlib-puzzle-record summary")  # the answer folded for a page without Python
    press_by_keyboard(page, summary)
    record = board.locator(".cardlib-puzzle-record").inner_text()
    assert all(line in record for line in [*lesson(second), *coachs_numbers(second)]), record
    assert app_page.accessibility_problems() == [], "axe with the folded answer open"
    assert app_page.problems() == []
