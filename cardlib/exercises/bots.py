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

from ..cards import FULL_PACK, Card, show
from ..tricks import DealState
from . import checker
from .checker import CORRECT, NOT_YET, CheckResult, Exercise, call_safely, expect_card, short, show_call

# The kind of deal the bot plays (an AlkortState or an EcarteState): the helpers below see that very kind.
State = TypeVar("State", bound=DealState)
# What the bot is asked: (state, seat) -> the arguments of its function.
Question = Callable[[State, int], tuple[Any, ...]]
# Where the bot plays: (state, rng) -> True when the bot at this seat should choose a card now.
BotTurn = Callable[[State, random.Random], bool]
# The moves the bot is not asked about: (state, rng) -> a random legal action.
OtherMove = Callable[[State, random.Random], Any]


def check_bot(exercise: Exercise, fn: Callable, deals: Callable[[], Iterator[State]], question: Question[State],
              bot_turn: BotTurn[State], other_move: OtherMove[State]) -> CheckResult:
    """Play every deal to its end; the bot chooses whenever ``bot_turn`` says so. Stop at its first illegal card."""
    rng = random.Random(f"cardlib bot {exercise.key}")
    played = games = 0
    for number, state in enumerate(deals(), 1):
        games = number
        while not state.is_over:
            if not bot_turn(state, rng):
                state.apply(other_move(state, rng))
                continue
            seat = state.current_player
            assert seat is not None  # the deal is not over, so someone is to move
            args = question(state, seat)
            call = show_call(exercise.name, exercise.params, args)
            legal = [a for a in state.legal_actions(seat) if isinstance(a, Card)]
            outcome = call_safely(fn, _copies(args))
            found = _problem(exercise, outcome, call, legal, number)
            if found is not None:
                return found
            choice = outcome.value
            if choice not in legal:
                why = state.why_illegal(choice) if choice in FULL_PACK else f"{choice} is not a card of this pack."
                return exercise.result(NOT_YET, f"In deal {number} your bot played an illegal card.", call=call,
                                       expected=f"one of {show(legal)}", got=str(choice), why=why,
                                       advice="the bot must choose among the cards the rules allow: work out that "
                                              "list first, then pick from it")
            state.apply(choice)
            played += 1
    return exercise.result(CORRECT, f"your bot played {played} cards in {games} deals through the engine, "
                                    f"every one of them legal.", cases=played)


def _problem(exercise: Exercise, outcome: Any, call: str, legal: Sequence[Card], number: int) -> CheckResult | None:
    """A result for a bot call that was stopped, raised, or returned something that is not a card."""
    right = f"one of {show(legal)}"
    if outcome.stopped:
        return exercise.result(NOT_YET, f"stopped after {checker.TIME_LIMIT:g} s: is there an endless loop?",
                               call=call, expected=right)
    if outcome.error:
        return exercise.result(NOT_YET, f"In deal {number}, {outcome.error}.", call=call, expected=right)
    problem = expect_card(outcome.value)
    if problem:
        return exercise.result(NOT_YET, f"Wrong type of answer: {problem}.", call=call, expected=right,
                               got=short(outcome.value))
    return None


def _copies(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The bot gets copies: changing its hand must not change the deal."""
    return tuple(list(a) if isinstance(a, list) else a for a in args)
