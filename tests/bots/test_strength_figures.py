"""The strong bot's match figures: the README and chapter 10 quote ``cardlib/bots/strength.json`` (tools/strength.py)
as it is, and the strong bot keeps within three times the Monte Carlo bot's p95 time a decision."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from types import ModuleType

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
