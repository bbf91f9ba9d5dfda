"""Fixtures for the exercise tests: a short time limit, and a clean progress record for each test."""

from __future__ import annotations

import pytest

from cardlib.exercises import checker, running


@pytest.fixture
def short_time_limit(monkeypatch: pytest.MonkeyPatch) -> float:
    """Stop endless loops after 0.3 s instead of 3 s, to keep the tests quick."""
    monkeypatch.setattr(running, "TIME_LIMIT", 0.3)
    return 0.3


@pytest.fixture(autouse=True)
def clean_progress(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Each test starts with nothing checked yet, and remembers what it solves in its own temporary file."""
    monkeypatch.setattr(checker, "PROGRESS", {})
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "progress.json"))
