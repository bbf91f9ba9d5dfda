"""Deals for the coach's tests: played by the rule bots, so the positions are those a learner meets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardlib import coach, games
from cardlib.cards import Card
from cardlib.tricks import DealState


def played(
    key: str,
    seed: int,
    players: int | None = None,
    until: Callable[[Any], bool] | None = None,
    options: dict[str, Any] | None = None,
) -> DealState:
    """A deal of a game played by its rule bots, to its end or until ``until(state)`` is true."""
    game = games.get(key)
    state = game.new_deal(options, players=players, seed=seed)
    bots = [game.rule_bot(seat) for seat in range(state.n_players)]
    while not state.is_over and not (until and until(state)):
        seat = state.seat_to_move()
        state.apply(bots[seat].choose(games.observe(state, seat)).action)
    return state


def summary(hint: Any) -> tuple:
    """All a learner is shown of a hint: the options and their figures, the best, the sentence."""
    return hint.options, hint.best, hint.why, hint.samples


def with_hand(state: DealState, seat: int, cards: Sequence[Card]) -> DealState:
    """The deal with another hand for a seat (the cards it gives up go back where the new ones came from)."""
    world = state.clone()
    pool = [*world.hands[seat], *world.stock]
    world.hands[seat] = list(cards)
    world.stock = [c for c in pool if c not in cards]
    world._legal = None
    return world


def exact(state: DealState, seat: int, hands: Sequence[Sequence[Card]], option: Any) -> tuple[float, float]:
    """The expected points and chance of a win of an option over every arrangement, equally likely, by the book."""
    opponent = next(s for s in range(state.n_players) if s != seat)
    points = [coach.outcome(with_hand(state, opponent, h), option, seat) for h in hands]
    return sum(points) / len(points), sum(p > 0 for p in points) / len(points)
