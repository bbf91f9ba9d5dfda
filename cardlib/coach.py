"""The coach: a hint at any decision, and a review of every decision after the deal.

The coach thinks as the Monte Carlo bot does (``bots/montecarlo.py``), but says what it found, with its
uncertainty, instead of only acting on it:

1. it looks at the position only through the seat's *view* (``games.observe``): never at a hidden card;
2. it draws ``samples`` *worlds*, full deals that agree with everything the seat has seen (and, in Écarté, with
   the belief that the other player follows the book, as the bot's ``Imagination`` draws them);
3. it plays every legal option out in *the same* worlds, to the end of the deal, with the book's advice for every
   player (the bot's play-outs, ``montecarlo.played_out``): common random numbers, so that the luck of the deal
   cancels out when two options are compared. Asked for the ``"exact"`` continuation (``CONTINUATIONS``), it plays
   the book until the last ``EXACT_TRICKS`` tricks and solves those exactly, every card of the imagined world seen
   (``bots/strong.py``'s ``finish``) — slower, and fairer to a move whose reward the book would not collect in the
   last tricks (it is not fairer everywhere: an exact ending assumes every player sees every card). Asked for a
   bot's continuation (``"mc"`` or ``"strong"``), that bot plays the rest at every seat, each from its own view of
   the imagined deal, as at a table: the fairest, and far the slowest (each play-out is a search of its own);
4. for each option it reports the chance of winning the deal (finishing ahead on the deal's points; a level deal
   is not a win) and the expected points (the seat's side's points minus the other side's), each with its 95 %
   margin (1.96 standard errors for the points, with Agresti and Coull's pseudo-worlds, ``points_margin``; Wilson's
   interval for the chance, which is never ± 0);
5. two options are *as good as* each other when the 95 % interval of their *paired* difference (world by world)
   contains 0: the coach cannot tell them apart, so it never ranks them.

The review replays a finished deal: at each decision of the seat it asks for a hint, takes its best option, and
measures what the choice made cost against it on *fresh* worlds (the best of several noisy estimates is biased
upwards on the worlds that chose it); a choice is a mistake or an inaccuracy only when the lower end of the 95 %
interval of that cost is above the threshold (``THRESHOLDS``), otherwise it is as good as the best. Beside it
stands the *hindsight* column: the exact value of each option had all the cards been seen (``doubledummy``), which
the coach never uses for its advice.

Each game's room has its own ``coach.py`` with the game's words (why the best option is best); this module has no
branch on a game.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import doubledummy, games
from .bots import make_bot, montecarlo, strong
from .contracts import WAIT as WAIT  # the values' home is the contract, the sentences' the words: the coach's callers
from .contracts import Estimate as Estimate  # (its notebooks, its panel) find them here too
from .contracts import Hint as Hint
from .contracts import Option as Option
from .contracts import Wait as Wait
from .margins import Z95, half_width
from .players import play_deal
from .tricks import DealState
from .words import capital as capital
from .words import option_text as option_text
from .words import sentence as sentence


def mean_and_margin(values: Sequence[float]) -> tuple[float, float]:
    """The mean of some samples and the half-width of its 95 % interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.fmean(values), half_width(statistics.stdev(values), len(values))


def points_margin(values: Sequence[float]) -> float:
    """The ± at 95 % of an option's expected points: the normal interval with pseudo-worlds added in the manner of
    Agresti and Coull, z²/4 (about one) at the fewest points seen and as many at the most, and the shift of the
    centre they make counted in, so that the ± stays symmetric about the mean of the worlds.

    The points of a play-out take a few values, and a rare one (a deal lost in 5 % of the worlds) makes the plain
    normal interval too narrow. On exact distributions of the coach audit's positions (tools/coach_audit.py),
    20,000 samples of 160 worlds each: the normal interval covered 91.5-95 % of the time (86 % for a loss in 3 % of
    the worlds), this one 95-97.5 % (95.4 %), up to 30 % wider where an outcome is rare; Agresti and Coull's full
    z²/2 at each end covered 98-99 %, wider than needed. Balanced outcomes keep the normal ±. What no world shows
    it cannot know: 160 worlds alike give ± 0."""
    if len(values) < 2:
        return math.inf
    extra = Z95**2 / 4  # pseudo-worlds at each end
    ends = (min(values), max(values))
    weight = len(values) + 2 * extra
    centre = (math.fsum(values) + extra * sum(ends)) / weight
    spread = math.fsum((v - centre) ** 2 for v in values) + extra * sum((e - centre) ** 2 for e in ends)
    return Z95 * math.sqrt(spread / weight / weight) + abs(centre - statistics.fmean(values))


def as_good_as(hint: Hint, a: Option, b: Option) -> bool:
    """Whether the coach cannot tell a and b apart: their paired difference's 95 % interval contains 0."""
    return within_noise(hint.outcomes[a], hint.outcomes[b])


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
    """How many worlds a hint imagines when not told: a budget of play-outs shared among the options; a forced move
    (one option, nothing to compare) the fewest, so that it is answered at once, its figures with their wider ±."""
    if len(options) == 1:
        return MIN_SAMPLES
    return max(MIN_SAMPLES, min(MAX_SAMPLES, PLAYOUTS // len(options)))


# How the rest of an imagined deal is played: by the book (quick, the default), by the book and then its last
# EXACT_TRICKS tricks solved exactly (several times slower: for the puzzles' search and their re-judging), or by a
# bot at every seat, each deciding from its own view of the imagined deal ('mc', 'strong': each play-out a search of
# its own, far slower still: for re-judging the puzzles under stronger play, issues 39 and 41).
BOT_CONTINUATIONS = ("mc", "strong")
CONTINUATIONS = ("book", "exact", *BOT_CONTINUATIONS)
EXACT_TRICKS = 3


def hint(state: DealState, seat: int, samples: int | None = None, seed: int = 0, continuation: str = "book") -> Hint:
    """The coach's hint for a seat at its decision, worked out from that seat's view alone."""
    return advise(games.observe(state, seat), samples, seed, continuation)


def advise(view: Any, samples: int | None = None, seed: int = 0, continuation: str = "book") -> Hint:
    """The coach's hint from a seat's view (all it may know): every option played out in the same worlds."""
    options = options_of(view)
    if not options:
        raise ValueError(f"player {view.seat} has no decision to make now")
    count = samples or default_samples(options)
    outcomes, note = played_in_worlds(view, options, count, seed, continuation)
    return summed_up(view, seed, outcomes, note, continuation)


def played_in_worlds(
    view: Any, options: Sequence[Option], count: int, seed: int, continuation: str = "book"
) -> tuple[dict[Option, tuple[float, ...]], str]:
    """Each option's points in the same ``count`` imagined worlds, and what those worlds could not honour (the
    game's ``Imagination.note``, e.g. Écarté's reading of the other player), in words."""
    known_continuation(continuation)
    imagination = montecarlo.Imagination(view, random.Random(seed))
    outcomes: dict[Option, list[float]] = {a: [] for a in options}
    for _ in range(count):
        world = imagination.world()
        for a in options:
            outcomes[a].append(outcome(world, a, view.seat, continuation))
    return {a: tuple(v) for a, v in outcomes.items()}, str(getattr(imagination.draw, "note", ""))


def known_continuation(continuation: object) -> str:
    """A continuation the coach knows, as given; any other is refused, naming them."""
    if continuation not in CONTINUATIONS:
        raise ValueError(f"there is no continuation {continuation!r}: choose one of {', '.join(CONTINUATIONS)}")
    return str(continuation)


def outcome(
    world: Any, option: Option, seat: int, continuation: str = "book", exact_tricks: int = EXACT_TRICKS
) -> float:
    """The seat's points (its side's minus the other's) when it takes an option in a world and the rest is played on
    (``continuation``: 'book'; 'exact', the book and then the last ``exact_tricks`` tricks solved exactly; or a bot's
    name in ``BOT_CONTINUATIONS``, that bot at every seat)."""
    if known_continuation(continuation) in BOT_CONTINUATIONS:
        return played_on_by_bots(world, option, seat, continuation)
    policy = montecarlo.policy_for(world)
    world = taken(world, option, lambda w, mover: by_the_book(w, mover, policy))
    if continuation == "exact":
        return strong.finish(world, seat, policy, exact_tricks)
    return float(world.play_out(policy).returns()[seat])


def played_on_by_bots(world: Any, option: Option, seat: int, bot: str) -> float:
    """The seat's points when it takes an option in a world and a bot (by name) plays on at every seat, each from
    its own view; the bots are seeded by seat, so two options meet the same players in the same world."""
    bots = [make_bot(bot, games.of(world).key, seed=s) for s in range(world.n_players)]
    world = taken(world, option, lambda w, mover: bots[mover].decide(w, mover).action)
    return float(play_deal(world, bots).returns()[seat])


def taken(world: Any, option: Option, mover_plays: Callable[[Any, int], Any]) -> Any:
    """A copy of the world after the seat takes its option; on a Wait (it lets its optional move go by) the player
    whose turn it is moves first, as ``mover_plays(world, mover)`` chooses."""
    world = world.clone()
    if isinstance(option, Wait):
        world.apply(mover_plays(world, world.seat_to_move()))
    else:
        world.apply(option)
    return world


def by_the_book(world: Any, mover: int, policy: montecarlo.Policy) -> Any:
    """The book's move for the player whose turn it is (the policy's, or the first of his moves if it names none)."""
    theirs = [a for a in world.legal_actions() if world.actor(a) == mover]
    move = policy(world, theirs)
    return move if move in theirs else theirs[0]


def summed_up(
    view: Any, seed: int, outcomes: dict[Option, tuple[float, ...]], note: str = "", continuation: str = "book"
) -> Hint:
    """The hint from every option's outcomes: estimates best first, the options as good as the best, and why."""
    estimates = [estimate_of(a, v) for a, v in outcomes.items()]
    order = {a: i for i, a in enumerate(outcomes)}
    estimates.sort(key=lambda e: (-e.points, -e.win, order[e.action]))
    top = estimates[0].action
    best = tuple(e.action for e in estimates if e.action == top or within_noise(outcomes[top], outcomes[e.action]))
    samples = len(next(iter(outcomes.values())))
    draft = Hint(view.seat, samples, seed, tuple(estimates), best, "", outcomes, note, continuation)
    return Hint(view.seat, samples, seed, tuple(estimates), best, why_of(view, draft), outcomes, note, continuation)


def estimate_of(action: Option, points: Sequence[float]) -> Estimate:
    """One option's estimate from its points in each world."""
    mean, wins = statistics.fmean(points), sum(p > 0 for p in points)
    return Estimate(action, wins / len(points), win_margin(wins, len(points)), mean, points_margin(points), len(points))


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


# ---------------------------------------------------------------------------
# A review of a finished deal

THRESHOLDS = {"inaccuracy": 0.1, "mistake": 0.2}
"""How much a choice must cost, in expected points against the coach's best option, to be called an inaccuracy
or a mistake: the review's verdicts use these. A choice is a mistake only when the *lower end* of the 95 % interval
of its cost is above 0.2 points, an inaccuracy when it is above 0.1; otherwise it is *as good as* the best (the
verdict 'good'): the coach could not show that it cost that much."""

WIN_CHANCE_THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
"""The same thresholds as lichess states them for chess, in the chance of winning: 5, 10 and 15 points of the
chance of winning for an inaccuracy, a mistake and a blunder. A deal won rather than lost moves a seat's points by
at least 2 (from −1 to +1, more for a vole), so 5 and 10 points of the chance of winning are 0.1 and 0.2 expected
points when each deal is worth one point either way (``THRESHOLDS``, which the review uses: the points also count
what a won deal is worth). The review does not tell a blunder (15 points, 0.3 expected points) from a mistake."""


@dataclass(frozen=True)
class Reviewed:
    """One decision of the seat in a finished deal, beside the coach's best choice and the hindsight values.

    The best option is chosen on the hint's worlds; its lead over the choice made (``loss``) is measured again on
    *fresh* worlds, so that the luck that made one estimate the highest is not counted as the choice's cost."""

    number: int  # where in the deal's log the decision was made (the position is the deal after that many moves)
    position: DealState
    chosen: Option
    hint: Hint
    best: Option
    loss: float  # expected points lost against the best option on fresh worlds (0 when it was the best), ≥ 0
    verdict: str  # 'good' (as good as the best, within the noise), 'inaccuracy' or 'mistake'
    hindsight: dict[Option, float]  # exact value of each option with every card seen; {} when not computed
    hindsight_note: str = ""  # why the hindsight column is empty, if it is
    loss_margin: float = 0.0  # the ± at 95 % of the loss (fresh worlds, paired)


def verdict_of(loss: float, margin: float) -> str:
    """Good, inaccuracy or mistake: the lower end of the loss's 95 % interval against the thresholds."""
    lowest = loss - margin
    if lowest > THRESHOLDS["mistake"]:
        return "mistake"
    return "inaccuracy" if lowest > THRESHOLDS["inaccuracy"] else "good"


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


def review(
    state: DealState, seat: int, seed: int = 0, samples: int | None = None, continuation: str = "book"
) -> tuple[Reviewed, ...]:
    """Every decision of a seat in a finished deal, in order, beside the coach's best choice and the hindsight."""
    found = decisions(state, seat)
    positions = [position_at(state, k) for k, _ in found]
    hints = [hint(p, seat, samples or review_samples(games.observe(p, seat)), seed, continuation) for p in positions]
    losses = [
        measured_loss(p, seat, hints[i], chosen, seed) for i, (p, (_, chosen)) in enumerate(zip(positions, found))
    ]
    hindsight: dict[int, tuple[dict[Option, float], str]] = {}
    left = REVIEW_NODES
    for i in reversed(range(len(found))):
        options = [e.action for e in hints[i].options]
        values, note, used = doubledummy.option_values(
            positions[i], seat, options, games.of(state).coach, min(left, DECISION_NODES)
        )
        hindsight[i], left = (values, note), max(0, left - used)
    return tuple(
        reviewed(positions[i], k, chosen, hints[i], losses[i], *hindsight[i]) for i, (k, chosen) in enumerate(found)
    )


FRESH_SEED = 1_000_003  # added to the review's seed for the fresh worlds: none of them is one of the hint's
FRESH_WORLDS = 120  # fresh worlds per decision at least (only two options are played out in them)


def measured_loss(position: DealState, seat: int, advice: Hint, chosen: Option, seed: int) -> tuple[float, float]:
    """What the choice made cost against the hint's best option, measured on fresh worlds (paired), with its ± at
    95 %: the best was chosen on the hint's worlds, where its luck made it look best, so it is not measured there."""
    best = advice.options[0].action
    if chosen == best:
        return 0.0, 0.0
    view = games.observe(position, seat)
    count = max(advice.samples, FRESH_WORLDS)
    outcomes, _ = played_in_worlds(view, [best, chosen], count, seed + FRESH_SEED, advice.continuation)
    return mean_and_margin([b - c for b, c in zip(outcomes[best], outcomes[chosen])])


def review_samples(view: Any) -> int:
    """The worlds a review imagines at each decision when not told: half a hint's, so a whole deal fits its budget
    (its ± are wider by about 40 %, and said)."""
    return max(MIN_SAMPLES, default_samples(options_of(view)) // 2)


def reviewed(
    position: DealState,
    k: int,
    chosen: Option,
    advice: Hint,
    loss: tuple[float, float],
    hindsight: dict[Option, float],
    note: str,
) -> Reviewed:
    """One decision reviewed: the hint, the cost of the choice made (fresh worlds), its verdict, the hindsight."""
    cost, margin = loss
    verdict = verdict_of(cost, margin)
    return Reviewed(
        k, position, chosen, advice, advice.options[0].action, max(0.0, cost), verdict, hindsight, note, margin
    )


def worst(reviews: Iterable[Reviewed], n: int = 5) -> list[Reviewed]:
    """The decisions where the learner lost most (mistakes and inaccuracies only), the costliest first."""
    costly = [r for r in reviews if r.verdict != "good"]
    return sorted(costly, key=lambda r: -r.loss)[:n]


def agrees(hint: Hint, action: Option) -> bool:
    """Whether an answer is one the coach would give: among the options as good as the best."""
    return action in hint.best
