"""The strategy lab's larger runs (chapter 9: the vole or the point, counting the Sevens) hold: a few of their deals
played again with the chapter's own players come out as saved, their summaries add up from what they saved, and
the chapter quotes them as saved."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tool_loading import load_tool

from cardlib.margins import signed

ROOT = Path(__file__).resolve().parents[2]
VOLE = json.loads((ROOT / "cardlib" / "ecarte" / "vole.json").read_text(encoding="utf-8"))
SEVENS = json.loads((ROOT / "cardlib" / "alkort" / "sevens_count.json").read_text(encoding="utf-8"))
LAB = "09-strategy-lab"


@pytest.fixture(scope="module")
def vole_tool() -> ModuleType:
    return load_tool("vole_or_point")


@pytest.fixture(scope="module")
def sevens_tool() -> ModuleType:
    return load_tool("sevens_count")


def prose(chapter: str = LAB) -> str:
    """A chapter's markdown, its lines joined, its minus signs (−) written as the library prints them (-)."""
    cells = json.loads((ROOT / "notebooks" / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]
    text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    return text.replace("−", "-")


def quoted(found: dict[str, Any], deals: int, digits: int = 3) -> str:
    """A saved difference as a chapter writes it."""
    return signed(found["mean"], found["margin"], digits, deals, "deals")


def test_vole_deals_played_again_come_out_as_saved(vole_tool: ModuleType) -> None:
    moved = {row[0]: row[1:] for row in VOLE["moved_deals"]}
    unmoved = next(seed for seed in range(VOLE["first_seed"], VOLE["first_seed"] + 50) if seed not in moved)
    for seed in [*list(moved)[:3], unmoved]:
        row = vole_tool.deal_row(seed)
        assert [row[aim] for aim in VOLE["aims"]] == moved.get(seed, [row["points"]] * len(VOLE["aims"]))


def test_vole_summary_adds_up_from_its_deals() -> None:
    columns = {aim: 1 + i for i, aim in enumerate(VOLE["aims"])}
    for pair, found in VOLE["differences"].items():
        a, b = (columns[aim] for aim in pair.split(" - "))
        gains = [row[a] - row[b] for row in VOLE["moved_deals"]]
        assert found["mean"] == pytest.approx(sum(gains) / VOLE["deals"], abs=1e-4)
        assert found["moved"] == sum(g != 0 for g in gains)
    parts = VOLE["points - vole, by the tricks won at the first differing lead"]
    assert sum(parts.values()) == pytest.approx(VOLE["differences"]["points - vole"]["mean"], abs=2e-4)


def test_sevens_deals_played_again_come_out_as_saved(sevens_tool: ModuleType) -> None:
    for players, measured in SEVENS["by players"].items():
        for seed, *points in measured["rows"][:4]:
            again = [sevens_tool.side_points(seed, int(players), player) for player in sevens_tool.PLAYERS.values()]
            assert again == points


def test_the_chapters_quote_the_runs_as_saved() -> None:
    lab, chapter_11, chapter_4 = prose(), prose("11-ecarte-judgment"), prose("04-alkort-deal")
    vole = VOLE["differences"]
    for pair in ("points - point", "point - vole"):
        assert quoted(vole[pair], VOLE["deals"]) in lab, pair
        assert quoted(vole[pair], VOLE["deals"]) in chapter_11, pair
    four, two = SEVENS["by players"]["4"], SEVENS["by players"]["2"]
    for measured in (four, two):
        for pair in ("best card - rule bot", "counting - best card", "best card - best card but K♦"):
            assert quoted(measured["differences"][pair], measured["deals"]) in lab, pair
    assert quoted(four["differences"]["best card but K♦ - rule bot"], four["deals"]) in lab
    assert quoted(four["differences"]["best card - rule bot"], four["deals"], digits=2) in chapter_4
    assert quoted(four["differences"]["counting - best card"], four["deals"]) in chapter_4
