"""The coach at the table in the static site: Python in the browser (Pyodide), no threads, nothing fetched.

The page is the site's real Play Écarté (apps/play-ecarte.html, the app page its front page links to), whose table
shows the coach's panel under it, as every table does. There the panel asks the coach for fewer samples
(``BROWSER_SAMPLES``), so that a hint comes within seconds. A whole deal is played with the keyboard alone (Tab,
then Enter), with a hint on the way and the review at its end; axe finds no violation on the page with the hint,
then the review, open.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Locator, Page, expect
from site_pages import ANSWER_S, MOVES_PER_DEAL, SitePage, deal_over, next_move

from cardlib.widgets.coach import BROWSER_SAMPLES, HINT_NAME

from browser_harness import axe_violations as violations_on

APP = "apps/play-ecarte.html"
HINT_VIEW, REVIEW_VIEW = ".cardlib-coach-hint-view", ".cardlib-coach-review-view"


def html_of(page: Page, selector: str) -> str:
    """The HTML of the first element `selector` finds ('' while there is none: the coach makes the views of its
    answers when first asked)."""
    found = page.locator(selector)
    return found.first.inner_html() if found.count() else ""


def press(site_page: SitePage, target: Locator, read: str) -> float:
    """Tab until target has the focus, press Enter; wait until the element `read` has changed and settled; return
    the seconds until it first changed.

    Enter, which the REPL's console would take for itself (to focus its prompt) but for the listener the site's
    build puts first on its app pages (book/site/build.py, ENTER_FOR_WIDGETS): this checks that it works."""
    page = site_page.page
    for _ in range(400):
        if target.evaluate("element => element === document.activeElement"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError(f"Tab never reached {target}")
    before = html_of(page, read)
    started = time.monotonic()
    page.keyboard.press("Enter")
    while html_of(page, read) == before:
        assert time.monotonic() - started < ANSWER_S, f"no answer to Enter within {ANSWER_S} s"
        page.wait_for_timeout(20)
    answered = time.monotonic() - started
    site_page.settled(read)
    return answered


def axe_violations(site_page: SitePage) -> list[str]:
    """What axe-core finds in the app's output now (the table and the coach), one line each, with the rules the
    site's other tests run. The REPL's own buttons around it (JupyterLab's) are not the course's to fix."""
    return violations_on(site_page.page, ".jp-OutputArea-output")


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
    page = site_page.goto(APP)
    site_page.wait_for_app(".cardlib-coach")
    expect(page.get_by_role("heading", name="Play Écarté")).to_have_count(1)
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
    rows = page.locator(f"{REVIEW_VIEW} tr").count() - 1  # the header row left out
    assert rows >= 1 and page.locator(".cardlib-coach-decision").count() == rows, "a row and a button a decision"
    decision = page.locator(".cardlib-coach-decision").first
    press(site_page, decision, ".cardlib-coach-position")
    expect(page.locator(".cardlib-coach-position")).to_contain_text("Your hand:")
    assert axe_violations(site_page) == [], "axe with the review and a decision's position open"
    assert site_page.problems() == []
