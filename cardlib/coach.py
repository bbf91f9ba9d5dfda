"""The coach: a hint at any decision, and a review of every decision after the deal.

The coach thinks as the Monte Carlo bot does (``bots/montecarlo.py``), but says what it found, with its
uncertainty, instead of only acting on it:

1. it looks at the position only through the seat's *view* (``games.observe``): never at a hidden card;
2. it draws ``samples`` *worlds*, full deals that agree with everything the seat has seen (and, in Écarté, with
   the belief that the other player follows the book, as the bot's ``Imagination`` draws them);
3. it plays every legal option out in *the same* worlds, to the end of the deal, with the book's advice for every
   player (the bot's play-outs, ``montecarlo.played_out``): common random numbers, so that the luck of the deal
   cancels out when two options are compared;
4. for each option it reports the chance of winning the deal (finishing ahead on the deal's points; a level deal
   is not a win) and the expected points (the seat's side's points minus the other side's), each with its 95 %
   margin (1.96 standard errors for the points; Wilson's interval for the chance, which is never ± 0);
5. two options are *as good as* each other when the 95 % interval of their *paired* difference (world by world)
   contains 0: the coach cannot tell them apart, so it never ranks them.

The review replays a finished deal: at each decision of the seat it asks for a hint, and says what the choice
made cost in expected points against the best option. Beside it stands the *hindsight* column: the exact value of
each option had all the cards been seen (``doubledummy``), which the coach never uses for its advice.

Each game's room has its own ``coach.py`` with the game's words (why the best option is best); this module has no
branch on a game.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import doubledummy, games
from .bots import montecarlo
from .tricks import Action, DealState, action_text

Z95 = 1.96  # a 95 % interval is the mean ± 1.96 standard errors (the samples are many and independent)


@dataclass(frozen=True, slots=True)
class Wait:
    """Letting an optional move go by for now (not exchanging, not announcing yet): another player moves."""

    def __str__(self) -> str:
        return "wait"


WAIT = Wait()
Option = Action | Wait  # what a seat may do at a decision


@dataclass(frozen=True)
class Estimate:
    """What the coach found for one option: the chance of winning the deal and the expected points, each ± 95 %."""

    action: Option
    win: float
    win_margin: float
    points: float
    points_margin: float
    samples: int


@dataclass(frozen=True)
class Hint:
    """The coach's answer at one decision: every option, best first, and why the best is best."""

    seat: int
    samples: int
    seed: int
    options: tuple[Estimate, ...]
    best: tuple[Option, ...]  # the options as good as the best one (within the noise), the best first
    why: str
    outcomes: dict[Option, tuple[float, ...]] = field(repr=False, compare=False)  # each option's points, per world

    def as_good_as(self, a: Option, b: Option) -> bool:
        """Whether the coach cannot tell a and b apart: their paired difference's 95 % interval contains 0."""
        return within_noise(self.outcomes[a], self.outcomes[b])

    def estimate(self, action: Option) -> Estimate:
        """The estimate of one option."""
        return next(e for e in self.options if e.action == action)


def mean_and_margin(values: Sequence[float]) -> tuple[float, float]:
    """The mean of some samples and the half-width of its 95 % interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))


def within_noise(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether the 95 % interval of the paired differences a - b (the same worlds) contains 0."""
    mean, margin = mean_and_margin([x - y for x, y in zip(a, b)])
    return abs(mean) <= margin


# ---------------------------------------------------------------------------
# A hint


def options_of(view: Any) -> list[Option]:
    """What the seat may do: its legal moves, and waiting if it is not its turn (an optional move may wait)."""
    legal: list[Option] = list(view.legal)
    if legal and view.to_move != view.seat:
        legal.append(WAIT)
    return legal


# Play-outs per hint, shared among the options (so a decision with many options gets fewer worlds), and the
# bounds on the worlds. Measured by tools/coach_benchmark.py (40 bot-played deals of each game, every decision of
# seat 0, processor time in CPython): a hint's p95 is 0.37 s in Écarté and 0.47 s in Alkort, leaving room for the
# static site's Pyodide (2-3 times slower) within 3 s; they buy 133-160 worlds (25 for Écarté's 32 discards), for
# a typical ± of 0.14 points and 5-7 % on the chance of a win.
PLAYOUTS = 800
MIN_SAMPLES, MAX_SAMPLES = 24, 160


def default_samples(options: Sequence[Option]) -> int:
    """How many worlds a hint imagines when not told: a budget of play-outs shared among the options."""
    return max(MIN_SAMPLES, min(MAX_SAMPLES, PLAYOUTS // len(options)))


def hint(state: DealState, seat: int, samples: int | None = None, seed: int = 0) -> Hint:
    """The coach's hint for a seat at its decision, worked out from that seat's view alone."""
    return advise(games.observe(state, seat), samples, seed)


def advise(view: Any, samples: int | None = None, seed: int = 0) -> Hint:
    """The coach's hint from a seat's view (all it may know): every option played out in the same worlds."""
    options = options_of(view)
    if not options:
        raise ValueError(f"player {view.seat} has no decision to make now")
    count = samples or default_samples(options)
    imagination = montecarlo.Imagination(view, random.Random(seed))
    outcomes: dict[Option, list[float]] = {a: [] for a in options}
    for _ in range(count):
        world = imagination.world()
        for a in options:
            outcomes[a].append(outcome(world, a, view.seat))
    return summed_up(view, seed, {a: tuple(v) for a, v in outcomes.items()})


def outcome(world: Any, option: Option, seat: int) -> float:
    """The seat's points (its side's minus the other's) when it takes an option in a world and the book plays on."""
    if isinstance(option, Wait):
        world = world.clone()
        mover = world.seat_to_move()
        policy = montecarlo.policy_for(world)
        theirs = [a for a in world.legal_actions() if world.actor(a) == mover]
        move = policy(world, theirs)
        world.apply(move if move in theirs else theirs[0])
        return float(world.play_out(policy).returns()[seat])
    return float(montecarlo.played_out(world, option).returns()[seat])


def summed_up(view: Any, seed: int, outcomes: dict[Option, tuple[float, ...]]) -> Hint:
    """The hint from every option's outcomes: estimates best first, the options as good as the best, and why."""
    estimates = [estimate_of(a, v) for a, v in outcomes.items()]
    order = {a: i for i, a in enumerate(outcomes)}
    estimates.sort(key=lambda e: (-e.points, -e.win, order[e.action]))
    top = estimates[0].action
    best = tuple(e.action for e in estimates if e.action == top or within_noise(outcomes[top], outcomes[e.action]))
    samples = len(next(iter(outcomes.values())))
    draft = Hint(view.seat, samples, seed, tuple(estimates), best, "", outcomes)
    return Hint(view.seat, samples, seed, tuple(estimates), best, why_of(view, draft), outcomes)


def estimate_of(action: Option, points: Sequence[float]) -> Estimate:
    """One option's estimate from its points in each world."""
    mean, margin = mean_and_margin(points)
    wins = sum(p > 0 for p in points)
    return Estimate(action, wins / len(points), win_margin(wins, len(points)), mean, margin, len(points))


def win_margin(wins: int, worlds: int) -> float:
    """The ± of a chance of winning at 95 %, by Wilson's interval: never 0 from a finite sample (won in all 160
    worlds, the chance is still only known to be above 97.7 %), and as wide as the usual one otherwise."""
    share = wins / worlds
    centre = (share + Z95**2 / (2 * worlds)) / (1 + Z95**2 / worlds)
    half = Z95 * math.sqrt(share * (1 - share) / worlds + Z95**2 / (4 * worlds**2)) / (1 + Z95**2 / worlds)
    return max(share - (centre - half), (centre + half) - share)


def why_of(view: Any, hint: Hint) -> str:
    """One sentence on why the best option is best, in the game's words (from its room's coach), or plain words."""
    words = getattr(games.of(view), "coach", None)
    if words is not None:
        return str(words.why(view, hint))
    return sentence(hint, option_text, "wins the deal")


SAID_BY_NAME = 4  # options named in a sentence of options as good as each other; the others are counted


def sentence(hint: Hint, phrase: Callable[[Option], str], wins: str) -> str:
    """Why the best option is best: its chance and points, ± 95 %, against the next best, or 'as good as' when the
    coach cannot tell them apart. ``phrase`` names an option in the game's words, ``wins`` says what winning is."""
    first = hint.options[0]
    name = phrase(first.action)
    said = (
        f"{wins} {first.win:.0%} ± {first.win_margin:.0%} of the time and scores "
        f"{first.points:+.2f} ± {first.points_margin:.2f} points"
    )
    if len(hint.options) == 1:
        return f"{capital(name)} is the only choice: it {said}."
    if len(hint.best) > 1:
        names = [name, *(phrase(a) for a in hint.best[1:SAID_BY_NAME])]
        if len(hint.best) > SAID_BY_NAME:
            names.append(f"{len(hint.best) - SAID_BY_NAME} other options")
        return (
            f"{capital(', '.join(names[:-1]))} and {names[-1]} are as good as each other: over {hint.samples} "
            f"imagined deals their difference is within the noise ({name} {said})."
        )
    runner = hint.options[1]
    lead = first.points - runner.points
    return f"{capital(name)} is best: it {said}, {lead:.2f} more than {phrase(runner.action)}, the next best."


def capital(text: str) -> str:
    """The text with a capital first letter (and the rest as it was: card names keep their case)."""
    return text[:1].upper() + text[1:]


def option_text(option: Option) -> str:
    """An option as text: 'play K♦', 'propose', 'wait'."""
    return str(option) if isinstance(option, Wait) else action_text(option)


# ---------------------------------------------------------------------------
# A review of a finished deal

THRESHOLDS = {"inaccuracy": 0.1, "mistake": 0.5}
"""How much a choice may cost, in expected points against the best option, before it is called an inaccuracy or
a mistake. A deal is worth 1 or 2 points in both games: a choice that costs half a point (0.5) has turned, on
average, a won deal into a coin toss (a mistake); one that costs a tenth of a point loses a deal in ten more than
the best would (an inaccuracy). A choice within the noise of the best is always good, whatever its point
estimate: the coach cannot tell it from the best."""


@dataclass(frozen=True)
class Reviewed:
    """One decision of the seat in a finished deal, beside the coach's best choice and the hindsight values."""

    number: int  # where in the deal's log the decision was made (the position is the deal after that many moves)
    position: DealState
    chosen: Option
    hint: Hint
    best: Option
    loss: float  # expected points lost against the best option, ≥ 0
    verdict: str  # 'good', 'inaccuracy' or 'mistake'
    hindsight: dict[Option, float]  # exact value of each option with every card seen; {} when not computed
    hindsight_note: str = ""  # why the hindsight column is empty, if it is


def verdict_of(hint: Hint, chosen: Option, loss: float) -> str:
    """Good, inaccuracy or mistake, by the thresholds; within the noise of the best is always good."""
    if hint.as_good_as(chosen, hint.options[0].action) or loss < THRESHOLDS["inaccuracy"]:
        return "good"
    return "inaccuracy" if loss < THRESHOLDS["mistake"] else "mistake"


def decisions(state: DealState, seat: int) -> list[tuple[int, Option]]:
    """Every decision of a seat in a deal: where it was made (moves before it) and what the seat chose.

    A move counts when the seat had another option (a forced move is no decision). An optional move the seat let
    go by (not exchanging, not announcing) counts once, at the move that ended the offer, as ``WAIT``.
    """
    found: list[tuple[int, Option]] = []
    replay = state.redeal()
    for k, move in enumerate(state.log):
        offered = replay.legal_actions(seat)
        mine, waiting_allowed = replay.actor(move) == seat, replay.current_player != seat
        replay.apply(move)
        if mine and len(offered) + waiting_allowed > 1:
            found.append((k, move))
        elif not mine and offered and not set(offered) & set(replay.legal_actions(seat)):
            found.append((k, WAIT))
    return found


def position_at(state: DealState, moves: int) -> DealState:
    """The deal again, just before its move number ``moves`` (a real state a widget can show)."""
    position = state.redeal()
    for action in state.log[:moves]:
        position.apply(action)
    return position


# Positions the hindsight column may value in one review, and in one decision (about 10,000 a second of processor
# time in CPython): with them a whole review took 3.1 s at p95 in Alkort, 2.1 s in Écarté (tools/coach_benchmark.py,
# 40 deals each), within the 5 s asked. The last decisions, the smallest, are valued first; what the search could not
# value says "not computed" (every option was valued at 44 % of Alkort's decisions and 62 % of Écarté's, some at 6 %
# and 13 % more: Alkort's first tricks and Écarté's exchanges are beyond any such budget in Python).
REVIEW_NODES, DECISION_NODES = 30_000, 15_000


def review(state: DealState, seat: int, seed: int = 0, samples: int | None = None) -> tuple[Reviewed, ...]:
    """Every decision of a seat in a finished deal, in order, beside the coach's best choice and the hindsight."""
    found = decisions(state, seat)
    positions = [position_at(state, k) for k, _ in found]
    hints = [hint(p, seat, samples or review_samples(games.observe(p, seat)), seed) for p in positions]
    hindsight: dict[int, tuple[dict[Option, float], str]] = {}
    left = REVIEW_NODES
    for i in reversed(range(len(found))):
        options = [e.action for e in hints[i].options]
        values, note, used = doubledummy.option_values(positions[i], seat, options, min(left, DECISION_NODES))
        hindsight[i], left = (values, note), max(0, left - used)
    return tuple(reviewed(positions[i], k, chosen, hints[i], *hindsight[i]) for i, (k, chosen) in enumerate(found))


def review_samples(view: Any) -> int:
    """The worlds a review imagines at each decision when not told: half a hint's, so a whole deal fits its budget
    (its ± are wider by about 40 %, and said)."""
    return max(MIN_SAMPLES, default_samples(options_of(view)) // 2)


def reviewed(
    position: DealState, k: int, chosen: Option, advice: Hint, hindsight: dict[Option, float], note: str
) -> Reviewed:
    """One decision reviewed: the hint, the cost of the choice made, its verdict, and the hindsight values."""
    best = advice.options[0]
    loss = max(0.0, best.points - advice.estimate(chosen).points)
    return Reviewed(k, position, chosen, advice, best.action, loss, verdict_of(advice, chosen, loss), hindsight, note)


def worst(reviews: Iterable[Reviewed], n: int = 5) -> list[Reviewed]:
    """The decisions where the learner lost most (mistakes and inaccuracies only), the costliest first."""
    costly = [r for r in reviews if r.verdict != "good"]
    return sorted(costly, key=lambda r: -r.loss)[:n]


def agrees(hint: Hint, action: Option) -> bool:
    """Whether an answer is one the coach would give: among the options as good as the best."""
    return action in hint.best
