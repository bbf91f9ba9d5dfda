"""A tab on the static site, cut off from the internet, and what the site's tests and benchmark do in it.

Chromium resolves no host name but this machine's (CHROMIUM_ARGS), so every request to another host fails, and
each one is remembered, so a test can check that none was even tried. The tab does not intercept requests
(Playwright's routing would turn the browser's cache off): pages load as a visitor's do, from the cache once seen.
Python runs in the tab (Pyodide): an app page is ready when its widgets are drawn, a notebook when its kernel
has started; a click is answered when the table has been drawn anew and then stays still.
"""

from __future__ import annotations

import time
from urllib.parse import quote, urlsplit

from playwright.sync_api import BrowserContext, Locator, Page, Request

from browser_harness import CHROMIUM as CHROMIUM
from browser_harness import CHROMIUM_ARGS as BROWSER_ARGS
from browser_harness import LOCAL_HOSTS, OFFLINE_ARGS

# The harness every browser test shares (tests/browser_harness.py), here with every other host unresolvable.
CHROMIUM_ARGS = [*BROWSER_ARGS, *OFFLINE_ARGS]
START_MS = 180_000  # Python starting in the tab: seconds alone, much longer on a machine busy with other tests
ANSWER_S = 60  # a click's answer: well under a second, unless the machine is very busy
MOVES_PER_DEAL = 60  # an Écarté deal has 5 tricks, a proposal and a discard or two
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


class SitePage:
    """A tab on the site, with what went wrong in it."""

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.base_url = base_url
        self.page: Page = context.new_page()
        self.page.set_default_timeout(30_000)
        self.blocked: list[str] = []  # requests that tried to leave this machine
        self.js_errors: list[str] = []
        self.page.on("pageerror", lambda error: self.js_errors.append(str(error)))
        self.page.on("request", self.remember_if_leaving)  # the page's requests and its workers' (the kernel's)

    def remember_if_leaving(self, request: Request) -> None:
        """Remember a request to another host (Chromium cannot resolve its name, so it fails)."""
        url = request.url
        if urlsplit(url).hostname not in LOCAL_HOSTS and not url.startswith(("data:", "blob:")):
            self.blocked.append(url)

    def goto(self, path: str) -> Page:
        """Open a page of the site (path from its root)."""
        self.page.goto(self.base_url + path)
        return self.page

    # -----------------------------------------------------------------------------------------------------
    # Apps

    def wait_for_app(self, ready: str) -> Locator:
        """Wait until the app page's Python has drawn the element `ready`, visible; return it."""
        element = self.page.locator(ready).first
        element.wait_for(state="visible", timeout=START_MS)
        return element

    def click(self, target: Locator, read: str = ".cardlib-table") -> float:
        """Click, wait until the element `read` has been drawn anew and then stays still; return the seconds
        until it first changed (the click's answer)."""
        watched = self.page.locator(read).first
        before = watched.inner_html()
        started = time.monotonic()
        target.click()
        while watched.inner_html() == before:
            if time.monotonic() - started > ANSWER_S:
                raise AssertionError(f"no answer to the click within {ANSWER_S} s")
            self.page.wait_for_timeout(10)
        answered = time.monotonic() - started
        self.settled(read)
        return answered

    def settled(self, read: str, quiet_ms: int = 150) -> str:
        """Wait until the element `read` stops changing for quiet_ms; return its HTML."""
        watched = self.page.locator(read).first
        last = watched.inner_html()
        deadline = time.monotonic() + ANSWER_S
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(quiet_ms)
            now = watched.inner_html()
            if now == last:
                return now
            last = now
        raise AssertionError("the page kept changing")

    # -----------------------------------------------------------------------------------------------------
    # Notebooks, driven through JupyterLab's commands (window.jupyterapp), as its menus do

    def open_notebook(self, path: str) -> Page:
        """Open a notebook of the drive (notebooks/..., exercises/...) and wait until its kernel has started."""
        self.goto(f"lite/notebooks/index.html?path={quote(path)}")
        self.page.wait_for_function("window.jupyterapp?.shell.currentWidget?.sessionContext", timeout=START_MS)
        self.page.evaluate("""async () => { const context = window.jupyterapp.shell.currentWidget.sessionContext;
            await context.ready; await context.session.kernel.info; }""")
        return self.page

    def run_all(self) -> bool:
        """Run every cell, top to bottom; whether all ran without an exception."""
        return self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')", None) is True

    def cell_index(self, starts_with: str) -> int:
        """The index of the first cell with a line that starts with this text (a check cell's second line, say)."""
        sources = self.page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
            .map(cell => cell.model.sharedModel.getSource())""")
        return next(
            i for i, source in enumerate(sources) if any(line.startswith(starts_with) for line in source.splitlines())
        )

    def run_cell(self, index: int, source: str | None = None) -> str:
        """Run one cell (with this source, if given), as Shift+Enter does; return the text of its output."""
        self.page.evaluate(
            """async ([index, source]) => {
            const notebook = window.jupyterapp.shell.currentWidget.content;
            if (source !== null) notebook.widgets[index].model.sharedModel.setSource(source);
            notebook.activeCellIndex = index;
            await window.jupyterapp.commands.execute('notebook:run-cell');
        }""",
            [index, source],
        )
        return self.page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea").inner_text()

    # -----------------------------------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Error output in the page (a traceback, a warning), JavaScript errors, and requests to another host."""
        shown = self.page.locator(ERROR_OUTPUT).all_inner_texts()
        return (
            [f"error output: {text[:600]}" for text in shown]
            + [f"JavaScript error: {error}" for error in self.js_errors]
            + [f"request to another host: {url}" for url in self.blocked]
        )

    def screenshot(self, path) -> None:
        """Keep a picture of the tab for a person to look at."""
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        """Close the tab."""
        self.page.close()


# ---------------------------------------------------------------------------------------------------------
# Playing Écarté by clicks: whatever the table offers, until the deal is scored


def deal_over(page: Page) -> bool:
    """Has the table scored the deal?"""
    return page.locator(".cardlib-prompt").first.inner_text().startswith("The deal is over")


def next_move(page: Page, proposed: bool) -> list[Locator]:
    """What to click for one move: propose once, a card to throw and the discard, a playable card, or a button."""
    propose = page.locator(".cardlib-action-propose, .cardlib-action-accept")
    selectable = page.locator(".cardlib-card-selectable")
    playable = page.locator(".cardlib-your-turn .cardlib-card-playable")
    actions = page.locator(".cardlib-actions .cardlib-action")
    if propose.count() and not proposed:
        return [propose.first]
    if selectable.count():
        return [selectable.first, page.locator(".cardlib-action-discard").first]
    if playable.count():
        return [playable.first]
    if actions.count():
        return [actions.first]
    raise AssertionError(
        "nothing to click, yet the deal is not over:\n" + page.locator(".cardlib-table").first.inner_text()
    )


def play_deal(site_page: SitePage) -> list[float]:
    """Play one deal of the table to its score by clicks; return how long each click took to be answered."""
    page, proposed = site_page.page, False
    answers: list[float] = []
    site_page.settled(".cardlib-table")
    for _ in range(MOVES_PER_DEAL):
        if deal_over(page):
            return answers
        for target in next_move(page, proposed):
            proposed = proposed or "propose" in (target.get_attribute("class") or "")
            answers.append(site_page.click(target))
    raise AssertionError(f"the deal did not end in {MOVES_PER_DEAL} moves")
