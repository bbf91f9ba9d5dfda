"""The built book in a real browser, cut off from the internet: widgets render and the rules are there.

Chromium (Debian's, or $CHROMIUM) opens pages from a local web server; every request to any other host is
blocked and recorded, and the test fails if a page even tried one. Playwright runs in a thread of its own so
that it never meets another test's Playwright in this process (the sync API allows one per thread).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, sync_playwright

from book_paths import ROOT
from browser_harness import axe_violations, launch_browser, require_chromium
from test_book_site import CHAPTERS, PAGES, widget_state

SCREENSHOTS = ROOT / "test-artifacts" / "book"
TIMEOUT_MS = 30_000
# What the widget manager puts in the page for each widget it draws (ipywidgets 8: "jupyter-widgets").
RENDERED_WIDGET = ".jupyter-widgets"
# Every page a learner reads: the chapters, the exercises and the reference but the API (made by autodoc).
READING_PAGES = [name for name in PAGES if not name.startswith("api/")]


def in_browser(site_url: str, paths: list[str], check) -> list:
    """Open each page in offline Chromium and return check(page, blocked, errors) for each, in a fresh thread."""

    def session() -> list:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            try:
                return [visit(browser, site_url + path, check) for path in paths]
            finally:
                browser.close()

    require_chromium()
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(session).result()


def visit(browser, url: str, check):
    """Load one page with only localhost reachable, then run the check on it."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    blocked: list[str] = []
    errors: list[str] = []

    def only_localhost(route: Route) -> None:
        """Let local requests through; block and record everything else."""
        if urlsplit(route.request.url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_localhost)
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A file the page asks this site for and does not get (the widget manager's fonts once) is an error too.
    page.on(
        "response",
        lambda response: errors.extend([f"HTTP {response.status}: {response.url}"] if response.status >= 400 else []),
    )
    try:
        page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        return check(page, blocked, errors)
    finally:
        page.close()


def screenshot(page: Page, name: str) -> None:
    """Keep a picture of the page for a person to look at (test-artifacts/book/)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)


def chapters_with_widgets(site: Path) -> dict[str, int]:
    """The tutorial chapters whose page shows widgets, with how many outputs are widgets."""
    counts = {}
    for name in CHAPTERS:
        path = site / f"{name}.html"
        if path.exists() and widget_state(html := path.read_text(encoding="utf-8")):
            counts[name] = html.count('type="application/vnd.jupyter.widget-view+json"')
    return counts


def test_every_tutorial_chapters_widgets_render_without_internet(site, site_url):
    expected = chapters_with_widgets(site)
    assert expected, "no tutorial chapter's page has saved widget state (see test_book_site.py)"

    def check(page: Page, blocked: list[str], errors: list[str]) -> dict:
        name = page.url.removeprefix(site_url).removesuffix(".html")
        # The manager draws each widget output into a .widget-subarea of its own.
        page.wait_for_function(
            f"document.querySelectorAll('.widget-subarea').length >= {expected[name]}", timeout=TIMEOUT_MS
        )
        first = page.locator(RENDERED_WIDGET).first
        first.scroll_into_view_if_needed()
        screenshot(page, name.replace("/", "-"))
        drawn = page.eval_on_selector_all(
            ".widget-subarea", f"areas => areas.filter(a => a.querySelector('{RENDERED_WIDGET}')).length"
        )
        return {
            "name": name,
            "drawn": drawn,
            "visible": first.is_visible(),
            "manager": page.evaluate("typeof window.require === 'function'"),
            "blocked": blocked,
            "errors": errors,
        }

    for result in in_browser(site_url, [f"{name}.html" for name in expected], check):
        name = result["name"]
        assert result["manager"], f"{name}: require.js did not load from the site"
        assert result["drawn"] == expected[name] and result["visible"], (
            f"{name}: {result['drawn']} of {expected[name]} widget outputs were drawn"
        )
        assert not result["blocked"], f"{name} tried to reach the internet: {result['blocked']}"
        assert not result["errors"], f"{name} raised JavaScript errors: {result['errors']}"


def test_the_rules_reference_is_in_the_book_and_reachable_from_the_front_page(site, site_url):
    def check(page: Page, blocked: list[str], errors: list[str]) -> dict:
        if page.url.endswith("intro.html") or page.url.endswith("/"):
            page.get_by_role("link", name="The rules", exact=True).first.click()
            page.wait_for_load_state("load")
        screenshot(page, page.url.rsplit("/", 1)[-1].removesuffix(".html"))
        return {
            "url": page.url,
            "title": page.locator("h1").first.inner_text(),
            "body": page.locator("main").inner_text(),
            "blocked": blocked,
            "errors": errors,
        }

    front, alkort, ecarte = in_browser(site_url, ["intro.html", "rules/alkort.html", "rules/ecarte.html"], check)
    assert front["url"].endswith("rules/index.html") and "The rules" in front["title"]
    assert "Cavendish" in front["body"] and "pagat.com" in front["body"]
    assert alkort["title"].startswith("Alkort") and "K♦" in alkort["body"] and "múk" in alkort["body"].lower()
    assert ecarte["title"].startswith("Écarté") and "K Q J A 10 9 8 7" in ecarte["body"]
    for result in (front, alkort, ecarte):
        assert not result["blocked"], f"{result['url']} tried to reach the internet: {result['blocked']}"
        assert not result["errors"], f"{result['url']} raised JavaScript errors: {result['errors']}"


def test_every_page_a_learner_reads_passes_axe(site, site_url):
    def check(page: Page, blocked: list[str], errors: list[str]) -> dict:
        return {"url": page.url, "violations": axe_violations(page)}

    results = in_browser(site_url, [f"{name}.html" for name in READING_PAGES], check)
    assert len(results) >= 25
    assert [(r["url"], r["violations"]) for r in results if r["violations"]] == []
