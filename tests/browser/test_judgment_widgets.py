"""The judgment widgets in Voilà, by keyboard alone: chapter 4's and 7's model deals, chapter 11's drill.

A learner reaches each control with Tab from the top of the chapter and presses it with Enter or Space; the
kernel's answer is drawn in the live region under the buttons, and the focus stays on the pressed button, so
the next press goes on from there. axe-core (WCAG 2.1 AA and best practices) checks each page with the coach's
note table, or the table's verdict, on show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from cardlib.widgets.judgment import boundary_hands
from cardlib.widgets.model_deal import model_deals

from browser_harness import back_to, has_focus, press_by_keyboard
from voila_harness import REPO, AppPage

DRILL = {"count": 10, "seed": 11}  # as chapter 11 makes its drill (test_chapter_11_makes_the_drill_tested_here)
CHAPTER_11 = REPO / "notebooks" / "11-ecarte-judgment.ipynb"


def press(app: AppPage, target: Locator, read: Locator, key: str = "Enter") -> str:
    """Tab to the target, press the key on it, wait for the kernel's answer in `read`; the focus must stay put."""
    shown = app.act(lambda: press_by_keyboard(app.page, target, key), lambda _page: read.inner_text())
    assert has_focus(target), f"the focus left {target} after {key}: a keyboard learner would start over"
    return shown


def press_again(app: AppPage, target: Locator, read: Locator, key: str = "Enter") -> str:
    """Press the key once more on the focused target (no Tab), wait for the answer; the focus must stay put."""
    assert has_focus(target)
    shown = app.act(lambda: app.page.keyboard.press(key), lambda _page: read.inner_text())
    assert has_focus(target), f"the focus left {target} after {key}"
    return shown


def opens_by_keyboard(page: Page, summary: Locator) -> list[str]:
    """Tab to a folded part's summary, open it with Enter; return the lines of its list."""
    press_by_keyboard(page, summary)
    details = summary.locator("xpath=..")
    details.locator("li").first.wait_for(state="visible")
    return [item.split("\n")[0] for item in details.locator(":scope > ol > li, :scope > ul > li").all_inner_texts()]


def deal_record(deal: Mapping[str, Any]) -> list[str]:
    """The first line of each move in the folded record: who made it and what."""
    return [f"Player {move['seat']} — {move['move']}." for move in deal["moves"]]


def open_model_deal(app: AppPage, chapter: str) -> tuple[Page, Locator]:
    """Open a chapter and wait for its (first) model deal; return the page and the deal's widget."""
    page = app.open(f"{chapter}.ipynb", ready=".cardlib-model-deal .cardlib-model-move")
    page.wait_for_load_state("networkidle")
    return page, page.locator(".cardlib-model-deal").first


@pytest.mark.parametrize(("chapter", "game"), [("04-alkort-deal", "alkort"), ("07-ecarte-scoring-and-game", "ecarte")])
def test_a_model_deal_steps_forward_and_back_by_keyboard(chapter: str, game: str, app_page: AppPage):
    deal = model_deals(game)[0]
    moves = deal["moves"]
    page, widget = open_model_deal(app_page, chapter)
    words = widget.locator(".cardlib-model-move")
    assert "before its first move" in words.inner_text()
    button = {name: widget.get_by_role("button", name=name, exact=True) for name in ("Forward ▶", "◀ Back", "End ⏭")}
    button["start"] = widget.get_by_role("button", name="⏮ Start", exact=True)
    first = press(app_page, button["Forward ▶"], words)
    assert f"Move 1 of {len(moves)}" in first and moves[0]["move"] in first
    second = press_again(app_page, button["Forward ▶"], words, key="Space")
    assert f"Move 2 of {len(moves)}" in second and moves[1]["move"] in second
    step, shown = 2, second
    while not moves[step - 1]["note"]:  # on to a move the coach has numbers for
        step += 1
        shown = press_again(app_page, button["Forward ▶"], words)
    assert f"Move {step} of {len(moves)}" in shown and moves[step - 1]["move"] in shown
    assert re.search(r"[+-]\d\.\d\d ± \d\.\d\d\t\d+% ± \d+%", shown), f"the coach's numbers: {shown}"
    assert app_page.accessibility_problems() == [], "axe with a move and the coach's note on show"
    back = press(app_page, button["◀ Back"], words)
    assert f"Move {step - 1} of {len(moves)}" in back and moves[step - 2]["move"] in back
    end = press(app_page, button["End ⏭"], words)
    assert f"Move {len(moves)} of {len(moves)}" in end and re.search(r"\bpoints?\b", end), end
    assert "You are at the end of the deal" in press_again(app_page, button["End ⏭"], words, key="Space")
    assert press(app_page, button["start"], words).startswith("The deal before its first move")
    assert opens_by_keyboard(page, widget.locator(".cardlib-model-record summary")) == deal_record(deal)
    assert app_page.accessibility_problems() == [], "axe with the whole deal unfolded"
    assert app_page.problems() == []


def test_chapter_11s_drill_is_answered_by_keyboard_with_the_tables_figures(app_page: AppPage):
    hands = boundary_hands(**DRILL)
    page = app_page.open("11-ecarte-judgment.ipynb", ready=".cardlib-judgment .cardlib-judgment-prompt")
    page.wait_for_load_state("networkidle")
    drill = page.locator(".cardlib-judgment").first
    prompt, status = drill.locator(".cardlib-judgment-prompt"), drill.locator(".cardlib-judgment-feedback")
    assert prompt.inner_text().startswith(f"Hand 1 of {DRILL['count']}")
    play = drill.get_by_role("button", name="play", exact=True)
    said = press(app_page, play, status)
    right = hands[0].is_right("play")
    assert said == f"{hands[0].feedback('play')} ({int(right)} right of 1 so far.)"
    assert re.search(r"\d+ % ± \d+ to win the point, [+-]\d\.\d\d ± \d\.\d\d points a deal", said), said
    assert app_page.accessibility_problems() == [], "axe with the table's verdict on show"
    propose = drill.get_by_role("button", name="propose", exact=True)
    again = press(app_page, propose, status, key="Space")  # the next Tab: both answers to one hand
    assert again.endswith(f"(Your first answer is the one counted: {int(right)} right of 1 so far.)"), again
    next_hand = drill.get_by_role("button", name="Next hand", exact=True)
    shown = app_page.act(lambda: press_by_keyboard(page, next_hand), lambda _page: prompt.inner_text())
    assert shown.startswith(f"Hand 2 of {DRILL['count']}") and status.inner_text() == ""
    back_to(page, propose)
    said = press(app_page, propose, status, key="Space")
    told = f"{hands[1].feedback('propose')} ({int(right) + hands[1].is_right('propose')} right of 2 so far.)"
    assert said == told
    verdicts = opens_by_keyboard(page, drill.locator(".cardlib-judgment-all summary"))
    assert [line.split(": the table says: ")[0] for line in verdicts] == [
        f"Hand {n}, {h.words()}" for n, h in enumerate(hands, 1)
    ]
    assert app_page.accessibility_problems() == [], "axe with every verdict unfolded"
    assert app_page.problems() == []


def test_chapter_11_makes_the_drill_tested_here():
    cells = json.loads(CHAPTER_11.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    assert f"JudgmentDrill(count={DRILL['count']}, seed={DRILL['seed']})" in code
