"""Fixtures for the exercise tests: a short time limit, a watchdog, and a clean progress record for each test."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from cardlib.exercises import checker, running


@pytest.fixture
def short_time_limit(monkeypatch: pytest.MonkeyPatch) -> float:
    """Stop endless loops after 0.3 s instead of 3 s, to keep the tests quick."""
    monkeypatch.setattr(running, "TIME_LIMIT", 0.3)
    return 0.3


@pytest.fixture(autouse=True)
def clean_progress(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Each test starts with nothing checked or revealed, and remembers what it solves in its own temporary file."""
    monkeypatch.setattr(checker, "PROGRESS", {})
    monkeypatch.setattr(checker, "REVEALED", set())
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))


@pytest.fixture
def within() -> Callable[[float, Callable[[], Any]], Any]:
    """Run a check in a thread of its own and fail, rather than hang, if it does not end in time.

    The learner code these tests run swallows exceptions in endless loops: were the checker's time limit
    to fail, it would swallow pytest's own timeout too. (The checker needs no thread: a test may use one.)
    """

    def run(seconds: float, check: Callable[[], Any]) -> Any:
        results: list[Any] = []
        worker = threading.Thread(target=lambda: results.append(check()), daemon=True)
        worker.start()
        worker.join(seconds)
        assert not worker.is_alive(), f"the check was still running after {seconds} s: the time limit failed"
        return results[0]

    return run
