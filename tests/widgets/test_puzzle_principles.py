"""Every puzzle teaches a principle of the course's list and shows it by a line; no theme is a drill (one answer for
more than 60 % of its puzzles); Écarté's puzzles are decisions, not rules (cardlib/widgets/principles.py)."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from test_puzzles_tool import tool

from cardlib.widgets import principles, puzzles

lessons = sys.modules[tool.annotated.__module__]  # tools/puzzle_lessons.py, as tools/puzzles.py imported it


def drills(found: Iterable[Mapping[str, Any]]) -> list[str]:
    """The themes answered one way (what their principles' answers do) in more than 60 % of their puzzles."""
    answers: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for puzzle in found:
        answers[puzzle["game"], puzzle["theme"]][principles.principle_of(puzzle).does] += 1
    return [
        f"{game}, {theme}: {counts.most_common(1)[0]} of {counts.total()}"
        for (game, theme), counts in answers.items()
        if counts.most_common(1)[0][1] > principles.MOST_ONE_WAY * counts.total()
    ]


def unshown(found: Iterable[Mapping[str, Any]]) -> list[str]:
    """The puzzles without a line that plays out their answer and their runner-up (each named, card or call)."""
    missing = []
    for puzzle in found:
        line, named = puzzle.get("line") or "", [puzzle["answer"], puzzle["options"][1]["option"]]
        if not all(f"after {text.removeprefix('play ')}:" in line for text in named):
            missing.append(puzzles.puzzle_id(puzzle))
    return missing


def test_every_puzzle_names_a_principle_of_its_games_list_and_its_theme() -> None:
    for puzzle in puzzles.puzzles_of():
        principle = principles.principle_of(puzzle)  # a ValueError for a key not in the list
        assert puzzle["theme"] == principle.theme, puzzles.puzzle_id(puzzle)


def test_every_puzzle_shows_its_principle_by_a_line_of_its_answer_and_the_next_best() -> None:
    assert unshown(puzzles.puzzles_of()) == []


def test_no_theme_is_a_drill() -> None:
    assert drills(puzzles.puzzles_of()) == []


def test_the_checks_fail_on_a_drill_a_puzzle_without_a_line_and_a_principle_not_in_the_list() -> None:
    sevens = [p for p in puzzles.puzzles_of("alkort") if p["principle"] == "lead_seven"]
    assert drills(sevens) and drills(sevens)[0].startswith("alkort, " + principles.SURE_CARDS)
    assert unshown([{**sevens[0], "line": ""}]) == [puzzles.puzzle_id(sevens[0])]
    with pytest.raises(ValueError, match="no principle of its game's list"):
        principles.principle_of({**sevens[0], "principle": "keep_trumps_and_kings"})
    with pytest.raises(ValueError, match="no principle of its game's list"):
        principles.principle_of({key: value for key, value in sevens[0].items() if key != "principle"})


def test_each_principle_is_a_sentence_in_its_theme_and_each_theme_has_two_answers_or_more() -> None:
    for named in principles.PRINCIPLES.values():
        assert all(p.words.endswith(".") and p.name and p.does for p in named.values())
        by_theme: dict[str, set[str]] = defaultdict(set)
        for principle in named.values():
            by_theme[principle.theme].add(principle.does)
        assert all(len(answers) >= 2 for answers in by_theme.values()), by_theme


def test_ecartes_puzzles_are_decisions_not_the_rule_of_announcing_the_king() -> None:
    ecarte = puzzles.puzzles_of("ecarte")
    assert not any(p["answer"].startswith("announce") for p in ecarte)
    board = puzzles.PuzzleBoard("ecarte")
    assert board.current["level"] == 1 and not board.current["answer"].startswith("announce")


def test_the_tool_gives_each_saved_puzzle_the_principle_it_names() -> None:
    for puzzle in puzzles.puzzles_of():
        state = puzzles.position(puzzle)
        assert lessons.principle_key(state, puzzle["seat"], puzzle) == puzzle["principle"], puzzles.puzzle_id(puzzle)


def test_the_vole_or_the_point_is_a_decision_both_ways_from_leads_where_the_two_cards_differ() -> None:
    """Chapter 9 section 7's principle: puzzles at a lead with the vole alive and the point not made, where the card
    surest of the point is not the one likeliest to take the vole; most answers make sure of the point, some play
    for the vole (where it costs the point little), so the theme is a decision, not a drill."""
    found = [p for p in puzzles.puzzles_of("ecarte") if p["theme"] == principles.THE_VOLE]
    kinds = Counter(p["principle"] for p in found)
    assert len(found) >= 3 and set(kinds) == {"make_sure_of_the_point", "play_for_the_vole"}, kinds
    for puzzle in found:
        state, seat = puzzles.position(puzzle), puzzle["seat"]
        assert puzzle["situation"] == "the vole or the point" and lessons.aim_cards(state, seat) is not None
        assert not state.trick and 0 < len(state.trick_winners) < 3 and set(state.trick_winners) == {seat}
        assert "makes the point in" in puzzle["line"] and "and the vole in" in puzzle["line"]


def test_an_answer_that_is_both_surer_of_the_point_and_likelier_to_take_the_vole_teaches_no_vole_lesson() -> None:
    """The lesson is a trade: against a runner-up that neither side of it beats, the lead's other principles apply."""
    puzzle = next(p for p in puzzles.puzzles_of("ecarte") if p["principle"] == "make_sure_of_the_point")
    state, seat = puzzles.position(puzzle), puzzle["seat"]
    answer = puzzles.parsed_option(puzzle["answer"])
    assert lessons.vole_or_point(state, seat, answer, puzzles.parsed_option(puzzle["options"][1]["option"]))
    assert lessons.vole_or_point(state, seat, answer, answer) is None  # one card is both: nothing traded
    elsewhere = next(p for p in puzzles.puzzles_of("ecarte") if p["situation"] == "the lead")
    state = puzzles.position(elsewhere)
    assert lessons.aim_cards(state, elsewhere["seat"]) is None
