"""The coach at the table in the static site: Python in the browser (Pyodide), no threads, nothing fetched.

The page is an app page of the site (its REPL, code hidden, as apps/play-ecarte.html opens) whose code is Play
Écarté's table with the coach's panel in the table's coach box (``table.coach_box``), wired in one line as the
apps wire it. There the panel asks the coach for fewer samples (``BROWSER_SAMPLES``), so that a hint comes
within seconds. A whole deal is played with the keyboard alone (Tab, then Space), with a hint on the
way and the review at its end; axe finds no violation on the page with the hint, then the review, open.
"""

from __future__ import annotations

import re
import time
from urllib.parse import quote

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, expect
from site_pages import ANSWER_S, MOVES_PER_DEAL, SitePage, deal_over, next_move
from test_site import AXE_RULES, build  # type: ignore[import-not-found]  # beside it, as pytest finds it

from cardlib.widgets.coach import BROWSER_SAMPLES, HINT_NAME

APP_SOURCE = """from cardlib.bots import make_bot
from cardlib.widgets import GameTable
from cardlib.widgets.coach import CoachPanel

table = GameTable("ecarte", bots=[make_bot("rules", "ecarte", seed=None)])
table.coach_box.children = [CoachPanel(table)]
table"""
HINT_VIEW, REVIEW_VIEW = ".cardlib-coach-hint-view", ".cardlib-coach-review-view"


def press(site_page: SitePage, target: Locator, read: str) -> float:
    """Tab until target has the focus, press Space; wait until the element `read` has changed and settled; return
    the seconds until it first changed.

    Space, not Enter: on the site's app pages (JupyterLab's REPL) the console takes an Enter pressed outside its
    prompt to focus the prompt, and cancels it, so Enter presses no button there (the table's neither)."""
    page = site_page.page
    for _ in range(400):
        if target.evaluate("element => element === document.activeElement"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached {target}")
    watched = page.locator(read).first
    before = watched.inner_html()
    started = time.monotonic()
    page.keyboard.press("Space")
    while watched.inner_html() == before:
        assert time.monotonic() - started < ANSWER_S, f"no answer within {ANSWER_S} s"
        page.wait_for_timeout(20)
    answered = time.monotonic() - started
    site_page.settled(read)
    return answered


def axe_violations(site_page: SitePage) -> list[str]:
    """What axe-core finds in the app's output now (the table and the coach), one line each, with the rules the
    site's other tests run. The REPL's own buttons around it (JupyterLab's) are not the course's to fix."""
    found = Axe().run(site_page.page, context=".jp-OutputArea-output", options=AXE_RULES).response["violations"]
    return [f"{v['id']}: {v['help']} — {v['nodes'][0]['html'][:160]}" for v in found]


def play_by_keyboard(site_page: SitePage) -> int:
    """Play the deal to its score pressing what the table offers (as site_pages.play_deal clicks it); return the
    number of presses."""
    presses = 0
    proposed = False
    for _ in range(MOVES_PER_DEAL):
        if deal_over(site_page.page):
            return presses
        for target in next_move(site_page.page, proposed):
            proposed = proposed or "propose" in (target.get_attribute("class") or "")
            press(site_page, target, ".cardlib-table")
            presses += 1
    raise AssertionError(f"the deal did not end in {MOVES_PER_DEAL} moves")


def test_hint_a_whole_deal_and_its_review_by_keyboard_in_the_sites_python(site_page: SitePage):
    page = site_page.goto(build.APP_PAGE.format(code=quote(APP_SOURCE)))
    site_page.wait_for_app(".cardlib-coach")
    hint = page.get_by_role("button", name=HINT_NAME)
    seconds = press(site_page, hint, HINT_VIEW)
    expect(page.locator(f"{HINT_VIEW} caption")).to_contain_text(f"from {BROWSER_SAMPLES} imagined deals")
    shown = page.locator(HINT_VIEW).inner_text()
    assert re.search(r"\d+ % ± \d+", shown), shown
    assert seconds < ANSWER_S
    assert axe_violations(site_page) == [], "axe with the hint open"
    assert play_by_keyboard(site_page) >= 3
    press(site_page, page.locator(".cardlib-coach-review-button"), REVIEW_VIEW)
    review = page.locator(REVIEW_VIEW).inner_text()
    assert "Had you seen all the cards" in review and re.search(r"\b(good|inaccuracy|mistake)\b", review), review
    decision = page.locator(".cardlib-coach-decision").first
    press(site_page, decision, ".cardlib-coach-position")
    expect(page.locator(".cardlib-coach-position")).to_contain_text("Your hand:")
    assert axe_violations(site_page) == [], "axe with the review and a decision's position open"
    assert site_page.problems() == []
