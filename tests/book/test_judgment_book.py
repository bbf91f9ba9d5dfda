"""The judgment widgets on the book's pages, where no Python runs: their folded record opens by keyboard alone.

A model deal (chapters 4 and 7) and the play-or-propose drill (chapter 11) need Python to step or answer; the
book shows each as saved, with every move's note (the drill: every hand's verdict) in a folded list beneath,
which a learner opens with Enter; a puzzle board shows its first puzzle with the coach's answer, its principle,
its line and the numbers folded beneath it. Every page's axe check is in test_book_browser.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from test_book_browser import in_browser

from browser_harness import press_by_keyboard

MODEL_DEAL = (".cardlib-model-record summary", "li", 10)  # what opens it, an item in it, the fewest items
PUZZLE = (".cardlib-puzzle-record summary", "tr", 3)  # the heading, then a row per option (two at least)
LESSON = (".cardlib-puzzle-record summary", "p.cardlib-puzzle-principle, p.cardlib-puzzle-line", 2)  # both shown
FOLDED = [
    ("notebooks/04-alkort-deal.html", *MODEL_DEAL),
    ("notebooks/04-alkort-deal.html", *PUZZLE),
    ("notebooks/07-ecarte-scoring-and-game.html", *MODEL_DEAL),
    ("notebooks/07-ecarte-scoring-and-game.html", *PUZZLE),
    ("notebooks/04-alkort-deal.html", *LESSON),
    ("notebooks/07-ecarte-scoring-and-game.html", *LESSON),
    ("notebooks/11-ecarte-judgment.html", ".cardlib-judgment-all summary", "li", 10),
]


def open_folded(selector: str, item: str):
    """A check that opens the page's first folded record by keyboard and says how many items it shows."""

    def check(page: Page, blocked: list[str], errors: list[str]) -> tuple[bool, int, list[str]]:
        summary = page.locator(selector).first
        summary.wait_for(state="attached", timeout=30_000)
        press_by_keyboard(page, summary)
        details = summary.locator("xpath=..")
        details.locator(item).first.wait_for(state="visible", timeout=10_000)
        return details.get_attribute("open") is not None, details.locator(item).count(), blocked + errors

    return check


@pytest.mark.parametrize(("path", "selector", "item", "fewest"), FOLDED, ids=lambda part: str(part).split("/")[-1])
def test_a_judgment_widgets_record_opens_by_keyboard_on_the_books_page(site, site_url, path, selector, item, fewest):
    [(opened, items, problems)] = in_browser(site_url, [path], open_folded(selector, item))
    assert opened and items >= fewest, f"{path}: {selector} opened={opened} with {items} {item}"
    assert not problems, f"{path}: {problems}"
