"""The puzzle board in the static site: chapter 7's board in the site's Python (Pyodide), answered by keyboard alone.

The chapter opens in the site's notebook page and its board's cell is run; the learner Tabs to the coach's choice and
presses Space, reads the puzzle's principle, its line and the coach's numbers in the live region (the principle not
shown before the answer), then Tabs on to Next puzzle and presses Enter (which
the notebook leaves to the focused button). axe-core checks the board with the numbers on show.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Locator
from site_pages import ANSWER_S, SitePage

from cardlib.margins import plus_minus, signed
from cardlib.widgets import principles, puzzles

from browser_harness import axe_violations, has_focus, press_by_keyboard

CHAPTER = "notebooks/07-ecarte-scoring-and-game.ipynb"
BOARD = ".cardlib-puzzle-board"


def press(site_page: SitePage, target: Locator, read: Locator, key: str = "Space") -> str:
    """Tab to the target, press the key, wait until ``read`` has changed and settled; return its text. The focus
    must stay on the target."""
    before, started = read.inner_text(), time.monotonic()
    press_by_keyboard(site_page.page, target, key)
    while read.inner_text() == before:
        assert time.monotonic() - started < ANSWER_S, f"no answer to {key} within {ANSWER_S} s"
        site_page.page.wait_for_timeout(20)
    site_page.settled(BOARD)
    assert has_focus(target), f"the focus left {target} after {key}"
    return read.inner_text()


def test_the_puzzle_board_answers_by_keyboard_in_the_sites_python(site_page: SitePage, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("CARDLIB_PROGRESS", "off")  # this process's board remembers nothing
    model = puzzles.PuzzleBoard("ecarte")  # the chapter's board, whose choices the test makes here too
    first = model.current
    page = site_page.open_notebook(CHAPTER)
    site_page.run_cell(site_page.cell_index('PuzzleBoard("ecarte")'))
    site_page.wait_for_app(f"{BOARD} .cardlib-puzzle-choices .widget-button")
    board = page.locator(BOARD).first
    question, feedback = board.locator(".cardlib-puzzle"), board.locator(".cardlib-puzzle-feedback")
    assert f"{first['theme'][1:]} (level {first['level']}): what do you do?" in question.inner_text()
    principle = principles.principle_of(first)
    assert principle.words not in question.inner_text() + feedback.inner_text()  # the lesson waits for the answer
    said = press(
        site_page, board.get_by_role("button", name=puzzles.option_words(first["answer"]), exact=True), feedback
    )
    best = puzzles.option_words(first["answer"])
    lead = f"{best} scores {first['lead']:.2f} {plus_minus(first['lead_margin'])} points a deal more"
    assert said.startswith("✔ Right.") and lead in said, said
    assert f"The principle ({principle.name}): {principle.words}" in said and f"The line: {first['line']}" in said
    assert all(
        f"{puzzles.option_words(o['option'])}\t{signed(o['points'], o['margin'])}" in said for o in first["options"]
    ), said
    assert axe_violations(page, BOARD) == [], "axe with the coach's numbers on show"
    model.answer(first["answer"])
    model.next_puzzle()
    shown = press(site_page, board.get_by_role("button", name="Next puzzle", exact=True), question, key="Enter")
    assert f"{model.current['theme'][1:]} (level {model.current['level']})" in shown
    assert "Right 1 of 1 here" in board.locator(".cardlib-puzzle-progress").inner_text()
    assert site_page.problems() == []
