"""The conformance suite's cases: every game the registry knows, with every number it may be played by.

The games are read from the registry (``games.every()``) when the tests are collected, so a game registered by
its room (``games.BUILT_IN``) or for the session (``pytest --register-game NAME``) is tested here without a line
of test code. Beside them, the games the tests define, the guide's toy (``tests/toy_game.py``), a throw-away fourth
game with trumps (``fourth_game.py``) and a plain game with a turned-up trump (``turnup_game.py``), are registered
for each of their tests and taken out after.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from cardlib import games

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "widgets"))  # the widget tests' helpers (play_out), which the table cases use
DEFINED_BY_THE_TESTS = (
    TESTS / "toy_game.py",
    *(Path(__file__).with_name(f"{name}_game.py") for name in ("fourth", "turnup")),
)


def module_of(path: Path) -> ModuleType:
    """A test-defined game's module, imported once by its path."""
    if path.stem not in sys.modules:
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
    return sys.modules[path.stem]


def descriptions() -> list[games.GameDescription]:
    """Every registered game, then the games the tests define (unless registered already)."""
    known = list(games.every())
    extra = [module_of(path).DESCRIPTION for path in DEFINED_BY_THE_TESTS]
    return known + [game for game in extra if game.key not in games.keys()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test that asks for ``case`` runs once for each game and each number of players."""
    if "case" in metafunc.fixturenames:
        cases = [(game, count) for game in descriptions() for count in game.players]
        metafunc.parametrize("case", cases, ids=[f"{game.key}{count}" for game, count in cases])


@pytest.fixture
def game(case: tuple[games.GameDescription, int]) -> Iterator[games.GameDescription]:
    """The case's game, registered for the test if the tests define it, and taken out after."""
    description = case[0]
    added = description.key not in games.keys()
    if added:
        games.register(description)
    yield description
    if added:
        games.unregister(description.key)


@pytest.fixture
def players(case: tuple[games.GameDescription, int]) -> int:
    """The case's number of players."""
    return case[1]
