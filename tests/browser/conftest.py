"""Fixtures for the browser tests: a Voilà server serving the course, Chromium, and pages.

The server is started once per test session on a free port and stopped at its end; see
voila_harness.py for how, and for what a page checks. Tests of the server's limits get
servers of their own, with short timeouts or a small cap on kernels.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from browser_harness import launch_profile
from voila_harness import ARTIFACTS, AppPage, Server, serving


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for screenshots and logs of this run."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila_server(artifacts: Path):
    """A Voilà serving notebooks/ with the course's configuration, as `make demo` runs it."""
    with serving(artifacts / "voila.log") as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila_server: Server) -> str:
    """The base URL of the course's Voilà."""
    return voila_server.url


@pytest.fixture(scope="session")
def course_playwright() -> Iterator[Playwright]:
    """The one Playwright of the session: a second sync_playwright() while one runs refuses to start."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser_context(course_playwright: Playwright, tmp_path_factory):
    """Chromium with a fresh profile, as a Playwright browser context (launched by the shared harness)."""
    context = launch_profile(course_playwright, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()


@pytest.fixture
def app_page(browser_context: BrowserContext, voila_url: str):
    """A fresh page (tab) on the course's server, closed after the test, so its kernel stops."""
    page = AppPage(browser_context, voila_url)
    yield page
    page.close()
