"""Every exercise in the catalogue: its solution is correct, its mistakes are caught, its stub is not attempted."""

from __future__ import annotations

import pytest

from cardlib.exercises import CATALOGUE, CORRECT, NOT_ATTEMPTED, NOT_YET
from cardlib.exercises.checker import Exercise, define
from cardlib.exercises.notebooks import CHAPTERS, chapter_module

ALL = [ex for number in CHAPTERS for ex in chapter_module(number).EXERCISES]
MISTAKES = [(ex, name) for ex in ALL for name in ex.mistakes]


def test_the_catalogue_is_big_enough():
    assert len(ALL) >= 30
    assert {ex.chapter for ex in ALL} == set(range(1, 9))
    assert len(CATALOGUE) == len(ALL) == len({ex.key for ex in ALL})


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.key)
def test_every_exercise_is_complete(ex: Exercise):
    assert ex.statement.strip() and ex.doc.strip() and ex.signature.startswith(f"def {ex.name}(")
    assert len(ex.hints) >= 2, "hints come in steps"
    assert ex.mistakes, "at least one plausible wrong solution"
    assert ex.oracle is not None or ex.runner is not None
    assert f"def {ex.name}(" in ex.solution_source


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.key)
def test_the_solution_is_correct(ex: Exercise):
    result = ex.check(ex.solution_function())
    assert result.status == CORRECT, repr(result)
    assert result.cases >= 1 and "Traceback" not in repr(result)


@pytest.mark.parametrize("ex", ALL, ids=lambda ex: ex.key)
def test_the_starter_stub_is_not_attempted(ex: Exercise):
    result = ex.check(define(ex.starter, ex.name, ex.setup))
    assert result.status == NOT_ATTEMPTED, repr(result)


@pytest.mark.parametrize("ex, mistake", MISTAKES, ids=[f"{ex.key}-{name}" for ex, name in MISTAKES])
def test_a_plausible_mistake_is_caught_with_a_counterexample(ex: Exercise, mistake: str, short_time_limit):
    result = ex.check(define(ex.mistakes[mistake], ex.name, ex.setup))
    assert result.status == NOT_YET, repr(result)
    assert result.call.startswith(f"{ex.name}("), "the counterexample is shown as a call"
    assert result.expected, "the right answer is shown"
    text = repr(result)
    assert "Traceback" not in text and result.call in text and result.expected in text


def test_counterexamples_are_in_card_notation_with_the_engines_reason():
    from cardlib.exercises import chapter3

    forgets_followed_seven = chapter3.q3.mistakes["a followed seven wins too"]
    result = chapter3.q3.check(define(forgets_followed_seven, "trick_winner", chapter3.SETUP))
    assert result.call == 'trick_winner(hand("3♠ 7♦ Q♥ 2♣"), True)'
    assert (result.expected, result.got) == ("0", "1")
    assert result.why.startswith("3♠ wins: every card is rubbish")


def test_ace_high_in_ecarte_is_caught():
    from cardlib.exercises import chapter5

    result = chapter5.q2.check(define(chapter5.q2.mistakes["Ace high"], "beats", chapter5.SETUP))
    assert result.status == NOT_YET
    assert result.call == 'beats(card("J♦"), card("A♦"))' and result.expected == "True" and result.got == "False"
    assert "K Q J A 10 9 8 7" in result.why


def test_counting_all_tricks_instead_of_the_opening_run_is_caught():
    from cardlib.exercises import chapter4

    wrong = chapter4.q3.mistakes["counts all tricks instead of the opening run"]
    result = chapter4.q3.check(define(wrong, "score_deal", chapter4.SETUP))
    assert result.status == NOT_YET and "1 point" in result.why
    assert result.call == "score_deal([1, 0, 0, 0, 0, 0, 0, 0, 1])"  # played out to the end: play_out
    assert result.expected == "(0, 1, 'point')" and result.got == "(0, 7, 'stroke')"


def test_no_solution_is_written_in_an_exercise_notebook():
    import nbformat

    from cardlib.exercises.notebooks import notebook_path

    for number in CHAPTERS:
        text = "\n".join(cell.source for cell in nbformat.read(notebook_path(number), as_version=4).cells)
        for ex in chapter_module(number).EXERCISES:
            body = [
                line
                for line in ex.solution_source.splitlines()
                if line.strip() and not line.lstrip().startswith(("def ", '"""', "#"))
            ]
            assert not any(line in text.splitlines() for line in body if len(line.strip()) > 12), ex.key
