"""Chapter 11's close calls, saved because they take several seconds (tools/close_calls.py): measured again in full,
every run comes out as saved, and the chapter's sentences about them hold for the saved figures."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from tool_loading import load_tool

from cardlib.ecarte import strategy

SAVED = json.loads((Path(strategy.__file__).with_name("close_calls.json")).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def close_calls() -> ModuleType:
    return load_tool("close_calls")


def test_every_saved_run_is_what_the_tool_measures_again(close_calls: ModuleType) -> None:
    assert close_calls.runs() == SAVED


def test_the_runs_decide_what_the_chapter_says_they_decide() -> None:
    """Playing beats proposing with x / QJx x -, refusing beats accepting with x / KQ xx -: 40 000 deals decide both;
    the first deciding discard gains under 0.05 a deal, if at all, and the second turns round."""
    play, accept = (SAVED["close"][key]["gain"] for key in ("x / QJx x -", "x / KQ xx -"))
    assert play[0] > play[1] and -accept[0] > accept[1]
    first, second = (run["gain"] for run in SAVED["discard"].values())
    assert sum(first) < 0.05 and second[0] < -second[1]


def test_the_chapter_plays_again_only_a_slice_and_quotes_the_saved_runs() -> None:
    assert SAVED["again"] <= 1_000 and all(
        run["deals"] >= 10 * SAVED["again"] for runs in (SAVED["close"], SAVED["discard"]) for run in runs.values()
    )
