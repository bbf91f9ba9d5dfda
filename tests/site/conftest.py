"""Fixtures for the static site's tests: the site, built once per session; a plain static server; Chromium.

The site is built afresh at the start of the session (`python book/site/build.py`, about 15 s with a warm pip
cache), so the tests always see what `make site` makes now. Chromium (Debian's, or $CHROMIUM) runs with a
profile of its own for the whole session, as one visitor's browser: its cache and its storage (where
JupyterLite keeps the learner's files) last from page to page, and a reload keeps them.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, sync_playwright
from site_pages import CHROMIUM, CHROMIUM_ARGS, SitePage
from site_server import BUILD, ROOT, SITE, serving

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


@pytest.fixture(scope="session")
def chromium(tmp_path_factory) -> Iterator[BrowserContext]:
    """Chromium with a fresh profile for the session, as one visitor's browser."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make tools` or set CHROMIUM=/path/to/chromium")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("site-profile")), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@pytest.fixture
def site_page(chromium: BrowserContext, site_url: str) -> Iterator[SitePage]:
    """A fresh tab on the site, closed after the test (its Python, in the tab, goes with it)."""
    page = SitePage(chromium, site_url)
    yield page
    page.close()

