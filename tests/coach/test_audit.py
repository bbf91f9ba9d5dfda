"""A small run of the coach's audit (tools/coach_audit.py, ``make coach-audit``), so that it cannot rot: its exact
enumeration agrees with the views, its coverage counts and its labels' check run, and its match runs in a fresh
process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardlib import coach, games


def load_tool() -> ModuleType:
    """tools/coach_audit.py, imported from its file (tools/ is a folder of scripts, not a package)."""
    path = Path(__file__).resolve().parents[2] / "tools" / "coach_audit.py"
    spec = importlib.util.spec_from_file_location("coach_audit", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["coach_audit"] = module
    spec.loader.exec_module(module)
    return module


audit = load_tool()


@pytest.mark.parametrize("family", [0, 3])  # Écarté, and two-handed Alkort
def test_every_world_of_an_end_position_agrees_with_the_view_and_the_hint_covers_it(family: int) -> None:
    _, key, players, options, cards = audit.FAMILIES[family]
    state = next(s for d in range(50) if (s := audit.book_played(key, d, players, options, cards)) is not None)
    seat = state.seat_to_move()
    worlds = audit.worlds_of(state, seat)
    assert worlds and all(w > 0 for _, w in worlds)
    view = games.observe(state, seat)
    assert all(games.observe(world, seat).legal == view.legal for world, _ in worlds)
    tally = audit.Coverage()
    audit.covered_at(state, worlds, 1, tally)
    options_count = len(coach.options_of(view))
    assert tally.intervals == 2 * options_count and tally.covered >= tally.intervals - 1
    assert "intervals cover the exact value" in tally.line("x")


def test_the_labels_part_measures_every_choice_other_than_the_best(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit, "REFERENCE_TIMES", 1)
    found = audit.labels("ecarte", None, 1)
    assert sum(found["counts"].values()) >= found["measured"] > 0
    assert all(line.startswith("deal 0 move") for line in found["cheap"])


def test_the_match_runs_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(audit, "MATCHES", [("alkort", 2)])
    audit.match(1, None)
    assert "now: alkort (2 players): mc wins" in capsys.readouterr().out
