"""The strong bot's match figures: the README and chapter 10 quote ``cardlib/bots/strength.json`` (tools/strength.py)
as it is, and the strong bot keeps within three times the Monte Carlo bot's p95 time a decision."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest
from tool_loading import load_tool

ROOT = Path(__file__).resolve().parents[2]


def strength_tool() -> ModuleType:
    """tools/strength.py."""
    return load_tool("strength")


def saved() -> dict:
    return json.loads(resources.files("cardlib.bots").joinpath("strength.json").read_text(encoding="utf-8"))


def test_the_readme_quotes_the_saved_matches() -> None:
    assert strength_tool().table(saved()) in (ROOT / "README.md").read_text(encoding="utf-8")


def test_both_games_were_measured_within_three_times_the_monte_carlo_bots_time() -> None:
    data = saved()
    assert {"ecarte strong:mc", "alkort4 strong:mc"} <= set(data)
    for key, match in data.items():
        if key != "about":
            assert match["deals"] >= 300 and match["p95_ratio"] <= 3.0, (key, match)


def test_the_pooled_match_is_the_chunks_together() -> None:
    tool = strength_tool()
    from cardlib import tournament

    parts = [tournament.run_match("ecarte", "rules", "random", 3, seed=s) for s in (1, 2)]
    whole = tool.pooled(parts)
    assert whole.pair_scores == parts[0].pair_scores + parts[1].pair_scores and whole.deals == 6
    assert whole.points_a == sum(p.points_a for p in parts)
    assert len(whole.times["rules"]) == sum(len(p.times["rules"]) for p in parts)


def test_a_saved_match_made_longer_is_the_whole_match() -> None:
    tool = strength_tool()
    from cardlib import tournament

    parts = [tournament.run_match("ecarte", "random", "random", n, seed=s) for n, s in ((6, 1), (5, 2))]
    first, second, whole = (tool.figures(r, 1.0) for r in (parts[0], parts[1], tool.pooled(parts)))
    longer = tool.pooled_with(first, second)
    for field in ("deals", "win_rate", "interval", "pair_sd", "points"):
        assert longer[field] == pytest.approx(whole[field], abs=2e-4), field
    assert longer["timed_deals"] == 5 and longer["processor_time"] == second["processor_time"]
    del first["pair_sd"]  # a record from before pair_sd: its spread is read back from its interval
    assert tool.pooled_with(first, second)["interval"] == pytest.approx(whole["interval"], abs=2e-4)
