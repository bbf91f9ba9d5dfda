"""Double dummy: the exact value of a position had every card been seen.

Bridge players call a deal analysed with all four hands face up *double dummy*. Here every card is known — the
hands, the stock and its order — so there is no chance left, and the deal is a game of perfect information
between two sides. Its value is found by *minimax*: each side, at its turn, takes the move that is best for it
(the most points for its side, less the other side's), knowing that the other side will do the same.

Three things keep the search small enough, none of which changes the answer:

- *alpha-beta*: a move is abandoned as soon as it is shown to be worse for its side than one already found;
- a *memo* (transposition table) of the positions already valued, with the bounds learnt about them, so a position
  reached by two orders of the same cards is valued once (the room's coach says which details of a position still
  matter for the rest of the deal: ``position_key``);
- *equivalent cards merged*: of two cards in one hand that win and lose the same tricks (no card still in play
  ranks between them), only one is searched (the room says which: ``distinct_moves``).

Move ordering was measured and left out: trying the book's move first saved 4 % of the positions in Alkort (the
values are few: a point, five, a stroke), and cost 30 % more time in asking the book.

Moves that another seat may make out of turn (an Alkort exchange before the first card, announcing the King in
Écarté) are modelled so: before the side to move chooses, the other side may make one of its optional moves, or
let them go by for now.

This module is the review's *hindsight* column. The coach never uses it for its own advice: a seat cannot see the
cards it needs, and a test breaks this module to check that the hints do not change.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from .cards import Card
from .contracts import CoachWords
from .tricks import Action, DealState

NODE_BUDGET = 300_000  # positions valued before the search gives up ("not computed"); the review sets its own


class TooBig(Exception):
    """The search would value more positions than its budget allows."""


def applied(state: DealState, move: Action) -> DealState:
    """A copy of the state with the move made."""
    child = state.clone()
    child.apply(move)
    return child


class Search:
    """A minimax search with alpha-beta and a memo, valuing positions for the side of seat 0."""

    def __init__(self, words: CoachWords, budget: int = NODE_BUDGET) -> None:
        self.key = words.position_key
        self.merge = words.distinct_moves
        self.budget, self.nodes = budget, 0
        self.memo: dict[Hashable, tuple[float, float]] = {}

    def value_for(self, state: DealState, seat: int, passed: bool = False) -> float:
        """The exact value of a position for a seat's side: its side's points less the other's, both sides best."""
        value = self.search(state, passed, -math.inf, math.inf)
        return value if state.side_of(seat) == state.side_of(0) else -value

    def search(self, state: DealState, passed: bool, alpha: float, beta: float) -> float:
        """The position's value for seat 0's side, exact if it lies between alpha and beta (else a bound beyond)."""
        if state.is_over:
            return float(state.returns()[0])
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        key = (self.key(state), passed)
        lower, upper = self.memo.get(key, (-math.inf, math.inf))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha0, beta0 = max(alpha, lower), min(beta, upper)
        best = self.best_child(state, passed, alpha0, beta0)
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.memo[key] = (lower, upper)
        return best

    def best_child(self, state: DealState, passed: bool, alpha: float, beta: float) -> float:
        """The best value the side to choose can reach from here, with alpha-beta cut-offs."""
        chooser, moves, may_pass = self.turn(state, passed)
        maximize = state.side_of(chooser) == state.side_of(0)
        best = -math.inf if maximize else math.inf
        children: list[tuple[Action | None, bool]] = [(m, False) for m in moves]
        if may_pass:
            children.append((None, True))
        for move, then_passed in children:
            value = self.search(state if move is None else applied(state, move), then_passed, alpha, beta)
            if maximize:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    def turn(self, state: DealState, passed: bool) -> tuple[int, list[Action], bool]:
        """Who chooses now, among which moves, and whether they may let them go by (only optional moves may).

        The other side's optional moves come first; once they are let go by, the side to move chooses.
        """
        mover = state.seat_to_move()
        legal = state.legal_actions()
        if all(type(a) is Card for a in legal):  # the usual case, a card to play: the mover's, with nothing optional
            return mover, self.ordered(state, legal), False
        side = state.side_of(mover)
        theirs = [a for a in legal if state.side_of(state.actor(a) or mover) != side]
        if theirs and not passed:
            return state.actor(theirs[0]) or mover, theirs, True
        ours = [a for a in legal if state.side_of(state.actor(a) or mover) == side]
        return mover, self.ordered(state, ours), False

    def ordered(self, state: DealState, moves: list[Action]) -> list[Action]:
        """The moves worth searching: equivalent cards once, if the room says which."""
        return self.merge(state, moves)


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
