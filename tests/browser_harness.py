"""The one browser harness of the course's tests: Chromium, how it is launched, axe-core, and the keyboard.

The Voilà apps' tests (tests/browser), the built book's (tests/book) and the static site's (tests/site) all drive
Debian's Chromium (CHROMIUM, default /usr/bin/chromium) through Playwright, which cannot download browsers here;
they launch it with the same arguments, check pages with the same axe-core rules (WCAG 2.1 AA and best practices,
axe-core bundled with axe-playwright-python: no CDN), and reach controls with the keyboard the same way. A new
browser test imports what it needs from here:

    from browser_harness import axe_violations, launch_browser, press_by_keyboard

Each folder's conftest.py keeps only its own server (Voilà, the book's static files, the site's build).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Every host name but this machine's fails to resolve: nothing can leave it, even where requests are not routed
# (routing turns the browser's cache off, which the static site's tests need on).
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, " + ", ".join(f"EXCLUDE {host}" for host in LOCAL_HOSTS)]
VIEWPORT = {"width": 1280, "height": 900}

# What axe-core checks on every page: WCAG 2.1 A and AA, and its best practices (headings in order, landmarks,
# table headers), at every impact.
AXE_RULES = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}
AXE = Axe()
TAB_LIMIT = 400  # presses of Tab before giving up on reaching a control: around a long page twice


def require_chromium() -> None:
    """Fail the test, saying what to do, when there is no Chromium to drive."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make browser` or set CHROMIUM=/path/to/chromium")


def launch_browser(playwright: Playwright, *, offline: bool = False) -> Browser:
    """Chromium with the course's arguments (and every other host unresolvable, if ``offline``)."""
    require_chromium()
    args = CHROMIUM_ARGS + (OFFLINE_ARGS if offline else [])
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)


def launch_profile(playwright: Playwright, profile: str | Path, *, offline: bool = False) -> BrowserContext:
    """Chromium with a profile of its own (a visitor's cache and storage that last from page to page)."""
    require_chromium()
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS + (OFFLINE_ARGS if offline else []),
        viewport=VIEWPORT,  # type: ignore[arg-type]  # Playwright's ViewportSize is this TypedDict
    )


def axe_violations(page: Page, context: str | None = None) -> list[str]:
    """What axe-core finds on the page as it is now (within the ``context`` selector, if given), one line each."""
    found: list[dict[str, Any]] = AXE.run(page, context=context, options=AXE_RULES).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s), first: "
        f"{v['nodes'][0]['html'][:160]} — {v['nodes'][0].get('failureSummary', '')[:300]}"
        for v in found
    ]


def has_focus(target: Locator) -> bool:
    """Whether the element has the keyboard's focus."""
    return bool(target.evaluate("element => element === document.activeElement"))


def tab_to(page: Page, target: Locator, limit: int = TAB_LIMIT) -> int:
    """Press Tab until the target has the focus; how many presses it took (fails after ``limit``)."""
    for presses in range(limit):
        if has_focus(target):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target} in {limit} presses")


def back_to(page: Page, target: Locator, limit: int = TAB_LIMIT) -> None:
    """Press Shift+Tab until the target has the focus, as a learner goes back to a control just passed."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab")
        if has_focus(target):
            return
    raise AssertionError(f"Shift+Tab never reached {target} in {limit} presses")


def focus_ring(target: Locator) -> tuple[str, float]:
    """The focused element's outline: its style and its width in pixels."""
    style, width = target.evaluate("e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]")
    return str(style), float(str(width).removesuffix("px") or 0)


def assert_visible_focus_ring(target: Locator, min_width: float = 2) -> None:
    """The focused element shows a ring a learner can see (WCAG 2.4.7)."""
    style, width = focus_ring(target)
    assert style != "none" and width >= min_width, f"a visible focus ring, not {(style, width)}"


def press_by_keyboard(page: Page, target: Locator, key: str = "Enter") -> None:
    """Reach the target with Tab alone, check its focus ring, and press a key on it (Enter, Space, an arrow)."""
    tab_to(page, target)
    assert_visible_focus_ring(target)
    page.keyboard.press(key)
