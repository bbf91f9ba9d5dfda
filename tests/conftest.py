"""Test-session order: the browser tests run last.

Playwright's sync API keeps an event loop running in the main thread for as long as
its browser is open, and Voilà's server threads live as long as their fixture; every
other test (notebooks run with nbclient or nbval included) runs before them, untroubled.
"""

from __future__ import annotations

import pytest


def uses_a_browser(item: pytest.Item) -> bool:
    """The Voilà app tests and the book's browser test."""
    path = item.path.as_posix()
    return "/tests/browser/" in path or path.endswith("_browser.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=uses_a_browser)  # a stable sort: each group keeps its own order
