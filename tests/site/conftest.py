"""Fixtures for the static site's tests: the site, built once per session; a plain static server; Chromium.

The site is built afresh at the start of the session (`python book/site/build.py`, about 15 s with a warm pip
cache), so the tests always see what `make site` makes now. Chromium (Debian's, or $CHROMIUM) runs with a
profile of its own for the whole session, as one visitor's browser: its cache and its storage (where
JupyterLite keeps the learner's files) last from page to page, and a reload keeps them.

Playwright's sync API allows one Playwright per thread, and other tests of the session (tests/browser) keep
theirs open in the main thread: so this browser lives in a thread of its own, and the tests that use it run
their body there too (pytest_pyfunc_call below).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, sync_playwright
from site_pages import SitePage
from site_server import BUILD, ROOT, SITE, serving

from browser_harness import launch_profile

ARTIFACTS = ROOT / "test-artifacts" / "site"  # screenshots, for a person to look at (git-ignored)


@pytest.fixture(scope="session")
def site() -> Path:
    """The site, built from scratch for this session."""
    built = subprocess.run([sys.executable, str(BUILD)], cwd=ROOT, capture_output=True, text=True)
    if built.returncode != 0:
        pytest.fail(f"make site failed:\n{built.stdout[-3000:]}\n{built.stderr[-3000:]}")
    return SITE


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """The site's address on a plain static server on 127.0.0.1."""
    with serving(site) as url:
        yield url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for this run's screenshots."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


BROWSER_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="site-chromium")


def in_browser_thread(function, *args):
    """Run function(*args) in the browser's thread and return what it returns (or raise what it raises)."""
    return BROWSER_THREAD.submit(function, *args).result()


@pytest.fixture(scope="session")
def chromium(tmp_path_factory) -> Iterator[BrowserContext]:
    """Chromium with a fresh profile for the session, as one visitor's browser."""
    profile = tmp_path_factory.mktemp("site-profile")

    def launch() -> tuple:
        playwright = sync_playwright().start()
        return playwright, launch_profile(playwright, profile, offline=True)

    playwright, context = in_browser_thread(launch)
    yield context
    in_browser_thread(lambda: (context.close(), playwright.stop()))


@pytest.fixture
def site_page(chromium: BrowserContext, site_url: str) -> Iterator[SitePage]:
    """A fresh tab on the site, closed after the test (its Python, in the tab, goes with it)."""
    page = in_browser_thread(SitePage, chromium, site_url)
    yield page
    in_browser_thread(page.close)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run a test that uses the browser in the browser's thread."""
    if "site_page" not in pyfuncitem.fixturenames:
        return None
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    in_browser_thread(lambda: pyfuncitem.obj(**arguments))
    return True
