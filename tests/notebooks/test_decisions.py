"""Every chapter's quick questions include a decision (issue 30): a position where the learner chooses and one option
is better than every other, either exactly (the engine tries every card the others could hold) or by the coach's
numbers, far more than their ± over many imagined deals. Read from the committed quiz cells, without running them."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import pytest
from test_chapters import CHAPTERS, read

from cardlib.widgets import puzzles

QUESTIONED = [*CHAPTERS, "09-strategy-lab", "10-how-the-coach-thinks"]
# The constructors of puzzles.py that ask a decision: each refuses a position without one clear answer.
EXACT = {"alkort_sure_lead", "alkort_cheapest_win", "ecarte_cheapest_head", "ecarte_sure_lead", "winning_move"}
COACHED = "coach_question"
CONFIRMING_WORLDS = 400  # what tools/puzzles.py confirms a puzzle with
TIMES_ITS_MARGIN = 3


def quiz_source(name: str) -> str:
    """The source of a chapter's one cell of quick questions."""
    cells = [cell for cell in read(name).cells if "quiz" in cell.metadata.get("tags", [])]
    assert len(cells) == 1, f"{name}: {len(cells)} cells of quick questions"
    return cells[0].source


def decision_calls(source: str) -> Iterator[tuple[str, ast.Call]]:
    """The calls of the quiz cell that ask a decision (puzzles.<constructor>(...)), with the constructor's name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in EXACT | {COACHED}:
            yield node.func.attr, node


@pytest.mark.parametrize("name", QUESTIONED)
def test_each_chapter_asks_a_decision(name: str) -> None:
    calls = list(decision_calls(quiz_source(name)))
    assert calls, f"{name}: its quick questions ask no decision"


@pytest.mark.parametrize("name", QUESTIONED)
def test_each_decision_has_one_clear_answer(name: str) -> None:
    """Built again here where its arguments are written out: an exact one is refused unless one card is sure; a
    coach's one needs a lead of more than three times its ± over 400 worlds."""
    for constructor, call in decision_calls(quiz_source(name)):
        if constructor == COACHED:
            puzzle = eval(compile(ast.Expression(call.args[0]), name, "eval"), {"puzzles": puzzles})
            assert puzzle["samples"] >= CONFIRMING_WORLDS and puzzle["lead"] > TIMES_ITS_MARGIN * puzzle["lead_margin"]
            question = puzzles.coach_question(puzzle)
        elif all(isinstance(arg, ast.Constant) for arg in [*call.args, *(k.value for k in call.keywords)]):
            question = eval(compile(ast.Expression(call), name, "eval"), {"puzzles": puzzles})
        else:
            continue  # built from the chapter's own deal (chapter 7's winning move): nbval runs it
        assert question.answer in question.choices and len(question.choices) >= 2, f"{name}: {question.prompt}"


def test_a_quiz_of_rules_alone_asks_no_decision() -> None:
    """The test of the test: chapter 1's questions as they were before issue 30 (a count and an identity)."""
    before = 'quiz.Quiz([quiz.Question("How many?", ("32", "44"), "44", "..."), quiz.alkort_trick("K♠ 3♣ 2♦ Q♥")])'
    assert not list(decision_calls(before))
    assert len(list(decision_calls(before.replace("])", ', puzzles.alkort_sure_lead("A♠ K♦ 3♣ 9♥")])')))) == 1
