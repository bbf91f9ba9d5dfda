"""Issue 41, point 2: every puzzle's answer holds when the rest of the deal is played well (its last six tricks
solved exactly, ``tools/rejudge.py``), and the re-judging catches an answer that only rewards the rule bots' habits."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tool_loading import load_tool

from cardlib import coach
from cardlib.widgets import data, puzzles

# alkort-16-12 as the puzzle search found it (issue 41): "lead K♦ by 1.33 ± 0.19" with the rest played by the book;
# played well, leading 8♠ and cashing K♦ later scores the same in every world. Kept here as the planted artefact.
PLANTED: dict[str, Any] = {
    "game": "alkort",
    "players": 4,
    "seed": 16,
    "dealer": 3,
    "moves": [
        *("play 9♣", "play 9♠", "play 3♦", "play 6♦", "play 7♦", "play Q♠"),
        *("play 4♦", "play 8♦", "play 2♥", "play Q♥", "play K♠", "play 6♠"),
    ],
    "seat": 3,
    "options": [
        {"option": "play K♦", "points": 3.12, "margin": 0.25},
        {"option": "play 8♠", "points": 1.79, "margin": 0.18},
    ],
    "answer": "play K♦",
}


def rejudge_tool() -> ModuleType:
    """tools/rejudge.py."""
    return load_tool("rejudge")


def test_every_puzzle_holds_when_the_rest_is_played_well() -> None:
    verdicts = rejudge_tool().verdicts(data.items("puzzles"))
    assert len(verdicts) == len(data.items("puzzles")) > 30
    assert [name for name, verdict in verdicts.items() if verdict != "holds"] == []


def test_the_rejudging_fails_a_planted_artefact() -> None:
    tool = rejudge_tool()
    gains = tool.gains_played_well(PLANTED)
    assert not tool.holds(gains) and all(gain == 0 for gain in gains), gains
    assert tool.verdicts([PLANTED]) == {puzzles.puzzle_id(PLANTED): "fails"}


def test_the_artefacts_the_issue_found_are_gone() -> None:
    names = {puzzles.puzzle_id(p) for p in data.items("puzzles")}
    assert not names & {"alkort-16-4", "alkort-16-8", "alkort-16-12"}


# With the strong bot playing on (tools/rejudge.py --continuation strong --save): too slow to run whole in a test, so
# the tool keeps every world's gain in rejudged.json, and these tests check the record and play some of its worlds
# again.
REPLAYED_WORLDS = 2


def saved_rejudging() -> dict[str, dict[str, Any]]:
    """The bots' re-judging as saved, by puzzle name."""
    return {record["puzzle"]: record for record in data.items("rejudged")}


def test_every_puzzle_holds_beyond_its_margin_with_the_strong_bot_playing_on() -> None:
    tool, saved = rejudge_tool(), saved_rejudging()
    assert tool.PLAYED_ON == "strong"  # the strongest bot the course has (issue 39)
    for puzzle in data.items("puzzles"):
        record = saved[puzzles.puzzle_id(puzzle)]
        assert (record["answer"], record["runner_up"]) == (puzzle["answer"], puzzle["options"][1]["option"])
        assert record["continuation"] == tool.PLAYED_ON and len(record["gains"]) >= 100
        assert tool.holds(record["gains"], tool.PLAYED_ON), record["puzzle"]
        assert record["verdict"] == "holds"


def test_the_saved_verdicts_are_the_gains_verdicts() -> None:
    """Every record, of a puzzle on the board or dropped, says what its own gains say."""
    tool = rejudge_tool()
    for record in data.items("rejudged"):
        mean, margin = coach.mean_and_margin(record["gains"])
        assert (round(mean, 3), round(margin, 3)) == (record["gain"], record["margin"])
        assert record["verdict"] == ("holds" if tool.holds(record["gains"], record["continuation"]) else "fails")


def test_the_saved_worlds_are_played_again_as_saved() -> None:
    tool, saved = rejudge_tool(), saved_rejudging()
    for name in ("alkort-138-30", "ecarte-794-8"):  # one of each game, late in their deals (quick to play out)
        puzzle = next(p for p in data.items("puzzles") if puzzles.puzzle_id(p) == name)
        replayed = tool.gains_played_well(puzzle, REPLAYED_WORLDS, continuation=tool.PLAYED_ON)
        assert replayed == saved[name]["gains"][:REPLAYED_WORLDS]


def test_with_the_bots_playing_on_the_planted_artefact_fails_too() -> None:
    tool = rejudge_tool()
    gains = tool.gains_played_well(PLANTED, 6, continuation=tool.PLAYED_ON)
    assert not tool.holds(gains, tool.PLAYED_ON), gains
    assert tool.verdicts([PLANTED], 6, tool.PLAYED_ON) == {puzzles.puzzle_id(PLANTED): "fails"}


def test_too_close_to_tell_is_not_holding_with_a_bot_playing_on() -> None:
    tool = rejudge_tool()
    assert tool.holds([0.5, 0.5, 0.5, 0.5], "mc") and not tool.holds([2.0, -1.0, 1.0, -1.5], "mc")
    assert tool.holds([2.0, -1.0, 1.0, -1.5], "exact")  # on average: the exact ending's criterion


def test_every_answer_shows_its_re_judging_by_the_players_who_judged_it() -> None:
    saved = saved_rejudging()
    for puzzle in data.items("puzzles"):
        record, shown = saved[puzzles.puzzle_id(puzzle)], puzzles.numbers_html(puzzle)
        assert record["continuation"] == "strong" and "(the strong bot at every seat," in shown
        assert f"over {len(record['gains'])} imagined deals" in shown and f"{record['gain']:+.2f}" in shown
