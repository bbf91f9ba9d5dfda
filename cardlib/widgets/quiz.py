"""Quick questions at the end of a chapter, answered with a click and checked by the engine.

A `Question` is a prompt, its choices, the right choice and the reason, all worked out by asking the engine
(the constructors below: who wins this trick, what must be played, what a deal scores, may this hand exchange,
is this move legal); nothing here knows a rule. A `Quiz` shows the questions, each choice a button (reached with
Tab, pressed with Enter or Space), and under each question a live status line that says, in the engine's words,
whether the answer was right and why.

    >>> question = alkort_trick("K♠ 3♣ 2♦ Q♥")
    >>> question.answer, question.check("K♠")[0]
    ('2♦', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from .. import alkort, ecarte
from ..cards import Card, hand, show
from ..figures import DUTY_WORDS
from ..tricks import Action, DealState, action_text
from .faces import escape

RIGHT, WRONG = "✔ Right.", "✘ Not"


@dataclass(frozen=True)
class Question:
    """A quick question: the prompt, the choices, the right one (as the engine answers it) and the engine's reason."""

    prompt: str
    choices: tuple[str, ...]
    answer: str
    why: str

    def __post_init__(self) -> None:
        if self.answer not in self.choices:
            raise ValueError(f"the answer {self.answer!r} is not among the choices {list(self.choices)}")

    def check(self, choice: str) -> tuple[bool, str]:
        """Whether a choice is right, and the feedback: right or not, then the engine's reason."""
        if choice == self.answer:
            return True, f"{RIGHT} {self.why}"
        return False, f"{WRONG} {choice}: {self.why}"


def alkort_trick(
    cards: str | Sequence[Card], *, leader_has_won: bool = False, options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS
) -> Question:
    """Which card wins this Alkort trick? The engine's trick rule answers."""
    trick = hand(cards) if isinstance(cards, str) else list(cards)
    won = " (its leader has already won a trick)" if leader_has_won else ""
    winner = trick[alkort.trick_winner(trick, leader_has_won, options=options)]
    return Question(
        f"Which card wins the Alkort trick {show(trick)}{won}?",
        tuple(map(str, trick)),
        str(winner),
        alkort.explain_trick(trick, leader_has_won, options=options),
    )


def ecarte_trick(cards: str, trump: str) -> Question:
    """Which card wins this two-card Écarté trick? The engine's trick rule answers."""
    trick = hand(cards)
    winner = trick[ecarte.trick_winner(trick, trump)]
    return Question(
        f"Trumps are {trump}. Which card wins the Écarté trick {show(trick)}?",
        tuple(map(str, trick)),
        str(winner),
        ecarte.explain_trick(trick, trump),
    )


def ecarte_duty(
    cards_in_hand: str, led: str, trump: str, options: ecarte.EcarteOptions = ecarte.DEFAULT_OPTIONS
) -> Question:
    """What must the second player do with this hand? The engine's duty answers."""
    held, trick = hand(cards_in_hand), hand(led)
    duty, _ = ecarte.play_duty(held, trick, trump, options)
    choices = tuple(DUTY_WORDS[d] for d in (ecarte.HEAD, ecarte.FOLLOW, ecarte.TRUMP, ecarte.ANY))
    return Question(
        f"You hold {show(held)}; {show(trick)} is led and trumps are {trump}. What must you do?",
        choices,
        DUTY_WORDS[duty],
        ecarte.explain_duty(held, trick, trump, options),
    )


def score_words(result: alkort.DealScore | None) -> str:
    """An Alkort result as a choice: 'múk, 5 points', 'point, 1 point'."""
    if result is None:
        return "nothing yet"
    return f"{result.kind}, {result.points} point{'s' if result.points != 1 else ''}"


def alkort_score(trick_sides: Sequence[int]) -> Question:
    """What does this four-player deal score? ``score_deal`` answers; the other choices are its other kinds."""
    result = alkort.score_deal(trick_sides)
    samples = [alkort.score_deal(sides) for sides in ([0] * 5 + [1], [0] * 6 + [1], [0, 1, 0, 0, 0, 0])]
    choices = [
        score_words(result if s is not None and result is not None and s.kind == result.kind else s) for s in samples
    ]
    if score_words(result) not in choices:
        choices.append(score_words(result))
    tricks = " ".join(alkort.TEAMS[side] for side in trick_sides)
    return Question(
        f"The tricks went to {tricks}, in that order. What does the deal score?",
        tuple(choices),
        score_words(result),
        alkort.explain_score(result),
    )


def ecarte_score(
    tricks_won: Sequence[int], *, proposed: bool, refused: bool, options: ecarte.EcarteOptions = ecarte.DEFAULT_OPTIONS
) -> Question:
    """Who scores how much? ``score_deal`` answers (seat 0 deals); the choices are each player scoring 1 or 2."""
    dealer = 0
    result = ecarte.score_deal(tricks_won, dealer, proposed, refused, options)
    who = ("the dealer", "the non-dealer")
    how = (
        "stood (played without proposing)"
        if not proposed
        else "proposed, and the dealer refused"
        if refused
        else "proposed, and the dealer accepted"
    )
    choices = tuple(f"{name} scores {points}" for name in who for points in (1, 2))
    return Question(
        f"The non-dealer {how}; the dealer won {tricks_won[dealer]} tricks, the non-dealer "
        f"{tricks_won[ecarte.non_dealer(dealer)]}. Who scores?",
        choices,
        f"{who[result.seat != dealer]} scores {result.points}",
        ecarte.explain_score(result, dealer),
    )


def alkort_exchange(cards_in_hand: str, options: alkort.AlkortOptions = alkort.DEFAULT_OPTIONS) -> Question:
    """May this hand make the worthless-hand exchange? ``may_exchange`` answers."""
    held = hand(cards_in_hand)
    answer = "yes" if alkort.may_exchange(held, options) else "no"
    return Question(
        f"May the hand {show(held)} make the worthless-hand exchange?",
        ("yes", "no"),
        answer,
        alkort.explain_exchange(held, options),
    )


def legal_move(state: DealState, action: Action, prompt: str) -> Question:
    """Is this move legal now? The deal itself answers (``why_illegal``)."""
    reason = state.why_illegal(action)
    why = reason or f"{action_text(action)} is among the legal moves now."
    return Question(prompt, ("yes", "no"), "no" if reason else "yes", why)


class Quiz(widgets.VBox):
    """Questions answered with a click: a button per choice, and a status line saying right or not, and why."""

    def __init__(self, questions: Sequence[Question], title: str = "") -> None:
        self.questions = list(questions)
        self.feedback = [widgets.HTML(self.status(number, "")) for number in range(1, len(self.questions) + 1)]
        self.buttons: list[list[widgets.Button]] = []
        heading = f"<strong>{escape(title)}</strong>: c" if title else "C"
        intro = widgets.HTML(
            f'<p class="cardlib-quiz-title">{heading}lick an answer, or reach it with Tab and press Enter: '
            f"each answer is checked at once.</p>"
        )
        rows: list[widgets.Widget] = [intro]
        for index, question in enumerate(self.questions):
            rows += self.question_rows(index, question)
        super().__init__(rows)
        self.add_class("cardlib-quiz")

    def question_rows(self, index: int, question: Question) -> list[widgets.Widget]:
        """One question: its prompt, a row of answer buttons, its status line."""
        number = index + 1
        buttons = []
        for choice in question.choices:
            button = widgets.Button(
                description=choice, tooltip=f"Answer {choice} to question {number}", layout=widgets.Layout(width="auto")
            )
            button.add_class("cardlib-quiz-choice")
            button.on_click(lambda _, chosen=choice: self.answer(index, chosen))
            buttons.append(button)
        self.buttons.append(buttons)
        prompt = widgets.HTML(f"<p><strong>{number}.</strong> {escape(question.prompt)}</p>")
        return [prompt, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")), self.feedback[index]]

    @staticmethod
    def status(number: int, words: str) -> str:
        """A question's status line: a polite live region, named after its question, that screen readers announce."""
        return (
            f'<p class="cardlib-quiz-feedback" role="status" aria-live="polite" '
            f'aria-label="Question {number}: your answer">{escape(words)}</p>'
        )

    def answer(self, index: int, choice: str) -> bool:
        """Answer question ``index`` (0 is the first) with a choice: say whether it is right, and why."""
        right, words = self.questions[index].check(choice)
        self.feedback[index].value = self.status(index + 1, words)
        return right
