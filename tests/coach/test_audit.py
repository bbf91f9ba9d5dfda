"""A small run of the coach's audit (tools/coach_audit.py, ``make coach-audit``), so that it cannot rot: its exact
enumeration agrees with the views, its coverage counts and its labels' check run, and its match runs in a fresh
process."""

from __future__ import annotations

import importlib.util
import math
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardlib import coach, games
from cardlib.cards import Card
from cardlib.worlds import every_world


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
    state, worlds = next(audit.end_positions(audit.FAMILIES[family], 1))
    seat = state.seat_to_move()
    assert worlds and all(w > 0 for _, w in worlds)
    view = games.observe(state, seat)
    assert all(games.observe(world, seat).legal == view.legal for world, _ in worlds)
    tally = audit.Coverage()
    audit.covered_at(state, worlds, 1, tally)
    options_count = len(coach.options_of(view))
    assert tally.intervals == 2 * options_count and tally.covered >= tally.intervals - 1
    assert "intervals cover the exact value" in tally.line("x")


def hands_now(world: Any) -> list[list[Card]]:
    """A world's hands, each in sorted order."""
    return [sorted(hand) for hand in world.hands]


def test_whole_ecarte_worlds_are_the_positions_worlds_with_every_part_agreeing() -> None:
    """With a bot playing on, each Écarté world is built whole (his discard and the stock too): the same hands and
    weights, each seat's view of it a real one, where the position's own worlds with only the hand changed made a
    bot imagine a deck with a card twice (the 2+3 packets' family)."""
    state, worlds = next(audit.end_positions(audit.FAMILIES[1], 1))
    seat = state.seat_to_move()
    whole = audit.worlds_of(state, seat, whole=True)
    assert whole is not None and any(games.observe(state, seat).discards_of(1 - seat))
    assert [(hands_now(w), weight) for w, weight in whole] == [(hands_now(w), weight) for w, weight in worlds]
    view = games.observe(state, seat)
    for world, _ in whole:
        assert games.observe(world, seat).log == view.log and games.observe(world, seat).hand == view.hand
        assert sorted(world.deck) == sorted(state.deck)
    world, _ = whole[0]
    for option in coach.options_of(view):
        assert -4 <= coach.outcome(world, option, seat, "mc") <= 4  # (it stopped on a card twice)


def hands_law(worlds: Iterable[tuple[Any, float]]) -> dict[tuple[tuple[Card, ...], ...], float]:
    """The chance of each deal of the hands now, from worlds and their weights."""
    law: defaultdict[tuple[tuple[Card, ...], ...], float] = defaultdict(float)
    for world, weight in worlds:
        law[tuple(tuple(sorted(hand)) for hand in world.hands)] += weight
    total = sum(law.values())
    return {hands: weight / total for hands, weight in law.items()}


# Two players after an exchange; four after one (the exchanger's hand came from the stock); four where the partner
# who showed A♥ may hold A♦ as well (a world the reference dropped when it put the card held first: 630 of 720).
@pytest.mark.parametrize("family, deal", [(5, None), (8, None), (6, 11)])
def test_the_reference_weighs_the_worlds_as_the_fair_sampler_defines_them(family: int, deal: int | None) -> None:
    found = audit.FAMILIES[family]
    if deal is None:
        state, worlds = next(audit.end_positions(found, 1))
    else:
        state = audit.book_played(found.key, deal, found.players, found.options, found.cards)
        worlds = audit.worlds_of(state, state.seat_to_move())
    view = games.observe(state, state.seat_to_move())
    assert bool(view.exchanges) == found.exchange and worlds
    exact, fair = hands_law(worlds), hands_law(every_world(view))
    assert exact.keys() == fair.keys() and all(exact[h] == pytest.approx(fair[h]) for h in exact)


def test_misses_in_one_hint_count_as_one_piece_of_evidence() -> None:
    independent = audit.Coverage(hints=[(1, 1)] * 76 + [(1, 0)] * 4)  # 95 % of 80 independent intervals
    assert independent.floor() == pytest.approx(0.95 - 1.96 * math.sqrt(0.95 * 0.05 / 80))
    clustered = audit.Coverage(hints=[(4, 4)] * 18 + [(4, 0)] * 2)  # 20 hints of 4 intervals that miss together
    assert clustered.covered / clustered.intervals == 0.9 < independent.floor()
    assert clustered.floor() < 0.85 and "ok" in clustered.line("x")  # two hints of 20 missed: within the noise


def test_the_labels_part_measures_every_choice_other_than_the_best(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit, "REFERENCE_TIMES", 1)
    found = audit.labels("ecarte", None, 1)
    assert sum(found["counts"].values()) >= found["measured"] > 0
    assert all(line.startswith("deal 0 move") for line in found["cheap"])


def test_the_match_runs_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(audit, "usual_tables", lambda: [("alkort", 2)])
    audit.match(1, None)
    assert "now: alkort (2 players): mc wins" in capsys.readouterr().out
