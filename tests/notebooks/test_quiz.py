"""The chapters' quick questions (cardlib.widgets.quiz): answers checked by the engine, feedback, accessibility."""

from __future__ import annotations

import pytest

from cardlib import PROPOSE, alkort, ecarte
from cardlib.ecarte import EcarteOptions
from cardlib.widgets import quiz
from cardlib.widgets.quiz import Question, Quiz


def test_a_right_answer_says_so_with_the_engine_reason() -> None:
    question = quiz.alkort_trick("K♠ 3♣ 2♦ Q♥")
    assert question.choices == ("K♠", "3♣", "2♦", "Q♥") and question.answer == "2♦"
    right, words = question.check("2♦")
    assert right and words == "✔ Right. " + alkort.explain_trick(alkort.hand("K♠ 3♣ 2♦ Q♥"))


def test_a_wrong_answer_names_the_choice_and_gives_the_reason() -> None:
    right, words = quiz.alkort_trick("K♠ 3♣ 2♦ Q♥").check("3♣")
    assert not right and words.startswith("✘ Not 3♣: 2♦ wins:") and "first 2 played" in words


def test_an_answer_must_be_among_the_choices() -> None:
    with pytest.raises(ValueError, match="not among the choices"):
        Question("Which?", ("a", "b"), "c", "because")


def test_questions_ask_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    assert quiz.alkort_trick("K♠ 3♣ Q♦ 4♠").answer == "K♠"
    monkeypatch.setattr(alkort, "TAKERS", {"Q": ("2", "3"), "K": ("2", "3")})  # an engine where a Three takes a King
    assert quiz.alkort_trick("K♠ 3♣ Q♦ 4♠").answer == "3♣"


def test_the_trick_questions() -> None:
    assert quiz.alkort_trick("7♣ K♦ 2♥ A♠", leader_has_won=True).answer == "7♣"
    assert quiz.alkort_trick("7♣ K♦ 2♥ A♠").answer == "K♦"
    assert quiz.ecarte_trick("A♦ J♦", "♣").answer == "J♦" and quiz.ecarte_trick("A♥ 7♣", "♣").answer == "7♣"


def test_the_duty_question_follows_the_options() -> None:
    default = quiz.ecarte_duty("7♦ A♣ Q♥", "K♠", "♦")
    assert default.answer == "trump" and default.why.startswith("You must trump")
    assert quiz.ecarte_duty("7♦ A♣ Q♥", "K♠", "♦", EcarteOptions(must_trump=False)).answer == "play any card"
    assert quiz.ecarte_duty("Q♠ 7♠ A♥", "K♠", "♥").answer == "follow suit"


def test_the_score_questions() -> None:
    stroke = quiz.alkort_score([1] * 7 + [0])
    assert stroke.answer == "stroke, 7 points" and len(set(stroke.choices)) == 3 and "múk, 5 points" in stroke.choices
    assert quiz.alkort_score([0, 1, 0, 0, 0, 0]).answer == "point, 1 point"
    stood = quiz.ecarte_score([3, 2], proposed=False, refused=False)
    assert stood.answer == "the dealer scores 2" and len(stood.choices) == 4
    bonus = quiz.ecarte_score([2, 3], proposed=False, refused=False, options=EcarteOptions(stand_bonus="non_dealer"))
    assert bonus.answer == "the non-dealer scores 2"
    assert quiz.ecarte_score([2, 3], proposed=True, refused=True).answer == "the non-dealer scores 2"


def test_the_exchange_and_legal_move_questions() -> None:
    worthless = quiz.alkort_exchange("K♠ Q♥ Q♣ 3♦ 3♠ 9♣ 7♥ 8♣ 2♦")
    assert worthless.answer == "yes" and worthless.why.endswith("the hand is worthless.")
    assert quiz.alkort_exchange("K♠ Q♥ 6♦ 2♦ 3♠ 3♦ 7♥ 9♣ 4♠").answer == "no"
    deal = ecarte.new_deal(seed=4)
    deal.apply(PROPOSE)
    played = quiz.legal_move(deal, deal.hands[deal.non_dealer][0], "May the non-dealer play now?")
    assert played.answer == "no" and played.why == deal.why_illegal(deal.hands[deal.non_dealer][0])
    assert quiz.legal_move(deal, ecarte.ACCEPT, "May the dealer accept?").answer == "yes"


def test_the_quiz_shows_a_button_per_choice_and_a_named_status_line() -> None:
    questions = [quiz.alkort_trick("J♣ J♥ 6♠ 8♦"), quiz.alkort_exchange("K♠ Q♥ 6♦ 2♦")]
    widget = Quiz(questions)
    assert "cardlib-quiz" in widget._dom_classes
    assert [[b.description for b in row] for row in widget.buttons] == [list(q.choices) for q in questions]
    assert widget.buttons[1][0].tooltip == "Answer yes to question 2"
    for number, line in enumerate(widget.feedback, start=1):
        assert 'role="status"' in line.value and 'aria-live="polite"' in line.value
        assert f'aria-label="Question {number}: your answer"' in line.value


def test_clicking_a_choice_answers_its_question() -> None:
    widget = Quiz([quiz.alkort_trick("J♣ J♥ 6♠ 8♦"), quiz.alkort_exchange("K♠ Q♥ 6♦ 2♦")])
    widget.buttons[0][1].click()  # J♥: the second of two equal Jacks
    assert "✘ Not J♥: J♣ wins" in widget.feedback[0].value and widget.feedback[1].value.endswith("></p>")
    widget.buttons[0][0].click()
    assert "✔ Right. J♣ wins" in widget.feedback[0].value
    assert widget.answer(1, "no") and "6♦ could beat a led low eight" in widget.feedback[1].value


def test_the_quiz_says_how_to_answer_under_its_title() -> None:
    untitled, titled = Quiz([quiz.alkort_trick("J♣ J♥")]), Quiz([quiz.alkort_trick("J♣ J♥")], title="Ranks")
    assert "Click an answer, or reach it with Tab and press Enter" in untitled.children[0].value
    assert "<strong>Ranks</strong>: click an answer" in titled.children[0].value
