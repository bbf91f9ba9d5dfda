"""Test-session order: the browser tests run last; and games registered for the whole session.

Playwright's sync API keeps an event loop running in the main thread for as long as
its browser is open, and Voilà's server threads live as long as their fixture; every
other test (notebooks run with nbclient or nbval included) runs before them, untroubled.

``--register-game NAME`` registers a game of one's own (``games.load``: a module or package name, ``cardlib.euchre``,
or a file's path) before any test is collected, so that every test that reads the registry plays it too:
``make check-with-a-fourth-game`` runs the quick loop so with tests/conformance/fourth_game.py, to show that no test
lists the games by hand.
"""

from __future__ import annotations

import pytest


def uses_a_browser(item: pytest.Item) -> bool:
    """The Voilà app tests and the book's browser test."""
    path = item.path.as_posix()
    return "/tests/browser/" in path or path.endswith("_browser.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=uses_a_browser)  # a stable sort: each group keeps its own order


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--register-game",
        action="append",
        default=[],
        metavar="NAME",
        help="register a game for the whole session: a module or package name (cardlib.euchre) or a file's path",
    )


def pytest_configure(config: pytest.Config) -> None:
    from cardlib import games  # here, not at the top: the course is imported only when a game is asked for

    for name in config.getoption("register_game"):
        games.load(name)
