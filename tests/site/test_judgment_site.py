"""The judgment widgets in the static site, Python in the browser (Pyodide), by keyboard alone.

Chapter 11 opens in the site's JupyterLite and runs top to bottom; its drill is answered with the keyboard and
tells the table's own figures. Chapters 4's and 7's model deals (their cell alone: the rest of each chapter is
run by test_site.py) are stepped forward and back. A learner gets to a widget as JupyterLab lets one: the arrow keys
move from cell to cell (here: the cell is made the active one and given the focus, as they do), then Tab enters
its output. axe-core checks the notebook's prose and outputs (JupyterLab's own editors, toolbars and menus are not the
course's).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Locator, Page
from site_pages import ANSWER_S, SitePage

from cardlib.widgets.judgment import boundary_hands
from cardlib.widgets.model_deal import model_deals

from browser_harness import axe_violations, has_focus, press_by_keyboard

DRILL = {"count": 10, "seed": 11}  # as chapter 11 makes it (tests/browser/test_judgment_widgets.py checks that)
# What the course puts in a notebook: its prose and the cells' outputs (JupyterLab's code editors are its own).
COURSE_PARTS = ".jp-Notebook .jp-MarkdownOutput, .jp-Notebook .jp-OutputArea-output"


def to_cell(page: Page, index: int) -> None:
    """Make a cell the notebook's active one, with the focus, as the arrow keys do in command mode."""
    page.evaluate(
        """(index) => { const notebook = window.jupyterapp.shell.currentWidget.content;
        notebook.mode = 'command'; notebook.activeCellIndex = index;
        notebook.widgets[index].node.scrollIntoView(); notebook.widgets[index].node.focus(); }""",
        index,
    )


def press(page: Page, target: Locator, read: Locator, key: str = "Enter", *, tab: bool = True) -> str:
    """Tab to the target (unless it has the focus already), press the key, wait until `read` changes and settles;
    return its text. The focus must stay on the target, for the next press."""
    before, started = read.inner_text(), time.monotonic()
    if tab:
        press_by_keyboard(page, target, key)
    else:
        assert has_focus(target)
        page.keyboard.press(key)
    while read.inner_text() == before:
        assert time.monotonic() - started < ANSWER_S, f"no answer to {key} within {ANSWER_S} s"
        page.wait_for_timeout(20)
    shown = settled(page, read)
    assert has_focus(target), f"the focus left {target} after {key}"
    return shown


def settled(page: Page, read: Locator, quiet_ms: int = 150) -> str:
    """The text of `read` once it has stayed the same for quiet_ms."""
    last, deadline = read.inner_text(), time.monotonic() + ANSWER_S
    while time.monotonic() < deadline:
        page.wait_for_timeout(quiet_ms)
        if (now := read.inner_text()) == last:
            return now
        last = now
    raise AssertionError(f"{read} kept changing")


def opens_by_keyboard(page: Page, summary: Locator) -> list[str]:
    """Tab to a folded part's summary, open it with Enter; return the first line of each item of its list."""
    press_by_keyboard(page, summary)
    details = summary.locator("xpath=..")
    details.locator("li").first.wait_for(state="visible")
    return [item.split("\n")[0] for item in details.locator(":scope > ol > li, :scope > ul > li").all_inner_texts()]


def notebook_violations(page: Page) -> list[str]:
    """What axe-core finds in the notebook's prose and outputs (WCAG 2.1 AA and best practices)."""
    return axe_violations(page, COURSE_PARTS)


def test_chapter_11_runs_in_the_sites_python_and_its_drill_is_answered_by_keyboard(site_page: SitePage):
    hands = boundary_hands(**DRILL)
    page = site_page.open_notebook("notebooks/11-ecarte-judgment.ipynb")
    assert site_page.run_all(), "chapter 11: a cell raised an exception"
    drill = page.locator(".cardlib-judgment").first
    drill.wait_for(state="visible", timeout=ANSWER_S * 1000)
    prompt, status = drill.locator(".cardlib-judgment-prompt"), drill.locator(".cardlib-judgment-feedback")
    assert prompt.inner_text().startswith(f"Hand 1 of {DRILL['count']}")
    to_cell(page, site_page.cell_index("JudgmentDrill("))
    said = press(page, drill.get_by_role("button", name="play", exact=True), status)
    right = int(hands[0].is_right("play"))
    assert said == f"{hands[0].feedback('play')} ({right} right of 1 so far.)"
    assert re.search(r"\d+ % ± \d+ to win the point, [+-]\d\.\d\d ± \d\.\d\d points a deal", said), said
    next_hand = drill.get_by_role("button", name="Next hand", exact=True)
    assert press(page, next_hand, prompt).startswith(f"Hand 2 of {DRILL['count']}")
    assert status.inner_text() == ""
    verdicts = opens_by_keyboard(page, drill.locator(".cardlib-judgment-all summary"))
    assert verdicts == [f"Hand {n}, {h.words()}: {h.verdict.sentence()}." for n, h in enumerate(hands, 1)]
    assert notebook_violations(page) == []
    assert site_page.problems() == []


@pytest.mark.parametrize(("chapter", "game"), [("04-alkort-deal", "alkort"), ("07-ecarte-scoring-and-game", "ecarte")])
def test_a_model_deal_steps_forward_and_back_by_keyboard_in_the_sites_python(
    site_page: SitePage, chapter: str, game: str
):
    moves = model_deals(game)[0]["moves"]
    page = site_page.open_notebook(f"notebooks/{chapter}.ipynb")
    index = site_page.cell_index("ModelDeal(")
    site_page.run_cell(index)
    widget = page.locator(".cardlib-model-deal").first
    widget.wait_for(state="visible", timeout=ANSWER_S * 1000)
    words = widget.locator(".cardlib-model-move")
    assert "before its first move" in words.inner_text()
    to_cell(page, index)
    forward = widget.get_by_role("button", name="Forward ▶", exact=True)
    first = press(page, forward, words)
    assert f"Move 1 of {len(moves)}" in first and moves[0]["move"] in first and "± " in first
    second = press(page, forward, words, "Space", tab=False)
    assert f"Move 2 of {len(moves)}" in second and moves[1]["move"] in second
    page.keyboard.press("Shift+Tab")
    back = widget.get_by_role("button", name="◀ Back", exact=True)
    assert press(page, back, words, tab=False).startswith(f"Move 1 of {len(moves)}")
    record = opens_by_keyboard(page, widget.locator(".cardlib-model-record summary"))
    assert record == [f"Player {move['seat']} — {move['move']}." for move in moves]
    assert notebook_violations(page) == []
    assert site_page.problems() == []
