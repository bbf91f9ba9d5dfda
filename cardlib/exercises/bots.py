"""Checking a learner's bot: play many seeded deals through the engine and make sure it never plays an illegal card.

A bot here is a plain function from what a player sees (its hand, the trick so
far, and a little more) to the card it plays. The engine deals, plays the other
seats at random, and asks ``state.is_legal`` about every card the bot chooses;
the first illegal one is the counterexample, with ``state.why_illegal``'s reason.

A bot has a time limit per card, which its exercise states: ``BOT_TIME_PER_CARD`` on average (and
``running.TIME_LIMIT`` for any one card), so a Monte Carlo bot of the kind chapter 9 teaches, a few milliseconds a
card, passes however many cards the check plays; a bot slower than that is stopped once it has used
``running.CHECK_BUDGET`` seconds and more than its allowance. The time counted is the processor's work for the bot,
as the coach's benchmark counts it (on a shared machine the time waited grows with other people's work, not the
bot's), and the bot's own: the time limit's trace makes Python several times slower, so when a bot's time under it
passes its allowance, its latest calls are made again, without the trace and then with it, and its time is counted
at their middle slowdown (``Timing``). A bot that waits without working (``time.sleep``, ``input``: it gives the
processor up, which the system counts) is stopped when its time waited without working passes ``WAITING`` times its
allowance; a bot that never waits is told the machine is too busy only past ``BUSY`` times. (The time waited counts
the traced work too: only what is left over is waiting, so a slow worker is never told it waits.)"""

from __future__ import annotations

import itertools
import random
import statistics
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..cards import Card, show
from ..tricks import DealState
from . import running
from .checker import (
    CORRECT,
    NOT_YET,
    PASSED_AGAIN,
    CheckResult,
    Exercise,
    expect_card,
    fresh,
    input_change,
    run_learners,
    short,
    spread,
    stopped_advice,
    stopped_headline,
)
from .running import Outcome
from .shipped import SHIPPED

BOT_TIME_PER_CARD = 0.02  # seconds a bot may take a card, on average over the cards it has chosen
WAITING = 4  # times its allowance a bot may wait (time.sleep, input) before it is stopped
BUSY = 40  # times its allowance a bot that never waits may be kept waiting by a busy machine, before the check ends

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
    rule: Rule | None = None,
) -> CheckResult:
    """Ask the bot at the rule's built positions (``check_positions``), then play every deal to its end; the bot
    chooses whenever ``bot_turn`` says so. Stop at its first illegal card."""
    rng = random.Random(f"cardlib bot {exercise.key}")
    played = games = 0
    timing = Timing()
    if rule is not None:
        found = check_positions(exercise, fn, rule, timing)
        if found is not None:
            return found
    for number, state in enumerate(deals(), 1):
        games = number
        while not state.is_over:
            if not bot_turn(state, rng):
                state.apply(other_move(state, rng))
                continue
            asked = played + timing.positions
            slow = timing.too_slow(fn, allowance(asked), asked)
            if slow:
                return exercise.result(NOT_YET, slow, cases=played)
            args = question(state, _seat(state))
            found, outcome = _one_card(exercise, fn, state, args, number, played)
            if found is not None:  # (not `or`: a not-yet result is falsy)
                return found
            timing.add(args, outcome)
            played += 1
    return all_legal(exercise, timing, played, games)


def all_legal(exercise: Exercise, timing: Timing, played: int, games: int) -> CheckResult:
    """Correct: every card legal, at the built positions and in the deals."""
    built = f"at {timing.positions} positions built to reach every case of the rule, and " if timing.positions else ""
    return exercise.result(
        CORRECT,
        f"your bot played a legal card {built}{played} cards in {games} deals through the engine, every one of them "
        f"legal.",
        cases=played + timing.positions,
    )


@dataclass(frozen=True)
class Rule:
    """The rule a bot must obey, asked outside any deal: the positions built to reach each of its cases (hands in
    any order), the cards it allows at one, and why a card is not one of them."""

    positions: Callable[[], list[tuple[Any, ...]]]
    legal: Callable[..., list[Card]]  # legal(*position) -> the cards the rule allows
    why: Callable[..., str]  # why(*position) -> the rule's words for this position


def check_positions(exercise: Exercise, fn: Callable, rule: Rule, timing: Timing) -> CheckResult | None:
    """Ask the bot at every built position; then at pairs of them, passing the first one's lists again changed into
    the second's (a bot that remembers its answer by a list's identity). None if every card is legal."""
    positions = rule.positions()
    pairs = [(a, b) for a, b in itertools.pairwise(positions) if rule.legal(*a) != rule.legal(*b)]
    for before, after in [(None, position) for position in positions] + spread(pairs, PASSED_AGAIN):
        slow = timing.too_slow(fn, allowance(timing.positions), timing.positions)
        if slow:
            return exercise.result(NOT_YET, slow, cases=timing.positions)
        given = fresh(after)
        if before is not None:  # the lists of the first position, changed into the second's
            given = _changed_into(fn, fresh(before), given)
        outcome = run_learners(fn, given)
        found = _position_verdict(exercise, rule, after, outcome, before)
        if found is not None:
            return found
        timing.add(after, outcome)
        timing.positions += 1
    return None


def _changed_into(fn: Callable, first: tuple[Any, ...], then: tuple[Any, ...]) -> tuple[Any, ...]:
    """Ask the bot at the first position, then change its lists into the second's: the same lists, new contents."""
    run_learners(fn, first)
    for given, now in zip(first, then):
        if isinstance(given, list):
            list.__setitem__(given, slice(None), now)
    return tuple(a if isinstance(a, list) or a == b else b for a, b in zip(first, then))


def _position_verdict(
    exercise: Exercise, rule: Rule, position: tuple[Any, ...], outcome: Outcome, before: tuple[Any, ...] | None
) -> CheckResult | None:
    """Not yet if the bot's card at a built position is not one the rule allows (or no card at all)."""
    legal = rule.legal(*position)
    found = _problem(exercise, outcome, exercise.call_text(position), legal, 0, 0)
    if found is None and outcome.value not in legal:
        found = exercise.result(
            NOT_YET,
            "At a position built to test the rule, your bot played an illegal card.",
            call=exercise.call_text(position),
            expected=f"one of {show(legal)}",
            got=short(outcome.value),
            why=rule.why(*position),
            printed=outcome.printed,
            advice="the bot must choose among the cards the rules allow: work out that list first, then pick from it",
        )
    if found is not None and before is not None and not (outcome.stopped or outcome.error):
        found.headline = (
            f"Given the lists of {exercise.call_text(before)} again, changed by the caller into the position below, "
            f"your bot answered as if they held what they held before: remember nothing by a list's identity."
        )
    return found


def _seat(state: DealState) -> int:
    """The seat to move (the deal is not over, so someone is)."""
    seat = state.current_player
    assert seat is not None
    return seat


def _one_card(
    exercise: Exercise, fn: Callable, state: DealState, args: tuple[Any, ...], number: int, played: int
) -> tuple[CheckResult | None, Outcome]:
    """Ask the bot for a card and play it: None if it was a legal card, else the result that says what went wrong;
    and the outcome of its call (with the time it took)."""
    legal = [a for a in state.legal_actions(_seat(state)) if isinstance(a, Card)]
    given = _copies(args)
    outcome = run_learners(fn, given)
    found = _problem(exercise, outcome, exercise.call_text(args), legal, number, played)
    found = _changed(exercise, args, given, outcome, legal) if found is None else found
    if found is None:
        found = _illegal_card(exercise, args, outcome, legal, state, number)
    if found is None:
        state.apply(outcome.value)
    return found, outcome


SAMPLE = 8  # the bot's latest calls made again, without the trace and with it, to measure its own work


@dataclass
class Timing:
    """The time a bot's calls have taken: the processor's work under the time limit's trace, the time waited, the
    times it gave the processor up (a sleep, input), and how much slower the trace makes this bot (measured once,
    when its time under the trace first passes its allowance, on its latest calls made again: ``slowdown_on``)."""

    traced: float = 0.0  # seconds the processor worked for the bot, under the trace
    waited: float = 0.0  # seconds waited for the bot's cards
    blocked: int | None = 0  # times it gave the processor up (None: the system cannot tell)
    recent: deque[tuple[tuple[Any, ...], float]] = field(default_factory=lambda: deque(maxlen=SAMPLE))
    slowdown: float | None = None  # how many times slower the trace makes this bot
    positions: int = 0  # built positions the bot has been asked at

    def add(self, args: tuple[Any, ...], outcome: Outcome) -> None:
        """One card chosen."""
        self.traced, self.waited = self.traced + outcome.working, self.waited + outcome.elapsed
        self.blocked = None if self.blocked is None or outcome.blocked is None else self.blocked + outcome.blocked
        self.recent.append((fresh(args), outcome.working))

    @property
    def idle(self) -> float:
        """Seconds waited while the processor did not work for the bot (a sleep, input, or other programs' turns)."""
        return max(0.0, self.waited - self.traced)

    @property
    def own(self) -> float:
        """Seconds of the bot's own work: the time under the trace, the trace's share taken out."""
        return self.traced / (self.slowdown or 1.0)

    def measure(self, fn: Callable) -> float:
        """How many times slower the trace makes this bot: the middle one of its latest calls' slowdowns (so one
        call's pause, a garbage collection in it, say, changes nothing)."""
        with SHIPPED.learners_engine():
            return max(1.0, statistics.median(slowdown_on(fn, args) for args, _ in self.recent))

    def too_slow(self, fn: Callable, allowance: float, played: int) -> str:
        """'' while the bot keeps within its allowance, else why it does not (working, waiting, or a busy machine)."""
        if self.traced > allowance and self.slowdown is None and self.recent:
            self.slowdown = self.measure(fn)
        waits = self.blocked is None or self.blocked >= max(played, 1) / 2  # most cards gave the processor up
        if self.own > allowance:
            return working_too_long(self, played)
        if self.idle > WAITING * allowance and waits:
            return waiting_too_long(self, played)
        if self.idle > BUSY * allowance:
            return busy_machine(self, played)
        return ""


def slowdown_on(fn: Callable, args: tuple[Any, ...]) -> float:
    """How many times slower the trace makes one call that has just ended: made again without the trace, then once
    more with it, both in the same state (a bot that remembers its answers gives both from memory)."""
    plain = running.untraced_work(fn, fresh(args))
    return running.call_safely(fn, fresh(args)).working / max(plain, 1e-9)


def allowance(asked: int) -> float:
    """The seconds of its own work a bot may have taken for its first cards: its time a card, once the check's
    budget is spent."""
    return max(running.CHECK_BUDGET, BOT_TIME_PER_CARD * asked)


def limit_words() -> str:
    """The bot exercises' limit, in the words of a message."""
    return (
        f"the limit is {1000 * BOT_TIME_PER_CARD:g} ms a card of your bot's own work on average "
        f"({running.TIME_LIMIT:g} s for any one card)"
    )


def working_too_long(timing: Timing, played: int) -> str:
    """The bot worked more than its time a card, on average, the trace's share taken out."""
    cards = max(played, 1)
    watched = (
        f" (its own work, measured without the check's watch over each line, which made it "
        f"{timing.slowdown:.1f} times slower)"
        if timing.slowdown
        else ""
    )
    return (
        f"your bot took {1000 * timing.own / cards:.0f} ms a card on average over its first {played} cards{watched}: "
        f"{limit_words()} — make each choice quicker (fewer samples, less work done again)"
    )


def waiting_too_long(timing: Timing, played: int) -> str:
    """The bot waited, not working: it gave the processor up (a sleep, input) — or, where the system cannot tell,
    it may be the machine."""
    cards = max(played, 1)
    why = (
        f"it gave the processor up {timing.blocked} times (as time.sleep and input do): a bot must not wait"
        if timing.blocked is not None
        else "a bot must not wait (time.sleep, input), and a busy machine makes every card wait too"
    )
    return (
        f"your bot took {1000 * timing.waited / cards:.0f} ms a card on average over its first {played} cards, most "
        f"of it waiting, not working: {limit_words()} — {why}"
    )


def busy_machine(timing: Timing, played: int) -> str:
    """The bot kept within its time, but the machine is too busy to finish the check."""
    cards = max(played, 1)
    return (
        f"the machine is too busy to finish the check: your bot works {1000 * timing.own / cards:.0f} ms a card on "
        f"average, within its limit, and never waits, but each card took {1000 * timing.waited / cards:.0f} ms to "
        f"come (other programs had the processor) — run the check again when the machine is quieter"
    )


def time_rule() -> str:
    """The bot exercises' time limit, as their statements give it."""
    return (
        f"Your bot may take **{1000 * BOT_TIME_PER_CARD:g} ms a card** of its own work on average (and "
        f"{running.TIME_LIMIT:g} s for any one card), measured without the check's watch over its lines: a Monte "
        f"Carlo bot like chapter 9's, a few milliseconds a card, is quick enough."
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
        where = f"In deal {number}" if number else "At a position built to test the rule"
        return exercise.result(NOT_YET, f"{where}, {outcome.error}.", **seen)
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
    """The bot gets copies: changing its hand must not change the deal; and the trump is a new string, not the
    cards' own suit, so that ``c.suit is trump`` fails here as it would in a program that read the trump."""
    return fresh(args)
