"""The judgment widgets on the book's pages, where no Python runs: their folded record opens by keyboard alone.

A model deal (chapters 4 and 7) and the play-or-propose drill (chapter 11) need Python to step or answer; the
book shows each as saved, with every move's note (the drill: every hand's verdict) in a folded list beneath,
which a learner opens with Enter. Every page's axe check is in test_book_browser.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from test_book_browser import in_browser

from browser_harness import press_by_keyboard

FOLDED = {
    "notebooks/04-alkort-deal.html": ".cardlib-model-record summary",
    "notebooks/07-ecarte-scoring-and-game.html": ".cardlib-model-record summary",
    "notebooks/11-ecarte-judgment.html": ".cardlib-judgment-all summary",
}


def open_folded(selector: str):
    """A check that opens the page's first folded record by keyboard and says how many items it shows."""

    def check(page: Page, blocked: list[str], errors: list[str]) -> tuple[bool, int, list[str]]:
        summary = page.locator(selector).first
        summary.wait_for(state="attached", timeout=30_000)
        press_by_keyboard(page, summary)
        details = summary.locator("xpath=..")
        details.locator("li").first.wait_for(state="visible", timeout=10_000)
        return details.get_attribute("open") is not None, details.locator("li").count(), blocked + errors

    return check


@pytest.mark.parametrize("path", FOLDED, ids=lambda path: path.split("/")[-1])
def test_a_judgment_widgets_record_opens_by_keyboard_on_the_books_page(site, site_url, path):
    [(opened, items, problems)] = in_browser(site_url, [path], open_folded(FOLDED[path]))
    assert opened and items >= 10, f"{path}: the folded record opened={opened} with {items} items"
    assert not problems, f"{path}: {problems}"
