"""Checking a learner's bot: play many seeded deals through the engine and make sure it never plays an illegal card.

A bot here is a plain function from what a player sees (its hand, the trick so
far, and a little more) to the card it plays. The engine deals, plays the other
seats at random, and asks ``state.is_legal`` about every card the bot chooses;
the first illegal one is the counterexample, with ``state.why_illegal``'s reason.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..cards import Card, show
from ..tricks import DealState
from .checker import (
    CORRECT,
    NOT_YET,
    CheckResult,
    Exercise,
    expect_card,
    input_change,
    out_of_time,
    run_learners,
    short,
    stopped_advice,
    stopped_headline,
)
from .running import Outcome, budget_spent

# The kind of deal the bot plays (an AlkortState or an EcarteState): the helpers below see that very kind.
State = TypeVar("State", bound=DealState)
# What the bot is asked: (state, seat) -> the arguments of its function.
Question = Callable[[State, int], tuple[Any, ...]]
# Where the bot plays: (state, rng) -> True when the bot at this seat should choose a card now.
BotTurn = Callable[[State, random.Random], bool]
# The moves the bot is not asked about: (state, rng) -> a random legal action.
OtherMove = Callable[[State, random.Random], Any]


def check_bot(
    exercise: Exercise,
    fn: Callable,
    deals: Callable[[], Iterator[State]],
    question: Question[State],
    bot_turn: BotTurn[State],
    other_move: OtherMove[State],
) -> CheckResult:
    """Play every deal to its end; the bot chooses whenever ``bot_turn`` says so. Stop at its first illegal card."""
    rng = random.Random(f"cardlib bot {exercise.key}")
    played = games = 0
    for number, state in enumerate(deals(), 1):
        games = number
        while not state.is_over:
            if not bot_turn(state, rng):
                state.apply(other_move(state, rng))
                continue
            if budget_spent():
                return exercise.result(NOT_YET, out_of_time(played, None, "cards chosen"))
            seat = state.current_player
            assert seat is not None  # the deal is not over, so someone is to move
            args = question(state, seat)
            legal = [a for a in state.legal_actions(seat) if isinstance(a, Card)]
            given = _copies(args)
            outcome = run_learners(fn, given)
            found = _problem(exercise, outcome, exercise.call_text(args), legal, number, played)
            found = _changed(exercise, args, given, outcome, legal) if found is None else found
            if found is not None:  # (not `or`: a not-yet result is falsy)
                return found
            if (illegal := _illegal_card(exercise, args, outcome, legal, state, number)) is not None:
                return illegal
            choice = outcome.value
            state.apply(choice)
            played += 1
    return exercise.result(
        CORRECT,
        f"your bot played {played} cards in {games} deals through the engine, every one of them legal.",
        cases=played,
    )


def _illegal_card(
    exercise: Exercise, args: tuple, outcome: Outcome, legal: Sequence[Card], state: State, number: int
) -> CheckResult | None:
    """Not yet, if the bot chose a card the rules do not allow now; None if its card is legal."""
    choice = outcome.value
    if choice in legal:
        return None
    return exercise.result(
        NOT_YET,
        f"In deal {number} your bot played an illegal card.",
        call=exercise.call_text(args),
        expected=f"one of {show(legal)}",
        got=str(choice),
        why=state.why_illegal(choice),
        printed=outcome.printed,
        advice="the bot must choose among the cards the rules allow: work out that list first, then pick from it",
    )


def _problem(
    exercise: Exercise, outcome: Outcome, call: str, legal: Sequence[Card], number: int, played: int
) -> CheckResult | None:
    """A result for a bot call that was stopped, raised, or returned something that is not a card."""
    seen = {"call": call, "expected": f"one of {show(legal)}", "printed": outcome.printed}
    if outcome.stopped:
        return exercise.result(
            NOT_YET,
            stopped_headline(outcome, played, None, "cards chosen"),
            advice=stopped_advice(outcome, played),
            **seen,
        )
    if outcome.error:
        return exercise.result(NOT_YET, f"In deal {number}, {outcome.error}.", **seen)
    problem = expect_card(outcome.value)
    if problem:
        where = f" — returned at {outcome.returned_at}" if outcome.returned_at else "."
        return exercise.result(NOT_YET, f"Wrong type of answer: {problem}{where}", got=short(outcome.value), **seen)
    return None


def _changed(
    exercise: Exercise, args: tuple[Any, ...], given: tuple[Any, ...], outcome: Outcome, legal: Sequence[Card]
) -> CheckResult | None:
    """A result for a bot that changed the lists it was given (its hand, the trick): the table still needs them."""
    for param, before, after in zip(exercise.params, args, given):
        change = input_change(param, before, after) if isinstance(before, list) else ""
        if change:
            return exercise.result(
                NOT_YET,
                change,
                call=exercise.call_text(args),
                expected=f"one of {show(legal)}",
                got=short(outcome.value),
                printed=outcome.printed,
                advice="choose the card and return it: the engine takes it from the hand",
            )
    return None


def _copies(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The bot gets copies: changing its hand must not change the deal."""
    return tuple(list(a) if isinstance(a, list) else a for a in args)
