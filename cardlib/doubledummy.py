"""Double dummy: the exact value of a position had every card been seen.

Bridge players call a deal analysed with all four hands face up *double dummy*. Here every card is known — the
hands, the stock and its order — so there is no chance left, and the deal is a game of perfect information
between two sides. Its value is found by *minimax*: each side, at its turn, takes the move that is best for it
(the most points for its side, less the other side's), knowing that the other side will do the same.

What keeps the search small enough, none of which changes the answer:

- *alpha-beta*: a move is abandoned as soon as it is shown to be worse for its side than one already found;
- *null windows* (MTD(f), Plaat and others 1996): the value is found by asking "is it at least v?" of a few values v,
  each question answered far faster than "what is it?" — a deal's values are few (a point, five, a stroke); the
  first v asked is the value found last (the options of one decision are often worth the same: a fifth fewer
  positions at Alkort's seventh trick from the end), else 0;
- a *memo* (transposition table) of the positions already valued, with the bounds learnt about them and the move
  that proved them, so a position reached by two orders of the same cards is valued once (the room's coach says
  which details of a position still matter for the rest of the deal: ``position_key``). The bounds are facts about
  the position, whoever asks, so the memo outlives one search: the options of a decision and the decisions of a
  review share it, and so would a play-out's worlds (``MEMO_SIZE`` positions at most, then it starts afresh; the
  rooms' keys name the rules and the dealer, since a memo that outlives a deal meets other deals);
- *move ordering*: the move that proved a bound before is tried first, then the room's order (Alkort's: a
  Seven led that none can beat, else the strongest lead; following, the cheapest card that takes the trick, else
  the weakest, a Seven last — 6 tricks from the end of a puzzle's world, 66 000 positions to 21 500), so the
  cut-offs come early (the *history* heuristic, the moves that cut off most often elsewhere first, was measured
  and left out: it searched 3 times more positions; so were enhanced transposition cut-offs, every child looked up
  in the memo first: 10 % fewer positions at Alkort's tricks 2-3, but 1.4 to 2 times the time, every child made
  before the first is searched);
- *bounds* from the room (``value_bounds``, if it has one: Alkort's, from the tricks won, the tricks each side's
  cards make sure of, quick tricks as bridge players count them, and the tricks in a row the side on lead is sure
  of, for the múk and the stroke), so a position whose value no play can change is not searched;
- *equivalent cards merged*: of two cards in one hand that win and lose the same tricks (no card still in play
  ranks between them), only one is searched (the room says which: ``distinct_moves``; Alkort's key counts a
  ranked card by its place among the strengths still in play, and rubbish by the job it can still do).

Moves that another seat may make out of turn (an Alkort exchange before the first card, announcing the King in
Écarté) are modelled so: before the side to move chooses, the other side may make one of its optional moves, or
let them go by for now.

This module is the review's *hindsight* column. The coach never uses it on the real deal for its own advice: a seat
cannot see the cards it needs, and a test breaks this module to check that the hints do not change. It does use it
inside its *imagined* deals when asked for the exact continuation (``coach.CONTINUATIONS``: ``bots/strong.py``
finishes each imagined deal's last tricks with it), where every card is the imagination's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .cards import Card
from .contracts import CoachWords
from .tricks import Action, DealState

NODE_BUDGET = 300_000  # positions valued before the search gives up ("not computed"); the review sets its own
MEMO_SIZE = 200_000  # positions remembered across searches, per game's words, before the memo starts afresh
STEP = 1e-9  # a null window's width: a deal's values are whole points, and far apart at that


class TooBig(Exception):
    """The search would value more positions than its budget allows."""


def applied(state: DealState, move: Action) -> DealState:
    """A copy of the state with the move made."""
    child = state.clone()
    child.apply(move)
    return child


Entry = tuple[float, float, Action | None]  # what the memo knows of a position: lower and upper bounds, best move
MEMOS: dict[Hashable, dict[Hashable, Entry]] = {}  # by the game's position_key: positions already valued


def memo_of(words: CoachWords) -> dict[Hashable, Entry]:
    """The memo shared by the searches of one game's words (started afresh when full)."""
    memo = MEMOS.setdefault(words.position_key, {})
    if len(memo) > MEMO_SIZE:
        memo.clear()
    return memo


class Search:
    """A minimax search with null windows, alpha-beta and a memo, valuing positions for the side of seat 0."""

    def __init__(self, words: CoachWords, budget: int = NODE_BUDGET) -> None:
        self.key = words.position_key
        self.merge = words.distinct_moves
        self.bounds: Callable[[DealState], tuple[float, float]] | None = getattr(words, "value_bounds", None)
        self.budget, self.nodes = budget, 0
        self.last = 0.0  # the value last found, for seat 0's side: the first guess at the next
        self.memo = memo_of(words)

    def value_for(self, state: DealState, seat: int, passed: bool = False) -> float:
        """The exact value of a position for a seat's side: its side's points less the other's, both sides best."""
        value = self.exact(state, passed)
        return value if state.side_of(seat) == state.side_of(0) else -value

    def exact(self, state: DealState, passed: bool) -> float:
        """The position's value for seat 0's side, by null-window searches (MTD(f)) closing in on it."""
        if state.is_over:
            return float(state.returns()[0])
        lower, upper, _ = self.memo.get((self.key(state), passed)) or self.first_bounds(state)
        # first ask whether it is at least the value last found (the options of a decision are often worth the same),
        # else whether seat 0's side comes out ahead: the question that splits a deal's few values best
        guess = min(max(self.last, lower), upper)
        while lower < upper:
            beta = max(guess, lower + STEP)
            guess = self.search(state, passed, beta - STEP, beta)
            if guess < beta:
                upper = guess
            else:
                lower = guess
        self.last = lower
        return lower

    def search(self, state: DealState, passed: bool, alpha: float, beta: float) -> float:
        """The position's value for seat 0's side, exact if it lies between alpha and beta (else a bound beyond)."""
        if state.is_over:
            return float(state.returns()[0])
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        key = (self.key(state), passed)
        lower, upper, proved = self.memo.get(key) or self.first_bounds(state)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha0, beta0 = max(alpha, lower), min(beta, upper)
        best, move = self.best_child(state, passed, alpha0, beta0, proved)
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.memo[key] = (lower, upper, move)
        return best

    def first_bounds(self, state: DealState) -> Entry:
        """What is known of a position not yet valued: the room's bounds on what can still be scored, if it says."""
        low, high = self.bounds(state) if self.bounds is not None else (-math.inf, math.inf)
        return low, high, None

    def best_child(
        self, state: DealState, passed: bool, alpha: float, beta: float, proved: Action | None
    ) -> tuple[float, Action | None]:
        """The best value the side to choose can reach from here, with alpha-beta cut-offs, and the move that did."""
        chooser, moves, may_pass = self.turn(state, passed)
        maximize = state.side_of(chooser) == state.side_of(0)
        best, best_move = (-math.inf if maximize else math.inf), None
        children: list[tuple[Action | None, bool]] = [(m, False) for m in self.ordered(moves, proved)]
        if may_pass:
            children.append((None, True))
        for move, then_passed in children:
            value = self.search(state if move is None else applied(state, move), then_passed, alpha, beta)
            if (value > best) if maximize else (value < best):
                best, best_move = value, move
            alpha, beta = (max(alpha, value), beta) if maximize else (alpha, min(beta, value))
            if alpha >= beta:
                break
        return best, best_move

    def turn(self, state: DealState, passed: bool) -> tuple[int, list[Action], bool]:
        """Who chooses now, among which moves, and whether they may let them go by (only optional moves may).

        The other side's optional moves come first; once they are let go by, the side to move chooses.
        """
        mover = state.seat_to_move()
        legal = state.legal_actions()
        if all(type(a) is Card for a in legal):  # the usual case, a card to play: the mover's, with nothing optional
            return mover, self.merge(state, legal), False
        side = state.side_of(mover)
        theirs = [a for a in legal if state.side_of(state.actor(a) or mover) != side]
        if theirs and not passed:
            return state.actor(theirs[0]) or mover, theirs, True
        ours = [a for a in legal if state.side_of(state.actor(a) or mover) == side]
        return mover, self.merge(state, ours), False

    def ordered(self, moves: list[Action], proved: Action | None = None) -> list[Action]:
        """The moves in the order to try them: the one that proved this position's bound before, then the room's
        order (``distinct_moves`` gives the likeliest first)."""
        if proved is None or proved not in moves:
            return moves
        return [proved, *(m for m in moves if m != proved)]


def option_values(
    position: DealState, seat: int, options: Sequence[Any], words: CoachWords, budget: int = NODE_BUDGET
) -> tuple[dict[Any, float], str, int]:
    """The exact value of each option of a seat with every card seen (those the budget allowed, in the order
    given), '' or which were not computed and why, and how many positions the search valued. An option that is no
    legal move of the position (the coach's "wait") lets the player to move choose first. ``words`` are the room's
    (its ``position_key`` and ``distinct_moves``): the caller passes them, the search looks nothing up."""
    if budget <= 0:
        return {}, "not computed: the review's search budget went to later decisions", 0
    search = Search(words, budget)
    legal = position.legal_actions()
    values: dict[Any, float] = {}
    missing: list[str] = []
    for option in options:
        try:
            if option in legal:
                values[option] = search.value_for(applied(position, option), seat)
            else:
                values[option] = waiting_value(search, position, seat)
        except TooBig:
            missing.append(str(option))
    if not missing:
        return values, "", search.nodes
    which = "" if not values else f" for {', '.join(missing)}"
    return values, f"not computed{which}: more than {budget:,} positions to value", search.nodes


def waiting_value(search: Search, position: DealState, seat: int) -> float:
    """The exact value for a seat that lets its optional move go by: the player to move chooses his best move."""
    mover = position.seat_to_move()
    moves = [a for a in position.legal_actions() if position.actor(a) == mover]
    values = [search.value_for(applied(position, m), mover) for m in moves]
    best = max(values)
    return best if position.side_of(seat) == position.side_of(mover) else -best
