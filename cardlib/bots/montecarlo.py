"""A Monte Carlo bot: imagine the hidden cards many times, play each move out, keep the best.

This is *determinization* (also called perfect-information Monte Carlo):

1. draw a world — the unseen cards dealt at random where the seat cannot see, agreeing
   with everything it knows, each such arrangement as likely as a shuffled deck makes it
   (``cardlib.worlds``, through ``games.sample_world`` or the game's own ``imagine``);
2. for each candidate move, play the world out to the end of the deal with a fast
   policy (the game's ``playout_policy``: the book's advice). The world is the engine's own
   state (``play_out``: a clone, then ``apply`` move after move), so every rule of play is the engine's;
3. do this for many worlds — the same worlds for every candidate, so that luck cancels
   out between them — and choose the move that did best on the deal's points.

The bot knows no game: what is particular to one — its play-out policy, the moves worth comparing,
a belief about the other players, the moves that need no search, how many play-outs a decision gets —
is the game's ``Lookahead`` in the registry (``cardlib.games``), made in the game's room
(``cardlib/ecarte/playout.py``, ``cardlib/alkort/playout.py``); a game without one gets the defaults,
with its rule bot as the play-out policy.

The fast policy is the rule-based advice, so the Monte Carlo bot is the advice, *corrected by
looking ahead*. Its weakness is the classic one of determinization: in each world it plays as if
it knew the cards, so it never values keeping information back.

The number of worlds is fixed (not a time budget), so the bot decides the same on any
machine: slower machines just take longer. The budgets keep a decision under
about 50 ms of processor time on a modest machine.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import games
from ..players import Decision, InformedPlayer
from ..tricks import Action, DealState, action_text

View = Any  # a seat's view of a deal, from its game's room
Policy = Callable[[Any, Sequence[Action]], Action]  # policy(world, legal) -> the move of the player to move

# ---------------------------------------------------------------------------
# Play-outs: the engine's state, moved by the game's policy


def value_of(world: DealState, move: Action, seat: int, policy: Policy | None = None) -> float:
    """Make a move in a copy of a world and play it out to the end of the deal: the deal's value for ``seat``."""
    return deal_value(played_out(world, move, policy).returns()[seat])


def played_out(world: DealState, move: Action, policy: Policy | None = None) -> DealState:
    """A copy of a world, with the move made and the deal played out to its end by the book (the coach's too);
    ``policy``: the game's (``policy_for``), asked once for many play-outs."""
    world = world.clone()
    world.apply(move)
    return world.play_out(policy or policy_for(world))


def policy_for(deal: Any) -> Policy:
    """The play-out policy of a deal's game (a world, or a seat's view of one): the book's move for whoever is to
    move."""
    game = games.of(deal)
    return game.lookahead.playout_policy or rule_bot_policy(game)


def rule_bot_policy(game: games.GameDescription) -> Policy:
    """A play-out policy for a game without its own: its rule bot, deciding from the view of the player to move."""
    bot = game.rule_bot(0)

    def policy(world: Any, legal: Sequence[Action]) -> Action:
        return bot.choose(game.observe(world, world.seat_to_move())).action

    return policy


def deal_value(margin: float) -> float:
    """How good a deal's result is, from its point margin: 1 for winning it, ½ for a tie, plus a little per point."""
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0) + 0.01 * margin


class Imagination:
    """Draws the worlds for one decision: the game's own way (``Lookahead.imagine``: in Écarté, preferably worlds
    where the other player's calls follow the book), or any world that agrees with the view."""

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        imagine = games.of(view).lookahead.imagine
        self.draw: Callable[[], Any] = imagine(view, rng) if imagine else lambda: games.sample_world(view, rng)

    def world(self) -> Any:
        """The next imagined world of this decision."""
        return self.draw()


# ---------------------------------------------------------------------------
# The moves worth comparing


def candidates(view: View) -> Sequence[Action]:
    """The moves to compare, the advice's favourite first (the game's choice, or every legal move)."""
    choose = games.of(view).lookahead.candidates
    return choose(view) if choose else list(view.legal)


# How many standard errors better than the book's move (a game's ``Lookahead.book_move``) another move must do.
TRUST_THE_BOOK = 1.0
PRUNE_EVERY, PRUNE_AT, MAX_WORLDS = 8, 2.0, 400


def lead_of(a: list[float], b: list[float]) -> tuple[float, float]:
    """How much better a did than b in the same worlds (their first len(b) worlds), and the standard error."""
    gains = [x - y for x, y in zip(a, b)]
    if len(gains) < 2:
        return 0.0, math.inf
    return statistics.fmean(gains), statistics.pstdev(gains) / math.sqrt(len(gains))


def clearly_better(a: list[float], b: list[float], margin: float = TRUST_THE_BOOK) -> bool:
    """Whether a beat b in the same worlds by more than ``margin`` standard errors."""
    mean, error = lead_of(a, b)
    return mean > margin * error


def still_in_the_race(values: list[list[float]], alive: list[int], keep: int | None) -> list[int]:
    """The moves not clearly beaten by the current leader (the book's move, if any, is kept)."""
    leader = max(alive, key=lambda i: statistics.fmean(values[i]))
    return [i for i in alive if i in (leader, keep) or not clearly_better(values[leader], values[i], PRUNE_AT)]


class MonteCarloBot(InformedPlayer):
    """Chooses by playing out sampled worlds (determinization) with the book's advice as the fast policy."""

    name = "mc"
    calls_by_the_table = False  # Écarté's first call: the old book's jeu de règle stands unless beaten (strong: True)

    def __init__(self, seed: int | None = 0, rollouts: int | None = None) -> None:
        super().__init__(seed)
        self.rollouts = rollouts  # play-outs per decision, shared among the candidates (None: the game's default)

    def choose(self, view: View) -> Decision:
        forced = self.forced(view, view.legal)
        if forced is not None:
            return forced
        rng = self.rng_for(view)
        lookahead = games.of(view).lookahead
        if lookahead.first_question is not None:
            asked = lookahead.first_question(self, view, rng)
            if asked is not None:
                return asked
        moves = list(self.candidates(view))
        if len(moves) == 1:
            return Decision(moves[0], f"{does(moves[0])}: the other legal cards would do the same job")
        book = None
        if lookahead.book_move is not None:  # the book's move stands unless clearly beaten
            book_move = lookahead.book_move(view)
            if book_move not in moves:
                moves.insert(0, book_move)
            book = moves.index(book_move)
        best, tallies = self.compare(view, moves, rng, book=book)
        return Decision(moves[best], explain_choice(moves, best, tallies, book))

    def candidates(self, view: View) -> Sequence[Action]:
        """The moves this bot compares (the game's ``candidates``)."""
        return candidates(view)

    def worlds_for(self, view: View, moves: Sequence[Action], budget: int | None = None) -> int:
        """How many worlds to imagine: play-outs are shared among the moves, and cost more early in a deal."""
        if self.rollouts:
            return max(4, self.rollouts // len(moves))
        rollouts = budget if budget is not None else games.of(view).lookahead.budget(view)
        return max(8, rollouts // len(moves))

    def compare(
        self,
        view: View,
        moves: Sequence[Action],
        rng: random.Random,
        budget: int | None = None,
        book: int | None = None,
    ) -> tuple[int, list[Tally]]:
        """Play every move out in the same imagined worlds: the best move's index, and how each move did.

        The play-outs are spent where they matter: every ``PRUNE_EVERY`` worlds, a move that
        trails the leader by more than ``PRUNE_AT`` standard errors (in the same worlds) is
        dropped, and the worlds it would have used go to the moves still in the race.

        With ``book`` (the index of the book's move), another move is chosen only if it did
        better in the same worlds by more than ``TRUST_THE_BOOK`` standard errors: with a few
        dozen worlds, a small lead is as likely luck as skill, and the book is a good player.
        """
        rollouts = self.worlds_for(view, moves, budget) * len(moves)
        values: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        imagination, policy = Imagination(view, rng), policy_for(view)
        n_worlds = 0
        while len(alive) > 1 and rollouts >= len(alive) and n_worlds < MAX_WORLDS:
            world = imagination.world()
            n_worlds += 1
            for i in alive:
                values[i].append(self.value(world, moves[i], view.seat, policy))
            rollouts -= len(alive)
            if n_worlds % PRUNE_EVERY == 0 and len(alive) > 1:
                alive = still_in_the_race(values, alive, book)
        best = max(alive, key=lambda i: (statistics.fmean(values[i]), -i))
        if book is not None and best != book and book in alive:
            if not clearly_better(values[best], values[book]):
                best = book
        return best, [Tally.of(v) for v in values]

    def value(self, world: DealState, move: Action, seat: int, policy: Policy) -> float:
        """How a move did in one imagined world: here, played out to the end by the fast policy (``value_of``)."""
        return value_of(world, move, seat, policy)

    def forced(self, view: View, legal: Sequence[Action]) -> Decision | None:
        """Moves that need no search: the game's own (announcing the King, the worthless-hand exchange), the only
        legal move."""
        game_forced = games.of(view).lookahead.forced
        decision = game_forced(view) if game_forced is not None else None
        if decision is not None:
            return decision
        if len(legal) == 1:
            return Decision(legal[0], f"{does(legal[0])}, the only legal move")
        return None

    def choose_optional(self, view: View) -> Decision | None:
        return self.forced(view, view.legal) if view.legal else None


# ---------------------------------------------------------------------------
# What the imagined deals said, in true words
#
# The bot compares moves by the deal's value (``deal_value``): finishing ahead on the deal's
# points (Écarté's King points included), then by how much. So that is what a reason counts,
# and says it counts; a share of few imagined deals is given as a count.

FEW_WORLDS = 16  # a share of this many imagined deals or fewer is told as a count: '9 of 12 imagined deals'


@dataclass(frozen=True)
class Tally:
    """How one move did in the imagined deals it was played out in."""

    worlds: int
    ahead: int  # deals it finished ahead on the deal's points
    level: int  # deals it finished level on points
    mean: float  # its mean value, what the bot compares

    @classmethod
    def of(cls, values: Sequence[float]) -> Tally:
        """The tally of a move's values, one per imagined deal (see deal_value)."""
        return cls(
            len(values),
            sum(v >= 1.0 for v in values),
            sum(v == 0.5 for v in values),
            statistics.fmean(values) if values else 0.0,
        )

    @property
    def rate(self) -> float:
        """The share of its imagined deals that it finished ahead."""
        return self.ahead / self.worlds if self.worlds else 0.0


def share(count: int, worlds: int) -> str:
    """A share of imagined deals that says how many: '62% of 40 imagined deals', or '9 of 12 imagined deals'."""
    if worlds <= FEW_WORLDS:
        return f"{count} of {worlds} imagined deals"
    return f"{count / worlds:.0%} of {worlds} imagined deals"


def explain_choice(moves: Sequence[Action], best: int, tallies: Sequence[Tally], book: int | None = None) -> str:
    """One true sentence: how the chosen move did in its imagined deals, against the next best move."""
    chosen, doing = tallies[best], does(moves[best])
    runner = max((i for i in range(len(moves)) if i != best), key=lambda i: tallies[i].mean)
    other = tallies[runner]
    if all(t.ahead == 0 and t.level == 0 for t in tallies):
        return (
            f"{doing}: whatever it played, the deal was lost in every imagined deal "
            f"({chosen.worlds} for this move), and this loses least"
        )
    mine = f"it finished ahead on the deal's points in {share(chosen.ahead, chosen.worlds)}"
    theirs = f"{action_text(moves[runner])} in {share(other.ahead, other.worlds)}"
    if best == book and other.rate > chosen.rate:
        return f"{doing}, as the book advises: {mine}, and {theirs} was not clearly better"
    if chosen.ahead == chosen.worlds and other.ahead == other.worlds:
        return (
            f"{doing}: it finished ahead on points in all {chosen.worlds} imagined deals, as would others; "
            f"this scores the most"
        )
    if all(t.ahead == 0 for t in tallies):
        return (
            f"{doing}: no move finished ahead on points in any imagined deal; this one ends level in "
            f"{share(chosen.level, chosen.worlds)}, and does best on average"
        )
    also = "; it scores more on average" if other.rate > chosen.rate and chosen.mean > other.mean else ""
    return f"{doing}: {mine}, against {theirs}{also}"


def does(action: Action) -> str:
    """A move as a verb phrase: 'plays K♦', 'proposes', 'discards 7♠ 8♠'."""
    verb, _, rest = action_text(action).partition(" ")
    return f"{verb}s {rest}".strip()
